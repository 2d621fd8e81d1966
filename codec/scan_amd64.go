//go:build !purego

package codec

import (
	"encoding/binary"
	"unsafe"

	"golang.org/x/sys/cpu"
)

// This file and scan_amd64.s hold the AVX2 fast paths of the codec, each
// beside the plain Go path that follows the spec step by step and that it
// must agree with (scan_amd64_test.go checks each against it):
//
//   - indexNotInAVX2: the first byte of a string that is not in an ASCII
//     set, 64 and then 32 bytes at a time, for the octet encoders' "is
//     there anything to encode?" scan (indexNotInWide; the plain path is
//     indexNotIn's byte loop);
//   - encodeUTF16AVX2: Encode step 4 of ECMA-262 5.1 §15.1.3, 8 code units
//     at a time, for EncodeUTF16 and the encodeURI functions (through
//     vectorEncoder.encode; the plain path is encodeSteps);
//   - encodedLenAVX2: the length of Encode's output for runs of ASCII code
//     units, 32 at a time, with which appendEncode grows dst exactly once
//     (through vectorEncoder.count without AVX-512; the plain path is
//     encodedLen's loop; ecmaenc_amd64.go has the AVX-512 half of Encode);
//   - decodeUTF16AVX2: Decode step 4 of §15.1.3 with an empty reserved set
//     (decodeURIComponent), 16 code units at a time, and the escapes of
//     two- and three-octet UTF-8 between them (through decodeVector; the
//     plain path is appendDecode's loop);
//   - decodeOctetsAVX2 and decodeOctetsEndAVX512: the octet decoders with
//     no escape kept, 32 or 64 bytes at a time over runs with escapes
//     (through decodeOctets, and decodeFormKernel for the form decode; the
//     plain path is decodeInto's loop, and a malformed '%' is left to it
//     for its offset); decodeOctetsAVX512, the same with ECMAScript
//     Decode's keep table (through decodeOctets from ecmaOctets);
//   - the octet encoders' vector paths, which are in encode_amd64.go.
//
// decodescan_test.go and scan_amd64_test.go check these against the plain
// paths too. Each is used only when the CPU has AVX2 and POPCNT (useAVX2),
// the AVX-512 ones only when it has AVX-512 F, BW, DQ, VL, VBMI and VBMI2
// too (useAVX512). Build with
// -tags purego to leave them out: scan_other.go then stands in for this
// file, and only the plain paths run.

// useAVX2 reports whether the CPU has AVX, AVX2, POPCNT and BMI1 and BMI2
// (TZCNT, BZHI, SHLX and PDEP, which the vector paths' scalar code uses)
// and the OS saves the YMM registers (x/sys/cpu checks XGETBV for HasAVX
// and HasAVX2). The AVX-512 paths also use LZCNT, which x/sys/cpu does not
// report: every CPU with AVX-512 has it.
var useAVX2 = cpu.X86.HasAVX && cpu.X86.HasAVX2 && cpu.X86.HasPOPCNT && cpu.X86.HasBMI1 && cpu.X86.HasBMI2

// indexNotInAVX2 returns the index of the first of the n bytes at p that
// tab does not hold, looking only at whole blocks of 32 bytes: when every
// byte of them is in the set, it returns n rounded down to a multiple of 32.
//
//go:noescape
func indexNotInAVX2(p *byte, n int, tab *scanTable) int

// A scanTable is an ASCII set as the nibble lookup of indexNotInAVX2 reads
// it: byte c is in the set when rows[c&15] has bit c>>4, which is
// bit[c>>4]; bit is 0 for c >= 0x80. mask holds the low-nibble mask.
type scanTable struct {
	rows [16]byte
	bit  [16]byte
	mask [16]byte
}

var scanTableTemplate = scanTable{
	bit:  [16]byte{1, 2, 4, 8, 16, 32, 64, 128},
	mask: [16]byte{15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15},
}

