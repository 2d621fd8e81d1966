package spec

import "strings"

// This file transcribes ECMA-262 5.1 Annex B.2.1 (escape) and B.2.2
// (unescape), step by step, for the vectors of the annexb area. It is
// written from the spec text alone, apart from package codec.

// escapeKept are the 69 nonblank characters of B.2.1 step 7.
const escapeKept = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789@*_+-./"

// Escape is B.2.1. The hexadecimal digits are uppercase, as ES2015
// B.2.1.1 says ("formatted as an uppercase hexadecimal number") and as
// every engine writes them; 5.1 does not say.
func Escape(s []uint16) []uint16 {
	const hex = "0123456789ABCDEF"
	r := []uint16{}               // step 3
	for k := 0; k < len(s); k++ { // steps 4, 5, 15, 16
		c := s[k] // step 6
		var S []uint16
		switch {
		case c < 0x80 && strings.IndexByte(escapeKept, byte(c)) >= 0: // step 7 → 13
			S = []uint16{c}
		case c < 256: // step 8 → 11
			S = []uint16{'%', uint16(hex[c>>4]), uint16(hex[c&0xF])}
		default: // step 9
			S = []uint16{'%', 'u', uint16(hex[c>>12]), uint16(hex[(c>>8)&0xF]), uint16(hex[(c>>4)&0xF]), uint16(hex[c&0xF])}
		}
		r = append(r, S...) // step 14
	}
	return r
}

// Unescape is B.2.2, with the step numbers of its text.
func Unescape(s []uint16) []uint16 {
	n := len(s) // step 2
	r := []uint16{}
	for k := 0; k < n; k++ { // steps 4, 5, 19, 20
		c := s[k]     // step 6
		if c == '%' { // step 7
			switch {
			case k <= n-6 && s[k+1] == 'u' && allHexUnits(s[k+2:k+6]): // steps 8, 9, 10
				c = uint16(hexUnitsValue(s[k+2 : k+6])) // step 11
				k += 5                                  // step 12
			case k <= n-3 && allHexUnits(s[k+1:k+3]): // steps 14, 15
				c = uint16(hexUnitsValue(s[k+1 : k+3])) // step 16
				k += 2                                  // step 17
			}
		}
		r = append(r, c) // step 18
	}
	return r
}

// allHexUnits reports whether every unit is a hexadecimal digit.
func allHexUnits(s []uint16) bool {
	for _, c := range s {
		if !IsHexUnit(c) {
			return false
		}
	}
	return true
}

// hexUnitsValue is the value of the hexadecimal digits s.
func hexUnitsValue(s []uint16) int {
	v := 0
	for _, c := range s {
		v = v*16 + int(HexUnitValue(c))
	}
	return v
}
