//go:build !purego

package codec

import (
	"testing"
	"unicode/utf8"
)

// TestEscapeStringTranscodeEveryLane holds Annex B's EscapeString, which
// transcodes valid UTF-8 with Decode's utf8ToUTF16AVX512
// (utf8ToUTF16Units), to itself with that kernel off, on the valid texts
// of laneTexts.
func TestEscapeStringTranscodeEveryLane(t *testing.T) {
	if !useAVX512 {
		t.Skip("no AVX-512 on this CPU")
	}
	defer func(u bool) { useUTF8ToUTF16512 = u }(useUTF8ToUTF16512)
	n := 0
	laneTexts(func(src, piece, bg string, p int) {
		if !utf8.ValidString(src) || p%2 != 0 {
			return
		}
		useUTF8ToUTF16512 = false
		want := EscapeString(src)
		useUTF8ToUTF16512 = true
		if got := EscapeString(src); got != want {
			t.Fatalf("EscapeString(%q at %d of %q) = %q, %q with the kernel off", piece, p, bg, got, want)
		}
		n++
	})
	if n < 10000 {
		t.Fatalf("only %d inputs", n)
	}
}
