package codec

import (
	"bytes"
	"slices"
	"strings"
)

// This file holds percent-decoding: strict, where every '%' must start
// pct-encoded = "%" HEXDIG HEXDIG (RFC 3986 §2.1), and lenient, the WHATWG
// URL Standard's percent-decode (§1.3), where a '%' that does not start one
// stays as it is. Both can keep the escapes of some octets as they are
// written, which decodeURI (ECMA-262 §15.1.3.1) and normalization (RFC 3986
// §6.2.2.2) need. Form decoding first reads '+' as space
// (application/x-www-form-urlencoded, WHATWG URL §5.1; Go's
// url.QueryUnescape).

// AppendDecode appends src to dst percent-decoded, strictly (RFC 3986
// §2.1): each "%XX" with two hex digits (either case) becomes the octet XX,
// except that when that octet is in verbatim the three bytes are copied as
// written, case kept; every other byte is copied. A '%' that is not followed
// by two hex digits is an error: a [*EscapeError] with its offset, and dst
// is returned unchanged. AppendDecode allocates nothing when dst has room
// for len(src) more bytes, and the result is never longer than src.
func AppendDecode(dst, src []byte, verbatim Set) ([]byte, error) {
	return appendPctDecode(dst, src, verbatim, 0)
}

// DecodeString returns s decoded as [AppendDecode] decodes it. When s holds
// no '%', it returns s itself and allocates nothing.
func DecodeString(s string, verbatim Set) (string, error) {
	return pctDecodeString(s, verbatim, 0)
}

// AppendDecodeLenient appends src to dst percent-decoded as the WHATWG URL
// Standard's percent-decode does (§1.3): each "%XX" with two hex digits
// becomes the octet XX, and every other byte, a '%' that does not start such
// an escape included, is copied. As in [AppendDecode], the escapes of
// octets in verbatim are copied as written. It allocates nothing when dst
// has room for len(src) more bytes.
func AppendDecodeLenient(dst, src []byte, verbatim Set) []byte {
	b, _ := appendPctDecode(dst, src, verbatim, decodeLenient)
	return b
}

// DecodeLenientString returns s decoded as [AppendDecodeLenient] decodes it.
// When nothing changes, it returns s itself and allocates nothing.
func DecodeLenientString(s string, verbatim Set) string {
	r, _ := pctDecodeString(s, verbatim, decodeLenient)
	return r
}

// AppendFormDecode appends src to dst decoded as url.QueryUnescape decodes
// it: each '+' becomes a space, then the strict decode of [AppendDecode]
// applies, with no verbatim octets ("%2B" becomes '+', not space). A
// malformed '%' is a [*EscapeError], and dst is returned unchanged. It
// allocates nothing when dst has room for len(src) more bytes.
func AppendFormDecode(dst, src []byte) ([]byte, error) {
	return appendPctDecode(dst, src, Set{}, decodePlus)
}

// FormDecodeString returns s decoded as [AppendFormDecode] decodes it. When
// s holds no '%' and no '+', it returns s itself and allocates nothing.
func FormDecodeString(s string) (string, error) {
	return pctDecodeString(s, Set{}, decodePlus)
}

// AppendFormDecodeLenient appends src to dst decoded as the WHATWG
// application/x-www-form-urlencoded parser decodes a name or value, short of
// its UTF-8 decode (URL §5.1 step 3.4 and the percent-decode of step 3.5):
// each '+' becomes a space, then the lenient decode of
// [AppendDecodeLenient] applies. It allocates nothing when dst has room for
// len(src) more bytes.
func AppendFormDecodeLenient(dst, src []byte) []byte {
	b, _ := appendPctDecode(dst, src, Set{}, decodePlus|decodeLenient)
	return b
}

// FormDecodeLenientString returns s decoded as [AppendFormDecodeLenient]
// decodes it, as octets. When nothing changes, it returns s itself.
func FormDecodeLenientString(s string) string {
	r, _ := pctDecodeString(s, Set{}, decodePlus|decodeLenient)
	return r
}

// ParseFormValue decodes one name or value as the WHATWG
// application/x-www-form-urlencoded parser does (URL §5.1 steps 3.4 and
// 3.5): '+' becomes space, then percent-decode (lenient), then UTF-8 decode
// without BOM, which replaces each maximal subpart of an ill-formed
// sequence with U+FFFD ([AppendUTF8Replace]). When nothing changes, it
// returns s itself.
func ParseFormValue(s string) string {
	return UTF8ReplaceString(FormDecodeLenientString(s))
}

// A decodeMode selects a decoder's behaviour.
type decodeMode uint8

