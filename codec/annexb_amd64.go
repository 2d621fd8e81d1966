//go:build !purego

package codec

import "unsafe"

// This file and annexb_amd64.s hold the vector paths of Annex B's escape
// (see annexb.go), each held to its plain twin by annexb_amd64_test.go:
//
//   - narrowLatin1AVX2 gathers the code units below 256 into bytes, 32 at a
//     time, for escapeLatin1 to escape as octets (the plain twin is
//     narrowLatin1Plain);
//   - escapeUTF16AVX512 escapes 32 code units at a time, whatever they are,
//     with AVX-512, to the end of its input or of its room (the plain twin
//     is appendEscapeBuffered's unit loop);
//   - escapeUTF8AVX512 escapes valid UTF-8 for EscapeString, 32 bytes at
//     a time: decoded to code units (VPERMB, VPCOMPRESSW) and escaped 16
//     at a time (ESC16) when below 256, else 8 (the plain twin is
//     appendEscapeUTF8's character loop; TestEscapeUTF8AVX512 holds it to
//     the reference);
//   - escapeLenUTF8AVX512 and escapeLenUTF16AVX512 size EscapeString's
//     and Escape's results exactly (the plain twins are
//     escapedLenUTF8Plain and escapedLenPlain; TestEscapedLenAVX512);
//   - EscapeString decodes runs of 64 bytes and more of valid UTF-8 (and
//     the valid start of invalid UTF-8) to UTF-16 with Decode's
//     utf8ToUTF16Kernel (utf8ToUTF16Units, appendEscapeUTF8Vector) and
//     escapes them with escapeUTF16AVX512 (the plain twins are
//     appendEscapeUTF8's and appendEscapeRuns's loops; TestUTF8ToUTF16Units
//     holds it to utf16.Encode);
//   - widenAVX2 widens ASCII bytes to code units, 32 at a time, for
//     UnescapeString's vector path (unescapeVector; the plain twin is
//     widenASCII's loop);
//   - unescapeUTF16AVX512 unescapes 59 code units at a time (windows of
//     64) with AVX-512, to the end of its input (the plain twin is
//     appendUnescape's loop).

// narrowLatin1AVX2 writes the code units at src to dst as bytes, 32 at a
// time, while at least 32 of the n are left, up to the first block of 32
// that holds a unit at or above 256, and returns the units it wrote: a
// multiple of 32.
//
//go:noescape
func narrowLatin1AVX2(dst *byte, src *uint16, n int) int

// useNarrowAVX2 says whether narrowLatin1Blocks uses narrowLatin1AVX2: with
// AVX2 (useAVX2). Tests turn it off to compare paths.
var useNarrowAVX2 = useAVX2

// narrowLatin1Blocks writes to buf, one byte each, the code units of s
// below 256 in whole blocks of 32 from the start of s, up to the first
// block that holds a unit from 256 on, and returns how many it wrote.
func narrowLatin1Blocks(buf []byte, s []uint16) int {
	n := min(len(buf), len(s))
	if n < 32 {
		return 0
	}
	if useNarrowAVX2 {
		return narrowLatin1AVX2(&buf[0], &s[0], n)
	}
	return narrowLatin1Plain(buf, s)
}

// escapeUTF16AVX512 runs Annex B.2.1 steps 5 to 16 over blocks of 32 code
// units of the n at src (the last may be shorter), writing to the room
// bytes at dst while the escape of the next block fits, up to the end of
// src (see annexb_amd64.s); runs of units below 256 too, which it escapes
// faster than the octet encoders do once they are narrowed (AppendEscape
// into room it reuses: 2.4× on ASCII text, 1.4× on random units below
// 256). It writes nothing past room: its stores are whole while
// escape512Room bytes are left, and masked to the escape's bytes after. It
// returns the units it used and the bytes it wrote.
//
//go:noescape
func escapeUTF16AVX512(dst *byte, room int, src *uint16, n int, k *escape512Consts) (used, wrote int)

