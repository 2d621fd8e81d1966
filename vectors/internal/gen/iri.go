package main

import (
	"strings"
	"unicode/utf16"
)

// This file transcribes RFC 3987 §3.1 (IRI to URI) and §3.2 (URI to IRI)
// as the ops iriToURI and uriToIRI define them, with Punycode (RFC 3492)
// for host labels. IDNA mapping (UTS #46) is not modelled: the vectors use
// host labels that mapping leaves as they are, and the tests check hosts
// against golang.org/x/net/idna.

// ucschar is the ucschar production of RFC 3987 §2.2.
func ucschar(r rune) bool {
	switch {
	case r >= 0xA0 && r <= 0xD7FF, r >= 0xF900 && r <= 0xFDCF, r >= 0xFDF0 && r <= 0xFFEF:
		return true
	case r >= 0x10000 && r <= 0xDFFFD:
		return r&0xFFFF <= 0xFFFD
	case r >= 0xE1000 && r <= 0xEFFFD:
		return true
	}
	return false
}

// iprivate is the iprivate production of RFC 3987 §2.2 (allowed only in
// iquery).
func iprivate(r rune) bool {
	return r >= 0xE000 && r <= 0xF8FF || r >= 0xF0000 && r <= 0xFFFFD || r >= 0x100000 && r <= 0x10FFFD
}

// bidiFormatting are the characters RFC 3987 §4.1 says IRIs MUST NOT
// contain: LRM, RLM, LRE, RLE, PDF, LRO, RLO.
func bidiFormatting(r rune) bool {
	return r == 0x200E || r == 0x200F || r >= 0x202A && r <= 0x202E
}

// iriParts splits s into the text before the host, the host, and the rest,
// for "scheme://[userinfo@]host[:port]..." forms (RFC 3986 §3.2); ok is
// false when s has no authority.
func iriParts(s string) (pre, host, rest string, ok bool) {
	i := 0
	for i < len(s) && (s[i] >= 'a' && s[i] <= 'z' || s[i] >= 'A' && s[i] <= 'Z' ||
		i > 0 && (s[i] >= '0' && s[i] <= '9' || s[i] == '+' || s[i] == '-' || s[i] == '.')) {
		i++
	}
	if i == 0 || !strings.HasPrefix(s[i:], "://") {
		return "", "", "", false
	}
	a := i + 3
	end := len(s)
	if j := strings.IndexAny(s[a:], "/?#"); j >= 0 {
		end = a + j
	}
	auth := s[a:end]
	hs := a
	if at := strings.LastIndexByte(auth, '@'); at >= 0 {
		hs = a + at + 1
	}
	he := end
	if !strings.HasPrefix(s[hs:], "[") {
		if c := strings.IndexByte(s[hs:end], ':'); c >= 0 {
			he = hs + c
		}
	}
	return s[:hs], s[hs:he], s[he:], true
}

// iriToURIModel converts per RFC 3987 §3.1: host labels with non-ASCII to
// A-labels ("xn--" and Punycode), every other non-ASCII character to the
// %XX escapes of its UTF-8 (uppercase hex), ASCII as it is. It also reports
// whether an escape it wrote has a hex letter.
func iriToURIModel(in []uint16) (out []uint16, letters bool) {
	s := string(utf16.Decode(in))
	encode := func(t string) string {
		b, l := encodeWith([]byte(t), setRange(0, 0x7F))
		letters = letters || l
		return string(b)
	}
	pre, host, rest, ok := iriParts(s)
	if !ok {
		return units(encode(s)), letters
	}
	labels := strings.Split(host, ".")
	for i, l := range labels {
		if !isASCII(l) {
			labels[i] = "xn--" + punyEncode([]rune(l))
		}
	}
	return units(encode(pre) + strings.Join(labels, ".") + encode(rest)), letters
}

// uriToIRIModel converts per RFC 3987 §3.2 as the op uriToIRI defines it:
// a run of escapes that is the valid UTF-8 (RFC 3629) of a character an
// IRI allows there (ucschar; iprivate only in the query; never a bidi
// formatting character) becomes that character; every other escape, and
// every escape of an ASCII octet, stays exactly as written; A-labels of the
// host become U-labels.
func uriToIRIModel(in []uint16) []uint16 {
	s := string(utf16.Decode(in))
	pre, host, rest, ok := iriParts(s)
	if !ok {
		return units(decodeIRIText(s))
	}
	labels := strings.Split(host, ".")
	for i, l := range labels {
		if len(l) > 4 && strings.EqualFold(l[:4], "xn--") {
			if u, ok := punyDecode(l[4:]); ok {
				labels[i] = string(u)
			}
		}
	}
	return units(decodeIRIText(pre) + strings.Join(labels, ".") + decodeIRIText(rest))
}

