package testee

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/pctest/pctest/report"
	"github.com/pctest/pctest/vectors"
)

// DefaultWindow is how many requests are in flight at once unless
// the Window option says otherwise.
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
	// eofGrace is how long a process whose stdout reached its end may take
	// to exit before it is taken for one that closed its stdout and lives
	// on.
	eofGrace = 100 * time.Millisecond
	// startSilentExits is how many processes in a row may end without
	// answering a request, the last ones on the canary request alone,
	// before the testee is taken for one that cannot run.
	startSilentExits = 3
	// maxBadLines is the output rule's threshold (PROTOCOL.md §2): how
	// many lines that are not answers (not shaped like one: see
	// answerShaped) a testee may print in a row, with no valid answer
	// between them, before the run stops with an *OutputError: its stdout
	// carries something else. A line charged to a request sent again
	// alone is that request's protocol error, and is not counted; nor is
	// a line shaped like an answer, however malformed.
	maxBadLines = 50
	// canaryFailures is how many malformed answers (lines shaped like an
	// answer that are not a valid one) to the canary a process may give
	// before it is killed as one that does not answer the canary: a
	// testee whose every answer is malformed then cannot start, after
	// startSilentExits processes, instead of being sent canaries for
	// ever.
	canaryFailures = 2
	// badLinesQuoted is how many of those lines the *OutputError quotes.
	badLinesQuoted = 3
	// maxLost bounds how many processes a request may be read by, each
	// ending or killed without answering it and without it being charged,
	// before it is charged with the last incident: every request ends
	// answered or charged after a bounded number of processes.
	maxLost = 4
	// oneShotExits is how many processes in a row may answer the canary
	// and end, leaving the request sent after it unanswered, before the
	// testee is taken for one that serves one request per process.
	oneShotExits = 2
)

// An Option configures the Process that [Start] starts. Options are
// values, as conformance's are: build them with the functions below. Start
// honours every one of them, and rejects a wrong value with an
// *[OptionError].
type Option struct {
	name  string // the function that made it, as the OptionError names it
	apply func(*config)
}

// An OptionError is an option given a wrong value (a negative timeout, an
// empty command), or the zero Option.
type OptionError struct {
	// Option is the function that made the option, such as "Timeout".
	Option string
	// Reason says what is wrong.
	Reason string
}

// Error returns "testee: option Option: Reason".
func (e *OptionError) Error() string { return "testee: option " + e.Option + ": " + e.Reason }

// config is what the options set, with the command.
type config struct {
	// Command is the command and its arguments (see Start).
	Command []string
	// Name labels the implementation in reports; Command[0]'s base name if
	// empty.
	Name string
	// Timeout is how long the oldest request in flight may go unanswered,
	// counted from when it was sent or from the last response, whichever is
	// later, before the testee is killed and restarted. Zero means 10s.
	Timeout time.Duration
	// StartTimeout is the start-up allowance: how long a new process may
	// take to give its first answer (its start-up counted in) before it
	// is killed as one that hangs. Zero means three times Timeout. A
	// testee cannot start when three processes in a row, each given this
	// allowance, answer nothing.
	StartTimeout time.Duration
	// Window is how many requests may be in flight; zero means
	// DefaultWindow.
	Window int
	// UTF16Hex sends text as "in_utf16" hex code units instead of "in".
	UTF16Hex bool
	// MaxLine is the longest response line accepted; zero means
	// maxResponseLine (1 MiB). A longer line is a protocol error, and the
	// testee is killed and restarted.
	MaxLine int
	// Dir is the working directory; empty means the runner's.
	Dir string
	// Env is added to the runner's environment.
	Env []string
}

// Name labels the implementation in reports; the base name of the
// command's first word by default.
func Name(name string) Option { return Option{"Name", func(c *config) { c.Name = name }} }