// escape512Consts are the constants of escapeUTF8AVX512 (ESC8, ESC16),
// and of escapeUTF16AVX512 (hex, and pat to pmerge): each quadword
// broadcast to the eight of a vector, then the hex digits in each 16-byte
// lane for VPSHUFB. Per escape of a unit in a quadword: the VPMULTISHIFTQB
// control that puts its nibbles in the digit bytes, the nibble mask of
// those bytes, their 0xFF mask, the rest of the escape ("%u", "%"), and
// the mask of its bytes (0x80 each) for a kept unit, "%XY" and "%uWXYZ";
// then the two words of the set, 1 and 64. The offsets are written in
// annexb_amd64.s.
type escape512Consts struct {
	ctrlU, ctrlX   uint64
	nibU, nibX     uint64
	digitU, digitX uint64
	restU, restX   uint64
	len1, len3     uint64
	len6           uint64
	set            [2]uint64
	one, sixtyFour uint64
	hex            [64]byte
	// For escapeUTF8AVX512: the VPERMB indexes that put octet j, j+1 and
	// j+2 in the low byte of word j; 0xC0, 0x80, 0xE0 and 0xF0 in every
	// byte; 0x3F and 0x7C0 in every word.
	idx0, idx1, idx2   [64]byte
	bC0, b80, bE0, bF0 [64]byte
	w3F, w7C0          [32]uint16
	// For ESC16: the set in four dwords (units 0-31 to 96-127, then 0);
	// 31, 1, 0x0F, '%', the digit bytes 1-2, the bytes of "%XY" and of a
	// kept unit (0x80 each) in every dword; 256 in every word.
	set4, d31, d1, d0F, dPct, dDigits, dLen3, dLen1 [16]uint32
	w256                                            [32]uint16
	// For escapeUTF16AVX512: the pattern of each byte below 128, the bytes
	// of its slot of 6 that its escape takes (0x20 for a byte of
	// EscapeKeep, else 0x31 for "%XY"; 0x3F for "%uWXYZ"); for each of the
	// three parts of 64 bytes of a block's 32 slots, the VPERMI2B indexes
	// that put, in unit j's slot, '%' and 'u' (left as they are), 64+2j+1,
	// 2j+1, 64+2j and 2j (its digits W, X, Y and Z, the unit itself in
	// place of Z when kept); 1 and 64 in each word, 1 and 4096 in each
	// dword, the VPERMB indexes of the low 3 bytes of each dword (which
	// put the patterns' 6 bits side by side); and the masks of the bytes
	// of each part's indexes that are not '%' or 'u'.
	pat    [128]byte
	part   [3][64]byte
	mul64  [32][2]byte
	mul4K  [16][2]uint16
	pack   [64]byte
	pmerge [3]uint64
}

// escape512Room is the room from which escapeUTF16AVX512 writes a block
// with whole stores (of 64 bytes, past the escape's end).
const escape512Room = 256

var escapeAVX512Consts = func() (k escape512Consts) {
	k.ctrlU = 12<<16 | 8<<24 | 4<<32 // unit bits 12, 8, 4, 0 at bytes 2-5
	k.ctrlX = 4 << 8                 // unit bits 4, 0 at bytes 1-2
	k.nibU, k.nibX = 0x0F0F0F0F0000, 0x0F0F00
	k.digitU, k.digitX = 0xFFFFFFFF0000, 0xFFFF00
	k.restU, k.restX = '%'|'u'<<8, '%'
	k.len1, k.len3, k.len6 = 0x80, 0x808080, 0x808080808080
	k.set = [2]uint64{escapeKeepSet.bits[0], escapeKeepSet.bits[1]}
	k.one, k.sixtyFour = 1, 64
	for i := range k.hex {
		k.hex[i] = upperHex[i&15]
	}
	for j := range 32 {
		k.idx0[2*j], k.idx1[2*j], k.idx2[2*j] = byte(j), byte(j+1), byte(j+2)
		k.w3F[j], k.w7C0[j] = 0x3F, 0x7C0
	}
	for i := range 64 {
		k.bC0[i], k.b80[i], k.bE0[i], k.bF0[i] = 0xC0, 0x80, 0xE0, 0xF0
	}
	for i := range 4 {
		k.set4[i] = uint32(escapeKeepSet.bits[i/2] >> (32 * (i % 2)))
	}
	for i := range 16 {
		k.d31[i], k.d1[i], k.d0F[i], k.dPct[i] = 31, 1, 0x0F, '%'
		k.dDigits[i], k.dLen3[i], k.dLen1[i] = 0xFFFF00, 0x808080, 0x80
	}
	for i := range 32 {
		k.w256[i] = 256
	}
	for c := range k.pat {
		k.pat[c] = 0x31
		if escapeKeepSet.Contains(byte(c)) {
			k.pat[c] = 0x20
		}
	}
	for b := range 3 * 64 {
		j, i := byte(b/6), b%6
		v := [6]byte{'%', 'u', 64 + 2*j + 1, 2*j + 1, 64 + 2*j, 2 * j}[i]
		k.part[b/64][b%64] = v
		if i >= 2 {
			k.pmerge[b/64] |= 1 << (b % 64)
		}
	}
	for i := range k.mul64 {
		k.mul64[i] = [2]byte{1, 64}
	}
	for i := range k.mul4K {
		k.mul4K[i] = [2]uint16{1, 4096}
	}
	for i := range k.pack {
		k.pack[i] = byte(i/3*4 + i%3)
	}
	return k
}()

