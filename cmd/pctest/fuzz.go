package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/pctest/pctest/conformance"
	"github.com/pctest/pctest/internal/show"
	"github.com/pctest/pctest/vectors"
)

// Fuzzing limits.
const (
	// maxFindingsPerOp is how many distinct disagreements are reported per
	// op before the op is fuzzed no more: more are most often the same bug.
	maxFindingsPerOp = 3
	// shrinkBudget bounds the requests and the time spent shrinking one
	// disagreement.
	shrinkBudget     = 5000
	shrinkTimeBudget = 20 * time.Second
)

// A finding is a disagreement between the testee and the reference codec,
// shrunk.
type finding struct {
	Req      vectors.Request  // the minimal input found
	Want     vectors.Response // the reference's answer
	Got      vectors.Response // the testee's answer
	Err      error            // what stood in for the testee's answer
	Original vectors.Request  // the input as generated
	Case     int64            // which case found it
	Steps    int              // requests spent shrinking
}

// A fuzzer sends generated requests to an implementation and to the
// reference codec, and shrinks each disagreement.
type fuzzer struct {
	impl conformance.Implementation
	ref  conformance.Implementation
	seed uint64
	// known reports whether a disagreement is a known deviation of impl
	// (an engine bug listed in vectors/deviations.json); those are not
	// findings.
	known func(req vectors.Request, want, got vectors.Response) bool

	cases atomic.Int64

	mu          sync.Mutex
	ops         []*fuzzOp
	findings    []finding
	fatal       error
	unsupported []string
}

// unsupportedGiveUp is how many "unsupported" answers, with no other answer
// before them, make the fuzzer give up an op as not implemented.
const unsupportedGiveUp = 32

// fuzzOp is the state of one op under fuzzing.
type fuzzOp struct {
	op        vectors.OpInfo
	gen       requestGenerator
	done      bool // unsupported, or enough findings
	answered  bool // the testee answered at least one case of this op
	declined  int  // cases the testee answered "unsupported"
	shrinking bool
	findings  int
	dups      int // shrunk findings that were the same as an earlier one
	sigs      map[string]bool
}

// run fuzzes until ctx is done, the deadline passes or maxCases cases ran
// (0: no limit), with workers requests in flight.
func (f *fuzzer) run(ctx context.Context, deadline time.Time, maxCases int64, workers int) {
	ctx, cancel := context.WithDeadline(ctx, deadline)
	defer cancel()
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				i := f.cases.Add(1)
				if maxCases > 0 && i > maxCases {
					f.cases.Add(-1)
					return
				}
				if !f.one(ctx, i) {
					f.cases.Add(-1)
					cancel()
					return
				}
			}
		}()
	}
	wg.Wait()
}

// pick returns the op of case i, among those still fuzzed.
func (f *fuzzer) pick(i int64) *fuzzOp {
	f.mu.Lock()
	defer f.mu.Unlock()
	var live []*fuzzOp
	for _, o := range f.ops {
		if !o.done && !o.shrinking {
			live = append(live, o)
		}
	}
	if len(live) == 0 {
		return nil
	}
	return live[int(i%int64(len(live)))]
}

// allDone reports whether no op is left to fuzz.
func (f *fuzzer) allDone() bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, o := range f.ops {
		if !o.done {
			return false
		}
	}
	return true
}

// one runs case i. It returns false when fuzzing should stop.
func (f *fuzzer) one(ctx context.Context, i int64) bool {
	o := f.pick(i)
	if o == nil {
		if f.allDone() {
			return false
		}
		time.Sleep(time.Millisecond) // every live op is being shrunk
		return true
	}
	req, ok := o.gen.example(f.seed + uint64(i))
	if !ok {
		return true
	}
	d, err := f.check(ctx, req)
	switch {
	case err != nil:
		return false
	case d == nil:
		f.mu.Lock()
		o.answered = true
		f.mu.Unlock()
		return true
	case d.got.Unsupported && d.err == nil:
		// A testee may decline single inputs (a C string cannot hold NUL,
		// a string function cannot take invalid UTF-8): skip the case. Only
		// an op it declines from the start, every time, is given up.
		f.mu.Lock()
		o.declined++
		if !o.done && !o.answered && o.declined >= unsupportedGiveUp {
			o.done = true
			f.unsupported = append(f.unsupported, string(o.op.Name))
		}
		f.mu.Unlock()
		return true
	}
	f.mu.Lock()
	if o.done || o.shrinking {
		f.mu.Unlock()
		return true
	}
	o.shrinking = true
	f.mu.Unlock()

	fd := f.shrink(ctx, req, d)
	fd.Case = i

	f.mu.Lock()
	defer f.mu.Unlock()
	o.shrinking = false
	key := fmt.Sprintf("%x|%x|%v", fd.Req.In, fd.Req.InHex, fd.Req.Args)
	switch {
	case ctx.Err() != nil:
	case o.sigs[key]:
		// The same minimal input again: the bug is found; look elsewhere.
		o.dups++
		o.done = o.dups >= maxFindingsPerOp
	default:
		o.sigs[key] = true
		o.findings++
		f.findings = append(f.findings, fd)
		o.done = o.findings >= maxFindingsPerOp
	}
	return true
}

