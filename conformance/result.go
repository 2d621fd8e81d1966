package conformance

import (
	"errors"
	"fmt"
	"strings"

	"github.com/pctest/pctest/internal/show"
	"github.com/pctest/pctest/vectors"
)

// An Outcome is what running one vector came to. Its text form, which
// the reports of cmd/pctest write and the survey reads, is one word: pass,
// fail, skip, xfail or xpass (the names pytest gives the last two), and
// agree or differ for an implementation-defined vector that was not
// judged.
type Outcome uint8

const (
	// Passed: the answer is the one the vector expects.
	Passed Outcome = iota + 1
	// Failed: the answer differs from the one the vector expects, or the
	// implementation could not answer (Result.Err is set).
	Failed
	// Skipped: the implementation does not support the op, or cannot take
	// this input (a string-based Funcs entry and a lone surrogate).
	// Skipped vectors are never counted as passed.
	Skipped
	// ExpectedFailure: the vector failed, and that was expected — it is on
	// the expected-failures list, or the failure is a known deviation of
	// the implementation (Result.Deviation). It does not fail the run.
	ExpectedFailure
	// UnexpectedPass: the vector passed although it is on the
	// expected-failures list. The list is strict, so this fails the run
	// until the entry is removed.
	UnexpectedPass
	// Agrees: an implementation-defined vector (vectors.LevelImplementationDefined)
	// that the run does not judge — no Level option named its level — got
	// the suite's recommendation. It is counted apart and is not a pass.
	Agrees
	// Differs: an implementation-defined vector that the run does not
	// judge got another answer than the suite's recommendation, or none
	// (Result.Err). The spec leaves the answer open, so this is never a
	// failure.
	Differs
)

var outcomeNames = [...]string{Passed: "pass", Failed: "fail", Skipped: "skip", ExpectedFailure: "xfail", UnexpectedPass: "xpass",
	Agrees: "agree", Differs: "differ"}

// String returns the outcome's text form: "pass", "fail", "skip", "xfail",
// "xpass", "agree" or "differ".
func (o Outcome) String() string {
	if o >= Passed && int(o) < len(outcomeNames) {
		return outcomeNames[o]
	}
	return fmt.Sprintf("Outcome(%d)", uint8(o))
}

// MarshalText returns the outcome's text form; the zero Outcome has none.
func (o Outcome) MarshalText() ([]byte, error) {
	if o < Passed || int(o) >= len(outcomeNames) {
		return nil, fmt.Errorf("conformance: no text form for Outcome(%d)", uint8(o))
	}
	return []byte(outcomeNames[o]), nil
}

// UnmarshalText sets the outcome from its text form.
func (o *Outcome) UnmarshalText(text []byte) error {
	for i, name := range outcomeNames {
		if i > 0 && name == string(text) {
			*o = Outcome(i)
			return nil
		}
	}
	return fmt.Errorf("conformance: unknown outcome %q (want pass, fail, skip, xfail, xpass, agree or differ)", text)
}

// Fails reports whether the outcome fails a run: Failed and UnexpectedPass.
func (o Outcome) Fails() bool { return o == Failed || o == UnexpectedPass }

// Unjudged reports whether the outcome is that of an implementation-defined
// vector the run did not judge: Agrees or Differs.
func (o Outcome) Unjudged() bool { return o == Agrees || o == Differs }

// A Result is the outcome of one vector against one implementation.
type Result struct {
	Vector vectors.Vector
	// Got is the implementation's answer; Err is set instead when it could
	// not answer (see Implementation).
	Got     vectors.Response
	Err     error
	Outcome Outcome
	// Diff is the edit script of the expected and the actual output, in
	// one line, what only the expected output has marked [-so-] and what
	// only the actual one has {+so+}, when both are outputs and differ.
	Diff string
	// Reason says in words why the outcome is what it is, when that is not
	// obvious: why a vector was skipped, which list entry expected the
	// failure, what the implementation's error was.
	Reason string
	// Deviation is the id of the known deviation (vectors.Deviations) that
	// explains an ExpectedFailure, or "".
	Deviation string
	// ExpectedAt is the "file:line" of the expected-failures entry for the
	// vector, or "".
	ExpectedAt string
}

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
func evaluate(v vectors.Vector, got vectors.Response, err error) Result {
	r := Result{Vector: v, Got: got, Err: err}
	switch {
	case err != nil:
		r.Outcome = Failed
		r.Reason = "the implementation could not answer: " + err.Error()
	case got.Unsupported:
		r.Outcome = Skipped
		r.Reason = "unsupported by the implementation"
		if got.Message != "" {
			r.Reason += ": " + got.Message
		}
	case vectors.SameAnswer(v.Op, v.Expect, got):
		r.Outcome = Passed
	default:
		r.Outcome = Failed
		r.Diff = show.Diff(v.Op, v.Expect, got)
		r.Reason = "want " + show.Answer(v.Op, v.Expect) + ", got " + show.Answer(v.Op, got)
	}
	return r
}

