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

// TestEncodeASCIIAVX checks appendEncode, whose runs of code units below
// 0x80 go through encodeASCIIAVX, against appendEncodeTail, which goes one
// step at a time and which TestECMAGojaExhaustive checks against goja: for
// random sets and the two of the spec, every pattern of escaped and kept
// units in a group of 8, every ASCII unit at every position of a group,
// non-ASCII units and surrogate pairs between the groups, and every
// amount of room in dst around the exact length.
func TestEncodeASCIIAVX(t *testing.T) {
	if !useAVX2 {
		t.Skip("no AVX2 on this CPU")
	}
	r := rand.New(rand.NewPCG(35, 36))
	sets := []Set{URIUnescaped, EncodeURIUnescaped}
	for range 30 {
		sets = append(sets, Set{bits: [4]uint64{r.Uint64(), r.Uint64()}})
	}
	check := func(set Set, s []uint16) {
		t.Helper()
		want, off, f := appendEncodeTail(nil, s, 0, asciiOf(&set))
		for _, extra := range []int{0, 1, 3, 4, 5, 11, 12, 13, 64} {
			dst := make([]byte, 3, 3+len(want)+extra)
			copy(dst, "p=:")
			got, goff, gf := appendEncode(dst, s, &set)
			if gf != f || (f != faultNone && goff != off) {
				t.Fatalf("set %v, %d units, room +%d: fault %v at %d, want %v at %d", set, len(s), extra, gf, goff, f, off)
			}
			if f == faultNone && (string(got[:3]) != "p=:" || string(got[3:]) != string(want)) {
				t.Fatalf("set %v, room +%d:\n in   %04X\n got  %q\n want %q", set, extra, s, got[3:], want)
			}
		}
	}
	for _, set := range sets {
		kept, escaped := []uint16{}, []uint16{}
		for c := range uint16(0x80) {
			if set.has(byte(c)) {
				kept = append(kept, c)
			} else {
				escaped = append(escaped, c)
			}
		}
		pick := func(from []uint16, other []uint16) uint16 {
			if len(from) == 0 {
				from = other
			}
			return from[r.IntN(len(from))]
		}
		// Every mask of a group of 8, in a text long enough for the
		// vector path, with a non-ASCII unit or a pair here and there.
		var s []uint16
		for m := range 256 {
			for j := range 8 {
				if m>>j&1 != 0 {
					s = append(s, pick(escaped, kept))
				} else {
					s = append(s, pick(kept, escaped))
				}
			}
			switch r.IntN(8) {
			case 0:
				s = append(s, uint16(0x80+r.IntN(0x780)))
			case 1:
				s = append(s, uint16(0x800+r.IntN(0xD000)))
			case 2:
				s = append(s, uint16(0xD800+r.IntN(0x400)), uint16(0xDC00+r.IntN(0x400)))
			}
		}
		check(set, s)
		// Every ASCII unit at every position of a group.
		for shift := range 8 {
			s = s[:0]
			for range shift {
				s = append(s, 'a')
			}
			for c := range uint16(0x80) {
				s = append(s, c)
			}
			check(set, s)
		}
		// Every length around the group and scan thresholds, with a
		// lone surrogate at the end half of the time.
		for n := 0; n < 150; n++ {
			s = s[:0]
			for range n {
				s = append(s, uint16(r.IntN(0x80)))
			}
			if r.IntN(2) == 0 {
				s = append(s, 0xD800)
			}
			check(set, s)
		}
	}
}
