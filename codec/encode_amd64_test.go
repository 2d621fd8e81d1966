//go:build !purego

package codec

import (
	"bytes"
	"math/bits"
	"math/rand/v2"
	"testing"
	"unsafe"
)

// An octetPath is one of the octet encoders' paths and the switches that
// choose it.
type octetPath struct {
	name      string
	vec, wide bool
}

// octetPaths are the octet encoders' paths this machine can run: the plain
// loops, the AVX2 kernels and the AVX-512 ones. The AVX2 path runs on a
// machine with AVX-512 too.
func octetPaths() []octetPath {
	paths := []octetPath{{"plain", false, false}}
	if useAVX2 {
		paths = append(paths, octetPath{"avx2", true, false})
	}
	if useAVX512 {
		paths = append(paths, octetPath{"avx512", true, true})
	}
	return paths
}

// withOctetPath runs f with the octet encoders switched to one path, and
// switches them back.
func withOctetPath(t *testing.T, name string, vec, wide bool, f func(t *testing.T)) {
	saved, saved512 := useEncodeOctets, useEncodeOctets512
	defer func() { useEncodeOctets, useEncodeOctets512 = saved, saved512 }()
	useEncodeOctets, useEncodeOctets512 = vec, wide
	t.Run(name, f)
}

// octetTestSets are the named sets and sets with members of every kind:
// empty, full, only NUL (the kernels' padding), only space, and random ones
// with and without octets at or above 0x80.
func octetTestSets(r *rand.Rand) []Set {
	sets := []Set{{}, SetRange(0, 0xFF), SetOf("\x00"), SetOf(" "), SetRange(0, 0x7F), SetRange(0x80, 0xFF)}
	for _, name := range SetNames() {
		k, _ := SetByName(name)
		sets = append(sets, k)
	}
	for range 8 {
		sets = append(sets, Set{bits: [4]uint64{r.Uint64(), r.Uint64(), r.Uint64() & r.Uint64(), r.Uint64() >> 1}})
		sets = append(sets, Set{bits: [4]uint64{r.Uint64() | r.Uint64(), r.Uint64() | r.Uint64()}})
	}
	return sets
}

// octetTestInput returns n octets drawn in runs: URL text, random octets,
// octets of k only (a block with nothing to escape) and octets outside it.
func octetTestInput(r *rand.Rand, n int, k *Set) []byte {
	const text = "/files/my document.pdf?name=Tom&Jerry&q=100% あ é~\x00\xff+ "
	b := make([]byte, 0, n)
	for len(b) < n {
		run := 1 + r.IntN(80)
		kind := r.IntN(4)
		for ; run > 0 && len(b) < n; run-- {
			var c byte
			switch kind {
			case 0:
				c = text[(len(b)+run)%len(text)]
			case 1:
				c = byte(r.Uint32())
			case 2, 3:
				c = byte(r.Uint32())
				for tries := 0; tries < 8 && k.has(c) != (kind == 2); tries++ {
					c = byte(r.Uint32())
				}
			}
			b = append(b, c)
		}
	}
	return b
}

// TestEncodeOctetsPaths holds every vector path of the octet encoders
// (appendPctEncode, pctEncodeString and the sizing pass through
// encodeOctets and octetsEncodedLen) to encodeShort, the octet-by-octet
// path: for every named set and random ones, with space as '+' and not, on
// inputs of every length up to 300 octets, each at a start of every
// offset in a 64-byte block, with a dst of every kind of spare room (none,
// a little, around len(src), from which appendPctEncode runs the AVX-512
// kernel from the start, exactly the result, the worst case, more).
func TestEncodeOctetsPaths(t *testing.T) {
	for _, p := range octetPaths() {
		withOctetPath(t, p.name, p.vec, p.wide, testEncodeOctetsPath)
	}
}