// fill makes t the table of the ASCII octets of k. Row h of k (the octets
// h<<4 to h<<4|15) is bits 16h to 16h+15 of k; rows[l] gathers bit l of
// every row, which is a transpose of two 8x8 bit matrices.
func (t *scanTable) fill(k *Set) {
	*t = scanTableTemplate
	lo := evenBytes(k.bits[0]) | evenBytes(k.bits[1])<<32       // byte h: row h, octets h<<4 | 0..7
	hi := evenBytes(k.bits[0]>>8) | evenBytes(k.bits[1]>>8)<<32 // byte h: row h, octets h<<4 | 8..15
	binary.LittleEndian.PutUint64(t.rows[:8], transpose8(lo))
	binary.LittleEndian.PutUint64(t.rows[8:], transpose8(hi))
}

// evenBytes returns bytes 0, 2, 4 and 6 of x as bytes 0 to 3.
func evenBytes(x uint64) uint64 {
	x &= 0x00FF00FF00FF00FF
	x = (x | x>>8) & 0x0000FFFF0000FFFF
	return (x | x>>16) & 0xFFFFFFFF
}

// transpose8 transposes the 8x8 bit matrix x, whose row i is byte i: bit
// 8i+j becomes bit 8j+i (Hacker's Delight, 2nd ed., §7-3).
func transpose8(x uint64) uint64 {
	t := (x ^ x>>7) & 0x00AA00AA00AA00AA
	x ^= t ^ t<<7
	t = (x ^ x>>14) & 0x0000CCCC0000CCCC
	x ^= t ^ t<<14
	t = (x ^ x>>28) & 0x00000000F0F0F0F0
	return x ^ t ^ t<<28
}

// scanMin is the shortest input worth the table and the call.
const scanMin = 64

// indexNotInWide returns the index of the first byte of s that is not in k,
// or an index up to which every byte is in k, from which the caller goes on
// byte by byte. Without AVX2, or for a set with octets at or above 0x80,
// which the vector table cannot hold, it scans through a table of bools.
func indexNotInWide[S string | []byte](s S, k *Set) int {
	if len(s) < scanMin {
		return 0
	}
	if !useAVX2 || k.bits[2]|k.bits[3] != 0 {
		return indexNotInTable(s, k)
	}
	var t scanTable
	t.fill(k)
	return indexNotInAVX2(dataPtr(s), len(s), &t)
}

// dataPtr returns a pointer to the bytes of s, which must not be empty.
func dataPtr[S string | []byte](s S) *byte {
	switch s := any(s).(type) {
	case string:
		return unsafe.StringData(s)
	case []byte:
		return unsafe.SliceData(s)
	}
	panic("unreachable")
}

// encodeUTF16AVX2 runs Encode step 4 over the n code units of src into the
// room bytes at dst (see scan_amd64.s): groups of 8 units below 0x80 with
// vector instructions, one unit at a time through a group that holds a
// unit at or above 0x80. It stops at a surrogate, when fewer than 8 units
// are left, or when the room left is too small for a group or a step. It
// returns the units it used and the bytes it wrote.
//
//go:noescape
func encodeUTF16AVX2(dst *byte, room int, src *uint16, n int, set *scanTable, k *encodeConsts) (used, wrote int)

// encodeConsts are the constants of encodeUTF16AVX2. shuf[m] picks, from the
// tuples '%', H, L, c of four units, the escape of each unit whose bit is
// set in m and the character of each other; lens[m] is how many bytes that
// is; escape is escapeWord. The offsets of lens (48), shuf (64) and escape
// (320) are written in scan_amd64.s.
type encodeConsts struct {
	hex      [16]byte
	pct      [16]byte
	nonASCII [16]byte
	lens     [16]byte
	shuf     [16][16]byte
	escape   [256]uint32 // escapeWord
}

