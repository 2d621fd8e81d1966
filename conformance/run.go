package conformance

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pctest/pctest/report"
	"github.com/pctest/pctest/vectors"
)

// Results runs the vectors that opts select against impl and returns one
// Result per vector, in corpus order. It calls impl.Do from up to Parallel
// goroutines at once; an impl that also has the method
// DoBatch(ctx, reqs, resps, errs), as testee.Process does (see
// fuzz.Batcher), gets the vectors in batches through it instead, Parallel
// requests in flight, with the same results. A failure that a known deviation of impl.Name()
// covers is an ExpectedFailure, and so is one on the expected-failures
// list; a listed vector that passes is an UnexpectedPass.
//
// The error is not nil when the options are wrong, the corpus does not
// load (then there are no results), the expected-failures list names a
// vector the corpus does not have (a stale *ListError), or ctx was canceled
// (the vectors not run then have Err set to ctx.Err()). Failing vectors are
// not errors: they are in the results. Once ctx is done, Results waits a
// second for the calls of impl.Do in flight to return; a Do that ignores
// ctx and has not returned by then is left running (Go cannot stop a
// goroutine), and its vector has Err set to ctx.Err() too.
func Results(ctx context.Context, impl Implementation, opts ...Option) ([]report.Result, error) {
	c, err := newConfig("Results", opts)
	if err != nil {
		return nil, err
	}
	return c.results(ctx, impl)
}

// results runs the vectors c selects against impl, as Results does.
func (c *config) results(ctx context.Context, impl Implementation) ([]report.Result, error) {
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
// results in the order of sel. An impl that takes its requests in batches
// (a batchDoer, as testee.Process is) gets them in batches instead, from
// as few goroutines as keep c.parallel requests in flight.
func (c *config) runAll(ctx context.Context, impl Implementation, sel []vectors.Vector) []report.Result {
	results := make([]report.Result, len(sel))
	if b, ok := impl.(batchDoer); ok {
		c.runBatches(ctx, impl, b, sel, results)
		return results
	}
	// The workers publish each result under mu, unless the run has given
	// up on them: an implementation in this process whose Do does not
	// return once ctx is done (it ignores ctx) is left running, as Go
	// cannot stop a goroutine, and its vectors get ctx's error.
	var (
		mu        sync.Mutex
		abandoned bool
		filled    = make([]bool, len(sel))
		next      = make(chan int)
		wg        sync.WaitGroup
	)
	for range min(c.parallel, len(sel)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				r := c.run(ctx, impl, sel[i])
				mu.Lock()
				if abandoned {
					mu.Unlock()
					return
				}
				results[i], filled[i] = r, true
				mu.Unlock()
			}
		}()
	}
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
feed:
	for i := range sel {
		select {
		case next <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(next)
	select {
	case <-done:
	case <-ctx.Done():
		// Do that heeds ctx returns at once; one that does not, within
		// abandonGrace, never will.
		select {
		case <-done:
		case <-time.After(abandonGrace):
		}
	}
	mu.Lock()
	defer mu.Unlock()
	abandoned = true
	for i := range sel {
		if !filled[i] {
			results[i] = c.judge(impl, sel[i], vectors.Response{}, ctx.Err())
		}
	}
	return results
}

// abandonGrace is how long Results waits, once its ctx is done, for the
// calls of Do in flight to return before it gives up on them.
const abandonGrace = time.Second

// A batchDoer is an Implementation that answers requests sent together
// faster than one at a time, as a subprocess adapter that pipelines them
// does (testee.Process; fuzz.Batcher has the same method). DoBatch
// answers reqs[i] in resps[i], or fails it with errs[i], waiting for all
// of them; ctx bounds the wait.
type batchDoer interface {
	DoBatch(ctx context.Context, reqs []vectors.Request, resps []vectors.Response, errs []error)
}

// runBatch is how many vectors a batch sent to a batchDoer holds at most.
const runBatch = 64

// runBatches runs sel against b, impl's batch interface, into results:
// batches of up to runBatch vectors, in corpus order, from enough
// goroutines to keep c.parallel requests in flight. Each vector's result
// is the one c.run would give it.
func (c *config) runBatches(ctx context.Context, impl Implementation, b batchDoer, sel []vectors.Vector, results []report.Result) {
	size := min(runBatch, c.parallel)
	workers := min((c.parallel+size-1)/size, (len(sel)+size-1)/size)
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			reqs := make([]vectors.Request, size)
			resps := make([]vectors.Response, size)
			errs := make([]error, size)
			for {
				lo := int(next.Add(int64(size))) - size
				if lo >= len(sel) {
					return
				}
				n := min(size, len(sel)-lo)
				for k := range n {
					reqs[k] = sel[lo+k].Request
				}
				doBatch(ctx, b, reqs[:n], resps[:n], errs[:n])
				for k := range n {
					results[lo+k] = c.judge(impl, sel[lo+k], resps[k], errs[k])
				}
				clear(reqs)
				clear(resps)
				clear(errs)
			}
		}()
	}
	wg.Wait()
}

