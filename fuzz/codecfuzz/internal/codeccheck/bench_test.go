package codeccheck

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/pctest/pctest/fuzz/internal/fuzzinput"
	"github.com/pctest/pctest/vectors"
)

// benchChecks are the targets' checks as the benchmarks call them: name is
// the target's name without "Fuzz"; run takes the target's arguments.
var benchChecks = []struct {
	name string
	ops  []vectors.Op
	// seed turns a vector into the target's arguments.
	seed func(v vectors.Vector) []any
	run  func(args []any) error
}{
	{"PercentEncode", []vectors.Op{vectors.OpPercentEncode}, selOctets, func(a []any) error { return PercentEncode(a[0].(byte), a[1].([]byte)) }},
	{"PercentDecode", []vectors.Op{vectors.OpPercentDecode}, selOctets, func(a []any) error { return PercentDecode(a[0].(byte), a[1].([]byte)) }},
	{"LenientDecode", []vectors.Op{vectors.OpPercentDecodeLenient}, selOctets, func(a []any) error { return LenientDecode(a[0].(byte), a[1].([]byte)) }},
	{"FormEncode", []vectors.Op{vectors.OpFormEncode}, selOctets, func(a []any) error { return FormEncode(a[0].(byte), a[1].([]byte)) }},
	{"FormDecode", []vectors.Op{vectors.OpFormDecode}, octets, func(a []any) error { return FormDecode(a[0].([]byte)) }},
	{"UTF8", []vectors.Op{vectors.OpUTF8DecodeReplace}, octets, func(a []any) error { return UTF8(a[0].([]byte)) }},
	{"Normalize", []vectors.Op{vectors.OpNormalize}, pair, func(a []any) error { return Normalize(a[0].(string), a[1].(string)) }},
	{"NoDouble", []vectors.Op{vectors.OpEncodeNoDouble}, selOctets, func(a []any) error { return NoDouble(a[0].(byte), a[1].([]byte)) }},
	{"IRI", []vectors.Op{vectors.OpIRIToURI, vectors.OpURIToIRI}, str, func(a []any) error { return IRI(a[0].(string)) }},
	{"NetURLEscape", []vectors.Op{vectors.OpGoQueryEscape}, str, func(a []any) error { return NetURLEscape(a[0].(string)) }},
	{"NetURLUnescape", []vectors.Op{vectors.OpGoQueryUnescape}, str, func(a []any) error { return NetURLUnescape(a[0].(string)) }},
	{"ECMAEncode", []vectors.Op{vectors.OpEncodeURI}, units, func(a []any) error { return ECMAEncode(fuzzinput.Units(a[0].([]byte))) }},
	{"ECMADecode", []vectors.Op{vectors.OpDecodeURI}, units, func(a []any) error { return ECMADecode(fuzzinput.Units(a[0].([]byte))) }},
	{"AnnexB", []vectors.Op{vectors.OpEscape, vectors.OpUnescape}, units, func(a []any) error { return AnnexB(fuzzinput.Units(a[0].([]byte))) }},
	{"LegacyEncode", legacyOps, labeled, func(a []any) error {
		labels, err := fuzzinput.Labels(legacyOps...)
		if err != nil {
			return err
		}
		return LegacyEncode(labels[int(a[0].(byte))%len(labels)], a[1].(string))
	}},
}

// legacyOps are the ops whose vectors seed LegacyEncode and name its labels.
var legacyOps = []vectors.Op{vectors.OpQueryEncode, vectors.OpQueryEncodeScheme, vectors.OpFormEncodeLegacy}

func octets(v vectors.Vector) []any    { return []any{fuzzinput.InputOctets(v)} }
func selOctets(v vectors.Vector) []any { return []any{byte(0), fuzzinput.InputOctets(v)} }
func str(v vectors.Vector) []any       { return []any{string(fuzzinput.InputOctets(v))} }
func pair(v vectors.Vector) []any      { s := string(fuzzinput.InputOctets(v)); return []any{s, s} }
func units(v vectors.Vector) []any     { return []any{fuzzinput.UnitsBytes(v.In)} }

// labeled is LegacyEncode's arguments for v: the selector of its label
// (its index in fuzzinput.Labels, as fuzzinput.SeedLabeled writes it) and
// its input.
func labeled(v vectors.Vector) []any {
	labels, _ := fuzzinput.Labels(legacyOps...)
	return []any{byte(slices.Index(labels, v.Args["encoding"])), string(fuzzinput.InputOctets(v))}
}

// BenchmarkChecks measures what one fuzz execution of each target costs
// beyond the fuzzing engine: its check, run over the inputs of its op's
// vectors in turn. ns/op is per input; 1e9/(ns/op) bounds the target's
// execs/s on one core.
func BenchmarkChecks(b *testing.B) {
	for _, c := range benchChecks {
		b.Run(c.name, func(b *testing.B) {
			vs, err := fuzzinput.Vectors(c.ops...)
			if err != nil || len(vs) == 0 {
				b.Fatal(err, len(vs))
			}
			inputs := make([][]any, len(vs))
			for i, v := range vs {
				inputs[i] = c.seed(v)
			}
			benchInputs(b, inputs, c.run)
		})
	}
}

// BenchmarkCorpus is BenchmarkChecks over the inputs a campaign grew: with
// PCTEST_FUZZCORPUS set to a fuzz cache directory (one holding a directory
// per target, such as
// $(go env GOCACHE)/fuzz/github.com/pctest/pctest/fuzz/codecfuzz, or a
// -test.fuzzcachedir), it runs each target's check over that target's
// inputs in turn, so that -cpuprofile shows where a campaign's time goes.
func BenchmarkCorpus(b *testing.B) {
	root := os.Getenv("PCTEST_FUZZCORPUS")
	if root == "" {
		b.Skip("PCTEST_FUZZCORPUS is not set")
	}
	for _, c := range benchChecks {
		b.Run(c.name, func(b *testing.B) {
			inputs, err := fuzzinput.ReadCorpusDir(filepath.Join(root, "Fuzz"+c.name))
			if os.IsNotExist(err) || len(inputs) == 0 {
				b.Skip("no corpus")
			}
			if err != nil {
				b.Fatal(err)
			}
			benchInputs(b, inputs, c.run)
		})
	}
}

// benchInputs runs run over inputs in turn, each clipped first as the
// targets clip what they are given (fuzzinput.Clip).
func benchInputs(b *testing.B, inputs [][]any, run func([]any) error) {
	n := 0
	for k, in := range inputs {
		inputs[k] = fuzzinput.ClipArgs(in)
		for _, a := range inputs[k] {
			switch a := a.(type) {
			case []byte:
				n += len(a)
			case string:
				n += len(a)
			}
		}
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if err := run(inputs[i%len(inputs)]); err != nil {
			b.Fatal(err)
		}
		i++
	}
	b.ReportMetric(float64(n)/float64(len(inputs)), "B/input")
}
