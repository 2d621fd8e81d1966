package testee

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/pctest/pctest/vectors"
)

// DefaultWindow is how many requests are in flight at once unless
// Config.Window says otherwise.
const DefaultWindow = 256

// Limits of the subprocess runner. They bound what a misbehaving testee can
// make the runner hold in memory or wait for.
const (
	// maxResponseLine is the longest response line accepted, in bytes;
	// longer lines are protocol errors and are read no further than this.
	maxResponseLine = 1 << 20
	// stderrTailSize is how much of the testee's stderr is kept: the last
	// bytes, across restarts.
	stderrTailSize = 64 << 10
	// stderrExcerpt is how much of the stderr tail a crash or timeout
	// quotes.
	stderrExcerpt = 2 << 10
	// quoteLimit is how much of an offending line a protocol error quotes.
	quoteLimit = 200
	// exitGrace is how long a testee may take to exit once its stdin is
	// closed, and how long its pipes may stay open after it exited (held by
	// a child that escaped its process group), before it is killed or the
	// pipes closed.
	exitGrace = 2 * time.Second
	// maxSilentExits is how many times in a row the testee may exit without
	// answering a single request before the runner gives up on it; before
	// it answered any request at all, the limit is startSilentExits and the
	// testee is reported as unable to start.
	maxSilentExits   = 20
	startSilentExits = 3
)

// A Config says how to run a testee.
type Config struct {
	// Command is the command and its arguments, executed directly (no
	// shell); Command[0] is looked up in PATH.
	Command []string
	// Name labels the implementation in reports; Command[0]'s base name if
	// empty.
	Name string
	// Timeout is how long the oldest request in flight may go unanswered,
	// counted from when it was sent or from the last response, whichever is
	// later, before the testee is killed and restarted. Zero means 10s.
	Timeout time.Duration
	// Window is how many requests may be in flight; zero means
	// DefaultWindow.
	Window int
	// UTF16Hex sends text as "in_utf16" hex code units instead of "in".
	UTF16Hex bool
	// MaxLine is the longest response line accepted; zero means
	// maxResponseLine.
	MaxLine int
	// Dir is the working directory; empty means the runner's.
	Dir string
	// Env is added to the runner's environment.
	Env []string
}

// A Process is a [conformance.Implementation] answered by a subprocess that
// speaks the testee protocol of PROTOCOL.md. Its Do is safe for concurrent
// use: requests are pipelined over the one process, a writer goroutine
// sending them and a reader goroutine matching responses to requests by id,
// with at most Window requests in flight. A testee that crashes, hangs or
// breaks the protocol charges the request at fault and is restarted; the
// other requests in flight are sent again.
type Process struct {
	cfg    Config
	window chan struct{} // a token per request in flight
	nextID atomic.Int64

	mu       sync.Mutex
	cond     *sync.Cond // wakes the writer: unsent grew, proc changed, or closed
	proc     *proc      // the running process; nil before the first start and after close
	inflight []*call    // unanswered requests, oldest first
	byID     map[int64]*call
	unsent   []*call // the tail of inflight not yet written to proc
	closed   bool
	fatal    error // set once the testee cannot run; every request fails with it
	// lastProgress is when proc last answered (or started).
	lastProgress time.Time
	answered     int64 // valid responses, ever
	silentExits  int   // process exits in a row without a valid response
	starts       int
	stats        Stats

	stderr  *tailBuffer
	stop    chan struct{} // closed by close, stops the watchdog
	wg      sync.WaitGroup
	onStart func(pid int) // test hook: called with each started process's pid
}

// Stats counts the incidents of a run.
type Stats struct {
	Restarts       int `json:"restarts"`        // processes started after the first
	Crashes        int `json:"crashes"`         // requests charged with a *CrashError
	Timeouts       int `json:"timeouts"`        // requests charged with a *TimeoutError
	ProtocolErrors int `json:"protocol_errors"` // requests charged with a *ProtocolError
	StrayLines     int `json:"stray_lines"`     // output lines no request was charged with
}