// escapeUTF8AVX512 escapes the valid UTF-8 octets at src, n of them, into
// dst, which has room bytes, up to the first four-octet sequence, while
// 176 bytes of room are left and until 64 ASCII octets in a row (see
// annexb_amd64.s). It returns the octets it used, whole characters, and
// the bytes it wrote. It decodes UTF-8 in line. Since escapeUTF16AVX512
// escapes 32 units a block, appendEscapeUTF8 takes runs of 64 bytes and
// more through Decode's utf8ToUTF16Kernel and escapeUTF16AVX512 instead
// (0.87-0.94× this kernel's CPU time on the mostly-encoded and Latin-1
// inputs of BenchmarkAnnexB, the same on mixed; interleaved medians,
// under load, before both kernels stopped chaining their compresses
// through one register, and not measured again since), and this kernel
// has the rest: shorter runs.
//
//go:noescape
func escapeUTF8AVX512(dst *byte, room int, src *byte, n int, k *escape512Consts) (used, wrote int)

// useEscapeUTF8512 says whether EscapeString takes valid UTF-8 through
// escapeUTF8AVX512 and sizes its result with escapeLenUTF8AVX512: with
// AVX-512 (useAVX512). Tests turn it off to compare paths.
var useEscapeUTF8512 = useAVX512

// escapeUTF8Units runs escapeUTF8AVX512 over the start of the valid UTF-8
// s into the start of room. It returns the bytes of s it used and the
// bytes it wrote: none without AVX-512 (useEscapeUTF8512), when room is
// short of escapeUTF8Room, or s starts with a four-byte character or, at
// least 64 bytes long, with 64 ASCII bytes.
func escapeUTF8Units(room []byte, s string) (used, wrote int) {
	if !useEscapeUTF8512 || len(room) < escapeUTF8Room || len(s) == 0 {
		return 0, 0
	}
	return escapeUTF8AVX512(&room[0], len(room), unsafe.StringData(s), len(s), &escapeAVX512Consts)
}

// escapeLenUTF8AVX512 returns the sum of t[c] over the n octets c at src.
//
//go:noescape
func escapeLenUTF8AVX512(src *byte, n int, t *[256]byte) int

// escapeLenUTF16AVX512 returns the length of escape of the n code units at
// src, with t[c] the length of the escape of c below 0x80.
//
//go:noescape
func escapeLenUTF16AVX512(src *uint16, n int, t *[256]byte) int

// escapedLenUTF8 is the length of escape of the UTF-16 form of the valid
// UTF-8 s: escapeLenUTF8AVX512 with escapeLenTable where the CPU has
// AVX-512, else escapedLenUTF8Plain.
func escapedLenUTF8(s string) int {
	if useEscapeUTF8512 && len(s) > 0 {
		return escapeLenUTF8AVX512(unsafe.StringData(s), len(s), &escapeLenTable)
	}
	return escapedLenUTF8Plain(s)
}

// escapedLen is the length of escape(s): escapeLenUTF16AVX512 where the
// CPU has AVX-512; else, with AVX2, the ECMAScript encoder's count
// (vectorEncoder) over blocks of 32 ASCII units, whose escape it counts
// exactly (escape's and Encode's lengths agree below 0x80), and
// escapedLenPlain over the 32 units from one that stops it.
func escapedLen(s []uint16) int {
	if useEscape512 && len(s) > 0 {
		return escapeLenUTF16AVX512(&s[0], len(s), &escapeLenTable)
	}
	var w vectorEncoder
	w.init(&escapeKeepSet, len(s))
	if !w.ok {
		return escapedLenPlain(s)
	}
	n := 0
	for len(s) > 0 {
		used, m := w.count(s)
		n += m
		s = s[used:]
		j := min(len(s), 32)
		n += escapedLenPlain(s[:j])
		s = s[j:]
	}
	return n
}

// useEscape512 says whether appendEscape uses escapeUTF16AVX512: with
// AVX-512 (useAVX512). Tests turn it off to compare paths.
var useEscape512 = useAVX512

// escapeUnits512 runs escapeUTF16AVX512 over the start of s into the
// start of room, when the CPU has AVX-512. It returns the units it used
// and the bytes it wrote.
func escapeUnits512(room []byte, s []uint16) (used, wrote int) {
	if !useEscape512 || len(s) == 0 || len(room) == 0 {
		return 0, 0
	}
	return escapeUTF16AVX512(&room[0], len(room), &s[0], len(s), &escapeAVX512Consts)
}

