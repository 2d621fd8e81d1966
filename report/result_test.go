package report

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestSummary checks the one count of every report: an unexpected pass is
// a failure of the run, an expected failure and an unjudged
// implementation-defined vector are counted apart.
func TestSummary(t *testing.T) {
	var s Summary
	for _, o := range []Outcome{Passed, Failed, UnexpectedPass, ExpectedFailure, Skipped, Skipped, Agrees, Differs} {
		s.Add(o)
	}
	want := Summary{Passed: 1, Failed: 2, Skipped: 2, ExpectedFailures: 1, UnexpectedPasses: 1, ImplementationDefined: 2, Differing: 1}
	if diff := cmp.Diff(want, s); diff != "" {
		t.Errorf("summary (-want +got):\n%s", diff)
	}
	if s.Total() != 8 || s.Ran() != 4 {
		t.Errorf("total %d, ran %d", s.Total(), s.Ran())
	}
	if got := s.String(); got != "1 passed, 2 failed, 1 expected failure, 2 skipped; 2 implementation-defined (1 differ from the suite's recommendation)" {
		t.Errorf("String: %q", got)
	}
	if diff := cmp.Diff(s, SummaryOf([]Result{{Outcome: Passed}, {Outcome: Failed}, {Outcome: UnexpectedPass}, {Outcome: ExpectedFailure},
		{Outcome: Skipped}, {Outcome: Skipped}, {Outcome: Agrees}, {Outcome: Differs}})); diff != "" {
		t.Errorf("SummaryOf (-Add +SummaryOf):\n%s", diff)
	}
}

// TestVerdict checks the verdict of a matrix cell, its class name for the
// HTML reports and the cell the text reports write for it.
func TestVerdict(t *testing.T) {
	type row struct {
		Verdict Verdict
		Class   string
		Cell    string
	}
	var got []row
	for _, s := range []Summary{
		{Passed: 1, Failed: 2, Skipped: 2, UnexpectedPasses: 1},
		{Passed: 1, ExpectedFailures: 1},
		{Passed: 1, Skipped: 1},
		{Skipped: 1, ImplementationDefined: 3},
	} {
		got = append(got, row{s.Verdict(), s.Verdict().String(), Cell(s)})
	}
	want := []row{
		{SomeFailed, "fail", "✗ 1/2/2"},
		{OnlyExpected, "xfail", "~ 1/1/0"},
		{AllPassed, "pass", "✓ 1/0/1"},
		{NotRun, "none", "· 0/0/1"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("verdicts (-want +got):\n%s", diff)
	}
}

// TestOutcomeText checks the text form of every outcome, both ways.
func TestOutcomeText(t *testing.T) {
	got := map[Outcome]string{}
	for o := Passed; o <= Differs; o++ {
		text, err := o.MarshalText()
		var back Outcome
		if err != nil || o.String() != string(text) || back.UnmarshalText(text) != nil || back != o {
			t.Errorf("%d: %q %v, back %v", o, text, err, back)
		}
		got[o] = string(text)
	}
	want := map[Outcome]string{Passed: "pass", Failed: "fail", Skipped: "skip", ExpectedFailure: "xfail", UnexpectedPass: "xpass", Agrees: "agree", Differs: "differ"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("text forms (-want +got):\n%s", diff)
	}
	var o Outcome
	if _, err := o.MarshalText(); err == nil || o.UnmarshalText([]byte("passed")) == nil {
		t.Errorf("the zero Outcome or an unknown name has a text form")
	}
}
