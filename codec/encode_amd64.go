//go:build !purego

package codec

import "encoding/binary"

// This file and encode_amd64.s hold the vector paths of the octet encoders
// (encode.go), each held to encodeShort, the octet-by-octet path, by
// encode_amd64_test.go:
//
//   - encodeOctetsAVX512 (AVX-512 F, BW, VBMI, VBMI2: useAVX512) encodes
//     64 octets at a time, the last fewer, and encodeOctetsAVX2 (useAVX2)
//     32 at a time: a block with nothing to escape is stored as it is;
//     with AVX-512, one with up to 4 octets to escape is stored and
//     patched, and any other is written as three 64-byte parts, three
//     bytes for each octet by VPERMT2B (octetCompress), from which
//     VPCOMPRESSB to a register drops the digits of the octets kept; with
//     AVX2, each 8 octets become their output (8 to 24 bytes) through one
//     permute whose index comes from a table of the 256 ways 8 octets can
//     be escaped or kept (octetIndex256);
//   - countOctetsAVX512 and countOctetsAVX2 count the octets to escape, with
//     which the encoders size their result (the plain path is
//     pctEncodedLen).
//
// Tests turn useEncodeOctets and useEncodeOctets512 off to compare the paths
// with each other, so the AVX2 path is tested on a machine with AVX-512 too.

// useEncodeOctets says whether the octet encoders take the vector path
// (with AVX2), and useEncodeOctets512 whether that path uses the AVX-512
// kernels.
var useEncodeOctets, useEncodeOctets512 = useAVX2, useAVX512

// encodeOctetsMin is the shortest rest of an input for which the octet
// encoders take the vector path: below it, readying the set costs more than
// the vector path saves.
const encodeOctetsMin = 32

// An octetSet is a set of kept octets, and whether space becomes '+', as
// the kernels of encode_amd64.s read it (the offsets 0, 32, 64 and 96 are
// written there).
type octetSet struct {
	// keep is the set's words (Set.bits), with space when it becomes '+'
	// (AVX-512): the kernels make their tables from it in registers.
	keep [4]uint64
	// lo[l] and hi[l] hold bit h&7 for the octet h<<4 | l kept, h below 8
	// in lo and from 8 up in hi, each twice (AVX2).
	lo, hi [32]byte
	// plus is 0xFF in every byte when space becomes '+', else 0.
	plus [32]byte
}

// An octetVector is the vector path of the octet encoders readied for one
// set.
type octetVector struct {
	set  octetSet
	wide bool // the AVX-512 kernels
	// block is the octets a kernel takes at a time, and padOut the bytes
	// a zero byte takes encoded: encodeOctetsTail and octetsEncodedLen
	// take a tail through a copy padded with zero bytes, and take off
	// their encoding.
	block, padOut int
}

// init readies v to encode with the kept octets k, and space as '+' when
// plus is set.
func (v *octetVector) init(k *Set, plus bool) {
	if useEncodeOctets512 {
		v.initWide(k.bits[0], k.bits[1], k.bits[2], k.bits[3], plus)
		return
	}
	v.wide, v.block, v.padOut = false, 32, 3
	if k.has(0) {
		v.padOut = 1
	}
	// Row h of the set (octets h<<4 to h<<4|15) is bits 16h to 16h+15 of
	// the bitmap; lo[l] gathers bit l of rows 0 to 7, hi[l] of rows 8 to
	// 15: a transpose of two 8x8 bit matrices each.
	for half, words := range [2][2]uint64{{k.bits[0], k.bits[1]}, {k.bits[2], k.bits[3]}} {
		rows := v.set.lo[:]
		if half == 1 {
			rows = v.set.hi[:]
		}
		lo := evenBytes(words[0]) | evenBytes(words[1])<<32
		hi := evenBytes(words[0]>>8) | evenBytes(words[1]>>8)<<32
		binary.LittleEndian.PutUint64(rows[0:], transpose8(lo))
		binary.LittleEndian.PutUint64(rows[8:], transpose8(hi))
		copy(rows[16:], rows[:16])
	}
	if plus {
		v.set.plus = octetPlusAll
	}
}

// initWide readies v for the AVX-512 kernels (useEncodeOctets512) to encode
// with the kept octets whose set's words are w0 to w3 (Set.bits), and space
// as '+' when plus is set, whether or not the set holds space.
func (v *octetVector) initWide(w0, w1, w2, w3 uint64, plus bool) {
	v.wide, v.block, v.padOut = true, 64, 3
	if w0&1 != 0 {
		v.padOut = 1
	}
	if plus {
		// The kernels classify a space as kept, and then write '+'.
		w0 |= 1 << ' '
		v.set.plus = octetPlusAll
	}
	v.set.keep[0], v.set.keep[1], v.set.keep[2], v.set.keep[3] = w0, w1, w2, w3
}

// octetPlusAll is octetSet.plus when space becomes '+': one copy, where a
// loop over its bytes took a few nanoseconds of each call.
var octetPlusAll = func() (b [32]byte) {
	for i := range b {
		b[i] = 0xFF
	}
	return b
}()

