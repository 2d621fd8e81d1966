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
	inputs := func(b *testing.B, ops ...vectors.Op) []vectors.Vector {
		vs, err := fuzzinput.Vectors(ops...)
		if err != nil || len(vs) == 0 {
			b.Fatal(err, len(vs))
		}
		return vs
	}
	for _, c := range []struct {
		name  string
		ops   []vectors.Op
		check func(v vectors.Vector) error
	}{
		{"PercentEncode", []vectors.Op{vectors.OpPercentEncode}, func(v vectors.Vector) error { return checkPercentEncode(0, fuzzinput.InputOctets(v)) }},
		{"PercentDecode", []vectors.Op{vectors.OpPercentDecode}, func(v vectors.Vector) error { return checkPercentDecode(0, fuzzinput.InputOctets(v)) }},
		{"LenientDecode", []vectors.Op{vectors.OpPercentDecodeLenient}, func(v vectors.Vector) error { return checkLenientDecode(0, fuzzinput.InputOctets(v)) }},
		{"FormEncode", []vectors.Op{vectors.OpFormEncode}, func(v vectors.Vector) error { return checkFormEncode(0, fuzzinput.InputOctets(v)) }},
		{"FormDecode", []vectors.Op{vectors.OpFormDecode}, func(v vectors.Vector) error { return checkFormDecode(fuzzinput.InputOctets(v)) }},
		{"UTF8", []vectors.Op{vectors.OpUTF8DecodeReplace}, func(v vectors.Vector) error { return checkUTF8(fuzzinput.InputOctets(v)) }},
		{"Normalize", []vectors.Op{vectors.OpNormalize}, func(v vectors.Vector) error { s := string(fuzzinput.InputOctets(v)); return checkNormalize(s, s) }},
		{"NoDouble", []vectors.Op{vectors.OpEncodeNoDouble}, func(v vectors.Vector) error { return checkNoDouble(0, fuzzinput.InputOctets(v)) }},
		{"IRI", []vectors.Op{vectors.OpIRIToURI, vectors.OpURIToIRI}, func(v vectors.Vector) error { return checkIRI(string(fuzzinput.InputOctets(v))) }},
		{"NetURLEscape", []vectors.Op{vectors.OpGoQueryEscape}, func(v vectors.Vector) error { return checkNetURLEscape(string(fuzzinput.InputOctets(v))) }},
		{"NetURLUnescape", []vectors.Op{vectors.OpGoQueryUnescape}, func(v vectors.Vector) error { return checkNetURLUnescape(string(fuzzinput.InputOctets(v))) }},
		{"ECMAEncode", []vectors.Op{vectors.OpEncodeURI}, func(v vectors.Vector) error { return checkECMAEncode(fuzzinput.Units(fuzzinput.UnitsBytes(v.In))) }},
		{"ECMADecode", []vectors.Op{vectors.OpDecodeURI}, func(v vectors.Vector) error { return checkECMADecode(fuzzinput.Units(fuzzinput.UnitsBytes(v.In))) }},
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
