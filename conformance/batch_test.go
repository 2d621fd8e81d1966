package conformance

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/pctest/pctest/report"
	"github.com/pctest/pctest/vectors"
)

// batched is an Implementation that takes its requests in batches, as
// testee.Process does: DoBatch answers each request with Do, after
// panicking with "boom" if panics is set. It records the batches' sizes.
type batched struct {
	Implementation
	panics bool
	sizes  chan int
}

func (b batched) DoBatch(ctx context.Context, reqs []vectors.Request, resps []vectors.Response, errs []error) {
	b.sizes <- len(reqs)
	if b.panics {
		panic("boom")
	}
	for i, req := range reqs {
		resps[i], errs[i] = b.Do(ctx, req)
	}
}

// TestRunBatches checks that an implementation that takes its requests in
// batches gets the selected vectors in batches of at most Parallel, and
// that its results are those of the same implementation called one
// request at a time, in the same order.
func TestRunBatches(t *testing.T) {
	all, err := vectors.Load()
	if err != nil {
		t.Fatal(err)
	}
	ref := Reference()
	want, err := Results(context.Background(), ref)
	if err != nil {
		t.Fatal(err)
	}
	for _, parallel := range []int{1, 7, 256} {
		b := batched{Implementation: ref, sizes: make(chan int, len(all))}
		got, err := Results(context.Background(), b, Parallel(parallel))
		if err != nil {
			t.Fatal(err)
		}
		if d := cmp.Diff(want, got); d != "" {
			t.Errorf("Parallel(%d): the batched results differ from Do's (-Do +batched):\n%s", parallel, d)
		}
		close(b.sizes)
		n, batches := 0, 0
		for s := range b.sizes {
			if s > min(parallel, runBatch) {
				t.Errorf("Parallel(%d): a batch of %d", parallel, s)
			}
			n += s
			batches++
		}
		if n != len(want) || batches < len(want)/min(parallel, runBatch) {
			t.Errorf("Parallel(%d): %d requests in %d batches for %d vectors", parallel, n, batches, len(want))
		}
	}
}

// TestRunBatchPanics checks that a DoBatch that panics fails each vector
// of its batch with the panic and where it happened, as Do's panic does.
func TestRunBatchPanics(t *testing.T) {
	b := batched{Implementation: Reference(), panics: true, sizes: make(chan int, 10)}
	results, err := Results(context.Background(), b, Vectors(tinyCorpus()))
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range results {
		var ae *AnswerError
		if r.Outcome != report.Failed || !errors.As(r.Err, &ae) || ae.Kind != "panic" || ae.Value != "boom" {
			t.Fatalf("%s: %v %v: want the panic as the error", r.Vector.ID, r.Outcome, r.Err)
		}
		if !strings.Contains(ae.Stack, "conformance.batched.DoBatch(") || strings.Contains(ae.Stack, "conformance.doBatch(") {
			t.Errorf("the stack is not the implementation's:\n%s", ae.Stack)
		}
	}
}

// TestRunBatchesCanceled checks that a canceled run sends a batching
// implementation nothing and fails every vector with ctx's error, as it
// does one called one request at a time.
func TestRunBatchesCanceled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	b := batched{Implementation: Reference(), sizes: make(chan int, 1000)}
	results, err := Results(ctx, b, Vectors(tinyCorpus()))
	if !errors.Is(err, context.Canceled) {
		t.Errorf("err %v, want context.Canceled", err)
	}
	if len(b.sizes) != 0 {
		t.Errorf("%d batches sent after ctx was canceled", len(b.sizes))
	}
	for _, r := range results {
		if !errors.Is(r.Err, context.Canceled) {
			t.Errorf("%s: err %v, want context.Canceled", r.Vector.ID, r.Err)
		}
	}
}

// unconfirmed is an error as testee.UnconfirmedError is: a request in
// flight at an incident, not yet sent again alone.
type unconfirmed struct{}

func (unconfirmed) Error() string            { return "unconfirmed" }
func (unconfirmed) UnconfirmedIncident() any { return 1 }

// cancelingBatch cancels the run during its batch and leaves its
// requests unconfirmed, as testee.Process does when ctx ends while they
// wait to be sent again after an incident.
type cancelingBatch struct {
	Implementation
	cancel context.CancelFunc
}

func (b cancelingBatch) DoBatch(_ context.Context, reqs []vectors.Request, resps []vectors.Response, errs []error) {
	b.cancel()
	for i := range reqs {
		errs[i] = unconfirmed{}
	}
}

// TestRunBatchUnconfirmedCanceled checks that a request a canceled run
// leaves unconfirmed gets ctx's error, as Do gives it.
func TestRunBatchUnconfirmedCanceled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	results, _ := Results(ctx, cancelingBatch{Reference(), cancel}, Vectors(tinyCorpus()))
	for _, r := range results {
		if !errors.Is(r.Err, context.Canceled) {
			t.Errorf("%s: err %v, want context.Canceled", r.Vector.ID, r.Err)
		}
	}
}
