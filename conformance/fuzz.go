package conformance

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/pctest/pctest/internal/cause"
	"github.com/pctest/pctest/internal/gen"
	"github.com/pctest/pctest/report"
	"github.com/pctest/pctest/vectors"
)

// Fuzzing limits.
const (
	// DefaultMaxFindings is how many distinct findings are reported per
	// op, unless the MaxFindings option says otherwise, before the op is
	// fuzzed no more: more are most often the same bug.
	DefaultMaxFindings = 10
	// defaultGrace is how long, past the Duration option, an
	// implementation that is not a Batcher gets to finish the findings
	// being confirmed.
	defaultGrace = 10 * time.Second
	// shrinkBudget bounds the requests and the time spent shrinking one
	// finding.
	shrinkBudget     = 5000
	shrinkTimeBudget = 20 * time.Second
	// unsupportedGiveUp is how many "unsupported" answers, with no other
	// answer before them, make the fuzzer give up an op as not
	// implemented.
	unsupportedGiveUp = 32
)

// A Batcher is an [Implementation] that answers requests sent together
// faster than one at a time, as a subprocess adapter that pipelines them
// does (testee.Process). [Fuzz] sends it its cases in batches, and takes
// its defaults from it.
type Batcher interface {
	Implementation
	// DoBatch answers reqs[i] in resps[i], or fails it with errs[i],
	// waiting for all of them; ctx bounds the wait.
	DoBatch(ctx context.Context, reqs []vectors.Request, resps []vectors.Response, errs []error)
	// Window is how many requests it takes in flight at once: Fuzz's
	// default for Parallel.
	Window() int
	// Recovery is how long clearing an incident may take (a request sent
	// again alone on a new process): Fuzz's default for Grace.
	Recovery() time.Duration
	// NothingAnswered returns the error Fuzz reports when it answered
	// none of the sent requests of a run: why it cannot start.
	NothingAnswered(sent int64) error
}

// The errors an adapter puts in place of an answer tell Fuzz what
// happened through their methods (found with errors.As), so that Fuzz
// needs no adapter's types:
//
//   - IncidentKind() string: the implementation did not answer but
//     crashed, hung or broke its protocol (report.KindCrash,
//     report.KindTimeout, report.KindProtocol); the finding is of that
//     kind. Another error is a finding of report.KindError.
//   - Fatal() bool: the implementation cannot answer any more requests
//     (it cannot start, it was closed, its output is not answers); the run
//     ends with that error.
//   - UnconfirmedIncident() any: the request was in flight at an incident
//     and the run ended before it could be sent again alone; the incident
//     is reported once, unconfirmed, for the requests whose method returns
//     the same (comparable) value.
type (
	fatalError       interface{ Fatal() bool }
	unconfirmedError interface{ UnconfirmedIncident() any }
)

// Seed sets the first case's seed for [Fuzz]; the same seed generates the
// same cases. The default is 0.
func Seed(seed uint64) Option {
	return Option{"Seed", func(c *config) { c.seed = seed }}
}

// Cases bounds the cases [Fuzz] sends; zero means no bound but Duration.
// With neither, Fuzz runs until its ctx is done.
func Cases(n int64) Option {
	return nonNegative("Cases", n, func(c *config) { c.cases = n })
}

// nonNegative returns the option name, which sets v, or records that v is
// negative.
func nonNegative[T int | int64 | time.Duration](name string, v T, set func(*config)) Option {
	return Option{name, func(c *config) {
		if v < 0 {
			c.fail(name, fmt.Sprintf("%v: want 0 (no bound, or the default) or more", v))
		}
		set(c)
	}}
}

// Duration bounds the time [Fuzz] spends; zero means no bound but Cases.
// Findings being shrunk when it is up are reported as they are.
func Duration(d time.Duration) Option {
	return nonNegative("Duration", d, func(c *config) { c.duration = d })
}

// MaxFindings sets how many distinct findings an op may have before
// [Fuzz] fuzzes it no more; zero means DefaultMaxFindings.
func MaxFindings(n int) Option {
	return nonNegative("MaxFindings", n, func(c *config) { c.maxFindings = n })
}

