package codec

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"slices"
	"strings"
)

// This file holds percent-decoding: strict, where every '%' must start
// pct-encoded = "%" HEXDIG HEXDIG (RFC 3986 §2.1), and lenient, the WHATWG
// URL Standard's percent-decode (§1.3), where a '%' that does not start one
// stays as it is. Both can keep the escapes of some octets as they are
// written, which decodeURI (ECMA-262 §15.1.3.1) and normalization (RFC 3986
// §6.2.2.2) need. The form decoders first read '+' as space: net/url's
// url.QueryUnescape with the strict decode, and the WHATWG
// application/x-www-form-urlencoded parser (URL §5.1) with the lenient one,
// then the UTF-8 decode of utf8.go.

// AppendPercentDecode appends src to dst percent-decoded, strictly (RFC
// 3986 §2.1): each "%XX" with two hex digits (either case) becomes the
// octet XX, except that when that octet is in keep the three bytes are
// copied as written, case kept; every other byte is copied. A '%' that is
// not followed by two hex digits is an error: a [*EscapeError] with its
// offset, and dst is returned unchanged. AppendPercentDecode allocates
// nothing when dst has room for len(src) more bytes, and the result is
// never longer than src.
func AppendPercentDecode(dst, src []byte, keep Set) ([]byte, error) {
	return appendPctDecode(dst, src, keep, 0)
}

// PercentDecodeString returns s decoded as [AppendPercentDecode] decodes
// it. When s holds no '%', it returns s itself and allocates nothing.
func PercentDecodeString(s string, keep Set) (string, error) {
	return pctDecodeString(s, keep, 0)
}

// AppendPercentDecodeLenient appends src to dst percent-decoded as the
// WHATWG URL Standard's percent-decode does (§1.3): each "%XX" with two hex
// digits becomes the octet XX, and every other byte, a '%' that does not
// start such an escape included, is copied. As in [AppendPercentDecode],
// the escapes of octets in keep are copied as written. It allocates
// nothing when dst has room for len(src) more bytes.
func AppendPercentDecodeLenient(dst, src []byte, keep Set) []byte {
	b, _ := appendPctDecode(dst, src, keep, decodeLenient)
	return b
}

// PercentDecodeLenientString returns s decoded as
// [AppendPercentDecodeLenient] decodes it. When nothing changes, it returns
// s itself and allocates nothing.
func PercentDecodeLenientString(s string, keep Set) string {
	r, _ := pctDecodeString(s, keep, decodeLenient)
	return r
}

// AppendQueryUnescape appends src to dst decoded as Go's url.QueryUnescape
// decodes it: each '+' becomes a space, then the strict decode of
// [AppendPercentDecode] applies, with no escape kept ("%2B" becomes '+',
// not space). A malformed '%' is a [*EscapeError], and dst is returned
// unchanged. It allocates nothing when dst has room for len(src) more
// bytes.
func AppendQueryUnescape(dst, src []byte) ([]byte, error) {
	return appendPctDecode(dst, src, Set{}, decodePlus)
}

// QueryUnescapeString returns s decoded as [AppendQueryUnescape] decodes
// it, which is what url.QueryUnescape returns. When s holds no '%' and no
// '+', it returns s itself and allocates nothing.
func QueryUnescapeString(s string) (string, error) {
	return pctDecodeString(s, Set{}, decodePlus)
}

// AppendFormPercentDecodeLenient appends src to dst decoded as the WHATWG
// application/x-www-form-urlencoded parser decodes a name or value, short
// of its UTF-8 decode (URL §5.1 step 3.4 and the percent-decode of step
// 3.5): each '+' becomes a space, then the lenient decode of
// [AppendPercentDecodeLenient] applies, with no escape kept. The result is
// octets, not necessarily UTF-8; [AppendFormDecode] goes on to the UTF-8
// decode. It allocates nothing when dst has room for len(src) more bytes.
func AppendFormPercentDecodeLenient(dst, src []byte) []byte {
	b, _ := appendPctDecode(dst, src, Set{}, decodePlus|decodeLenient)
	return b
}

// FormPercentDecodeLenientString returns s decoded as
// [AppendFormPercentDecodeLenient] decodes it, as octets. When nothing
// changes, it returns s itself.
func FormPercentDecodeLenientString(s string) string {
	r, _ := pctDecodeString(s, Set{}, decodePlus|decodeLenient)
	return r
}