var encodeAVX2Consts = func() (k encodeConsts) {
	copy(k.hex[:], upperHex)
	k.escape = escapeWord
	for i := range 16 {
		k.pct[i] = '%'
		k.nonASCII[i] = [2]byte{0x80, 0xFF}[i&1]
	}
	for m := range 16 {
		out := k.shuf[m][:0]
		for j := range 4 {
			if m>>j&1 != 0 {
				out = append(out, byte(4*j), byte(4*j+1), byte(4*j+2))
			} else {
				out = append(out, byte(4*j+3))
			}
		}
		k.lens[m] = byte(len(out))
		for i := len(out); i < 16; i++ {
			k.shuf[m][i] = 0x80 // a zero byte, overwritten by the next store
		}
	}
	return k
}()

// The ASCII tables of the unescaped sets of encodeURI and
// encodeURIComponent, made once.
var encodeURIScan, encodeURIComponentScan = func() (a, b scanTable) {
	a.fill(&encodeURIUnescapedSet)
	b.fill(&uriUnescapedSet)
	return a, b
}()

// A vectorEncoder runs Encode step 4 with encodeUTF16AVX2, when the CPU has
// AVX2 and the input is long enough to be worth it, and counts its output
// with encodedLenAVX512 when the CPU has AVX-512 (keep512 set), or else
// with encodedLenAVX2.
type vectorEncoder struct {
	ok      bool
	keep512 bool
	tab     scanTable
	keep    [64]byte // keepBitmap, for encodedLenAVX512
}

// init readies w to count Encode(s, keep) over n code units: with
// AVX-512 it takes keep's bitmap, else it fills the AVX2 table.
func (w *vectorEncoder) init(keep *Set, n int) {
	if !useAVX2 || n < scanMin {
		return
	}
	w.ok = true
	if useAVX512 {
		var b [64]byte
		w.keep512, w.keep = true, *bitmapOf(keep, &b)
		return
	}
	w.fillTable(keep)
}

// initEncode is init, and readies w to run Encode too (encode), which
// reads the AVX2 table whatever the CPU.
func (w *vectorEncoder) initEncode(keep *Set, n int) {
	w.init(keep, n)
	if w.ok && w.keep512 {
		w.fillTable(keep)
	}
}

// fillTable fills the AVX2 table of keep.
func (w *vectorEncoder) fillTable(keep *Set) {
	switch *keep {
	case uriUnescapedSet:
		w.tab = encodeURIComponentScan
	case encodeURIUnescapedSet:
		w.tab = encodeURIScan
	default:
		w.tab.fill(keep)
	}
}

// encode runs Encode step 4 over the start of s with encodeUTF16AVX2,
// writing to the start of room. It returns the units it used and the bytes
// it wrote.
func (w *vectorEncoder) encode(room []byte, s []uint16) (used, wrote int) {
	if len(s) < 8 || len(room) < 28 {
		return 0, 0
	}
	return encodeUTF16AVX2(&room[0], len(room), &s[0], len(s), &w.tab, &encodeAVX2Consts)
}

// encodedLenAVX2 returns the length of Encode step 4's output for the code
// units at the start of the n at src, 32 at a time, up to the first block
// of 32 that holds a unit at or above 0x80 (see scan_amd64.s), and the
// units it counted.
//
//go:noescape
func encodedLenAVX2(src *uint16, n int, tab *scanTable, k *encodeConsts) (used, length int)

// count returns the length of Encode step 4's output for the code units at
// the start of s, 32 at a time, and the units it counted: up to a block
// with a surrogate (encodedLenAVX512), or without AVX-512 up to a block
// with a unit at or above 0x80 (encodedLenAVX2).
func (w *vectorEncoder) count(s []uint16) (used, length int) {
	if len(s) < 32 {
		return 0, 0
	}
	if w.keep512 {
		return encodedLenAVX512(&s[0], len(s), &w.keep, &utf16ToUTF8AVX512Consts)
	}
	return encodedLenAVX2(&s[0], len(s), &w.tab, &encodeAVX2Consts)
}

// decodeUTF16AVX2 runs Decode step 4 with an empty reserved set over
// windows of 16 code units of src (see scan_amd64.s), writing to dst, with
// the well-formed escape sequences of two- and three-octet UTF-8 between
// the windows, up to the first '%' that it cannot decode that way or until
// fewer than 18 of the n units are left. It returns the units it
// used and the units it wrote, never more than it used.
//
//go:noescape
func decodeUTF16AVX2(dst *uint16, src *uint16, n int, k *decodeConsts) (used, wrote int)

