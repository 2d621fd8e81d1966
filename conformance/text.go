package conformance

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
)

// This file converts between the vector format's text (UTF-16 code units)
// and Go strings, and writes text and octets for people.

const lowerHex = "0123456789abcdef"

// isHigh and isLow report whether c is a high (lead) or low (trail)
// surrogate code unit (Unicode §3.8, D71 and D72).
func isHigh(c uint16) bool { return c >= 0xD800 && c <= 0xDBFF }
func isLow(c uint16) bool  { return c >= 0xDC00 && c <= 0xDFFF }

// hasLoneSurrogate reports whether u holds a surrogate code unit that is not
// part of a high-low pair, that is, whether u is not well-formed UTF-16.
func hasLoneSurrogate(u []uint16) bool {
	for i := 0; i < len(u); i++ {
		switch c := u[i]; {
		case isHigh(c) && i+1 < len(u) && isLow(u[i+1]):
			i++
		case isHigh(c), isLow(c):
			return true
		}
	}
	return false
}

// toUTF8 returns the UTF-8 form of u, and false if u holds a lone surrogate
// and so has none.
func toUTF8(u []uint16) (string, bool) {
	if hasLoneSurrogate(u) {
		return "", false
	}
	var b strings.Builder
	b.Grow(len(u))
	for i := 0; i < len(u); i++ {
		c := u[i]
		if isHigh(c) {
			b.WriteRune(utf16.DecodeRune(rune(c), rune(u[i+1])))
			i++
			continue
		}
		b.WriteRune(rune(c))
	}
	return b.String(), true
}

// toUTF16 returns the UTF-16 form of s, and false if s is not valid UTF-8.
// The result is not nil, also for an empty s.
func toUTF16(s string) ([]uint16, bool) {
	if !utf8.ValidString(s) {
		return nil, false
	}
	u := make([]uint16, 0, len(s))
	for _, r := range s {
		u = utf16.AppendRune(u, r)
	}
	return u, true
}

// asciiUnits returns the code units of s, which must be ASCII (or is taken
// byte by byte). The result is not nil.
func asciiUnits(s string) []uint16 {
	u := make([]uint16, len(s))
	for i := 0; i < len(s); i++ {
		u[i] = uint16(s[i])
	}
	return u
}

// mustUTF16 returns the UTF-16 form of the valid UTF-8 string s.
func mustUTF16(s string) []uint16 {
	u, _ := toUTF16(s)
	if u == nil {
		u = []uint16{}
	}
	return u
}

// QuoteText writes UTF-16 text as a double-quoted string for people: printable
// characters as they are, '"' and '\' escaped, \n \t \r as such, and
// controls, format characters, combining marks, non-ASCII spaces, U+FFFD,
// lone surrogates and other unprintable code points as JavaScript escapes
// (\uXXXX, \u{XXXXX}), so that every code unit is visible.
func QuoteText(u []uint16) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(u); i++ {
		c := u[i]
		r := rune(c)
		if isHigh(c) && i+1 < len(u) && isLow(u[i+1]) {
			r = utf16.DecodeRune(r, rune(u[i+1]))
			i++
		} else if isHigh(c) || isLow(c) {
			fmt.Fprintf(&b, `\u%04X`, c)
			continue
		}
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\r':
			b.WriteString(`\r`)
		case r < utf8.RuneSelf && unicode.IsPrint(r),
			r >= utf8.RuneSelf && unicode.IsGraphic(r) && !unicode.In(r, unicode.Mn, unicode.Zs) && r != utf8.RuneError:
			b.WriteRune(r)
		case r > 0xFFFF:
			fmt.Fprintf(&b, `\u{%X}`, r)
		default:
			fmt.Fprintf(&b, `\u%04X`, r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// quoteOctets writes b as a double-quoted Go-like literal: printable ASCII
// as it is, '"' and '\' escaped, and every other octet as \xHH.
func quoteOctets(p []byte) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, c := range p {
		switch {
		case c == '"' || c == '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c >= 0x20 && c < 0x7F:
			b.WriteByte(c)
		default:
			b.WriteString(`\x`)
			b.WriteByte(lowerHex[c>>4])
			b.WriteByte(lowerHex[c&15])
		}
	}
	b.WriteByte('"')
	return b.String()
}

// maxShown is how many code units or octets a failure message lists.
const maxShown = 96

// unitsHex lists the code units of u as four hex digits each.
func unitsHex(u []uint16) string {
	var b strings.Builder
	b.WriteByte('[')
	for i, c := range u {
		if i == maxShown {
			fmt.Fprintf(&b, " … %d more", len(u)-i)
			break
		}
		if i > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "%04X", c)
	}
	b.WriteByte(']')
	return b.String()
}

// octetsHex lists the octets of p as two hex digits each.
func octetsHex(p []byte) string {
	var b strings.Builder
	b.WriteByte('[')
	for i, c := range p {
		if i == maxShown {
			fmt.Fprintf(&b, " … %d more", len(p)-i)
			break
		}
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteByte(lowerHex[c>>4])
		b.WriteByte(lowerHex[c&15])
	}
	b.WriteByte(']')
	return b.String()
}

// ShowText writes UTF-16 text for people, both ways: as a quoted string in
// which every unprintable code point and every lone surrogate is an escape,
// and as its code units in hex, as "\"a\\uD800\" [0061 D800]". Failure
// reports here and in cmd/pctest use it.
func ShowText(u []uint16) string { return QuoteText(u) + " " + unitsHex(u) }

// ShowOctets writes octets for people, both ways: as a quoted Go-like
// literal (\xHH for what is not printable ASCII) and in hex, as
// "\"a\\xff\" hex [61 ff]".
func ShowOctets(p []byte) string { return quoteOctets(p) + " hex " + octetsHex(p) }
