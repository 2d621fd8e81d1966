package report

import (
	"fmt"

	"github.com/pctest/pctest/internal/show"
	"github.com/pctest/pctest/vectors"
)

// An Outcome is what running one vector came to. Its text form, which
// the JSON report writes as a result's "status", is one word: pass, fail,
// skip, xfail or xpass (the names pytest gives the last two), and agree or
// differ for an implementation-defined vector that was not judged.
type Outcome uint8

const (
	// Passed: the answer is the one the vector expects.
	Passed Outcome = iota + 1
	// Failed: the answer differs from the one the vector expects, or the
	// implementation could not answer (Result.Err is set).
	Failed
	// Skipped: the implementation does not support the op, or cannot take
	// this input (a string-based conformance.Funcs entry and a lone
	// surrogate). Skipped vectors are never counted as passed.
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
	// that the run does not judge got the suite's recommendation. It is
	// counted apart and is not a pass.
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
		return nil, fmt.Errorf("report: no text form for Outcome(%d)", uint8(o))
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
	return fmt.Errorf("report: unknown outcome %q (want pass, fail, skip, xfail, xpass, agree or differ)", text)
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
	// not answer (see conformance.Implementation). [ErrorKind] names the
	// kind of such an error.
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

// SummaryOf counts the outcome of each of results.
func SummaryOf(results []Result) Summary {
	var s Summary
	s.AddResults(results)
	return s
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
// skipped", with ", N expected failures" before "skipped" when there are
// any, so that the counts add up to the vectors run, and then "; N
// implementation-defined (N differ from the suite's recommendation)" when
// unjudged implementation-defined vectors ran.
func (s Summary) String() string {
	line := fmt.Sprintf("%d passed, %d failed, %s%d skipped", s.Passed, s.Failed, expectedPart(s.ExpectedFailures), s.Skipped)
	if s.ImplementationDefined > 0 {
		line += fmt.Sprintf("; %d implementation-defined (%d differ from the suite's recommendation)", s.ImplementationDefined, s.Differing)
	}
	return line
}

// expectedPart returns "N expected failure(s), " for n > 0, else "".
func expectedPart(n int) string {
	if n == 0 {
		return ""
	}
	return show.Count(n, "expected failure", "expected failures") + ", "
}

// A Verdict sums a Summary up, as a cell of a matrix shows it: the same in
// every report. How it looks is the renderer's business: [Cell] writes a
// glyph for it, the HTML reports a class named by its String.
type Verdict uint8

const (
	// NotRun: nothing was judged (the op is not implemented, or every
	// vector of it was skipped or not judged).
	NotRun Verdict = iota
	// AllPassed: everything judged passed.
	AllPassed
	// OnlyExpected: there are failures, and all of them were expected
	// (listed, or known deviations).
	OnlyExpected
	// SomeFailed: something failed unexpectedly (an unexpected pass too).
	SomeFailed
)

var verdictNames = [...]string{NotRun: "none", AllPassed: "pass", OnlyExpected: "xfail", SomeFailed: "fail"}

// String returns the verdict's name, which the HTML reports use as the
// class of a cell: "none", "pass", "xfail" or "fail".
func (v Verdict) String() string {
	if int(v) < len(verdictNames) {
		return verdictNames[v]
	}
	return fmt.Sprintf("Verdict(%d)", uint8(v))
}

// Verdict sums the summary up: SomeFailed when something failed (an
// unexpected pass too), OnlyExpected when there are failures and all were
// expected, AllPassed when everything judged passed, NotRun when nothing
// was judged.
func (s Summary) Verdict() Verdict {
	switch {
	case s.Failed > 0:
		return SomeFailed
	case s.ExpectedFailures > 0:
		return OnlyExpected
	case s.Passed > 0:
		return AllPassed
	}
	return NotRun
}
