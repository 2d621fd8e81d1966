//go:build !purego

package codec

import (
	"math/rand/v2"
	"slices"
	"testing"
	"unicode/utf8"
	"unsafe"
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

// TestEncodeUTF16AVX2 checks appendEncode, whose runs of code units below
// 0x80 go through encodeUTF16AVX2, and encodedLen, whose runs go through
// encodedLenAVX2, against appendEncodeStepwise, which goes one step at a
// time (the path that TestECMAGojaExhaustive checks against goja on short
// inputs): for random sets and the two of the spec, every pattern of
// escaped and kept units in a group of 8, every ASCII unit at every
// position of a group, non-ASCII units and surrogate pairs between the
// groups, and every amount of room in dst around the exact length, and
// less room, which appendEncode grows. It runs appendEncode without and
// (with AVX-512) with its path through UTF-8 (useEncodeUTF8), and
// encodedLen with each of its vector counts.
func TestEncodeUTF16AVX2(t *testing.T) {
	if !useAVX2 {
		t.Skip("no AVX2 on this CPU")
	}
	defer func(u bool) { useEncodeUTF8 = u }(useEncodeUTF8)
	for _, u := range []bool{false, useAVX512} {
		useEncodeUTF8 = u
		testEncodeUTF16AVX2(t)
	}
}

func testEncodeUTF16AVX2(t *testing.T) {
	r := rand.New(rand.NewPCG(35, 36))
	sets := []Set{URIUnescaped, EncodeURIUnescaped}
	for range 30 {
		sets = append(sets, Set{bits: [4]uint64{r.Uint64(), r.Uint64()}})
	}
	rooms := []int{-1000, -13, -12, -11, -1, 0, 1, 3, 4, 5, 11, 12, 13, 27, 28, 29, 64}
	check := func(set Set, s []uint16) {
		t.Helper()
		want, off, f := appendEncodeStepwise(nil, s, 0, asciiOf(&set))
		var wide vectorEncoder
		wide.initEncode(&set, len(s))
		for range 2 {
			if n, noff, nf := encodedLen(s, asciiOf(&set), &wide); nf != f || (f == faultNone && n != len(want)) || (f != faultNone && noff != off) {
				t.Fatalf("set %v, %d units, AVX-512 %v: encodedLen = %d, fault %v at %d; want %d, fault %v at %d", set, len(s), wide.keep512, n, nf, noff, len(want), f, off)
			}
			wide.keep512 = false // encodedLenAVX2
		}
		for _, extra := range rooms {
			// dst's capacity ends where 32 guard bytes begin, which
			// no write may touch.
			const guard = 32
			mem := make([]byte, 3+max(len(want)+extra, 0)+guard)
			for i := range mem {
				mem[i] = 0xA5
			}
			dst := mem[: 3 : len(mem)-guard]
			copy(dst, "p=:")
			got, goff, gf := appendEncode(dst, s, &set)
			for i, b := range mem[len(mem)-guard:] {
				if b != 0xA5 {
					t.Fatalf("set %v, %d units, room %+d: byte %d past dst's capacity written", set, len(s), extra, i)
				}
			}
			if gf != f || (f != faultNone && goff != off) {
				t.Fatalf("set %v, %d units, room %+d: fault %v at %d, want %v at %d", set, len(s), extra, gf, goff, f, off)
			}
			if f == faultNone && (string(got[:3]) != "p=:" || string(got[3:]) != string(want)) {
				t.Fatalf("set %v, room %+d:\n in   %04X\n got  %q\n want %q", set, extra, s, got[3:], want)
			}
			// With room, dst is used; without, it is grown by exactly
			// what is missing.
			if grown := &got[0] != &mem[0]; f == faultNone && (grown != (max(len(want)+extra, 0) < len(want)) || grown && cap(got) != len(got)) {
				t.Fatalf("set %v, %d units, room %+d: grown %v to capacity %d for %d bytes", set, len(s), extra, grown, cap(got), len(got))
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
		// One unit at or above 0x80, each bit of it alone and a few
		// others, at each position of a block of 32 among copies of one
		// unit below 0x80 (with few bits, so that it cannot hide a test
		// that looks at the wrong bits): the non-ASCII tests of
		// encodeUTF16AVX2 and encodedLenAVX2.
		var high [][]uint16
		for b := 7; b < 16; b++ {
			high = append(high, []uint16{1 << b})
		}
		high = append(high, []uint16{0x7FF}, []uint16{0xFFFF}, []uint16{0xDBFF, 0xDC00})
		for _, fill := range []uint16{0x00, 'a'} {
			for pos := range 32 {
				for _, u := range high {
					s = s[:0]
					for range pos {
						s = append(s, fill)
					}
					s = append(s, u...)
					for range scanMin {
						s = append(s, fill)
					}
					check(set, s)
				}
			}
		}
		// A group stepped through up to a non-ASCII unit at each of its
		// positions, ending a text long enough for the vector path, with
		// every amount of room up to a group's: the room checks of a
		// group and of a step.
		rooms = rooms[:0]
		for extra := range 32 {
			rooms = append(rooms, extra)
		}
		for pos := range 8 {
			for _, last := range [][]uint16{{0x7FF}, {0xFFFF}, {0xDBFF, 0xDFFF}} {
				s = s[:0]
				for range scanMin {
					s = append(s, pick(kept, escaped))
				}
				for range pos {
					s = append(s, pick(escaped, kept))
				}
				s = append(s, last...)
				for range 7 - pos {
					s = append(s, pick(escaped, kept))
				}
				check(set, s)
			}
		}
		rooms = []int{-1000, -13, -12, -11, -1, 0, 1, 3, 4, 5, 11, 12, 13, 27, 28, 29, 64}
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

// TestDecodeUTF16AVX2 checks appendDecode with an empty reserved set, which
// goes through decodeUTF16AVX2 for inputs of decodeVectorMin units or more,
// against appendDecode step by step: with the reserved set {DEL}, which
// turns the vector path off and changes nothing for inputs without an
// escape of DEL, and which TestECMAGojaExhaustive checks against goja. The
// inputs put literal units (ASCII, other BMP units, lone surrogates),
// escapes of every octet but DEL in either case, whole UTF-8 sequences and
// malformed escapes at every position of a window, across its end, and at
// the end of the input.
func TestDecodeUTF16AVX2(t *testing.T) {
	if !useAVX2 {
		t.Skip("no AVX2 on this CPU")
	}
	r := rand.New(rand.NewPCG(37, 38))
	steps := SetOf("\x7f")
	check := func(s []uint16) {
		t.Helper()
		want, woff, wf := appendDecode([]uint16{'p'}, s, &steps)
		got, goff, gf := appendDecode([]uint16{'p'}, s, &Set{})
		if gf != wf || goff != woff || (wf == faultNone && !slices.Equal(got, want)) {
			t.Fatalf("in %04X:\n got  %v at %d, %04X\n want %v at %d, %04X", s, gf, goff, got, wf, woff, want)
		}
	}
	// checkPadded checks s with hex digits and escapes of a continuation
	// octet after it in memory, which a read past its end would decode.
	checkPadded := func(s []uint16) {
		t.Helper()
		for _, pad := range []string{"%80%80%80", "41%80%80", "1%80%80"} {
			p := slices.Clip(s)
			for _, c := range pad {
				p = append(p, uint16(c))
			}
			check(p[:len(s)])
		}
	}
	hex := func(b byte, lower bool) []uint16 {
		d := upperHex
		if lower {
			d = "0123456789abcdef"
		}
		return []uint16{'%', uint16(d[b>>4]), uint16(d[b&15])}
	}
	literal := func() uint16 {
		switch r.IntN(6) {
		case 0:
			return uint16(0x80 + r.IntN(0xFF80))
		case 1:
			return uint16(0x100 + '0' + r.IntN(10)) // a digit in the low byte
		default:
			for {
				if c := uint16(r.IntN(0x80)); c != '%' {
					return c
				}
			}
		}
	}
	token := func(u []uint16) []uint16 {
		switch r.IntN(10) {
		case 0, 1, 2, 3:
			return append(u, literal())
		case 4, 5, 6:
			b := byte(r.IntN(0x7F)) // not DEL
			return append(u, hex(b, r.IntN(2) == 0)...)
		case 7:
			for _, b := range utf8.AppendRune(nil, rune(0x80+r.IntN(0x10FF80))) {
				u = append(u, hex(b, r.IntN(2) == 0)...)
			}
			return u
		case 8:
			bad := [][]uint16{{'%'}, {'%', '4'}, {'%', 'G', '1'}, {'%', '1', 'g'}, {'%', 0x134, '1'},
				{'%', '4', 0x131}, {'%', '%', '4', '1'}, {'%', 0xD800, 'A'}, {'%', ':', '0'}, {'%', '@', '0'},
				{'%', '/', '0'}, {'%', '`', '0'}, {'%', 'G', '0'}, {'%', 'g', '0'}}
			return append(u, bad[r.IntN(len(bad))]...)
		default:
			return append(u, hex(byte(0x80+r.IntN(0x80)), false)...) // a lead or continuation octet alone
		}
	}
	// Random texts, mostly well-formed, of every length to 300.
	for n := 0; n < 3000; n++ {
		var s []uint16
		for len(s) < n%300 {
			if r.IntN(20) == 0 {
				s = token(s)
			} else if r.IntN(2) == 0 {
				s = append(s, literal())
			} else {
				s = append(s, hex(byte(r.IntN(0x7F)), r.IntN(2) == 0)...)
			}
		}
		check(s)
	}
	// The escape of every octet but DEL, and every malformed escape,
	// at every position of the first two windows.
	for b := range 256 {
		for pos := 0; pos < 40; pos++ {
			for _, lower := range []bool{false, true} {
				if b == 0x7F {
					continue
				}
				s := make([]uint16, 0, 100)
				for range pos {
					s = append(s, 'a')
				}
				s = append(s, hex(byte(b), lower)...)
				for len(s) < 90 {
					s = append(s, 'z')
				}
				check(s)
			}
		}
	}
	// Two- and three-octet sequences, well formed and not, which the
	// vector path decodes between windows or leaves to the steps: at
	// every position of the first windows and near the end of the input.
	seqs := []string{"C280", "DFBF", "c3a9", "E0A080", "ED9FBF", "EE8080", "EFBFBF", "e381", "F0908080",
		"C080", "C1BF", "E08080", "E09FBF", "EDA080", "EDBFBF", "C341", "C3C0", "E38141", "E34181",
		"C3", "E381", "80", "BF", "F8", "FF"}
	for _, seq := range seqs {
		var esc []uint16
		for i := 0; i < len(seq); i += 2 {
			esc = append(esc, '%', uint16(seq[i]), uint16(seq[i+1]))
		}
		variants := [][]uint16{esc}
		for i := range esc {
			if esc[i] != '%' {
				for _, bad := range []uint16{'G', 'g', 0x100 + esc[i], ':', '%'} {
					v := slices.Clone(esc)
					v[i] = bad
					variants = append(variants, v)
				}
			} else if i > 0 {
				v := slices.Clone(esc)
				v[i] = 'x'
				variants = append(variants, v)
			}
			variants = append(variants, esc[:i])
		}
		for _, v := range variants {
			for pos := 0; pos < 40; pos++ {
				s := make([]uint16, 0, 120)
				for range pos {
					s = append(s, 'a')
				}
				s = append(s, v...)
				for len(s) < 70 {
					s = append(s, '%', '4', '1')
				}
				check(s)
				// and the same near the end, with the escapes of a
				// continuation octet past it, in memory, which a read
				// past the end would decode
				s = s[:0]
				for range 64 + pos%20 {
					s = append(s, 'b')
				}
				s = append(s, v...)
				for range pos / 20 {
					s = append(s, 'c')
				}
				checkPadded(s)
			}
		}
	}
	for pos := 0; pos < 40; pos++ {
		for _, tail := range [][]uint16{{'%'}, {'%', 'A'}, {'%', 'G', '0'}, {'%', '0', 'G'}, {'%', 0x130, '0'}, {'%', '0', 0x130}} {
			s := make([]uint16, 0, 100)
			for range 64 - len(tail) - pos%8 {
				s = append(s, 'a')
			}
			s = append(s, tail...)
			for range pos / 8 {
				s = append(s, 'b')
			}
			checkPadded(s)
		}
	}
}

// TestDecodeConstsLayout checks the offsets of decodeConsts that
// scan_amd64.s uses.
func TestDecodeConstsLayout(t *testing.T) {
	var k decodeConsts
	if o := unsafe.Offsetof(k.lens); o != 256 {
		t.Errorf("lens at %d, the assembly reads it at 256", o)
	}
	if o := unsafe.Offsetof(k.shuf); o != 512 {
		t.Errorf("shuf at %d, the assembly reads it at 512", o)
	}
	if o := unsafe.Offsetof(k.unhex); o != 4608 {
		t.Errorf("unhex at %d, the assembly reads it at 4608", o)
	}
	var e encodeConsts
	if o := unsafe.Offsetof(e.lens); o != 48 {
		t.Errorf("encodeConsts.lens at %d, the assembly reads it at 48", o)
	}
	if o := unsafe.Offsetof(e.shuf); o != 64 {
		t.Errorf("encodeConsts.shuf at %d, the assembly reads it at 64", o)
	}
	if o := unsafe.Offsetof(e.escape); o != 320 {
		t.Errorf("encodeConsts.escape at %d, the assembly reads it at 320", o)
	}
}

// TestDecodeOctetsPaths runs the octet decode's boundary test on each path:
// AVX-512 where the CPU has it, AVX2 alone, and the plain loops. It runs
// in one goroutine, where -race finds nothing and costs ten times the time
// (64 s): make test runs it without -race.
func TestDecodeOctetsPaths(t *testing.T) {
	if RaceDetector {
		t.Skip("one goroutine: run without -race (make test does)")
	}
	defer func(a, b bool) { useDecodeOctets, useDecodeOctets512 = a, b }(useDecodeOctets, useDecodeOctets512)
	for _, p := range []struct {
		name      string
		vec, v512 bool
	}{{"avx512", useAVX2, useAVX512}, {"avx2", useAVX2, false}, {"plain", false, false}} {
		useDecodeOctets, useDecodeOctets512 = p.vec, p.v512
		t.Run(p.name, testOctetDecodeBoundaries)
	}
}

// TestOctetDecodeConstsLayout checks the offsets of octetDecodeConsts that
// scan_amd64.s uses.
func TestOctetDecodeConstsLayout(t *testing.T) {
	var k octetDecodeConsts
	for _, f := range []struct {
		name     string
		got, off uintptr
	}{
		{"zero", unsafe.Offsetof(k.zero), 32}, {"nine", unsafe.Offsetof(k.nine), 64},
		{"space", unsafe.Offsetof(k.space), 96}, {"a", unsafe.Offsetof(k.a), 128},
		{"five", unsafe.Offsetof(k.five), 160}, {"ten", unsafe.Offsetof(k.ten), 192},
		{"low", unsafe.Offsetof(k.low), 224}, {"shufLo", unsafe.Offsetof(k.shufLo), 256},
		{"shufHi", unsafe.Offsetof(k.shufHi), 4352}, {"hexValue", unsafe.Offsetof(k.hexValue), 8448},
		{"hexChar", unsafe.Offsetof(k.hexChar), 8512}, {"hexValueHigh", unsafe.Offsetof(k.hexValueHigh), 8576},
	} {
		if f.got != f.off {
			t.Errorf("octetDecodeConsts.%s at %d, the assembly reads it at %d", f.name, f.got, f.off)
		}
	}
}
