package codec

import (
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
	return string(AppendEscape(make([]byte, 0, len(s)), s))
}

// EscapeString is [Escape] on the UTF-16 form of the Go string s. Each byte
// of s that is not part of a valid UTF-8 sequence is taken as U+FFFD, as a
// for-range loop over s takes it. When every byte of s is in [EscapeKeep],
// it returns s itself.
func EscapeString(s string) string {
	if indexNotIn(s, &EscapeKeep) == len(s) {
		return s
	}
	b := make([]byte, 0, len(s))
	var pair [2]uint16
	for _, r := range s {
		if r < 0x10000 {
			pair[0] = uint16(r)
			b = appendEscape(b, pair[:1])
			continue
		}
		hi, lo := utf16.EncodeRune(r)
		pair[0], pair[1] = uint16(hi), uint16(lo)
		b = appendEscape(b, pair[:])
	}
	return string(b)
}

// AppendEscape appends [Escape] of s to dst and returns the extended
// buffer.
func AppendEscape(dst []byte, s []uint16) []byte {
	return appendEscape(dst, s)
}

// appendEscape is Annex B.2.1 steps 5 to 16 over s.
func appendEscape(dst []byte, s []uint16) []byte {
	const hex = "0123456789ABCDEF"
	for _, c := range s { // steps 5, 6, 15, 16
		switch {
		case c < 0x80 && EscapeKeep.Contains(byte(c)): // step 7 → 13
			dst = append(dst, byte(c))
		case c < 256: // step 8 → 11
			dst = append(dst, '%', hex[c>>4], hex[c&15])
		default: // step 9
			dst = append(dst, '%', 'u', hex[c>>12], hex[c>>8&15], hex[c>>4&15], hex[c&15])
		}
	}
	return dst
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
func UnescapeString(s string) string {
	if strings.IndexByte(s, '%') < 0 && utf8.ValidString(s) {
		return s
	}
	return string(utf16.Decode(Unescape(utf16.Encode([]rune(s)))))
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
