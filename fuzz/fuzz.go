package fuzz

import (
	"context"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/pctest/pctest/conformance"
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

// A Batcher is a conformance.Implementation that answers requests sent
// together faster than one at a time, as a subprocess adapter that
// pipelines them does (testee.Process). [Run] sends it its cases in
// batches, and takes its defaults from it.
type Batcher interface {
	conformance.Implementation
	// DoBatch answers reqs[i] in resps[i], or fails it with errs[i],
	// waiting for all of them; ctx bounds the wait.
	DoBatch(ctx context.Context, reqs []vectors.Request, resps []vectors.Response, errs []error)
	// Window is how many requests it takes in flight at once: Run's
	// default for Parallel.
	Window() int
	// Recovery is how long clearing an incident may take (a request sent
	// again alone on a new process): Run's default for Grace.
	Recovery() time.Duration
	// NothingAnswered returns the error Run reports when it answered
	// none of the sent requests of a run: why it cannot start.
	NothingAnswered(sent int64) error
}

// The errors an adapter puts in place of an answer tell Run what
// happened through their methods (found with errors.As), so that Run
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

// A referenceImpl is what the fuzzer judges against: an Implementation
// that also answers as Do does but may put the code units of the answer at
// the end of dst, returning the extended buffer (AppendDo), so that the
// answers of a batch cost no allocation.
type referenceImpl interface {
	conformance.Implementation
	AppendDo(ctx context.Context, req vectors.Request, dst []uint16) (vectors.Response, []uint16, error)
}

// reference is the reference codec (conformance.Reference), which is a
// referenceImpl; were it not, every use of the package would fail at once.
var reference = conformance.Reference().(referenceImpl)

// Run sends generated requests to impl and to the reference codec
// (conformance.Reference) until the Duration or the Cases given in opts are spent
// or ctx is done, and shrinks each difference, crash, hang or protocol
// error to a minimal input. Every finding is sent again on its own before
// it is reported. When the duration is up, the requests in flight and the
// findings being confirmed get the Grace to finish; those still
// unconfirmed then are reported as they stand, never dropped. It is the
// engine of `pctest fuzz`; see [Option] for the options it takes. Ops and
// Areas select the ops fuzzed (all by default); KnownDeviations excuses
// differences, as conformance.Differential's do; Parallel sets the cases in flight
// (a [Batcher]'s Window, else GOMAXPROCS, by default). With Cases and no
// Duration, the same Seed sends the same cases whatever Parallel (see
// [Seed]).
//
// An implementation in this process (not a Batcher) whose Do does not
// return, its ctx ignored, is a hang once the run is over (Duration and
// Grace, or ctx done) and a second more has passed: an unconfirmed
// timeout finding, one per op, and Run returns; the goroutine that called
// Do is left running, as Go cannot stop it. With no Duration, only ctx
// ends such a run. A Do that hangs while a finding is shrunk is reported
// so too, once the shrinking's time (ShrinkTime) is up.
//
// The error is an *[OptionError] for an option Run cannot honour, the
// fatal error of an implementation that cannot run or whose output is not
// answers (see [Batcher] for how an adapter's errors say so), or a
// *conformance.EmptyError saying it answered no request at all (TimeUp when
// the run's time ran out first); the report is then partial. A run
// that judged no case is a *conformance.EmptyError unless AllowEmpty is given. An
// interrupted run (ctx canceled) is not an error: the report says
// Partial.
//
// The report is the one pctest fuzz writes, but for what only the caller
// knows: FuzzInfo has the implementation's Name, the Seed option, the ops
// fuzzed, the start time, the duration and whether the run was
// interrupted, but no testee command, suite or protocol version; there
// are no Incidents and no Stderr.
func Run(ctx context.Context, impl conformance.Implementation, opts ...Option) (*report.FuzzReport, error) {
	cfg, err := newConfig(opts)
	if err != nil {
		return nil, err
	}
	b, _ := impl.(Batcher)
	f := &fuzzer{
		impl:       impl,
		batcher:    b,
		ref:        reference,
		seed:       cfg.seed,
		devs:       cfg.deviations,
		limit:      cfg.cases,
		max:        cfg.maxFindings,
		shrinkTime: cfg.shrinkTime,
		judgeOpen:  cfg.judgeOpen,
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
	for _, op := range cfg.selectedOps(gen.Covers) {
		f.ops = append(f.ops, &fuzzOp{op: op, index: len(f.ops)})
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
	timeUp := cfg.duration > 0 && !time.Now().Before(f.deadline)
	switch {
	case f.fatal != nil:
		return rep, f.fatal
	case s.Cases == 0 && s.Sent > 0 && len(rep.Findings) == 0 && !interrupted && timeUp && b == nil:
		// Time ran out with requests in flight in this process: not the
		// implementation's fault, nor a judged run. (A testee that
		// answered none is told why below, by its adapter.)
		return rep, &conformance.EmptyError{What: "cases", Selected: int(s.Sent), TimeUp: true}
	case s.Cases == 0 && s.Sent > 0 && len(rep.Findings) == 0 && !interrupted:
		if b != nil {
			return rep, b.NothingAnswered(s.Sent)
		}
		return rep, &conformance.EmptyError{What: "cases", Selected: int(s.Sent), Unanswered: true}
	case s.Judged == 0 && len(rep.Findings) == 0 && !interrupted && !cfg.allowEmpty:
		return rep, &conformance.EmptyError{What: "cases", Selected: int(s.Sent), Declined: declined, TimeUp: timeUp}
	}
	return rep, nil
}

// A fuzzer sends generated requests to an implementation and to the
// reference codec, and shrinks each finding.
type fuzzer struct {
	impl     conformance.Implementation
	batcher  Batcher // impl, if it is one
	ref      referenceImpl
	seed     uint64
	devs     []vectors.Deviation
	limit    int64
	max      int
	deadline time.Time
	grace    time.Duration
	// shrinkTime bounds the time spent shrinking one finding.
	shrinkTime time.Duration
	// judgeOpen is the JudgeOpen option.
	judgeOpen bool

	sent     atomic.Int64 // cases sent to impl
	answered atomic.Int64 // cases impl answered
	judged   atomic.Int64 // cases judged: answered but "unsupported", or failed
	open     atomic.Int64 // cases left open: differ on an input the spec leaves open
	// warnings gathers the open cases by cause, with a few examples.
	warnings report.WarningSet

	mu       sync.Mutex
	changed  chan struct{} // closed and replaced when an op's state changes
	ops      []*fuzzOp
	turn     int64 // pick's round robin
	second   bool  // the second quotas are set (run)
	findings []report.Finding
	fatal    error
	// unconfirmed holds the incidents reported unconfirmed, so that each
	// is reported once, whichever of its requests comes first.
	unconfirmed map[any]bool
}

// fuzzOp is the state of one op under fuzzing.
type fuzzOp struct {
	op          vectors.Op
	index       int  // in fuzzer.ops
	done        bool // unsupported, or enough findings
	unsupported bool // given up as unsupported
	capped      bool // reached the limit of findings
	repeated    bool // shrank to findings found before as often as the limit
	answered    bool // the implementation answered a case of this op other than "unsupported"
	declined    int  // cases answered "unsupported"
	shrinking   bool
	// next is the number of the op's last case; taken counts its cases
	// sent or being readied, judged those judged; quota is how many it
	// may send, first its first quota (run).
	next, taken, judged, quota, first int64
	findings                          int
	dups                              int   // findings that shrank to one found before
	open                              int64 // cases that differ on an input the spec leaves open
}