// formatFailure describes r for a person reading a test log: the vector's
// id and where it stands (file:line), its outcome and the relation of its
// answers (see internal/cause), the op, the input both as escaped text and
// as code units (or octets in hex), the expected and the actual answer,
// the edit script between them, the spec reference and the vector's note,
// and for a panic of the implementation the stack where it panicked.
// For an UnexpectedPass it says which expected-failures entry to remove;
// for other outcomes it gives the same description with the outcome and
// its reason.
func formatFailure(r Result) string {
	v := r.Vector
	var b strings.Builder
	fmt.Fprintf(&b, "%s", v.ID)
	if v.File != "" {
		fmt.Fprintf(&b, " (%s:%d)", v.File, v.Line)
	}
	fmt.Fprintf(&b, ": %s", r.Outcome)
	if r.Outcome == Failed || r.Outcome == ExpectedFailure || r.Outcome == Differs {
		fmt.Fprintf(&b, ": %s", relationOf(r).Title)
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
	var ae *AnswerError
	if errors.As(r.Err, &ae) && ae.Kind == "panic" && ae.Stack != "" {
		b.WriteString("  stack:\n")
		for _, l := range strings.Split(ae.Stack, "\n") {
			b.WriteString("    " + l + "\n")
		}
	}
	switch {
	case r.Outcome == UnexpectedPass:
		fmt.Fprintf(&b, "  the vector passes but is listed as an expected failure at %s:\n"+
			"  remove that line from the list (or rewrite the list with the runner's -write-expect-fail)\n", r.ExpectedAt)
	case r.Deviation != "":
		fmt.Fprintf(&b, "  known deviation: %s (vectors/deviations.json)\n", r.Deviation)
	case r.Outcome == ExpectedFailure:
		fmt.Fprintf(&b, "  expected failure, listed at %s\n", r.ExpectedAt)
	case r.Outcome == Skipped:
		fmt.Fprintf(&b, "  %s\n", r.Reason)
	case r.Outcome == Differs:
		b.WriteString("  implementation-defined: the spec leaves this answer open; want is the suite's recommendation, and this is not a failure\n")
	}
	return strings.TrimRight(b.String(), "\n")
}

// formatShort describes a failing r in one line: id, outcome, relation,
// input, expected and actual answer.
func formatShort(r Result) string {
	v := r.Vector
	s := v.ID + ": " + r.Outcome.String()
	if r.Outcome == Failed {
		s += ": " + relationOf(r).Title
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
func gotText(r Result) string {
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

// A Summary counts results by outcome. It is the one count of every
// report: conformance's, the text, JSON, JUnit and HTML reports and the
// matrix of cmd/pctest, and the survey's. Failed counts every result that
// fails a run, unexpected passes included, as the JSON report's "failed"
// does; UnexpectedPasses says how many of them are unexpected passes.
// Expected failures are counted apart, and so are the implementation-defined
// vectors the run did not judge, so a result is counted once in Passed,
// Failed, Skipped, ExpectedFailures or ImplementationDefined; Ran, and so
// every pass rate, leaves the last out.
type Summary struct {
	Passed           int
	Failed           int // Failed and UnexpectedPass outcomes
	Skipped          int
	ExpectedFailures int
	UnexpectedPasses int // of Failed
	// ImplementationDefined counts the Agrees and Differs outcomes;
	// Differing says how many of them are Differs.
	ImplementationDefined int
	Differing             int // of ImplementationDefined
}

// AddResults counts the outcome of each of results.
func (s *Summary) AddResults(results []Result) {
	for i := range results {
		s.Add(results[i].Outcome)
	}
}

// Add counts one result of outcome o.
func (s *Summary) Add(o Outcome) {
	switch o {
	case Passed:
		s.Passed++
	case Skipped:
		s.Skipped++
	case ExpectedFailure:
		s.ExpectedFailures++
	case UnexpectedPass:
		s.Failed++
		s.UnexpectedPasses++
	case Agrees:
		s.ImplementationDefined++
	case Differs:
		s.ImplementationDefined++
		s.Differing++
	default:
		s.Failed++
	}
}

// Total returns the number of results counted.
func (s Summary) Total() int {
	return s.Passed + s.Failed + s.Skipped + s.ExpectedFailures + s.ImplementationDefined
}

// Ran returns the number of results that were judged and not skipped: the
// denominator of a pass rate. Unjudged implementation-defined results are
// not among them.
func (s Summary) Ran() int { return s.Passed + s.Failed + s.ExpectedFailures }

// String returns the summary line of the reports: "N passed, N failed, N
// skipped", and then "; N implementation-defined (N differ from the
// suite's recommendation)" when unjudged implementation-defined vectors
// ran.
func (s Summary) String() string {
	line := fmt.Sprintf("%d passed, %d failed, %d skipped", s.Passed, s.Failed, s.Skipped)
	if s.ImplementationDefined > 0 {
		line += fmt.Sprintf("; %d implementation-defined (%d differ from the suite's recommendation)", s.ImplementationDefined, s.Differing)
	}
	return line
}

// Mark sums the summary up in one character, the same in every report:
// ✓ everything that ran passed, ✗ something failed (an unexpected pass
// too), ~ failures, all of them expected (listed, or known deviations),
// · nothing ran (the op is not implemented).
func (s Summary) Mark() string {
	switch {
	case s.Failed > 0:
		return "✗"
	case s.ExpectedFailures > 0:
		return "~"
	case s.Passed > 0:
		return "✓"
	}
	return "·"
}

// Cell writes the summary as a cell of a matrix, "✓ 45/0/3": the Mark,
// then passed/failed/skipped, where failed includes expected failures.
func (s Summary) Cell() string {
	return fmt.Sprintf("%s %d/%d/%d", s.Mark(), s.Passed, s.Failed+s.ExpectedFailures, s.Skipped)
}
