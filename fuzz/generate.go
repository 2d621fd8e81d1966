package fuzz

import (
	"context"
	"errors"
	"maps"
	"math"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/pctest/pctest/conformance"
	"github.com/pctest/pctest/internal/gen"
	"github.com/pctest/pctest/report"
	"github.com/pctest/pctest/vectors"
)

// batchSize is how many cases a worker generates, has answered and
// judges at a time. The cases of a batch sent to a Batcher go out in few
// writes, and its worker wakes once for them all.
const batchSize = 64

// run fuzzes until ctx is done, the deadline passes, or the case limit is
// reached, with workers requests in flight: for a Batcher, batches of
// cases from enough workers to fill that many; for another implementation,
// which answers in the calling goroutine, that many workers.
//
// With a case limit and no deadline, the same seed sends the same cases
// however the batches interleave (but see Seed for an op stopped early). Each
// op's cases are numbered apart, from 1, and case i of an op is always the
// same request (gen.Seeded); what varies is only how many cases each op
// gets, which quotas fix in two steps. First each op may send its first
// unsupportedGiveUp cases (fewer when the case limit is smaller). Once
// each op is decided — the implementation answered one of its cases, or
// it was given up, or all of those cases were judged — which ops it
// declines is settled, and the rest of the limit is shared among the ops
// still fuzzed, each its part (secondQuotasLocked); with no limit, they
// have no bound but the deadline. The ops decided early go on meanwhile,
// within their first quota, and shrinking a finding holds up nothing but
// its op.
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
	f.mu.Lock()
	f.firstQuotasLocked()
	f.secondQuotasLocked() // already, when there is no op
	f.mu.Unlock()
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := &fuzzWorker{size: size}
			for gctx.Err() == nil {
				more, stop := f.batch(wctx, gctx, w)
				if stop {
					cancel()
				}
				if !more {
					return
				}
			}
		}()
	}
	wg.Wait()
}

// unbounded is the quota of an op with no case limit.
const unbounded = math.MaxInt64

// share returns part k of total split into n parts as evenly as can be,
// the first ones larger by one.
func share(total int64, n, k int) int64 {
	s := total / int64(n)
	if int64(k) < total%int64(n) {
		s++
	}
	return s
}

// firstQuotasLocked sets each op's first quota: its first
// unsupportedGiveUp cases, or its share of the case limit when that is
// smaller.
func (f *fuzzer) firstQuotasLocked() {
	for k, o := range f.ops {
		o.quota = unsupportedGiveUp
		if f.limit > 0 {
			o.quota = min(o.quota, share(f.limit, len(f.ops), k))
		}
		o.first = o.quota
	}
}

// rejectedDecide is how many of an op's generated inputs the reference
// may decline (not cases: untake) before the op counts as decided
// without them. The reference takes every generated input today; the
// bound keeps an op whose inputs it would all decline from holding up the
// second quotas for ever.
const rejectedDecide = 1024

// decidedLocked reports whether every op is decided: the implementation
// answered one of its cases, it is done, all the cases of its first quota
// were judged, or the reference declined rejectedDecide of its inputs.
func (f *fuzzer) decidedLocked() bool {
	for _, o := range f.ops {
		if !o.answered && !o.done && o.judged < o.first && o.next-o.taken < rejectedDecide {
			return false
		}
	}
	return true
}

// secondQuotasLocked, once every op is decided, sets the quotas of the
// ops still fuzzed: the cases of the limit past the first quotas, shared
// among them in their order; with no limit, no bound. It wakes the
// workers waiting for them.
func (f *fuzzer) secondQuotasLocked() {
	if f.second || !f.decidedLocked() {
		return
	}
	f.second = true
	defer f.changedLocked()
	var live []*fuzzOp
	rest := f.limit
	for _, o := range f.ops {
		if o.done {
			rest -= min(o.first, o.taken) // an op done early left the rest of its first quota
		} else {
			rest -= o.first
			live = append(live, o)
		}
	}
	for k, o := range live {
		o.quota = unbounded
		if f.limit > 0 {
			o.quota = o.first + share(max(rest, 0), len(live), k)
		}
	}
}

// retireLocked marks o done (unsupported, or enough findings) and, once
// the second quotas are set, with a case limit, gives what is left of its
// quota to the ops still fuzzed, in their order, so that the run still
// sends the limit. (When an op stops at its findings depends on how the
// batches interleave: the same seed sends the same cases only up to it.)
func (f *fuzzer) retireLocked(o *fuzzOp) {
	o.done = true
	f.changedLocked()
	if !f.second || f.limit <= 0 || o.quota == unbounded {
		return
	}
	left := o.quota - o.taken
	o.quota = o.taken
	f.handOnLocked(left)
}

// handOnLocked shares n cases of a retired op's quota among the ops still
// fuzzed, in their order.
func (f *fuzzer) handOnLocked(n int64) {
	var live []*fuzzOp
	for _, l := range f.ops {
		if !l.done {
			live = append(live, l)
		}
	}
	for k, l := range live {
		l.quota += share(max(n, 0), len(live), k)
	}
	f.changedLocked()
}

