package testee

import (
	"fmt"
	"strings"
	"time"

	"github.com/pctest/pctest/report"
)

// ProtocolVersion is the version of the testee protocol that PROTOCOL.md
// documents and the runner speaks. The testee sees it in PCTEST_PROTOCOL.
const ProtocolVersion = 1

// ErrClosed is the error of a request made to, or cut short by, a closed
// [Process]. Its Fatal method says that the Process answers nothing more.
var ErrClosed error = closedError{}

// closedError is the type of ErrClosed.
type closedError struct{}

func (closedError) Error() string { return "testee closed" }

// Fatal reports true: a closed Process answers nothing more.
func (closedError) Fatal() bool { return true }

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

// IncidentKind returns "crash" (report.KindCrash): a crash stands in
// for the answer, and a fuzzing run reports it as a finding of that kind.
func (e *CrashError) IncidentKind() string { return report.KindCrash }

// A TimeoutError charges a request that went unanswered for too long; the
// runner killed the testee's process group and restarted it.
type TimeoutError struct {
	After time.Duration
	// StartUp says After was the start-up allowance of a process that had
	// not answered yet (the StartTimeout option), not the Timeout.
	StartUp bool
	Stderr  string
}

// Error says how long the request went unanswered.
func (e *TimeoutError) Error() string {
	if e.StartUp {
		return fmt.Sprintf("timeout: no answer in %v, a new process's start-up allowance; testee killed and restarted", e.After)
	}
	return fmt.Sprintf("timeout: no answer in %v; testee killed and restarted", e.After)
}

// IncidentKind returns "timeout" (report.KindTimeout).
func (e *TimeoutError) IncidentKind() string { return report.KindTimeout }

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

// IncidentKind returns "protocol" (report.KindProtocol).
func (e *ProtocolError) IncidentKind() string { return report.KindProtocol }

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

// Fatal reports true: a testee that cannot start answers nothing, and a
// fuzzing run ends with this error.
func (e *StartError) Fatal() bool { return true }

// An OutputError stops a run whose testee's stdout carries lines that are
// not answers (PROTOCOL.md §2, the output rule): maxBadLines lines in a
// row, with no valid answer between them, each not shaped like an answer
// (its first byte other than space, tab or CR is not '{') and not charged
// to a request sent again alone — a testee that logs to stdout, or answers
// in a format of its own that is not JSON objects. Whether a line can
// count is decided by its content, not by when it comes: lines shaped like
// an answer never make an OutputError, however malformed and however many
// in a row (each is a protocol error of the request it is charged to), so
// a testee whose stdout carries only such lines is never stopped by it.
// Every request then fails with it, and no process is started again: the
// results would be worthless.
type OutputError struct {
	Command []string
	// Lines quotes the first offending lines; Count is how many came in a
	// row.
	Lines  []string
	Count  int
	Stderr string
}

// Error names the command and quotes the first offending lines.
func (e *OutputError) Error() string {
	return fmt.Sprintf("testee %q: stdout carries lines that are not answers: %s (%d such lines in a row, none beginning with '{' as an answer does, with no valid answer between them; stdout is for answers only, one JSON object per request, see PROTOCOL.md §2; write logs to stderr)",
		strings.Join(e.Command, " "), strings.Join(e.Lines, ", "), e.Count)
}

// Fatal reports true: no request is answered once stdout carries lines
// that are not answers, and a fuzzing run ends with this error.
func (e *OutputError) Fatal() bool { return true }

// An UnconfirmedError stands in for the answer to a request that was in
// flight at an incident (Incident) and was still waiting to be sent again
// alone when the run ended: the incident is reported as it stands,
// unconfirmed. Requests is how many were in flight at it.
type UnconfirmedError struct {
	Incident error
	Requests int
	group    *group // the incident, to report it once
}

// Error says the incident was not confirmed.
func (e *UnconfirmedError) Error() string {
	return fmt.Sprintf("%v (unconfirmed: one of %d requests in flight; the run ended before each was sent again alone)", e.Incident, e.Requests)
}

// Unwrap returns the incident.
func (e *UnconfirmedError) Unwrap() error { return e.Incident }

// UnconfirmedIncident returns a value that is the same for every request
// in flight at the same incident, so that a fuzzing run reports the
// incident once.
func (e *UnconfirmedError) UnconfirmedIncident() any { return e.group }

// Kind names the kind of runner incident err is: "crash", "timeout",
// "protocol" or "start" for the errors of this package (their
// IncidentKind, which report.ErrorKind reads), "error" for any other.
func Kind(err error) string {
	if k := report.ErrorKind(err); k == "crash" || k == "timeout" || k == "protocol" || k == "start" {
		return k
	}
	return "error"
}

// IncidentKind returns "protocol", as Kind does.
func (e *OutputError) IncidentKind() string { return report.KindProtocol }

// IncidentKind returns "start", as Kind does.
func (e *StartError) IncidentKind() string { return "start" }

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
