package spec

import (
	"unicode/utf16"
	"unicode/utf8"
)

// This file transcribes the octet-level algorithms: RFC 3986 §2 percent-
// encoding, decoding and §6.2.2 normalization; WHATWG URL percent-decode,
// the application/x-www-form-urlencoded serializer and parser; the WHATWG
// Encoding Standard's UTF-8 decoder; Go net/url's escape and unescape.

// ToUTF8 converts well-formed UTF-16 to UTF-8.
func ToUTF8(u []uint16) []byte {
	return []byte(string(utf16.Decode(u)))
}

// FromUTF8 converts valid UTF-8 to UTF-16.
func FromUTF8(b []byte) []uint16 {
	if !utf8.Valid(b) {
		panic("fromUTF8: invalid UTF-8")
	}
	u := utf16.Encode([]rune(string(b)))
	if u == nil {
		u = []uint16{}
	}
	return u
}

// Units returns the UTF-16 of the valid UTF-8 string s; never nil.
func Units(s string) []uint16 { return FromUTF8([]byte(s)) }

// PctEncode writes the octet c as %XY with uppercase hex (RFC 3986 §2.1,
// WHATWG URL "percent-encode a byte").
func PctEncode(dst []byte, c byte) []byte {
	return append(dst, '%', UpperHex[c>>4], UpperHex[c&15])
}

// EncodeWith percent-encodes every octet of b outside keep. It also
// reports whether an escape it wrote has a hex letter.
func EncodeWith(b []byte, keep Set) (out []byte, letters bool) {
	out = make([]byte, 0, len(b)) // room for every octet kept: the most common answer
	for _, c := range b {
		if keep[c] {
			out = append(out, c)
			continue
		}
		out = PctEncode(out, c)
		letters = letters || c>>4 >= 10 || c&15 >= 10
	}
	return out, letters
}

// IsHexByte reports whether c is a hexadecimal digit (HEXDIG).
func IsHexByte(c byte) bool { return HexDig[c] }

// HexByteValue returns the value of the hexadecimal digit c.
func HexByteValue(c byte) byte { return HexUnitValue(uint16(c)) }

// ValidEscapeAt reports whether b[i:] starts with %XY, XY hex digits.
func ValidEscapeAt(b []byte, i int) bool {
	return b[i] == '%' && i+2 < len(b) && IsHexByte(b[i+1]) && IsHexByte(b[i+2])
}

// Decode is RFC 3986 §2.1 decoding where a '%' must start pct-encoded =
// "%" HEXDIG HEXDIG: each escape becomes its octet, except that the
// escape of an octet in verbatim stays as written. errAt is the offset of
// the first '%' that starts no escape (out is then nil), or -1. With plus,
// '+' becomes a space first (application/x-www-form-urlencoded, and
// net/url's query unescaping).
func Decode(b []byte, verbatim Set, plus bool) (out []byte, errAt int) {
	out = []byte{}
	for i := 0; i < len(b); i++ {
		switch {
		case b[i] == '+' && plus:
			out = append(out, ' ')
			continue
		case b[i] != '%':
			out = append(out, b[i])
			continue
		}
		if !ValidEscapeAt(b, i) {
			return nil, i
		}
		if v := HexByteValue(b[i+1])<<4 | HexByteValue(b[i+2]); verbatim[v] {
			out = append(out, b[i:i+3]...)
		} else {
			out = append(out, v)
		}
		i += 2
	}
	return out, -1
}

// PercentDecode is "percent-decode" of WHATWG URL §1.3, except that the
// escape of an octet in verbatim stays as written (verbatim is empty for
// the Standard's algorithm).
func PercentDecode(input []byte, verbatim Set) []byte {
	output := []byte{}
	for i := 0; i < len(input); i++ {
		b := input[i]
		if b != '%' { // 2.1
			output = append(output, b)
			continue
		}
		if i+2 >= len(input) || !IsHexByte(input[i+1]) || !IsHexByte(input[i+2]) { // 2.2
			output = append(output, b)
			continue
		}
		if v := HexByteValue(input[i+1])<<4 | HexByteValue(input[i+2]); verbatim[v] {
			output = append(output, input[i:i+3]...)
		} else {
			output = append(output, v) // 2.3
		}
		i += 2
	}
	return output
}

// Normalize applies RFC 3986 §6.2.2.1 (uppercase the hex of every
// escape) and §6.2.2.2 (decode escapes of unreserved octets). Anything
// else, a '%' that starts no escape included, is left as it is.
func Normalize(b []byte) []byte {
	out := []byte{}
	for i := 0; i < len(b); i++ {
		if !ValidEscapeAt(b, i) {
			out = append(out, b[i])
			continue
		}
		v := HexByteValue(b[i+1])<<4 | HexByteValue(b[i+2])
		if Unreserved[v] {
			out = append(out, v)
		} else {
			out = PctEncode(out, v)
		}
		i += 2
	}
	return out
}

// EncodeNoDouble is the RFC 3986 §2.4 encoder that never encodes twice:
// valid escapes are kept as written, every other octet outside keep
// (reserved and unreserved, for §2.4) — a '%' that starts no escape
// included — is encoded. It also reports whether an escape it wrote has a
// hex letter.
func EncodeNoDouble(b []byte, keep Set) (out []byte, letters bool) {
	out = []byte{}
	for i := 0; i < len(b); i++ {
		switch {
		case ValidEscapeAt(b, i):
			out = append(out, b[i:i+3]...)
			i += 2
		case keep[b[i]] && b[i] != '%': // a '%' that starts no escape is data: encoded whatever keep says
			out = append(out, b[i])
		default:
			out = PctEncode(out, b[i])
			letters = letters || b[i]>>4 >= 10 || b[i]&15 >= 10
		}
	}
	return out, letters
}

