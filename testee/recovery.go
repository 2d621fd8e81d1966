// Incidents and recovery: what a crash, a timeout, a closed pipe or bad
// output is charged to, which requests are sent again, and the watchdog.

package testee

import (
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/pctest/pctest/vectors"
)

// isIncident reports whether err is one the runner charges a request with.
func isIncident(err error) bool {
	var (
		ce *CrashError
		te *TimeoutError
		pe *ProtocolError
	)
	return errors.As(err, &ce) || errors.As(err, &te) || errors.As(err, &pe)
}

// note adds a line of the runner's own to the stderr tail, where reports
// show it next to the testee's.
func (t *Process) note(msg string) {
	t.stderr.Write([]byte("[pctest: " + msg + "]\n"))
}

// incidentLocked handles an incident on p, which is dead or about to be
// killed: err is charged to the request in flight on p if it was sent
// again alone; otherwise the requests in flight on p that it read are all
// sent again alone, on the next process, and judged each on its own.
func (t *Process) incidentLocked(p *proc, err error) {
	t.incidentReadLocked(p, t.readLocked(p), err)
}

// incidentReadLocked is incidentLocked, s being the requests in flight on
// p that p read (readLocked).
func (t *Process) incidentReadLocked(p *proc, s []*call, err error) {
	switch {
	case len(s) == 0:
	case len(s) == 1 && t.chargeableLocked(p, s[0]):
		t.chargeLocked(s[0], err)
	default:
		// Several requests, or one not yet sent alone: each is sent again
		// alone, after the canary (see nextWriteLocked), so that a request
		// is charged only with what it does on its own to a testee that
		// can answer. One that was in flight at an incident on maxLost
		// processes is charged with this one: every request ends.
		g := &group{err: err}
		for _, c := range s {
			c.proc = nil
			if c.lost++; c.lost > maxLost {
				t.note(fmt.Sprintf("request %d was in flight at an incident on %d processes: charged with the last (%v)", c.id, c.lost, err))
				t.chargeLocked(c, err)
				continue
			}
			c.group = g
			g.pending++
			t.isolate = append(t.isolate, c)
		}
		g.size = g.pending
		slices.SortFunc(t.isolate, func(a, b *call) int { return int(a.id - b.id) })
	}
}

// chargeableLocked reports whether an incident on p with c alone in
// flight is c's own: c is the canary, or c was sent again alone (after an
// incident with it in flight) to a process that answered before, or, for
// a testee that serves one request per process, to a process that follows
// one that answered.
func (t *Process) chargeableLocked(p *proc, c *call) bool {
	return c.canary || c.group != nil && (p.answered > 0 || t.oneShot && p.trusted)
}

// badLineLocked counts an output line of p that the output rule counts
// (PROTOCOL.md §2): not shaped like an answer (answerShaped), and not
// charged to a request sent again alone. Once maxBadLines of them came in
// a row, with no valid answer between them, the testee's stdout is taken
// for one that carries something else than answers: every request fails
// with an *OutputError, no process is started again, and badLineLocked
// reports true.
func (t *Process) badLineLocked(p *proc, line []byte) bool {
	t.badLines++
	if len(t.badQuotes) < badLinesQuoted {
		t.badQuotes = append(t.badQuotes, quoteLine(line))
	}
	if t.badLines < maxBadLines {
		return false
	}
	t.fatal = &OutputError{Command: t.cfg.Command, Lines: slices.Clone(t.badQuotes), Count: t.badLines, Stderr: t.stderr.Last(stderrExcerpt)}
	t.failAllLocked(t.fatal)
	t.killLocked(p, "output")
	return true
}

// stdinClosedLocked handles a write to p's stdin that failed, or a stdin
// whose reading end p closed: a process that does not exit soon after
// closed its stdin and lives on. It is killed, the requests it never read
// are sent again, charged with nothing, and those it read and did not
// answer are handled as for a crash.
func (t *Process) stdinClosedLocked(p *proc) {
	if p.stdinGone || p.dead || t.closed || t.proc != p {
		return
	}
	p.stdinGone = true
	t.wg.Add(1)
	go func() {
		defer t.wg.Done()
		t.killIfLiving(p, "closed its stdin and kept running", "closed stdin")
	}()
}

