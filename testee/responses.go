// The response side of the pipeline: the reader reads the process's
// stdout, parses its lines in batches and matches them to requests by id.

package testee

import (
	"bufio"
	"bytes"
	"fmt"
	"strconv"
	"time"

	"github.com/pctest/pctest/vectors"
)

// reader reads p's responses and matches them to requests by id.
func (t *Process) reader(p *proc) {
	defer t.wg.Done()
	defer close(p.readDone)
	r := bufio.NewReaderSize(p.stdout, 64<<10)
	var (
		line []byte
		lb   lineBatch
	)
	for {
		var (
			frag    []byte
			err     error
			tooLong bool
		)
		line = line[:0]
		for {
			frag, err = r.ReadSlice('\n')
			if !tooLong {
				if len(line)+len(frag) > t.cfg.MaxLine {
					line = append(line, frag[:t.cfg.MaxLine-len(line)]...)
					tooLong = true
					t.handleLines(p, &lb)
					t.lineTooLong(p, line)
				} else {
					line = append(line, frag...)
				}
			}
			if err != bufio.ErrBufferFull {
				break
			}
		}
		if !tooLong && len(line) > 0 {
			lb.add(line)
		}
		if cap(line) > 64<<10 {
			line = nil
		}
		// The lines read are handled, under one lock, once no other
		// whole line is waiting in the buffer.
		if n := r.Buffered(); err != nil || len(lb.lines) >= maxLineBatch || n == 0 || !hasNewline(r, n) {
			t.handleLines(p, &lb)
		}
		if err != nil {
			t.stdoutEnded(p)
			return
		}
	}
}

// maxLineBatch bounds the output lines the reader handles under one lock.
const maxLineBatch = 256

// hasNewline reports whether the n bytes buffered in r hold a newline.
func hasNewline(r *bufio.Reader, n int) bool {
	b, _ := r.Peek(n)
	return bytes.IndexByte(b, '\n') >= 0
}

// A lineBatch is output lines read and parsed, not yet handled.
type lineBatch struct {
	buf   []byte // the lines, one after another
	lines []parsedLine
	// text is the memory of the responses' text, and their last error
	// and message strings.
	text textArena
}

// A parsedLine is one line of a lineBatch.
type parsedLine struct {
	end  int // where it ends in buf; it starts where the one before ends
	id   int64
	resp vectors.Response
	err  error
}

// add parses line, unless it is blank, and adds it to b.
func (b *lineBatch) add(line []byte) {
	line = trimEOL(line)
	if len(bytes.TrimSpace(line)) == 0 {
		return
	}
	id, resp, err := parseResponse(line, &b.text)
	b.buf = append(b.buf, line...)
	b.lines = append(b.lines, parsedLine{end: len(b.buf), id: id, resp: resp, err: err})
}

// handleLines handles the lines of b, in order, and empties b. They count
// as read now, when they are handled: the lines of a batch were read one
// after another, with nothing waited for between them, and the time only
// marks the testee's progress, which a clock read once per batch puts
// microseconds later than it was, never sooner (no timeout comes early).
func (t *Process) handleLines(p *proc, b *lineBatch) {
	if len(b.lines) == 0 {
		return
	}
	now := time.Now()
	t.mu.Lock()
	start := 0
	for i := range b.lines {
		l := &b.lines[i]
		t.handleLineLocked(p, b.buf[start:l.end:l.end], now, l.id, l.resp, l.err)
		start = l.end
	}
	t.mu.Unlock()
	clear(b.lines)
	b.lines = b.lines[:0]
	b.buf = b.buf[:0]
	if cap(b.buf) > 1<<20 {
		b.buf = nil
	}
}

// handleLineLocked handles one line of p's stdout, without its end of line.
// It was read at now, and parsed as id, resp and perr.
func (t *Process) handleLineLocked(p *proc, line []byte, now time.Time, id int64, resp vectors.Response, perr error) {
	t.outputLines++
	if p.dead || t.closed {
		return // a process being killed or closed: its output no longer counts
	}
	c := t.byID[id]
	if c != nil && c.proc != p {
		c = nil
	}
	if c != nil {
		// A request in flight is answered or charged: the timeout counts
		// from here. Other lines are no progress, so that a testee that
		// prints them for ever, and answers nothing, times out.
		t.lastProgress = now
	}
	switch {
	case perr == nil && c != nil:
		p.answered++
		t.answered++
		t.silentExits = 0
		t.badLines = 0
		t.badQuotes = t.badQuotes[:0]
		if c.canary {
			p.canaryAnswered = true
		}
		t.completeLocked(c, resp, nil)
		return
	case c != nil:
		// A response to a request in flight, malformed otherwise: shaped
		// like an answer, since its id could be read.
		t.chargeMalformedLocked(p, c, &ProtocolError{Line: quoteLine(line), Err: perr})
		return
	case perr == nil && id > 0 && id <= t.nextID.Load():
		// A request answered already, or charged with a protocol error
		// before its own response came.
		if !p.charged[id] {
			t.incidents.StrayLines++
			t.note(fmt.Sprintf("stray stdout line, an answer to request %d answered already: %s", id, quoteLine(line)))
		}
		delete(p.charged, id)
		return
	case perr == nil:
		perr = fmt.Errorf("no request with id %d is in flight", id)
	}
	t.unattributedLocked(p, line, perr)
}

