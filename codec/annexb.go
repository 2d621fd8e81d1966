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
// It allocates once: a short s is escaped into a buffer on the stack and
// converted, a long one sized first.
func Escape(s []uint16) string {
	if len(s) == 0 {
		return ""
	}
	if 6*len(s) <= escapeStackMax { // 6: the longest step
		var buf [escapeStackMax]byte
		return string(appendEscape(buf[:0], s))
	}
	b := appendEscape(make([]byte, 0, escapedLen(s)), s) // the exact length
	return unsafeString(b)                               // b is new and not kept
}

// escapeStackMax is the longest result Escape builds on its stack.
const escapeStackMax = 8192

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
		return string(appendEscapeString(append(buf[:0], s[:i]...), s[i:]))
	}
	n := i + escapedStringLen(s[i:])
	b := append(make([]byte, 0, n), s[:i]...)
	return unsafeString(appendEscapeString(b, s[i:])) // new and not kept
}

// escapeBlock is the size of the buffer on the stack through which the
// escape loops write: each step writes at most 12 bytes, as 8-byte stores,
// and the loops flush the buffer before it holds escapeBlock bytes.
const escapeBlock = 1024

// latin1Bulk is the shortest run of code units below 256 that the escape
// loops escape in bulk, as the octet encoders do (escapeLatin1), rather
// than a unit at a time through their buffer on the stack.
const latin1Bulk = 64

// escapeLatin1 appends escape of the code units b, each below 256 and held
// as one byte, to dst. For these units escape is the octet encoders'
// percent-encoding with the kept octets [EscapeKeep]: a unit of the set as
// it is (steps 7 and 13), any other as "%XY" (steps 8 and 11), which is
// the escape of the octet of the same value. So it runs their paths, 64
// octets at a time where the CPU has AVX-512.
func escapeLatin1[S string | []byte](dst []byte, b S) []byte {
	if useEncodeOctets512 && len(b) >= encodeOctetsMin {
		dst, b = encodeOctets(dst, b, &EscapeKeep, false)
	}
	return encodeWithTable(dst, b, &escapeUnitTable)
}

// asciiPrefix returns the length of the run of ASCII bytes at the start of
// s, eight at a time.
func asciiPrefix(s string) int {
	i := 0
	for ; i+8 <= len(s); i += 8 {
		if load64(s, i)&0x8080808080808080 != 0 {
			break
		}
	}
	for i < len(s) && s[i] < utf8.RuneSelf {
		i++
	}
	return i
}

// escapeUTF8Table is what appendEscapeString writes for each byte of a Go
// string, by the class of the byte before it (escapeUTF8Class): after any
// but a lead 0xC2 or 0xC3, an ASCII byte as escapeUnitTable writes it and
// such a lead as nothing; after one of them, a continuation byte as the
// escape of the code point of the two, 0x80 to 0xFF (step 11). Every other
// byte, which starts or ends something else, has escapeStop set.
var escapeUTF8Table = func() (t [3 * 256]uint32) {
	for c := range 256 {
		switch {
		case c < utf8.RuneSelf:
			t[c] = escapeUnitTable[c]
		case c == 0xC2 || c == 0xC3:
			t[c] = 0 // nothing yet
		default:
			t[c] = escapeStop
		}
		for lead := 1; lead <= 2; lead++ {
			if c&0xC0 == 0x80 {
				t[lead<<8|c] = escapeUnitTable[(lead+1)<<6&0xC0|c&0x3F]
			} else {
				t[lead<<8|c] = escapeStop
			}
		}
	}
	return t
}()

// escapeStop marks a byte of escapeUTF8Table that its loops leave to the
// rune by rune one.
const escapeStop = 1 << 31

// escapeUTF8Class is the row of escapeUTF8Table for the byte after each
// byte: 256 after 0xC2, 512 after 0xC3, else 0.
var escapeUTF8Class = func() (t [256]uint16) {
	t[0xC2], t[0xC3] = 256, 512
	return t
}()

// escapeUTF8Latin1 writes escape of the code points below 256 at the start
// of s to buf from k on, ASCII bytes and valid two-byte UTF-8 sequences,
// while k is at most limit, through escapeUTF8Table. It returns the bytes
// of s it read and the new k. Each byte's entry depends on that byte and
// the one before only, so the loop has no branch on which a byte is, as
// random text has them in no order a branch predictor could follow.
func escapeUTF8Latin1(buf *[escapeBlock + 16]byte, k, limit int, s string) (int, int) {
	row, i := 0, 0
	for ; i < len(s) && k <= limit; i++ {
		c := s[i]
		v := escapeUTF8Table[row|int(c)]
		if v&escapeStop != 0 {
			break
		}
		binary.LittleEndian.PutUint32(buf[k&(escapeBlock-1):], v)
		k += int(v >> 24)
		row = int(escapeUTF8Class[c])
	}
	if row != 0 {
		i-- // a lead without its continuation byte: for the rune loop
	}
	return i, k
}

// escapeUTF8Latin1Len is the length of escapeUTF8Latin1's output for the
// bytes of s it reads, and how many that is.
func escapeUTF8Latin1Len(s string) (used, n int) {
	row, i := 0, 0
	for ; i < len(s); i++ {
		c := s[i]
		v := escapeUTF8Table[row|int(c)]
		if v&escapeStop != 0 {
			break
		}
		n += int(v >> 24)
		row = int(escapeUTF8Class[c])
	}
	if row != 0 {
		i--
	}
	return i, n
}

