package fuzz

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/pctest/pctest/conformance"
	"github.com/pctest/pctest/vectors"
)

// TestProgress checks that Run reports its progress while it runs:
// several times, with the cases growing and the time left shrinking.
func TestProgress(t *testing.T) {
	// The run ends when a third report or later has counted cases (its
	// context is canceled then), not at a deadline: how many reports a deadline leaves room for
	// depends on how fast the machine is.
	var (
		mu    sync.Mutex
		calls []Progress
	)
	const duration = time.Hour
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	rep, err := Run(ctx, conformance.Reference(), Seed(1), Duration(duration), Parallel(2),
		OnProgress(time.Millisecond, func(p Progress) {
			mu.Lock()
			calls = append(calls, p)
			if len(calls) >= 3 && p.Cases > 0 {
				cancel()
			}
			mu.Unlock()
		}))
	if err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(calls) < 3 {
		t.Fatalf("%d progress reports in %vs, want 3 before the run ends", len(calls), rep.FuzzInfo.DurationSeconds)
	}
	for i, p := range calls {
		if p.Left < 0 || p.Left > duration || i == 0 && p.Left == 0 || p.Elapsed <= 0 || p.Findings != 0 {
			t.Errorf("report %d: %+v", i, p)
		}
		if i > 0 && (p.Cases < calls[i-1].Cases || p.Left > calls[i-1].Left) {
			t.Errorf("report %d goes back: %+v after %+v", i, p, calls[i-1])
		}
	}
	if last := calls[len(calls)-1]; last.Cases == 0 || last.Cases > rep.Summary.Cases {
		t.Errorf("last report %d cases, the run %d", last.Cases, rep.Summary.Cases)
	}
}

// TestFuzzBatchEndsAtDeadline checks that a batch being filled when the
// run's deadline passes ends: the reference answers nothing once the
// deadline's context is done, so a fill loop that only skipped the inputs
// the reference declines spun for ever (a hang seen under load).
func TestFuzzBatchEndsAtDeadline(t *testing.T) {
	f := &fuzzer{impl: conformance.Reference(), ref: reference, seed: 1,
		ops: []*fuzzOp{{op: vectors.OpEncodeURIComponent, quota: unbounded}}, changed: make(chan struct{})}
	gctx, cancel := context.WithCancel(context.Background())
	cancel()
	w := &fuzzWorker{size: batchSize}
	done := make(chan bool)
	go func() { more, _ := f.batch(context.Background(), gctx, w); done <- more }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("batch did not return within 10s of a done context")
	}
	if n := f.sent.Load(); n != 0 {
		t.Errorf("sent %d cases after the deadline", n)
	}
}