// decodeConsts are the constants of decodeUTF16AVX2, each vector of words
// 32 bytes long. shuf[m] moves the units of an 8-unit half whose bits are
// set in m to its start, in order; lens[m] is how many there are; unhex is
// the package's table of hex digit values. The offsets of lens (256) and
// unhex (4608) are written in scan_amd64.s.
type decodeConsts struct {
	pct, zero, nine, x20, a, five, ten, x7f [16]uint16
	lens                                    [256]byte
	shuf                                    [256][16]byte
	unhex                                   [256]byte
}

var decodeAVX2Consts = func() (k decodeConsts) {
	k.unhex = unhex
	for i := range 16 {
		k.pct[i], k.zero[i], k.nine[i], k.x20[i] = '%', '0', 9, 0x20
		k.a[i], k.five[i], k.ten[i], k.x7f[i] = 'a', 5, 10, 0x7F
	}
	for m := range 256 {
		out := k.shuf[m][:0]
		for j := range 8 {
			if m>>j&1 != 0 {
				out = append(out, byte(2*j), byte(2*j+1))
			}
		}
		k.lens[m] = byte(len(out) / 2)
		for i := len(out); i < 16; i++ {
			k.shuf[m][i] = 0x80
		}
	}
	return k
}()

// decodeVectorMin is the shortest input for which Decode calls
// decodeUTF16AVX2.
const decodeVectorMin = 64

// decodeVector runs Decode step 4 with an empty reserved set over the start
// of s with decodeUTF16AVX2, writing to out, which has room for len(s)
// units, when the CPU has AVX2; it returns the units it used and wrote.
func decodeVector(out, s []uint16) (used, wrote int) {
	if len(s) < 18 {
		return 0, 0
	}
	return decodeUTF16AVX2(&out[0], &s[0], len(s), &decodeAVX2Consts)
}

// indexSpecialAVX2 returns the index of the first of the n bytes at p that
// is '%' or second, looking only at whole blocks of 32 bytes: when there is
// none in them, it returns n rounded down to a multiple of 32 (see
// scan_amd64.s).
//
//go:noescape
func indexSpecialAVX2(p *byte, n int, second byte) int

// indexSpecialMin is the shortest input for which indexSpecial calls
// indexSpecialAVX2.
const indexSpecialMin = 32

// indexSpecial returns the index of the first byte of s that is '%' or
// second, or len(s) when there is none: 32 bytes at a time with AVX2, then
// a word at a time (indexSpecialWord) for the rest, or for all of s
// without AVX2.
func indexSpecial[S string | []byte](s S, second byte) int {
	i := 0
	if useAVX2 && len(s) >= indexSpecialMin {
		i = indexSpecialAVX2(dataPtr(s), len(s), second)
		if i < len(s)&^31 {
			return i
		}
	}
	return i + indexSpecialWord(s[i:], second)
}

// decodeOctetsAVX2 runs the octet decode with no escape kept over blocks of
// 32 bytes of the n at src, writing to the room bytes at dst (see
// scan_amd64.s): '%' followed by two hex digits becomes its octet and plus
// becomes a space ('%' for none). It stops before a block with a '%' not
// followed by two hex digits, when fewer than 34 bytes are left or when
// fewer than 32 bytes of room are. It returns the bytes it used and wrote;
// it never ends inside an escape.
//
//go:noescape
func decodeOctetsAVX2(dst *byte, room int, src *byte, n int, plus byte, k *octetDecodeConsts) (used, wrote int)

