package fuzz

import (
	"context"
	"errors"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
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

// stalling answers as the reference does for its first n calls, then
// blocks until the test ends (ignoring ctx); with slow set, it only takes
// that long over each call.
type stalling struct {
	n       int64
	calls   atomic.Int64
	slow    time.Duration
	release chan struct{}
}

func (*stalling) Name() string { return "stalling" }

func (s *stalling) Do(ctx context.Context, req vectors.Request) (vectors.Response, error) {
	if req.Op != vectors.OpEncodeURIComponent {
		return vectors.Response{Unsupported: true}, nil
	}
	if s.slow > 0 {
		time.Sleep(s.slow) // ctx ignored, but it returns
	} else if s.calls.Add(1) > s.n {
		<-s.release
	}
	return conformance.Reference().Do(context.Background(), req)
}

// TestFuzzInProcessHangCounts: when workers hang in the middle of their
// batches, the cases answered before are judged and counted, the ones
// after are not counted as sent, and the hang is one finding however many
// workers hit it; a Do that is only slow (and ignores ctx) is no hang.
func TestFuzzInProcessHangCounts(t *testing.T) {
	s := &stalling{n: 40, release: make(chan struct{})}
	defer close(s.release)
	rep, err := Run(context.Background(), s, Ops(vectors.OpEncodeURIComponent), Seed(1), Parallel(4), Duration(2*time.Second), Grace(time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	var hangs int
	for _, f := range rep.Findings {
		if f.Kind == report.KindTimeout {
			hangs++
		}
	}
	if sum := rep.Summary; hangs != 1 || sum.Cases < 30 || sum.Sent-sum.Cases > 4 {
		t.Errorf("%d timeout findings (want 1); sent %d, answered %d (want the 40 answers counted, and no more sent than answered but the 4 that hung)", hangs, sum.Sent, sum.Cases)
	}

	slow := &stalling{slow: 100 * time.Millisecond}
	rep, err = Run(context.Background(), slow, Ops(vectors.OpEncodeURIComponent), Seed(1), Parallel(1), Duration(300*time.Millisecond), Grace(time.Millisecond))
	if err != nil && !errors.As(err, new(*conformance.EmptyError)) {
		t.Fatal(err)
	}
	if len(rep.Findings) != 0 || rep.Summary.Sent != rep.Summary.Cases {
		t.Errorf("a slow Do that returns: findings %+v, want none; sent %d, answered %d: want the cases the time left unsent not counted as sent", rep.Findings, rep.Summary.Sent, rep.Summary.Cases)
	}
}

// waiting answers nothing before its ctx is done.
type waiting struct{}

func (waiting) Name() string { return "waiting" }

func (waiting) Do(ctx context.Context, req vectors.Request) (vectors.Response, error) {
	<-ctx.Done()
	return vectors.Response{}, ctx.Err()
}

// TestFuzzTimeUpSaysSo: a run whose time runs out before any answer came
// is an *EmptyError that says so (TimeUp), not a fault of the
// implementation.
func TestFuzzTimeUpSaysSo(t *testing.T) {
	_, err := Run(context.Background(), waiting{}, Ops(vectors.OpEncodeURIComponent), Seed(1), Duration(100*time.Millisecond), Grace(time.Millisecond))
	var ee *conformance.EmptyError
	if !errors.As(err, &ee) || !ee.TimeUp || !strings.Contains(err.Error(), "time ran out") {
		t.Errorf("got %v, want an *EmptyError with TimeUp", err)
	}
}
