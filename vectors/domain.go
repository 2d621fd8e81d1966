package vectors

import (
	"fmt"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/pctest/pctest/internal/spec"
)

// Open says whether the spec clause r's op follows leaves the answer to r
// open, so that a vector of r is LevelImplementationDefined and a
// difference on r is no bug (README.md, "Levels"). clause names the clause
// and why says what puts r outside it; both are "" when the spec decides
// the answer. The rules, all decided by r's input alone:
//
//   - percentDecode, normalize, equivalent (either input) and uriToIRI on
//     text that is not made of what a URI may hold: RFC 3986 §2.1 defines
//     pct-encoded = "%" HEXDIG HEXDIG and no decoding of a '%' that starts
//     none; §6.2.2 normalizes and compares URIs only; RFC 3987 §3.2
//     converts URIs only. A URI holds the unreserved and reserved
//     characters of RFC 3986 §2.2, §2.3 and '%' only as pct-encoded; the
//     grammar of §3 is not checked.
//   - iriToURI on a control character (C0, DEL, C1) or a non-ASCII
//     character that is neither ucschar nor iprivate (RFC 3987 §2.2): no
//     IRI holds them and §3.1 does not address them.
//   - iriToURI on an IRI whose host ("scheme://[userinfo@]host...") is not
//     ASCII: RFC 3987 §3.1 lets a system convert it with ToASCII or leave
//     it to step 2.
//   - uriToIRI on a URI whose host has a label starting "xn--": RFC 3987
//     §3.2.1 lets an implementation convert A-labels with ToUnicode.
//
// Whether a system does convert a host with ToASCII or ToUnicode depends
// on more than the input (its scheme-specific knowledge, its IDNA
// profile); Open keeps to what the input decides and leaves every such
// host open.
func (r Request) Open() (clause, why string) {
	s := string(utf16.Decode(r.In))
	switch r.Op {
	case OpPercentDecode:
		if w := outsideURI(s); w != "" {
			return "RFC 3986 §2.1 (defines pct-encoded, not the decoding of other text)",
				"the input is not URI text: " + w + "; RFC 3986 defines no decoding of it"
		}
	case OpNormalize:
		if w := outsideURI(s); w != "" {
			return "RFC 3986 §6.2.2 (normalizes URIs only)", "the input is not a URI: " + w + "; §6.2.2 leaves it open"
		}
	case OpEquivalent:
		for _, x := range []struct{ name, s string }{{"in", s}, {"other", r.Args["other"]}} {
			if w := outsideURI(x.s); w != "" {
				return "RFC 3986 §6.2.2 (compares URIs only)",
					x.name + " is not a URI: " + w + "; RFC 3986 says nothing of its equivalence"
			}
		}
	case OpIRIToURI:
		if w := outsideIRI(s); w != "" {
			return "RFC 3987 §3.1 (converts IRIs only)", "the input is not an IRI: " + w
		}
		if _, host, _, ok := spec.SplitHost(s); ok && strings.ContainsFunc(host, func(c rune) bool { return c >= 0x80 }) {
			return "RFC 3987 §3.1 (MAY convert ireg-name with ToASCII before step 2)",
				"§3.1 lets a system convert a non-ASCII host to A-labels with ToASCII (a SHOULD only to maximize interoperability with legacy resolvers) or leave it to step 2, which percent-encodes its UTF-8"
		}
	case OpURIToIRI:
		if w := outsideURI(s); w != "" {
			return "RFC 3987 §3.2 (converts URIs only)", "the input is not a URI: " + w
		}
		if _, host, _, ok := spec.SplitHost(s); ok && hasXNLabel(host) {
			return "RFC 3987 §3.2.1 (MAY convert A-labels with ToUnicode)",
				"§3.2.1 lets an implementation with scheme-specific knowledge convert the host's A-labels to U-labels with ToUnicode; its own example keeps them"
		}
	}
	return "", ""
}

// hasXNLabel reports whether host has a label longer than "xn--" that
// starts with it (any case), the ACE prefix of RFC 5890 §2.3.2.1.
func hasXNLabel(host string) bool {
	for _, l := range strings.Split(host, ".") {
		if len(l) > 4 && strings.EqualFold(l[:4], "xn--") {
			return true
		}
	}
	return false
}

// uriChar holds the characters a URI may hold besides '%': unreserved
// (RFC 3986 §2.3) and reserved (§2.2).
var uriChar = func() (t [256]bool) {
	for _, c := range "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~" + ":/?#[]@" + "!$&'()*+,;=" {
		t[c] = true
	}
	return t
}()

func isHex(c byte) bool { return c >= '0' && c <= '9' || c >= 'A' && c <= 'F' || c >= 'a' && c <= 'f' }

// outsideURI returns why s is not made of what a URI may hold — the
// unreserved and reserved characters of RFC 3986 §2.2 and §2.3, and '%'
// only as the start of pct-encoded = "%" HEXDIG HEXDIG (§2.1) — or "" when
// it is. It checks characters, not the grammar of §3.
func outsideURI(s string) string {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '%':
			if !(i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2])) {
				return fmt.Sprintf("the '%%' at octet %d is not followed by two hex digits (RFC 3986 §2.1 pct-encoded)", i)
			}
		case uriChar[c]:
		default:
			r, _ := utf8.DecodeRuneInString(s[i:])
			return fmt.Sprintf("%s is not a character a URI may hold (RFC 3986 §2)", charName(r))
		}
	}
	return ""
}

// outsideIRI returns why s is not made of what iriToURI's clause, RFC 3987
// §3.1, addresses, or "". Step 2 converts ucschar and iprivate (§2.2); the
// note after it addresses the printable US-ASCII a URI does not allow
// ("MAY ... deal with", else "SHOULD fail") and "#", "%", "[" and "]"
// ("MUST NOT be converted"), wherever they stand. No IRI holds a control
// character (C0, DEL, C1) or another non-ASCII character outside ucschar
// and iprivate, and §3.1 says nothing of them.
func outsideIRI(s string) string {
	for _, r := range s {
		switch {
		case r < 0x20 || r == 0x7F:
			return charName(r) + " is a control character, which no IRI holds (RFC 3987 §2.2) and RFC 3987 §3.1 does not address"
		case r >= 0x80 && !spec.UCSChar(r) && !spec.IPrivate(r):
			return charName(r) + " is neither ucschar nor iprivate, so no IRI holds it (RFC 3987 §2.2) and RFC 3987 §3.1 step 2 does not convert it"
		}
	}
	return ""
}

// charName writes r as U+XXXX, with the character itself when it is
// printable ASCII.
func charName(r rune) string {
	if r > 0x20 && r < 0x7F {
		return fmt.Sprintf("U+%04X %q", r, r)
	}
	return fmt.Sprintf("U+%04X", r)
}