// UTF8DecodeWithoutBOM is "UTF-8 decode without BOM" of the WHATWG
// Encoding Standard (§4.3) with the UTF-8 decoder of §8.1.1, error mode
// replacement: each error becomes U+FFFD.
func UTF8DecodeWithoutBOM(input []byte) []uint16 {
	out, _, _ := UTF8Decode(input)
	return out
}

// UTF8Decode is UTF8DecodeWithoutBOM that also returns where its first
// error is: input[errFrom:errTo] are the octets the decoder consumed for
// it (a maximal subpart, or one octet that starts no sequence); errFrom
// is -1 when there is none.
func UTF8Decode(input []byte) (out []uint16, errFrom, errTo int) {
	out = []uint16{}
	errFrom, errTo = -1, -1
	start := 0 // where the sequence being decoded starts
	fail := func(to int) {
		out = append(out, 0xFFFD)
		if errFrom < 0 {
			errFrom, errTo = start, to
		}
	}
	var (
		codePoint  rune
		bytesSeen  int
		bytesNeed  int
		lowerBound byte = 0x80
		upperBound byte = 0xBF
	)
	for i := 0; i <= len(input); i++ {
		if i == len(input) { // end-of-queue
			if bytesNeed != 0 { // 1
				bytesNeed = 0
				fail(i)
			}
			break // 2
		}
		b := input[i]
		if bytesNeed == 0 { // 3
			start = i
			switch {
			case b <= 0x7F:
				out = append(out, uint16(b))
			case b >= 0xC2 && b <= 0xDF:
				bytesNeed, codePoint = 1, rune(b&0x1F)
			case b >= 0xE0 && b <= 0xEF:
				if b == 0xE0 {
					lowerBound = 0xA0
				}
				if b == 0xED {
					upperBound = 0x9F
				}
				bytesNeed, codePoint = 2, rune(b&0xF)
			case b >= 0xF0 && b <= 0xF4:
				if b == 0xF0 {
					lowerBound = 0x90
				}
				if b == 0xF4 {
					upperBound = 0x8F
				}
				bytesNeed, codePoint = 3, rune(b&0x7)
			default:
				fail(i + 1)
			}
			continue
		}
		if b < lowerBound || b > upperBound { // 4
			codePoint, bytesNeed, bytesSeen = 0, 0, 0
			lowerBound, upperBound = 0x80, 0xBF
			fail(i)
			i-- // restore byte to ioQueue
			continue
		}
		lowerBound, upperBound = 0x80, 0xBF     // 5
		codePoint = codePoint<<6 | rune(b&0x3F) // 6
		bytesSeen++                             // 7
		if bytesSeen != bytesNeed {             // 8
			continue
		}
		cp := codePoint                           // 9
		codePoint, bytesNeed, bytesSeen = 0, 0, 0 // 10
		out = utf16.AppendRune(out, cp)           // 11
	}
	return out, errFrom, errTo
}

// FormSerialize is the application/x-www-form-urlencoded serializer of
// WHATWG URL §5.2 for one name or value: "percent-encode after encoding"
// with UTF-8, the application/x-www-form-urlencoded percent-encode set and
// spaceAsPlus.
func FormSerialize(s []uint16) []uint16 {
	return FromUTF8(FormEncode(ToUTF8(s), WHATWGFormEnc.Complement()))
}

// FormEncode is WHATWG URL §1.3 "percent-encode after encoding" of the
// octets b with spaceAsPlus: a space becomes '+' (whatever keep says of
// it), an octet in keep stays, any other becomes its escape.
func FormEncode(b []byte, keep Set) []byte {
	out := []byte{}
	for _, c := range b {
		switch {
		case c == ' ':
			out = append(out, '+')
		case keep[c]:
			out = append(out, c)
		default:
			out = PctEncode(out, c)
		}
	}
	return out
}

// FormParse is the application/x-www-form-urlencoded parser of WHATWG URL
// §5.1 for one name or value: '+' to space, percent-decode, UTF-8 decode
// without BOM.
func FormParse(s []uint16) []uint16 {
	b := ToUTF8(s)
	for i := range b {
		if b[i] == '+' {
			b[i] = ' '
		}
	}
	return UTF8DecodeWithoutBOM(PercentDecode(b, Set{}))
}

// GoEscape transcribes escape of net/url for the query component and path
// segment modes.
func GoEscape(b []byte, mode GoEncoding) []byte {
	out := []byte{}
	for _, c := range b {
		switch {
		case !GoShouldEscape(c, mode):
			out = append(out, c)
		case c == ' ' && mode == GoEncodeQueryComponent:
			out = append(out, '+')
		default:
			out = PctEncode(out, c)
		}
	}
	return out
}

// GoUnescape transcribes unescape of net/url for the query component and
// path segment modes; ok is false where it returns an EscapeError.
func GoUnescape(s []byte, mode GoEncoding) (out []byte, ok bool) {
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && (i+2 >= len(s) || !IsHexByte(s[i+1]) || !IsHexByte(s[i+2])) {
			return nil, false
		}
	}
	out = []byte{}
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '%':
			out = append(out, HexByteValue(s[i+1])<<4|HexByteValue(s[i+2]))
			i += 2
		case '+':
			if mode == GoEncodeQueryComponent {
				out = append(out, ' ')
			} else {
				out = append(out, '+')
			}
		default:
			out = append(out, s[i])
		}
	}
	return out, true
}
