package vectors

import (
	"testing"
	"unicode/utf16"

	"pgregory.net/rapid"
)

// TestUTF16String: utf16String, the loader's UTF-16 to UTF-8, answers as
// string(utf16.Decode(u)) does, lone surrogates as U+FFFD, for any code
// units.
func TestUTF16String(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		u := rapid.SliceOf(rapid.Uint16()).Draw(t, "u")
		if got, want := utf16String(u), string(utf16.Decode(u)); got != want {
			t.Fatalf("%x: %q want %q", u, got, want)
		}
	})
}