// Grace sets how long, once the Duration of [Fuzz] is up, the findings
// being shrunk or confirmed get to finish; what is still unconfirmed
// then, and each incident whose requests were still waiting at the
// deadline to be sent again alone, is reported as it stands. Zero means,
// for a [Batcher], its Recovery (for a testee.Process, its start-up
// allowance plus twice its timeout), else 10s.
func Grace(d time.Duration) Option {
	return nonNegative("Grace", d, func(c *config) { c.grace = d })
}

// ShrinkTime bounds the time [Fuzz] spends shrinking one finding; zero
// means 20s. (Tests give a long one, so that what they find does not
// depend on the machine's speed.)
func ShrinkTime(d time.Duration) Option {
	return nonNegative("ShrinkTime", d, func(c *config) { c.shrinkTime = d })
}

// AllowEmpty makes a [Fuzz] run that judged no case (every op
// unsupported) no error.
func AllowEmpty() Option {
	return Option{"AllowEmpty", func(c *config) { c.allowEmpty = true }}
}

// Progress has [Fuzz] call fn every interval (zero means one second),
// from a goroutine of its own, with the progress so far. Fuzz prints
// nothing: the caller shows it.
func Progress(every time.Duration, fn func(FuzzProgress)) Option {
	return Option{"Progress", func(c *config) {
		if every < 0 {
			c.fail("Progress", fmt.Sprintf("every %v: want 0 (one second) or more", every))
		}
		c.progress, c.progressEvery = fn, every
	}}
}

// A FuzzProgress is how far a [Fuzz] run has come.
type FuzzProgress struct {
	// Cases counts the requests answered so far, Findings the findings.
	Cases    int64
	Findings int
	// Elapsed is the time since the start; Left the time left until
	// the Duration option is up, or, with only a case limit, an estimate
	// from the rate so far (zero when there is no bound, or no rate yet).
	Elapsed, Left time.Duration
}