// unescapeUTF16AVX512 runs Annex B.2.2 steps 4 to 20 over all the n code
// units at src, in windows of 64 units of which it takes 59 (see
// annexb_amd64.s), writing to dst, which must have room for n units. It
// returns the units it used, n, and the units it wrote.
//
//go:noescape
func unescapeUTF16AVX512(dst *uint16, src *uint16, n int, k *unescape512Consts) (used, wrote int)

// unescape512Consts are the constants of unescapeUTF16AVX512: the value of
// each hexadecimal digit below 128 (0x80 for every other byte), then the
// VPERMB indexes that put byte j+1 at byte j, then the VPERMI2B indexes
// (of a table and 0s) that put byte j+1 at the low byte of word j and a 0
// (64) at its high byte (for the window's units 0-31, then byte j+33 for
// 32-63), and bytes j+4 and j+2 at its low and high bytes (then j+36 and
// j+34), then the VPERMQ indexes that put the quadwords of VPACKUSWB in
// order. The offsets are written in annexb_amd64.s.
type unescape512Consts struct {
	hex                      [128]byte
	shift1, idxXYLo, idxXYHi [64]byte
	idxULo, idxUHi           [64]byte
	perm                     [8]uint64
}

var unescapeAVX512Consts = func() (k unescape512Consts) {
	for c := range k.hex {
		k.hex[c] = 0x80
		if v := unhex[c]; v <= 0xF {
			k.hex[c] = v
		}
	}
	for j := range 64 {
		k.shift1[j] = byte(j + 1)
	}
	for j := range 32 {
		k.idxXYLo[2*j], k.idxXYLo[2*j+1] = byte(j+1), 64
		k.idxXYHi[2*j], k.idxXYHi[2*j+1] = byte(j+33), 64
		k.idxULo[2*j], k.idxULo[2*j+1] = byte(j+4), byte(j+2)
		k.idxUHi[2*j], k.idxUHi[2*j+1] = byte(j+36), byte(j+34)
	}
	k.perm = [8]uint64{0, 2, 4, 6, 1, 3, 5, 7}
	return k
}()

// useUnescape512 says whether appendUnescape uses unescapeUTF16AVX512: with
// AVX-512 (useAVX512). Tests turn it off to compare paths.
var useUnescape512 = useAVX512

// unescapeUnits512 runs unescapeUTF16AVX512 over s, which must not start
// inside an escape, into the start of out, when the CPU has AVX-512 and
// out is as long as s. It returns the units it used, all of s or none,
// and the units it wrote.
func unescapeUnits512(out, s []uint16) (used, wrote int) {
	if !useUnescape512 || len(s) == 0 || len(out) < len(s) {
		return 0, 0
	}
	return unescapeUTF16AVX512(&out[0], &s[0], len(s), &unescapeAVX512Consts)
}

// useUTF8ToUTF16512 says whether appendEscapeRuns transcodes UTF-8 to
// UTF-16 with Decode's kernel (utf8ToUTF16Kernel, ecmadec_amd64.go): with
// AVX-512 (useAVX512). Tests turn it off to compare paths.
var useUTF8ToUTF16512 = useAVX512

// utf8ToUTF16Units writes the UTF-16 form of the start of s to u with
// utf8ToUTF16Kernel, when the CPU has AVX-512 and both are long enough, and
// returns the bytes of s it used and the units it wrote: whole valid
// characters, up to the first four-byte or invalid sequence.
func utf8ToUTF16Units(u []uint16, s string) (used, wrote int) {
	if !useUTF8ToUTF16512 || len(s) < 64 || len(u) < 64 {
		return 0, 0
	}
	n := min(len(s), len(u))
	return utf8ToUTF16Kernel(u[:n], unsafe.Slice(unsafe.StringData(s), n))
}

// widenAVX2 writes the bytes at src to dst as code units, 32 at a time
// while 32 of the n are left, and returns how many it wrote.
//
//go:noescape
func widenAVX2(dst *uint16, src *byte, n int) int

// useWidenAVX2 says whether widenASCII uses widenAVX2: with AVX2
// (useAVX2). Tests turn it off to compare paths.
var useWidenAVX2 = useAVX2

// widenASCII writes the ASCII bytes s to u as code units, which must have
// room for them: 32 at a time with AVX2 (widenAVX2), the rest one by one.
func widenASCII(u []uint16, s string) {
	u = u[:len(s)]
	i := 0
	if useWidenAVX2 && len(s) >= 32 {
		i = widenAVX2(&u[0], unsafe.StringData(s), len(s))
	}
	for ; i < len(s); i++ {
		u[i] = uint16(s[i])
	}
}
