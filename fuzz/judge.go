package fuzz

import (
	"context"
	"errors"

	"github.com/pctest/pctest/conformance"
	"github.com/pctest/pctest/internal/cause"
	"github.com/pctest/pctest/report"
	"github.com/pctest/pctest/vectors"
)

// count counts case c, whose answer is d: answered, judged or open (a
// warning), declined (an op declined from the start, every time, is given
// up); and, once every op is decided, sets the second quotas. A batch
// counts all its cases before it shrinks any (find), so that shrinking
// holds up no op but its own.
func (f *fuzzer) count(c *fuzzCase, d *result) {
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
	o.judged++
	if d.open {
		o.open++
	}
	if !d.got.Unsupported || d.err != nil {
		o.answered = true
	} else if o.declined++; !o.done && !o.answered && o.declined >= unsupportedGiveUp {
		// A testee may decline single inputs (a C string cannot hold NUL,
		// a string function cannot take invalid UTF-8): those cases are
		// skipped. Only an op it declines from the start, every time, is
		// given up.
		o.unsupported = true
		f.retireLocked(o)
	}
	f.secondQuotasLocked()
	f.mu.Unlock()
}

// find reports case c, whose answer d differs, as a finding: shrunk,
// confirmed, and folded into one of the same cause; or, while its op is
// being shrunk or done, not at all.
func (f *fuzzer) find(ctx context.Context, c *fuzzCase, d *result) {
	o, req := c.o, c.req
	f.mu.Lock()
	// The reference's answer is in the batch's memory, which the next
	// batch writes again: what is kept of it, in a finding or for
	// shrinking, is a copy, made only then.
	var ue unconfirmedError // declared here: errors.As moves it to the heap
	switch {
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
		req, d.want = req.Clone(), d.want.Clone()
		f.findings = append(f.findings, report.Finding{Op: req.Op, Kind: d.kind(), Request: req, Original: req, Expected: d.want, Err: d.err, Case: c.i, Unconfirmed: true})
		o.findings++
		return
	case d.got.Unsupported && d.err == nil:
		f.mu.Unlock() // declined (count): no finding
		return
	case o.done || o.shrinking:
		f.mu.Unlock()
		return
	}
	o.shrinking = true
	f.mu.Unlock()

	// The finding keeps both answers: the reference's is in the worker's
	// memory, and the testee's may be the request itself (an
	// implementation in this process that returns its input), which the
	// next batch overwrites.
	d.want, d.got = d.want.Clone(), d.got.Clone()
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
			if o.dups >= f.max && !o.done {
				o.repeated = true
				f.retireLocked(o)
			}
		}
		return
	}
	o.findings++
	f.findings = append(f.findings, fd)
	if o.findings >= f.max && !o.done {
		o.capped = true
		f.retireLocked(o)
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
	var got vectors.Response
	var err error
	if f.batcher != nil {
		got, err = conformance.Do(ctx, f.impl, req)
	} else {
		// In this process, a Do that never returns must not hold the
		// shrinking past its end (ctx: its time, or the run's): it is a
		// finding of its own, and its goroutine, left running, keeps a
		// copy of req.
		reqs, resps, errs := []vectors.Request{req.Clone()}, make([]vectors.Response, 1), make([]error, 1)
		if k, _ := f.doInProcess(ctx, ctx, reqs, resps, errs); k >= 0 {
			if o := f.opOf(req.Op); o != nil {
				f.hang(hangCase{o: o, req: req, want: want})
			}
			return nil, ctx.Err()
		}
		got, err = resps[0], errs[0]
	}
	d, err := f.judge(ctx, req, want, got, err)
	if err != nil {
		return nil, err
	}
	return &d, nil
}

// opOf returns the fuzzOp of op, or nil.
func (f *fuzzer) opOf(op vectors.Op) *fuzzOp {
	for _, o := range f.ops {
		if o.op == op {
			return o
		}
	}
	return nil
}

// judge compares the implementation's answer to req, got or err, with
// want, the reference's. It returns the result as a value, which costs a
// case no allocation.
func (f *fuzzer) judge(ctx context.Context, req vectors.Request, want, got vectors.Response, err error) (result, error) {
	if err != nil {
		var (
			fe fatalError
			ue unconfirmedError
		)
		switch {
		case errors.As(err, &ue):
			return result{want: want, err: err, differs: true}, nil
		case ctx.Err() != nil:
			return result{}, ctx.Err()
		case errors.As(err, &fe) && fe.Fatal():
			f.mu.Lock()
			if f.fatal == nil {
				f.fatal = err
			}
			f.mu.Unlock()
			return result{}, err
		}
	}
	d := result{want: want, got: got, err: err, differs: true}
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
