package gojadiff

import (
	"testing"

	"github.com/pctest/pctest/fuzz/internal/fuzzinput"
	"github.com/pctest/pctest/vectors"
)

// BenchmarkChecks measures what one execution of each goja target costs
// beyond the fuzzing engine: both of its functions in goja and in the
// codec, over the inputs of the vectors of its ops in turn.
func BenchmarkChecks(b *testing.B) {
	for _, c := range []struct {
		name string
		ops  []vectors.Op
	}{
		{"Encode", []vectors.Op{vectors.OpEncodeURI, vectors.OpEncodeURIComponent}},
		{"Decode", []vectors.Op{vectors.OpDecodeURI, vectors.OpDecodeURIComponent}},
	} {
		b.Run(c.name, func(b *testing.B) {
			vs, err := fuzzinput.Vectors(c.ops...)
			if err != nil || len(vs) == 0 {
				b.Fatal(err, len(vs))
			}
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				if err := checkGoja(fuzzinput.Units(fuzzinput.UnitsBytes(vs[i%len(vs)].In)), c.ops...); err != nil {
					b.Fatal(err)
				}
				i++
			}
		})
	}
}