// doBatch calls b.DoBatch through DoBatch: a panic fails every request
// of the batch, and none is sent once ctx is done. A request that Do
// would have failed with ctx's error (one still waiting, when ctx ended,
// to be sent again alone after an incident) gets ctx's error too.
func doBatch(ctx context.Context, b batchDoer, reqs []vectors.Request, resps []vectors.Response, errs []error) {
	if err := ctx.Err(); err != nil {
		for k := range reqs {
			resps[k], errs[k] = vectors.Response{}, err
		}
		return
	}
	DoBatch(ctx, b.DoBatch, reqs, resps, errs)
	if err := ctx.Err(); err != nil {
		for k, e := range errs {
			if _, ok := e.(interface{ UnconfirmedIncident() any }); ok {
				resps[k], errs[k] = vectors.Response{}, err
			}
		}
	}
}

// run runs v against impl and applies the known deviations and the
// expected-failures list.
func (c *config) run(ctx context.Context, impl Implementation, v vectors.Vector) report.Result {
	var got vectors.Response
	err := ctx.Err()
	if err == nil {
		got, err = Do(ctx, impl, v.Request)
	}
	return c.judge(impl, v, got, err)
}

// judge judges got, or err, impl's answer to v, and applies the known
// deviations and the expected-failures list.
func (c *config) judge(impl Implementation, v vectors.Vector, got vectors.Response, err error) report.Result {
	r := evaluate(v, got, err)
	if !c.judged(v) {
		switch r.Outcome {
		case report.Passed:
			r.Outcome = report.Agrees
		case report.Failed:
			r.Outcome = report.Differs
			r.Reason = "implementation-defined (" + v.Ref + "); the suite recommends another answer: " + r.Reason
		}
		return r
	}
	if r.Outcome == report.Failed && r.Err == nil {
		if d, ok := vectors.FindDeviation(c.deviations, impl.Name(), v.Request, v.Expect, got); ok {
			r.Outcome = report.ExpectedFailure
			r.Deviation = d.ID
			r.Reason = "known deviation " + d.ID + ": " + d.Title
		}
	}
	if c.expect != nil {
		if e, ok := c.expect.lookup(v.ID); ok {
			r.ExpectedAt = c.expect.where(e)
			switch r.Outcome {
			case report.Failed:
				r.Outcome = report.ExpectedFailure
				r.Reason = "listed as an expected failure at " + r.ExpectedAt + "; " + r.Reason
			case report.Passed:
				r.Outcome = report.UnexpectedPass
				r.Reason = "passes, but is listed as an expected failure at " + r.ExpectedAt + ": remove that line"
			}
		}
	}
	return r
}

// Do calls impl.Do(ctx, req) as every runner of this package does, and
// fuzz.Run too: a panic in it becomes an [*AnswerError] of kind "panic"
// (with the implementation's part of the stack), and so does an error
// whose Error method panics (a typed nil pointer returned as an error,
// say), so that nothing an implementation does stops a run or the report
// that prints its errors.
func Do(ctx context.Context, impl Implementation, req vectors.Request) (resp vectors.Response, err error) {
	defer func() {
		if p := recover(); p != nil {
			resp, err = vectors.Response{}, &AnswerError{Op: req.Op, Kind: "panic", Value: p, Stack: panicStack(debug.Stack())}
		}
	}()
	resp, err = impl.Do(ctx, req)
	return resp, printable(req.Op, err)
}

// DoBatch calls batch(ctx, reqs, resps, errs), the DoBatch method of an
// implementation that answers requests sent together (testee.Process,
// fuzz.Batcher), as [Do] calls Do: a panic fails every request of the
// batch with an [*AnswerError] of kind "panic", and an error whose Error
// method panics becomes one too.
func DoBatch(ctx context.Context, batch func(context.Context, []vectors.Request, []vectors.Response, []error), reqs []vectors.Request, resps []vectors.Response, errs []error) {
	defer func() {
		if p := recover(); p != nil {
			stack := panicStack(debug.Stack())
			for k, req := range reqs {
				resps[k], errs[k] = vectors.Response{}, &AnswerError{Op: req.Op, Kind: "panic", Value: p, Stack: stack}
			}
		}
	}()
	batch(ctx, reqs, resps, errs)
	for k, req := range reqs {
		errs[k] = printable(req.Op, errs[k])
	}
}

