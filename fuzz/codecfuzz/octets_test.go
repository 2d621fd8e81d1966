package codecfuzz

import (
	"testing"

	"github.com/pctest/pctest/fuzz/codecfuzz/internal/codeccheck"
	"github.com/pctest/pctest/fuzz/internal/fuzzinput"
)

// The octet-layer targets: percent-encoding and -decoding (RFC 3986 §2.1,
// WHATWG URL §1.3), application/x-www-form-urlencoded (WHATWG URL §5), the
// Encoding Standard's UTF-8 decoder, normalization and equivalence (RFC 3986
// §6.2.2) and encoding without double encoding (§2.4), each against the
// slow models of codeccheck (its model.go). A selector byte picks an encode
// set (fuzzinput.SetOf).

func FuzzPercentEncode(f *testing.F) {
	if err := fuzzinput.SeedSetOctets(f, "rfc3986.unreserved", "percentEncode", "percentEncodeSet"); err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, sel byte, in []byte) {
		if err := codeccheck.PercentEncode(sel, fuzzinput.Clip(in)); err != nil {
			t.Fatal(err)
		}
	})
}

func FuzzPercentDecode(f *testing.F) {
	if err := fuzzinput.SeedSetOctets(f, "empty", "percentDecode"); err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, sel byte, in []byte) {
		if err := codeccheck.PercentDecode(sel, fuzzinput.Clip(in)); err != nil {
			t.Fatal(err)
		}
	})
}

func FuzzLenientDecode(f *testing.F) {
	if err := fuzzinput.SeedSetOctets(f, "empty", "percentDecodeLenient"); err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, sel byte, in []byte) {
		if err := codeccheck.LenientDecode(sel, fuzzinput.Clip(in)); err != nil {
			t.Fatal(err)
		}
	})
}

func FuzzFormEncode(f *testing.F) {
	if err := fuzzinput.SeedSetOctets(f, "whatwg.form-urlencoded", "formEncode"); err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, sel byte, in []byte) {
		if err := codeccheck.FormEncode(sel, fuzzinput.Clip(in)); err != nil {
			t.Fatal(err)
		}
	})
}

func FuzzFormDecode(f *testing.F) {
	if err := fuzzinput.SeedOctets(f, "formDecode"); err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		if err := codeccheck.FormDecode(fuzzinput.Clip(in)); err != nil {
			t.Fatal(err)
		}
	})
}

func FuzzUTF8(f *testing.F) {
	if err := fuzzinput.SeedOctets(f, "utf8DecodeReplace"); err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		if err := codeccheck.UTF8(fuzzinput.Clip(in)); err != nil {
			t.Fatal(err)
		}
	})
}

func FuzzNormalize(f *testing.F) {
	if err := fuzzinput.SeedPairs(f, "normalize", "equivalent"); err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		if err := codeccheck.Normalize(fuzzinput.Clip(a), fuzzinput.Clip(b)); err != nil {
			t.Fatal(err)
		}
	})
}

func FuzzNoDouble(f *testing.F) {
	if err := fuzzinput.SeedSetOctets(f, "reserved+unreserved", "encodeNoDouble"); err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, sel byte, in []byte) {
		if err := codeccheck.NoDouble(sel, fuzzinput.Clip(in)); err != nil {
			t.Fatal(err)
		}
	})
}
