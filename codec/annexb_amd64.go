//go:build !purego

package codec

// This file and annexb_amd64.s hold the AVX2 path of Annex B's escape (see
// annexb.go): narrowLatin1AVX2 gathers the code units below 256 into bytes,
// 32 at a time, for escapeLatin1 to escape as octets (its plain twin is
// narrowLatin1Plain, which annexb_amd64_test.go holds it to).

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
