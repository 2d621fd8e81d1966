package fuzz

import (
	"testing"

	"github.com/pctest/pctest/fuzz/internal/fuzzinput"
	"github.com/pctest/pctest/vectors"
)

// BenchmarkChecks measures what one fuzz execution of each target costs
// beyond the fuzzing engine: its check, run over the inputs of its op's
// vectors in turn. ns/op is per input; 1e9/(ns/op) bounds the target's
// execs/s on one core.
func BenchmarkChecks(b *testing.B) {
	inputs := func(b *testing.B, ops ...string) []vectors.Vector {
		vs, err := fuzzinput.Vectors(ops...)
		if err != nil || len(vs) == 0 {
			b.Fatal(err, len(vs))
		}
		return vs
	}
	for _, c := range []struct {
		name  string
		ops   []string
		check func(v vectors.Vector) error
	}{
		{"PercentEncode", []string{"percentEncode"}, func(v vectors.Vector) error { return checkPercentEncode(0, fuzzinput.InputOctets(v)) }},
		{"PercentDecode", []string{"percentDecode"}, func(v vectors.Vector) error { return checkPercentDecode(0, fuzzinput.InputOctets(v)) }},
		{"LenientDecode", []string{"percentDecodeLenient"}, func(v vectors.Vector) error { return checkLenientDecode(0, fuzzinput.InputOctets(v)) }},
		{"FormEncode", []string{"formEncode"}, func(v vectors.Vector) error { return checkFormEncode(0, fuzzinput.InputOctets(v)) }},
		{"FormDecode", []string{"formDecode"}, func(v vectors.Vector) error { return checkFormDecode(fuzzinput.InputOctets(v)) }},
		{"UTF8", []string{"utf8DecodeReplace"}, func(v vectors.Vector) error { return checkUTF8(fuzzinput.InputOctets(v)) }},
		{"Normalize", []string{"normalize"}, func(v vectors.Vector) error { s := string(fuzzinput.InputOctets(v)); return checkNormalize(s, s) }},
		{"NoDouble", []string{"encodeNoDouble"}, func(v vectors.Vector) error { return checkNoDouble(0, fuzzinput.InputOctets(v)) }},
		{"IRI", []string{"iriToURI", "uriToIRI"}, func(v vectors.Vector) error { return checkIRI(string(fuzzinput.InputOctets(v))) }},
		{"NetURLEscape", []string{"goQueryEscape"}, func(v vectors.Vector) error { return checkNetURLEscape(string(fuzzinput.InputOctets(v))) }},
		{"NetURLUnescape", []string{"goQueryUnescape"}, func(v vectors.Vector) error { return checkNetURLUnescape(string(fuzzinput.InputOctets(v))) }},
		{"ECMAEncode", []string{"encodeURI"}, func(v vectors.Vector) error { return checkECMAEncode(fuzzinput.Units(fuzzinput.UnitsBytes(v.In))) }},
		{"ECMADecode", []string{"decodeURI"}, func(v vectors.Vector) error { return checkECMADecode(fuzzinput.Units(fuzzinput.UnitsBytes(v.In))) }},
	} {
		b.Run(c.name, func(b *testing.B) {
			vs := inputs(b, c.ops...)
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				if err := c.check(vs[i%len(vs)]); err != nil {
					b.Fatal(err)
				}
				i++
			}
		})
	}
}
