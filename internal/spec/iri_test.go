package spec

import (
	"math/rand/v2"
	"slices"
	"testing"
	"unicode/utf8"

	"golang.org/x/net/idna"
)

// TestPunycode checks the Punycode transcription on the samples of RFC 3492
// §7.1 and on the IRI examples.
func TestPunycode(t *testing.T) {
	for _, tt := range []struct {
		in  []rune
		out string
	}{
		{[]rune{0x0644, 0x064A, 0x0647, 0x0645, 0x0627, 0x0628, 0x062A, 0x0643, 0x0644, 0x0645, 0x0648, 0x0634, 0x0639, 0x0631, 0x0628, 0x064A, 0x061F},
			"egbpdaj6bu4bxfgehfvwxn"}, // (A) Arabic (Egyptian)
		{[]rune{0x4ED6, 0x4EEC, 0x4E3A, 0x4EC0, 0x4E48, 0x4E0D, 0x8BF4, 0x4E2D, 0x6587}, "ihqwcrb4cv8a8dqg056pqjye"}, // (B)
		{[]rune{0x0033, 0x5E74, 0x0042, 0x7D44, 0x91D1, 0x516B, 0x5148, 0x751F}, "3B-ww4c5e180e575a65lsy2b"},         // (L)
		{[]rune("例え"), "r8jz45g"},
		{[]rune("résumé"), "rsum-bpad"},
		{[]rune("納豆"), "99zt52a"},
	} {
		if got := PunycodeEncode(tt.in); got != tt.out {
			t.Errorf("PunycodeEncode(%q) = %q, want %q", string(tt.in), got, tt.out)
		}
		if got, ok := PunycodeDecode(tt.out); !ok || !slices.Equal(got, tt.in) {
			t.Errorf("PunycodeDecode(%q) = %q, %v; want %q", tt.out, string(got), ok, string(tt.in))
		}
	}
	// Against golang.org/x/net/idna's Punycode profile, on random labels.
	r := rand.New(rand.NewPCG(1, 1))
	pool := []rune{'a', 'z', '0', '-', 0xE9, 0xFC, 0x4F8B, 0x3048, 0x10000, 0x1F600, 0x10FFFD, 0x0644}
	for range 2000 {
		l := make([]rune, 1+r.IntN(8))
		for i := range l {
			if r.IntN(2) == 0 {
				l[i] = pool[r.IntN(len(pool))]
			} else {
				l[i] = rune(0x80 + r.IntN(0x3000))
			}
		}
		if !utf8.ValidString(string(l)) || isASCIIString(string(l)) {
			continue
		}
		want, err := idna.Punycode.ToASCII(string(l))
		if err != nil {
			continue
		}
		if got := "xn--" + PunycodeEncode(l); got != want {
			t.Fatalf("PunycodeEncode(%q) = %q, idna says %q", string(l), got, want)
		}
	}
}
