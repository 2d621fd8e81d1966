package codec

import (
	"bytes"
	"math/rand/v2"
	"testing"
	"unicode/utf16"
)

// ecmaencSets are the sets the tests of appendEncodeUTF8 run with: those of
// the spec, the empty and the full ASCII set, and random ones (members at
// or above 0x80 included, which Encode ignores).
func ecmaencSets(r *rand.Rand) []Set {
	sets := []Set{URIUnescaped, EncodeURIUnescaped, {}, {bits: [4]uint64{^uint64(0), ^uint64(0)}}}
	for range 6 {
		sets = append(sets, Set{bits: [4]uint64{r.Uint64(), r.Uint64(), r.Uint64(), r.Uint64()}})
	}
	return sets
}

// ecmaencUnit returns a random code unit of class c: 0 ASCII, 1 two
// octets, 2 three octets, 3 a high and 4 a low surrogate.
func ecmaencUnit(r *rand.Rand, c int) uint16 {
	switch c {
	case 0:
		return uint16(r.IntN(0x80))
	case 1:
		return uint16(0x80 + r.IntN(0x780))
	case 2:
		if r.IntN(2) == 0 {
			return uint16(0x800 + r.IntN(0xD000))
		}
		return uint16(0xE000 + r.IntN(0x2000))
	case 3:
		return uint16(0xD800 + r.IntN(0x400))
	}
	return uint16(0xDC00 + r.IntN(0x400))
}

// checkEncodeUTF8 checks appendEncodeUTF8 on s against
// appendEncodeStepwise, the plain path, with dst's room around the exact
// length of the result and with none: the result, the fault and its offset,
// dst unchanged on error, nothing written past dst's capacity, and dst
// grown once by exactly what is missing. It checks encodedLen, with and
// without its vector count, against the same.
func checkEncodeUTF8(t *testing.T, set Set, s []uint16) {
	t.Helper()
	want, off, f := appendEncodeStepwise(nil, s, 0, asciiOf(&set))
	var vec, plain vectorEncoder
	vec.init(&set, len(s))
	for _, v := range []*vectorEncoder{&vec, &plain} {
		if n, noff, nf := encodedLen(s, asciiOf(&set), v); nf != f || (f == faultNone && n != len(want)) || (f != faultNone && noff != off) {
			t.Fatalf("set %v, %04X: encodedLen = %d, fault %v at %d; want %d, fault %v at %d", set, s, n, nf, noff, len(want), f, off)
		}
	}
	for _, extra := range []int{-1 << 20, -1, 0, 1, 40, 9 * len(s)} {
		const guard = 32
		mem := bytes.Repeat([]byte{0xA5}, 2+max(len(want)+extra, 0)+guard)
		dst := mem[: 2 : len(mem)-guard]
		copy(dst, "x=")
		got, goff, gf := appendEncodeUTF8(dst, s, &set)
		if !bytes.Equal(mem[len(mem)-guard:], bytes.Repeat([]byte{0xA5}, guard)) {
			t.Fatalf("set %v, %04X, room %+d: written past dst's capacity", set, s, extra)
		}
		if gf != f || (f != faultNone && goff != off) {
			t.Fatalf("set %v, %04X, room %+d: fault %v at %d, want %v at %d", set, s, extra, gf, goff, f, off)
		}
		if f != faultNone {
			if len(got) != 2 || &got[0] != &mem[0] {
				t.Fatalf("set %v, %04X, room %+d: dst changed on error", set, s, extra)
			}
			continue
		}
		if string(got[:2]) != "x=" || string(got[2:]) != string(want) {
			t.Fatalf("set %v, room %+d:\n in   %04X\n got  %q\n want %q", set, extra, s, got[2:], want)
		}
		if extra >= 0 {
			// With room for the result, encodeUTF8Into must fit it: its
			// callers' fallback (size, then encode again) would hide a
			// "no room" that is wrong.
			k := set
			k.bits[2], k.bits[3] = 0, 0
			buf := append(make([]byte, 0, 2+len(want)+extra), "x="...)
			if out, ok, _, _ := encodeUTF8Into(buf, s, &k); !ok || string(out[2:]) != string(want) {
				t.Fatalf("set %v, %04X, room %+d: encodeUTF8Into says ok %v, %q; want ok, %q", set, s, extra, ok, out, want)
			}
		}
		if grown := &got[0] != &mem[0]; grown != (len(want)+extra < len(want)) && len(want) > 0 || grown && cap(got) != len(got) {
			t.Fatalf("set %v, %04X, room %+d: grown %v to capacity %d for %d bytes", set, s, extra, grown, cap(got), len(got))
		}
	}
}