// Fuzz sends generated requests to impl and to the reference codec
// ([Reference]) until the Duration or the Cases given in opts are spent
// or ctx is done, and shrinks each difference, crash, hang or protocol
// error to a minimal input. Every finding is sent again on its own before
// it is reported. When the duration is up, the requests in flight and the
// findings being confirmed get the Grace to finish; those still
// unconfirmed then are reported as they stand, never dropped. It is the
// engine of `pctest fuzz`; see [Option] for the options it takes. Ops and
// Areas select the ops fuzzed (all by default); KnownDeviations excuses
// differences, as Differential's do; Parallel sets the cases in flight
// (a [Batcher]'s Window, else GOMAXPROCS, by default).
//
// The error is an *[OptionError] for an option Fuzz cannot honour, the
// fatal error of an implementation that cannot run or whose output is not
// answers (see [Batcher] for how an adapter's errors say so), or an error
// saying it answered no request at all; the report is then partial. A run
// that judged no case is an *[EmptyError] unless AllowEmpty is given. An
// interrupted run (ctx canceled) is not an error: the report says
// Partial.
//
// The report is the one pctest fuzz writes, but for what only the caller
// knows: FuzzInfo has the implementation's Name, the Seed option, the ops
// fuzzed, the start time, the duration and whether the run was
// interrupted, but no testee command, suite or protocol version; there
// are no Incidents and no Stderr.
func Fuzz(ctx context.Context, impl Implementation, opts ...Option) (*report.FuzzReport, error) {
	cfg, err := newConfig("Fuzz", opts)
	if err != nil {
		return nil, err
	}
	b, _ := impl.(Batcher)
	f := &fuzzer{
		impl:       impl,
		batcher:    b,
		ref:        Reference(),
		seed:       cfg.seed,
		devs:       cfg.deviations,
		limit:      cfg.cases,
		max:        cfg.maxFindings,
		shrinkTime: cfg.shrinkTime,
		judgeOpen:  cfg.judgeOpen(),
	}
	if f.shrinkTime <= 0 {
		f.shrinkTime = shrinkTimeBudget
	}
	if f.max <= 0 {
		f.max = DefaultMaxFindings
	}
	f.grace = cfg.grace
	if f.grace <= 0 {
		f.grace = defaultGrace
		if b != nil {
			f.grace = b.Recovery()
		}
	}
	// The ops given, in their order, then those of the areas given (or
	// every op), in the order of vectors.Ops.
	ops := slices.Clone(cfg.ops)
	for _, o := range vectors.Ops() {
		if len(cfg.ops) == 0 && len(cfg.areas) == 0 || len(cfg.areas) > 0 && cfg.opSelected(o.Name) {
			ops = append(ops, o.Name)
		}
	}
	for _, op := range ops {
		if !gen.Covers(op) || slices.ContainsFunc(f.ops, func(o *fuzzOp) bool { return o.op == op }) {
			continue
		}
		f.ops = append(f.ops, &fuzzOp{op: op})
	}
	workers := cfg.parallel
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
		if b != nil {
			workers = b.Window()
		}
	}
	f.deadline = time.Now().Add(100 * 365 * 24 * time.Hour)
	if cfg.duration > 0 {
		f.deadline = time.Now().Add(cfg.duration)
	}
	start := time.Now()
	stop := f.reportProgress(cfg, start)
	f.run(ctx, workers)
	stop()
	interrupted := ctx.Err() != nil
	f.mu.Lock()
	defer f.mu.Unlock()
	fuzzed := []vectors.Op{}
	s := report.FuzzSummary{
		Cases:       f.answered.Load(),
		Sent:        f.sent.Load(),
		Judged:      f.judged.Load(),
		Unsupported: []vectors.Op{},
		MaxFindings: f.max,
		Capped:      []vectors.Op{},
		Open:        f.open.Load(),
		OpenByOp:    map[vectors.Op]int64{},
	}
	var declined []vectors.Op
	for _, o := range f.ops {
		fuzzed = append(fuzzed, o.op)
		switch {
		case o.unsupported:
			s.Unsupported = append(s.Unsupported, o.op)
		case o.capped:
			s.Capped = append(s.Capped, o.op)
		case o.repeated:
			s.Repeated = append(s.Repeated, o.op)
		}
		if o.open > 0 {
			s.OpenByOp[o.op] = o.open
		}
		if o.declined > 0 && !o.answered {
			declined = append(declined, o.op)
		}
	}
	slices.Sort(s.Unsupported)
	slices.Sort(declined)
	rep := &report.FuzzReport{
		FuzzInfo: report.NewFuzzInfo(impl.Name(), nil, "", 0, start, time.Since(start), interrupted, cfg.seed, fuzzed),
		Summary:  s,
		Findings: append([]report.Finding{}, f.findings...),
		Warnings: f.warnings.Warnings(),
	}
	rep.Tally()
	switch {
	case f.fatal != nil:
		return rep, f.fatal
	case s.Cases == 0 && s.Sent > 0 && len(rep.Findings) == 0 && !interrupted:
		if b != nil {
			return rep, b.NothingAnswered(s.Sent)
		}
		return rep, fmt.Errorf("%s answered none of the %d requests sent", impl.Name(), s.Sent)
	case s.Judged == 0 && !interrupted && !cfg.allowEmpty:
		return rep, &EmptyError{What: "cases", Selected: int(s.Sent), Declined: declined}
	}
	return rep, nil
}

// reportProgress calls cfg.progress every cfg.progressEvery until the
// returned stop is called.
func (f *fuzzer) reportProgress(cfg *config, start time.Time) (stop func()) {
	if cfg.progress == nil {
		return func() {}
	}
	every := cfg.progressEvery
	if every <= 0 {
		every = time.Second
	}
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		tick := time.NewTicker(every)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case now := <-tick.C:
				p := FuzzProgress{Cases: f.answered.Load(), Elapsed: now.Sub(start)}
				f.mu.Lock()
				p.Findings = len(f.findings)
				f.mu.Unlock()
				switch {
				case cfg.duration > 0:
					p.Left = max(f.deadline.Sub(now), 0)
				case cfg.cases > 0 && p.Cases > 0:
					p.Left = time.Duration(float64(p.Elapsed) * float64(cfg.cases-p.Cases) / float64(p.Cases))
				}
				cfg.progress(p)
			}
		}
	}()
	return func() {
		close(done)
		wg.Wait()
	}
}

