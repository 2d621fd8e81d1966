//go:build !purego

package codec

import (
	"bytes"
	"math/rand/v2"
	"testing"
	"unsafe"
)

// TestUTF16ToUTF8ConstsLayout checks the offsets at which ecmaenc_amd64.s
// reads the fields of utf16ToUTF8Consts.
func TestUTF16ToUTF8ConstsLayout(t *testing.T) {
	var k utf16ToUTF8Consts
	for _, f := range []struct {
		name     string
		got, off uintptr
	}{
		{"nonASCII", unsafe.Offsetof(k.nonASCII), 0}, {"multi", unsafe.Offsetof(k.multi), 4},
		{"surr", unsafe.Offsetof(k.surr), 8}, {"bits2", unsafe.Offsetof(k.bits2), 12},
		{"lead2", unsafe.Offsetof(k.lead2), 16}, {"lead3", unsafe.Offsetof(k.lead3), 20},
		{"bits3", unsafe.Offsetof(k.bits3), 24}, {"shift2", unsafe.Offsetof(k.shift2), 32},
		{"shift3", unsafe.Offsetof(k.shift3), 40}, {"bitSel", unsafe.Offsetof(k.bitSel), 64},
	} {
		if f.got != f.off {
			t.Errorf("%s at %d, the assembly reads it at %d", f.name, f.got, f.off)
		}
	}
}

// TestEncodeUTF16Octets holds encodeUTF16Octets (encodeUTF16OctetsAVX512)
// to appendEncodeStepwise, the plain path, on its own, where encodeUTF8Into
// would hide a short answer by finishing the input itself: on every length
// up to 200 units and around the chunks of 1024 octets, of each mix of
// classes, with a surrogate pair, a lone high or low surrogate at the
// positions around the blocks of 64 units, with room for exactly the
// result, one byte less and plenty, and every set of ecmaencSets. What it
// writes is Encode of the units it used, never past the room; it uses
// whole blocks of 64 units and the last units, all of them up to the block
// of the first surrogate when the room is plenty, and with exactly the
// room it needs, all of an input without a surrogate; it says it stopped
// short, having used and written nothing, exactly when some room lacks a
// byte.
func TestEncodeUTF16Octets(t *testing.T) {
	if !useAVX512 {
		t.Skip("no AVX-512: encodeUTF16Octets is not used")
	}
	r := rand.New(rand.NewPCG(40, 42))
	mixes := [][]int{{0}, {0, 0, 0, 0, 0, 0, 0, 1}, {0, 1}, {0, 2}, {1, 2}, {0, 1, 2}}
	gen := func(n int) []uint16 {
		mix := mixes[r.IntN(len(mixes))]
		s := make([]uint16, n)
		for i := range s {
			s[i] = ecmaencUnit(r, mix[r.IntN(len(mix))])
		}
		return s
	}
	check := func(set Set, s []uint16) {
		t.Helper()
		k := set
		k.bits[2], k.bits[3] = 0, 0
		var own octetVector
		v := octetVectorOf(&k, &own)
		surr := len(s) // the first surrogate
		for i, c := range s {
			if c >= surrHighMin && c <= surrLowMax {
				surr = i
				break
			}
		}
		exact, _, _ := appendEncodeStepwise(nil, s[:surr&^63], 0, asciiOf(&k))
		if surr == len(s) {
			exact, _, _ = appendEncodeStepwise(nil, s, 0, asciiOf(&k))
		}
		for _, room := range []int{len(exact), len(exact) - 1, 9*len(s) + 64} {
			if room < 0 {
				continue
			}
			const guard = 64
			mem := bytes.Repeat([]byte{0xA5}, room+guard)
			used, wrote, short := encodeUTF16Octets(mem[:room], s, v)
			if !bytes.Equal(mem[room:], bytes.Repeat([]byte{0xA5}, guard)) {
				t.Fatalf("set %v, %04X, room %d: written past the room", set, s, room)
			}
			want, _, f := appendEncodeStepwise(nil, s[:used], 0, asciiOf(&k))
			if f != faultNone || used%64 != 0 && used != len(s) || used > surr || wrote > room || string(mem[:wrote]) != string(want) {
				t.Fatalf("set %v, room %d: used %d, wrote %d:\n in   %04X\n got  %q\n want %q", set, room, used, wrote, s, mem[:wrote], want)
			}
			if short != (room > 0 && room < len(exact)) || short && (used != 0 || wrote != 0) {
				t.Fatalf("set %v, room %d (result %d): short %v, used %d, wrote %d", set, room, len(exact), short, used, wrote)
			}
			if room >= len(exact) && surr != len(s) && used != surr&^63 || room >= len(exact) && surr == len(s) && used != len(s) {
				t.Fatalf("set %v, room %d (result %d), first surrogate at %d: used %d of %d units", set, room, len(exact), surr, used, len(s))
			}
		}
	}
	for _, set := range ecmaencSets(r) {
		for n := range 200 {
			check(set, gen(n))
		}
		for _, n := range []int{63, 64, 65, 127, 128, 129, 190} {
			for _, pos := range []int{0, 1, 31, 32, 62, 63, 64, 65, 127, 128, n - 2, n - 1} {
				if pos < 0 || pos >= n {
					continue
				}
				for _, ins := range [][]uint16{{0xD83D, 0xDE00}, {0xD800}, {0xDFFF}} {
					s := gen(n)
					s = append(append(s[:pos:pos], ins...), s[pos:]...)
					check(set, s)
				}
			}
		}
		for _, n := range []int{340, 341, 342, 1000, 1023, 1024, 1025, 1100, 3000} {
			check(set, gen(n))
		}
	}
}