// A disagreement is what the testee and the reference answered differently.
type disagreement struct {
	want, got vectors.Response
	err       error
}

// signature classes a disagreement, so that shrinking keeps to the same
// kind of bug: the kinds of both answers, or only the testee's incident
// (crash, timeout, protocol error), whatever the reference answers.
func (d *disagreement) signature() string {
	if d.err != nil {
		return errorKind(d.err)
	}
	return responseKind(d.want, nil) + "/" + responseKind(d.got, d.err)
}

func responseKind(r vectors.Response, err error) string {
	switch {
	case err != nil:
		return errorKind(err)
	case r.Unsupported:
		return "unsupported"
	case r.Error != "":
		return "error:" + r.Error
	}
	return "out"
}

// check sends req to both implementations. It returns the disagreement, or
// nil if they agree; an error means fuzzing must stop (the testee cannot
// run, or ctx is done).
func (f *fuzzer) check(ctx context.Context, req vectors.Request) (*disagreement, error) {
	want, err := f.ref.Do(ctx, req)
	if err != nil || want.Unsupported {
		return nil, nil // the reference does not take this input: not a case
	}
	got, err := f.impl.Do(ctx, req)
	if err != nil {
		var se *startError
		switch {
		case ctx.Err() != nil:
			return nil, ctx.Err()
		case errors.As(err, &se), errors.Is(err, errClosed):
			f.mu.Lock()
			if f.fatal == nil {
				f.fatal = err
			}
			f.mu.Unlock()
			return nil, err
		}
	}
	if got.Unsupported && err == nil {
		return &disagreement{want: want, got: got}, nil
	}
	if err == nil && vectors.SameAnswer(req.Op, want, got) {
		return nil, nil
	}
	if err == nil && f.known != nil && f.known(req, want, got) {
		return nil, nil
	}
	return &disagreement{want: want, got: got, err: err}, nil
}

