package fuzz

import (
	"strconv"
	"strings"

	"github.com/pctest/pctest/codec"
)

// This file holds slow, obviously correct models of the octet layer, each
// written straight from its spec's words with no tables, no fast paths and
// nothing shared with the codec but the Set type. The targets check the
// codec against them; TestModels checks them against the vectors, so a
// model that misreads its spec fails on its own.

const (
	unreservedChars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
	hexDigits       = "0123456789ABCDEFabcdef"
)

// modelHexOctet reports whether s[i:] starts with two hex digits, and their
// value.
func modelHexOctet(s string, i int) (byte, bool) {
	if i+2 > len(s) || !strings.ContainsRune(hexDigits, rune(s[i])) || !strings.ContainsRune(hexDigits, rune(s[i+1])) {
		return 0, false
	}
	v, err := strconv.ParseUint(s[i:i+2], 16, 8)
	return byte(v), err == nil
}

// modelEscape returns "%XY", the escape of c with uppercase hex (RFC 3986
// §2.1). It looks the escape up in modelEscapes, which escapeOf fills once:
// the fuzz targets call it for nearly every octet, and formatting it anew
// each time was most of what an execution of the encoding targets cost.
func modelEscape(c byte) string {
	return modelEscapes[c]
}

// modelEscapes holds escapeOf(c) at index c.
var modelEscapes = func() (t [256]string) {
	for c := range t {
		t[c] = escapeOf(byte(c))
	}
	return t
}()

// escapeOf returns "%XY", the escape of c with uppercase hex, the slow way.
func escapeOf(c byte) string {
	return "%" + strings.ToUpper(strconv.FormatUint(uint64(c)|0x100, 16)[1:])
}

// modelEncode percent-encodes every octet of s outside keep (RFC 3986
// §2.1).
func modelEncode(s string, keep codec.Set) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if keep.Contains(s[i]) {
			b.WriteByte(s[i])
		} else {
			b.WriteString(modelEscape(s[i]))
		}
	}
	return b.String()
}

// modelFormEncode is modelEncode with space written as '+' (WHATWG URL §5.2,
// spaceAsPlus), whatever keep says of space.
func modelFormEncode(s string, keep codec.Set) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == ' ':
			b.WriteByte('+')
		case keep.Contains(s[i]):
			b.WriteByte(s[i])
		default:
			b.WriteString(modelEscape(s[i]))
		}
	}
	return b.String()
}

// modelDecode is the strict percent-decode of RFC 3986 §2.1: each "%" HEXDIG
// HEXDIG becomes its octet, except that an escape of an octet in verbatim
// stays as written; any other '%' is an error at its offset, holding the
// '%' and at most two bytes after it. With plus, '+' becomes a space first
// (application/x-www-form-urlencoded).
func modelDecode(s string, verbatim codec.Set, plus bool) (string, *codec.EscapeError) {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '+' && plus:
			b.WriteByte(' ')
		case s[i] != '%':
			b.WriteByte(s[i])
		default:
			c, ok := modelHexOctet(s, i+1)
			if !ok {
				return "", &codec.EscapeError{Offset: i, Text: s[i:min(i+3, len(s))]}
			}
			if verbatim.Contains(c) {
				b.WriteString(s[i : i+3])
			} else {
				b.WriteByte(c)
			}
			i += 2
		}
	}
	return b.String(), nil
}

// modelDecodeLenient is the percent-decode of WHATWG URL §1.3: a '%' not
// followed by two hex digits is kept as it is (step 2.2), any other escape
// becomes its octet (step 2.3) — but one of an octet in verbatim stays as
// written.
func modelDecodeLenient(s string, verbatim codec.Set) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '%' {
			b.WriteByte(s[i])
			continue
		}
		c, ok := modelHexOctet(s, i+1)
		switch {
		case !ok:
			b.WriteByte('%')
		case verbatim.Contains(c):
			b.WriteString(s[i : i+3])
			i += 2
		default:
			b.WriteByte(c)
			i += 2
		}
	}
	return b.String()
}

// modelNormalize is percent-encoding normalization, RFC 3986 §6.2.2.1 and
// §6.2.2.2: in every escape the hex digits become uppercase, and an escape
// of an unreserved character becomes that character. Anything else,
// including a '%' that does not start an escape, stays as it is.
func modelNormalize(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '%' {
			b.WriteByte(s[i])
			continue
		}
		c, ok := modelHexOctet(s, i+1)
		switch {
		case !ok:
			b.WriteByte('%')
		case strings.ContainsRune(unreservedChars, rune(c)):
			b.WriteByte(c)
			i += 2
		default:
			b.WriteString("%" + strings.ToUpper(s[i+1:i+3]))
			i += 2
		}
	}
	return b.String()
}

