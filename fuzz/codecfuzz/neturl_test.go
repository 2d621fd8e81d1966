package codecfuzz

import (
	"testing"

	"github.com/pctest/pctest/fuzz/codecfuzz/internal/codeccheck"
	"github.com/pctest/pctest/fuzz/internal/fuzzinput"
)

// The net/url targets: the codec against Go's own escapers and unescapers,
// errors included.

func FuzzNetURLEscape(f *testing.F) {
	if err := fuzzinput.SeedStrings(f, "goQueryEscape", "goPathEscape"); err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if err := codeccheck.NetURLEscape(fuzzinput.Clip(s)); err != nil {
			t.Fatal(err)
		}
	})
}

func FuzzNetURLUnescape(f *testing.F) {
	if err := fuzzinput.SeedStrings(f, "goQueryUnescape", "goPathUnescape", "percentDecode"); err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if err := codeccheck.NetURLUnescape(fuzzinput.Clip(s)); err != nil {
			t.Fatal(err)
		}
	})
}
