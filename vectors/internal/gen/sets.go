package main

import (
	"bytes"
	"encoding/json"

	"github.com/pctest/pctest/internal/spec"
	"github.com/pctest/pctest/vectors"
)

// setsDescription is sets.json's description.
const setsDescription = "The named encode sets of percentEncodeSet (args.set), written from the spec transcriptions of internal/spec " +
	"by vectors/internal/gen (go generate ./vectors/). keeps lists the octets a set leaves as they are, as ranges of lowercase hex; " +
	"an encoder writes every other octet as %XX. '%' is kept by no RFC 3986 set (pct-encoded is a production of its own). " +
	"The WHATWG URL Standard and net/url define the octets they encode: keeps is the complement, and every octet 0x7F-0xFF is encoded by every WHATWG set. " +
	"ref quotes each set's definition."

// setsFile returns sets.json: every set of spec.NamedSets, sorted by name.
func setsFile() ([]byte, error) {
	f := vectors.SetsFile{Description: setsDescription}
	for _, name := range spec.SetNames() {
		ns := spec.NamedSets[name]
		f.Sets = append(f.Sets, vectors.NewNamedSet(name, ns.Keep,
			vectors.SetRef{Document: ns.Document, Section: ns.Section, Quote: ns.Quote}))
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b) // one space of indent, '<' '>' '&' as they are, a final newline
	enc.SetEscapeHTML(false)
	enc.SetIndent("", " ")
	err := enc.Encode(f)
	return b.Bytes(), err
}