// Timeout sets how long the oldest request in flight may go unanswered,
// counted from when it was sent or from the last response, whichever is
// later, before the testee is killed and restarted. Zero means 10s.
func Timeout(d time.Duration) Option {
	return Option{"Timeout", func(c *config) { c.Timeout = d }}
}

// StartTimeout sets the start-up allowance: how long a new process may take
// to give its first answer (its start-up counted in) before it is killed
// as one that hangs. Zero means three times the Timeout. A testee cannot
// start when three processes in a row, each given this allowance, answer
// nothing.
func StartTimeout(d time.Duration) Option {
	return Option{"StartTimeout", func(c *config) { c.StartTimeout = d }}
}

// Window sets how many requests may be in flight; zero means
// DefaultWindow.
func Window(n int) Option { return Option{"Window", func(c *config) { c.Window = n }} }

// UTF16Hex sends text as "in_utf16" hex code units instead of "in", for
// testees whose JSON cannot carry lone surrogates (PROTOCOL.md §3).
func UTF16Hex() Option { return Option{"UTF16Hex", func(c *config) { c.UTF16Hex = true }} }

// MaxLine sets the longest response line accepted; zero means 1 MiB. A
// longer line is a protocol error, and the testee is killed and restarted.
func MaxLine(n int) Option { return Option{"MaxLine", func(c *config) { c.MaxLine = n }} }

// Dir sets the testee's working directory; the runner's by default.
func Dir(dir string) Option { return Option{"Dir", func(c *config) { c.Dir = dir }} }

// Env adds variables, each "key=value", to the runner's environment for the
// testee. Several Env options add up.
func Env(env ...string) Option {
	return Option{"Env", func(c *config) { c.Env = append(c.Env, env...) }}
}

// newConfig applies opts to the command and checks their values.
func newConfig(command []string, opts []Option) (config, error) {
	c := config{Command: command}
	for _, o := range opts {
		if o.apply == nil {
			return c, &OptionError{Option: "Option{}", Reason: "the zero Option; build options with the functions of package testee"}
		}
		o.apply(&c)
	}
	switch {
	case len(command) == 0:
		return c, &OptionError{Option: "command", Reason: "no command to start"}
	case c.Timeout < 0:
		return c, &OptionError{Option: "Timeout", Reason: fmt.Sprintf("%v: want 0 (the default) or more", c.Timeout)}
	case c.StartTimeout < 0:
		return c, &OptionError{Option: "StartTimeout", Reason: fmt.Sprintf("%v: want 0 (the default) or more", c.StartTimeout)}
	case c.Window < 0:
		return c, &OptionError{Option: "Window", Reason: fmt.Sprintf("%d requests: want 0 (the default) or more", c.Window)}
	case c.MaxLine < 0:
		return c, &OptionError{Option: "MaxLine", Reason: fmt.Sprintf("%d bytes: want 0 (the default) or more", c.MaxLine)}
	}
	for _, kv := range c.Env {
		if !strings.Contains(kv, "=") {
			return c, &OptionError{Option: "Env", Reason: fmt.Sprintf("%q: want key=value", kv)}
		}
	}
	return c, nil
}