// A fuzzer sends generated requests to an implementation and to the
// reference codec, and shrinks each finding.
type fuzzer struct {
	impl     Implementation
	batcher  Batcher // impl, if it is one
	ref      Implementation
	seed     uint64
	devs     []vectors.Deviation
	limit    int64
	max      int
	deadline time.Time
	grace    time.Duration
	// shrinkTime bounds the time spent shrinking one finding.
	shrinkTime time.Duration
	// judgeOpen is Level(vectors.LevelImplementationDefined).
	judgeOpen bool

	next     atomic.Int64 // the number of the next case
	sent     atomic.Int64 // cases sent to impl
	full     atomic.Bool  // the case limit is reached
	answered atomic.Int64 // cases impl answered
	judged   atomic.Int64 // cases judged: answered but "unsupported", or failed
	open     atomic.Int64 // cases left open: differ on an input the spec leaves open
	// warnings gathers the open cases by cause, with a few examples.
	warnings report.WarningSet

	mu       sync.Mutex
	changed  chan struct{} // closed and replaced when an op's state changes
	ops      []*fuzzOp
	findings []report.Finding
	fatal    error
	// unconfirmed holds the incidents reported unconfirmed, so that each
	// is reported once, whichever of its requests comes first.
	unconfirmed map[any]bool
}

// fuzzOp is the state of one op under fuzzing.
type fuzzOp struct {
	op          vectors.Op
	done        bool // unsupported, or enough findings
	unsupported bool // given up as unsupported
	capped      bool // reached the limit of findings
	repeated    bool // shrank to findings found before as often as the limit
	answered    bool // the implementation answered a case of this op other than "unsupported"
	declined    int  // cases answered "unsupported"
	shrinking   bool
	findings    int
	dups        int   // findings that shrank to one found before
	open        int64 // cases that differ on an input the spec leaves open
}

// batchSize is how many cases a worker generates, has answered and
// judges at a time. The cases of a batch sent to a Batcher go out in few
// writes, and its worker wakes once for them all.
const batchSize = 64

// run fuzzes until ctx is done, the deadline passes, or the case limit is
// reached, with workers requests in flight: for a Batcher, batches of
// cases from enough workers to fill that many; for another implementation,
// which answers in the calling goroutine, that many workers.
func (f *fuzzer) run(ctx context.Context, workers int) {
	f.changed = make(chan struct{})
	gctx, cancel := context.WithDeadline(ctx, f.deadline)
	defer cancel()
	// Past the deadline no case is generated or awaited, but the findings
	// being confirmed get the grace period to finish.
	wctx, wcancel := context.WithDeadline(ctx, f.deadline.Add(f.grace))
	defer wcancel()
	size := batchSize
	if f.batcher != nil {
		size = min(batchSize, workers)
		workers = (workers + size - 1) / size
	}
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := &fuzzWorker{gens: map[vectors.Op]*gen.Seeded{}, size: size}
			for gctx.Err() == nil && !f.full.Load() {
				if !f.batch(wctx, gctx, w) {
					cancel()
					return
				}
			}
		}()
	}
	wg.Wait()
}

// A fuzzWorker is the state of one worker goroutine.
type fuzzWorker struct {
	gens  map[vectors.Op]*gen.Seeded
	size  int // cases per batch
	cases []fuzzCase
	reqs  []vectors.Request
	resps []vectors.Response
	errs  []error
}

// A fuzzCase is a generated case of a batch and the reference's answer.
type fuzzCase struct {
	o    *fuzzOp
	i    int64
	req  vectors.Request
	want vectors.Response
}

