//go:build !purego

package codec

import (
	"math/rand/v2"
	"testing"
)

// TestNarrowLatin1AVX2 holds narrowLatin1AVX2 to narrowLatin1Plain at every
// length up to 200, every offset of the source, and every position of a
// unit from 256 on (with 0x100 and 0xFFFF at the edges of the byte range).
func TestNarrowLatin1AVX2(t *testing.T) {
	if !useAVX2 {
		t.Skip("no AVX2 on this CPU")
	}
	r := rand.New(rand.NewPCG(40, 41))
	wide := []uint16{0x100, 0x1FF, 0xFF00, 0xFFFF, 0x3042}
	for n := 0; n <= 200; n++ {
		for pos := 0; pos <= n; pos++ {
			for off := 0; off < 3; off++ {
				src := make([]uint16, off+n)
				for i := range src {
					src[i] = uint16(r.IntN(256))
				}
				s := src[off:]
				if pos < n {
					s[pos] = wide[r.IntN(len(wide))]
				}
				want := make([]byte, n+1)
				got := make([]byte, n+1)
				wn := narrowLatin1Plain(want, s)
				gn := 0
				if n >= 32 {
					gn = narrowLatin1AVX2(&got[0], &s[0], n)
				}
				if gn != wn || string(got[:gn]) != string(want[:wn]) {
					t.Fatalf("n=%d off=%d wide at %d: AVX2 narrowed %d units %x, plain %d %x", n, off, pos, gn, got[:gn], wn, want[:wn])
				}
				if want := min(pos, n) &^ 31; wn != want {
					t.Fatalf("n=%d wide at %d: plain narrowed %d units, want %d", n, pos, wn, want)
				}
			}
		}
	}
}

// TestEscapePathsAgree runs the escape functions with the vector paths
// (narrowLatin1AVX2, the octet encoders' AVX-512 escape) turned off and on,
// and checks both against the reference loop of annexb_paths_test.go.
func TestEscapePathsAgree(t *testing.T) {
	defer func(a, b bool) { useNarrowAVX2, useEncodeOctets512 = a, b }(useNarrowAVX2, useEncodeOctets512)
	for _, on := range []bool{false, true} {
		useNarrowAVX2, useEncodeOctets512 = on && useAVX2, on && useAVX512
		checkEscapeEveryCut(t)
	}
}
