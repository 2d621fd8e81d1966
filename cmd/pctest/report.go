package main

import (
	"encoding/hex"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/pctest/pctest/conformance"
	"github.com/pctest/pctest/internal/cause"
	"github.com/pctest/pctest/internal/show"
	"github.com/pctest/pctest/testee"
	"github.com/pctest/pctest/vectors"
)

// A runReport is everything a run's reports show.
type runReport struct {
	Impl    string
	Argv    []string // the testee's command; nil for a built-in implementation
	Start   time.Time
	Elapsed time.Duration
	// Partial says the run was interrupted: Results hold only the vectors
	// that finished.
	Partial bool
	// Vectors is how many vectors were selected to run.
	Vectors   int
	Results   []conformance.Result
	Incidents testee.Stats
	// Stderr is the end of the testee's stderr.
	Stderr         string
	ExpectFailFile string
	// Selection lists the flags that selected the vectors.
	Selection []string
	// Stale lists the expected-failures entries that name no vector; each
	// fails the run.
	Stale []*conformance.ListError
}

// describe says what ran, in one line.
func (r *runReport) describe() string {
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
	return fmt.Sprintf("pctest: %s: %d vectors%s, suite %s, protocol %d", what, r.Vectors, sel, suiteVersion(), protocolVersion)
}

// writeText writes the text report: a line per failure, then incidents,
// the testee's stderr if anything failed, the causes of the failures,
// biggest first, and the summary line last.
func (r *runReport) writeText(w io.Writer, verbose bool) error {
	bw := &errWriter{w: w}
	fmt.Fprintln(bw, r.describe())
	t := summaryOf(r.Results)
	for i := range r.Results {
		o := &r.Results[i]
		if o.Outcome.Fails() || verbose {
			fmt.Fprintln(bw, failureLine(o))
		}
	}
	if inc := r.Incidents; inc != (testee.Stats{}) {
		fmt.Fprintf(bw, "testee: %d restarts, %d crashes, %d timeouts, %d protocol errors, %d stray lines\n",
			inc.Restarts, inc.Crashes, inc.Timeouts, inc.ProtocolErrors, inc.StrayLines)
	}
	if r.Stderr != "" && t.Failed > 0 {
		writeStderr(bw, r.Stderr)
	}
	for _, s := range r.Stale {
		fmt.Fprintln(bw, "STALE "+s.Error())
	}
	if t.ExpectedFailures > 0 {
		fmt.Fprintf(bw, "%d failed as expected (%s)\n", t.ExpectedFailures, r.expectedWhy())
	}
	if t.ImplementationDefined > 0 {
		fmt.Fprintf(bw, "%d implementation-defined vectors, not judged: %d agree with the suite's recommendation, %d differ (the spec leaves these answers open; -v lists them, -level implementation-defined judges them)\n",
			t.ImplementationDefined, t.ImplementationDefined-t.Differing, t.Differing)
	}
	if r.Partial {
		fmt.Fprintf(bw, "PARTIAL: interrupted after %d of %d vectors\n", t.Total(), r.Vectors)
	}
	if cs, _ := causesOf(r.Results); len(cs) > 0 {
		var b strings.Builder
		cause.Write(&b, cs, "")
		io.WriteString(bw, b.String())
	}
	fmt.Fprintln(bw, r.summaryLine())
	return bw.err
}

// failed returns how many things fail the run: the vectors that failed
// (unexpected passes included) and the stale expected-failures entries.
func (r *runReport) failed() int {
	return summaryOf(r.Results).Failed + len(r.Stale)
}

// summaryLine returns the last line of the text report, "N passed, N
// failed, N skipped", where failed counts everything that fails the run,
// so that the line says failed > 0 exactly when the exit status is 1 (or
// the run was interrupted): the vectors that failed, and the unexpected
// passes and stale expected-failures entries, which are named after the
// count, "3 failed (1 unexpected pass, 1 stale expected-failures entry)".
func (r *runReport) summaryLine() string {
	t := summaryOf(r.Results)
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
	line := fmt.Sprintf("%d passed, %d failed%s, %d skipped", t.Passed, r.failed(), why, t.Skipped)
	// The implementation-defined vectors, counted apart, as Summary.String
	// ends its line.
	if _, open, ok := strings.Cut(t.String(), "; "); ok {
		line += "; " + open
	}
	return line
}

