package codec

import "math/bits"

// This file holds the plain Go scan of the octet decoders (decodeInto):
// where is the next byte that is not copied as it is, '%' or, when '+'
// reads as space, '+'. indexSpecial (scan_amd64.go with AVX2, or
// scan_other.go) goes through it; scan_amd64_test.go and decode_test.go
// check every path against the byte loop indexSpecialBytes.

// Word constants of indexSpecialWord: 0x01 and 0x80 in every byte.
const (
	wordOnes  = 0x0101010101010101
	wordHighs = 0x8080808080808080
)

// indexSpecialWord returns the index of the first byte of s that is '%' or
// second, or len(s) when there is none. It reads 8 bytes at a time as a
// word w: a byte of w equal to c is a zero byte of w^(c*0x01...), and
// (x-0x01...) &^ x has its top bit set in some byte exactly when x has a
// zero byte (Hacker's Delight, 2nd ed., §6-1), and its lowest set bit
// is in the first zero byte (specialMask).
func indexSpecialWord[S string | []byte](s S, second byte) int {
	i := 0
	for ; len(s)-i >= 8; i += 8 {
		if m := specialMask(load64(s, i), second); m != 0 {
			return i + bits.TrailingZeros64(m)>>3
		}
	}
	return i + indexSpecialBytes(s[i:], second)
}

// specialMask returns, for the little-endian word w of 8 bytes, a mask
// with the top bit of each byte that is '%' or second set, up to and
// including the first such byte; bits above it may be set too (the borrow
// of the subtraction runs on from a zero byte), so only its lowest set bit
// is meaningful: the first such byte is bits.TrailingZeros64(m)/8. It is
// zero when there is none.
func specialMask(w uint64, second byte) uint64 {
	x, y := w^(wordOnes*'%'), w^(wordOnes*uint64(second))
	return ((x-wordOnes)&^x | (y-wordOnes)&^y) & wordHighs
}

// indexSpecialBytes is indexSpecialWord one byte at a time: the plain
// path, and the reference the others are tested against.
func indexSpecialBytes[S string | []byte](s S, second byte) int {
	for i := 0; i < len(s); i++ {
		if s[i] == '%' || s[i] == second {
			return i
		}
	}
	return len(s)
}

// load64 returns the 8 bytes of s from i as a little-endian word (the
// compiler merges the loads into one where the CPU allows).
func load64[S string | []byte](s S, i int) uint64 {
	s = s[i : i+8]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}
