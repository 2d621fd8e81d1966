//go:build !purego

package codec

// The AVX-512 half of Encode (ECMA-262 5.1 §15.1.3) over UTF-16 code units,
// beside the plain Go steps it must agree with (scan_amd64_test.go and
// ecmaenc_test.go check it against them):
//
//   - encodeUTF16OctetsAVX512: Encode of blocks of 64 code units without a
//     surrogate, for encodeUTF8Into (appendEncodeUTF8 and encodeNew): their
//     UTF-8 octets, gathered in its frame, escaped by the octet encoder's
//     kernel, encodeOctetsAVX512, which it calls (through
//     encodeUTF16Octets; the plain path is appendEncodeStepwise);
//   - utf16ToUTF8AVX512: the UTF-8 octets of blocks of 64 code units without a
//     surrogate, for encodeUTF8Rest, which escapes them with the octet
//     encoder (through transcodeUTF8; the plain path is utf8.EncodeRune);
//   - keptASCIIAVX512: the code units at the start of an input that are
//     below 0x80 and kept, copied as bytes (through keptASCII; the plain
//     path is appendEncodeStepwise);
//   - encodedLenAVX512: the length of Encode's output for blocks of 32
//     code units without a surrogate, with which appendEncode and
//     growEncoded size a result that does not fit the room it has
//     (through vectorEncoder.count; the plain path is encodedLen's loop).
//
// They run only where the CPU has useAVX512; -tags purego leaves them out
// (ecmaenc_other.go stands in for this file).

// useEncodeUTF8 says whether appendEncode goes through UTF-8
// (appendEncodeUTF8): with AVX-512, whose octet encoder and transcoder it
// uses. Tests turn it off to compare the paths.
var useEncodeUTF8 = useAVX512

// utf16ToUTF8AVX512 writes the UTF-8 of the code units at the start of the n at
// src to the room bytes at dst, 64 units at a time, while 64 units are left
// and 256 bytes of room, up to the first block of 64 that holds a
// surrogate (see ecmaenc_amd64.s). It returns the units it used and the
// bytes it wrote.
//
//go:noescape
func utf16ToUTF8AVX512(dst *byte, room int, src *uint16, n int, k *utf16ToUTF8Consts) (used, wrote int)

// encodedLenAVX512 returns the length of Encode step 4's output for the
// code units at the start of the n at src, 32 at a time, up to the first
// block of 32 that holds a surrogate (see ecmaenc_amd64.s), and the units
// it counted. keep is the ASCII set's bitmap, twice over (keepBitmap).
//
//go:noescape
func encodedLenAVX512(src *uint16, n int, keep *[64]byte, k *utf16ToUTF8Consts) (used, length int)

// utf16ToUTF8Consts are the constants of utf16ToUTF8AVX512 and encodedLenAVX512: words
// doublewords and quadwords broadcast from the first 48 bytes (the offsets
// are written in ecmaenc_amd64.s), then bitSel[i], 1<<(i&7), at 64.
type utf16ToUTF8Consts struct {
	nonASCII, multi, surr uint32 // 0xFF80, 0xF800 and 0xD800 in both words
	bits2                 uint32 // the bits of two-octet UTF-8 that come from the unit, octets in order
	lead2, lead3          uint32 // the fixed bits of two- and three-octet UTF-8
	bits3                 uint32 // the bits of three-octet UTF-8 that come from the unit
	_                     uint32
	shift2, shift3        [8]byte // for each octet, the offset in its quadword of the unit's bits it takes
	_                     [16]byte
	bitSel                [64]byte
}

var utf16ToUTF8AVX512Consts = func() (k utf16ToUTF8Consts) {
	k.nonASCII, k.multi, k.surr = 0xFF80FF80, 0xF800F800, 0xD800D800
	k.bits2, k.bits3 = 0x3FFF, 0x3F3FFF
	k.lead2, k.lead3 = 0x80C0, 0x8080E0
	k.shift2 = [8]byte{6, 0, 0, 0, 32 + 6, 32, 32, 32}
	k.shift3 = [8]byte{12, 6, 0, 0, 32 + 12, 32 + 6, 32, 32}
	for i := range k.bitSel {
		k.bitSel[i] = 1 << (i & 7)
	}
	return k
}()

// transcodeUTF8 writes the UTF-8 of the code units at the start of s to out
// with utf16ToUTF8AVX512, when out has utf8Room bytes: whole blocks of 64 units
// up to one with a surrogate, and fewer than 64 at the end of s through a
// copy padded with zero units, whose octets (one each, the last written)
// it takes off. It returns the units it used and the bytes it wrote.
func transcodeUTF8(out []byte, s []uint16) (used, wrote int) {
	if len(s) >= 64 && len(out) >= utf8Room {
		used, wrote = utf16ToUTF8AVX512(&out[0], len(out), &s[0], len(s), &utf16ToUTF8AVX512Consts)
	}
	if rest := len(s) - used; rest == 0 || rest >= 64 || len(out)-wrote < utf8Room {
		return used, wrote // done, or stopped at a surrogate or the room
	}
	var in [64]uint16
	copy(in[:], s[used:])
	if u, w := utf16ToUTF8AVX512(&out[wrote], len(out)-wrote, &in[0], len(in), &utf16ToUTF8AVX512Consts); u != 0 {
		used, wrote = len(s), wrote+w-(64-(len(s)-used))
	}
	return used, wrote
}