// printable returns err, or, when its Error method panics, an
// *AnswerError of kind "panic" that says so.
func printable(op vectors.Op, err error) (safe error) {
	if err == nil {
		return nil
	}
	defer func() {
		if p := recover(); p != nil {
			safe = &AnswerError{Op: op, Kind: "panic", Value: fmt.Sprintf("the Error method of the %T it returned panicked: %v", err, p)}
		}
	}()
	_ = err.Error()
	return err
}

// panicStack returns the implementation's part of stack, as debug.Stack
// wrote it in Do's deferred function: from the function that called panic
// to the implementation's Do that Do called (or the DoBatch that DoBatch
// called), without the goroutine's header, debug.Stack, the deferred
// function, panic itself, and Do and the runner below it.
// Without those frames it returns the whole stack.
func panicStack(stack []byte) string {
	lines := strings.Split(strings.TrimRight(string(stack), "\n"), "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "panic(") && i+2 <= len(lines) {
			lines = lines[i+2:]
			break
		}
	}
	for i, l := range lines {
		if strings.HasPrefix(l, "github.com/pctest/pctest/conformance.Do(") || strings.HasPrefix(l, "github.com/pctest/pctest/conformance.DoBatch(") {
			lines = lines[:i]
			break
		}
	}
	return strings.Join(lines, "\n")
}

// A VectorError is a vector that fails a [Check]: Failed or UnexpectedPass.
type VectorError struct {
	Result report.Result
}

// Error describes the failure for a person reading a test log: the
// vector's id and where it stands (file:line), how the answers relate
// (the cause, such as "hex digits in lowercase"), the op, the input both
// as escaped text and as code units (or octets in hex), the expected and
// the actual answer, the exact diff of the two (only the differing units
// marked), the spec reference and the vector's note; for an
// UnexpectedPass, which expected-failures entry to remove.
func (e *VectorError) Error() string { return formatFailure(e.Result) }

// Check runs the vectors that opts select against impl, as [Results] does,
// and returns nil if none fails, or else one error that starts with the
// count, joins a *VectorError for each Failed or UnexpectedPass vector
// (must before should before implementation-defined) and a stale
// *ListError for each stale expected-failures entry, and ends with the
// causes of the failures, by level, then biggest first. When it judged no
// vector (none selected, every one declined as unsupported, or only
// implementation-defined ones ran) it returns an error wrapping an
// [*EmptyError], unless [AllowEmpty] is given: a run that judged nothing
// does not pass. It is Run
// without a *testing.T, in the manner of testing/fstest.TestFS.
func Check(impl Implementation, opts ...Option) error {
	c, err := newConfig("Check", opts)
	if err != nil {
		return err
	}
	results, err := c.results(context.Background(), impl)
	var errs []error
	if err != nil {
		errs = append(errs, err)
	}
	for _, i := range report.ByLevel(results) {
		if r := results[i]; r.Outcome.Fails() {
			errs = append(errs, &VectorError{Result: r})
		}
	}
	if len(errs) > 0 {
		errs = append(errs, errors.New(summarize(impl.Name(), results, unprovidedOps(results))))
		return fmt.Errorf("conformance: %s: %d of %d vectors fail: %w", impl.Name(), countFailing(results), len(results), errors.Join(errs...))
	}
	if err := CheckJudged(results, "the options given to Check"); err != nil && !c.allowEmpty {
		return fmt.Errorf("conformance: %s: %w (in Go: the Level option judges implementation-defined vectors, AllowEmpty accepts an empty run)", impl.Name(), err)
	}
	return nil
}

func countFailing(results []report.Result) int {
	n := 0
	for _, r := range results {
		if r.Outcome.Fails() {
			n++
		}
	}
	return n
}

// unprovidedOps returns the ops all of whose results are skipped because
// the implementation does not support them, in the order of the results.
func unprovidedOps(results []report.Result) []string {
	all := map[vectors.Op]bool{}
	var order []string
	for _, r := range results {
		op := r.Vector.Op
		skipped := r.Outcome == report.Skipped
		if seen, ok := all[op]; ok {
			all[op] = seen && skipped
			continue
		}
		all[op] = skipped
		order = append(order, string(op))
	}
	return slices.DeleteFunc(order, func(op string) bool { return !all[vectors.Op(op)] })
}

