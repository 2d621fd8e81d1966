package codec

import (
	"strings"
	"unicode/utf8"

	"golang.org/x/net/idna"
)

// This file converts between IRIs and URIs (RFC 3987 §3.1 and §3.2).

// IRIToURI maps an IRI (or IRI reference) to a URI as RFC 3987 §3.1 says.
//
// When the IRI has an authority (RFC 3986 §3.2, after "//") whose host is a
// reg-name holding non-ASCII characters, each dot-separated label of the
// host that holds one is converted to its A-label by IDNA ToASCII (the
// optional ireg-name step of §3.1, UseSTD3ASCIIRules set; here UTS #46
// processing as golang.org/x/net/idna's Lookup profile does it, so a label
// is also mapped, lowercased for example, before it is converted). IP
// literals ("[...]") are left alone. A label that IDNA refuses, or that is
// not UTF-8, is an error, an [*IDNAError], and the result is "".
//
// Everywhere else (all-ASCII labels of the host included: "The uniform
// treatment of the whole IRI in step 2 is important"), §3.1 step 2 applies:
// "For each character in 'ucschar' or 'iprivate', apply steps 2.1 through
// 2.3 below": 2.1 "Convert the character to a sequence of one or more
// octets using UTF-8", 2.2 "Convert each octet to %HH ... the hexadecimal
// notation SHOULD use uppercase letters", 2.3 "Replace the original
// character with the resulting character sequence". Every octet at or
// above 0x80 is written so: octets of characters that are neither ucschar
// nor iprivate, and bytes that are not UTF-8, too, since a URI can hold
// neither.
//
// The printable US-ASCII characters that a URI does not allow are
// converted the same way (to %20, %22, %3C, %3E, %5C, %5E, %60, %7B, %7C
// and %7D). §3.1: "Systems accepting IRIs MAY also deal with the printable
// characters in US-ASCII that are not allowed in URIs, namely "<", ">",
// '"', space, "{", "}", "|", "\", "^", and "`", in step 2 above. If these
// characters are found but are not converted, then the conversion SHOULD
// fail." Converting them gives a URI where failing would give nothing.
// The rest of ASCII is never changed: "#", "%" and the square brackets
// "MUST NOT be converted", existing escapes stay as written (the note on
// step 2.3: they "are not encoded further"), and controls and DEL, which
// the list leaves out, stay too. The input is taken as the UTF-8 of the
// IRI, not normalized (§3.1 step 1 variant c). When there is nothing to
// convert, IRIToURI returns iri itself.
func IRIToURI(iri string) (string, error) {
	i := indexNotIn(iri, &iriKeepASCII)
	if i == len(iri) {
		return iri, nil
	}
	ref := splitRef(iri)
	b := make([]byte, 0, len(iri)+2*len(iri[i:]))
	pos := 0
	if ref.hostStart >= 0 && !ref.ipLiteral && hasNonASCII(iri[ref.hostStart:ref.hostEnd]) {
		b = appendPctEncode(b, iri[:ref.hostStart], iriKeepASCII, false)
		var err error
		if b, err = appendHostToASCII(b, iri, ref.hostStart, ref.hostEnd); err != nil {
			return "", err
		}
		pos = ref.hostEnd
	}
	b = appendPctEncode(b, iri[pos:], iriKeepASCII, false)
	return unsafeString(b), nil
}

