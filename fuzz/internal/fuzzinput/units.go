package fuzzinput

import (
	"strconv"
	"unicode/utf16"
)

// The fuzz engine mutates bytes, but the ECMAScript functions take UTF-16
// code units, and the interesting inputs hold lone surrogates, which
// neither a Go string nor valid UTF-8 can carry. Units builds code units
// from fuzz bytes so that one mutated byte is often one surrogate:
//
//	0x00–0x7F  the ASCII code unit itself ('%', hex digits and reserved
//	           characters stay one byte, as in a seed)
//	0x80–0x87  a high surrogate from highSurrogates
//	0x88–0x8F  a low surrogate from lowSurrogates
//	0x90–0x9F  a non-ASCII code unit from edgeUnits (UTF-8 length
//	           boundaries, U+FFFD, noncharacters, the BOM)
//	0xA0–0xFF  the code unit made of the next two bytes, big-endian (a
//	           missing byte counts as 0): every code unit is reachable
//
// Surrogates picked at random from 16 of the 256 byte values pair up only
// by chance, so most are lone. UnitsBytes is the inverse used for seeds:
// Units(UnitsBytes(s)) == s for every s.

var highSurrogates = [8]uint16{0xD800, 0xD801, 0xD83D, 0xD83E, 0xDB40, 0xDBFF, 0xDAAA, 0xD9FF}

var lowSurrogates = [8]uint16{0xDC00, 0xDC01, 0xDE00, 0xDFFF, 0xDD1E, 0xDE4A, 0xDCFF, 0xDFFE}

var edgeUnits = [16]uint16{
	0x0080, 0x00FF, 0x0100, 0x07FF, 0x0800, 0xFFFD, 0xFFFF, 0xFEFF,
	0x00E9, 0x20AC, 0x3042, 0xFFFE, 0x2028, 0x0130, 0x212A, 0xE000,
}

// unitMarker is the byte UnitsBytes writes before an explicit code unit.
const unitMarker = 0xFF

// Units returns the code units that b stands for, as described above.
func Units(b []byte) []uint16 {
	s := make([]uint16, 0, len(b))
	for i := 0; i < len(b); i++ {
		c := b[i]
		switch {
		case c < 0x80:
			s = append(s, uint16(c))
		case c < 0x88:
			s = append(s, highSurrogates[c-0x80])
		case c < 0x90:
			s = append(s, lowSurrogates[c-0x88])
		case c < 0xA0:
			s = append(s, edgeUnits[c-0x90])
		default:
			var u uint16
			if i+1 < len(b) {
				u = uint16(b[i+1]) << 8
			}
			if i+2 < len(b) {
				u |= uint16(b[i+2])
			}
			i += 2
			s = append(s, u)
		}
	}
	return s
}

// UnitsBytes returns fuzz bytes that Units turns back into s: ASCII as
// itself, every other code unit as unitMarker and its two bytes.
func UnitsBytes(s []uint16) []byte {
	b := make([]byte, 0, len(s))
	for _, u := range s {
		if u < 0x80 {
			b = append(b, byte(u))
			continue
		}
		b = append(b, unitMarker, byte(u>>8), byte(u))
	}
	return b
}

// FirstLoneSurrogate returns the index of the first code unit of s that is a
// surrogate not part of a pair — a low surrogate not preceded by a high one,
// or a high surrogate not followed by a low one — or -1 when there is none
// (UTF-16, RFC 2781 §2.2).
func FirstLoneSurrogate(s []uint16) int {
	for k := 0; k < len(s); k++ {
		switch u := s[k]; {
		case 0xDC00 <= u && u <= 0xDFFF:
			return k
		case 0xD800 <= u && u <= 0xDBFF:
			if k+1 == len(s) || s[k+1] < 0xDC00 || s[k+1] > 0xDFFF {
				return k
			}
			k++
		}
	}
	return -1
}

// UnitsString writes s for a failure message: a Go string literal in which
// every code unit from 0x7F up, and every control character, is a \uXXXX
// escape of the code unit itself, so lone surrogates show as they are.
func UnitsString(s []uint16) string {
	b := []byte{'"'}
	for _, u := range s {
		switch {
		case u == '"' || u == '\\':
			b = append(b, '\\', byte(u))
		case u >= 0x20 && u < 0x7F:
			b = append(b, byte(u))
		default:
			b = append(b, `\u`...)
			h := strconv.FormatUint(uint64(u), 16)
			for i := len(h); i < 4; i++ {
				b = append(b, '0')
			}
			b = append(b, h...)
		}
	}
	return string(append(b, '"'))
}

// UTF8Units returns the UTF-16 code units of the Go string s, each invalid
// UTF-8 byte taken as U+FFFD, as a for-range loop takes it.
func UTF8Units(s string) []uint16 {
	return utf16.Encode([]rune(s))
}

// ASCIIUnits returns the code units of the ASCII string s, such as an
// encoder's output.
func ASCIIUnits(s string) []uint16 {
	u := make([]uint16, len(s))
	for i := 0; i < len(s); i++ {
		u[i] = uint16(s[i])
	}
	return u
}
