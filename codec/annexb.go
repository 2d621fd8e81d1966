package codec

import (
	"encoding/binary"
	"slices"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// This file holds escape and unescape of ECMA-262 5.1 Annex B.2.1 and
// B.2.2, the legacy global functions that every engine still ships. They
// work on UTF-16 code units, as the Annex words them; step numbers in the
// comments are those of the 5.1 text. Neither function can fail: escape
// encodes every code unit, lone surrogates included, and unescape keeps a
// '%' that does not start a well-formed escape as it is.
//
// 5.1 says "hexadecimal digits" without a case. ES2015 (B.2.1.1 step
// 6.b/6.c, "formatted as an uppercase hexadecimal number") makes escape's
// digits uppercase, as every engine wrote them before; this file does
// too. unescape reads either case in every edition.

// EscapeKeep is the set escape leaves as it is (Annex B.2.1 step 7): the 69
// nonblank characters "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789@*_+-./".
//
//	escape-keep = ALPHA / DIGIT / "@" / "*" / "_" / "+" / "-" / "." / "/"
var EscapeKeep = alnum.With("@*_+-./")

// Escape returns escape(s) of ECMA-262 5.1 Annex B.2.1, for the string of
// UTF-16 code units s: each code unit of [EscapeKeep] as it is (step 13),
// any other below 256 as "%XY" (step 11), and every other, a lone surrogate
// as much as half of a pair, as "%uWXYZ" (step 9), with uppercase digits.
func Escape(s []uint16) string {
	if len(s) == 0 {
		return ""
	}
	b := appendEscape(make([]byte, 0, escapedLen(s)), s) // one allocation, of the exact length
	return unsafeString(b)                               // b is new and not kept
}

// EscapeString is [Escape] on the UTF-16 form of the Go string s. Each byte
// of s that is not part of a valid UTF-8 sequence is taken as U+FFFD, as a
// for-range loop over s takes it. When every byte of s is in [EscapeKeep],
// it returns s itself; otherwise a short s is escaped into a buffer on the
// stack and converted, one allocation (and those of append's growth when
// its invalid bytes outgrow the buffer), and a long s sized first and
// escaped into one allocation of the exact length.
func EscapeString(s string) string {
	i := indexNotIn(s, &EscapeKeep)
	if i == len(s) {
		return s
	}
	if 3*len(s) <= encodeStackMax {
		// Valid UTF-8 escapes to at most three bytes a byte: escape into
		// a buffer on the stack and convert once. Invalid bytes, six
		// bytes each, may outgrow it, into append's allocations.
		var buf [encodeStackMax]byte
		return string(appendEscapeString(buf[:0], s))
	}
	n := i
	for j := i; j < len(s); {
		if m := escapeByteTable.n[s[j]]; m != 0 {
			n += int(m)
			j++
		} else if r, size := runeAt(s, j); size > 0 {
			n += escapedRuneLen(r)
			j += size
		} else {
			n += 6 // U+FFFD
			j++
		}
	}
	b := append(make([]byte, 0, n), s[:i]...)
	return unsafeString(appendEscapeString(b, s[i:])) // new and not kept
}

// escapeBlock is the size of the buffer on the stack through which the
// escape loops write: each iteration writes at most 12 bytes, as 8-byte
// stores at masked indexes, and the buffer is flushed 16 bytes from its end.
const escapeBlock, escapeMask = 1024, 1023

// appendEscapeString appends escape of the UTF-16 form of s to b, each byte
// not part of a valid UTF-8 sequence taken as U+FFFD.
func appendEscapeString(b []byte, s string) []byte {
	var buf [escapeBlock + 16]byte
	k := 0
	for i := 0; i < len(s); {
		p := k & escapeMask
		c := s[i]
		if m := escapeByteTable.n[c]; m != 0 { // steps 7 → 13, 8 → 11, 9
			binary.LittleEndian.PutUint64(buf[p:p+8], escapeByteTable.w[c])
			k += int(m)
			i++
		} else if r, size := runeAt(s, i); size == 0 { // U+FFFD: step 9
			binary.LittleEndian.PutUint64(buf[p:p+8], escapeU(0xFFFD))
			k += 6
			i++
		} else {
			i += size
			switch {
			case r < 0x100: // step 8 → 11
				binary.LittleEndian.PutUint32(buf[p:p+4], escapeTable[r])
				k += 3
			case r < 0x10000: // step 9
				binary.LittleEndian.PutUint64(buf[p:p+8], escapeU(uint16(r)))
				k += 6
			default: // step 9 for each unit of the pair
				hi, lo := utf16.EncodeRune(r)
				binary.LittleEndian.PutUint64(buf[p:p+8], escapeU(uint16(hi)))
				binary.LittleEndian.PutUint64(buf[p+6:p+14], escapeU(uint16(lo)))
				k += 12
			}
		}
		if k > escapeBlock-16 {
			b = append(b, buf[:k]...)
			k = 0
		}
	}
	return append(b, buf[:k]...)
}

// escapeUnitTable is what escape writes for each code unit below 256, as
// an encTable: the unit itself for [EscapeKeep] (step 13), else "%XY"
// (step 11).
var escapeUnitTable = func() (t encTable) {
	t.fill(&EscapeKeep, false)
	return t
}()

// escapeByteTable is what appendEscapeString writes for each byte of a Go
// string, U+FFFD's "%uFFFD" for a byte that is never valid UTF-8 there.
var escapeByteTable = func() (t byteEscapes) {
	t.fill(&EscapeKeep, 6, escapeU(0xFFFD))
	return t
}()

// hexPairs holds the two uppercase hexadecimal digits of each byte, the
// first in the low byte.
var hexPairs = func() (t [256]uint16) {
	for c := range t {
		t[c] = uint16(upperHex[c>>4]) | uint16(upperHex[c&15])<<8
	}
	return t
}()

// escapeU returns "%uWXYZ" for the code unit c (step 9) in the low six
// bytes of a little-endian word.
func escapeU(c uint16) uint64 {
	return '%' | 'u'<<8 | uint64(hexPairs[c>>8])<<16 | uint64(hexPairs[c&255])<<32
}

// escapedRuneLen is the length of escape's output for the code units of
// the rune r, which is not ASCII.
func escapedRuneLen(r rune) int {
	switch {
	case r < 0x100:
		return 3 // step 11
	case r < 0x10000:
		return 6 // step 9
	}
	return 12 // two code units
}

// escapedLen is the length of escape(s).
func escapedLen(s []uint16) int {
	n := 0
	for _, c := range s {
		if c < 256 {
			n += int(escapeUnitTable[c] >> 24) // step 13 or 11
		} else {
			n += 6 // step 9
		}
	}
	return n
}

// AppendEscape appends [Escape] of s to dst and returns the extended
// buffer. It grows dst at most once, by exactly what is missing, and does
// not size the result when dst has room for the longest.
func AppendEscape(dst []byte, s []uint16) []byte {
	if room := cap(dst) - len(dst); room < 6*len(s) { // 6: the longest step
		if n := escapedLen(s); room < n {
			dst = slices.Grow(dst, n)
		}
	}
	return appendEscape(dst, s)
}

// appendEscape is Annex B.2.1 steps 5 to 16 over s, written through a
// buffer on the stack as appendEscapeString does.
func appendEscape(dst []byte, s []uint16) []byte {
	var buf [escapeBlock + 16]byte
	k := 0
	for _, c := range s { // steps 5, 6, 15, 16
		p := k & escapeMask
		if c < 256 { // steps 7 → 13, 8 → 11
			v := escapeUnitTable[c]
			binary.LittleEndian.PutUint32(buf[p:p+4], v)
			k += int(v >> 24)
		} else { // step 9
			binary.LittleEndian.PutUint64(buf[p:p+8], escapeU(c))
			k += 6
		}
		if k > escapeBlock-16 {
			dst = append(dst, buf[:k]...)
			k = 0
		}
	}
	return append(dst, buf[:k]...)
}

// Unescape returns unescape(s) of ECMA-262 5.1 Annex B.2.2, for the string
// of UTF-16 code units s: "%uWXYZ" with four hexadecimal digits becomes the
// code unit 0xWXYZ (steps 8 to 12), which may be a lone surrogate; "%XY"
// with two becomes the code unit 0x00XY (steps 14 to 16); every other code
// unit, a '%' that starts neither among them, is kept as it is (step 18).
func Unescape(s []uint16) []uint16 {
	return AppendUnescape(make([]uint16, 0, len(s)), s)
}

// UnescapeString is [Unescape] on the UTF-16 form of the Go string s,
// returned as UTF-8. Each byte of s that is not part of a valid UTF-8
// sequence is taken as U+FFFD, and a lone surrogate in the result (from
// "%uD800", say, which a Go string cannot hold) is written as U+FFFD.
// When s is valid UTF-8 without '%', it returns s itself.
//
// It works on the bytes of s: the escapes are ASCII, so they are the same
// code units there, and a surrogate pair of the result can only come from
// two "%u" escapes in a row (a literal character of s is never a lone
// surrogate).
func UnescapeString(s string) string {
	i := strings.IndexByte(s, '%')
	valid := utf8.ValidString(s)
	if i < 0 && valid {
		return s
	}
	b := make([]byte, 0, len(s)) // room for the result of a valid s
	for {
		if i < 0 {
			i = len(s)
		}
		if i > 0 {
			b = appendUTF8Lit(b, s[:i], valid)
			s = s[i:]
		}
		if len(s) == 0 {
			break
		}
		// s[0] is '%'.
		switch v, n := unescapeAt(s); {
		case n == 0: // step 18: the '%' as it is
			b = append(b, '%')
			s = s[1:]
		case v < utf8.RuneSelf:
			b = append(b, byte(v))
			s = s[n:]
		case v >= 0x800 && !utf16.IsSurrogate(rune(v)): // three bytes, in line
			b = append(b, 0xE0|byte(v>>12), 0x80|byte(v>>6)&0x3F, 0x80|byte(v)&0x3F)
			s = s[n:]
		case utf16.IsSurrogate(rune(v)):
			r := utf8.RuneError
			if w, m := unescapeAt(s[n:]); m == 6 && v < surrLowMin && w >= surrLowMin && w <= surrLowMax {
				r = utf16.DecodeRune(rune(v), rune(w))
				n += m
			}
			b = utf8.AppendRune(b, r)
			s = s[n:]
		default:
			b = utf8.AppendRune(b, rune(v))
			s = s[n:]
		}
		if len(s) > 0 && s[0] == '%' {
			i = 0 // escapes in a row: no search
		} else {
			i = strings.IndexByte(s, '%')
		}
	}
	return unsafeString(b) // b is new and not kept
}

// unescapeAt returns the code unit of the escape "%uWXYZ" (steps 8 to 12)
// or "%XY" (steps 14 to 16) at the start of s and its length, or a length
// of 0 when s does not start with one.
func unescapeAt(s string) (uint16, int) {
	if len(s) >= 6 && s[0] == '%' && s[1] == 'u' {
		hi, ok1 := hexPair(uint16(s[2]), uint16(s[3]))
		lo, ok2 := hexPair(uint16(s[4]), uint16(s[5]))
		if ok1 && ok2 {
			return uint16(hi)<<8 | uint16(lo), 6
		}
	}
	if len(s) >= 3 && s[0] == '%' {
		if v, ok := hexPair(uint16(s[1]), uint16(s[2])); ok {
			return uint16(v), 3
		}
	}
	return 0, 0
}

// appendUTF8Lit appends the literal characters lit to b: as they are when
// the whole input is valid UTF-8, else with each invalid byte as U+FFFD.
func appendUTF8Lit(b []byte, lit string, valid bool) []byte {
	if valid || utf8.ValidString(lit) {
		return append(b, lit...)
	}
	for _, r := range lit {
		b = utf8.AppendRune(b, r)
	}
	return b
}

// AppendUnescape appends [Unescape] of s to dst and returns the extended
// buffer.
func AppendUnescape(dst, s []uint16) []uint16 {
	if indexPct16(s) < 0 {
		return append(dst, s...) // step 18 for every code unit
	}
	n := len(s)              // step 2
	for k := 0; k < n; k++ { // steps 4, 5, 19, 20
		c := s[k]     // step 6
		if c != '%' { // step 7
			dst = append(dst, c) // step 18
			continue
		}
		// Steps 8 to 10: k+5 must be in the string, then "u" and four
		// hexadecimal digits.
		if k <= n-6 && s[k+1] == 'u' {
			if v, ok := hex4(s[k+2 : k+6]); ok {
				dst = append(dst, v) // steps 11, 18
				k += 5               // step 12
				continue
			}
		}
		// Steps 14 and 15: k+2 must be in the string, then two
		// hexadecimal digits.
		if k <= n-3 {
			if v, ok := hexPair(s[k+1], s[k+2]); ok {
				dst = append(dst, uint16(v)) // steps 16, 18
				k += 2                       // step 17
				continue
			}
		}
		dst = append(dst, c) // step 18: the '%' as it is
	}
	return dst
}

// hex4 returns the value of four hexadecimal digits, and whether they
// all are (0-9, A-F, a-f).
func hex4(s []uint16) (uint16, bool) {
	hi, ok1 := hexPair(s[0], s[1])
	lo, ok2 := hexPair(s[2], s[3])
	return uint16(hi)<<8 | uint16(lo), ok1 && ok2
}
