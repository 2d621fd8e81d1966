package fuzz

import "testing"

// The IRI target: IRIToURI and URIToIRI of RFC 3987 §3.

func FuzzIRI(f *testing.F) {
	if err := seedStrings(f, "iriToURI", "uriToIRI"); err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if err := checkIRI(s); err != nil {
			t.Fatal(err)
		}
	})
}