// expectedWhy says where the expected failures come from.
func (r *runReport) expectedWhy() string {
	listed, known := 0, 0
	for i := range r.Results {
		if o := &r.Results[i]; o.Outcome == conformance.ExpectedFailure {
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

// fails reports whether the run failed: a vector failed, or an expected
// failures entry is stale.
func (r *runReport) fails() bool { return r.failed() > 0 }

// failureLine renders one result on one line: outcome, id, op, input as
// escaped text and code units or hex, expected, got, their exact diff
// (only the differing units marked, [-want-]{+got+}), and the spec ref.
func failureLine(o *conformance.Result) string {
	v := &o.Vector
	var b strings.Builder
	b.WriteString(strings.ToUpper(o.Outcome.String()))
	b.WriteString(" " + v.ID + " " + string(v.Op) + " " + show.InputField(v.Request))
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

// The JSON report; its schema is report.schema.json beside this file.
type jsonReport struct {
	RunInfo   jsonRunInfo   `json:"run_info"`
	Summary   jsonSummary   `json:"summary"`
	Incidents *testee.Stats `json:"incidents,omitempty"`
	Causes    []jsonCause   `json:"causes"`
	Stale     []jsonStale   `json:"stale"`
	Results   []jsonOutcome `json:"results"`
	Stderr    string        `json:"testee_stderr,omitempty"`
}

// jsonInfo is what the run and fuzz reports say about every run: what ran,
// which suite and protocol, when, how long, and whether it ended early.
type jsonInfo struct {
	Implementation  string   `json:"implementation"`
	TesteeCommand   []string `json:"testee_command"`
	SuiteVersion    string   `json:"suite_version"`
	ProtocolVersion int      `json:"protocol_version"`
	StartTime       string   `json:"start_time"`
	DurationSeconds float64  `json:"duration_seconds"`
	Partial         bool     `json:"partial"`
}

// newJSONInfo fills a jsonInfo.
func newJSONInfo(impl string, argv []string, start time.Time, elapsed time.Duration, partial bool) jsonInfo {
	return jsonInfo{
		Implementation:  impl,
		TesteeCommand:   argv,
		SuiteVersion:    suiteVersion(),
		ProtocolVersion: testee.ProtocolVersion,
		StartTime:       start.UTC().Format(time.RFC3339),
		DurationSeconds: elapsed.Seconds(),
		Partial:         partial,
	}
}

type jsonRunInfo struct {
	jsonInfo
	VectorCount    int      `json:"vector_count"`
	Selection      []string `json:"selection"`
	ExpectFailFile string   `json:"expect_fail_file,omitempty"`
}

type jsonSummary struct {
	Passed           int `json:"passed"`
	Failed           int `json:"failed"`
	Skipped          int `json:"skipped"`
	ExpectedFailures int `json:"expected_failures"`
	UnexpectedPasses int `json:"unexpected_passes"`
	StaleEntries     int `json:"stale_entries"`
	// ImplementationDefined and Differing count the implementation-defined
	// vectors run apart, and of them those that differ.
	ImplementationDefined int `json:"implementation_defined"`
	Differing             int `json:"differing"`
}

// jsonCause is a cause of failures, as the text report's causes list it
// (internal/cause): one op, one relation between the expected and the
// actual answer, and the vectors that failed so.
type jsonCause struct {
	Op       vectors.Op `json:"op"`
	Relation string     `json:"relation"`
	Title    string     `json:"title"`
	Step     string     `json:"step"`
	Count    int        `json:"count"`
	Example  string     `json:"example"`
	IDs      []string   `json:"ids"`
}

// jsonStale is an expected-failures entry that names no vector.
type jsonStale struct {
	File    string `json:"file"`
	Line    int    `json:"line"`
	ID      string `json:"id"`
	Message string `json:"message"`
}

type jsonOutcome struct {
	ID       string              `json:"id"`
	Op       vectors.Op          `json:"op"`
	Level    string              `json:"level,omitempty"`
	Ref      string              `json:"ref,omitempty"`
	File     string              `json:"file,omitempty"`
	Line     int                 `json:"line,omitempty"`
	Status   conformance.Outcome `json:"status"`
	In       *jsonText           `json:"in,omitempty"`
	InHex    *string             `json:"in_hex,omitempty"`
	Args     map[string]string   `json:"args,omitempty"`
	Expected *jsonResponse       `json:"expected"`
	Got      *jsonResponse       `json:"got,omitempty"`
	Error    string              `json:"error,omitempty"`
	Why      string              `json:"why,omitempty"`
}

// jsonResponse is a response as the testee protocol writes it.
type jsonResponse struct {
	Out         *jsonText `json:"out,omitempty"`
	OutHex      *string   `json:"out_hex,omitempty"`
	Error       string    `json:"error,omitempty"`
	Message     string    `json:"message,omitempty"`
	Unsupported bool      `json:"unsupported,omitempty"`
}

// jsonText is UTF-16 text that marshals as a JSON string keeping lone
// surrogates as \uXXXX escapes.
type jsonText []uint16

// MarshalJSON writes t with vectors.AppendJSONText.
func (t jsonText) MarshalJSON() ([]byte, error) { return vectors.AppendJSONText(nil, t), nil }

func toJSONResponse(r vectors.Response) *jsonResponse {
	j := &jsonResponse{Error: r.Error, Message: r.Message, Unsupported: r.Unsupported}
	if r.Out != nil {
		t := jsonText(r.Out)
		j.Out = &t
	}
	if r.OutHex != nil {
		h := hex.EncodeToString(r.OutHex)
		j.OutHex = &h
	}
	return j
}

// writeJSON writes the JSON report.
func (r *runReport) writeJSON(w io.Writer) error {
	t := summaryOf(r.Results)
	j := jsonReport{
		RunInfo: jsonRunInfo{
			jsonInfo:       newJSONInfo(r.Impl, r.Argv, r.Start, r.Elapsed, r.Partial),
			VectorCount:    r.Vectors,
			Selection:      r.Selection,
			ExpectFailFile: r.ExpectFailFile,
		},
		Summary: jsonSummary{t.Passed, t.Failed, t.Skipped, t.ExpectedFailures, t.UnexpectedPasses, len(r.Stale), t.ImplementationDefined, t.Differing},
		Causes:  []jsonCause{},
		Stale:   []jsonStale{},
		Results: []jsonOutcome{},
		Stderr:  r.Stderr,
	}
	cs, index := causesOf(r.Results)
	for _, c := range cs {
		jc := jsonCause{Op: c.Op, Relation: c.Relation.ID, Title: c.Relation.Title, Step: c.Step(), Count: c.Count(), Example: c.Example.ID}
		for _, k := range c.Failures {
			jc.IDs = append(jc.IDs, r.Results[index[k]].Vector.ID)
		}
		j.Causes = append(j.Causes, jc)
	}
	for _, s := range r.Stale {
		j.Stale = append(j.Stale, jsonStale{File: s.File, Line: s.Line, ID: s.ID, Message: s.Error()})
	}
	if j.RunInfo.Selection == nil {
		j.RunInfo.Selection = []string{}
	}
	if r.Argv != nil {
		inc := r.Incidents
		j.Incidents = &inc
	}
	for i := range r.Results {
		o := &r.Results[i]
		v := &o.Vector
		jo := jsonOutcome{
			ID: v.ID, Op: v.Op, Level: v.Level, Ref: v.Ref, File: v.File, Line: v.Line,
			Status: o.Outcome, Args: v.Args, Expected: toJSONResponse(v.Expect), Why: why(o),
		}
		if v.InHex != nil || isOctetInput(v.Op) {
			h := hex.EncodeToString(v.InHex)
			jo.InHex = &h
		} else {
			t := jsonText(v.In)
			jo.In = &t
		}
		if o.Err != nil {
			jo.Error = o.Err.Error()
		} else if o.Outcome != conformance.Passed && o.Outcome != conformance.Agrees {
			jo.Got = toJSONResponse(o.Got)
		}
		j.Results = append(j.Results, jo)
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(j)
}

// The JUnit XML report: a testsuite per op, a testcase per vector.
type junitSuites struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Name     string       `xml:"name,attr"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Errors   int          `xml:"errors,attr"`
	Skipped  int          `xml:"skipped,attr"`
	Time     string       `xml:"time,attr"`
	Suites   []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name       string           `xml:"name,attr"`
	Tests      int              `xml:"tests,attr"`
	Failures   int              `xml:"failures,attr"`
	Errors     int              `xml:"errors,attr"`
	Skipped    int              `xml:"skipped,attr"`
	Properties *junitProperties `xml:"properties,omitempty"`
	Cases      []junitCase      `xml:"testcase"`
	SystemErr  string           `xml:"system-err,omitempty"`
}

type junitProperties struct {
	List []junitProperty `xml:"property"`
}

type junitProperty struct {
	Name  string `xml:"name,attr"`
	Value string `xml:"value,attr"`
}

type junitCase struct {
	Name       string           `xml:"name,attr"`
	Classname  string           `xml:"classname,attr"`
	Time       string           `xml:"time,attr"`
	Properties *junitProperties `xml:"properties,omitempty"`
	Failure    *junitMessage    `xml:"failure,omitempty"`
	Error      *junitMessage    `xml:"error,omitempty"`
	Skipped    *junitMessage    `xml:"skipped,omitempty"`
	SystemOut  string           `xml:"system-out,omitempty"`
}

type junitMessage struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr,omitempty"`
	Text    string `xml:",chardata"`
}

// writeJUnit writes the JUnit XML report: a testsuite per op, a testcase
// per vector. Runner incidents (crash, timeout, protocol error) are
// <error>s, wrong answers <failure>s. An expected failure passes, marked by
// a property pctest.expected_failure naming its expected-failures entry
// (file:line) or known deviation, with the reason in its system-out. The
// vectors of an op the implementation does not support at all are skipped
// testcases that say so, so that the counts are the text report's. A stale expected-failures entry is an <error> of type
// "stale" in a testsuite pctest.IMPL.expect-fail. Every count, of a suite
// and of the root, is the sum of what its testcases are.
func (r *runReport) writeJUnit(w io.Writer) error {
	t := summaryOf(r.Results)
	root := junitSuites{Name: "pctest " + r.Impl, Time: fmt.Sprintf("%.3f", r.Elapsed.Seconds())}
	// vectors and skipped count each op's results: an op all of whose
	// vectors are skipped is not supported.
	vectorsOf, skippedOf := map[vectors.Op]int{}, map[vectors.Op]int{}
	for i := range r.Results {
		op := r.Results[i].Vector.Op
		vectorsOf[op]++
		if r.Results[i].Outcome == conformance.Skipped {
			skippedOf[op]++
		}
	}
	byOp := map[string]*junitSuite{}
	var order []string
	for i := range r.Results {
		o := &r.Results[i]
		v := &o.Vector
		s := byOp[string(v.Op)]
		if s == nil {
			s = &junitSuite{Name: "pctest." + r.Impl + "." + string(v.Op)}
			byOp[string(v.Op)] = s
			order = append(order, string(v.Op))
		}
		s.Tests++
		c := junitCase{Name: v.ID, Classname: "pctest." + r.Impl + "." + string(v.Op), Time: "0"}
		detail := failureLine(o)
		switch o.Outcome {
		case conformance.Failed, conformance.UnexpectedPass:
			if o.Err != nil {
				s.Errors++
				c.Error = &junitMessage{Message: o.Err.Error(), Type: errorKind(o.Err), Text: detail}
			} else {
				s.Failures++
				c.Failure = &junitMessage{Message: "want " + show.Answer(v.Op, v.Expect) + ", got " + show.Answer(v.Op, o.Got), Type: o.Outcome.String(), Text: detail}
			}
		case conformance.Skipped:
			s.Skipped++
			c.Skipped = &junitMessage{Message: "unsupported"}
			if n := vectorsOf[v.Op]; skippedOf[v.Op] == n {
				c.Skipped.Message = fmt.Sprintf("%s does not support %s: its %d vectors are skipped", r.Impl, v.Op, n)
			}
		case conformance.Differs:
			c.Properties = &junitProperties{[]junitProperty{{"pctest.implementation_defined", "differ"}}}
			c.SystemOut = "implementation-defined, not judged: the spec leaves this answer open; the suite recommends another\n" + detail
		case conformance.ExpectedFailure:
			entry := o.ExpectedAt
			if o.Deviation != "" {
				entry = "vectors/deviations.json " + o.Deviation
			}
			c.Properties = &junitProperties{[]junitProperty{{"pctest.expected_failure", entry}}}
			c.SystemOut = "expected failure (" + entry + "): " + o.Reason + "\n" + detail
		}
		s.Cases = append(s.Cases, c)
	}
	// A stale expected-failures entry fails the run: it is an error of a
	// suite of the list's own.
	if len(r.Stale) > 0 {
		s := &junitSuite{Name: "pctest." + r.Impl + ".expect-fail"}
		for _, e := range r.Stale {
			s.Tests++
			s.Errors++
			s.Cases = append(s.Cases, junitCase{Name: fmt.Sprintf("%s:%d %s", e.File, e.Line, e.ID), Classname: s.Name, Time: "0",
				Error: &junitMessage{Message: e.Error(), Type: "stale"}})
		}
		byOp["expect-fail"] = s
		order = append(order, "expect-fail")
	}
	// The root's counts are the sums of the suites': a runner incident is an
	// error there too, not a failure.
	for _, op := range order {
		s := byOp[op]
		root.Tests += s.Tests
		root.Failures += s.Failures
		root.Errors += s.Errors
		root.Skipped += s.Skipped
		root.Suites = append(root.Suites, *s)
	}
	if len(root.Suites) > 0 && r.Stderr != "" && t.Failed > 0 {
		root.Suites[0].SystemErr = r.Stderr
	}
	if len(root.Suites) > 0 {
		root.Suites[0].Properties = &junitProperties{[]junitProperty{
			{"implementation", r.Impl},
			{"testee_command", strings.Join(r.Argv, " ")},
			{"suite_version", suiteVersion()},
			{"vector_count", fmt.Sprint(r.Vectors)},
			{"partial", fmt.Sprint(r.Partial)},
		}}
	}
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(root); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}

// errorKind names the kind of runner incident err is.
func errorKind(err error) string { return testee.Kind(err) }

// stderrLines is how many lines of a testee's stderr a text report shows.
const stderrLines = 40

// writeStderr shows the end of a testee's stderr, indented, with runs of
// the same line written once with a count.
func writeStderr(w io.Writer, tail string) {
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