const (
	// decodeLenient copies a '%' that does not start an escape instead of
	// failing.
	decodeLenient decodeMode = 1 << iota
	// decodePlus reads '+' as space.
	decodePlus
)

// unhex maps a hex digit (0-9, A-F, a-f: HEXDIG of RFC 3986 §2.1, both
// cases) to its value and every other octet to 0xFF, so that h|l < 16 tells
// whether both of two octets are hex digits.
var unhex = func() (t [256]byte) {
	for c := range t {
		switch {
		case '0' <= c && c <= '9':
			t[c] = byte(c - '0')
		case 'A' <= c && c <= 'F':
			t[c] = byte(c - 'A' + 10)
		case 'a' <= c && c <= 'f':
			t[c] = byte(c - 'a' + 10)
		default:
			t[c] = 0xFF
		}
	}
	return t
}()

// indexByte is bytes.IndexByte or strings.IndexByte, whichever fits s.
func indexByte[S string | []byte](s S, c byte) int {
	switch s := any(s).(type) {
	case string:
		return strings.IndexByte(s, c)
	case []byte:
		return bytes.IndexByte(s, c)
	}
	panic("unreachable")
}

// appendPctDecode is the decoder behind every Append form. On a malformed
// '%' under a strict decode it returns dst unchanged and an [*EscapeError].
func appendPctDecode[S string | []byte](dst []byte, src S, verbatim Set, mode decodeMode) ([]byte, error) {
	if indexByte(src, '%') < 0 && (mode&decodePlus == 0 || indexByte(src, '+') < 0) {
		return append(dst, src...), nil
	}
	out := slices.Grow(dst, len(src))
	n, bad := decodeInto(out[len(dst):len(dst)+len(src)], src, &verbatim, mode)
	if bad >= 0 {
		return dst, newEscapeError(src, bad)
	}
	return out[:len(dst)+n], nil
}

// pctDecodeString is the decoder behind every string form.
func pctDecodeString(s string, verbatim Set, mode decodeMode) (string, error) {
	i := strings.IndexByte(s, '%')
	if i < 0 {
		if mode&decodePlus == 0 {
			return s, nil
		}
		return strings.ReplaceAll(s, "+", " "), nil
	}
	n, bad := pctDecodedLen(s, i, &verbatim, mode)
	if bad >= 0 {
		return "", newEscapeError(s, bad)
	}
	if n == len(s) && (mode&decodePlus == 0 || strings.IndexByte(s, '+') < 0) {
		return s, nil // every escape kept as written, or lenient and malformed
	}
	b := make([]byte, n)
	decodeInto(b, s, &verbatim, mode)
	return unsafeString(b), nil
}

// pctDecodedLen returns the length of s decoded, given that s[i] is its
// first '%', or the offset of the first malformed '%' when the decode is
// strict. It goes from '%' to '%' with strings.IndexByte where they are
// sparse, and byte by byte where they are dense.
func pctDecodedLen(s string, i int, verbatim *Set, mode decodeMode) (n, bad int) {
	n = len(s)
	dense := strings.Count(s[i:], "%") > (len(s)-i)/16
	for i < len(s) {
		if s[i] != '%' {
			if dense {
				i++
				continue
			}
			j := strings.IndexByte(s[i:], '%')
			if j < 0 {
				break
			}
			i += j
		}
		if i+2 < len(s) {
			h, l := unhex[s[i+1]], unhex[s[i+2]]
			if h|l < 16 {
				if !verbatim.has(h<<4 | l) {
					n -= 2
				}
				i += 3
				continue
			}
		}
		if mode&decodeLenient == 0 {
			return 0, i
		}
		i++
	}
	return n, -1
}

// decodeInto decodes src into out, which must have room for the result
// (len(src) is always enough), and returns the length of the result. Under
// a strict decode it stops at the first malformed '%' and returns its
// offset as bad; otherwise bad is -1.
func decodeInto[S string | []byte](out []byte, src S, verbatim *Set, mode decodeMode) (n, bad int) {
	plus := mode&decodePlus != 0
	j := 0
	for i := 0; i < len(src); {
		c := src[i]
		if c == '%' {
			if i+2 < len(src) {
				h, l := unhex[src[i+1]], unhex[src[i+2]]
				if h|l < 16 {
					if v := h<<4 | l; !verbatim.has(v) {
						out[j] = v
						j++
					} else {
						out[j], out[j+1], out[j+2] = '%', src[i+1], src[i+2]
						j += 3
					}
					i += 3
					continue
				}
			}
			if mode&decodeLenient == 0 {
				return j, i
			}
		} else if c == '+' && plus {
			c = ' '
		}
		out[j] = c
		j++
		i++
	}
	return j, -1
}
