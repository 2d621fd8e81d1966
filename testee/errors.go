package testee

import (
	"errors"
	"fmt"
	"strings"
	"time"
)

// ProtocolVersion is the version of the testee protocol that PROTOCOL.md
// documents and the runner speaks. The testee sees it in PCTEST_PROTOCOL.
const ProtocolVersion = 1

// ErrClosed is the error of a request made to, or cut short by, a closed
// [Process].
var ErrClosed = errors.New("testee closed")

// A CrashError charges a request with the testee's end: the process exited,
// or closed its stdout, while the request was the only one it had been
// given, or when the request was sent again alone.
type CrashError struct {
	Status string // how the process ended, as "exit status 3"
	Stderr string // the last of the testee's stderr, control characters escaped
}

// Error says the testee ended and how.
func (e *CrashError) Error() string {
	return "crash: testee ended (" + e.Status + ") before answering"
}

// A TimeoutError charges a request that went unanswered for too long; the
// runner killed the testee's process group and restarted it.
type TimeoutError struct {
	After  time.Duration
	Stderr string
}

// Error says how long the request went unanswered.
func (e *TimeoutError) Error() string {
	return fmt.Sprintf("timeout: no answer in %v; testee killed and restarted", e.After)
}

// A ProtocolError charges a request whose response line broke the testee
// protocol: not JSON, without a valid id, for a request not in flight,
// malformed, or too long.
type ProtocolError struct {
	Line string // the offending line, quoted and cut short
	Err  error
}

// Error says what is wrong with the line, and quotes it.
func (e *ProtocolError) Error() string {
	return "protocol error: " + e.Err.Error() + ": " + e.Line
}

// Unwrap returns what is wrong with the line.
func (e *ProtocolError) Unwrap() error { return e.Err }

// A StartError says the testee cannot run: its command could not be
// executed, or it answered no request at all.
type StartError struct {
	Command []string
	Err     error
	Status  string // the last exit's status, if it ran at all
	Stderr  string
}

// Error names the command and says why it cannot run.
func (e *StartError) Error() string {
	var b strings.Builder
	b.WriteString("cannot start testee")
	if len(e.Command) > 0 {
		fmt.Fprintf(&b, " %q", strings.Join(e.Command, " "))
	}
	b.WriteString(": ")
	b.WriteString(e.Err.Error())
	if e.Status != "" {
		b.WriteString(" (last: " + e.Status + ")")
	}
	return b.String()
}

// Unwrap returns why the command cannot run.
func (e *StartError) Unwrap() error { return e.Err }

// Kind names the kind of runner incident err is: "crash", "timeout",
// "protocol" or "start" for the errors of this package, "error" for any
// other.
func Kind(err error) string {
	var (
		ce *CrashError
		te *TimeoutError
		pe *ProtocolError
		se *StartError
	)
	switch {
	case errors.As(err, &ce):
		return "crash"
	case errors.As(err, &te):
		return "timeout"
	case errors.As(err, &pe):
		return "protocol"
	case errors.As(err, &se):
		return "start"
	}
	return "error"
}
