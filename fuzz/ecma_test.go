package fuzz

import "testing"

// The ECMAScript targets: encodeURI, encodeURIComponent, decodeURI and
// decodeURIComponent of ECMA-262 5.1 §15.1.3 over fuzzed UTF-16 (unitsOf),
// checked against standard-library models, and against goja.

func FuzzECMAEncode(f *testing.F) {
	if err := seedUnits(f, "encodeURI", "encodeURIComponent"); err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if err := checkECMAEncode(unitsOf(b)); err != nil {
			t.Fatal(err)
		}
	})
}

func FuzzECMADecode(f *testing.F) {
	if err := seedUnits(f, "decodeURI", "decodeURIComponent"); err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if err := checkECMADecode(unitsOf(b)); err != nil {
			t.Fatal(err)
		}
	})
}

func FuzzGojaEncode(f *testing.F) {
	if err := seedUnits(f, "encodeURI", "encodeURIComponent"); err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if err := checkGoja(unitsOf(b), "encodeURI", "encodeURIComponent"); err != nil {
			t.Fatal(err)
		}
	})
}

func FuzzGojaDecode(f *testing.F) {
	if err := seedUnits(f, "decodeURI", "decodeURIComponent"); err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if err := checkGoja(unitsOf(b), "decodeURI", "decodeURIComponent"); err != nil {
			t.Fatal(err)
		}
	})
}
