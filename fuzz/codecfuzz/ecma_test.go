package codecfuzz

import (
	"testing"

	"github.com/pctest/pctest/fuzz/codecfuzz/internal/codeccheck"
	"github.com/pctest/pctest/fuzz/internal/fuzzinput"
)

// The ECMAScript targets: encodeURI, encodeURIComponent, decodeURI and
// decodeURIComponent of ECMA-262 5.1 §15.1.3 over fuzzed UTF-16
// (fuzzinput.Units), checked against internal/spec's models (codeccheck);
// fuzz/gojadiff compares them with goja.

func FuzzECMAEncode(f *testing.F) {
	if err := fuzzinput.SeedUnits(f, "encodeURI", "encodeURIComponent"); err != nil {
		f.Fatal(err)
	}
	if err := fuzzinput.SeedUnitShapes(f); err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if err := codeccheck.ECMAEncode(fuzzinput.Units(fuzzinput.Clip(b))); err != nil {
			t.Fatal(err)
		}
	})
}

func FuzzECMADecode(f *testing.F) {
	if err := fuzzinput.SeedUnits(f, "decodeURI", "decodeURIComponent"); err != nil {
		f.Fatal(err)
	}
	if err := fuzzinput.SeedUnitShapes(f); err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if err := codeccheck.ECMADecode(fuzzinput.Units(fuzzinput.Clip(b))); err != nil {
			t.Fatal(err)
		}
	})
}
