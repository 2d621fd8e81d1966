package fuzz

import (
	"context"
	"maps"
	"slices"
	"sync"

	"github.com/pctest/pctest/internal/gen"
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
			w := &fuzzWorker{size: size}
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
	gens  []*gen.Seeded // by the index of the op in fuzzer.ops
	size  int           // cases per batch
	cases []fuzzCase
	reqs  []vectors.Request
	resps []vectors.Response
	errs  []error
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
	// batch is in flight. The worker's buffers are used again by its next
	// batch: nothing keeps a request past its batch (a finding, a warning
	// and an unconfirmed incident keep a clone).
	units, octets, wants := w.units[:0], w.octets[:0], w.wants[:0]
	defer func() { w.units, w.octets, w.wants = units[:0], octets[:0], wants[:0] }()
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
		if o.index >= len(w.gens) {
			w.gens = append(w.gens, make([]*gen.Seeded, o.index+1-len(w.gens))...)
		}
		g := w.gens[o.index]
		if g == nil {
			g, _ = gen.NewSeeded(o.op)
			w.gens[o.index] = g
		}
		i := f.next.Add(1)
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
		// inputs: nothing keeps one past its batch but a clone (record
		// clones the answers of a finding and of a case it shrinks, a
		// warning's are copied by WarningSet.Add).
		var want vectors.Response
		var err error
		want, wants, err = f.ref.AppendDo(gctx, kept, wants)
		if err != nil || want.Unsupported {
			continue // the reference does not take this input: not a case (its copy is overwritten)
		}
		if n := f.sent.Add(1); f.limit > 0 && n > f.limit {
			// Enough cases: send no more, and let those in flight finish.
			f.sent.Add(-1)
			f.full.Store(true)
			break
		}
		req, units, octets = kept, ku, ko
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
		f.record(ctx, c, &d)
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