// AppendFormDecode appends src to dst decoded as the WHATWG
// application/x-www-form-urlencoded parser decodes one name or value (URL
// §5.1 steps 3.4 and 3.5): '+' becomes space, then percent-decode
// (lenient, [AppendFormPercentDecodeLenient]), then UTF-8 decode without
// BOM, which replaces each maximal subpart of an ill-formed sequence with
// U+FFFD ([AppendUTF8Replace]). The appended bytes are always well-formed
// UTF-8. It allocates nothing when dst has room for len(src) more bytes and
// the decoded octets are well-formed UTF-8; when they are not, it allocates
// for the replacement.
func AppendFormDecode(dst, src []byte) []byte {
	var out []byte
	var valid bool
	if useDecodeForm && len(src) >= decodeFormMin {
		out = slices.Grow(dst, len(src))
		n, ok, _ := formDecodeInto(out[len(dst):len(dst)+len(src)], src)
		out, valid = out[:len(dst)+n], ok
	} else {
		out, _ = appendPctDecode(dst, src, Set{}, decodePlus|decodeLenient)
		valid = validUTF8(out[len(dst):])
	}
	if octets := out[len(dst):]; !valid {
		// The replacement can be longer than the octets, so it cannot
		// be written over them: it reads a copy.
		out = appendUTF8Replace(out[:len(dst)], string(octets))
	}
	return out
}

// FormDecodeString returns s decoded as [AppendFormDecode] decodes it: the
// formDecode of the WHATWG application/x-www-form-urlencoded parser (URL
// §5.1 steps 3.4 and 3.5). When nothing changes, it returns s itself.
// Where the CPU has AVX-512 it decodes and checks the result as UTF-8 as
// AppendFormDecode does (formDecodeInto).
func FormDecodeString(s string) string {
	if useDecodeForm && len(s) >= decodeFormMin {
		if i := strings.IndexByte(s, '%'); i >= 0 {
			// Into the exact length (unescapedLen): a '%' that does not
			// start an escape makes formDecodeInto run out of room.
			b := make([]byte, unescapedLen(s, i))
			if n, valid, bad := formDecodeInto(b, s); bad == -1 {
				if valid {
					return unsafeString(b[:n]) // b is new and not kept
				}
				return UTF8ReplaceString(unsafeString(b[:n]))
			}
			// A '%' that does not start an escape: pctDecodeString would
			// try the exact length again.
			r, _ := pctDecodeStringSized(s, i, Set{}, decodePlus|decodeLenient)
			return UTF8ReplaceString(r)
		}
	}
	return UTF8ReplaceString(FormPercentDecodeLenientString(s))
}

// formDecodeChunk is how many octets formDecodeInto writes before it
// checks them as UTF-8, while they are in the cache (tests make it small).
var formDecodeChunk = 8 << 10

// formDecodeInto decodes src into out as AppendFormPercentDecodeLenient
// does (or stops when out is too short, with bad outOfRoom, as decodeInto
// does; len(src) bytes are always enough), and reports whether the octets
// are well-formed UTF-8. With decodeFormKernel (decodeOctetsEndAVX512) it
// decodes formDecodeChunk octets at a time and checks each chunk with
// validUTF8 up to its last character, which may be cut, and which the next
// check starts with; where the kernel stops (a '%' that does not start an
// escape), decodeInto decodes the rest.
func formDecodeInto[S string | []byte](out []byte, src S) (n int, valid bool, bad int) {
	valid = true
	i, checked := 0, 0 // src[:i] is decoded into out[:n], out[:checked] checked
	for i < len(src) {
		used, wrote := decodeFormKernel(out[n:min(len(out), n+formDecodeChunk)], src[i:])
		if used == 0 {
			break
		}
		i, n = i+used, n+wrote
		last := n // the end: no more octets to come
		if i < len(src) {
			last = lastCharStart(out[checked:n]) + checked
		}
		valid = valid && validUTF8(out[checked:last])
		checked = last
	}
	if i < len(src) {
		m, bad := decodeInto(out[n:], src[i:], &Set{}, decodePlus|decodeLenient)
		if bad != -1 {
			return 0, false, bad
		}
		n += m
	}
	return n, valid && (checked == n || validUTF8(out[checked:n])), -1
}

