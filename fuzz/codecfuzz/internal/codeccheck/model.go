package codeccheck

import (
	"strings"
	"sync"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/pctest/pctest/codec"
	"github.com/pctest/pctest/internal/spec"
)

// The fuzz targets check the codec against pctest's codec-independent
// spec models (internal/spec), the same transcriptions the vector
// generator takes the vectors' answers from. This file adapts them to the
// targets: strings in and out, the codec's Set (which a target hands the
// codec) turned into the model's own, and the codec's error values built
// from where the model failed. TestModels checks the adapted models
// against the vectors.

// keepOf returns the octets of s as the model's set. The targets draw
// their sets from a few hundred, so each is converted once (keepSets).
func keepOf(s codec.Set) spec.Set {
	if k, ok := keepSets.Load(s); ok {
		return *k.(*spec.Set)
	}
	var k spec.Set
	for c := range 256 {
		k[c] = s.Contains(byte(c))
	}
	keepSets.Store(s, &k)
	return k
}

// keepSets holds keepOf's conversions: codec.Set to *spec.Set.
var keepSets sync.Map

// modelEncode percent-encodes every octet of s outside keep (RFC 3986
// §2.1).
func modelEncode(s string, keep codec.Set) string {
	out, _ := spec.EncodeWith([]byte(s), keepOf(keep))
	return string(out)
}

// modelFormEncode is modelEncode with space written as '+' (WHATWG URL §5.2,
// spaceAsPlus), whatever keep says of space.
func modelFormEncode(s string, keep codec.Set) string {
	return string(spec.FormEncode([]byte(s), keepOf(keep)))
}

// modelDecode is the strict percent-decode of RFC 3986 §2.1 (spec.Decode):
// each "%" HEXDIG HEXDIG becomes its octet, except that an escape of an
// octet in verbatim stays as written; any other '%' is an error at its
// offset, holding the '%' and at most two bytes after it. With plus, '+'
// becomes a space first (application/x-www-form-urlencoded).
func modelDecode(s string, verbatim codec.Set, plus bool) (string, *codec.EscapeError) {
	out, at := spec.Decode([]byte(s), keepOf(verbatim), plus)
	if at >= 0 {
		return "", &codec.EscapeError{Offset: at, Text: s[at:min(at+3, len(s))]}
	}
	return string(out), nil
}

// modelDecodeLenient is the percent-decode of WHATWG URL §1.3
// (spec.PercentDecode): a '%' not followed by two hex digits is kept as it
// is, any other escape becomes its octet — but one of an octet in
// verbatim stays as written.
func modelDecodeLenient(s string, verbatim codec.Set) string {
	return string(spec.PercentDecode([]byte(s), keepOf(verbatim)))
}

// modelNormalize is percent-encoding normalization, RFC 3986 §6.2.2.1 and
// §6.2.2.2 (spec.Normalize).
func modelNormalize(s string) string { return string(spec.Normalize([]byte(s))) }

// modelEquivalent reports whether a and b are equivalent under
// percent-encoding normalization (RFC 3986 §6.2.2): whether they normalize
// to the same string.
func modelEquivalent(a, b string) bool {
	return modelNormalize(a) == modelNormalize(b)
}

// modelEncodeNoDouble encodes without encoding twice (RFC 3986 §2.4,
// spec.EncodeNoDouble) with keep as the octets left as they are.
func modelEncodeNoDouble(s string, keep codec.Set) string {
	out, _ := spec.EncodeNoDouble([]byte(s), keepOf(keep))
	return string(out)
}

// modelUTF8Decode is the UTF-8 decoder of the WHATWG Encoding Standard
// (spec.UTF8Decode): it returns the decoded text as UTF-8, each error
// written as U+FFFD, and the byte offset and bytes of the first error
// (offset -1 when there is none): those the decoder consumed for it.
func modelUTF8Decode(in []byte) (out []byte, errOffset int, errText []byte) {
	u, from, to := spec.UTF8Decode(in)
	out = appendUTF16AsUTF8(make([]byte, 0, 3*len(u)), u)
	if from < 0 {
		return out, -1, nil
	}
	return out, from, in[from:to]
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

// appendUTF16AsUTF8 appends the UTF-8 of the code units u (a lone
// surrogate as U+FFFD, as utf16.Decode and string conversion write it) to
// dst: the same bytes as []byte(string(utf16.Decode(u))), without the
// []rune and the string in between.
func appendUTF16AsUTF8(dst []byte, u []uint16) []byte {
	for i := 0; i < len(u); i++ {
		c := rune(u[i])
		switch {
		case c < 0x80:
			dst = append(dst, byte(c))
			continue
		case utf16.IsSurrogate(c) && c < 0xDC00 && i+1 < len(u) && u[i+1] >= 0xDC00 && u[i+1] <= 0xDFFF:
			c = utf16.DecodeRune(c, rune(u[i+1]))
			i++
		case utf16.IsSurrogate(c):
			c = utf8.RuneError
		}
		dst = utf8.AppendRune(dst, c)
	}
	return dst
}