// A Process is a [conformance.Implementation] answered by a subprocess that
// speaks the testee protocol of PROTOCOL.md. Its Do is safe for concurrent
// use: requests are pipelined over the one process, a writer goroutine
// sending them and a reader goroutine matching responses to requests by id,
// with at most Window requests in flight.
//
// Its verdict does not depend on how the testee misbehaves, nor on Window
// (see PROTOCOL.md §5). A crash, a timeout, a closed stdout or an output
// line that names no request in flight is charged to the one request in
// flight, if there is one and the process answered before; otherwise the
// testee is killed and restarted, and the requests in flight are sent again
// one at a time, each judged on its own answer, so that the incident is
// charged to the request that causes it alone. An incident that no request
// causes alone is counted in Stats.Flaky, noted in the stderr tail, and
// charged to none. Requests the testee never read from its stdin are sent
// again, charged with nothing. A response that names a request already
// answered is a stray line, counted and noted, and charged to none.
//
// Every process but the first first gets a canary request
// (encodeURIComponent of "a") alone, and only the canary is given the
// start-up allowance (Config.StartTimeout); the requests after it, the
// -timeout. A testee that
// fails the canary on three processes in a row cannot run: every request
// then fails with a *StartError.
type Process struct {
	cfg    config
	token  string        // in the testee's environment, to find its escaped descendants
	window chan struct{} // a token per request in flight
	nextID atomic.Int64

	mu       sync.Mutex
	cond     *sync.Cond // wakes the writer: unsent grew, proc changed, or closed
	proc     *proc      // the running process; nil before the first start and after close
	inflight []*call    // unanswered requests, oldest first
	byID     map[int64]*call
	unsent   []*call // requests not yet written, pipelined once nothing is isolated
	isolate  []*call // requests to send again one at a time, by id
	alone    *call   // the request on the wire alone (isolated or canary), or nil
	// needCanary says the next process gets the canary request first.
	needCanary bool
	closed     bool
	fatal      error // set once the testee cannot run; every request fails with it
	// lastProgress is when proc last answered (or started).
	lastProgress time.Time
	answered     int64 // valid responses, ever
	silentExits  int   // process exits in a row without a valid response
	starts       int
	stats        Stats
	// badLines counts the output lines in a row that the output rule
	// counts (badLineLocked), with no valid answer since; badQuotes quotes
	// the first of them.
	badLines  int
	badQuotes []string
	// canaryOnly counts the processes in a row that answered the canary,
	// and nothing else, and ended; oneShot says the testee serves one
	// request per process: it gets one request at a time, and no canary
	// before a request sent again alone.
	canaryOnly int
	oneShot    bool

	stderr  *tailBuffer
	stop    chan struct{} // closed by close, stops the watchdog
	wg      sync.WaitGroup
	onStart func(pid int) // test hook: called with each started process's pid
	// afterWrite is a test hook: the writer calls it after each write to
	// p's stdin returns, before it takes the lock again to record the
	// write, with outputLines as it was before the write, so that a test
	// can make the writer lose the race with the reader.
	afterWrite func(p *proc, lines int64)
	// outputLines counts the output lines handled, for afterWrite.
	outputLines int64
}

// Stats counts the incidents of a run: report.Incidents, as the JSON
// reports write them.
type Stats = report.Incidents

// A call is one request in flight.
type call struct {
	id     int64
	line   []byte // the request line, newline included
	done   chan struct{}
	resp   vectors.Response
	err    error
	proc   *proc // the process the request was last written to; nil if none
	sentAt time.Time
	end    int64  // where its line ends in what was written to proc
	group  *group // the incident it is sent again alone for, or nil
	canary bool   // the runner's own request: no caller waits for it
	// batch is what the caller of DoBatch waits on, or nil (done is then
	// what Do waits on); finished says resp and err are set. Both guarded
	// by Process.mu.
	batch    *batchWait
	finished bool
	// lost counts the processes that read the request and ended without
	// answering it or being charged with it (see maxLost); guarded by
	// Process.mu.
	lost int
}

// A batchWait is what DoBatch waits on: done is closed once pending, the
// requests of the batch still unanswered plus one while the batch is being
// handed over, reaches zero.
type batchWait struct {
	pending int // guarded by Process.mu
	done    chan struct{}
}

// A group is the requests in flight at an incident none of them could be
// charged with, being sent again alone.
type group struct {
	err     error // the incident
	size    int   // requests in flight at it
	pending int   // requests not yet answered or charged
	charged bool  // one of them failed alone
}

