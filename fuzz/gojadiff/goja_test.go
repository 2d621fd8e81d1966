package gojadiff

import (
	"testing"

	"github.com/pctest/pctest/fuzz/internal/fuzzinput"
)

// The goja targets: each of the four ECMAScript functions, over fuzzed
// UTF-16 (fuzzinput.Units), answered by goja and by the codec.

func FuzzGojaEncode(f *testing.F) {
	if err := fuzzinput.SeedUnits(f, "encodeURI", "encodeURIComponent"); err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if err := checkGoja(fuzzinput.Units(fuzzinput.ClipTo(b, fuzzinput.MaxLenGoja)), "encodeURI", "encodeURIComponent"); err != nil {
			t.Fatal(err)
		}
	})
}

// FuzzGojaAnnexB compares goja's escape and unescape (ECMA-262 5.1 Annex
// B.2.1, B.2.2) with the reference codec's.
func FuzzGojaAnnexB(f *testing.F) {
	if err := fuzzinput.SeedUnits(f, "escape", "unescape"); err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if err := checkGoja(fuzzinput.Units(fuzzinput.ClipTo(b, fuzzinput.MaxLenGoja)), "escape", "unescape"); err != nil {
			t.Fatal(err)
		}
	})
}

func FuzzGojaDecode(f *testing.F) {
	if err := fuzzinput.SeedUnits(f, "decodeURI", "decodeURIComponent"); err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if err := checkGoja(fuzzinput.Units(fuzzinput.ClipTo(b, fuzzinput.MaxLenGoja)), "decodeURI", "decodeURIComponent"); err != nil {
			t.Fatal(err)
		}
	})
}