// decodeIRIText decodes the escapes of s, a part of a URI without its
// host. The authority never holds '?' or '#', so the query is what follows
// the first '?' up to a '#'.
func decodeIRIText(s string) string {
	var b strings.Builder
	inQuery, inFragment := false, false
	bs := []byte(s)
	for i := 0; i < len(bs); i++ {
		c := bs[i]
		switch {
		case c == '?' && !inFragment:
			inQuery = true
		case c == '#':
			inQuery, inFragment = false, true
		}
		if !validEscapeAt(bs, i) {
			b.WriteByte(c)
			continue
		}
		lead := hexByteValue(bs[i+1])<<4 | hexByteValue(bs[i+2])
		n := 0
		switch {
		case lead >= 0xC2 && lead <= 0xDF:
			n = 2
		case lead >= 0xE0 && lead <= 0xEF:
			n = 3
		case lead >= 0xF0 && lead <= 0xF4:
			n = 4
		}
		octets := []byte{lead}
		for j := 1; j < n; j++ {
			p := i + 3*j
			if p >= len(bs) || !validEscapeAt(bs, p) {
				break
			}
			octets = append(octets, hexByteValue(bs[p+1])<<4|hexByteValue(bs[p+2]))
		}
		if n > 0 && len(octets) == n {
			if r, ok := rfc3629Decode(octets); ok && (ucschar(r) || inQuery && iprivate(r)) && !bidiFormatting(r) {
				b.WriteRune(r)
				i += 3*n - 1
				continue
			}
		}
		b.WriteString(s[i : i+3])
		i += 2
	}
	return b.String()
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// Punycode, RFC 3492 §5 parameters and §6 algorithms.
const (
	punyBase        = 36
	punyTMin        = 1
	punyTMax        = 26
	punySkew        = 38
	punyDamp        = 700
	punyInitialBias = 72
	punyInitialN    = 128
)

func punyAdapt(delta, numPoints int, first bool) int {
	if first {
		delta /= punyDamp
	} else {
		delta /= 2
	}
	delta += delta / numPoints
	k := 0
	for delta > ((punyBase-punyTMin)*punyTMax)/2 {
		delta /= punyBase - punyTMin
		k += punyBase
	}
	return k + (punyBase-punyTMin+1)*delta/(delta+punySkew)
}

func punyT(k, bias int) int {
	switch {
	case k <= bias:
		return punyTMin
	case k >= bias+punyTMax:
		return punyTMax
	}
	return k - bias
}

func punyDigit(d int) byte {
	if d < 26 {
		return byte('a' + d)
	}
	return byte('0' + d - 26)
}

// punyEncode is the Punycode encoding procedure of RFC 3492 §6.3.
func punyEncode(input []rune) string {
	n, delta, bias := punyInitialN, 0, punyInitialBias
	var out []byte
	for _, c := range input {
		if c < 0x80 {
			out = append(out, byte(c))
		}
	}
	b := len(out)
	h := b
	if b > 0 {
		out = append(out, '-')
	}
	for h < len(input) {
		m := rune(0x7FFFFFFF)
		for _, c := range input {
			if int(c) >= n && c < m {
				m = c
			}
		}
		delta += (int(m) - n) * (h + 1)
		n = int(m)
		for _, c := range input {
			if int(c) < n {
				delta++
			}
			if int(c) == n {
				q := delta
				for k := punyBase; ; k += punyBase {
					t := punyT(k, bias)
					if q < t {
						break
					}
					out = append(out, punyDigit(t+(q-t)%(punyBase-t)))
					q = (q - t) / (punyBase - t)
				}
				out = append(out, punyDigit(q))
				bias = punyAdapt(delta, h+1, h == b)
				delta = 0
				h++
			}
		}
		delta++
		n++
	}
	return string(out)
}

// punyDecode is the Punycode decoding procedure of RFC 3492 §6.2.
func punyDecode(s string) ([]rune, bool) {
	n, i, bias := punyInitialN, 0, punyInitialBias
	var out []rune
	pos := 0
	if d := strings.LastIndexByte(s, '-'); d >= 0 {
		for _, c := range []byte(s[:d]) {
			if c >= 0x80 {
				return nil, false
			}
			out = append(out, rune(c))
		}
		pos = d + 1
	}
	for pos < len(s) {
		oldi, w := i, 1
		for k := punyBase; ; k += punyBase {
			if pos >= len(s) {
				return nil, false
			}
			c := s[pos]
			pos++
			var digit int
			switch {
			case c >= 'a' && c <= 'z':
				digit = int(c - 'a')
			case c >= 'A' && c <= 'Z':
				digit = int(c - 'A')
			case c >= '0' && c <= '9':
				digit = int(c-'0') + 26
			default:
				return nil, false
			}
			i += digit * w
			t := punyT(k, bias)
			if digit < t {
				break
			}
			w *= punyBase - t
		}
		bias = punyAdapt(i-oldi, len(out)+1, oldi == 0)
		n += i / (len(out) + 1)
		i %= len(out) + 1
		if n > 0x10FFFF {
			return nil, false
		}
		out = append(out[:i], append([]rune{rune(n)}, out[i:]...)...)
		i++
	}
	return out, true
}