// lineTooLong handles a response line past the limit: the rest of it is
// read and dropped, and the process is killed so that the next request
// starts clean.
func (t *Process) lineTooLong(p *proc, prefix []byte) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.outputLines++
	if p.dead || t.closed {
		return
	}
	t.unattributedLocked(p, prefix, fmt.Errorf("response line longer than %d bytes", t.cfg.MaxLine))
	if !p.dead && !t.closed {
		t.killLocked(p, "line too long")
	}
}

// unattributedLocked handles an output line that names no request in
// flight. With one request in flight on p that p read, sent again alone
// (or the canary), it is charged with a protocol error; with others, p is
// killed and they are sent again alone; with none, the line is stray
// output, kept with the stderr tail. A line not shaped like an answer that
// is not charged to a request sent again alone is counted by the output
// rule (badLineLocked).
//
// A write under way counts as written whole: the writer may not have taken
// the lock again after the write returned (a loaded machine), and p may
// well have read the requests and printed the line about them. Counted as
// never read, a request alone in flight would go uncharged and be written
// again, to p, again and again while the race lasts: the verdict would
// depend on the machine's load. Requests p has not read stay in flight on
// p, in its pipe, unless p is killed.
func (t *Process) unattributedLocked(p *proc, line []byte, err error) {
	written := p.sent
	if p.writing {
		written = p.queued
	}
	s, unread := t.partitionLocked(p, written)
	alone := len(s) == 1 && t.chargeableLocked(p, s[0])
	shaped := answerShaped(line)
	if !shaped && !(alone && !s[0].canary) && t.badLineLocked(p, line) {
		return
	}
	switch {
	case len(s) == 0:
		t.incidents.StrayLines++
		t.note("stray stdout line: " + quoteLine(line))
	case alone:
		if p.charged == nil {
			p.charged = make(map[int64]bool)
		}
		p.charged[s[0].id] = true
		t.lastProgress = time.Now()
		pe := &ProtocolError{Line: quoteLine(line), Err: err}
		if shaped {
			t.chargeMalformedLocked(p, s[0], pe)
		} else {
			t.chargeLocked(s[0], pe)
		}
	default:
		t.sendAgainLocked(unread)
		t.incidentReadLocked(p, s, &ProtocolError{Line: quoteLine(line), Err: err})
		t.killLocked(p, "protocol error")
	}
}

// chargeMalformedLocked charges c, in flight on p, with err: p answered it
// with a line shaped like an answer that is not a valid one. A process
// that answers the canary so canaryFailures times is killed as one that
// does not answer it (handleExit counts it as such), so that a testee
// whose every answer is malformed is not sent canaries for ever.
func (t *Process) chargeMalformedLocked(p *proc, c *call, err *ProtocolError) {
	canary := c.canary
	t.chargeLocked(c, err)
	if !canary {
		return
	}
	p.canaryErr = err
	if p.canaryFailed++; p.canaryFailed >= canaryFailures && !p.dead {
		t.killLocked(p, "canary")
	}
}

// answerShaped reports whether an output line is shaped like an answer: its
// first byte other than JSON white space is '{'. Such a line is taken for
// an answer, however malformed (a JSON object cut short, without a valid
// id, with the id of no request in flight, too long): it is a protocol
// error of the request it is charged to, never a line the output rule
// counts. Any other line (log text, "ok", a JSON value that is not an
// object) is not an answer.
func answerShaped(line []byte) bool {
	i := skipSpace(line, 0)
	return i < len(line) && line[i] == '{'
}

// trimEOL removes a trailing "\n" or "\r\n".
func trimEOL(b []byte) []byte {
	if n := len(b); n > 0 && b[n-1] == '\n' {
		b = b[:n-1]
		if n := len(b); n > 0 && b[n-1] == '\r' {
			b = b[:n-1]
		}
	}
	return b
}

// quoteLine quotes an offending output line as a Go string literal, cut to
// quoteLimit bytes.
func quoteLine(line []byte) string {
	line = trimEOL(line)
	if len(line) > quoteLimit {
		return strconv.Quote(string(line[:quoteLimit])) + fmt.Sprintf("... (%d bytes)", len(line))
	}
	return strconv.Quote(string(line))
}
