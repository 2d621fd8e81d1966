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
// is also mapped, lowercased for example, before it is converted). All-ASCII
// labels and IP literals ("[...]") are left alone. A label that IDNA
// refuses, or that is not UTF-8, is an error, an [*IDNAError], and the
// result is "".
//
// Everywhere else, every octet at or above 0x80 is written as %XX with
// uppercase hex (§3.1 step 2, the UTF-8 of each ucschar or iprivate
// character; octets of other characters and bytes that are not UTF-8 are
// written the same way, since a URI can hold neither). ASCII is never
// changed: existing escapes stay as they are, and characters that a URI
// does not allow, such as space, are not converted (§3.1 makes that
// optional). The input is taken as the UTF-8 of the IRI, not normalized
// (§3.1 step 1 variant c). When iri is all ASCII, IRIToURI returns it
// itself.
func IRIToURI(iri string) (string, error) {
	i := 0
	for i < len(iri) && iri[i] < utf8.RuneSelf {
		i++
	}
	if i == len(iri) {
		return iri, nil
	}
	ref := splitRef(iri)
	b := make([]byte, 0, len(iri)+2*len(iri[i:]))
	pos := 0
	if ref.hostStart >= 0 && !ref.ipLiteral && hasNonASCII(iri[ref.hostStart:ref.hostEnd]) {
		b = appendPctEncode(b, iri[:ref.hostStart], allASCII, false)
		var err error
		if b, err = appendHostToASCII(b, iri, ref.hostStart, ref.hostEnd); err != nil {
			return "", err
		}
		pos = ref.hostEnd
	}
	b = appendPctEncode(b, iri[pos:], allASCII, false)
	return unsafeString(b), nil
}

// URIToIRI maps a URI (or URI reference) to an IRI as RFC 3987 §3.2 says,
// converting only what is safe to convert.
//
// A run of escapes that is the UTF-8 of one character (§3.2 steps 2 and 3:
// strictly legal UTF-8, RFC 3629) is decoded when the character is one an
// IRI allows (steps 4 and 5): a ucschar anywhere, an iprivate character in
// the query only (§2.2), and never one of the bidirectional formatting
// characters LRM, RLM, LRE, RLE, PDF, LRO and RLO (U+200E, U+200F, U+202A to
// U+202E; §4.1). Every other escape stays exactly as written, hex case
// included. In particular, URIToIRI never decodes an escape of an ASCII
// octet, not even of an unreserved one: that is a normalization (RFC 3986
// §6.2.2.2, see [Normalize]), not a conversion, and it would also decode
// "%25", which §3.2 step 2 keeps.
//
// In the host of an authority (not an IP literal), each label that starts
// with "xn--" (in either case) is converted to its U-label by IDNA
// ToUnicode (§3.2.1: "MAY convert punycode-encoded domain name labels"),
// when golang.org/x/net/idna's Lookup profile accepts it, converts the
// U-label back to the same A-label, and every character of the U-label is
// one an IRI allows. Other labels stay as they are.
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

// allASCII holds every octet below 0x80.
var allASCII = SetRange(0, utf8.RuneSelf-1)

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
			b = append(b, label...)
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
		if !ok || o < utf8.RuneSelf {
			// A '%' that starts no escape, or an escape of an ASCII
			// octet: copied as written.
			n := 1
			if ok {
				n = 3
			}
			b = append(b, s[i:i+n]...)
			i += n
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
				b = append(b, seq[:n]...)
				i += 3 * n
				continue
			}
		}
		b = append(b, s[i:i+3]...)
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
