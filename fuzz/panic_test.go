package fuzz

import (
	"context"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pctest/pctest/conformance"
	"github.com/pctest/pctest/report"
	"github.com/pctest/pctest/vectors"
)

// nilError is an error type whose Error method dereferences its receiver:
// a typed nil of it, returned as an error, panics when printed.
type nilError struct{ msg string }

func (e *nilError) Error() string { return e.msg }

// TestFuzzPanicIsAFinding: an in-process implementation that panics, or
// returns an error whose Error method panics, gives a finding, as
// conformance's runners make of it; the run goes on and reports.
func TestFuzzPanicIsAFinding(t *testing.T) {
	ref := conformance.Reference()
	for name, do := range map[string]func(vectors.Request) (vectors.Response, error){
		"panic": func(req vectors.Request) (vectors.Response, error) {
			if slices.Contains(req.In, '!') {
				panic("kaboom")
			}
			return ref.Do(context.Background(), req)
		},
		"typed nil error": func(req vectors.Request) (vectors.Response, error) {
			if slices.Contains(req.In, '!') {
				var e *nilError
				return vectors.Response{}, e
			}
			return ref.Do(context.Background(), req)
		},
	} {
		impl := planted{name: name, op: vectors.OpEncodeURIComponent, do: do}
		rep, err := Run(context.Background(), impl, Ops(vectors.OpEncodeURIComponent), Seed(1), Cases(2000), Parallel(2))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(rep.Findings) == 0 || rep.Findings[0].Err == nil || !strings.Contains(rep.Findings[0].Err.Error(), "panic") {
			t.Errorf("%s: want a finding whose error says it panicked; got %d findings %+v", name, len(rep.Findings), rep.Findings)
		}
	}
}

// hanging is an in-process implementation whose Do never returns (until
// the test ends): entered is closed at its first call.
type hanging struct {
	entered, release chan struct{}
	once             sync.Once
}

func (*hanging) Name() string { return "hanging" }

func (h *hanging) Do(ctx context.Context, req vectors.Request) (vectors.Response, error) {
	if req.Op != vectors.OpEncodeURIComponent {
		return vectors.Response{Unsupported: true}, nil
	}
	h.once.Do(func() { close(h.entered) })
	<-h.release // ctx ignored: a loop that never ends
	return vectors.Response{}, nil
}

// TestFuzzInProcessHangEnds: an in-process implementation whose Do never
// returns does not hold Run past the end of the run: past the deadline
// and its grace, the case is an unconfirmed timeout finding; with no
// deadline, Run returns once its ctx ends.
func TestFuzzInProcessHangEnds(t *testing.T) {
	for _, deadline := range []bool{true, false} {
		h := &hanging{entered: make(chan struct{}), release: make(chan struct{})}
		t.Cleanup(func() { close(h.release) })
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		opts := []Option{Ops(vectors.OpEncodeURIComponent), Seed(1), Cases(100), Grace(time.Millisecond)}
		if deadline {
			opts = append(opts, Duration(2*time.Second)) // the first case hangs at once
		} else {
			go func() { <-h.entered; cancel() }()
		}
		rep, err := Run(ctx, h, opts...)
		if deadline && err != nil {
			t.Fatalf("deadline: %v", err)
		}
		if !slices.ContainsFunc(rep.Findings, func(f report.Finding) bool { return f.Kind == report.KindTimeout && f.Unconfirmed }) {
			t.Errorf("deadline %v: want an unconfirmed timeout finding; got %+v (err %v)", deadline, rep.Findings, err)
		}
	}
}
