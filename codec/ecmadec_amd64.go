//go:build !purego

package codec

// The AVX-512 kernels of the ECMAScript Decode (ecmadec_amd64.s), each with
// a plain Go twin in ecmadecode.go that ecmadec_test.go holds it to, and
// which -tags purego and other GOARCHes use (ecmadec_other.go):
//
//   - narrowASCIIAVX512: code units below 0x80 to bytes, 32 at a time
//     (through narrowASCII; the plain path is narrowASCIIPlain);
//   - utf8ToUTF16AVX512: UTF-8 octets to UTF-16 code units, ASCII 32 at
//     a time (VPMOVZXBW) and one-, two- and three-octet sequences 64
//     octets at a time (checked as UTF-8 with masks, made units where
//     their leads stand, gathered with VPCOMPRESSW), one at a time where
//     a block fails its checks (through utf8ToUTF16Kernel; the plain path
//     is utf8ToUTF16Step's loop);
//   - ecmaUnitOctetsAVX512: the escapes of ASCII code units decoded to
//     octets as decodeOctetsAVX512 does, reading the units (64 at a time,
//     narrowed in registers), so that the ASCII blocks of a chunk need no
//     narrowing pass (through unitOctetsKernel; the plain path is
//     narrowASCII then ecmaOctets);
//   - ecmadecCountAVX512: the count of decodedUnits (the length of the
//     result DecodeUTF16 allocates), 32 units at a time (through
//     decodedUnitsKernel; the plain path is decodedUnitsDelta).
//
// The octet path decodes escapes with the octet decoders'
// decodeOctetsAVX512 with a keep table (scan_amd64.go; through
// ecmaOctetsPadded for the []uint16 forms' chunks and decodeOctets for the
// string forms; the plain path is ecmaOctets' byte loop) and checks UTF-8
// with validUTF8 (utf8_amd64.go) or as it transcodes.
//
// They are used when the CPU has the AVX-512 of decodeOctetsAVX512
// (useAVX512).

//go:noescape
func narrowASCIIAVX512(dst *byte, src *uint16, n int) int

//go:noescape
func utf8ToUTF16AVX512(dst *uint16, src *byte, n int) (used, wrote int)

//go:noescape
func ecmadecCountAVX512(s *uint16, n int, kept bool) (scanned, delta int)

//go:noescape
func ecmaUnitOctetsAVX512(dst *byte, src *uint16, n int, keep *ecmaKeepTable) (used, wrote int)

// useECMAOctets says whether Decode takes the octet path (decodeOctetPath
// for the []uint16 forms, decodeOctetString for the string forms): with
// AVX-512. Tests turn it on and off to compare the paths.
var useECMAOctets = useAVX512

// hasECMAKernels says whether the CPU can run the kernels, and
// useECMAKernels whether the octet path calls them or their plain twins;
// tests turn it off to run the twins.
var hasECMAKernels = useAVX512

var useECMAKernels = hasECMAKernels

// narrowASCII stores the leading code units of src below 0x80 as bytes in
// dst (room for len(src)) and returns how many; units of src from there on
// may be stored too.
func narrowASCII(dst []byte, src []uint16) int {
	i := 0
	if useECMAKernels && len(src) >= 32 {
		i = narrowASCIIAVX512(&dst[0], &src[0], len(src))
		if i < len(src)&^31 {
			return i
		}
	}
	return i + narrowASCIIPlain(dst[i:], src[i:])
}

// utf8ToUTF16Kernel writes the start of the UTF-8 octets b to out (room
// for len(b) units) as utf8ToUTF16 does, up to a four-octet sequence or an
// invalid one, and returns the octets it used and the units it wrote.
func utf8ToUTF16Kernel(out []uint16, b []byte) (used, wrote int) {
	if !useECMAKernels || len(b) == 0 {
		return 0, 0
	}
	return utf8ToUTF16AVX512(&out[0], &b[0], len(b))
}

// decodedUnitsKernel counts for decodedUnits, with ecmadecCountAVX512, the
// start of s: it returns how many units it scanned (a multiple of 32, at
// least one unit short of len(s), so that the unit after each '%' it sees
// is in s) and what their '%' change the count by, as decodedUnitsDelta
// says.
func decodedUnitsKernel(s []uint16, kept bool) (scanned, delta int) {
	if !useECMAKernels || len(s) < 33 {
		return 0, 0
	}
	return ecmadecCountAVX512(&s[0], len(s), kept)
}

// unitOctetsKernel decodes the escapes of the start of the code units src
// into out as ecmaOctets does over their bytes, with ecmaUnitOctetsAVX512
// and the keep table kt, and returns the units it used and the bytes it
// wrote: it stops before a block of 64 units with a unit at or above 0x80
// (or, when the block has an escape, in the 2 units after it), before one
// with a '%' not followed by two hex digits (one cut by the end of src
// included), or at the end; never inside an escape it decodes (it may stop
// inside one it keeps, whose units are copied as they stand either way).
// It does nothing unless out has room for len(src)+64 bytes.
func unitOctetsKernel(out []byte, src []uint16, kt *ecmaKeepTable) (used, wrote int) {
	if !useECMAKernels || len(src) == 0 || len(out) < len(src)+64 {
		return 0, 0
	}
	return ecmaUnitOctetsAVX512(&out[0], &src[0], len(src), kt)
}

// ecmaOctetsPadded decodes the escapes of src into out as ecmaOctets does,
// with one call of the octet decoders' decodeOctetsAVX512 and the keep
// table kt, and returns the bytes it used and wrote: it stops before a
// block with a '%' not followed by two hex digits, or when fewer than 66
// bytes of src are left (ecmaOctetsChunk pads src so that none of the
// chunk is). out has room for len(src) bytes.
func ecmaOctetsPadded(out, src []byte, kt *ecmaKeepTable) (used, wrote int) {
	return decodeOctetsAVX512(&out[0], len(out), &src[0], len(src), '%', kt, &octetDecodeAVX2Consts)
}

// ecmaNarrowIndex holds the byte indexes (2j) with which
// ecmaUnitOctetsAVX512 takes the low bytes of 64 units in two registers.
//
//lint:ignore U1000 read by ecmadec_amd64.s (·ecmaNarrowIndex(SB)), which staticcheck does not see
var ecmaNarrowIndex = func() (t [64]byte) {
	for j := range t {
		t[j] = byte(2 * j)
	}
	return t
}()

// ecmaHexTable is the value of each hex digit below 0x80 at its index,
// and 0x80 at the index of every other byte below 0x80: the table through
// which ecmaUnitOctetsAVX512 reads digits (one VPERMI2B of two registers).
//
//lint:ignore U1000 read by ecmadec_amd64.s (·ecmaHexTable(SB)), which staticcheck does not see
var ecmaHexTable = func() (t [128]byte) {
	for c := range t {
		t[c] = 0x80
		if v := unhex[c]; v < 16 {
			t[c] = v
		}
	}
	return t
}()

// utf16Interleave holds the byte indexes with which utf8ToUTF16AVX512
// interleaves the low bytes (one register) and high bytes (another) of
// 64 units: those of units 0-31 (j, 64+j for bytes 2j and 2j+1), then those
// of units 32-63.
//
//lint:ignore U1000 read by ecmadec_amd64.s (·utf16Interleave(SB)), which staticcheck does not see
var utf16Interleave = func() (t [2][64]byte) {
	for j := range 32 {
		t[0][2*j], t[0][2*j+1] = byte(j), byte(64+j)
		t[1][2*j], t[1][2*j+1] = byte(32+j), byte(96+j)
	}
	return t
}()
