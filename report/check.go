package report

import (
	"fmt"
	"io"
	"strings"
	"time"
)

// This file holds the report of `pctest check`, the protocol self-check of
// a testee: its JSON form, which check.schema.json (beside this file)
// describes, and its text form.

// The statuses of a CheckItem.
const (
	// CheckOK: the testee does what the protocol asks.
	CheckOK = "ok"
	// CheckProblem: the testee breaks the protocol, or falls into one of
	// its traps; Fix says what to change. A problem fails the check.
	CheckProblem = "problem"
	// CheckNote: something worth knowing that is no protocol problem,
	// such as an answer that differs from the suite's (pctest run judges
	// it). A note never fails the check.
	CheckNote = "note"
	// CheckSkipped: the check could not be made, such as the lone
	// surrogate check of a testee that has no ECMAScript op.
	CheckSkipped = "skipped"
)

// A CheckReport is what `pctest check -format json` prints: each check of
// the testee's protocol, and the ops it answered and declined.
type CheckReport struct {
	Info CheckInfo `json:"check_info"`
	// Answered lists the ops the testee answered; Declined those it
	// answered "unsupported"; Broken those it answered with a crash, a
	// timeout or a protocol error.
	Answered []string    `json:"ops_answered"`
	Declined []string    `json:"ops_declined"`
	Broken   []string    `json:"ops_broken"`
	Checks   []CheckItem `json:"checks"`
	// Problems counts the checks whose status is CheckProblem.
	Problems int `json:"problems"`
	// CannotStart is set when the testee could not be started or
	// answered nothing at all; the checks after "start" were not made.
	CannotStart bool   `json:"cannot_start"`
	Stderr      string `json:"testee_stderr,omitempty"`
}

// CheckInfo says which testee was checked, how, and when.
type CheckInfo struct {
	Command         []string  `json:"testee_command"`
	UTF16Hex        bool      `json:"utf16hex"`
	CommandLine     []string  `json:"command_line,omitempty"`
	ProtocolVersion int       `json:"protocol_version"`
	StartTime       time.Time `json:"start_time"`
	Elapsed         float64   `json:"duration_seconds"`
}

// A CheckItem is one check of the self-check.
type CheckItem struct {
	// Name is the check's name, one word: start, exit, stdout, ids,
	// unknown-fields, ops, long-lines, lone-surrogates, non-bmp.
	Name string `json:"name"`
	// Status is CheckOK, CheckProblem, CheckNote or CheckSkipped.
	Status string `json:"status"`
	// Summary says in one line what was checked and found.
	Summary string `json:"summary"`
	// Details are the evidence: requests and what came back.
	Details []string `json:"details,omitempty"`
	// Fix says what to change in the testee, for a problem.
	Fix string `json:"fix,omitempty"`
}

// Add appends a check and counts it when it is a problem.
func (r *CheckReport) Add(it CheckItem) {
	r.Checks = append(r.Checks, it)
	if it.Status == CheckProblem {
		r.Problems++
	}
}

// WriteJSON writes the report as JSON (check.schema.json).
func (r *CheckReport) WriteJSON(w io.Writer) error { return writeJSON(w, r) }

// ReadCheckReport reads a report that pctest check -format json wrote. It
// rejects what is not such a report, with a [*ReadError]: JSON of another
// shape, a check of an unknown status, a report with no testee command or
// no checks.
func ReadCheckReport(rd io.Reader) (*CheckReport, error) {
	const what = "pctest check"
	var r CheckReport
	if err := decodeReport(rd, &r, what); err != nil {
		return nil, err
	}
	for _, it := range r.Checks {
		switch it.Status {
		case CheckOK, CheckProblem, CheckNote, CheckSkipped:
		default:
			return nil, &ReadError{Report: what, Offset: -1, Item: fmt.Sprintf("check %q", it.Name), Reason: fmt.Sprintf("unknown status %q (want ok, problem, note or skipped)", it.Status)}
		}
	}
	if len(r.Info.Command) == 0 || len(r.Checks) == 0 {
		return nil, &ReadError{Report: what, Offset: -1, Reason: "no testee command or no checks: not a pctest check report"}
	}
	return &r, nil
}

// WriteText writes the report for people: a line per check, with its
// evidence and what to fix under each problem and note, then the ops and
// a last line counting the problems.
func (r *CheckReport) WriteText(w io.Writer) error {
	var b strings.Builder
	mode := ""
	if r.Info.UTF16Hex {
		mode = " (-utf16hex)"
	}
	fmt.Fprintf(&b, "pctest check — testee protocol %d self-check of %s%s\n\n", r.Info.ProtocolVersion, strings.Join(r.Info.Command, " "), mode)
	for _, it := range r.Checks {
		word := map[string]string{CheckOK: "ok", CheckProblem: "PROBLEM", CheckNote: "note", CheckSkipped: "skipped"}[it.Status]
		fmt.Fprintf(&b, "%-8s %-16s %s\n", word, it.Name, it.Summary)
		for _, d := range it.Details {
			fmt.Fprintf(&b, "%26s%s\n", "", d)
		}
		if it.Fix != "" {
			fmt.Fprintf(&b, "%26sfix: %s\n", "", it.Fix)
		}
	}
	b.WriteString("\n")
	if len(r.Answered)+len(r.Declined)+len(r.Broken) > 0 {
		fmt.Fprintf(&b, "ops answered (%d): %s\n", len(r.Answered), listOrNone(r.Answered))
		fmt.Fprintf(&b, "ops declined (%d): %s\n", len(r.Declined), listOrNone(r.Declined))
		if len(r.Broken) > 0 {
			fmt.Fprintf(&b, "ops broken (%d): %s\n", len(r.Broken), listOrNone(r.Broken))
		}
	}
	if r.Stderr != "" && (r.Problems > 0 || r.CannotStart) {
		WriteStderr(&b, r.Stderr)
	}
	switch {
	case r.CannotStart:
		fmt.Fprintf(&b, "the testee cannot start: nothing else was checked (%.1fs)\n", r.Info.Elapsed)
	case r.Problems == 0:
		hex := ""
		if r.Info.UTF16Hex {
			hex = "-utf16hex "
		}
		fmt.Fprintf(&b, "no problems (%.1fs). Next: pctest run %s-- %s\n", r.Info.Elapsed, hex, strings.Join(r.Info.Command, " "))
	case r.Problems == 1:
		fmt.Fprintf(&b, "1 problem (%.1fs)\n", r.Info.Elapsed)
	default:
		fmt.Fprintf(&b, "%d problems (%.1fs)\n", r.Problems, r.Info.Elapsed)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// listOrNone joins names with commas, or says "none".
func listOrNone(names []string) string {
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ", ")
}
