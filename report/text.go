package report

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/pctest/pctest/internal/cause"
	"github.com/pctest/pctest/internal/show"
	"github.com/pctest/pctest/vectors"
)

// A Run is everything the reports of one run of the vectors show: what
// ran, the results, and what went wrong around them. pctest run fills one;
// [Run.WriteText], [Run.WriteJSON], [Run.WriteJUnit] and [WriteHTML]
// render it.
type Run struct {
	Impl string
	// Argv is the testee's command; nil for a built-in implementation.
	Argv []string
	// CommandLine is the pctest command that made the run ("pctest",
	// "run", its flags and arguments), which the reports record; nil when
	// not made by the command.
	CommandLine []string
	Start       time.Time
	Elapsed     time.Duration
	// Partial says the run was interrupted: Results hold only the vectors
	// that finished.
	Partial bool
	// Vectors is how many vectors were selected to run.
	Vectors int
	Results []Result
	// Incidents are a testee's; zero for a built-in implementation.
	Incidents Incidents
	// Stderr is the end of the testee's stderr.
	Stderr         string
	ExpectFailFile string
	// Selection lists the flags that selected the vectors.
	Selection []string
	// Stale lists the expected-failures entries that name no vector; each
	// fails the run.
	Stale []Stale
	// Suite is the suite version of the vectors; "" stands for
	// vectors.SuiteVersion(). Protocol is the testee protocol's version.
	Suite    string
	Protocol int
	// Repro says how the run chose its implementation and sent its
	// requests: every failure's report carries its request line and the
	// command that runs it alone again ([Repro]).
	Repro Repro
	// VectorFiles are the files of the vectors that are not the suite's
	// (pctest run -vectors): a rerun of one of their vectors names its file.
	VectorFiles []string
}

// suite returns the run's suite version.
func (r *Run) suite() string {
	if r.Suite == "" {
		return vectors.SuiteVersion()
	}
	return r.Suite
}

// Header says what ran, in one line: the first line of the text report.
func (r *Run) Header() string {
	what := r.Impl
	if r.Argv != nil {
		what += " (" + strings.Join(r.Argv, " ") + ")"
	} else {
		what += " (built in)"
	}
	sel := ""
	if len(r.Selection) > 0 {
		sel = ", " + strings.Join(r.Selection, " ")
	}
	return fmt.Sprintf("pctest: %s: %s%s, suite %s, protocol %d", what, show.Count(r.Vectors, "vector", "vectors"), sel, r.suite(), r.Protocol)
}

// WriteText writes the text report: the header, a line per failure (with
// verbose, per result), must before should before implementation-defined,
// each marked with its level and followed by two indented lines, the
// request line the testee received and the command that reruns that
// vector alone ([Repro]); then incidents, the testee's stderr if
// anything failed, the -utf16hex hint when the failures call for it
// ([Run.UTF16HexHint]), the causes of the failures, by level and biggest
// first, and the summary line last.
func (r *Run) WriteText(w io.Writer, verbose bool) error {
	bw := &errWriter{w: w}
	fmt.Fprintln(bw, r.Header())
	t := SummaryOf(r.Results)
	for _, i := range ByLevel(r.Results) {
		if o := &r.Results[i]; o.Outcome.Fails() || verbose {
			fmt.Fprintln(bw, Line(o))
			if reproducible(o.Outcome) {
				fmt.Fprintf(bw, "  request: %s\n  rerun:   %s\n", r.Repro.RequestLine(o.Vector.Request), r.rerun(o))
			}
		}
	}
	if inc := r.Incidents; inc != (Incidents{}) {
		fmt.Fprintf(bw, "testee: %d restarts, %d crashes, %d timeouts, %d protocol errors, %d stray lines\n",
			inc.Restarts, inc.Crashes, inc.Timeouts, inc.ProtocolErrors, inc.StrayLines)
	}
	if r.Stderr != "" && t.Failed > 0 {
		WriteStderr(bw, r.Stderr)
	}
	for _, s := range r.Stale {
		fmt.Fprintln(bw, "STALE "+s.Message)
	}
	if t.ExpectedFailures > 0 {
		fmt.Fprintf(bw, "%d failed as expected (%s)\n", t.ExpectedFailures, r.ExpectedWhy())
	}
	if t.ImplementationDefined > 0 {
		fmt.Fprintf(bw, "%s, not judged: %d agree with the suite's recommendation, %d differ (the spec leaves these answers open; -v lists them, -level implementation-defined judges them)\n",
			show.Count(t.ImplementationDefined, "implementation-defined vector", "implementation-defined vectors"), t.ImplementationDefined-t.Differing, t.Differing)
	}
	WriteWarnings(bw, Warnings(r.Results), "vectors")
	if r.Partial {
		fmt.Fprintf(bw, "PARTIAL: interrupted after %d of %d vectors\n", t.Total(), r.Vectors)
	}
	if h := r.UTF16HexHint(); h != "" {
		fmt.Fprintln(bw, h)
	}
	WriteCauses(bw, r.Results, "")
	fmt.Fprintln(bw, r.SummaryLine())
	return bw.err
}