func testEncodeOctetsPath(t *testing.T) {
	r := rand.New(rand.NewPCG(40, 3))
	sets := octetTestSets(r)
	buf := make([]byte, 64+300)
	for n := 0; n <= 300; n++ {
		for _, plus := range []bool{false, true} {
			k := sets[(2*n+boolInt(plus))%len(sets)]
			kk := formKeep(k, plus)
			off := (n * 7) % 64
			src := buf[off : off+n]
			copy(src, octetTestInput(r, n, &kk))
			want := string(encodeShort(nil, src, &kk, plus))
			if got := pctEncodedLen(src, &kk, plus); got != len(want) {
				t.Fatalf("pctEncodedLen(%q) = %d, want %d", src, got, len(want))
			}
			if useEncodeOctets {
				var v octetVector
				v.init(&kk, plus)
				if got := octetsEncodedLen(&v, src); got != len(want) {
					t.Fatalf("octetsEncodedLen(%q, %v, plus %v) = %d, want %d", src, k, plus, got, len(want))
				}
			}
			if got := pctEncodeString(string(src), k, plus); got != want {
				t.Fatalf("pctEncodeString(%q, %v, plus %v) = %q, want %q", src, k, plus, got, want)
			}
			for _, spare := range []int{0, 1, 100, n - 1, n, n + 1, len(want) - 1, len(want), len(want) + 1, 3 * n, 3*n + 300} {
				if spare < 0 {
					continue
				}
				dst := make([]byte, 5, 5+spare)
				copy(dst, "head:")
				got := appendPctEncode(dst, src, k, plus)
				if string(got) != "head:"+want {
					t.Fatalf("appendPctEncode(%q, %v, plus %v) with %d spare = %q, want %q", src, k, plus, spare, got, want)
				}
				if spare >= len(want) && unsafe.SliceData(got) != unsafe.SliceData(dst) {
					t.Fatalf("appendPctEncode(%q) with %d spare for %d bytes reallocated dst", src, spare, len(want))
				}
			}
		}
	}
}

// TestEncodeOctetsOffsets encodes the same octets from every offset in a
// 64-byte block and with every length to the end, so that the kernels' blocks
// and the padded tail meet every escape at every place, on every path.
func TestEncodeOctetsOffsets(t *testing.T) {
	r := rand.New(rand.NewPCG(40, 4))
	sets := octetTestSets(r)
	for _, p := range octetPaths() {
		withOctetPath(t, p.name, p.vec, p.wide, func(t *testing.T) {
			for si, k := range sets {
				plus := si%2 == 1
				kk := formKeep(k, plus)
				text := octetTestInput(r, 64+200, &kk)
				for off := range 64 {
					for _, n := range []int{1, 31, 32, 33, 63, 64, 65, 127, 128, 129, 200 - off%7} {
						src := text[off : off+n]
						want := string(encodeShort(nil, src, &kk, plus))
						if got := appendPctEncode(nil, src, k, plus); string(got) != want {
							t.Fatalf("set %v plus %v: appendPctEncode(%q) = %q, want %q", k, plus, src, got, want)
						}
						exact := make([]byte, 0, len(want))
						if got := appendPctEncode(exact, src, k, plus); string(got) != want {
							t.Fatalf("set %v plus %v: appendPctEncode(%q) into exact room = %q, want %q", k, plus, src, got, want)
						}
					}
				}
			}
		})
	}
}

// TestOctetKernelsRoom runs each kernel with every room from none to the
// worst case for two blocks, in a buffer whose bytes past the room hold a
// canary: the kernel must write nothing past its room, encode whole
// blocks only, and write what encodeShort writes for the octets it used.
func TestOctetKernelsRoom(t *testing.T) {
	r := rand.New(rand.NewPCG(40, 5))
	sets := octetTestSets(r)
	for _, p := range octetPaths() {
		if !p.vec {
			continue
		}
		withOctetPath(t, p.name, p.vec, p.wide, func(t *testing.T) {
			for si, k := range sets {
				plus := si%2 == 1
				kk := formKeep(k, plus)
				var v octetVector
				v.init(&kk, plus)
				src := octetTestInput(r, 2*v.block+5, &kk)
				for room := 0; room <= 2*octetKernelRoom(&v)+8; room++ {
					out := bytes.Repeat([]byte{0xA5}, room+64)
					used, wrote := 0, 0
					if room > 0 {
						used, wrote = v.kernel(&out[0], room, &src[0], len(src))
					}
					if (used%v.block != 0 && !(v.wide && used == len(src))) || used > len(src) || wrote > room {
						t.Fatalf("set %v: kernel with room %d used %d, wrote %d", k, room, used, wrote)
					}
					want := encodeShort(nil, src[:used], &kk, plus)
					if !bytes.Equal(out[:wrote], want) {
						t.Fatalf("set %v plus %v room %d: kernel wrote %q, want %q", k, plus, room, out[:wrote], want)
					}
					if !bytes.Equal(out[room:], bytes.Repeat([]byte{0xA5}, 64)) {
						t.Fatalf("set %v plus %v: kernel with room %d wrote past it: %x", k, plus, room, out[room:])
					}
					if room >= octetKernelRoom(&v) && used == 0 {
						t.Fatalf("set %v: kernel with room %d used nothing", k, room)
					}
				}
			}
		})
	}
}