// A fuzzWorker is the state of one worker goroutine.
type fuzzWorker struct {
	gens    []*gen.Seeded // by the index of the op in fuzzer.ops
	size    int           // cases per batch
	cases   []fuzzCase
	reqs    []vectors.Request
	resps   []vectors.Response
	errs    []error
	results []result
	// units and octets hold the inputs of the batch's requests, wants
	// the code units of the reference's answers.
	units  []uint16
	octets []byte
	wants  []uint16
}

// A fuzzCase is a generated case of a batch and the reference's answer.
type fuzzCase struct {
	o    *fuzzOp
	i    int64
	req  vectors.Request
	want vectors.Response
}

// pick returns an op that may send another case — still fuzzed, not
// being shrunk, within its quota — round robin, with the number of its
// next case, which it counts as taken; or nil and a channel closed when
// that may change (an op that may is being shrunk, or the second quotas
// wait for an op to be decided); or nil, nil when no op may send another
// case.
func (f *fuzzer) pick() (*fuzzOp, int64, <-chan struct{}) {
	f.mu.Lock()
	defer f.mu.Unlock()
	n, shrinking := 0, false
	for _, o := range f.ops {
		switch {
		case o.done || o.taken >= o.quota:
		case o.shrinking:
			shrinking = true
		default:
			n++
		}
	}
	if n == 0 {
		if shrinking || !f.second {
			return nil, 0, f.changed
		}
		return nil, 0, nil
	}
	k := int(f.turn % int64(n))
	f.turn++
	for _, o := range f.ops {
		if o.done || o.taken >= o.quota || o.shrinking {
			continue
		}
		if k > 0 {
			k--
			continue
		}
		o.next++
		o.taken++
		return o, o.next, nil
	}
	panic("unreachable")
}