// URIToIRI maps a URI (or URI reference) to an IRI as RFC 3987 §3.2 says:
//
//  1. "Represent the URI as a sequence of octets in US-ASCII."
//  2. "Convert all percent-encodings ("%" followed by two hexadecimal
//     digits) to the corresponding octets, except those corresponding to
//     "%", characters in "reserved", and characters in US-ASCII not allowed
//     in URIs."
//  3. "Re-percent-encode any octet produced in step 2 that is not part of a
//     strictly legal UTF-8 octet sequence."
//  4. "Re-percent-encode all octets produced in step 3 that in UTF-8
//     represent characters that are not appropriate according to sections
//     2.2, 4.1, and 6.1."
//  5. "Interpret the resulting octet sequence as a sequence of characters
//     encoded in UTF-8."
//
// So an escape of an unreserved ASCII character (ALPHA, DIGIT, "-", ".",
// "_", "~") is decoded: "%41" becomes "A". Escapes of "%", of reserved
// characters (gen-delims and sub-delims) and of the other ASCII octets
// (controls, space, '"', "<", ">", "\", "^", "`", "{", "|", "}", DEL) stay
// exactly as written, hex case included. A run of escapes of octets at or
// above 0x80 that is the strictly legal UTF-8 (RFC 3629) of one character
// becomes that character when an IRI allows it there (step 4): a ucschar
// anywhere, an iprivate character in the query only (§2.2), and never one
// of the bidirectional formatting characters LRM, RLM, LRE, RLE, PDF, LRO
// and RLO (U+200E, U+200F, U+202A to U+202E; §4.1). Every other escape of
// an octet at or above 0x80 is re-percent-encoded (steps 3 and 4) with
// uppercase hex (RFC 3986 §2.1: producers "should use uppercase"; §3.2.1
// turns "%e2%80%ae" into "%E2%80%AE").
//
// In the host of an authority (not an IP literal), each label that starts
// with "xn--" (in either case) is converted to its U-label by IDNA
// ToUnicode (§3.2.1: "MAY convert punycode-encoded domain name labels"),
// when golang.org/x/net/idna's Lookup profile accepts it, converts the
// U-label back to the same A-label, and every character of the U-label is
// one an IRI allows. Other labels go through steps 2 to 5 like the rest.
//
// Other characters, including any non-ASCII ones already in uri, are
// copied. URIToIRI never fails: the error is always nil. When nothing
// changes, it returns uri itself.
func URIToIRI(uri string) (string, error) {
	ref := splitRef(uri)
	hasALabel := ref.hostStart >= 0 && !ref.ipLiteral && hasALabelPrefix(uri[ref.hostStart:ref.hostEnd])
	if !hasALabel && strings.IndexByte(uri, '%') < 0 {
		return uri, nil
	}
	b := make([]byte, 0, len(uri))
	pos := 0
	if ref.hostStart >= 0 && !ref.ipLiteral {
		b = appendIRIUnescape(b, uri, 0, ref.hostStart, ref)
		b = appendHostToUnicode(b, uri[ref.hostStart:ref.hostEnd])
		pos = ref.hostEnd
	}
	b = appendIRIUnescape(b, uri, pos, len(uri), ref)
	if string(b) == uri {
		return uri, nil
	}
	return unsafeString(b), nil
}

// notInURIPrintable holds the printable US-ASCII characters that a URI
// does not allow, which [IRIToURI] converts (RFC 3987 §3.1).
const notInURIPrintable = "<>\" {}|\\^`"

// iriKeepASCII holds what [IRIToURI] leaves as it is: every octet below
// 0x80 but those of notInURIPrintable.
var iriKeepASCII = SetRange(0, utf8.RuneSelf-1).Without(notInURIPrintable)

// A uriRef holds where the host and the query of a URI or IRI reference
// are.
type uriRef struct {
	// hostStart and hostEnd delimit the host of the authority; both are -1
	// when there is no authority. An IP literal's host includes its
	// brackets.
	hostStart, hostEnd int
	// ipLiteral is set when the host starts with '['.
	ipLiteral bool
	// queryStart and queryEnd delimit the query, after its '?'; both are
	// -1 when there is none.
	queryStart, queryEnd int
}