// WriteCauses writes the causes of the results that failed (not the
// unexpected passes), as the text report and the go test log of
// conformance.Run end: a heading line, then three lines per cause, its
// count, level, op and title, its shortest example and its spec step, by
// level (must first), then biggest first. Each line starts with indent. It
// writes nothing when no result failed.
func WriteCauses(w io.Writer, results []Result, indent string) error {
	cs, _ := groupCauses(results)
	if len(cs) == 0 {
		return nil
	}
	var b strings.Builder
	cause.Write(&b, cs, indent)
	_, err := io.WriteString(w, b.String())
	return err
}

// Failed returns how many things fail the run: the vectors that failed
// (unexpected passes included) and the stale expected-failures entries.
func (r *Run) Failed() int { return SummaryOf(r.Results).Failed + len(r.Stale) }

// Fails reports whether the run failed: a vector failed, or an expected
// failures entry is stale.
func (r *Run) Fails() bool { return r.Failed() > 0 }

// SummaryLine returns the last line of the text report, "N passed, N
// failed, N skipped", where failed counts everything that fails the run,
// so that the line says failed > 0 exactly when the run fails: the
// vectors that failed, and the unexpected passes and stale
// expected-failures entries, which are named after the count, "3 failed
// (1 unexpected pass, 1 stale expected-failures entry)".
func (r *Run) SummaryLine() string {
	t := SummaryOf(r.Results)
	var kinds []string
	for _, k := range []struct {
		n         int
		one, many string
	}{
		{t.UnexpectedPasses, "unexpected pass", "unexpected passes"},
		{len(r.Stale), "stale expected-failures entry", "stale expected-failures entries"},
	} {
		switch {
		case k.n == 1:
			kinds = append(kinds, "1 "+k.one)
		case k.n > 1:
			kinds = append(kinds, fmt.Sprintf("%d %s", k.n, k.many))
		}
	}
	why := ""
	if len(kinds) > 0 {
		why = " (" + strings.Join(kinds, ", ") + ")"
	}
	line := fmt.Sprintf("%d passed, %d failed%s, %s%d skipped", t.Passed, r.Failed(), why, expectedPart(t.ExpectedFailures), t.Skipped)
	// The implementation-defined vectors, counted apart, as Summary.String
	// ends its line.
	if _, open, ok := strings.Cut(t.String(), "; "); ok {
		line += "; " + open
	}
	return line
}

// ExpectedWhy says where the run's expected failures come from: how many
// the expected-failures list has, how many are known deviations.
func (r *Run) ExpectedWhy() string {
	listed, known := 0, 0
	for i := range r.Results {
		if o := &r.Results[i]; o.Outcome == ExpectedFailure {
			if o.Deviation != "" {
				known++
			} else {
				listed++
			}
		}
	}
	var parts []string
	if listed > 0 {
		parts = append(parts, fmt.Sprintf("%d listed in %s", listed, r.ExpectFailFile))
	}
	if known > 0 {
		parts = append(parts, fmt.Sprintf("%d known engine deviations, vectors/deviations.json", known))
	}
	return strings.Join(parts, ", ")
}

