package vectors

import (
	"testing"
	"unicode/utf16"
)

// TestAppendJSONStringFastPath checks that appendJSONString, which writes
// printable ASCII as it is, writes every string as AppendJSONText writes
// its UTF-16 form.
func TestAppendJSONStringFastPath(t *testing.T) {
	for _, s := range []string{"", "encodeURIComponent", "a b~!*'()", `q"uote`, `back\slash`, "tab\t", "del\x7f",
		"nul\x00", "é", "\u00a0", "\U0001F600", "ws-1252", "\xff"} {
		got := string(appendJSONString([]byte("x"), s))
		want := string(AppendJSONText([]byte("x"), utf16.Encode([]rune(s))))
		if got != want {
			t.Errorf("appendJSONString(%q) = %s, want %s", s, got, want)
		}
	}
}