// keptASCIIAVX512 copies the code units at the start of the n at src that
// are below 0x80 and in the set whose bitmap keep holds twice over, as
// bytes, to the room bytes at dst, 64 and then 32 at a time (see
// ecmaenc_amd64.s), and returns how many it copied; with dst nil, how many
// it would copy into room bytes.
//
//go:noescape
func keptASCIIAVX512(dst *byte, room int, src *uint16, n int, keep *[64]byte, k *utf16ToUTF8Consts) (used int)

// keptASCII copies the code units at the start of s that are below 0x80
// and in keep, as bytes, to the start of out, with AVX-512, and returns how
// many it copied: Encode steps 4.a-4.c for them.
func keptASCII(out []byte, s []uint16, keep *Set) int {
	if !useAVX512 || len(out) == 0 || len(s) == 0 {
		return 0
	}
	var b [64]byte
	return keptASCIIAVX512(&out[0], len(out), &s[0], len(s), bitmapOf(keep, &b), &utf16ToUTF8AVX512Consts)
}

// keptASCIILen returns how many code units at the start of s keptASCII
// would copy, without copying them (keptASCIIAVX512 with no dst), or 0
// without AVX-512.
func keptASCIILen(s []uint16, keep *Set) int {
	if !useAVX512 || len(s) == 0 {
		return 0
	}
	var b [64]byte
	return keptASCIIAVX512(nil, len(s), &s[0], len(s), bitmapOf(keep, &b), &utf16ToUTF8AVX512Consts)
}

// The bitmaps of the unescaped sets of encodeURI and encodeURIComponent,
// made once.
var encodeURIBitmap, encodeURIComponentBitmap = keepBitmap(&encodeURIUnescapedSet), keepBitmap(&uriUnescapedSet)

// bitmapOf returns keepBitmap(keep): one made once for the sets of
// encodeURI and encodeURIComponent, else b filled.
func bitmapOf(keep *Set, b *[64]byte) *[64]byte {
	switch *keep {
	case uriUnescapedSet:
		return &encodeURIComponentBitmap
	case encodeURIUnescapedSet:
		return &encodeURIBitmap
	}
	*b = keepBitmap(keep)
	return b
}

// encodeURIVectors are the octet encoders' vector path readied once for
// the unescaped sets of encodeURIComponent and encodeURI, as
// octetVectorOf hands them out (readying one took about a twentieth of
// encoding a kilobyte of mixed text).
var encodeURIVectors = func() (v [2]octetVector) {
	v[0].init(&uriUnescapedSet, false)
	v[1].init(&encodeURIUnescapedSet, false)
	return v
}()

// octetVectorOf returns the octet encoders' vector path readied for the
// ASCII set k, without '+' for space: one of encodeURIVectors, when k is
// its set and it was readied for the kernels in use (tests switch them),
// else v, readied for k. Without the vector path (useEncodeOctets) it
// returns v as it is.
func octetVectorOf(k *Set, v *octetVector) *octetVector {
	if !useEncodeOctets {
		return v
	}
	for i, set := range [2]*Set{&uriUnescapedSet, &encodeURIUnescapedSet} {
		if *k == *set && encodeURIVectors[i].wide == useEncodeOctets512 {
			return &encodeURIVectors[i]
		}
	}
	v.init(k, false)
	return v
}

// encodeUTF16OctetsAVX512 runs Encode step 4 over the code units at the
// start of the n at src into the room bytes at dst, through UTF-8: the
// octets of utf16ToUTF8AVX512's blocks, gathered in its frame, escaped by
// encodeOctetsAVX512 with set and oc (see ecmaenc_amd64.s), up to the
// first block of 64 units with a surrogate. It returns the units it used
// and the bytes it wrote, or 0, 0 and short when the output does not fit.
//
//go:noescape
func encodeUTF16OctetsAVX512(dst *byte, room int, src *uint16, n int, set *octetSet, oc *octetConsts, k *utf16ToUTF8Consts) (used, wrote int, short bool)

// encodeUTF16Octets runs Encode step 4 over the start of s into the start
// of room with encodeUTF16OctetsAVX512, where v is readied for the AVX-512
// octet kernel, and returns the units it used and the bytes it wrote, or
// 0, 0 and short when it found that the output of s does not fit room;
// encodeUTF8Into does the rest.
func encodeUTF16Octets(room []byte, s []uint16, v *octetVector) (used, wrote int, short bool) {
	if !useAVX512 || !v.wide || len(room) == 0 || len(s) == 0 {
		return 0, 0, false
	}
	return encodeUTF16OctetsAVX512(&room[0], len(room), &s[0], len(s), &v.set, &octetEncodeConsts, &utf16ToUTF8AVX512Consts)
}