// appendEscapeString appends escape of the UTF-16 form of s to b, each byte
// not part of a valid UTF-8 sequence taken as U+FFFD. Long runs of ASCII
// go through escapeLatin1 as they are; other code points below 256 through
// escapeUTF8Latin1, into a buffer on the stack, and the rest rune by rune
// there, as "%uWXYZ".
func appendEscapeString(b []byte, s string) []byte {
	var buf [escapeBlock + 16]byte
	k := 0
	for len(s) > 0 {
		if a := asciiPrefix(s); a >= latin1Bulk {
			b = escapeLatin1(append(b, buf[:k]...), s[:a])
			k = 0
			s = s[a:]
		}
		used, k1 := escapeUTF8Latin1(&buf, k, escapeBlock-16, s)
		k = k1
		s = s[used:]
		// Code points from 256 on and invalid bytes, up to the next one
		// below 256.
		for len(s) > 0 && k <= escapeBlock-16 {
			if escapeUTF8Table[s[0]]&escapeStop == 0 && (s[0] < 0x80 || len(s) > 1 && s[1]&0xC0 == 0x80) {
				break
			}
			r, size := runeAt(s, 0)
			switch {
			case size == 0: // U+FFFD: step 9
				binary.LittleEndian.PutUint64(buf[k:k+8], escapeU(0xFFFD))
				k += 6
				size = 1
			case r < 0x10000: // step 9
				binary.LittleEndian.PutUint64(buf[k:k+8], escapeU(uint16(r)))
				k += 6
			default: // step 9 for each unit of the pair
				hi, lo := utf16.EncodeRune(r)
				binary.LittleEndian.PutUint64(buf[k:k+8], escapeU(uint16(hi)))
				binary.LittleEndian.PutUint64(buf[k+6:k+14], escapeU(uint16(lo)))
				k += 12
			}
			s = s[size:]
		}
		if k > escapeBlock-16 {
			b = append(b, buf[:k]...)
			k = 0
		}
	}
	return append(b, buf[:k]...)
}

// escapedStringLen is the length of appendEscapeString's output for s.
func escapedStringLen(s string) int {
	n := 0
	for len(s) > 0 {
		used, m := escapeUTF8Latin1Len(s)
		n += m
		s = s[used:]
		for len(s) > 0 {
			if escapeUTF8Table[s[0]]&escapeStop == 0 && (s[0] < 0x80 || len(s) > 1 && s[1]&0xC0 == 0x80) {
				break
			}
			if r, size := runeAt(s, 0); size == 0 {
				n += 6 // U+FFFD
				s = s[1:]
			} else {
				n += escapedRuneLen(r)
				s = s[size:]
			}
		}
	}
	return n
}

// escapeUnitTable is what escape writes for each code unit below 256, as
// an encTable: the unit itself for [EscapeKeep] (step 13), else "%XY"
// (step 11).
var escapeUnitTable = func() (t encTable) {
	t.fill(&EscapeKeep, false)
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

// escapedLen is the length of escape(s): the units below 0x80 counted 32
// at a time where the CPU has AVX2 (vectorEncoder.count: escape writes
// them as Encode of ECMA-262 5.1 §15.1.3 does, with the set EscapeKeep),
// the others one at a time.
func escapedLen(s []uint16) int {
	var w vectorEncoder
	w.init(&EscapeKeep, len(s))
	n := 0
	for len(s) > 0 {
		if w.ok {
			used, m := w.count(s)
			n += m
			s = s[used:]
		}
		for _, c := range s[:min(len(s), 32)] {
			if c < 256 {
				n += int(escapeUnitTable[c] >> 24) // step 13 or 11
			} else {
				n += 6 // step 9
			}
		}
		s = s[min(len(s), 32):]
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

// appendEscape is Annex B.2.1 steps 5 to 16 over s. Runs of code units
// below 256 are gathered into bytes 32 at a time (narrowLatin1Blocks) and,
// when long, escaped through escapeLatin1; the other units go one at a
// time through a buffer on the stack.
func appendEscape(dst []byte, s []uint16) []byte {
	var lat [512]byte
	var buf [escapeBlock + 16]byte
	k := 0
	for len(s) > 0 { // steps 5, 6, 15, 16
		if len(s) >= latin1Bulk {
			if n := narrowLatin1Blocks(lat[:], s); n >= latin1Bulk {
				dst = escapeLatin1(append(dst, buf[:k]...), lat[:n])
				k = 0
				s = s[n:]
				continue
			}
		}
		m := min(len(s), 32)
		for _, c := range s[:m] {
			if c < 256 { // steps 7 → 13, 8 → 11
				v := escapeUnitTable[c]
				binary.LittleEndian.PutUint32(buf[k:k+4], v)
				k += int(v >> 24)
			} else { // step 9
				binary.LittleEndian.PutUint64(buf[k:k+8], escapeU(c))
				k += 6
			}
		}
		s = s[m:]
		if k > escapeBlock-6*32 {
			dst = append(dst, buf[:k]...)
			k = 0
		}
	}
	return append(dst, buf[:k]...)
}

// narrowLatin1Plain is narrowLatin1AVX2 in Go: it writes to buf, one byte
// each, the code units of s in whole blocks of 32 from the start, up to
// the first block that holds a unit from 256 on, and returns how many.
func narrowLatin1Plain(buf []byte, s []uint16) int {
	n := min(len(buf), len(s)) &^ 31
	i := 0
	for ; i < n; i += 32 {
		var or uint16
		for _, c := range s[i : i+32] {
			or |= c
		}
		if or>>8 != 0 {
			break
		}
		for j, c := range s[i : i+32] {
			buf[i+j] = byte(c)
		}
	}
	return i
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
