package codecfuzz

import (
	"testing"

	"github.com/pctest/pctest/fuzz/codecfuzz/internal/codeccheck"
	"github.com/pctest/pctest/fuzz/internal/fuzzinput"
)

// The IRI target: IRIToURI and URIToIRI of RFC 3987 §3.

func FuzzIRI(f *testing.F) {
	if err := fuzzinput.SeedStrings(f, "iriToURI", "uriToIRI"); err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if err := codeccheck.IRI(fuzzinput.Clip(s)); err != nil {
			t.Fatal(err)
		}
	})
}