// A call is one request in flight.
type call struct {
	id     int64
	line   []byte // the request line, newline included
	done   chan struct{}
	resp   vectors.Response
	err    error
	proc   *proc // the process the request was last written to; nil if none
	sentAt time.Time
}

// A proc is one run of the testee's process.
type proc struct {
	cmd        *exec.Cmd
	stdin      *os.File // write end
	stdout     *os.File // read end
	stderr     *os.File // read end
	pid        int
	dead       bool   // exited or being killed; guarded by testee.mu
	killReason string // why the runner killed it; guarded by testee.mu
	answered   int64  // valid responses from this process; guarded by testee.mu
	// charged holds the ids of requests charged with a protocol error whose
	// own response may still come; guarded by testee.mu.
	charged  map[int64]bool
	status   string // how it exited, once exited is closed
	exited   chan struct{}
	readDone chan struct{}
	errDone  chan struct{}
}

// newProcess returns a Process for cfg. It starts no process: call start.
func newProcess(cfg Config) *Process {
	if cfg.Timeout <= 0 {
		cfg.Timeout = 10 * time.Second
	}
	if cfg.Window <= 0 {
		cfg.Window = DefaultWindow
	}
	if cfg.MaxLine <= 0 {
		cfg.MaxLine = maxResponseLine
	}
	if cfg.Name == "" && len(cfg.Command) > 0 {
		cfg.Name = cfg.Command[0]
		if i := strings.LastIndexAny(cfg.Name, `/\`); i >= 0 {
			cfg.Name = cfg.Name[i+1:]
		}
	}
	t := &Process{
		cfg:    cfg,
		window: make(chan struct{}, cfg.Window),
		byID:   make(map[int64]*call),
		stderr: newTailBuffer(stderrTailSize),
		stop:   make(chan struct{}),
	}
	t.cond = sync.NewCond(&t.mu)
	return t
}

// Name returns the testee's label.
func (t *Process) Name() string { return t.cfg.Name }

// Start starts the testee cfg describes and returns its handle. The error
// is a *StartError when the command cannot be executed. ctx bounds only the
// start; the process runs until Close or Kill. The caller must call Close
// (or Kill) to stop the process and release what the handle holds.
func Start(ctx context.Context, cfg Config) (*Process, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	t := newProcess(cfg)
	if err := t.start(); err != nil {
		t.close(true)
		return nil, err
	}
	return t, nil
}

// Close shuts the testee down: it closes the process's stdin, gives it 2
// seconds to exit, then kills its process group. Requests still in flight
// fail with ErrClosed. Close returns once every goroutine of the handle has
// ended and the process is reaped. It always returns nil; calling it again
// does nothing.
func (t *Process) Close() error {
	t.close(false)
	return nil
}

// Kill is Close without the grace period: the process group is killed at
// once.
func (t *Process) Kill() { t.close(true) }

// Config returns the configuration of t, with the defaults filled in.
func (t *Process) Config() Config { return t.cfg }

// start starts the testee's process and the goroutines that serve it. An
// error is a *StartError: the command could not be executed.
func (t *Process) start() error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.closed {
		return ErrClosed
	}
	if t.proc != nil {
		return nil
	}
	if err := t.spawnLocked(); err != nil {
		t.fatal = err
		return err
	}
	t.wg.Add(2)
	go t.writer()
	go t.watchdog()
	return nil
}

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
	line := vectors.AppendRequestJSON(make([]byte, 0, 64+4*len(req.In)+2*len(req.InHex)), id, req, t.cfg.UTF16Hex)
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
	c.resp, c.err = resp, err
	close(c.done)
	<-t.window
}

// removeCall removes c from calls, keeping the order. c is nearly always
// calls[0].
func removeCall(calls []*call, c *call) []*call {
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
	if len(t.inflight) > 0 && t.inflight[0].proc == p {
		return t.inflight[0]
	}
	return nil
}

// spawnLocked starts a new process. The testee runs in a process group of
// its own so that the runner can kill it with everything it started, and so
// that a Ctrl-C at the terminal reaches the runner only.
func (t *Process) spawnLocked() error {
	if len(t.cfg.Command) == 0 {
		return &StartError{Err: errors.New("no command given")}
	}
	path, err := exec.LookPath(t.cfg.Command[0])
	if err != nil {
		return &StartError{Command: t.cfg.Command, Err: err}
	}
	inR, inW, err := os.Pipe()
	if err != nil {
		return &StartError{Command: t.cfg.Command, Err: err}
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		closeAll(inR, inW)
		return &StartError{Command: t.cfg.Command, Err: err}
	}
	errR, errW, err := os.Pipe()
	if err != nil {
		closeAll(inR, inW, outR, outW)
		return &StartError{Command: t.cfg.Command, Err: err}
	}
	cmd := &exec.Cmd{
		Path:   path,
		Args:   t.cfg.Command,
		Dir:    t.cfg.Dir,
		Env:    t.environ(),
		Stdin:  inR,
		Stdout: outW,
		Stderr: errW,
	}
	setProcessGroup(cmd)
	err = cmd.Start()
	closeAll(inR, outW, errW) // the child has its own copies
	if err != nil {
		closeAll(inW, outR, errR)
		return &StartError{Command: t.cfg.Command, Err: err}
	}
	p := &proc{
		cmd:      cmd,
		stdin:    inW,
		stdout:   outR,
		stderr:   errR,
		pid:      cmd.Process.Pid,
		exited:   make(chan struct{}),
		readDone: make(chan struct{}),
		errDone:  make(chan struct{}),
	}
	t.proc = p
	t.starts++
	if t.starts > 1 {
		t.stats.Restarts++
	}
	t.lastProgress = time.Now()
	if t.onStart != nil {
		t.onStart(p.pid)
	}
	t.wg.Add(3)
	go t.reader(p)
	go t.stderrReader(p)
	go t.waiter(p)
	t.cond.Broadcast()
	return nil
}

// environ returns the testee's environment: the runner's, plus
// PCTEST_PROTOCOL and, in -utf16hex mode, PCTEST_UTF16HEX.
func (t *Process) environ() []string {
	env := append(os.Environ(), t.cfg.Env...)
	env = append(env, "PCTEST_PROTOCOL="+strconv.Itoa(ProtocolVersion))
	if t.cfg.UTF16Hex {
		env = append(env, "PCTEST_UTF16HEX=1")
	}
	return env
}

func closeAll(files ...*os.File) {
	for _, f := range files {
		f.Close()
	}
}

// writer writes unsent requests to the running process, as many as are
// waiting in one write.
func (t *Process) writer() {
	defer t.wg.Done()
	var buf []byte
	for {
		t.mu.Lock()
		for !t.closed && (len(t.unsent) == 0 || t.proc == nil || t.proc.dead) {
			t.cond.Wait()
		}
		if t.closed {
			t.mu.Unlock()
			return
		}
		p := t.proc
		now := time.Now()
		buf = buf[:0]
		for _, c := range t.unsent {
			buf = append(buf, c.line...)
			c.proc = p
			c.sentAt = now
		}
		clear(t.unsent)
		t.unsent = t.unsent[:0]
		t.mu.Unlock()

		if _, err := p.stdin.Write(buf); err != nil {
			// The process is gone or going: the reader sees its stdout
			// close, the waiter its exit, and the requests are sent again
			// to the next process.
			t.mu.Lock()
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

// reader reads p's responses and matches them to requests by id.
func (t *Process) reader(p *proc) {
	defer t.wg.Done()
	defer close(p.readDone)
	r := bufio.NewReaderSize(p.stdout, 64<<10)
	var line []byte
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
			t.handleLine(p, line)
		}
		if cap(line) > 64<<10 {
			line = nil
		}
		if err != nil {
			return
		}
	}
}

// handleLine handles one line of p's stdout.
func (t *Process) handleLine(p *proc, line []byte) {
	line = trimEOL(line)
	if len(bytes.TrimSpace(line)) == 0 {
		return
	}
	now := time.Now()
	id, resp, perr := vectors.ParseResponseJSON(line)

	t.mu.Lock()
	defer t.mu.Unlock()
	if p.dead || t.closed {
		return // a process being killed or closed: its output no longer counts
	}
	t.lastProgress = now
	if perr == nil {
		if c := t.byID[id]; c != nil && c.proc == p {
			p.answered++
			t.answered++
			t.silentExits = 0
			t.completeLocked(c, resp, nil)
			return
		}
		if p.charged[id] {
			// The late response of a request already charged with a
			// protocol error (the testee printed a stray line before it):
			// dropping it keeps the error from moving on to the next one.
			delete(p.charged, id)
			return
		}
		perr = fmt.Errorf("no request with id %d is in flight", id)
	} else if c := t.byID[id]; id != 0 && c != nil && c.proc == p {
		// A response to a known request that is malformed otherwise.
		t.stats.ProtocolErrors++
		t.completeLocked(c, vectors.Response{}, &ProtocolError{Line: quoteLine(line), Err: perr})
		return
	}
	t.chargeProtocolLocked(p, line, perr)
}

// lineTooLong charges the request at the head with a protocol error once a
// response line passes the limit; the rest of the line is read and dropped.
func (t *Process) lineTooLong(p *proc, prefix []byte) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if p.dead || t.closed {
		return
	}
	t.lastProgress = time.Now()
	t.chargeProtocolLocked(p, prefix, fmt.Errorf("response line longer than %d bytes", t.cfg.MaxLine))
}

// chargeProtocolLocked charges the oldest request in flight on p with a
// protocol error quoting line. Responses come in request order, so the line
// stands where that request's response belongs. A line with nothing in
// flight is stray output: it is kept with the stderr tail.
func (t *Process) chargeProtocolLocked(p *proc, line []byte, err error) {
	head := t.headLocked(p)
	if head == nil {
		t.stats.StrayLines++
		t.stderr.Write([]byte("[pctest: stray stdout line] " + quoteLine(line) + "\n"))
		return
	}
	t.stats.ProtocolErrors++
	if p.charged == nil {
		p.charged = make(map[int64]bool)
	}
	p.charged[head.id] = true
	t.completeLocked(head, vectors.Response{}, &ProtocolError{Line: quoteLine(line), Err: err})
}

// stderrReader keeps the tail of p's stderr.
func (t *Process) stderrReader(p *proc) {
	defer t.wg.Done()
	defer close(p.errDone)
	io.Copy(t.stderr, p.stderr)
}

// waiter waits for p to exit, reaps it, kills what is left of its process
// group, and then lets the testee handle the exit once p's output is read.
func (t *Process) waiter(p *proc) {
	defer t.wg.Done()
	err := p.cmd.Wait()
	p.status = exitStatus(p.cmd.ProcessState, err)
	killProcessGroup(p.pid)
	close(p.exited)
	p.stdin.Close()
	for _, c := range []struct {
		done chan struct{}
		f    *os.File
	}{{p.readDone, p.stdout}, {p.errDone, p.stderr}} {
		select {
		case <-c.done:
		case <-time.After(exitGrace):
			c.f.Close() // held open by an escaped grandchild
			<-c.done
		}
		c.f.Close()
	}
	t.handleExit(p)
}

// exitStatus describes how a process ended, as "exit status 3" or "signal:
// killed".
func exitStatus(ps *os.ProcessState, err error) string {
	if ps != nil {
		return ps.String()
	}
	if err != nil {
		return err.Error()
	}
	return "exited"
}

// handleExit runs once p has exited and its output has been read. Unless the
// runner killed p, the oldest request in flight on p is charged with the
// crash. The requests still in flight are sent again to a new process.
func (t *Process) handleExit(p *proc) {
	t.mu.Lock()
	defer t.mu.Unlock()
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
	if reason == "" {
		if head := t.headLocked(p); head != nil {
			t.stats.Crashes++
			t.completeLocked(head, vectors.Response{}, &CrashError{Status: p.status, Stderr: t.stderr.Last(stderrExcerpt)})
		}
	}
	if p.answered == 0 {
		t.silentExits++
	} else {
		t.silentExits = 0
	}
	status := p.status
	if reason == "timeout" {
		status = fmt.Sprintf("killed after no answer in %v", t.cfg.Timeout)
	}
	switch {
	case t.answered == 0 && t.silentExits >= startSilentExits:
		t.fatal = &StartError{Command: t.cfg.Command, Status: status, Stderr: t.stderr.Last(stderrExcerpt),
			Err: fmt.Errorf("ran %d times without answering a request", t.silentExits)}
	case t.silentExits >= maxSilentExits:
		t.fatal = &StartError{Command: t.cfg.Command, Status: status, Stderr: t.stderr.Last(stderrExcerpt),
			Err: fmt.Errorf("ran %d times in a row without answering a request", t.silentExits)}
	}
	if t.fatal != nil {
		t.failAllLocked(t.fatal)
		t.cond.Broadcast()
		return
	}
	// Resend what was in flight, in order.
	t.unsent = append(t.unsent[:0], t.inflight...)
	for _, c := range t.unsent {
		c.proc = nil
	}
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
// unanswered for longer than the timeout, charging that request with it.
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
			if p != nil && !p.dead {
				if head := t.headLocked(p); head != nil {
					since := head.sentAt
					if t.lastProgress.After(since) {
						since = t.lastProgress
					}
					if now.Sub(since) > t.cfg.Timeout {
						t.stats.Timeouts++
						t.completeLocked(head, vectors.Response{}, &TimeoutError{After: t.cfg.Timeout, Stderr: t.stderr.Last(stderrExcerpt)})
						t.killLocked(p, "timeout")
					}
				}
			}
			t.mu.Unlock()
		}
	}
}

// killLocked kills p's whole process group, unless p has exited already;
// the waiter then handles the exit.
func (t *Process) killLocked(p *proc, reason string) {
	if p.killReason == "" {
		p.killReason = reason
	}
	p.dead = true
	select {
	case <-p.exited:
	default:
		killProcessGroup(p.pid)
	}
	t.cond.Broadcast()
}

// close shuts the testee down: it closes the process's stdin, gives it
// exitGrace to exit, then kills its process group; with now set it kills at
// once. Requests still in flight fail with ErrClosed. close waits for every
// goroutine of the testee, so none is left behind, and the process is
// reaped.
func (t *Process) close(now bool) {
	t.mu.Lock()
	if t.closed {
		t.mu.Unlock()
		t.wg.Wait()
		return
	}
	t.closed = true
	close(t.stop)
	p := t.proc
	t.failAllLocked(ErrClosed)
	if p != nil {
		if now {
			t.killLocked(p, "closed")
		} else {
			p.killReason = "closed"
			p.stdin.Close()
		}
	}
	t.cond.Broadcast()
	t.mu.Unlock()

	if p != nil && !now {
		select {
		case <-p.exited:
		case <-time.After(exitGrace):
			t.mu.Lock()
			t.killLocked(p, "closed")
			t.mu.Unlock()
		}
	}
	t.wg.Wait()
}

// StartFailure returns the *StartError that stopped a testee that never
// answered a request, or nil. A run whose testee could not start has no
// results worth reporting.
func (t *Process) StartFailure() error {
	t.mu.Lock()
	defer t.mu.Unlock()
	var se *StartError
	if t.answered == 0 && errors.As(t.fatal, &se) {
		return t.fatal
	}
	return nil
}

// Stats returns the incident counts so far.
func (t *Process) Stats() Stats {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.stats
}

// Stderr returns the end of what the testee wrote to its stderr, at most n
// bytes, across restarts.
func (t *Process) Stderr(n int) string { return t.stderr.Last(n) }

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
