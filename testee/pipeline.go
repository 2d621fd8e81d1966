// The request side of the pipeline: Do and DoBatch hand requests to the
// writer, which sends them in batches to the running process, and
// completeLocked finishes them.

package testee

import (
	"context"
	"errors"
	"slices"
	"sync"
	"time"

	"github.com/pctest/pctest/vectors"
)

// Do sends req to the testee and waits for its response. It implements
// conformance.Implementation. An error is a *CrashError, *TimeoutError,
// *ProtocolError or *StartError charged to this request, ErrClosed, or
// ctx's error.
func (t *Process) Do(ctx context.Context, req vectors.Request) (vectors.Response, error) {
	select {
	case t.window <- struct{}{}:
	case <-ctx.Done():
		return vectors.Response{}, ctx.Err()
	}
	id := t.nextID.Add(1)
	line := AppendRequestJSON(make([]byte, 0, 64+4*len(req.In)+2*len(req.InHex)), id, req, t.cfg.UTF16Hex)
	c := &call{id: id, line: append(line, '\n'), done: make(chan struct{})}

	t.mu.Lock()
	if err := t.usableLocked(); err != nil {
		t.mu.Unlock()
		<-t.window
		return vectors.Response{}, err
	}
	t.inflight = append(t.inflight, c)
	t.byID[id] = c
	t.unsent = append(t.unsent, c)
	if len(t.unsent) == 1 {
		t.cond.Broadcast()
	}
	t.mu.Unlock()

	select {
	case <-c.done:
		return c.resp, c.err
	case <-ctx.Done():
		// The request stays in flight and keeps its window slot until the
		// testee answers it or is closed.
		return vectors.Response{}, ctx.Err()
	}
}

// DoBatch sends reqs to the testee and waits for all their responses:
// resps[i] and errs[i] are what Do(ctx, reqs[i]) returns, but that a
// request still waiting, when ctx is done, to be sent again alone after an
// incident gets an *UnconfirmedError. Each request is a
// request of its own, with its own id, window slot, and incident handling,
// as with Do; but the requests are handed to the writer in as few chunks
// as the free window slots allow, so that they go out in few writes, and
// the caller wakes once, when the last is answered, rather than once per
// request. When ctx is done first, the requests not yet answered get ctx's
// error and stay in flight, as Do's do; those not yet handed over are not
// sent.
func (t *Process) DoBatch(ctx context.Context, reqs []vectors.Request, resps []vectors.Response, errs []error) {
	mem := newBatchMem(len(reqs))
	calls := mem.calls
	w := &batchWait{pending: 1, done: make(chan struct{})}
	var stop error // why the requests from sent on were not sent
	sent := 0
	for sent < len(reqs) {
		// A window slot, waiting for it, then as many more as are free:
		// every slot taken is handed over at once, so that batches
		// waiting for slots cannot hold the whole window unsent.
		select {
		case t.window <- struct{}{}:
		case <-ctx.Done():
			stop = ctx.Err()
		}
		if stop != nil {
			break
		}
		k := 1
	more:
		for sent+k < len(reqs) {
			select {
			case t.window <- struct{}{}:
				k++
			default:
				break more
			}
		}
		chunk := calls[sent : sent+k]
		t.fillChunk(mem, chunk, reqs[sent:sent+k], w)

		t.mu.Lock()
		if err := t.usableLocked(); err != nil {
			t.mu.Unlock()
			for range k {
				<-t.window
			}
			stop = err
			break
		}
		wake := len(t.unsent) == 0
		for j := range chunk {
			c := &chunk[j]
			t.inflight = append(t.inflight, c)
			t.byID[c.id] = c
			t.unsent = append(t.unsent, c)
		}
		w.pending += k
		if wake {
			t.cond.Broadcast()
		}
		t.mu.Unlock()
		sent += k
	}

	t.mu.Lock()
	if w.pending--; w.pending == 0 {
		close(w.done)
	}
	t.mu.Unlock()
	select {
	case <-w.done:
	case <-ctx.Done():
	}
	t.mu.Lock()
	finished := true
	for i := range sent {
		resps[i], errs[i] = calls[i].outcomeLocked(ctx)
		finished = finished && calls[i].finished
	}
	t.mu.Unlock()
	for i := sent; i < len(reqs); i++ {
		resps[i], errs[i] = vectors.Response{}, stop
	}
	if finished {
		// Every request sent was answered or charged: nothing refers to
		// the calls or their lines any more.
		mem.free()
	}
}