// A proc is one run of the testee's process.
type proc struct {
	cmd        *exec.Cmd
	stdin      *os.File // write end
	stdout     *os.File // read end
	stderr     *os.File // read end
	pid        int
	dead       bool   // exited or being killed; guarded by Process.mu
	eof        bool   // its stdout ended: nothing more is written to it; guarded by Process.mu
	killReason string // why the runner killed it; guarded by Process.mu
	answered   int64  // valid responses from this process; guarded by Process.mu
	// canaryAnswered says it answered a canary; trusted that the process
	// before it answered something. Both guarded by Process.mu.
	canaryAnswered bool
	trusted        bool
	// canaryFailed counts the malformed answers it gave to canaries, and
	// canaryErr is the last; guarded by Process.mu.
	canaryFailed int
	canaryErr    error
	// killAfter is how long the request it was killed for went
	// unanswered, after a timeout; startUp says that was the start-up
	// allowance. Both guarded by Process.mu.
	killAfter time.Duration
	startUp   bool
	// stdinGone says the runner saw its stdin closed; guarded by
	// Process.mu.
	stdinGone bool
	// charges counts the requests charged with an incident on it;
	// guarded by Process.mu.
	charges int
	queued  int64 // bytes handed to the writer for it; guarded by Process.mu
	sent    int64 // bytes written to its stdin; guarded by Process.mu
	writing bool  // a write to its stdin is under way; guarded by Process.mu
	unread  int64 // bytes written it never read, once exited; -1 before; guarded by Process.mu
	// charged holds the ids of requests charged with a protocol error whose
	// own response may still come; guarded by Process.mu.
	charged  map[int64]bool
	status   string // how it exited, once exited is closed
	exited   chan struct{}
	readDone chan struct{}
	errDone  chan struct{}
}

// newProcess returns a Process for cfg. It starts no process: call start.
func newProcess(cfg config) *Process {
	cfg.setDefaults()
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
		token:  newToken(),
		window: make(chan struct{}, cfg.Window),
		byID:   make(map[int64]*call),
		stderr: newTailBuffer(stderrTailSize),
		stop:   make(chan struct{}),
	}
	t.cond = sync.NewCond(&t.mu)
	return t
}

// tokens numbers the Processes of this program.
var tokens atomic.Int64

// newToken returns a value that marks the descendants of one Process.
func newToken() string {
	return strconv.Itoa(os.Getpid()) + "." + strconv.FormatInt(tokens.Add(1), 10)
}

// tokenEnv is the environment variable that carries a Process's token to
// its testee and whatever it starts.
const tokenEnv = "PCTEST_RUNNER_TOKEN"

// Name returns the testee's label.
func (t *Process) Name() string { return t.cfg.Name }