// TestEncodeUTF8Paths holds appendEncodeUTF8 (the vector path where the
// CPU has AVX-512: keptASCII, transcodeUTF8, the octet encoder, and the
// vector count of encodedLen) to the plain path, appendEncodeStepwise: on
// every length up to 200 units of each mix of classes (kept and escaped
// ASCII, two- and three-octet units), with a surrogate pair, a lone high
// or low surrogate, or a high surrogate at the end at every position of
// inputs around the vector blocks (32 and 64 units), and on long inputs
// across the chunks of octets.
func TestEncodeUTF8Paths(t *testing.T) {
	r := rand.New(rand.NewPCG(40, 41))
	sets := ecmaencSets(r)
	gen := func(n int, classes []int) []uint16 {
		s := make([]uint16, n)
		for i := range s {
			s[i] = ecmaencUnit(r, classes[r.IntN(len(classes))])
		}
		return s
	}
	mixes := [][]int{{0}, {0, 0, 0, 0, 0, 0, 0, 1}, {0, 1}, {0, 2}, {1, 2}, {0, 1, 2}}
	for _, set := range sets {
		for _, mix := range mixes {
			for n := range 200 {
				checkEncodeUTF8(t, set, gen(n, mix))
			}
		}
		for _, n := range []int{31, 32, 33, 63, 64, 65, 130} {
			for pos := range n {
				for _, ins := range [][]uint16{{0xD83D, 0xDE00}, {0xD800}, {0xDFFF}, {0xDBFF, 'a'}} {
					s := gen(n, mixes[r.IntN(len(mixes))])
					s = append(append(s[:pos:pos], ins...), s[pos:]...)
					checkEncodeUTF8(t, set, s)
				}
				s := gen(n, []int{0, 1})
				s[n-1] = 0xD800 // a high surrogate at the end
				checkEncodeUTF8(t, set, s)
			}
		}
	}
	for _, mix := range mixes {
		for _, n := range []int{3000, 5000, 20000} {
			s := gen(n, mix)
			checkEncodeUTF8(t, URIUnescaped, s)
			s[r.IntN(n)] = ecmaencUnit(r, 3+r.IntN(2))
			checkEncodeUTF8(t, EncodeURIUnescaped, s)
		}
	}
}

// TestTranscodeUTF8 checks transcodeUTF8 on every length up to 150 units
// of each mix of classes, with a surrogate at each position of some: what
// it writes is the UTF-8 of the units it used, it uses none of a block
// with a surrogate, all of s without one (where the CPU has the vector
// path), and it writes nothing past out.
func TestTranscodeUTF8(t *testing.T) {
	r := rand.New(rand.NewPCG(42, 43))
	check := func(s []uint16) {
		t.Helper()
		const guard = 64
		mem := bytes.Repeat([]byte{0xA5}, 3*len(s)+utf8Room+guard)
		used, wrote := transcodeUTF8(mem[:len(mem)-guard], s)
		if !bytes.Equal(mem[len(mem)-guard:], bytes.Repeat([]byte{0xA5}, guard)) {
			t.Fatalf("%04X: written past out", s)
		}
		if want := string(utf16.Decode(s[:used])); string(mem[:wrote]) != want {
			t.Fatalf("%04X: used %d, wrote %q, want %q", s, used, mem[:wrote], want)
		}
		surr := -1
		for i, c := range s {
			if c >= surrHighMin && c <= surrLowMax {
				surr = i
				break
			}
		}
		switch {
		case surr >= 0 && used > surr:
			t.Fatalf("%04X: used %d, past the surrogate at %d", s, used, surr)
		case surr < 0 && useEncodeUTF8 && used != len(s):
			t.Fatalf("%04X: used %d of %d units without a surrogate", s, used, len(s))
		}
	}
	for _, mix := range [][]int{{0}, {0, 1}, {0, 2}, {1, 2}, {0, 1, 2}} {
		for n := range 150 {
			s := make([]uint16, n)
			for i := range s {
				s[i] = ecmaencUnit(r, mix[r.IntN(len(mix))])
			}
			check(s)
			if n > 0 {
				s[r.IntN(n)] = ecmaencUnit(r, 3+r.IntN(2))
				check(s)
			}
		}
	}
	// Every unit at each position of a block: the class tests.
	for _, c := range []uint16{0, 0x7F, 0x80, 0x7FF, 0x800, 0xD7FF, 0xD800, 0xDFFF, 0xE000, 0xFFFF} {
		for pos := range 64 {
			s := make([]uint16, 64)
			for i := range s {
				s[i] = 'a'
			}
			s[pos] = c
			check(s)
		}
	}
}