// pick returns an op still fuzzed and not being shrunk, round robin, or
// nil and a channel closed when that may change; nil, nil when every op
// is done.
func (f *fuzzer) pick() (*fuzzOp, <-chan struct{}) {
	f.mu.Lock()
	defer f.mu.Unlock()
	n, live := 0, false
	for _, o := range f.ops {
		if !o.done {
			live = true
			if !o.shrinking {
				n++
			}
		}
	}
	if !live {
		return nil, nil
	}
	if n == 0 {
		return nil, f.changed
	}
	k := int(f.next.Load() % int64(n))
	for _, o := range f.ops {
		if !o.done && !o.shrinking {
			if k == 0 {
				return o, nil
			}
			k--
		}
	}
	return nil, f.changed
}

// changedLocked wakes the workers waiting for an op to become free.
func (f *fuzzer) changedLocked() {
	close(f.changed)
	f.changed = make(chan struct{})
}

// batch generates up to a batch of cases, has the implementation answer
// them, and judges each answer against the reference's. gctx ends at the
// deadline, and bounds the cases and their answers; ctx, the run's, ends a
// grace period after it, and bounds the shrinking and confirming of the
// findings. It returns false when fuzzing should stop.
func (f *fuzzer) batch(ctx, gctx context.Context, w *fuzzWorker) bool {
	w.cases = w.cases[:0]
	// The requests of a batch live in memory of their own, not the
	// generators' (which the next case reuses): they are kept while the
	// batch is in flight, and a finding keeps its request and answers.
	var units []uint16
	var octets []byte
	for len(w.cases) < w.size {
		if gctx.Err() != nil {
			// The run is over: the reference answers nothing now, so a
			// batch being filled would never fill. Judge what there is.
			break
		}
		o, wait := f.pick()
		if o == nil {
			if len(w.cases) > 0 {
				break // judge what there is: it may change that
			}
			if wait == nil {
				return false // every op is done
			}
			select { // every live op is being shrunk
			case <-wait:
			case <-gctx.Done():
			}
			return true
		}
		g := w.gens[o.op]
		if g == nil {
			g, _ = gen.NewSeeded(o.op)
			w.gens[o.op] = g
		}
		i := f.next.Add(1)
		req := g.Request(f.seed, i)
		want, err := f.ref.Do(gctx, req)
		if err != nil || want.Unsupported {
			continue // the reference does not take this input: not a case
		}
		if n := f.sent.Add(1); f.limit > 0 && n > f.limit {
			// Enough cases: send no more, and let those in flight finish.
			f.sent.Add(-1)
			f.full.Store(true)
			break
		}
		if units == nil && req.In != nil {
			units = make([]uint16, 0, 64*w.size)
		}
		if octets == nil && req.InHex != nil {
			octets = make([]byte, 0, 32*w.size)
		}
		req, units, octets = keepRequest(req, units, octets)
		w.cases = append(w.cases, fuzzCase{o: o, i: i, req: req, want: want})
	}
	if len(w.cases) == 0 {
		return true
	}

	n := len(w.cases)
	w.reqs = w.reqs[:0]
	for _, c := range w.cases {
		w.reqs = append(w.reqs, c.req)
	}
	w.resps = slices.Grow(w.resps[:0], n)[:n]
	w.errs = slices.Grow(w.errs[:0], n)[:n]
	// The answers are awaited until the deadline: a request still waiting
	// then to be sent again alone after an incident gets an
	// error with an UnconfirmedIncident, which is reported as it stands.
	if f.batcher != nil {
		f.batcher.DoBatch(gctx, w.reqs, w.resps, w.errs)
	} else {
		for k, req := range w.reqs {
			w.resps[k], w.errs[k] = f.impl.Do(gctx, req)
		}
	}
	more := true
	for k := range w.cases {
		c := &w.cases[k]
		d, err := f.judge(gctx, c.req, c.want, w.resps[k], w.errs[k])
		w.resps[k], w.errs[k] = vectors.Response{}, nil
		if err != nil {
			more = false // the others may have answered: judge them
			continue
		}
		f.record(ctx, c, d)
	}
	clear(w.reqs)
	clear(w.cases)
	return more
}

