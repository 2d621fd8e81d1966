package fuzz

import (
	"context"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/pctest/pctest/conformance"
	"github.com/pctest/pctest/vectors"
)

// TestOptionValues checks that the options that take a value reject a
// wrong one with an *OptionError naming the option, and that the zero
// Option is rejected.
func TestOptionValues(t *testing.T) {
	for _, c := range []struct {
		opt  Option
		want string
	}{
		{Cases(-1), "Cases"},
		{Duration(-1), "Duration"},
		{MaxFindings(-1), "MaxFindings"},
		{Grace(-1), "Grace"},
		{ShrinkTime(-1), "ShrinkTime"},
		{OnProgress(-1, nil), "OnProgress"},
		{Ops("encodeURL"), "Ops"},
		{Areas("nosuch"), "Areas"},
		{Option{}, "Option{}"},
	} {
		_, err := Run(context.Background(), conformance.Reference(), c.opt, Cases(1))
		var oe *OptionError
		if !errors.As(err, &oe) || oe.Option != c.want {
			t.Errorf("%s: got %v, want an *OptionError of that option", c.want, err)
		}
	}
	for _, opts := range [][]Option{{JudgeOpen()}, {Seed(1), Parallel(0), AllowEmpty(), KnownDeviations(nil)}} {
		if _, err := Run(context.Background(), conformance.Reference(), append(opts, Cases(10))...); err != nil {
			t.Errorf("%d options: %v", len(opts), err)
		}
	}
}

// opRecorder is the reference, recording the ops it is asked.
type opRecorder struct {
	conformance.Implementation
	mu  chan struct{}
	ops map[vectors.Op]bool
}

func (r *opRecorder) Do(ctx context.Context, req vectors.Request) (vectors.Response, error) {
	r.mu <- struct{}{}
	r.ops[req.Op] = true
	<-r.mu
	return r.Implementation.Do(ctx, req)
}

// TestFuzzAreasAndOps checks that Run fuzzes the ops of the Areas given
// and the Ops given, and no other.
func TestFuzzAreasAndOps(t *testing.T) {
	rec := &opRecorder{Implementation: conformance.Reference(), mu: make(chan struct{}, 1), ops: map[vectors.Op]bool{}}
	if _, err := Run(context.Background(), rec, Areas("rfc3986"), Ops(vectors.OpEncodeURI), Seed(1), Cases(500)); err != nil {
		t.Fatal(err)
	}
	want := map[vectors.Op]bool{vectors.OpEncodeURI: true}
	for _, o := range vectors.Ops() {
		if o.Area == "rfc3986" {
			want[o.Name] = true
		}
	}
	if diff := cmp.Diff(want, rec.ops); diff != "" {
		t.Errorf("ops fuzzed (-want +got):\n%s", diff)
	}
}