// TestKeptASCII checks keptASCII on every length up to 100 units, with the
// first unit outside the set at each position and every room: it copies
// exactly the units below 0x80 in the set at the start of s, up to the
// room, and writes nothing past out (where the CPU has the vector path; it
// copies none elsewhere).
func TestKeptASCII(t *testing.T) {
	r := rand.New(rand.NewPCG(44, 45))
	for _, set := range ecmaencSets(r) {
		kept := []uint16{}
		for c := range uint16(0x80) {
			if set.has(byte(c)) {
				kept = append(kept, c)
			}
		}
		if len(kept) == 0 {
			continue
		}
		for n := range 160 {
			for stop := 0; stop <= n; stop += 1 + r.IntN(4) {
				s := make([]uint16, n)
				for i := range s {
					s[i] = kept[r.IntN(len(kept))]
				}
				if stop < n {
					for s[stop] = uint16(r.IntN(0x10000)); s[stop] < 0x80 && set.has(byte(s[stop])); {
						s[stop] = uint16(r.IntN(0x10000))
					}
				}
				for _, room := range []int{0, 1, stop / 2, stop, stop + 1, n + 40} {
					const guard = 40
					mem := bytes.Repeat([]byte{0xA5}, room+guard)
					got := keptASCII(mem[:room], s, &set)
					if !bytes.Equal(mem[room:], bytes.Repeat([]byte{0xA5}, guard)) {
						t.Fatalf("set %v, %04X, room %d: written past out", set, s, room)
					}
					want := min(stop, room)
					if !useEncodeUTF8 {
						want = 0
					}
					if got != want {
						t.Fatalf("set %v, %04X, room %d: copied %d, want %d", set, s, room, got, want)
					}
					if room == n+40 {
						if c := keptASCIILen(s, &set); c != want {
							t.Fatalf("set %v, %04X: keptASCIILen = %d, want %d", set, s, c, want)
						}
					}
					for i := range got {
						if mem[i] != byte(s[i]) {
							t.Fatalf("set %v, %04X, room %d: byte %d is %#x", set, s, room, i, mem[i])
						}
					}
				}
			}
		}
	}
}

// TestEncodeNew holds encodeNew (EncodeUTF16's new string: through a buffer
// on the stack for inputs of up to encodeStackMax/2 units, else, or when
// the result does not fit there, sized first) to the plain path,
// appendEncodeStepwise: the result, the fault and its offset, on lengths
// around the vector blocks and the stack buffer's limits, with text whose
// result fits the buffer and text whose result does not, and with a lone
// or paired surrogate at the start, in the middle and at the end.
func TestEncodeNew(t *testing.T) {
	r := rand.New(rand.NewPCG(46, 47))
	mixes := [][]int{{0}, {0, 0, 0, 0, 0, 0, 0, 1}, {0, 1, 2}, {2}}
	for _, set := range ecmaencSets(r)[:6] {
		for _, mix := range mixes {
			for _, n := range []int{0, 1, 63, 64, 65, 500, 1365, 1366, encodeStackMax/2 - 1, encodeStackMax / 2, encodeStackMax/2 + 1, 3000} {
				s := make([]uint16, n)
				for i := range s {
					s[i] = ecmaencUnit(r, mix[r.IntN(len(mix))])
				}
				inputs := [][]uint16{s}
				for _, pos := range []int{0, n / 2, max(n-1, 0)} {
					for _, ins := range [][]uint16{{0xD83D, 0xDE00}, {0xDC00}, {0xD800}} {
						u := append(append(s[:pos:pos], ins...), s[pos:]...)
						inputs = append(inputs, u[:len(u)-len(ins)]) // n units
					}
				}
				for _, u := range inputs {
					want, off, f := appendEncodeStepwise(nil, u, 0, asciiOf(&set))
					got, goff, gf := encodeNew(u, &set)
					if gf != f || (f != faultNone && goff != off) {
						t.Fatalf("set %v, %d units: fault %v at %d, want %v at %d", set, len(u), gf, goff, f, off)
					}
					if f == faultNone && got != string(want) {
						t.Fatalf("set %v, %d units:\n in   %04X\n got  %q\n want %q", set, len(u), u, got, want)
					}
				}
			}
		}
	}
}

// TestEncodeUTF8ChunkEdges holds appendEncodeUTF8 to the plain path
// (checkEncodeUTF8) on inputs whose UTF-8 crosses the 2048 octets at which
// encodeUTF16OctetsAVX512 escapes a chunk and keeps its last octets for
// the next: ASCII and three-octet units at lengths around that edge, with
// a surrogate pair, a lone high or low surrogate at every position of the
// block of 64 units before and after it, and at the end.
func TestEncodeUTF8ChunkEdges(t *testing.T) {
	r := rand.New(rand.NewPCG(40, 44))
	for _, c := range []struct {
		class, edge int // the units' class, the units of 2048 octets
	}{{0, 2048}, {2, 2048 / 3}, {1, 1024}} {
		for n := c.edge - 2; n <= c.edge+2; n++ {
			s := make([]uint16, n)
			for i := range s {
				s[i] = ecmaencUnit(r, c.class)
			}
			checkEncodeUTF8(t, URIUnescaped, s)
			for pos := c.edge&^63 - 64; pos < min(n, c.edge&^63+128); pos++ {
				for _, ins := range [][]uint16{{0xD83D, 0xDE00}, {0xD800}, {0xDFFF}} {
					u := append(append(s[:pos:pos], ins...), s[pos:]...)
					checkEncodeUTF8(t, EncodeURIUnescaped, u)
				}
			}
			u := append(s[:n:n], 0xDBFF) // a high surrogate at the end
			checkEncodeUTF8(t, URIUnescaped, u)
		}
	}
}