// keepRequest returns req with its input copied to the end of units or
// octets, and its args map copied, and the extended buffers. A buffer that
// must grow is replaced, so that the requests kept before keep theirs.
func keepRequest(req vectors.Request, units []uint16, octets []byte) (vectors.Request, []uint16, []byte) {
	if req.In != nil {
		if cap(units)-len(units) < len(req.In) {
			units = make([]uint16, 0, max(2*cap(units), len(req.In)))
		}
		k := len(units)
		units = append(units, req.In...)
		req.In = units[k:len(units):len(units)]
	}
	if req.InHex != nil {
		if cap(octets)-len(octets) < len(req.InHex) {
			octets = make([]byte, 0, max(2*cap(octets), len(req.InHex)))
		}
		k := len(octets)
		octets = append(octets, req.InHex...)
		req.InHex = octets[k:len(octets):len(octets)]
	}
	if req.Args != nil {
		req.Args = maps.Clone(req.Args)
	}
	return req, units, octets
}

// record counts case c, whose answer is d, and shrinks d if it is a new
// finding.
func (f *fuzzer) record(ctx context.Context, c *fuzzCase, d *result) {
	o, req := c.o, c.req
	if d.err == nil {
		f.answered.Add(1)
	}
	if d.open {
		f.open.Add(1)
		f.warnings.Add("", req, d.want, d.got, d.err)
	} else if !d.got.Unsupported || d.err != nil {
		f.judged.Add(1)
	}
	f.mu.Lock()
	if d.open {
		o.open++
	}
	if !d.got.Unsupported || d.err != nil {
		o.answered = true
	}
	var ue unconfirmedError
	switch {
	case !d.differs:
		f.mu.Unlock()
		return
	case errors.As(d.err, &ue):
		// An incident the run ended before it could be cleared: reported
		// once, as it stands, even when the op is being shrunk.
		defer f.mu.Unlock()
		incident := ue.UnconfirmedIncident()
		if f.unconfirmed[incident] || o.capped || o.repeated {
			return
		}
		if f.unconfirmed == nil {
			f.unconfirmed = map[any]bool{}
		}
		f.unconfirmed[incident] = true
		req = req.Clone()
		f.findings = append(f.findings, report.Finding{Op: req.Op, Kind: d.kind(), Request: req, Original: req, Expected: d.want, Err: d.err, Case: c.i, Unconfirmed: true})
		o.findings++
		return
	case d.got.Unsupported && d.err == nil:
		// A testee may decline single inputs (a C string cannot hold NUL,
		// a string function cannot take invalid UTF-8): skip the case. Only
		// an op it declines from the start, every time, is given up.
		o.declined++
		if !o.done && !o.answered && o.declined >= unsupportedGiveUp {
			o.done, o.unsupported = true, true
			f.changedLocked()
		}
		f.mu.Unlock()
		return
	case o.done || o.shrinking:
		f.mu.Unlock()
		return
	}
	o.shrinking = true
	f.mu.Unlock()

	fd := f.shrink(ctx, req.Clone(), d)
	fd.Case = c.i
	// The finding, sent again on its own, must fail the same way; when
	// the run ends first, it is reported unconfirmed.
	fd.Unconfirmed = true
	if ctx.Err() == nil {
		if again, err := f.check(ctx, fd.Request); err == nil {
			fd.Unconfirmed = false
			fd.Reproduced = again.differs && again.signature() == d.signature()
		}
	}

	f.mu.Lock()
	defer f.mu.Unlock()
	o.shrinking = false
	f.changedLocked()
	for i := range f.findings {
		old := &f.findings[i]
		if !fd.SameCause(old) {
			continue
		}
		// The same cause again, reported once with the shorter input: a
		// cause that says what went wrong (one finding per cause, however
		// many inputs show it), or the same bug again: the same minimal
		// input, or one with the hex digits of its escapes in another
		// case, or one that contains it (shrinking stops at a local
		// minimum). Only the same bug again is a repeat: after as many
		// repeats as the limit of findings, the op is fuzzed no more, and
		// the report says why; other inputs of a known cause go on being
		// looked for, as they may show another cause next time.
		repeat := fd.Folds(old)
		if cause.InputLen(fd.Request) < cause.InputLen(old.Request) {
			fd.Variants = old.Variants
			*old = fd
		}
		old.Variants++
		if repeat {
			o.dups++
			if o.dups >= f.max {
				o.done, o.repeated = true, true
			}
		}
		return
	}
	o.findings++
	f.findings = append(f.findings, fd)
	if o.findings >= f.max {
		o.done, o.capped = true, true
	}
}

