package codec

import "strings"

// This file holds percent-encoding normalization and equivalence (RFC 3986
// §6.2.2.1 case normalization of escapes, §6.2.2.2 percent-encoding
// normalization) and the encoder that never double-encodes (§2.4).

// Normalize returns s with every escape "%XX" (two hex digits, either case)
// normalized as RFC 3986 §6.2.2 asks: an escape of an unreserved octet
// (ALPHA, DIGIT, "-", ".", "_", "~"; §2.3) is decoded (§6.2.2.2), and the
// hex digits of every other escape are made uppercase (§6.2.2.1). Nothing
// else changes: no other escape is decoded, a '%' that does not start an
// escape stays as it is, and text outside escapes is left alone (its case
// included; Normalize does not apply the scheme and host case rules of
// §6.2.2.1). When nothing changes, Normalize returns s itself and allocates
// nothing.
//
// Normalize is not always idempotent on strings that are not URIs: in
// "%%341" the first '%' starts no escape, "%34" becomes "4", and the result
// "%41" holds an escape that a second Normalize decodes.
func Normalize(s string) string {
	i := strings.IndexByte(s, '%')
	for i >= 0 {
		if i+2 < len(s) {
			h, l := unhex[s[i+1]], unhex[s[i+2]]
			if h|l < 16 && (Unreserved.has(h<<4|l) || s[i+1] >= 'a' || s[i+2] >= 'a') {
				break // the first escape that changes
			}
		}
		j := strings.IndexByte(s[i+1:], '%')
		if j < 0 {
			return s
		}
		i += 1 + j
	}
	if i < 0 {
		return s
	}
	b := make([]byte, i, len(s))
	copy(b, s)
	for i < len(s) {
		c := s[i]
		if c == '%' && i+2 < len(s) {
			h, l := unhex[s[i+1]], unhex[s[i+2]]
			if h|l < 16 {
				if v := h<<4 | l; Unreserved.has(v) {
					b = append(b, v)
				} else {
					b = append(b, '%', upperHex[h], upperHex[l])
				}
				i += 3
				continue
			}
		}
		b = append(b, c)
		i++
	}
	return unsafeString(b)
}

// Equivalent reports whether a and b are equivalent under the
// percent-encoding normalization of RFC 3986 §6.2.2.1 and §6.2.2.2: whether
// [Normalize] makes them the same string (the comparison ladder of §6.2.1,
// at the syntax-based rung, limited to escapes). So "/~user", "/%7Euser" and
// "/%7euser" are equivalent, while "/path?key=value" and
// "/path%3Fkey=value" are not: "?" is reserved, and its escape differs from
// it (§2.2).
func Equivalent(a, b string) bool {
	if a == b {
		return true
	}
	return Normalize(a) == Normalize(b)
}

// PercentEncodeNoDouble percent-encodes s without ever encoding an escape
// twice (RFC 3986 §2.4: a '%' that already starts an escape must not be
// encoded again). Each valid escape "%XX" (two hex digits, either case) is
// copied as it is; every other '%' becomes "%25"; each other octet in keep
// is copied; and every other octet becomes "%XX" with uppercase hex digits.
// A '%' in keep is ignored. The result holds no '%' that does not start an
// escape, so PercentEncodeNoDouble(PercentEncodeNoDouble(s, keep), keep)
// is PercentEncodeNoDouble(s, keep): "100%" becomes "100%25", and stays so.
// When nothing changes, it returns s itself and allocates nothing.
func PercentEncodeNoDouble(s string, keep Set) string {
	k := keep.Without("%")
	n, first := len(s), -1
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '%' && i+2 < len(s) && unhex[s[i+1]]|unhex[s[i+2]] < 16:
			i += 2 // a valid escape, copied
			continue
		case k.has(c):
			continue
		}
		n += 2
		if first < 0 {
			first = i
		}
	}
	if first < 0 {
		return s
	}
	b := make([]byte, first, n)
	copy(b, s)
	for i := first; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '%' && i+2 < len(s) && unhex[s[i+1]]|unhex[s[i+2]] < 16:
			b = append(b, s[i:i+3]...)
			i += 2
		case k.has(c):
			b = append(b, c)
		default:
			b = append(b, '%', upperHex[c>>4], upperHex[c&15])
		}
	}
	return unsafeString(b)
}