// keepBitmap returns keep as the functions of ecmaenc_amd64.s that take a
// bitmap read a set: bit c&7 of byte c>>3, twice over. (encodeOctetsAVX512
// reads the set's words, octetSet.keep, instead.)
func keepBitmap(keep *Set) (b [64]byte) {
	for w, word := range keep.bits {
		binary.LittleEndian.PutUint64(b[8*w:], word)
	}
	copy(b[32:], b[:32])
	return b
}

// octetsEncodedLen returns the length of s encoded by v (pctEncodedLen).
func octetsEncodedLen[S string | []byte](v *octetVector, s S) int {
	n := len(s)
	escaped := 0
	if whole := n &^ (v.block - 1); whole > 0 {
		escaped = v.count(dataPtr(s), whole)
		s = s[whole:]
	}
	if len(s) > 0 {
		var in [64]byte
		copy(in[:], s)
		pad := v.block - len(s)
		escaped += v.count(&in[0], v.block)
		if v.padOut == 3 {
			escaped -= pad
		}
	}
	return n + 2*escaped
}

// count returns the number of octets to escape among the n at p, a
// multiple of v.block.
func (v *octetVector) count(p *byte, n int) int {
	if v.wide {
		return countOctetsAVX512(p, n, &v.set, &octetEncodeConsts)
	}
	return countOctetsAVX2(p, n, &v.set, &octetEncodeConsts)
}

// kernel runs the encode kernel over the n octets at src into the room
// bytes at dst; see encodeOctetsAVX512.
func (v *octetVector) kernel(dst *byte, room int, src *byte, n int) (used, wrote int) {
	if v.wide {
		return encodeOctetsAVX512(dst, room, src, n, &v.set, &octetEncodeConsts)
	}
	return encodeOctetsAVX2(dst, room, src, n, &v.set, &octetEncodeConsts)
}

// octetTailIn is the most octets encodeOctetsTail encodes at once.
const octetTailIn = 128

// encodeOctets appends s encoded by v to dst, straight into dst while it has
// room: with AVX-512 the kernel encodes all of s, and with AVX2 whole blocks
// while dst has room for a block's output and the bytes past it that the
// kernel's last store writes, and encodeOctetsTail the rest. It returns dst
// and the octets of s it did not encode (when dst has no room for them),
// for the caller's byte loop.
func encodeOctets[S string | []byte](dst []byte, s S, v *octetVector) ([]byte, S) {
	if room := cap(dst) - len(dst); len(s) > 0 && room > 0 && (v.wide || len(s) >= v.block) {
		out := dst[len(dst):cap(dst)]
		used, wrote := v.kernel(&out[0], room, dataPtr(s), len(s))
		dst, s = dst[:len(dst)+wrote], s[used:]
	}
	if len(s) > 0 && !v.wide {
		dst, s = encodeOctetsTail(dst, s, v)
	}
	return dst, s
}

// encodeOctetsTail appends s encoded by v to dst through a copy padded with
// zero bytes, octetTailIn octets at a time, into a buffer on the stack,
// whose part that encodes the padding it leaves off, while dst has room.
// With room for the result, what encodeOctets leaves to it is the block
// the AVX2 kernel had no room to write and fewer than 24 octets after it.
// It returns dst and the octets of s it did not encode.
func encodeOctetsTail[S string | []byte](dst []byte, s S, v *octetVector) ([]byte, S) {
	var in [octetTailIn]byte
	var out [3*octetTailIn + 24]byte
	for len(s) > 0 {
		n := min(len(s), octetTailIn)
		padded := (n + v.block - 1) &^ (v.block - 1)
		copy(in[:], s[:n])
		clear(in[n:padded])
		_, wrote := v.kernel(&out[0], len(out), &in[0], padded)
		w := wrote - (padded-n)*v.padOut
		if w > cap(dst)-len(dst) {
			break
		}
		dst, s = append(dst, out[:w]...), s[n:]
	}
	return dst, s
}

// indexEscapeAVX512 returns the index of the first of the n octets at src
// that v's set does not copy as it is (one to escape, or a space that
// becomes '+'), or n (see encode_amd64.s).
//
//go:noescape
func indexEscapeAVX512(src *byte, n int, set *octetSet, k *octetConsts) int

// octetsIndex returns the index of the first octet of s that v does not
// copy as it is, or len(s): indexNotIn with the AVX-512 kernels' set, for
// an encoder that readies v first. v must be wide.
func octetsIndex[S string | []byte](v *octetVector, s S) int {
	if len(s) == 0 {
		return 0
	}
	return indexEscapeAVX512(dataPtr(s), len(s), &v.set, &octetEncodeConsts)
}

// countOctetsAVX512 returns the number of octets to escape among the n at
// src, a multiple of 64, for the set and space rule of set (see
// encode_amd64.s).
//
//go:noescape
func countOctetsAVX512(src *byte, n int, set *octetSet, k *octetConsts) int