// Start starts the testee command, as opts configure it, and returns its
// handle. The command and its arguments are executed directly (no shell);
// command[0] is looked up in PATH. The error is an *OptionError for a
// wrong option, a *StartError when the command cannot be executed. ctx
// bounds only the start; the process runs until Close or Kill. The caller
// must call Close (or Kill) to stop the process and release what the
// handle holds.
func Start(ctx context.Context, command []string, opts ...Option) (*Process, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	cfg, err := newConfig(command, opts)
	if err != nil {
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
// seconds to exit, then kills its process group and every descendant it
// left (see PROTOCOL.md §1 for what each system gets). Requests still in
// flight fail with ErrClosed. Close returns once every goroutine of the
// handle has ended and the process is reaped. It always returns nil;
// calling it again does nothing.
func (t *Process) Close() error {
	t.close(false)
	return nil
}

// Kill is Close without the grace period: the process group is killed at
// once.
func (t *Process) Kill() { t.close(true) }

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
	calls := make([]call, len(reqs))
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
		id := t.nextID.Add(int64(k)) - int64(k)
		size := 0
		for _, r := range reqs[sent : sent+k] {
			size += 80 + 4*len(r.In) + 2*len(r.InHex)
		}
		buf := make([]byte, 0, size)
		ends := make([]int, k)
		for j := range chunk {
			id++
			chunk[j].id = id
			chunk[j].batch = w
			buf = append(AppendRequestJSON(buf, id, reqs[sent+j], t.cfg.UTF16Hex), '\n')
			ends[j] = len(buf)
		}
		start := 0
		for j := range chunk {
			chunk[j].line = buf[start:ends[j]:ends[j]]
			start = ends[j]
		}

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
	for i := range sent {
		switch c := &calls[i]; {
		case c.finished:
			resps[i], errs[i] = c.resp, c.err
		case c.group != nil:
			// In flight at an incident, waiting to be sent again alone:
			// the incident as it stands.
			resps[i], errs[i] = vectors.Response{}, &UnconfirmedError{Incident: c.group.err, Requests: c.group.size, group: c.group}
		default:
			resps[i], errs[i] = vectors.Response{}, ctx.Err()
		}
	}
	t.mu.Unlock()
	for i := sent; i < len(reqs); i++ {
		resps[i], errs[i] = vectors.Response{}, stop
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
			t.stats.Flaky++
			t.note("flaky incident: " + g.err.Error() + "; none of the requests in flight failed so when sent again alone")
		}
	}
	if !c.canary {
		<-t.window
	}
}

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
		t.stats.Crashes++
	case "timeout":
		t.stats.Timeouts++
	case "protocol":
		t.stats.ProtocolErrors++
	}
	if c.canary {
		// The canary is the runner's: its failure tells only that the
		// testee did not answer, which handleExit counts.
		c.proc = nil
	}
	t.completeLocked(c, vectors.Response{}, err)
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
	prepareCommand(cmd)
	err = cmd.Start()
	closeAll(inR, outW, errW) // the child has its own copies
	if err != nil {
		closeAll(inW, outR, errR)
		return &StartError{Command: t.cfg.Command, Err: explainStart(path, err)}
	}
	p := &proc{
		cmd:      cmd,
		stdin:    inW,
		stdout:   outR,
		stderr:   errR,
		pid:      cmd.Process.Pid,
		trusted:  t.starts > 0 && t.silentExits == 0,
		unread:   -1,
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

// explainStart makes the error of a command that could not be executed say
// why when the system's does not: a script whose #! interpreter is missing
// fails as if the script itself were missing.
func explainStart(path string, err error) error {
	if !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	f, ferr := os.Open(path)
	if ferr != nil {
		return err
	}
	defer f.Close()
	head := make([]byte, 256)
	n, _ := io.ReadFull(f, head)
	head = head[:n]
	if !bytes.HasPrefix(head, []byte("#!")) {
		return err
	}
	line, _, _ := bytes.Cut(head[2:], []byte("\n"))
	fields := strings.Fields(string(line))
	if len(fields) == 0 {
		return fmt.Errorf("%s: empty #! line", path)
	}
	interp := fields[0]
	if _, serr := os.Stat(interp); serr != nil {
		return fmt.Errorf("%s: the interpreter %s named on its #! line does not exist: %w", path, interp, err)
	}
	return err
}

// environ returns the testee's environment: the runner's, plus
// PCTEST_PROTOCOL, in -utf16hex mode PCTEST_UTF16HEX, and the token that
// marks what the testee starts.
func (t *Process) environ() []string { return t.cfg.environ(t.token) }

// environ returns the environment of a testee run with c: the runner's,
// plus c.Env, PCTEST_PROTOCOL, in -utf16hex mode PCTEST_UTF16HEX, and
// token, which marks what the testee starts.
func (c config) environ(token string) []string {
	env := append(os.Environ(), c.Env...)
	env = append(env, "PCTEST_PROTOCOL="+strconv.Itoa(ProtocolVersion), tokenEnv+"="+token)
	if c.UTF16Hex {
		env = append(env, "PCTEST_UTF16HEX=1")
	}
	return env
}

func closeAll(files ...*os.File) {
	for _, f := range files {
		f.Close()
	}
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
}

// A parsedLine is one line of a lineBatch.
type parsedLine struct {
	end  int // where it ends in buf; it starts where the one before ends
	at   time.Time
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
	id, resp, err := ParseResponseJSON(line)
	b.buf = append(b.buf, line...)
	b.lines = append(b.lines, parsedLine{end: len(b.buf), at: time.Now(), id: id, resp: resp, err: err})
}

// handleLines handles the lines of b, in order, and empties b.
func (t *Process) handleLines(p *proc, b *lineBatch) {
	if len(b.lines) == 0 {
		return
	}
	t.mu.Lock()
	start := 0
	for i := range b.lines {
		l := &b.lines[i]
		t.handleLineLocked(p, b.buf[start:l.end:l.end], l.at, l.id, l.resp, l.err)
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
			t.stats.StrayLines++
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
		t.stats.StrayLines++
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

// stderrReader keeps the tail of p's stderr.
func (t *Process) stderrReader(p *proc) {
	defer t.wg.Done()
	defer close(p.errDone)
	io.Copy(t.stderr, p.stderr)
}

// waiter waits for p to exit, reaps it, kills what is left of its process
// group and its descendants, and then lets the Process handle the exit once
// p's output is read.
func (t *Process) waiter(p *proc) {
	defer t.wg.Done()
	err := p.cmd.Wait()
	p.status = exitStatus(p.cmd.ProcessState, err)
	killProcessGroup(p.pid)
	killEscaped(t.token)
	unread := unreadBytes(p.stdin)
	t.mu.Lock()
	p.unread = unread
	t.mu.Unlock()
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

// killLocked kills p's whole process group and its descendants, unless p
// has exited already; the waiter then handles the exit.
func (t *Process) killLocked(p *proc, reason string) {
	if p.killReason == "" {
		p.killReason = reason
	}
	p.dead = true
	select {
	case <-p.exited:
	default:
		killTree(p.pid)
		killProcessGroup(p.pid)
	}
	t.cond.Broadcast()
}

// close shuts the testee down: it closes the process's stdin, gives it
// exitGrace to exit, then kills its process group; with now set it kills at
// once. Requests still in flight fail with ErrClosed. close waits for every
// goroutine of the Process, so none is left behind, and the process is
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
	killEscaped(t.token)
}

// StartFailure returns the error that makes a run's results worthless, or
// nil: the *StartError that stopped a testee that never answered a
// request, or the *OutputError of one whose stdout carries lines that are
// not answers. A run stopped so has no results worth reporting.
func (t *Process) StartFailure() error {
	t.mu.Lock()
	defer t.mu.Unlock()
	var (
		se *StartError
		oe *OutputError
	)
	if t.answered == 0 && errors.As(t.fatal, &se) || errors.As(t.fatal, &oe) {
		return t.fatal
	}
	return nil
}

// Window returns how many requests may be in flight at once (the Window
// option, or its default).
func (t *Process) Window() int { return t.cfg.Window }

// Recovery returns how long clearing an incident may take: a request sent
// again alone on a new process, its start-up allowance plus twice the
// timeout. A fuzzing run gives its findings that long to be confirmed
// once its time is up.
func (t *Process) Recovery() time.Duration { return t.cfg.StartTimeout + 2*t.cfg.Timeout }

// NothingAnswered returns the error of a run in which the testee answered
// none of the sent requests: its StartFailure, or a *StartError saying
// so, with the end of its stderr.
func (t *Process) NothingAnswered(sent int64) error {
	if err := t.StartFailure(); err != nil {
		return err
	}
	return &StartError{Command: t.cfg.Command, Err: fmt.Errorf("answered none of the %d requests sent", sent), Stderr: t.Stderr(stderrExcerpt)}
}

// Stats returns the incident counts so far.
func (t *Process) Stats() Stats {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.stats
}

// Stderr returns the end of what the testee wrote to its stderr, at most n
// bytes, across restarts, with the runner's notes (stray lines, flaky
// incidents) among it. Control characters but newline and tab are escaped,
// so that the text is safe to print on a terminal.
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