// octetDecodeConsts are the constants of decodeOctetsAVX2: vectors of 32
// equal bytes, then the shuffles that move the bytes of an 8-byte quarter
// whose bits are set in m to its start, for the low (shufLo) and high
// (shufHi) quarter of a 16-byte lane. The offsets of shufLo (256) and
// shufHi (4352) are written in scan_amd64.s.
type octetDecodeConsts struct {
	pct, zero, nine, space, a, five, ten, low [32]byte
	shufLo, shufHi                            [256][16]byte
	// hexValue[c&63] is the value of the hex digit c, and hexChar[c&63]
	// is c for a hex digit c; no other octet has its entry in hexChar
	// (decodeOctetsAVX512). The offsets of hexValue (8448) and hexChar
	// (8512) are written in scan_amd64.s.
	hexValue, hexChar [64]byte
	// hexValueHigh[c&63] is hexValue[c&63]<<4, the high half of an octet
	// (decodeOctetsAVX512, decodeOctetsEndAVX512). Its offset (8576) is
	// written in scan_amd64.s.
	hexValueHigh [64]byte
}

var octetDecodeAVX2Consts = func() (k octetDecodeConsts) {
	for i := range 32 {
		k.pct[i], k.zero[i], k.nine[i], k.space[i] = '%', '0', 9, ' '
		k.a[i], k.five[i], k.ten[i], k.low[i] = 'a', 5, 10, 15
	}
	for i := range 64 {
		k.hexChar[i] = byte(i ^ 1) // matches no octet: its low 6 bits are not i
	}
	for c := range 256 {
		if v := unhex[c]; v < 16 {
			k.hexValue[c&63], k.hexChar[c&63], k.hexValueHigh[c&63] = v, byte(c), v<<4
		}
	}
	for m := range 256 {
		n := 0
		for j := range 8 {
			if m>>j&1 != 0 {
				k.shufLo[m][n], k.shufHi[m][n] = byte(j), byte(8+j)
				n++
			}
		}
		for ; n < 16; n++ {
			k.shufLo[m][n], k.shufHi[m][n] = 0x80, 0x80
		}
	}
	return k
}()

// decodeOctetsAVX512 is decodeOctetsAVX2 64 bytes at a time with AVX-512
// (see scan_amd64.s): it stops when fewer than 66 bytes are left or fewer
// than 64 bytes of room. It also keeps escapes as written: those whose
// octet is in keep (ECMAScript Decode's reserved set; nil for none).
//
//go:noescape
func decodeOctetsAVX512(dst *byte, room int, src *byte, n int, plus byte, keep *ecmaKeepTable, k *octetDecodeConsts) (used, wrote int)

// decodeOctetsEndAVX512 decodes the n bytes at src into the room bytes at
// dst as decodeInto does with no escape kept and plus read as space ('%'
// for none), 64 bytes at a time to the end of src, up to a block with a
// '%' not followed by two hex digits or that does not fit in room (see
// scan_amd64.s): decodeOctetsAVX512 with no keep table, its last blocks
// loaded and stored with masks. It returns the bytes it used and wrote.
// The octet decoders (decodeOctets) and the form decode (decodeFormKernel)
// use it.
//
//go:noescape
func decodeOctetsEndAVX512(dst *byte, room int, src *byte, n int, plus byte, k *octetDecodeConsts) (used, wrote int)

// useDecodeForm says whether the form decode (formDecodeInto) decodes
// with decodeOctetsEndAVX512 (with AVX-512); tests turn it off to compare
// the paths.
var useDecodeForm = useAVX512

// decodeFormMin is the shortest input for which AppendFormDecode decodes
// with formDecodeInto.
const decodeFormMin = 32

// decodeFormKernel runs decodeOctetsEndAVX512 over src into out with '+'
// read as space, with useDecodeForm; otherwise it does nothing.
func decodeFormKernel[S string | []byte](out []byte, src S) (used, wrote int) {
	if !useDecodeForm || len(src) == 0 || len(out) == 0 {
		return 0, 0
	}
	return decodeOctetsEndAVX512(&out[0], len(out), dataPtr(src), len(src), '+', &octetDecodeAVX2Consts)
}