// modelEquivalent reports whether a and b are equivalent under
// percent-encoding normalization (RFC 3986 §6.2.2): whether they normalize
// to the same string.
func modelEquivalent(a, b string) bool {
	return modelNormalize(a) == modelNormalize(b)
}

// modelEncodeNoDouble encodes without encoding twice (RFC 3986 §2.4): a '%'
// that starts a valid escape is copied with its escape as written, any other
// '%' becomes "%25", and every other octet outside keep becomes its escape.
func modelEncodeNoDouble(s string, keep codec.Set) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '%':
			if _, ok := modelHexOctet(s, i+1); ok {
				b.WriteString(s[i : i+3])
				i += 2
			} else {
				b.WriteString("%25")
			}
		case keep.Contains(s[i]):
			b.WriteByte(s[i])
		default:
			b.WriteString(modelEscape(s[i]))
		}
	}
	return b.String()
}

// modelUTF8Decode is the UTF-8 decoder of the WHATWG Encoding Standard
// (§9.1.2 UTF-8 decoder, run to the end of the stream as "UTF-8 decode
// without BOM" does), step by step with its variables: it returns the
// decoded text as UTF-8, each error written as U+FFFD, and the byte offset
// and bytes of the first error (offset -1 when there is none). The bytes of
// an error are those the decoder consumed for it: a maximal subpart.
func modelUTF8Decode(in []byte) (out []byte, errOffset int, errText []byte) {
	var (
		codePoint         rune
		bytesNeeded, seen int
		lower, upper      byte = 0x80, 0xBF
		start             int
		replacement       = []byte("\uFFFD")
		firstOffset       = -1
		firstText         []byte
		appendError       = func(from, to int) {
			out = append(out, replacement...)
			if firstOffset < 0 {
				firstOffset, firstText = from, in[from:to]
			}
		}
	)
	for i := 0; i < len(in); i++ {
		b := in[i]
		if bytesNeeded == 0 {
			start = i
			switch {
			case b <= 0x7F:
				out = append(out, b)
			case 0xC2 <= b && b <= 0xDF:
				bytesNeeded, codePoint = 1, rune(b&0x1F)
			case 0xE0 <= b && b <= 0xEF:
				if b == 0xE0 {
					lower = 0xA0
				}
				if b == 0xED {
					upper = 0x9F
				}
				bytesNeeded, codePoint = 2, rune(b&0xF)
			case 0xF0 <= b && b <= 0xF4:
				if b == 0xF0 {
					lower = 0x90
				}
				if b == 0xF4 {
					upper = 0x8F
				}
				bytesNeeded, codePoint = 3, rune(b&0x7)
			default:
				appendError(i, i+1)
			}
			continue
		}
		if b < lower || b > upper {
			// Reset, prepend the byte to the stream (read it again) and
			// return an error.
			codePoint, bytesNeeded, seen, lower, upper = 0, 0, 0, 0x80, 0xBF
			appendError(start, i)
			i--
			continue
		}
		lower, upper = 0x80, 0xBF
		codePoint = codePoint<<6 | rune(b&0x3F)
		seen++
		if seen != bytesNeeded {
			continue
		}
		out = appendRune(out, codePoint)
		codePoint, bytesNeeded, seen = 0, 0, 0
	}
	if bytesNeeded != 0 {
		appendError(start, len(in))
	}
	return out, firstOffset, firstText
}

// appendRune appends the UTF-8 of the code point r (RFC 3629 §3), which the
// decoder above only ever gives as a scalar value.
func appendRune(b []byte, r rune) []byte {
	switch {
	case r < 0x80:
		return append(b, byte(r))
	case r < 0x800:
		return append(b, 0xC0|byte(r>>6), 0x80|byte(r)&0x3F)
	case r < 0x10000:
		return append(b, 0xE0|byte(r>>12), 0x80|byte(r>>6)&0x3F, 0x80|byte(r)&0x3F)
	}
	return append(b, 0xF0|byte(r>>18), 0x80|byte(r>>12)&0x3F, 0x80|byte(r>>6)&0x3F, 0x80|byte(r)&0x3F)
}

// modelAuthority returns the authority of the URI reference s as RFC 3986
// Appendix B splits a reference: after an optional scheme (a non-empty run
// of characters other than ":/?#", then ':'), "//" starts an authority that
// runs to the next '/', '?' or '#'. ok is false when s has no authority.
func modelAuthority(s string) (authority string, ok bool) {
	rest := s
	if i := strings.IndexAny(s, ":/?#"); i > 0 && s[i] == ':' {
		rest = s[i+1:]
	}
	after, ok := strings.CutPrefix(rest, "//")
	if !ok {
		return "", false
	}
	if i := strings.IndexAny(after, "/?#"); i >= 0 {
		after = after[:i]
	}
	return after, true
}
