package conformance

import (
	"context"
	"runtime"
	"testing"

	"github.com/pctest/pctest/report"
	"github.com/pctest/pctest/vectors"
)

// answerBook is an in-process testee that answers each vector's request
// with the vector's expected response at once, looked up by the request's
// line: what is left of a run's cost is the runner's own.
type answerBook map[string]vectors.Response

func (answerBook) Name() string { return "answer-book" }

func (b answerBook) Do(_ context.Context, req vectors.Request) (vectors.Response, error) {
	var buf [256]byte
	if resp, ok := b[string(req.AppendJSON(buf[:0], false))]; ok {
		return resp, nil
	}
	return vectors.Response{Unsupported: true}, nil
}

// BenchmarkRunVector is the runner's cost per vector: Results over the
// whole suite against an in-process testee that answers every vector
// correctly at once (the vectors loaded once, outside the timing), in
// ns/vector.
func BenchmarkRunVector(b *testing.B) {
	all, err := vectors.Load()
	if err != nil {
		b.Fatal(err)
	}
	book := answerBook{}
	for _, v := range all {
		book[string(v.Request.AppendJSON(nil, false))] = v.Expect
	}
	opts := []Option{Vectors(all), Parallel(runtime.GOMAXPROCS(0))}
	b.ReportAllocs()
	for b.Loop() {
		results, err := Results(context.Background(), book, opts...)
		if err != nil {
			b.Fatal(err)
		}
		if s := report.SummaryOf(results); s.Failed != 0 {
			b.Fatalf("%d vectors fail against their own answers", s.Failed)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(all)), "ns/vector")
}
