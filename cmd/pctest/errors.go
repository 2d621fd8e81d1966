package main

import (
	"fmt"
	"strings"
	"time"
)

// protocolVersion is the version of the testee protocol that PROTOCOL.md
// documents and the runner speaks. The testee sees it in PCTEST_PROTOCOL.
const protocolVersion = 1

// A crashError charges a request with the testee's exit: the request was the
// oldest in flight when the process ended.
type crashError struct {
	Status string // how the process ended, as "exit status 3"
	Stderr string // the last of the testee's stderr
}

// Error says the testee ended and how.
func (e *crashError) Error() string {
	return "crash: testee ended (" + e.Status + ") before answering"
}

// A timeoutError charges a request that went unanswered for too long; the
// runner killed the testee's process group and restarted it.
type timeoutError struct {
	After  time.Duration
	Stderr string
}

// Error says how long the request went unanswered.
func (e *timeoutError) Error() string {
	return fmt.Sprintf("timeout: no answer in %v; testee killed and restarted", e.After)
}

// A protocolError charges a request whose response line broke the testee
// protocol: not JSON, without a valid id, for a request not in flight,
// malformed, or too long.
type protocolError struct {
	Line string // the offending line, quoted and cut short
	Err  error
}

// Error says what is wrong with the line, and quotes it.
func (e *protocolError) Error() string {
	return "protocol error: " + e.Err.Error() + ": " + e.Line
}

// Unwrap returns what is wrong with the line.
func (e *protocolError) Unwrap() error { return e.Err }

// A startError says the testee cannot run: its command could not be
// executed, or it kept exiting without answering.
type startError struct {
	Argv   []string
	Err    error
	Status string // the last exit's status, if it ran at all
	Stderr string
}

// Error names the command and says why it cannot run.
func (e *startError) Error() string {
	var b strings.Builder
	b.WriteString("cannot start testee")
	if len(e.Argv) > 0 {
		fmt.Fprintf(&b, " %q", strings.Join(e.Argv, " "))
	}
	b.WriteString(": ")
	b.WriteString(e.Err.Error())
	if e.Status != "" {
		b.WriteString(" (last: " + e.Status + ")")
	}
	return b.String()
}

// Unwrap returns why the command cannot run.
func (e *startError) Unwrap() error { return e.Err }