// killIfLiving waits eofGrace for p, which closed one of its pipes, to
// exit; one that does not lives on without it: the requests in flight are
// handled as for a crash with status, and p is killed for reason.
func (t *Process) killIfLiving(p *proc, status, reason string) {
	select {
	case <-p.exited:
		return
	case <-time.After(eofGrace):
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if p.dead || t.closed {
		return
	}
	t.incidentLocked(p, &CrashError{Status: status, Stderr: t.stderr.Last(stderrExcerpt)})
	t.killLocked(p, reason)
}

// readLocked returns the requests in flight on p that p read, oldest
// first, p having ended or being about to be killed. Those it never read
// from its stdin (a testee that stopped reading and ended, or closed its
// stdout) did not cause what happened: they go out again as they came,
// charged with nothing.
func (t *Process) readLocked(p *proc) []*call {
	read, unread := t.partitionLocked(p, p.sent)
	t.sendAgainLocked(unread)
	return read
}

// partitionLocked splits the requests in flight on p, oldest first, into
// those p read and those it did not, written bytes having been written to
// its stdin.
func (t *Process) partitionLocked(p *proc, written int64) (read, unread []*call) {
	pending := p.unread
	if pending < 0 {
		pending = unreadBytes(p.stdin)
	}
	for _, c := range t.writtenLocked(p) {
		if c.end <= written-pending {
			read = append(read, c)
		} else {
			unread = append(unread, c)
		}
	}
	return read, unread
}

// sendAgainLocked sends the requests s again, as they came, to the next
// process: they were written to one that never read them.
func (t *Process) sendAgainLocked(s []*call) {
	for _, c := range s {
		c.proc = nil
		switch {
		case c.canary:
			t.completeLocked(c, vectors.Response{}, ErrClosed)
		case c == t.alone:
			t.alone = nil
			t.isolate = slices.Insert(t.isolate, 0, c)
		case c.group != nil:
			t.isolate = append(t.isolate, c)
		default:
			t.unsent = append(t.unsent, c)
		}
	}
	if len(s) > 0 {
		slices.SortFunc(t.unsent, func(a, b *call) int { return int(a.id - b.id) })
		slices.SortFunc(t.isolate, func(a, b *call) int { return int(a.id - b.id) })
		t.cond.Broadcast()
	}
}

// chargeLocked charges c with the incident err.
func (t *Process) chargeLocked(c *call, err error) {
	if c.proc != nil {
		c.proc.charges++
	}
	switch Kind(err) {
	case "crash":
		t.incidents.Crashes++
	case "timeout":
		t.incidents.Timeouts++
	case "protocol":
		t.incidents.ProtocolErrors++
	}
	if c.canary {
		// The canary is the runner's: its failure tells only that the
		// testee did not answer, which handleExit counts.
		c.proc = nil
	}
	t.completeLocked(c, vectors.Response{}, err)
}

// stdoutEnded handles the end of p's stdout. A process that does not exit
// soon after closed its stdout and lives on: it is killed, and the request
// in flight charged as for a crash.
func (t *Process) stdoutEnded(p *proc) {
	// No request written from now on can be answered: none is charged
	// with the end.
	t.mu.Lock()
	p.eof = true
	t.mu.Unlock()
	t.killIfLiving(p, "closed its stdout and kept running", "closed stdout")
}

// handleExit runs once p has exited and its output has been read. Unless the
// runner killed p, its exit is an incident: a crash. A new process is
// started for what is left.
func (t *Process) handleExit(p *proc) {
	t.mu.Lock()
	defer t.mu.Unlock()
	// p's stdin is closed: a write under way ends at once. Once it has,
	// what p read is known.
	for p.writing {
		t.cond.Wait()
	}
	reason := p.killReason
	p.dead = true
	if t.proc == p {
		t.proc = nil
	}
	if t.closed {
		t.failAllLocked(ErrClosed)
		t.cond.Broadcast()
		return
	}
	if t.fatal != nil {
		// The testee's output is not answers (badLineLocked): nothing is
		// started again.
		t.failAllLocked(t.fatal)
		t.cond.Broadcast()
		return
	}
	if reason == "" {
		t.incidentLocked(p, &CrashError{Status: p.status, Stderr: t.stderr.Last(stderrExcerpt)})
	}
	// A process that answered the canary, nothing else, and ended by
	// itself with no request charged: so do testees that serve one request
	// per process, which the canary would starve.
	switch {
	case reason == "" && p.answered == 1 && p.canaryAnswered && p.charges == 0:
		if t.canaryOnly++; t.canaryOnly >= oneShotExits && !t.oneShot {
			t.oneShot = true
			t.note(fmt.Sprintf("the testee ended after its first answer on %d processes in a row: served one request per process from now on, a process each", t.canaryOnly))
		}
	case p.answered > 0:
		t.canaryOnly = 0
	}
	// Anything still marked as written to p goes out again.
	for _, c := range t.writtenLocked(p) {
		c.proc = nil
		if c.canary {
			t.completeLocked(c, vectors.Response{}, ErrClosed)
		} else if !slices.Contains(t.isolate, c) {
			t.unsent = append(t.unsent, c)
		}
	}
	status := p.status
	switch reason {
	case "timeout":
		status = fmt.Sprintf("killed after no answer in %v", p.killAfter)
		if p.startUp {
			status += ", its start-up allowance (-start-timeout)"
		}
	case "line too long":
		status = fmt.Sprintf("killed after an answer line longer than %d bytes (MaxLine)", t.cfg.MaxLine)
	case "closed stdout":
		status = "closed its stdout"
	case "closed stdin":
		status = "closed its stdin"
	case "canary":
		status = fmt.Sprintf("killed after %d malformed answers to the canary request (the last: %v)", p.canaryFailed, p.canaryErr)
	}
	if p.answered == 0 {
		t.silentExits++
		t.needCanary = true
	} else {
		t.silentExits = 0
		// The start-up allowance is the canary's: a process started
		// after one that answered gets it first too, so that a request
		// that hangs there costs -timeout, not -start-timeout. A testee
		// served one request per process has no canary to spare.
		t.needCanary = !t.oneShot
	}
	if t.silentExits >= startSilentExits {
		msg := fmt.Errorf("ran %d times without answering a request", t.silentExits)
		if t.answered > 0 {
			msg = fmt.Errorf("stopped answering: ran %d times in a row without answering a request", t.silentExits)
		}
		t.fatal = &StartError{Command: t.cfg.Command, Status: status, Stderr: t.stderr.Last(stderrExcerpt), Err: msg}
		t.failAllLocked(t.fatal)
		t.cond.Broadcast()
		return
	}
	if t.alone != nil && t.alone.proc == nil && !slices.Contains(t.isolate, t.alone) {
		// The request sent alone was lost with p without a charge (p was
		// killed for another reason): send it alone again.
		t.isolate = append([]*call{t.alone}, t.isolate...)
	}
	t.alone = nil
	if err := t.spawnLocked(); err != nil {
		t.fatal = err
		t.failAllLocked(err)
	}
	t.cond.Broadcast()
}

// failAllLocked finishes every request in flight with err.
func (t *Process) failAllLocked(err error) {
	for len(t.inflight) > 0 {
		t.completeLocked(t.inflight[0], vectors.Response{}, err)
	}
}

// watchdog kills a testee whose oldest request in flight has gone
// unanswered for longer than the timeout; the timeout is an incident.
func (t *Process) watchdog() {
	defer t.wg.Done()
	tick := time.NewTicker(min(max(t.cfg.Timeout/8, 5*time.Millisecond), 250*time.Millisecond))
	defer tick.Stop()
	for {
		select {
		case <-t.stop:
			return
		case now := <-tick.C:
			t.mu.Lock()
			p := t.proc
			if p != nil && !p.dead && !p.stdinGone && stdinClosed(p.stdin) {
				t.stdinClosedLocked(p)
			}
			if p != nil && !p.dead {
				if head := t.headLocked(p); head != nil {
					since := head.sentAt
					if t.lastProgress.After(since) {
						since = t.lastProgress
					}
					// A process that has not answered yet is still
					// starting: it gets the start-up allowance.
					limit, startUp := t.cfg.Timeout, false
					if p.answered == 0 {
						limit, startUp = t.cfg.StartTimeout, true
					}
					if now.Sub(since) > limit {
						p.killAfter, p.startUp = limit, startUp
						t.incidentLocked(p, &TimeoutError{After: limit, StartUp: startUp, Stderr: t.stderr.Last(stderrExcerpt)})
						t.killLocked(p, "timeout")
					}
				}
			}
			t.mu.Unlock()
		}
	}
}