// lastCharStart returns the offset of the last character of b, which may
// be cut: of its last octet that is not a UTF-8 continuation (10xxxxxx),
// among the last three, or len(b) when there is none. What comes before
// it is well-formed UTF-8 when b is, or when b would be with more octets
// after it.
func lastCharStart(b []byte) int {
	for j := len(b) - 1; j >= max(0, len(b)-3); j-- {
		if b[j]&0xC0 != 0x80 {
			return j
		}
	}
	return len(b)
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

// appendPctDecode is the decoder behind every Append form of this file. On a
// malformed '%' under a strict decode it returns dst unchanged and an
// [*EscapeError]. It appends once: src itself when there is nothing to
// decode, else what decodeInto writes in the room for len(src) bytes.
func appendPctDecode[S string | []byte](dst []byte, src S, keep Set, mode decodeMode) ([]byte, error) {
	if indexByte(src, '%') < 0 && (mode&decodePlus == 0 || indexByte(src, '+') < 0) {
		return append(dst, src...), nil
	}
	out := slices.Grow(dst, len(src))
	n, bad := decodeInto(out[len(dst):len(dst)+len(src)], src, &keep, mode)
	if bad >= 0 {
		return dst, newEscapeError(src, bad)
	}
	return out[:len(dst)+n], nil
}

// decodeStackMax is the longest input that pctDecodeString decodes into a
// buffer on its stack, to convert to a string of the exact length, when it
// cannot size the result by counting '%': one allocation, and no pass to
// size the result.
const decodeStackMax = 4096

// pctDecodeString is the decoder behind every string form of this file. It
// returns s itself when decoding changes nothing, and otherwise allocates
// once, the exact length of the result: with no escape kept, that is s's
// length less two for each '%' (strings.Count), unless one of them does not
// start an escape.
func pctDecodeString(s string, keep Set, mode decodeMode) (string, error) {
	i := strings.IndexByte(s, '%')
	if i < 0 {
		if mode&decodePlus == 0 {
			return s, nil
		}
		return strings.ReplaceAll(s, "+", " "), nil
	}
	if keep == (Set{}) {
		// Into the exact length (unescapedLen); decodeInto says when it
		// runs out of room, which only a '%' that does not start an
		// escape can make it do.
		b := make([]byte, unescapedLen(s, i))
		n, bad := decodeInto(b, s, &keep, mode)
		switch {
		case bad == -1:
			return unsafeString(b[:n]), nil // b is new and not kept
		case bad >= 0:
			return "", newEscapeError(s, bad)
		}
	}
	return pctDecodeStringSized(s, i, keep, mode)
}

// unescapedLen returns the length of s decoded when every '%' in it, the
// first at s[i], starts an escape: each takes two bytes off. A '%' that
// does not start one makes the result longer than that, never shorter.
func unescapedLen(s string, i int) int {
	return max(0, len(s)-2*strings.Count(s[i:], "%"))
}

// pctDecodeStringSized is pctDecodeString after its decode into the exact
// length that every '%' starting an escape gives, or without it (an escape
// kept): it decodes on the stack, or measures the result first (i is the
// offset of the first '%' of s).
func pctDecodeStringSized(s string, i int, keep Set, mode decodeMode) (string, error) {
	if len(s) <= decodeStackMax {
		var buf [decodeStackMax]byte
		n, bad := decodeInto(buf[:len(s)], s, &keep, mode)
		if bad >= 0 {
			return "", newEscapeError(s, bad)
		}
		if n == len(s) && string(buf[:n]) == s {
			return s, nil // every escape kept as written, or lenient and malformed
		}
		return string(buf[:n]), nil
	}
	n, bad := pctDecodedLen(s, i, &keep, mode)
	if bad >= 0 {
		return "", newEscapeError(s, bad)
	}
	if n == len(s) && (mode&decodePlus == 0 || strings.IndexByte(s, '+') < 0) {
		return s, nil // every escape kept as written, or lenient and malformed
	}
	b := make([]byte, n)
	decodeInto(b, s, &keep, mode)
	return unsafeString(b), nil // b is new and not kept
}

// pctDecodedLen returns the length of s decoded, given that s[i] is its
// first '%', or the offset of the first malformed '%' when the decode is
// strict. It goes from '%' to '%' with strings.IndexByte where they are
// sparse, and byte by byte where they are dense.
func pctDecodedLen(s string, i int, keep *Set, mode decodeMode) (n, bad int) {
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
				if !keep.has(h<<4 | l) {
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

// outOfRoom is what decodeInto returns as bad when out is too short.
const outOfRoom = -2

// wordsBeforeScan is how many words of literal bytes in a row decodeInto
// copies before it looks for the end of the run with the wide scan
// (indexSpecial), whose call only pays off on long runs.
const wordsBeforeScan = 4

// decodeInto decodes src into out and returns the length of the result.
// Under a strict decode it stops at the first malformed '%' and returns its
// offset as bad; when out is too short for the result it stops and returns
// outOfRoom (len(src) is always enough); otherwise bad is -1.
//
// Literal bytes go a word at a time: a word of src without '%' (or '+',
// when it reads as space) is stored whole, and in a word with one the bytes
// before it are (specialMask finds it). After a few whole words in a row,
// the rest of the run is found with indexSpecial, 32 bytes at a time, and
// copied at once. Escapes and '+' go one at a time.
func decodeInto[S string | []byte](out []byte, src S, keep *Set, mode decodeMode) (n, bad int) {
	second := byte('%') // the other byte that is not copied as it is
	if mode&decodePlus != 0 {
		second = '+'
	}
	lenient := mode&decodeLenient != 0
	keepAny := *keep != Set{}
	i, j, words := 0, 0, 0
	vector := 0 // where decodeOctets may next be called
outer:
	for i < len(src) {
		c := src[i]
		switch {
		case c == '%':
			words = 0
			// Runs with escapes, 32 bytes at a time, with AVX2 and no
			// escape kept. When decodeOctets does nothing (a malformed
			// '%' in the block), the loops below take the next 32 bytes.
			if useDecodeOctets && !keepAny && i >= vector && len(src)-i >= decodeOctetsMin && len(out)-j >= decodeOctetsMin {
				u, w := decodeOctets(out[j:], src[i:], second, nil)
				if u == 0 {
					vector = i + 32
				} else {
					i += u
					j += w
					continue
				}
			}
			// A run of escapes, one after another: two at a time from one
			// word while no escape is kept, then one at a time.
			for !keepAny && len(src)-i >= 8 && len(out)-j >= 2 {
				w := load64(src, i)
				h1, l1 := unhex[byte(w>>8)], unhex[byte(w>>16)]
				h2, l2 := unhex[byte(w>>32)], unhex[byte(w>>40)]
				if byte(w>>24) != '%' || h1|l1|h2|l2 >= 16 {
					break
				}
				out[j], out[j+1] = h1<<4|l1, h2<<4|l2
				j += 2
				if i += 6; src[i] != '%' {
					continue outer
				}
			}
			for i+2 < len(src) {
				h, l := unhex[src[i+1]], unhex[src[i+2]]
				if h|l >= 16 {
					break
				}
				if v := h<<4 | l; !keepAny || !keep.has(v) {
					if j >= len(out) {
						return j, outOfRoom
					}
					out[j] = v
					j++
				} else {
					if len(out)-j < 3 {
						return j, outOfRoom
					}
					out[j], out[j+1], out[j+2] = '%', src[i+1], src[i+2]
					j += 3
				}
				if i += 3; i >= len(src) || src[i] != '%' {
					continue outer
				}
			}
			// A '%' that does not start an escape.
			if !lenient {
				return j, i
			}
		case c == second:
			words = 0
			c = ' '
		case len(src)-i >= 8 && len(out)-j >= 8:
			w := load64(src, i)
			binary.LittleEndian.PutUint64(out[j:j+8], w)
			if m := specialMask(w, second); m != 0 {
				k := bits.TrailingZeros64(m) >> 3 // the bytes before the first special one
				i += k
				j += k
				words = 0
				continue
			}
			i += 8
			j += 8
			if words++; words == wordsBeforeScan {
				words = 0
				k := indexSpecial(src[i:], second)
				if k > len(out)-j {
					return j, outOfRoom
				}
				j += copy(out[j:], src[i:i+k])
				i += k
			}
			continue
		}
		if j >= len(out) {
			return j, outOfRoom
		}
		out[j] = c
		j++
		i++
	}
	return j, -1
}