// useAVX512 reports whether the CPU has the AVX-512 that the codec's
// AVX-512 kernels use (F; BW for byte and word masks; DQ for KMOVB; VL for
// the 128- and 256-bit forms such as VPMOVB2M on a Y register; VBMI, whose
// VPERMB reads the hex digits; VBMI2, whose VPCOMPRESSB moves the bytes
// kept together) and the OS saves its registers (x/sys/cpu checks XGETBV
// for HasAVX512). Every CPU with VBMI2 has DQ and VL; the checks matter when
// GODEBUG turns one of them off.
var useAVX512 = useAVX2 && cpu.X86.HasAVX512 && cpu.X86.HasAVX512F && cpu.X86.HasAVX512BW &&
	cpu.X86.HasAVX512DQ && cpu.X86.HasAVX512VL && cpu.X86.HasAVX512VBMI && cpu.X86.HasAVX512VBMI2

// decodeOctetsMin is the fewest bytes left of src, and of room in out, with
// which decodeInto calls decodeOctets.
const decodeOctetsMin = 34

// useDecodeOctets says whether decodeInto calls decodeOctets (with AVX2),
// and useDecodeOctets512 whether decodeOctets uses decodeOctetsAVX512 where
// it can. Tests turn them off to compare the paths with each other.
var useDecodeOctets, useDecodeOctets512 = useAVX2, useAVX512

// decodeOctets decodes the start of src into out (not empty) as decodeInto
// does with no escape kept, 64 or 32 bytes at a time, with plus read as
// space ('%' for none), up to a block that holds a malformed '%': with no
// keep table and AVX-512, all of it with decodeOctetsEndAVX512; otherwise
// the last bytes, up to octetTail of them, go through decodeOctetsTail. It
// returns the bytes it used and wrote. With a keep table (which needs
// useAVX512), it decodes as ECMAScript Decode's ecmaOctets does: the
// escapes of the octets in keep stay as written.
func decodeOctets[S string | []byte](out []byte, src S, plus byte, keep *ecmaKeepTable) (used, wrote int) {
	p, n := dataPtr(src), len(src)
	if keep == nil && useDecodeOctets512 {
		return decodeOctetsEndAVX512(&out[0], len(out), p, n, plus, &octetDecodeAVX2Consts)
	}
	used, wrote = decodeOctetsKernel(&out[0], len(out), p, n, plus, keep)
	if used < n {
		var buf [octetTail]byte
		u, w := decodeOctetsTail(&buf, src[used:min(n, used+octetTail)], plus, keep)
		if w <= len(out)-wrote {
			copy(out[wrote:], buf[:w])
			used, wrote = used+u, wrote+w
		}
	}
	return used, wrote
}

// octetTail is the most bytes decodeOctetsTail decodes: two blocks of
// decodeOctetsAVX512.
const octetTail = 128

// decodeOctetsTail decodes src, no more than octetTail bytes (the last of
// an input, or as many of it as out has room for), with the vector decode:
// through a copy padded with zero bytes, which are neither '%' nor hex
// digits, so that an escape cut at the end of src stops the decode before
// its block, into buf. The padding is decoded as itself, after the rest,
// and is taken off.
func decodeOctetsTail[S string | []byte](buf *[octetTail]byte, src S, plus byte, keep *ecmaKeepTable) (used, wrote int) {
	var in [octetTail + 2]byte
	copy(in[:], src)
	used, wrote = decodeOctetsKernel(&buf[0], len(buf), &in[0], len(in), plus, keep)
	if pad := used - len(src); pad > 0 {
		used, wrote = len(src), wrote-pad
	}
	return used, wrote
}

// decodeOctetsKernel runs decodeOctetsAVX512 with a keep table, or else
// decodeOctetsAVX2 (decodeOctets calls it only then: with no keep table
// and useDecodeOctets512, it runs decodeOctetsEndAVX512).
func decodeOctetsKernel(dst *byte, room int, src *byte, n int, plus byte, keep *ecmaKeepTable) (used, wrote int) {
	if keep != nil {
		return decodeOctetsAVX512(dst, room, src, n, plus, keep, &octetDecodeAVX2Consts)
	}
	return decodeOctetsAVX2(dst, room, src, n, plus, &octetDecodeAVX2Consts)
}
