package spec

import (
	"strings"
	"unicode/utf16"
)

// This file transcribes RFC 3987 §3.1 (IRI to URI) and §3.2 (URI to IRI)
// as the ops iriToURI and uriToIRI define them, with Punycode (RFC 3492)
// for host labels. IDNA mapping (UTS #46) is not modelled: the vectors use
// host labels that mapping leaves as they are, and the tests check hosts
// against golang.org/x/net/idna.

// bidiFormatting are the characters RFC 3987 §4.1 says IRIs MUST NOT
// contain: LRM, RLM, LRE, RLE, PDF, LRO, RLO.
func bidiFormatting(r rune) bool {
	return r == 0x200E || r == 0x200F || r >= 0x202A && r <= 0x202E
}

// NotInURIPrintable are the printable US-ASCII characters that a URI does
// not allow and that RFC 3987 §3.1 lets step 2 convert: "Systems accepting
// IRIs MAY also deal with the printable characters in US-ASCII that are not
// allowed in URIs, namely "<", ">", '"', space, "{", "}", "|", "\", "^",
// and "`", in step 2 above.  If these characters are found but are not
// converted, then the conversion SHOULD fail.  Please note that the number
// sign ("#"), the percent sign ("%"), and the square bracket characters
// ("[", "]") are not part of the above list and MUST NOT be converted."
// The op converts them (rather than fail); controls and DEL are not in the
// list and stay as they are.
const NotInURIPrintable = "<>\" {}|\\^`"

// iriKeepASCII is what iriToURI leaves as it is: US-ASCII but
// NotInURIPrintable.
var iriKeepASCII = Range(0, 0x7F).Without(NotInURIPrintable)

// IRIToURI converts in per RFC 3987 §3.1: host labels with non-ASCII to
// A-labels ("xn--" and Punycode, the optional ireg-name conversion before
// step 2); then step 2 on the rest: "For each character in 'ucschar' or
// 'iprivate', apply steps 2.1 through 2.3 below. 2.1. Convert the
// character to a sequence of one or more octets using UTF-8 [RFC3629].
// 2.2. Convert each octet to %HH ... the hexadecimal notation SHOULD use
// uppercase letters. 2.3. Replace the original character with the
// resulting character sequence". Every other non-ASCII character gets the
// same treatment (a URI can hold none), and so do the characters of
// NotInURIPrintable; the rest of ASCII, existing escapes included, stays.
// It also reports whether the answer rests on a SHOULD: an escape it wrote
// has a hex letter (step 2.2), or it converted a character of
// NotInURIPrintable (a MAY, with "SHOULD fail" as the other choice).
func IRIToURI(in []uint16) (out []uint16, should bool) {
	s := string(utf16.Decode(in))
	encode := func(t string) string {
		b, l := EncodeWith([]byte(t), iriKeepASCII)
		should = should || l || strings.ContainsAny(t, NotInURIPrintable)
		return string(b)
	}
	pre, host, rest, ok := SplitHost(s)
	if !ok {
		return Units(encode(s)), should
	}
	labels := strings.Split(host, ".")
	for i, l := range labels {
		if isASCIIString(l) {
			labels[i] = encode(l) // step 2 treats the whole IRI alike
		} else {
			labels[i] = "xn--" + PunycodeEncode([]rune(l))
		}
	}
	return Units(encode(pre) + strings.Join(labels, ".") + encode(rest)), should
}

// URIToIRI converts in per RFC 3987 §3.2, steps 1 to 5:
//
//  1. Represent the URI as a sequence of octets in US-ASCII.
//  2. Convert all percent-encodings ("%" followed by two hexadecimal
//     digits) to the corresponding octets, except those corresponding to
//     "%", characters in "reserved", and characters in US-ASCII not allowed
//     in URIs.
//  3. Re-percent-encode any octet produced in step 2 that is not part of a
//     strictly legal UTF-8 octet sequence.
//  4. Re-percent-encode all octets produced in step 3 that in UTF-8
//     represent characters that are not appropriate according to sections
//     2.2, 4.1, and 6.1.
//  5. Interpret the resulting octet sequence as a sequence of characters
//     encoded in UTF-8.
//
// Step 2 thus decodes the escapes of unreserved ASCII (ALPHA, DIGIT, "-",
// ".", "_", "~": the only ASCII characters a URI allows that are neither
// "%" nor reserved) and of every octet 0x80-0xFF; the other ASCII escapes
// stay as written. A character is appropriate (step 4) when it is a
// ucschar, an iprivate in the query (§2.2), and not a bidi formatting
// character (§4.1); §6.1 leaves choices the op does not make. The escapes
// that steps 3 and 4 write are new, with uppercase hex (RFC 3986 §2.1
// SHOULD; §3.2.1's example turns "%e2%80%ae" into "%E2%80%AE"). A-labels of
// the host become U-labels (§3.2.1: "MAY convert"). It also reports
// whether an escape that step 3 or 4 re-encodes was written with a
// lowercase hex digit: the case of the answer then rests on a SHOULD, and
// the RFC notes that it "may not be preserved". (When the input escape is
// uppercase, keeping it and writing it anew agree.)
func URIToIRI(in []uint16) (out []uint16, lowered bool) {
	s := string(utf16.Decode(in))
	pre, host, rest, ok := SplitHost(s)
	if !ok {
		return Units(decodeIRIText(s, &lowered)), lowered
	}
	labels := strings.Split(host, ".")
	for i, l := range labels {
		if len(l) > 4 && strings.EqualFold(l[:4], "xn--") {
			if u, ok := PunycodeDecode(l[4:]); ok {
				labels[i] = string(u)
				continue
			}
		}
		labels[i] = decodeIRIText(l, &lowered)
	}
	return Units(decodeIRIText(pre, &lowered) + strings.Join(labels, ".") + decodeIRIText(rest, &lowered)), lowered
}