// A batchMem is the memory of one DoBatch's requests: their calls, and
// their lines, one after another. It is used again by a later DoBatch
// once every request it holds is finished (completeLocked has removed
// each call from every list, and the writer has copied each line), as
// most are: a batch costs no allocation then.
type batchMem struct {
	calls []call
	buf   []byte
	ends  []int
}

// batchMems are the batchMems free for use; every call of theirs, up to
// its calls' capacity, is zero.
var batchMems sync.Pool

// newBatchMem returns a batchMem with n zero calls and an empty buffer.
func newBatchMem(n int) *batchMem {
	m, _ := batchMems.Get().(*batchMem)
	if m == nil || cap(m.calls) < n {
		return &batchMem{calls: make([]call, n)}
	}
	m.calls = m.calls[:n]
	m.buf = m.buf[:0]
	return m
}

// free hands m over for use again, its calls zeroed (so that they keep no
// answer alive), unless its buffer grew too big to keep.
func (m *batchMem) free() {
	if cap(m.buf) > 1<<20 {
		return
	}
	clear(m.calls)
	batchMems.Put(m)
}

// fillChunk gives the calls of chunk, one per request of reqs, their ids
// and their lines, written one after another into m's buffer, and w to
// wait on. The buffer may move as it grows; the lines of the chunks
// before keep the memory they were written to, which nothing writes again
// until m is free.
func (t *Process) fillChunk(m *batchMem, chunk []call, reqs []vectors.Request, w *batchWait) {
	k := len(chunk)
	id := t.nextID.Add(int64(k)) - int64(k)
	buf := m.buf
	start := len(buf)
	ends := m.ends[:0]
	for j := range chunk {
		id++
		chunk[j].id = id
		chunk[j].batch = w
		buf = append(AppendRequestJSON(buf, id, reqs[j], t.cfg.UTF16Hex), '\n')
		ends = append(ends, len(buf))
	}
	for j := range chunk {
		chunk[j].line = buf[start:ends[j]:ends[j]]
		start = ends[j]
	}
	m.buf, m.ends = buf, ends
}

// outcomeLocked is what DoBatch returns for c once its wait ended, ctx
// having ended it if c is not finished.
func (c *call) outcomeLocked(ctx context.Context) (vectors.Response, error) {
	switch {
	case c.finished:
		return c.resp, c.err
	case c.group != nil:
		// In flight at an incident, waiting to be sent again alone:
		// the incident as it stands.
		return vectors.Response{}, &UnconfirmedError{Incident: c.group.err, Requests: c.group.size, group: c.group}
	default:
		return vectors.Response{}, ctx.Err()
	}
}

// canaryRequest is what the canary asks: any testee can answer it, if only
// with "unsupported".
var canaryRequest = vectors.Request{Op: vectors.OpEncodeURIComponent, In: []uint16{'a'}}

// newCanaryLocked returns a canary request, in flight but not yet written.
func (t *Process) newCanaryLocked() *call {
	id := t.nextID.Add(1)
	line := AppendRequestJSON(nil, id, canaryRequest, t.cfg.UTF16Hex)
	c := &call{id: id, line: append(line, '\n'), done: make(chan struct{}), canary: true}
	t.inflight = append(t.inflight, c)
	t.byID[id] = c
	return c
}

// usableLocked returns why no request can be sent, or nil.
func (t *Process) usableLocked() error {
	switch {
	case t.fatal != nil:
		return t.fatal
	case t.closed:
		return ErrClosed
	case t.starts == 0:
		return errors.New("testee not started")
	}
	return nil
}

// completeLocked finishes c with resp or err.
func (t *Process) completeLocked(c *call, resp vectors.Response, err error) {
	if _, ok := t.byID[c.id]; !ok {
		return
	}
	delete(t.byID, c.id)
	t.inflight = removeCall(t.inflight, c)
	t.unsent = removeCall(t.unsent, c)
	t.isolate = removeCall(t.isolate, c)
	if t.alone == c {
		t.alone = nil
		t.cond.Broadcast()
	}
	c.resp, c.err = resp, err
	c.finished = true
	if c.done != nil {
		close(c.done)
	}
	if b := c.batch; b != nil {
		if b.pending--; b.pending == 0 {
			close(b.done)
		}
	}
	if g := c.group; g != nil {
		c.group = nil
		g.pending--
		if isIncident(err) {
			g.charged = true
		}
		if g.pending == 0 && !g.charged && !t.closed && t.fatal == nil {
			t.incidents.Flaky++
			t.note("flaky incident: " + g.err.Error() + "; none of the requests in flight failed so when sent again alone")
		}
	}
	if !c.canary {
		<-t.window
	}
}

