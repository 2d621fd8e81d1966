//go:build !purego

package codec

import (
	"math/rand/v2"
	"testing"
)

// TestScanTableFill checks the transposed table against its definition,
// bit by bit, for random ASCII sets.
func TestScanTableFill(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 32))
	for range 200 {
		k := Set{bits: [4]uint64{r.Uint64(), r.Uint64()}}
		var tab scanTable
		tab.fill(&k)
		for c := 0; c < 256; c++ {
			in := c < 0x80 && tab.rows[c&15]&tab.bit[c>>4] != 0
			if want := k.Contains(byte(c)) && c < 0x80; in != want {
				t.Fatalf("set %v: table says %#02x in = %v", k, c, in)
			}
		}
	}
}

// TestIndexNotInAVX2 checks the AVX2 scan against a byte loop, for every
// length up to 200 and every position of the first byte outside the set.
func TestIndexNotInAVX2(t *testing.T) {
	if !useAVX2 {
		t.Skip("no AVX2 on this CPU")
	}
	r := rand.New(rand.NewPCG(33, 34))
	for n := 0; n <= 200; n++ {
		k := Set{bits: [4]uint64{r.Uint64() | 1<<'-', r.Uint64() | 1<<('a'-64)}}
		k.bits[0] &^= 1 << '!'
		members := k.Bytes()
		var tab scanTable
		tab.fill(&k)
		for pos := 0; pos <= n; pos++ {
			b := make([]byte, n)
			for i := range b {
				b[i] = members[r.IntN(len(members))]
			}
			if pos < n {
				b[pos] = []byte{'!', 0x80, 0xff, 0x9f}[r.IntN(4)]
			}
			want := min(pos, n&^31)
			var got int
			if n > 0 {
				got = indexNotInAVX2(&b[0], n, &tab)
			}
			if got != want {
				t.Fatalf("n=%d, first outside at %d (%#02x): got %d, want %d", n, pos, b[min(pos, n-1)], got, want)
			}
		}
	}
}