// A result is how the implementation answered a request, next to the
// reference.
type result struct {
	want, got vectors.Response
	err       error
	differs   bool
	// open says the answer differs on an input the spec leaves open, so
	// that it does not count (differs is false).
	open bool
}

// signature classes a difference, so that shrinking keeps to the same kind
// of bug: the kinds of both answers, or only the implementation's incident
// (crash, timeout, protocol error), whatever the reference answers.
func (d *result) signature() string {
	if d.err != nil {
		return incidentKind(d.err)
	}
	return responseKind(d.want) + "/" + responseKind(d.got)
}

// kind returns the kind of finding d is.
func (d *result) kind() string {
	if d.err == nil {
		return report.KindDisagreement
	}
	return incidentKind(d.err)
}

// incidentKind returns the kind of finding err, standing in for an
// answer, makes: the IncidentKind of an adapter's error
// (report.ErrorKind) when it is report.KindCrash, KindTimeout or
// KindProtocol, else report.KindError.
func incidentKind(err error) string {
	switch k := report.ErrorKind(err); k {
	case report.KindCrash, report.KindTimeout, report.KindProtocol:
		return k
	}
	return report.KindError
}

func responseKind(r vectors.Response) string {
	switch {
	case r.Unsupported:
		return "unsupported"
	case r.Error != "":
		return "error:" + r.Error
	}
	return "out"
}

// check sends req to both implementations. The error means fuzzing must
// stop: the implementation cannot run, or ctx is done. A request the
// reference does not take gives a result that does not differ.
func (f *fuzzer) check(ctx context.Context, req vectors.Request) (*result, error) {
	want, err := f.ref.Do(ctx, req)
	if err != nil || want.Unsupported {
		return &result{}, ctx.Err()
	}
	return f.checkWant(ctx, req, want)
}

// checkWant sends req to the implementation and compares its answer with
// want, the reference's.
func (f *fuzzer) checkWant(ctx context.Context, req vectors.Request, want vectors.Response) (*result, error) {
	got, err := f.impl.Do(ctx, req)
	return f.judge(ctx, req, want, got, err)
}

// judge compares the implementation's answer to req, got or err, with
// want, the reference's.
func (f *fuzzer) judge(ctx context.Context, req vectors.Request, want, got vectors.Response, err error) (*result, error) {
	if err != nil {
		var (
			fe fatalError
			ue unconfirmedError
		)
		switch {
		case errors.As(err, &ue):
			return &result{want: want, err: err, differs: true}, nil
		case ctx.Err() != nil:
			return nil, ctx.Err()
		case errors.As(err, &fe) && fe.Fatal():
			f.mu.Lock()
			if f.fatal == nil {
				f.fatal = err
			}
			f.mu.Unlock()
			return nil, err
		}
	}
	d := &result{want: want, got: got, err: err, differs: true}
	if got.Unsupported && err == nil {
		return d, nil
	}
	if err == nil && vectors.SameAnswer(req.Op, want, got) {
		d.differs = false
		return d, nil
	}
	if err == nil && f.devs != nil {
		if _, ok := vectors.FindDeviation(f.devs, f.impl.Name(), req, want, got); ok {
			d.differs = false
		}
	}
	if d.differs && err == nil && !f.judgeOpen {
		if clause, _ := req.Open(); clause != "" {
			d.differs, d.open = false, true
		}
	}
	return d, nil
}