// countOctetsAVX2 is countOctetsAVX512 32 octets at a time with AVX2; n is
// a multiple of 32.
//
//go:noescape
func countOctetsAVX2(src *byte, n int, set *octetSet, k *octetConsts) int

// encodeOctetsAVX512 encodes the n octets at src 64 at a time, the last
// fewer, writing to the room bytes at dst while they hold the block's
// output (see encode_amd64.s); it writes nothing past room. An octet that
// set keeps is copied, space becomes '+' when set says so, and every other
// octet becomes its escape. It returns the octets it used and the bytes it
// wrote.
//
//go:noescape
func encodeOctetsAVX512(dst *byte, room int, src *byte, n int, set *octetSet, k *octetConsts) (used, wrote int)

// encodeOctetsAVX2 is encodeOctetsAVX512 32 octets at a time with AVX2,
// while at least 32 are left and room holds the block's output and 24
// bytes more.
//
//go:noescape
func encodeOctetsAVX2(dst *byte, room int, src *byte, n int, set *octetSet, k *octetConsts) (used, wrote int)

// octetConsts are the constants of the kernels in encode_amd64.s, at the
// offsets written there (TestOctetConstsLayout): bitSel[i] is 1<<(i&7),
// hex[i] the hex digit of i&15; low, space, plus, pct, high are 0x0F, ' ',
// '+', '%', 0x80 in every byte, zero is 0; index256 are the permute indexes
// of octetIndex256; escape[c] is '%' and the hex digits of c, in the low 3
// bytes; compress and slot0 are octetCompress's indexes and masks.
type octetConsts struct {
	bitSel, hex                 [64]byte
	low, space, plus, pct, high [32]byte
	zero                        [32]byte
	index256                    [256][32]byte
	escape                      [256]uint32
	compress                    [3][64]byte
	slot0, pdepHigh, pdepLow    [3]uint64
}

var octetEncodeConsts = func() (k octetConsts) {
	for i := range 64 {
		k.bitSel[i] = 1 << (i & 7)
		k.hex[i] = upperHex[i&15]
	}
	for i := range 32 {
		k.low[i], k.space[i], k.plus[i], k.pct[i], k.high[i] = 0x0F, ' ', '+', '%', 0x80
	}
	for c := range k.escape {
		k.escape[c] = '%' | uint32(upperHex[c>>4])<<8 | uint32(upperHex[c&15])<<16
	}
	for m := range 256 {
		k.index256[m] = octetIndex256(uint8(m))
	}
	k.compress, k.slot0, k.pdepHigh, k.pdepLow = octetCompress()
	return k
}()

// octetCompress returns the VPERMT2B indexes and the masks with which
// encodeOctetsAVX512 writes a block of 64 octets with something to escape:
// the block's output before compression is 192 bytes, three for each octet
// (the octet, or '%' for one to escape; its high hex digit; its low one),
// made in three parts of 64 bytes. Part j reads its bytes from two tables:
// the hex digits of octets 16j to 16j+31, the high ones at 0 to 31 and the
// low ones at 32 to 63, and the 64 octets at 64 to 127. The compress keeps
// of part j the bits of slot0[j], each octet's own byte, and the bits of
// the escape mask, from the part's first octet with a high digit in it
// (octetCompressFrom), deposited at pdepHigh[j], the places of the high
// digits, and likewise for the low ones at pdepLow[j].
func octetCompress() (idx [3][64]byte, slot0, pdepHigh, pdepLow [3]uint64) {
	for j := range 3 {
		for s := range 64 {
			g := 64*j + s
			i, t := g/3, g%3
			switch t {
			case 0:
				idx[j][s] = byte(64 + i)
				slot0[j] |= 1 << s
			case 1:
				idx[j][s] = byte(i - 16*j)
				pdepHigh[j] |= 1 << s
			case 2:
				idx[j][s] = byte(32 + i - 16*j)
				pdepLow[j] |= 1 << s
			}
		}
	}
	return idx, slot0, pdepHigh, pdepLow
}

// octetCompressFrom is the first octet of a block with its high digit
// ([0]) and its low digit ([1]) in each part of octetCompress, by which
// encodeOctetsAVX512 shifts the escape mask.
var octetCompressFrom = [2][3]int{{0, 21, 43}, {0, 21, 42}}

// octetIndex256 is the index of two VPSHUFB that write 8 octets whose bits
// are set in m as escapes and the others as they are, from a first table whose
// bytes 0 to 7 are the octets with '%' for each to escape and a second whose
// bytes 0 to 7 are the hex digits of their high nibbles and 8 to 15 those
// of their low ones: an index byte with 0x80 set reads the second (the
// kernel reads it with 0x80 flipped), any other the first. Its bytes past
// the output are 0x80.
func octetIndex256(m uint8) (idx [32]byte) {
	out := idx[:0]
	for i := range byte(8) {
		if m>>i&1 != 0 {
			out = append(out, i, 0x80|i, 0x80|(8+i))
		} else {
			out = append(out, i)
		}
	}
	for i := len(out); i < len(idx); i++ {
		idx[i] = 0x80
	}
	return idx
}