// removeCall removes c from calls, keeping the order. c is nearly always
// calls[0].
func removeCall(calls []*call, c *call) []*call {
	if len(calls) > 0 && calls[0] == c {
		// The head: slice it off rather than move the rest.
		calls[0] = nil
		return calls[1:]
	}
	for i, x := range calls {
		if x == c {
			copy(calls[i:], calls[i+1:])
			calls[len(calls)-1] = nil
			return calls[:len(calls)-1]
		}
	}
	return calls
}

// headLocked returns the oldest request in flight that was written to p, or
// nil.
func (t *Process) headLocked(p *proc) *call {
	for _, c := range t.inflight {
		if c.proc == p {
			return c
		}
	}
	return nil
}

// writtenLocked returns the requests in flight that were written to p,
// oldest first.
func (t *Process) writtenLocked(p *proc) []*call {
	var s []*call
	for _, c := range t.inflight {
		if c.proc == p {
			s = append(s, c)
		}
	}
	return s
}

// nextWriteLocked returns what the writer sends next to the running
// process: the canary alone, a request sent again alone, or every request
// waiting; nil when there is nothing it may send.
func (t *Process) nextWriteLocked() []*call {
	p := t.proc
	if p == nil || p.dead || p.eof || t.alone != nil {
		return nil
	}
	switch {
	case t.needCanary || len(t.isolate) > 0 && p.answered == 0 && !t.oneShot:
		// A request is sent again alone only to a process that answered
		// the canary, so that its failure there is its own; but a testee
		// that serves one request per process would spend it on the
		// canary, so it gets the request alone on a process that follows
		// one that answered (see chargeableLocked).
		t.needCanary = false
		t.alone = t.newCanaryLocked()
		return []*call{t.alone}
	case len(t.isolate) > 0:
		t.alone = t.isolate[0]
		t.isolate = t.isolate[1:]
		return []*call{t.alone}
	case len(t.unsent) > 0 && t.oneShot:
		// One request per process: one at a time, so that the end of the
		// process that answered it is no incident.
		t.alone = t.unsent[0]
		t.unsent = removeCall(t.unsent, t.alone)
		return []*call{t.alone}
	case len(t.unsent) > 0:
		batch := slices.Clone(t.unsent)
		clear(t.unsent)
		t.unsent = t.unsent[:0]
		return batch
	}
	return nil
}

// writer writes requests to the running process: as many as are waiting
// in one write, or one at a time while requests are being sent alone.
func (t *Process) writer() {
	defer t.wg.Done()
	var buf []byte
	for {
		t.mu.Lock()
		var batch []*call
		for !t.closed {
			if batch = t.nextWriteLocked(); batch != nil {
				break
			}
			t.cond.Wait()
		}
		if t.closed {
			t.mu.Unlock()
			return
		}
		p := t.proc
		now := time.Now()
		buf = buf[:0]
		for _, c := range batch {
			buf = append(buf, c.line...)
			c.proc = p
			c.sentAt = now
			p.queued += int64(len(c.line))
			c.end = p.queued
		}
		p.writing = true
		lines := t.outputLines
		t.mu.Unlock()

		n, err := p.stdin.Write(buf)
		if t.afterWrite != nil {
			t.afterWrite(p, lines)
		}
		t.mu.Lock()
		p.sent += int64(n)
		p.writing = false
		t.cond.Broadcast()
		t.mu.Unlock()
		if err != nil {
			// The process is gone or going: the reader sees its stdout
			// close, the waiter its exit, and the requests are handled
			// with the exit. One that closed its stdin and lives on is
			// killed at once (stdinClosed).
			t.mu.Lock()
			t.stdinClosedLocked(p)
			for !t.closed && t.proc == p && !p.dead {
				t.cond.Wait()
			}
			t.mu.Unlock()
		}
		if cap(buf) > 1<<20 {
			buf = nil
		}
	}
}