// octetKernelRoom is room enough for v's kernel to encode a block: three
// bytes an octet, and the 24 bytes past the end that the AVX2 kernel's last
// store may write.
func octetKernelRoom(v *octetVector) int { return 3*v.block + 24 }

// TestOctetIndexRows checks index256 by reading it as the AVX2 kernel
// does, for every escape pattern of 8 octets, and compress and slot0 by
// reading them as encodeOctetsAVX512 does, for one pattern of 64.
func TestOctetIndexRows(t *testing.T) {
	c := [8]byte{'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'}
	for m := range 256 {
		var want []byte
		var first, second [16]byte
		for i := range 8 {
			h, l := byte('G'+i), byte('P'+i) // stand-ins for the hex digits
			oct := c[i]
			if m>>i&1 != 0 {
				oct = '%'
				want = append(want, '%', h, l)
			} else {
				want = append(want, oct)
			}
			first[i], first[8+i], second[i], second[8+i] = oct, oct, h, l
		}
		row256 := octetEncodeConsts.index256[m]
		var got256 []byte
		for j := range len(want) {
			x := row256[j]
			if x&0x80 == 0 {
				got256 = append(got256, first[x&15])
			} else {
				got256 = append(got256, second[x&15])
			}
		}
		if string(got256) != string(want) {
			t.Fatalf("mask %08b: index256 gives %q, want %q", m, got256, want)
		}
	}
	escape := rand.New(rand.NewPCG(40, 6)).Uint64()
	var octets, high, low [64]byte
	var want []byte
	for i := range 64 {
		octets[i] = byte('0' + i)
		if escape>>i&1 != 0 {
			octets[i], high[i], low[i] = '%', byte(0x80|i), byte(0xC0|i)
			want = append(want, '%', high[i], low[i])
		} else {
			want = append(want, octets[i])
		}
	}
	var got []byte
	k := &octetEncodeConsts
	for j := range 3 {
		var table [128]byte
		copy(table[:32], high[16*j:])
		copy(table[32:64], low[16*j:])
		copy(table[64:], octets[:])
		mask := k.slot0[j] | pdep(escape>>octetCompressFrom[0][j], k.pdepHigh[j]) |
			pdep(escape>>octetCompressFrom[1][j], k.pdepLow[j])
		for s, x := range k.compress[j] {
			if mask>>s&1 != 0 {
				got = append(got, table[x&127])
			}
		}
	}
	if string(got) != string(want) {
		t.Fatalf("escape %064b: compress gives %q, want %q", escape, got, want)
	}
}

// pdep is PDEPQ: the low bits of x, in order, at the bits set in mask.
func pdep(x, mask uint64) (r uint64) {
	for ; mask != 0; mask &= mask - 1 {
		r |= (x & 1) << bits.TrailingZeros64(mask)
		x >>= 1
	}
	return r
}