// Line renders one result on one line, as the text report lists it:
// outcome, id, level (in capitals, "MUST"), op, input as escaped text and
// code units or hex, expected, got, their exact diff (only the differing
// units marked, [-want-]{+got+}), the spec ref, and why, when the outcome
// needs a word.
func Line(o *Result) string {
	v := &o.Vector
	var b strings.Builder
	b.WriteString(strings.ToUpper(o.Outcome.String()))
	b.WriteString(" " + v.ID)
	if v.Level != "" {
		b.WriteString(" " + show.Level(v.Level))
	}
	b.WriteString(" " + string(v.Op) + " " + show.InputField(v.Request))
	b.WriteString(" want=" + show.Answer(v.Op, v.Expect))
	b.WriteString(" got=" + show.Result(v.Op, o.Got, o.Err))
	if d := show.Diff(v.Op, v.Expect, o.Got); o.Err == nil && d != "" {
		b.WriteString(" diff=" + d)
	}
	if v.Ref != "" {
		b.WriteString(" ref=" + v.Ref)
	}
	if w := why(o); w != "" {
		b.WriteString(" — " + w)
	}
	return b.String()
}

// why says in one line why a result failed as expected or passed
// unexpectedly, or "": a failure's line shows what was wanted and what
// came, and its reason would say it again.
func why(r *Result) string {
	switch r.Outcome {
	case ExpectedFailure, UnexpectedPass:
		return r.Reason
	case Differs:
		return "implementation-defined: the spec leaves this answer open, so this is not a failure"
	}
	return ""
}

// errWriter remembers the first write error.
type errWriter struct {
	w   io.Writer
	err error
}

// Write writes p unless an earlier write failed.
func (e *errWriter) Write(p []byte) (int, error) {
	if e.err != nil {
		return 0, e.err
	}
	n, err := e.w.Write(p)
	e.err = err
	return n, err
}

// stderrLines is how many lines of a testee's stderr a text report shows.
const stderrLines = 40

// WriteStderr shows the end of a testee's stderr, as the text reports of
// pctest run and pctest fuzz do: indented, runs of the same line written
// once with a count, at most the last 40.
func WriteStderr(w io.Writer, tail string) {
	type run struct {
		line string
		n    int
	}
	var runs []run
	for _, l := range strings.Split(strings.TrimRight(tail, "\n"), "\n") {
		if k := len(runs); k > 0 && runs[k-1].line == l {
			runs[k-1].n++
		} else {
			runs = append(runs, run{l, 1})
		}
	}
	fmt.Fprintln(w, "testee stderr (the end of it):")
	if len(runs) > stderrLines {
		fmt.Fprintf(w, "  | … %d more lines\n", len(runs)-stderrLines)
		runs = runs[len(runs)-stderrLines:]
	}
	for _, r := range runs {
		if r.n > 1 {
			fmt.Fprintf(w, "  | %s  (%d times)\n", r.line, r.n)
		} else {
			fmt.Fprintf(w, "  | %s\n", r.line)
		}
	}
}

// isOctetInput reports whether op takes octets.
func isOctetInput(op vectors.Op) bool {
	o, ok := op.Info()
	return ok && o.In == vectors.Octets
}

// Cell writes a summary as a cell of a matrix, "✓ 45/0/3": a glyph for its
// Verdict (✓ all passed, ✗ something failed, ~ failures all expected, ·
// nothing ran), then passed/failed/skipped, where failed includes expected
// failures.
func Cell(s Summary) string {
	return fmt.Sprintf("%s %d/%d/%d", Glyph(s.Verdict()), s.Passed, s.Failed+s.ExpectedFailures, s.Skipped)
}

// Glyph returns the character the text and Markdown reports show for v:
// ✓ AllPassed, ✗ SomeFailed, ~ OnlyExpected, · NotRun.
func Glyph(v Verdict) string {
	switch v {
	case SomeFailed:
		return "✗"
	case OnlyExpected:
		return "~"
	case AllPassed:
		return "✓"
	}
	return "·"
}
