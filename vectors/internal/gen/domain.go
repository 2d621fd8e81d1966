package main

import (
	"fmt"
	"unicode/utf8"

	"github.com/pctest/pctest/vectors"
)

// This file says which inputs lie outside the domain of the clause an op
// follows, so that the spec leaves the answer open and the vector is
// "implementation-defined" (README.md, "Levels"). RFC 3986 §6.2.2
// normalizes URIs, §2.1 defines pct-encoded (and no way to decode a '%'
// that starts none), RFC 3987 §3.2 maps URIs and §3.1 maps IRIs: text
// that is not made of what they hold is not theirs to define.

// outsideURI returns why b, UTF-8, is not made of what a URI may hold —
// the unreserved and reserved characters of RFC 3986 §2.2 and §2.3, and
// '%' only as the start of pct-encoded = "%" HEXDIG HEXDIG (§2.1) — or ""
// when it is. It checks characters, not the grammar of §3.
func outsideURI(b []byte) string {
	for i := 0; i < len(b); i++ {
		c := b[i]
		switch {
		case c == '%':
			if !validEscapeAt(b, i) {
				return fmt.Sprintf("the '%%' at octet %d is not followed by two hex digits (RFC 3986 §2.1 pct-encoded)", i)
			}
		case unreserved[c] || reserved[c]:
		default:
			r, _ := utf8.DecodeRune(b[i:])
			return fmt.Sprintf("%s is not a character a URI may hold (RFC 3986 §2)", charName(r))
		}
	}
	return ""
}

// outsideIRI returns why in is not made of what iriToURI's clause, RFC 3987
// §3.1, addresses, or "". Step 2 converts ucschar and iprivate (§2.2); the
// note after it addresses the printable US-ASCII a URI does not allow
// ("MAY ... deal with", else "SHOULD fail") and "#", "%", "[" and "]"
// ("MUST NOT be converted"), wherever they stand. No IRI holds a control
// character (C0, DEL, C1) or another non-ASCII character outside ucschar
// and iprivate, and §3.1 says nothing of them.
func outsideIRI(in []uint16) string {
	for _, r := range string(toUTF8(in)) {
		switch {
		case r < 0x20 || r == 0x7F:
			return charName(r) + " is a control character, which no IRI holds (RFC 3987 §2.2) and RFC 3987 §3.1 does not address"
		case r >= 0x80 && !ucschar(r) && !iprivate(r):
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

// leaveOpen makes r an implementation-defined vector: ref names the clause
// that leaves the answer open, note says why and what the suite
// recommends (r's expected response).
func (r *modelResult) leaveOpen(ref, note string) {
	r.level, r.ref, r.note = vectors.LevelImplementationDefined, ref, "implementation-defined: "+note
}
