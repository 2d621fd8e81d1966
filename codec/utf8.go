package codec

import (
	"unicode/utf8"
)

// This file checks decoded octets as UTF-8, the step after percent-decoding:
// strictly (RFC 3629 §4 and Unicode §3.9 Table 3-7, "well-formed UTF-8 byte
// sequences"), or as the WHATWG Encoding Standard's "UTF-8 decode without
// BOM" does (§6, running the UTF-8 decoder of §8.1.1 with error mode
// replacement), which writes one U+FFFD for each maximal subpart of an
// ill-formed sequence (Unicode §3.9 D93b, and the "U+FFFD Substitution of
// Maximal Subparts" practice of §3.9.6).
//
// Go's own decoders do not follow that practice: utf8.DecodeRune reports
// every error with width 1, so a for-range loop writes one U+FFFD per byte
// of "\xE0\xA0" where the Encoding Standard writes one; strings.ToValidUTF8
// writes one replacement for a whole run of ill-formed bytes. They agree
// with the Encoding Standard only where every maximal subpart is one byte
// long.

// ValidateUTF8 reports whether b is well-formed UTF-8 (RFC 3629 §4; Unicode
// §3.9 Table 3-7: no overlong forms, no surrogates U+D800 to U+DFFF, nothing
// above U+10FFFF, no truncated sequence). It returns nil when it is, and
// otherwise a [*UTF8Error] for the first ill-formed sequence.
func ValidateUTF8(b []byte) error {
	if validUTF8(b) {
		return nil
	}
	return utf8Error(b)
}

// ValidateUTF8String is [ValidateUTF8] for a string.
func ValidateUTF8String(s string) error {
	if validUTF8(s) {
		return nil
	}
	return utf8Error(s)
}

// utf8Error returns the [*UTF8Error] for the first ill-formed sequence of s,
// which must have one.
func utf8Error[S string | []byte](s S) error {
	for i := 0; i < len(s); {
		if s[i] < utf8.RuneSelf {
			i++
			continue
		}
		n, ok := utf8Seq(s, i)
		if !ok {
			return &UTF8Error{Offset: i, Text: string(s[i : i+n])}
		}
		i += n
	}
	return nil
}

// AppendUTF8Replace appends src to dst decoded as the Encoding Standard's
// UTF-8 decoder decodes it (WHATWG Encoding §6 "UTF-8 decode without BOM",
// which runs the §8.1.1 UTF-8 decoder with error mode replacement): well-formed sequences are copied, and each
// maximal subpart of an ill-formed sequence (Unicode §3.9 D93b) becomes one
// U+FFFD REPLACEMENT CHARACTER, written as EF BF BD. A BOM is copied as any
// other character. The result is always well-formed UTF-8, at most three
// times as long as src, and AppendUTF8Replace allocates nothing when dst has
// room for it.
func AppendUTF8Replace(dst, src []byte) []byte {
	return appendUTF8Replace(dst, src)
}

// UTF8ReplaceString returns s decoded as [AppendUTF8Replace] decodes it.
// When s is well-formed UTF-8, it returns s itself and allocates nothing.
func UTF8ReplaceString(s string) string {
	if validUTF8(s) {
		return s
	}
	// Each maximal subpart is 1 to 3 bytes and becomes 3 bytes.
	return unsafeString(appendUTF8Replace(make([]byte, 0, len(s)+len(s)/2+3), s))
}

func appendUTF8Replace[S string | []byte](dst []byte, s S) []byte {
	for i := 0; i < len(s); {
		start := i
		for i < len(s) && s[i] < utf8.RuneSelf {
			i++
		}
		for i < len(s) && s[i] >= utf8.RuneSelf {
			n, ok := utf8Seq(s, i)
			if !ok {
				dst = append(dst, s[start:i]...)
				dst = append(dst, "\uFFFD"...)
				start = i + n
			}
			i += n
		}
		dst = append(dst, s[start:i]...)
	}
	return dst
}

// utf8Seq looks at the sequence that starts with s[i], which must be at or
// above 0x80, following the Encoding Standard's UTF-8 decoder (its "UTF-8
// lower boundary" and "UTF-8 upper boundary" are lo and hi here), which
// checks the ranges of Unicode §3.9 Table 3-7:
//
//	C2..DF 80..BF
//	E0     A0..BF 80..BF
//	E1..EC 80..BF 80..BF
//	ED     80..9F 80..BF
//	EE..EF 80..BF 80..BF
//	F0     90..BF 80..BF 80..BF
//	F1..F3 80..BF 80..BF 80..BF
//	F4     80..8F 80..BF 80..BF
//
// When the sequence is well-formed it returns its length and true. When it
// is not, it returns the length of its maximal subpart (1 to 3: the longest
// prefix of a well-formed sequence, or the first byte alone) and false.
func utf8Seq[S string | []byte](s S, i int) (n int, ok bool) {
	lo, hi := byte(0x80), byte(0xBF)
	var need int
	switch b := s[i]; {
	case b < 0xC2: // 80..BF continuation bytes, C0 and C1 only start overlong forms
		return 1, false
	case b <= 0xDF:
		need = 1
	case b == 0xE0:
		need, lo = 2, 0xA0 // no overlong 3-byte forms
	case b == 0xED:
		need, hi = 2, 0x9F // no surrogates
	case b <= 0xEF:
		need = 2
	case b == 0xF0:
		need, lo = 3, 0x90 // no overlong 4-byte forms
	case b <= 0xF3:
		need = 3
	case b == 0xF4:
		need, hi = 3, 0x8F // nothing above U+10FFFF
	default: // F5..FF start no sequence
		return 1, false
	}
	for n = 1; n <= need; n++ {
		if i+n >= len(s) {
			return n, false
		}
		if c := s[i+n]; c < lo || c > hi {
			return n, false
		}
		lo, hi = 0x80, 0xBF
	}
	return n, true
}

// validUTF8Plain is validUTF8 with utf8.Valid or utf8.ValidString: the
// plain path.
func validUTF8Plain[S string | []byte](b S) bool {
	switch b := any(b).(type) {
	case string:
		return utf8.ValidString(b)
	case []byte:
		return utf8.Valid(b)
	}
	panic("unreachable")
}