// Run runs the vectors that opts select against impl and reports them in
// t, in the manner of testing/fstest.TestFS, for a person to read:
//
//   - It asks impl for every selected vector first (Parallel at a time),
//     then logs the count: how many vectors fail, and which ops impl does
//     not provide. When go test -run or -skip selects among the vectors'
//     subtests, it leaves the counts to the summary.
//   - Each vector is a subtest of t named by its id, so that
//     go test -run 'Test/ID' runs one vector. The subtests run by level:
//     the must vectors first, then should, then implementation-defined,
//     each in corpus order, and a failure's first line names its level
//     ("fail (MUST): …"), so that a MUST failure is never lost behind a
//     hundred SHOULD ones.
//   - The first failures of each op (10) are described in full, as a
//     VectorError says, with the exact diff of the two answers; after that
//     each failure is one line.
//   - An op impl does not provide at all is one skipped subtest, named by
//     the op, not one per vector.
//   - An expected failure logs why it was expected; an unexpected pass, and
//     a stale expected-failures entry, fail t with the line to remove.
//   - Without a Level option, the implementation-defined vectors run apart
//     (see [Level]): the count line says how many there were and how many
//     differ from the suite's recommendation, and each that differs logs
//     its description (go test -v shows it); none fails t.
//   - At the end, t logs the summary: the counts and the causes of the
//     failures (the same op, level and relation between the answers), by
//     level, must first, then biggest first, each with its count, level,
//     shortest example and spec step.
//     With go test -run, the summary counts the subtests that ran.
//   - A run that judged no vector (none selected, every one declined as
//     unsupported, or only implementation-defined ones ran) fails t with
//     the [*EmptyError] that says why, unless [AllowEmpty] is given.
//
// Messages point at the line of the caller's test that called Run.
func Run(t *testing.T, impl Implementation, opts ...Option) {
	t.Helper()
	c, err := newConfig("Run", opts)
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
	results := c.runAll(t.Context(), impl, sel)
	unprovided := unprovidedOps(results)
	s := report.SummaryOf(results)
	head := fmt.Sprintf("%s: %d of %d vectors fail (%s)", impl.Name(), s.Failed, s.Total(), s)
	if goTestSelects(t) {
		// The counts of all would not be those of the subtests that run.
		head = fmt.Sprintf("%s: %d vectors; go test -run or -skip selects which of them run, and the summary at the end counts those", impl.Name(), s.Total())
	}
	if len(unprovided) > 0 {
		head += "; ops not provided, skipped: " + strings.Join(unprovided, ", ")
	}
	if s.Failed > 0 {
		head += fmt.Sprintf("; the first %d failures of each op in full, then one line each; causes at the end", c.detail)
	}
	t.Log(head)
	if err := CheckJudged(results, "the options given to Run"); err != nil && !c.allowEmpty {
		// A run that judged nothing does not pass.
		t.Errorf("%s: %v (in Go: the Level option judges implementation-defined vectors, AllowEmpty accepts an empty run)", impl.Name(), err)
	}

	var ran []report.Result
	t.Cleanup(func() {
		t.Helper()
		t.Log("summary: " + summarize(impl.Name(), ran, unprovidedOps(ran)))
	})
	skipOp := map[vectors.Op]int{}
	for _, op := range unprovided {
		skipOp[vectors.Op(op)] = 0
	}
	for _, r := range results {
		if _, ok := skipOp[r.Vector.Op]; ok {
			skipOp[r.Vector.Op]++
		}
	}
	for _, op := range unprovided {
		t.Run(op, func(t *testing.T) {
			for _, r := range results {
				if string(r.Vector.Op) == op {
					ran = append(ran, r)
				}
			}
			t.Skipf("%s does not provide %s: its %d vectors are skipped", impl.Name(), op, skipOp[vectors.Op(op)])
		})
	}
	detailed := map[vectors.Op]int{}
	for _, i := range report.ByLevel(results) {
		v := sel[i]
		if _, ok := skipOp[v.Op]; ok {
			continue
		}
		t.Run(v.ID, func(t *testing.T) {
			t.Helper()
			r := results[i]
			ran = append(ran, r)
			full := true
			if r.Outcome.Fails() {
				detailed[v.Op]++
				full = detailed[v.Op] <= c.detail
			}
			logResult(t, r, full)
		})
	}
}

// goTestSelects reports whether go test's -run or -skip pattern may
// select among the subtests of t: whether it has an element, split at '/'
// as go test splits it, for their level. It errs towards yes: a '/' in
// brackets counts too.
func goTestSelects(t *testing.T) bool {
	level := strings.Count(t.Name(), "/") + 1
	for _, name := range []string{"test.run", "test.skip"} {
		if f := flag.Lookup(name); f != nil && strings.Count(f.Value.String(), "/") >= level {
			return true
		}
	}
	return false
}

// logResult reports r to t, the vector's subtest: in full, or in one line.
func logResult(t *testing.T, r report.Result, full bool) {
	t.Helper()
	switch r.Outcome {
	case report.Passed, report.Agrees:
	case report.Skipped:
		t.Skip(r.Reason)
	case report.ExpectedFailure, report.Differs:
		t.Log(formatFailure(r))
	default:
		if full {
			t.Error(formatFailure(r))
		} else {
			t.Error(formatShort(r))
		}
	}
}
