package codecfuzz

import (
	"testing"

	"github.com/pctest/pctest/fuzz/codecfuzz/internal/codeccheck"
	"github.com/pctest/pctest/fuzz/internal/fuzzinput"
)

// FuzzAnnexB checks escape and unescape (ECMA-262 5.1 Annex B.2.1, B.2.2)
// over fuzzed UTF-16 (fuzzinput.Units) against standard-library models.
func FuzzAnnexB(f *testing.F) {
	if err := fuzzinput.SeedUnits(f, "escape", "unescape"); err != nil {
		f.Fatal(err)
	}
	if err := fuzzinput.SeedUnitShapes(f); err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if err := codeccheck.AnnexB(fuzzinput.Units(fuzzinput.Clip(b))); err != nil {
			t.Fatal(err)
		}
	})
}
