package codecfuzz

import (
	"testing"

	"github.com/pctest/pctest/fuzz/codecfuzz/internal/codeccheck"
	"github.com/pctest/pctest/fuzz/internal/fuzzinput"
)

// FuzzLegacyEncode checks percent-encode after encoding (WHATWG URL §1.3)
// and the query state (§4.4) over a fuzzed label (a selector into the
// labels of the encoding vectors) and text.
func FuzzLegacyEncode(f *testing.F) {
	if err := fuzzinput.SeedLabeled(f, "queryEncode", "queryEncodeScheme", "formEncodeLegacy"); err != nil {
		f.Fatal(err)
	}
	labels, err := fuzzinput.Labels("queryEncode", "queryEncodeScheme", "formEncodeLegacy")
	if err != nil || len(labels) == 0 {
		f.Fatalf("labels: %v (%d)", err, len(labels))
	}
	f.Fuzz(func(t *testing.T, sel byte, s string) {
		if err := codeccheck.LegacyEncode(labels[int(sel)%len(labels)], string(fuzzinput.Clip([]byte(s)))); err != nil {
			t.Fatal(err)
		}
	})
}