// shrink minimizes req, which gives difference d, by delta debugging
// (Zeller's ddmin) over its input's atoms — code points for text, so that a
// surrogate pair goes as one, and octets — then by replacing each atom with
// 'a', repeating both while either makes progress. A candidate is kept only
// if it fails the same way (signature); a testee.Process charges a crash, hang
// or protocol error to a candidate only when it fails so on its own. The
// candidates of a step are tried at once, pipelined. Shrinking stops at the
// run's deadline, when ctx is done, or when its budget is spent: the
// finding is then marked not shrunk.
func (f *fuzzer) shrink(ctx context.Context, req vectors.Request, d *result) report.Finding {
	fd := report.Finding{Op: req.Op, Kind: d.kind(), Request: req, Original: req, Expected: d.want, Got: d.got, Err: d.err}
	sig := d.signature()
	deadline := time.Now().Add(f.shrinkTime)
	if f.deadline.Before(deadline) {
		deadline = f.deadline
	}
	text := req.InHex == nil

	atoms := func(r vectors.Request) [][]uint16 {
		var a [][]uint16
		if !text {
			for _, b := range r.InHex {
				a = append(a, []uint16{uint16(b)})
			}
			return a
		}
		for i := 0; i < len(r.In); i++ {
			if u := r.In[i]; u >= 0xD800 && u < 0xDC00 && i+1 < len(r.In) && r.In[i+1] >= 0xDC00 && r.In[i+1] < 0xE000 {
				a = append(a, r.In[i:i+2])
				i++
				continue
			}
			a = append(a, r.In[i:i+1])
		}
		return a
	}
	build := func(a [][]uint16) vectors.Request {
		r := fd.Request
		if text {
			r.In = slices.Concat(a...)
			if r.In == nil {
				r.In = []uint16{}
			}
		} else {
			r.InHex = []byte{}
			for _, x := range a {
				r.InHex = append(r.InHex, byte(x[0]))
			}
		}
		return r
	}

	// test tries candidates concurrently and keeps the first one, in
	// order, that still fails the same way. It returns whether one was
	// kept, and false for more once the budget is spent.
	test := func(cands []vectors.Request) (kept, more bool) {
		if fd.Steps+len(cands) > shrinkBudget || time.Now().After(deadline) || ctx.Err() != nil {
			return false, false
		}
		fd.Steps += len(cands)
		ds := make([]*result, len(cands))
		// The candidates share the deadline: each one that hangs costs a
		// full timeout, so without it a step of n hanging candidates
		// could overrun -shrink-time n times over.
		sctx, cancel := context.WithDeadline(ctx, deadline)
		defer cancel()
		var wg sync.WaitGroup
		for i, c := range cands {
			wg.Add(1)
			go func() {
				defer wg.Done()
				ds[i], _ = f.check(sctx, c)
			}()
		}
		wg.Wait()
		for i, dd := range ds {
			if dd != nil && dd.differs && dd.signature() == sig {
				fd.Request, fd.Expected, fd.Got, fd.Err = cands[i], dd.want, dd.got, dd.err
				return true, true
			}
		}
		return false, true
	}

	for progress := true; progress; {
		progress = false
		for n := 2; ; {
			a := atoms(fd.Request)
			l := len(a)
			if l == 0 {
				break
			}
			n = min(n, l)
			var cands []vectors.Request
			for k := range n {
				cands = append(cands, build(slices.Concat(a[:k*l/n], a[(k+1)*l/n:])))
			}
			kept, more := test(cands)
			if !more {
				return fd
			}
			if kept {
				progress = true
				n = max(n-1, 2)
				continue
			}
			if n == l {
				break
			}
			n = min(2*n, l)
		}
		for pos := 0; ; pos++ {
			a := atoms(fd.Request)
			if pos >= len(a) {
				break
			}
			if len(a[pos]) == 1 && a[pos][0] == 'a' {
				continue
			}
			b := slices.Clone(a)
			b[pos] = []uint16{'a'}
			kept, more := test([]vectors.Request{build(b)})
			if !more {
				return fd
			}
			progress = progress || kept
		}
	}
	fd.Shrunk = true
	return fd
}