// decodeIRIText applies steps 2 to 5 of §3.2 to s, a part of a URI without
// its host, and sets *lowered when an escape it re-encodes was written with
// a lowercase hex digit. The authority never holds '?' or '#', so the query is what
// follows the first '?' up to a '#'.
func decodeIRIText(s string, lowered *bool) string {
	var b strings.Builder
	inQuery, inFragment := false, false
	bs := []byte(s)
	// reencode writes the octet of the escape at s[at:] as a new escape,
	// with uppercase hex.
	reencode := func(at int) {
		o := HexByteValue(bs[at+1])<<4 | HexByteValue(bs[at+2])
		b.Write(PctEncode(nil, o))
		*lowered = *lowered || s[at:at+3] != strings.ToUpper(s[at:at+3])
	}
	for i := 0; i < len(bs); i++ {
		c := bs[i]
		switch {
		case c == '?' && !inFragment:
			inQuery = true
		case c == '#':
			inQuery, inFragment = false, true
		}
		if !ValidEscapeAt(bs, i) {
			b.WriteByte(c)
			continue
		}
		lead := HexByteValue(bs[i+1])<<4 | HexByteValue(bs[i+2])
		if lead < 0x80 {
			// Step 2: an ASCII escape is converted only when it is not
			// "%", not reserved and not disallowed in URIs: when it is
			// unreserved.
			if Unreserved[lead] {
				b.WriteByte(lead)
			} else {
				b.WriteString(s[i : i+3])
			}
			i += 2
			continue
		}
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
			if p >= len(bs) || !ValidEscapeAt(bs, p) {
				break
			}
			octets = append(octets, HexByteValue(bs[p+1])<<4|HexByteValue(bs[p+2]))
		}
		if n > 0 && len(octets) == n {
			if r, ok := RFC3629Decode(octets); ok { // step 3: strictly legal UTF-8
				if (UCSChar(r) || inQuery && IPrivate(r)) && !bidiFormatting(r) {
					b.WriteRune(r) // step 5
				} else {
					for j := range n { // step 4
						reencode(i + 3*j)
					}
				}
				i += 3*n - 1
				continue
			}
		}
		reencode(i) // step 3: not part of a strictly legal sequence
		i += 2
	}
	return b.String()
}

// isASCIIString reports whether s holds only octets below 0x80.
func isASCIIString(s string) bool {
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

// PunycodeEncode is the Punycode encoding procedure of RFC 3492 §6.3.
func PunycodeEncode(input []rune) string {
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

// PunycodeDecode is the Punycode decoding procedure of RFC 3492 §6.2.
func PunycodeDecode(s string) ([]rune, bool) {
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

// UCSChar is the ucschar production of RFC 3987 §2.2.
func UCSChar(r rune) bool {
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

// IPrivate is the iprivate production of RFC 3987 §2.2 (allowed only in
// iquery).
func IPrivate(r rune) bool {
	return r >= 0xE000 && r <= 0xF8FF || r >= 0xF0000 && r <= 0xFFFFD || r >= 0x100000 && r <= 0x10FFFD
}

// SplitHost splits s into the text before the host, the host, and the
// rest, for "scheme://[userinfo@]host[:port]..." and network-path
// "//[userinfo@]host[:port]..." forms (RFC 3986 §3.2, §4.2); ok is false
// when s has no authority.
func SplitHost(s string) (pre, host, rest string, ok bool) {
	i := 0
	for i < len(s) && (s[i] >= 'a' && s[i] <= 'z' || s[i] >= 'A' && s[i] <= 'Z' ||
		i > 0 && (s[i] >= '0' && s[i] <= '9' || s[i] == '+' || s[i] == '-' || s[i] == '.')) {
		i++
	}
	var a int
	switch {
	case i > 0 && strings.HasPrefix(s[i:], "://"):
		a = i + 3
	case strings.HasPrefix(s, "//"):
		a = 2 // a network-path reference (RFC 3986 §4.2) has an authority too
	default:
		return "", "", "", false
	}
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