// TestOctetConstsLayout checks the offsets of octetSet and octetConsts that
// encode_amd64.s uses.
func TestOctetConstsLayout(t *testing.T) {
	var s octetSet
	var k octetConsts
	for _, f := range []struct {
		name     string
		got, off uintptr
	}{
		{"octetSet.lo", unsafe.Offsetof(s.lo), 32}, {"octetSet.hi", unsafe.Offsetof(s.hi), 64},
		{"octetSet.plus", unsafe.Offsetof(s.plus), 96},
		{"hex", unsafe.Offsetof(k.hex), 64}, {"low", unsafe.Offsetof(k.low), 128},
		{"space", unsafe.Offsetof(k.space), 160}, {"plus", unsafe.Offsetof(k.plus), 192},
		{"pct", unsafe.Offsetof(k.pct), 224}, {"high", unsafe.Offsetof(k.high), 256},
		{"zero", unsafe.Offsetof(k.zero), 288}, {"index256", unsafe.Offsetof(k.index256), 320},
		{"escape", unsafe.Offsetof(k.escape), 8512}, {"compress", unsafe.Offsetof(k.compress), 9536},
		{"slot0", unsafe.Offsetof(k.slot0), 9728}, {"pdepHigh", unsafe.Offsetof(k.pdepHigh), 9752},
		{"pdepLow", unsafe.Offsetof(k.pdepLow), 9776},
	} {
		if f.got != f.off {
			t.Errorf("%s at %d, the assembly reads it at %d", f.name, f.got, f.off)
		}
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// BenchmarkOctetKernels times each kernel alone on issue 40's mixed text
// (1 KiB of URL text with UTF-8) with the unreserved set, beside a copy of
// the same bytes; BenchmarkOctetEncodeCopies has the public functions and
// their fraction of a copy.
func BenchmarkOctetKernels(b *testing.B) {
	const text = "/files/my document.pdf?name=Tom&Jerry&q=100% あ é~"
	src := bytes.Repeat([]byte(text), 1024/len(text)+1)[:1024]
	out := make([]byte, 3*len(src)+64)
	b.Run("copy", func(b *testing.B) {
		b.SetBytes(int64(len(src)))
		for b.Loop() {
			copy(out, src)
		}
	})
	for _, p := range octetPaths() {
		if !p.vec {
			continue
		}
		saved, saved512 := useEncodeOctets, useEncodeOctets512
		useEncodeOctets, useEncodeOctets512 = p.vec, p.wide
		var v octetVector
		k := Unreserved
		v.init(&k, false)
		useEncodeOctets, useEncodeOctets512 = saved, saved512
		b.Run(p.name+"/encode", func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				v.kernel(&out[0], len(out), &src[0], len(src))
			}
		})
		b.Run(p.name+"/count", func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				v.count(&src[0], len(src))
			}
		})
	}
}

// TestOctetsIndexAndExactRoom holds indexEscapeAVX512 (octetsIndex) to
// indexNotIn: the index of the first octet to encode, for every set, space
// rule, length up to 200 and position of that octet. And the AVX-512 kernel
// given room for exactly the whole encoding of src must encode all of it: a
// kernel that gave up on a block that fills the room, or an index short of
// the first octet to encode, would still give right answers (encodeShort
// takes over), so only this test sees them.
func TestOctetsIndexAndExactRoom(t *testing.T) {
	if !useAVX512 {
		t.Skip("the CPU has no AVX-512")
	}
	r := rand.New(rand.NewPCG(40, 7))
	for si, k := range octetTestSets(r) {
		plus := si%2 == 1
		kk := formKeep(k, plus)
		var v octetVector
		v.init(&kk, plus)
		if !v.wide {
			continue
		}
		kept, esc := -1, -1 // an octet the set copies, one it encodes
		for c := range 256 {
			if kk.bits[c>>6]>>(c&63)&1 != 0 {
				kept = max(kept, c)
			} else {
				esc = max(esc, c)
			}
		}
		for n := 0; n <= 200; n++ {
			src := octetTestInput(r, n, &kk)
			if want := encodeShort(nil, src, &kk, plus); n > 0 {
				out := make([]byte, len(want))
				used, wrote := v.kernel(&out[0], len(out), &src[0], n)
				if used != n || wrote != len(want) || !bytes.Equal(out, want) {
					t.Fatalf("set %v plus %v, %d octets into exact room %d: used %d, wrote %d (%q), want all (%q)", k, plus, n, len(want), used, wrote, out[:wrote], want)
				}
			}
			inputs := [][]byte{src}
			if kept >= 0 && esc >= 0 {
				for _, p := range []int{0, r.IntN(n + 1), n - 1} {
					s := bytes.Repeat([]byte{byte(kept)}, n)
					if p >= 0 && p < n {
						s[p] = byte(esc)
					}
					inputs = append(inputs, s)
				}
			}
			for _, s := range inputs {
				if got, want := octetsIndex(&v, s), indexNotIn(s, &kk); got != want {
					t.Fatalf("set %v plus %v, %q: octetsIndex %d, indexNotIn %d", k, plus, s, got, want)
				}
			}
		}
	}
}