// splitRef finds the host and the query of s as the regular expression of
// RFC 3986 Appendix B splits a reference:
//
//	^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?
//
// and then the authority as §3.2 does: userinfo up to the last '@', an IP
// literal in brackets, and a port after the first ':' past the host.
func splitRef(s string) uriRef {
	ref := uriRef{hostStart: -1, hostEnd: -1, queryStart: -1, queryEnd: -1}
	rest := 0
	if i := strings.IndexAny(s, ":/?#"); i > 0 && s[i] == ':' {
		rest = i + 1 // after the scheme
	}
	if strings.HasPrefix(s[rest:], "//") {
		a := rest + 2
		end := len(s)
		if i := strings.IndexAny(s[a:], "/?#"); i >= 0 {
			end = a + i
		}
		h := a
		if at := strings.LastIndexByte(s[a:end], '@'); at >= 0 {
			h = a + at + 1
		}
		hEnd := end
		if h < end && s[h] == '[' {
			ref.ipLiteral = true
			if rb := strings.IndexByte(s[h:end], ']'); rb >= 0 {
				hEnd = h + rb + 1
			}
		} else if c := strings.IndexByte(s[h:end], ':'); c >= 0 {
			hEnd = h + c
		}
		ref.hostStart, ref.hostEnd = h, hEnd
	}
	f := strings.IndexByte(s, '#')
	if f < 0 {
		f = len(s)
	}
	if q := strings.IndexByte(s[:f], '?'); q >= 0 {
		ref.queryStart, ref.queryEnd = q+1, f
	}
	return ref
}

func hasNonASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return true
		}
	}
	return false
}

// hasALabelPrefix reports whether a label of host starts with "xn--", in
// any case.
func hasALabelPrefix(host string) bool {
	for label := range strings.SplitSeq(host, ".") {
		if isALabelPrefixed(label) {
			return true
		}
	}
	return false
}

func isALabelPrefixed(label string) bool {
	return len(label) >= 4 && label[0]|0x20 == 'x' && label[1]|0x20 == 'n' && label[2] == '-' && label[3] == '-'
}

// appendHostToASCII appends the host s[start:end] to b with each label that
// holds a non-ASCII character converted by IDNA ToASCII.
func appendHostToASCII(b []byte, s string, start, end int) ([]byte, error) {
	for i := start; ; {
		j := strings.IndexByte(s[i:end], '.')
		if j < 0 {
			j = end
		} else {
			j += i
		}
		label := s[i:j]
		if hasNonASCII(label) {
			if !utf8.ValidString(label) {
				// golang.org/x/net/idna reads an ill-formed byte as
				// U+FFFD and converts it without error (v0.62.0:
				// "\xff" becomes "xn--zn7c"), so check first.
				e := utf8Error(label).(*UTF8Error)
				e.Offset += i
				return b, &IDNAError{Offset: i, Label: label, Err: e}
			}
			a, err := idna.Lookup.ToASCII(label)
			if err != nil {
				return b, &IDNAError{Offset: i, Label: label, Err: err}
			}
			b = append(b, a...)
		} else {
			b = appendPctEncode(b, label, iriKeepASCII, false)
		}
		if j == end {
			return b, nil
		}
		b = append(b, '.')
		i = j + 1
	}
}

// appendHostToUnicode appends host to b with its escapes decoded as
// [URIToIRI] decodes them and its A-labels converted to U-labels where that
// is safe.
func appendHostToUnicode(b []byte, host string) []byte {
	noQuery := uriRef{queryStart: -1, queryEnd: -1}
	for i := 0; ; {
		j := strings.IndexByte(host[i:], '.')
		if j < 0 {
			j = len(host)
		} else {
			j += i
		}
		label := host[i:j]
		if u, ok := toULabel(label); ok {
			b = append(b, u...)
		} else {
			b = appendIRIUnescape(b, label, 0, len(label), noQuery)
		}
		if j == len(host) {
			return b
		}
		b = append(b, '.')
		i = j + 1
	}
}

// toULabel returns the U-label of the A-label label, and whether it is safe
// to write it instead: IDNA accepts it, converts it back to the same
// A-label, and it holds only characters an IRI allows in a host.
func toULabel(label string) (string, bool) {
	if !isALabelPrefixed(label) {
		return "", false
	}
	u, err := idna.Lookup.ToUnicode(label)
	if err != nil || strings.IndexByte(u, '.') >= 0 {
		return "", false
	}
	if a, err := idna.Lookup.ToASCII(u); err != nil || a != strings.ToLower(label) {
		return "", false
	}
	for _, r := range u {
		if r < utf8.RuneSelf {
			if !Unreserved.has(byte(r)) {
				return "", false
			}
		} else if !iriAllowed(r, false) {
			return "", false
		}
	}
	return u, true
}

