package main

import (
	"strings"

	"github.com/pctest/pctest/internal/spec"
)

// iriToURIRef names the parts of RFC 3987 §3.1 that fix iriToURI's answer
// for in: step 2 converts ucschar and iprivate; the note after it lets a
// system convert the printable US-ASCII a URI does not allow ("MAY", else
// "SHOULD fail") and forbids converting "#", "%", "[" and "]" ("MUST
// NOT").
func iriToURIRef(in []uint16) string {
	s := string(spec.ToUTF8(in))
	ref := "RFC 3987 §3.1 step 2"
	if strings.ContainsAny(s, spec.NotInURIPrintable) {
		ref += "; §3.1 note: MAY convert < > \" space { } | \\ ^ `, else SHOULD fail"
	}
	if strings.ContainsAny(s, "#%[]") {
		ref += "; §3.1 note: \"#\", \"%\", \"[\", \"]\" MUST NOT be converted"
	}
	return ref
}
