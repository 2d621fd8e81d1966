// The child process: starting it in a process group of its own, reading
// its stderr, reaping it, killing it, and closing down.

package testee

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"strings"
	"time"
)

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
		t.incidents.Restarts++
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

func closeAll(files ...*os.File) {
	for _, f := range files {
		f.Close()
	}
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