// appendIRIUnescape appends s[start:end] to b with the escapes that
// [URIToIRI] may decode decoded; ref says where the query is.
func appendIRIUnescape(b []byte, s string, start, end int, ref uriRef) []byte {
	i := start
	for i < end {
		j := strings.IndexByte(s[i:end], '%')
		if j < 0 {
			break
		}
		b = append(b, s[i:i+j]...)
		i += j
		o, ok := escapeAt(s, i, end)
		if !ok {
			// A '%' that starts no escape: copied.
			b = append(b, '%')
			i++
			continue
		}
		if o < utf8.RuneSelf {
			// Step 2: of the ASCII escapes, only those of unreserved
			// characters are converted; "%", reserved and not allowed
			// in URIs are the rest. Steps 3 and 4 keep the octet.
			if Unreserved.has(o) {
				b = append(b, o)
			} else {
				b = append(b, s[i:i+3]...)
			}
			i += 3
			continue
		}
		// Gather the octets of up to four escapes in a row.
		var seq [utf8.UTFMax]byte
		seq[0] = o
		m := 1
		for m < len(seq) {
			o, ok := escapeAt(s, i+3*m, end)
			if !ok {
				break
			}
			seq[m] = o
			m++
		}
		if n, ok := utf8Seq(seq[:m], 0); ok {
			r, _ := utf8.DecodeRune(seq[:n])
			inQuery := ref.queryStart >= 0 && i >= ref.queryStart && i < ref.queryEnd
			if iriAllowed(r, inQuery) {
				b = append(b, seq[:n]...) // step 5
			} else {
				for _, o := range seq[:n] { // step 4
					b = append(b, '%', upperHex[o>>4], upperHex[o&15])
				}
			}
			i += 3 * n
			continue
		}
		// Step 3: the octet is not part of a strictly legal UTF-8
		// sequence.
		b = append(b, '%', upperHex[o>>4], upperHex[o&15])
		i += 3
	}
	return append(b, s[i:end]...)
}

// escapeAt returns the octet of the escape at s[i], before end, and whether
// there is one.
func escapeAt(s string, i, end int) (byte, bool) {
	if i+2 >= end || s[i] != '%' {
		return 0, false
	}
	h, l := unhex[s[i+1]], unhex[s[i+2]]
	return h<<4 | l, h|l < 16
}

// iriAllowed reports whether an IRI may hold the non-ASCII character r as
// it is: r is a ucschar, or an iprivate character in a query (RFC 3987
// §2.2), and is not a bidirectional formatting character (§4.1).
func iriAllowed(r rune, inQuery bool) bool {
	switch {
	case r < 0xA0:
		return false
	case r == 0x200E || r == 0x200F || 0x202A <= r && r <= 0x202E: // LRM RLM LRE RLE PDF LRO RLO
		return false
	case r <= 0xD7FF:
		return true // ucschar %xA0-D7FF
	case 0xE000 <= r && r <= 0xF8FF:
		return inQuery // iprivate %xE000-F8FF
	case 0xF900 <= r && r <= 0xFDCF, 0xFDF0 <= r && r <= 0xFFEF:
		return true // ucschar
	case r < 0x10000 || r > utf8.MaxRune || r&0xFFFF > 0xFFFD:
		return false // the rest of the BMP, and the last two code points of each plane
	case r >= 0xF0000:
		return inQuery // iprivate %xF0000-FFFFD / %x100000-10FFFD
	case 0xE0000 <= r && r < 0xE1000:
		return false // ucschar resumes at %xE1000
	}
	return true // ucschar %x10000-1FFFD ... %xE1000-EFFFD
}
