package conformance

import (
	"errors"
	"fmt"
	"strings"

	"github.com/pctest/pctest/internal/show"
	"github.com/pctest/pctest/report"
	"github.com/pctest/pctest/vectors"
)

// evaluate judges got, an implementation's answer to v's request (or err,
// when it could not answer), against the answer v expects. The outcome is
// Failed if err is not nil, Skipped if got is Unsupported, and otherwise
// Passed exactly when got has the expected error kind, or the expected
// output of the op's output Kind and no error. An error's Message is not
// compared. An empty output matches an expected empty output whether or not
// it is nil.
//
// evaluate knows nothing of expected-failures lists or known deviations;
// [Results], [Run] and [Check] apply those.
func evaluate(v vectors.Vector, got vectors.Response, err error) report.Result {
	r := report.Result{Vector: v, Got: got, Err: err}
	switch {
	case err != nil:
		r.Outcome = report.Failed
		r.Reason = "the implementation could not answer: " + err.Error()
	case got.Unsupported:
		r.Outcome = report.Skipped
		r.Reason = "unsupported by the implementation"
		if got.Message != "" {
			r.Reason += ": " + got.Message
		}
	case vectors.SameAnswer(v.Op, v.Expect, got):
		r.Outcome = report.Passed
	default:
		r.Outcome = report.Failed
		r.Diff = show.Diff(v.Op, v.Expect, got)
		r.Reason = "want " + show.Answer(v.Op, v.Expect) + ", got " + show.Answer(v.Op, got)
	}
	return r
}

// formatFailure describes r for a person reading a test log: the vector's
// id and where it stands (file:line), its outcome, its level in capitals
// ("MUST") and the relation of its answers (see internal/cause), the op, the input both as escaped text and
// as code units (or octets in hex), the expected and the actual answer,
// the edit script between them, the spec reference and the vector's note,
// and for a panic of the implementation the stack where it panicked.
// For an UnexpectedPass it says which expected-failures entry to remove;
// for other outcomes it gives the same description with the outcome and
// its reason.
func formatFailure(r report.Result) string {
	v := r.Vector
	var b strings.Builder
	fmt.Fprintf(&b, "%s", v.ID)
	if v.File != "" {
		fmt.Fprintf(&b, " (%s:%d)", v.File, v.Line)
	}
	fmt.Fprintf(&b, ": %s", r.Outcome)
	if v.Level != "" {
		fmt.Fprintf(&b, " (%s)", show.Level(v.Level))
	}
	if r.Outcome == report.Failed || r.Outcome == report.ExpectedFailure || r.Outcome == report.Differs {
		_, title, _ := r.Relation()
		fmt.Fprintf(&b, ": %s", title)
	}
	b.WriteString("\n")
	fmt.Fprintf(&b, "  op:     %s\n", v.Op)
	fmt.Fprintf(&b, "  input:  %s\n", show.Input(v.Request))
	fmt.Fprintf(&b, "  want:   %s\n", show.Answer(v.Op, v.Expect))
	fmt.Fprintf(&b, "  got:    %s\n", gotText(r))
	if r.Diff != "" {
		fmt.Fprintf(&b, "  diff:   %s\n", r.Diff)
	}
	if v.Ref != "" {
		fmt.Fprintf(&b, "  spec:   %s\n", v.Ref)
	}
	if v.Note != "" {
		fmt.Fprintf(&b, "  note:   %s\n", v.Note)
	}
	if v.Source != "" {
		fmt.Fprintf(&b, "  source: %s\n", v.Source)
	}
	var ae *AnswerError
	if errors.As(r.Err, &ae) && ae.Kind == "panic" && ae.Stack != "" {
		b.WriteString("  stack:\n")
		for _, l := range strings.Split(ae.Stack, "\n") {
			b.WriteString("    " + l + "\n")
		}
	}
	switch {
	case r.Outcome == report.UnexpectedPass:
		fmt.Fprintf(&b, "  the vector passes but is listed as an expected failure at %s:\n"+
			"  remove that line from the list (or rewrite the list with the runner's -write-expect-fail)\n", r.ExpectedAt)
	case r.Deviation != "":
		fmt.Fprintf(&b, "  known deviation: %s (vectors/deviations.json)\n", r.Deviation)
	case r.Outcome == report.ExpectedFailure:
		fmt.Fprintf(&b, "  expected failure, listed at %s\n", r.ExpectedAt)
	case r.Outcome == report.Skipped:
		fmt.Fprintf(&b, "  %s\n", r.Reason)
	case r.Outcome == report.Differs:
		b.WriteString("  implementation-defined: the spec leaves this answer open; want is the suite's recommendation, and this is not a failure\n")
	}
	return strings.TrimRight(b.String(), "\n")
}

// formatShort describes a failing r in one line: id, outcome, level, relation,
// input, expected and actual answer.
func formatShort(r report.Result) string {
	v := r.Vector
	s := v.ID + ": " + r.Outcome.String()
	if v.Level != "" {
		s += " (" + show.Level(v.Level) + ")"
	}
	if r.Outcome == report.Failed {
		_, title, _ := r.Relation()
		s += ": " + title
	}
	got := gotText(r)
	if r.Err == nil {
		got = show.BriefAnswer(v.Op, r.Got)
	}
	return s + ": input " + show.Brief(v.Request) + ", want " + show.BriefAnswer(v.Op, v.Expect) + ", got " + got
}

// gotText writes r's answer, or what stood in for it: text that is not
// valid UTF-8 as the octets it was, a panic as such, and any other error
// as no answer.
func gotText(r report.Result) string {
	if r.Err == nil {
		return show.Answer(r.Vector.Op, r.Got)
	}
	var ae *AnswerError
	if errors.As(r.Err, &ae) {
		switch ae.Kind {
		case "output":
			if p, ok := ae.Value.([]byte); ok {
				return "text that is not valid UTF-8: octets " + show.Octets(p)
			}
			return "an answer the vector format cannot hold: " + ae.Reason
		case "panic":
			return fmt.Sprintf("a panic: %v", ae.Value)
		}
	}
	return "no answer: " + r.Err.Error()
}
