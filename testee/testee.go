package testee

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
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
// causes alone is counted in Incidents().Flaky, noted in the stderr tail, and
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
	incidents    report.Incidents
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

// Incidents returns the incident counts so far, as the JSON reports write
// them.
func (t *Process) Incidents() report.Incidents {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.incidents
}

// Stderr returns the end of what the testee wrote to its stderr, at most n
// bytes, across restarts, with the runner's notes (stray lines, flaky
// incidents) among it. Control characters but newline and tab are escaped,
// so that the text is safe to print on a terminal.
func (t *Process) Stderr(n int) string { return t.stderr.Last(n) }