// untake gives back the case of o that pick counted as taken but the
// reference does not take: it is no case, and the op's next one is.
func (f *fuzzer) untake(o *fuzzOp) {
	f.mu.Lock()
	o.taken--
	if o.done && f.second && f.limit > 0 && o.quota != unbounded && o.quota > o.taken {
		// Retired with this case counted (retireLocked): hand it on too.
		o.quota--
		f.handOnLocked(1)
	}
	f.secondQuotasLocked() // the reference declining its inputs may decide an op
	f.mu.Unlock()
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
// findings. more is false when the worker is done; stop says every
// worker must stop (the implementation cannot go on).
func (f *fuzzer) batch(ctx, gctx context.Context, w *fuzzWorker) (more, stop bool) {
	w.cases = w.cases[:0]
	// The requests of a batch live in memory of their own, not the
	// generators' (which the next case reuses): they are kept while the
	// batch is in flight. The worker's buffers are used again by its next
	// batch: nothing keeps a request past its batch (a finding, a warning
	// and an unconfirmed incident keep a clone).
	units, octets, wants := w.units[:0], w.octets[:0], w.wants[:0]
	hung := -1 // the case of the batch whose Do did not return (doInProcess)
	defer func() {
		if hung >= 0 {
			*w = fuzzWorker{} // the hung Do's goroutine keeps all the batch's memory
			return
		}
		w.units, w.octets, w.wants = units[:0], octets[:0], wants[:0]
	}()
	for len(w.cases) < w.size {
		if gctx.Err() != nil {
			// The run is over: the reference answers nothing now, so a
			// batch being filled would never fill. Judge what there is.
			break
		}
		o, i, wait := f.pick()
		if o == nil {
			if len(w.cases) > 0 {
				break // judge what there is: it may change that
			}
			if wait == nil {
				return false, false // no op may send another case
			}
			select { // every op that may is being shrunk, or undecided
			case <-wait:
			case <-gctx.Done():
			}
			return true, false
		}
		if o.index >= len(w.gens) {
			w.gens = append(w.gens, make([]*gen.Seeded, o.index+1-len(w.gens))...)
		}
		g := w.gens[o.index]
		if g == nil {
			g, _ = gen.NewSeeded(o.op)
			w.gens[o.index] = g
		}
		req := g.Request(f.seed, i)
		if cap(units) == 0 && req.In != nil {
			units = make([]uint16, 0, 64*w.size)
		}
		if cap(octets) == 0 && req.InHex != nil {
			octets = make([]byte, 0, 32*w.size)
		}
		// The reference answers the batch's copy of the request, not the
		// generator's: an answer may share its input's memory (a decoder
		// that returns its input when there is nothing to decode), and the
		// generator's is overwritten by the next case.
		kept, ku, ko := keepRequest(req, units, octets)
		if cap(wants) == 0 {
			wants = make([]uint16, 0, 64*w.size)
		}
		// The answers of the batch one after another, as the requests'
		// inputs: nothing keeps one past its batch but a clone (find
		// clones the answers of a finding and of a case it shrinks, a
		// warning's are copied by WarningSet.Add).
		var want vectors.Response
		var err error
		want, wants, err = f.ref.AppendDo(gctx, kept, wants)
		if err != nil || want.Unsupported {
			f.untake(o)
			continue // the reference does not take this input: not a case (its copy is overwritten)
		}
		f.sent.Add(1)
		req, units, octets = kept, ku, ko
		w.cases = append(w.cases, fuzzCase{o: o, i: i, req: req, want: want})
	}
	if len(w.cases) == 0 {
		return true, false
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
		conformance.DoBatch(gctx, f.batcher.DoBatch, w.reqs, w.resps, w.errs)
	} else {
		var sentHere int
		hung, sentHere = f.doInProcess(ctx, gctx, w.reqs, w.resps, w.errs)
		// The cases the time left unsent are not sent.
		f.sent.Add(-int64(n - sentHere))
		if hung >= 0 {
			// An answer that never came: the cases answered before it
			// are judged, it is a finding, and the run ends. The hung
			// Do's goroutine goes on with the batch's memory from that
			// case on: this worker leaves it all to it.
			f.hang(hangOf(&w.cases[hung]))
			n = hung
			w.cases = w.cases[:n]
		}
	}
	// Every case is counted before any is shrunk: until the ops are
	// decided (secondQuotasLocked) the other workers wait for these counts.
	more = true
	w.results = slices.Grow(w.results[:0], n)[:n]
	for k := range w.cases {
		c := &w.cases[k]
		d, err := f.judge(gctx, c.req, c.want, w.resps[k], w.errs[k])
		w.resps[k], w.errs[k] = vectors.Response{}, nil
		w.results[k] = d
		if err != nil {
			more, stop = false, true // the others may have answered: judge them (d is zero: no finding)
			continue
		}
		f.count(c, &w.results[k])
	}
	for k := range w.cases {
		if w.results[k].differs {
			f.find(ctx, &w.cases[k], &w.results[k])
		}
	}
	if hung >= 0 {
		return false, true
	}
	clear(w.reqs)
	clear(w.cases)
	clear(w.results)
	return more, stop
}

// doInProcess has f.impl, an implementation in this process, answer reqs
// in order, in a goroutine of its own, with dctx (the requests left when
// dctx ends get its error, unsent), and returns -1 and how many requests
// it sent once it has; or, when ctx ends first and the call in progress
// does not return within hangGrace, the index k of the request whose Do
// has not returned (a hang) and k+1. resps[:k] and errs[:k] are then the
// answers before it; the goroutine is left running (Go cannot stop one)
// with reqs, resps and errs from k on, which the caller must not touch
// again, and sends nothing more.
func (f *fuzzer) doInProcess(ctx, dctx context.Context, reqs []vectors.Request, resps []vectors.Response, errs []error) (hung, sent int) {
	done := make(chan struct{})
	var at atomic.Int64 // the request being answered
	called := 0         // how many Do calls: read once done is closed
	go func() {
		defer close(done)
		for k, req := range reqs {
			at.Store(int64(k)) // after the answers before k: they are the caller's once it loads k
			if err := dctx.Err(); err != nil {
				resps[k], errs[k] = vectors.Response{}, err
				continue
			}
			resps[k], errs[k] = conformance.Do(dctx, f.impl, req)
			called = k + 1
		}
	}()
	select {
	case <-done:
		return -1, called
	case <-ctx.Done():
	}
	// A Do that heeds its ctx returns at once (the run was interrupted, or
	// its time ran out), and one that is only slow soon; one that has not
	// within hangGrace is a hang.
	select {
	case <-done:
		return -1, called
	case <-time.After(hangGrace):
		k := int(at.Load())
		return k, k + 1
	}
}

// hangGrace is how long, once the run is over, a Do in this process may
// take to return before doInProcess calls it a hang.
const hangGrace = time.Second

// A hangCase is a request whose Do did not return (doInProcess): of op o, the
// reference's answer want, the number of the case it was (0 for a request
// of shrinking).
type hangCase struct {
	o    *fuzzOp
	req  vectors.Request
	want vectors.Response
	i    int64
}

// hangOf returns case c as a hangCase.
func hangOf(c *fuzzCase) hangCase { return hangCase{c.o, c.req, c.want, c.i} }

// hang reports h, whose Do did not return by the end of the run or of its
// shrinking, as an unconfirmed timeout finding, as it stands: one per op
// (another is a variant of it), and none for an op already done.
func (f *fuzzer) hang(h hangCase) {
	err := &conformance.AnswerError{Op: h.req.Op, Kind: report.KindTimeout,
		Reason: "Do did not return by the end of the run, or of the shrinking it was part of; its goroutine is left running"}
	f.mu.Lock()
	defer f.mu.Unlock()
	for i := range f.findings {
		var ae *conformance.AnswerError
		if old := &f.findings[i]; old.Op == h.req.Op && errors.As(old.Err, &ae) && ae.Kind == report.KindTimeout {
			old.Variants++
			return
		}
	}
	if h.o.done {
		return
	}
	req, want := h.req.Clone(), h.want.Clone()
	f.findings = append(f.findings, report.Finding{Op: req.Op, Kind: report.KindTimeout, Request: req, Original: req, Expected: want, Err: err, Case: h.i, Unconfirmed: true})
	if h.o.findings++; h.o.findings >= f.max {
		h.o.capped = true // as find caps an op
		f.retireLocked(h.o)
	}
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
