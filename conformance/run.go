package conformance

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/pctest/pctest/vectors"
)

// Results runs the vectors that opts select against impl and returns one
// Result per vector, in corpus order. It calls impl.Do from up to Parallel
// goroutines at once. A failure that a known deviation of impl.Name()
// covers is an ExpectedFailure, and so is one on the expected-failures
// list; a listed vector that passes is an UnexpectedPass.
//
// The error is not nil when the options are wrong, the corpus does not
// load (then there are no results), the expected-failures list names a
// vector the corpus does not have (a stale *ListError), or ctx was canceled
// (the vectors not run then have Err set to ctx.Err()). Failing vectors are
// not errors: they are in the results.
func Results(ctx context.Context, impl Implementation, opts ...Option) ([]Result, error) {
	c, err := newConfig(opts)
	if err != nil {
		return nil, err
	}
	all, err := c.corpus()
	if err != nil {
		return nil, err
	}
	var errs []error
	if c.expect != nil {
		errs = c.expect.staleEntries(all)
	}
	sel := c.selection(all)
	results := c.runAll(ctx, impl, sel)
	if err := ctx.Err(); err != nil {
		errs = append(errs, err)
	}
	return results, errors.Join(errs...)
}

// runAll runs sel against impl from c.parallel goroutines and returns the
// results in the order of sel.
func (c *config) runAll(ctx context.Context, impl Implementation, sel []vectors.Vector) []Result {
	results := make([]Result, len(sel))
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(c.parallel, len(sel)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				results[i] = c.run(ctx, impl, sel[i])
			}
		}()
	}
	for i := range sel {
		next <- i
	}
	close(next)
	wg.Wait()
	return results
}

// run runs v against impl and applies the known deviations and the
// expected-failures list.
func (c *config) run(ctx context.Context, impl Implementation, v vectors.Vector) Result {
	var got vectors.Response
	err := ctx.Err()
	if err == nil {
		got, err = do(ctx, impl, v.Request)
	}
	r := evaluate(v, got, err)
	if r.Outcome == Failed && r.Err == nil {
		if d, ok := vectors.FindDeviation(c.deviations, impl.Name(), v.Request, v.Expect, got); ok {
			r.Outcome = ExpectedFailure
			r.Deviation = d.ID
			r.Reason = "known deviation " + d.ID + ": " + d.Summary
		}
	}
	if c.expect != nil {
		if e, ok := c.expect.lookup(v.ID); ok {
			r.ExpectedAt = c.expect.where(e)
			switch r.Outcome {
			case Failed:
				r.Outcome = ExpectedFailure
				r.Reason = "listed as an expected failure at " + r.ExpectedAt + "; " + r.Reason
			case Passed:
				r.Outcome = UnexpectedPass
				r.Reason = "passes, but is listed as an expected failure at " + r.ExpectedAt + ": remove that line"
			}
		}
	}
	return r
}

// do calls impl.Do, turning a panic into an error: nothing an
// implementation does may stop the run.
func do(ctx context.Context, impl Implementation, req vectors.Request) (resp vectors.Response, err error) {
	defer func() {
		if p := recover(); p != nil {
			resp, err = vectors.Response{}, &AnswerError{Op: req.Op, Kind: "panic", Value: p}
		}
	}()
	return impl.Do(ctx, req)
}

// A VectorError is a vector that fails a [Check]: Failed or UnexpectedPass.
type VectorError struct {
	Result Result
}

// Error describes the failure for a person reading a test log: the
// vector's id and where it stands (file:line), the op, the input both as
// escaped text and as code units (or octets in hex), the expected and the
// actual answer, a go-cmp diff, the spec reference and the vector's note;
// for an UnexpectedPass, which expected-failures entry to remove.
func (e *VectorError) Error() string { return formatFailure(e.Result) }

// Check runs the vectors that opts select against impl, as [Results] does,
// and returns nil if none fails, or else one error that joins a
// *VectorError for each Failed or UnexpectedPass vector and a stale
// *ListError for each stale expected-failures entry. It is Run
// without a *testing.T, in the manner of testing/fstest.TestFS.
func Check(impl Implementation, opts ...Option) error {
	results, err := Results(context.Background(), impl, opts...)
	var errs []error
	if err != nil {
		errs = append(errs, err)
	}
	for _, r := range results {
		if r.Outcome.Fails() {
			errs = append(errs, &VectorError{Result: r})
		}
	}
	if len(errs) > 0 {
		return fmt.Errorf("conformance: %s: %d of %d vectors fail: %w", impl.Name(), countFailing(results), len(results), errors.Join(errs...))
	}
	return nil
}

func countFailing(results []Result) int {
	n := 0
	for _, r := range results {
		if r.Outcome.Fails() {
			n++
		}
	}
	return n
}

// Run runs the vectors that opts select against impl, each in a subtest
// of t named by the vector's id, so that go test -run 'Test/ID' runs one
// vector. A vector that fails reports what a VectorError says; a skipped one (an op
// impl does not support) is skipped; an expected failure logs why it was
// expected. An unexpected pass, and a stale expected-failures entry, fail t
// with the line to remove.
//
// The subtests call impl.Do one at a time, in the subtest; with Parallel(n)
// for n > 1, Run asks every selected vector first, n at a time, and the
// subtests report the answers.
func Run(t *testing.T, impl Implementation, opts ...Option) {
	t.Helper()
	c, err := newConfig(opts)
	if err != nil {
		t.Fatal(err)
	}
	all, err := c.corpus()
	if err != nil {
		t.Fatal(err)
	}
	if c.expect != nil {
		for _, err := range c.expect.staleEntries(all) {
			t.Error(err)
		}
	}
	sel := c.selection(all)
	var results []Result
	if c.parallelSet && c.parallel > 1 {
		results = c.runAll(t.Context(), impl, sel)
	}
	for i, v := range sel {
		t.Run(v.ID, func(t *testing.T) {
			var r Result
			if results != nil {
				r = results[i]
			} else {
				r = c.run(t.Context(), impl, v)
			}
			report(t, r)
		})
	}
}

// report reports r to t, the vector's subtest.
func report(t *testing.T, r Result) {
	t.Helper()
	switch r.Outcome {
	case Passed:
	case Skipped:
		t.Skip(r.Reason)
	case ExpectedFailure:
		t.Log(formatFailure(r))
	default:
		t.Error(formatFailure(r))
	}
}