// shrink minimizes req, which gives disagreement d, by delta debugging
// (Zeller's ddmin) over its input's atoms — code points for text, so that a
// surrogate pair goes as one, and octets — then by replacing each atom with
// 'a', repeating both while either makes progress. A candidate is kept only
// if the disagreement stays of the same kind (signature). The candidates of
// a step are tried at once, pipelined.
func (f *fuzzer) shrink(ctx context.Context, req vectors.Request, d *disagreement) finding {
	fd := finding{Req: req, Original: req, Want: d.want, Got: d.got, Err: d.err}
	sig := d.signature()
	deadline := time.Now().Add(shrinkTimeBudget)
	text := req.InHex == nil

	// atoms splits the input; build joins atoms into a request.
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
		r := fd.Req
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
	// order, that still disagrees the same way. It returns whether one
	// was kept, and false for stop once the budget is spent.
	test := func(cands []vectors.Request) (kept, more bool) {
		if fd.Steps+len(cands) > shrinkBudget || time.Now().After(deadline) || ctx.Err() != nil {
			return false, false
		}
		fd.Steps += len(cands)
		ds := make([]*disagreement, len(cands))
		var wg sync.WaitGroup
		for i, c := range cands {
			wg.Add(1)
			go func() {
				defer wg.Done()
				ds[i], _ = f.check(ctx, c)
			}()
		}
		wg.Wait()
		for i, dd := range ds {
			if dd != nil && dd.signature() == sig {
				fd.Req, fd.Want, fd.Got, fd.Err = cands[i], dd.want, dd.got, dd.err
				return true, true
			}
		}
		return false, true
	}

	for progress := true; progress; {
		progress = false
		// ddmin: remove one of n chunks; refine n when none can go.
		for n := 2; ; {
			a := atoms(fd.Req)
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
		// Simplify what is left, one atom at a time.
		for pos := 0; ; pos++ {
			a := atoms(fd.Req)
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
	return fd
}

func cmdFuzz(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("fuzz", "pctest fuzz [flags] -- COMMAND [ARGS...]\n       pctest fuzz [flags] -impl NAME", stderr)
	var (
		impl     implFlags
		opsFlag  = fs.String("ops", "", "fuzz only these comma-separated `ops` (default: every op the testee supports)")
		duration = fs.Duration("time", 0, "fuzz for this `duration` (default 60s, unless -cases is given)")
		cases    = fs.Int64("cases", 0, "stop after this many `cases`")
		seed     = fs.Uint64("seed", 0, "the first case's `seed` (default: from the clock); the same seed generates the same cases")
	)
	impl.register(fs)
	if code := parseFlags(fs, args); code >= 0 {
		return code
	}
	var ops []vectors.OpInfo
	if list := splitList(*opsFlag); len(list) > 0 {
		for _, name := range list {
			op, ok := vectors.Op(name).Info()
			if !ok {
				fmt.Fprintf(stderr, "pctest fuzz: -ops: unknown op %q; ops are %s\n", name, strings.Join(opNames(), ", "))
				return exitUsage
			}
			ops = append(ops, op)
		}
	} else {
		ops = vectors.Ops()
	}
	switch {
	case *cases < 0:
		fmt.Fprintln(stderr, "pctest fuzz: -cases must not be negative")
		return exitUsage
	case *duration < 0:
		fmt.Fprintln(stderr, "pctest fuzz: -time must not be negative")
		return exitUsage
	case *duration == 0 && *cases == 0:
		*duration = 60 * time.Second
	}
	if *seed == 0 {
		*seed = uint64(time.Now().UnixNano())
	}
	deadline := time.Now().Add(100 * 365 * 24 * time.Hour)
	if *duration > 0 {
		deadline = time.Now().Add(*duration)
	}

	im, err := impl.open(fs.Args())
	if err != nil {
		return reportSetupError(stderr, "fuzz", err)
	}
	f := &fuzzer{impl: im, ref: conformance.Reference(), seed: *seed, known: knownDeviation(im.Label)}
	for _, op := range ops {
		gen, ok := newRequestGenerator(op.Name)
		if !ok {
			continue
		}
		f.ops = append(f.ops, &fuzzOp{op: op, gen: gen, sigs: map[string]bool{}})
	}
	start := time.Now()
	f.run(ctx, deadline, *cases, max(im.Parallel, 1))
	interrupted := ctx.Err() != nil
	im.close(interrupted)
	elapsed := time.Since(start)

	f.mu.Lock()
	defer f.mu.Unlock()
	var se *startError
	if errors.As(f.fatal, &se) {
		return reportSetupError(stderr, "fuzz", f.fatal)
	}
	what := im.Label
	if im.Argv != nil {
		what += " (" + strings.Join(im.Argv, " ") + ")"
	}
	fmt.Fprintf(stdout, "pctest fuzz: %s against the reference codec, seed %d\n", what, *seed)
	for _, fd := range f.findings {
		writeFinding(stdout, &fd)
	}
	if len(f.unsupported) > 0 {
		slices.Sort(f.unsupported)
		fmt.Fprintf(stdout, "unsupported by the testee, not fuzzed: %s\n", strings.Join(f.unsupported, ", "))
	}
	if im.Testee != nil {
		if inc := im.Testee.incidents(); inc != (testeeStats{}) {
			fmt.Fprintf(stdout, "testee: %d restarts, %d crashes, %d timeouts, %d protocol errors\n", inc.Restarts, inc.Crashes, inc.Timeouts, inc.ProtocolErrors)
		}
		if tail := im.Testee.stderrTail(stderrExcerpt); tail != "" && len(f.findings) > 0 {
			writeStderr(stdout, tail)
		}
	}
	n := f.cases.Load()
	if interrupted {
		fmt.Fprintln(stdout, "PARTIAL: interrupted")
	}
	plural := "s"
	if len(f.findings) == 1 {
		plural = ""
	}
	fmt.Fprintf(stdout, "%d cases in %v (%.0f/s), %d disagreement%s\n", n, elapsed.Round(time.Millisecond), float64(n)/elapsed.Seconds(), len(f.findings), plural)
	switch {
	case interrupted:
		return exitInterrupted
	case len(f.findings) > 0:
		return exitFail
	}
	return exitOK
}

// writeFinding prints a disagreement as a vector would show it.
func writeFinding(w io.Writer, fd *finding) {
	fmt.Fprintf(w, "DISAGREE %s %s\n", fd.Req.Op, show.InputField(fd.Req))
	fmt.Fprintf(w, "  reference: %s\n", show.Answer(fd.Req.Op, fd.Want))
	fmt.Fprintf(w, "  testee:    %s\n", show.Result(fd.Req.Op, fd.Got, fd.Err))
	if !slices.Equal(fd.Original.In, fd.Req.In) || !slices.Equal(fd.Original.InHex, fd.Req.InHex) {
		fmt.Fprintf(w, "  shrunk in %d steps from %s\n", fd.Steps, clip(show.InputField(fd.Original), 200))
	}
}
