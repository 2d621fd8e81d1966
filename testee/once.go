package testee

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os/exec"
	"time"
)

// A Transcript is what a testee run once by [Once] wrote: its whole
// stdout, the end of its stderr, and how it ended.
type Transcript struct {
	// Stdout is everything the testee wrote on its stdout, up to
	// maxOnceOutput bytes (Truncated says when there was more).
	Stdout    []byte
	Truncated bool
	// Stderr is the end of its stderr, control characters escaped.
	Stderr string
	// Status is how the process ended, as "exit status 3"; "exit status
	// 0" for a clean exit.
	Status string
	// Killed is set when the testee did not end within its allowance
	// (the StartTimeout, by default three times the Timeout) and was
	// killed with its process group.
	Killed bool
}

// maxOnceOutput bounds the stdout Once keeps.
const maxOnceOutput = 16 << 20

// Once runs the testee command once, as `COMMAND < input` would: it writes
// input to the testee's stdin, closes it, and reads the testee's stdout
// until the testee exits. It is how a user pipes a request line into a
// testee, and what `pctest check` uses to see what a testee writes out
// before it exits, byte for byte (PROTOCOL.md §1). The testee runs in a
// process group of its own, with the environment [Start] gives it; it gets
// the start-up allowance of opts (StartTimeout, by default three times
// Timeout) to end, after which it is killed with everything it started
// and Transcript.Killed is set. Only Timeout, StartTimeout, UTF16Hex, Dir
// and Env of opts matter. The error is an *OptionError for a wrong option,
// a *StartError when the command cannot be executed, or ctx's error.
func Once(ctx context.Context, command []string, input []byte, opts ...Option) (*Transcript, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	cfg, err := newConfig(command, opts)
	if err != nil {
		return nil, err
	}
	cfg.setDefaults()
	path, err := exec.LookPath(cfg.Command[0])
	if err != nil {
		return nil, &StartError{Command: cfg.Command, Err: err}
	}
	token := newToken()
	stderr := newTailBuffer(stderrTailSize)
	var stdout bytes.Buffer
	cmd := &exec.Cmd{
		Path:   path,
		Args:   cfg.Command,
		Dir:    cfg.Dir,
		Env:    cfg.environ(token),
		Stdin:  bytes.NewReader(input),
		Stdout: &limitedWriter{w: &stdout, n: maxOnceOutput},
		Stderr: stderr,
		// Pipes held open by a descendant that outlives the testee are
		// given up on after exitGrace.
		WaitDelay: exitGrace,
	}
	prepareCommand(cmd)
	if err := cmd.Start(); err != nil {
		return nil, &StartError{Command: cfg.Command, Err: explainStart(path, err)}
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	t := &Transcript{}
	var werr error
	exited := false // werr is nil for a clean exit too: exited says whether it came
	select {
	case werr = <-done:
		exited = true
	case <-time.After(cfg.StartTimeout):
		t.Killed = true
	case <-ctx.Done():
	}
	if !exited {
		killTree(cmd.Process.Pid)
		killProcessGroup(cmd.Process.Pid)
		werr = <-done
	}
	killEscaped(token)
	t.Stdout = stdout.Bytes()
	t.Truncated = stdout.Len() >= maxOnceOutput
	t.Stderr = stderr.Last(stderrExcerpt)
	t.Status = "exit status 0"
	var ee *exec.ExitError
	switch {
	case errors.As(werr, &ee):
		t.Status = ee.ProcessState.String()
	case werr != nil && !errors.Is(werr, exec.ErrWaitDelay):
		t.Status = werr.Error()
	}
	if err := ctx.Err(); err != nil {
		return t, err
	}
	return t, nil
}

// setDefaults fills in the default Timeout (10s) and StartTimeout (three
// times Timeout).
func (c *config) setDefaults() {
	if c.Timeout <= 0 {
		c.Timeout = 10 * time.Second
	}
	if c.StartTimeout <= 0 {
		c.StartTimeout = 3 * c.Timeout
	}
}

// limitedWriter writes up to n bytes to w and drops the rest, reporting
// them written so that the testee is not stopped by a failing pipe.
type limitedWriter struct {
	w io.Writer
	n int
}

func (l *limitedWriter) Write(p []byte) (int, error) {
	k := min(len(p), l.n)
	if k > 0 {
		l.w.Write(p[:k])
		l.n -= k
	}
	return len(p), nil
}
