package report

import (
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/pctest/pctest/internal/cause"
	"github.com/pctest/pctest/internal/show"
	"github.com/pctest/pctest/vectors"
)

// This file holds the JSON report of pctest fuzz -format json: one Go
// type per object of fuzz.schema.json (beside this file), and the
// functions that write and read it. The fuzz engine fills its own report;
// pctest fuzz turns it into a FuzzReport.

// A FuzzReport is what pctest fuzz -format json writes: one object,
// fuzz.schema.json.
type FuzzReport struct {
	FuzzInfo  FuzzInfo    `json:"fuzz_info"`
	Summary   FuzzSummary `json:"summary"`
	Incidents *Incidents  `json:"incidents,omitempty"`
	Findings  []Finding   `json:"findings"`
	Stderr    string      `json:"testee_stderr,omitempty"`
}

// FuzzInfo is a fuzz report's fuzz_info: Info, the first case's seed and
// the ops fuzzed.
type FuzzInfo struct {
	Info
	Seed uint64       `json:"seed"`
	Ops  []vectors.Op `json:"ops"`
}

// NewFuzzInfo fills a FuzzInfo.
func NewFuzzInfo(impl string, argv []string, suite string, protocol int, start time.Time, elapsed time.Duration, partial bool, seed uint64, ops []vectors.Op) FuzzInfo {
	return FuzzInfo{Info: newInfo(impl, argv, suite, protocol, start, elapsed, partial), Seed: seed, Ops: ops}
}

// FuzzSummary is a fuzz report's summary.
type FuzzSummary struct {
	// Cases counts the generated requests answered, Sent those sent,
	// Judged those judged (not unsupported, not on open input).
	Cases    int64 `json:"cases"`
	Sent     int64 `json:"sent"`
	Judged   int64 `json:"judged"`
	Findings int   `json:"findings"`
	// Confirmed, Unconfirmed and Flaky count the findings by how they
	// stood at the end.
	Confirmed   int          `json:"confirmed"`
	Unconfirmed int          `json:"unconfirmed"`
	Flaky       int          `json:"flaky"`
	Unsupported []vectors.Op `json:"unsupported_ops"`
	MaxFindings int          `json:"max_findings"`
	Capped      []vectors.Op `json:"capped_ops"`
	Causes      []FuzzCause  `json:"causes"`
	// Open and OpenByOp count the differences on inputs the spec leaves
	// open: not judged, not findings.
	Open     int64                `json:"open_differences"`
	OpenByOp map[vectors.Op]int64 `json:"open_differences_by_op"`
}

// A FuzzCause is a group of findings of one op with one relation: the
// fuzz report's counterpart of a run report's [Cause], with the same
// relation ids, and the findings by their number (from 1, in the order
// of findings).
type FuzzCause struct {
	Op       vectors.Op `json:"op"`
	Relation string     `json:"relation"`
	Title    string     `json:"title"`
	Findings []int      `json:"findings"`
}

// A Finding is a request on which the implementation and the reference
// answered differently, or on which the implementation crashed, hung or
// broke the protocol, shrunk to a minimal input.
type Finding struct {
	Op vectors.Op `json:"op"`
	// Kind is "disagreement", "crash", "timeout", "protocol" or "error".
	Kind string `json:"kind"`
	// Request is the minimal request found; Original the one generated.
	Request  vectors.Request `json:"request"`
	Original vectors.Request `json:"original"`
	// Expected is the reference's answer; Actual the implementation's,
	// nil when Error says what stood in for it.
	Expected vectors.Response  `json:"expected"`
	Actual   *vectors.Response `json:"actual"`
	Error    string            `json:"error,omitempty"`
	// Shrunk says shrinking ran to its end; Reproduced that Request, sent
	// again alone, failed the same way; Unconfirmed that the run ended
	// before it could be sent again alone.
	Shrunk      bool  `json:"shrunk"`
	Reproduced  bool  `json:"reproduced"`
	Unconfirmed bool  `json:"unconfirmed"`
	Steps       int   `json:"shrink_steps"`
	Case        int64 `json:"case"`
}

// Results returns the findings as failed Results, the vector of the N-th
// named "fuzz#N" and of no level: what [FuzzCauses] groups, and what the
// survey lists beside the failures of the vectors. The error that stood
// in for an answer is a Result's Err, a *RecordedError of the finding's
// kind.
func (j *FuzzReport) Results() []Result {
	results := make([]Result, len(j.Findings))
	for i := range j.Findings {
		f := &j.Findings[i]
		r := Result{Vector: vectors.Vector{ID: fmt.Sprintf("fuzz#%d", i+1), Request: f.Request, Expect: f.Expected}, Outcome: Failed}
		switch {
		case f.Actual != nil:
			r.Got = *f.Actual
		case f.Error != "":
			r.Err = &RecordedError{Message: f.Error, Kind: kindOfFinding(f.Kind)}
		}
		results[i] = r
	}
	return results
}

// A RecordedError is an error read back from a report: its message, and
// the kind of incident it was when known.
type RecordedError struct {
	Message string
	Kind    string
}

// Error returns the message.
func (e *RecordedError) Error() string { return e.Message }

// IncidentKind returns Kind, for ErrorKind.
func (e *RecordedError) IncidentKind() string { return e.Kind }

// FuzzCauses groups failed results, fuzz findings as [FuzzReport.Results]
// makes them, into causes by op and relation, biggest first, as the run
// report groups failures; a cause's findings are numbered from 1 in the
// order of results.
func FuzzCauses(results []Result) []FuzzCause {
	out := []FuzzCause{}
	for _, c := range groupAll(results) {
		fc := FuzzCause{Op: c.Op, Relation: c.Relation.ID, Title: c.Relation.Title, Findings: []int{}}
		for _, i := range c.Failures {
			fc.Findings = append(fc.Findings, i+1)
		}
		out = append(out, fc)
	}
	return out
}

// groupAll groups every one of results into causes, whatever its
// outcome: a cause's Failures index results.
func groupAll(results []Result) []cause.Cause {
	fs := make([]cause.Failure, len(results))
	for i := range results {
		fs[i] = failure(&results[i])
	}
	return cause.Group(fs)
}

// writeFuzzCauses writes the causes of failed results, fuzz findings as
// [FuzzReport.Results] makes them, as WriteCauses writes a run's.
func writeFuzzCauses(w io.Writer, results []Result) error {
	var b strings.Builder
	cause.Write(&b, groupAll(results), "")
	_, err := io.WriteString(w, b.String())
	return err
}

// Write writes j, indented, HTML characters as they are.
func (j *FuzzReport) Write(w io.Writer) error { return writeJSON(w, j) }

// ReadFuzzReport reads a report that pctest fuzz -format json wrote. It
// rejects what is not such a report: JSON of another shape, a summary that
// does not count the findings that follow, a finding whose request is of
// another op than its own, or that has neither an actual answer nor an
// error.
func ReadFuzzReport(rd io.Reader) (*FuzzReport, error) {
	var j FuzzReport
	if err := json.NewDecoder(rd).Decode(&j); err != nil {
		return nil, fmt.Errorf("pctest fuzz JSON report: %w", err)
	}
	if j.Summary.Findings != len(j.Findings) {
		return nil, fmt.Errorf("pctest fuzz JSON report: summary.findings is %d, but %d findings follow", j.Summary.Findings, len(j.Findings))
	}
	for i, f := range j.Findings {
		if f.Request.Op != f.Op {
			return nil, fmt.Errorf("pctest fuzz JSON report: finding %d: op %q, but its request's op is %q", i+1, f.Op, f.Request.Op)
		}
		if f.Actual == nil && f.Error == "" {
			return nil, fmt.Errorf("pctest fuzz JSON report: finding %d: neither actual nor error", i+1)
		}
	}
	return &j, nil
}

// WriteText writes the text report of pctest fuzz that follows its
// header: a DISAGREE block per finding, the ops not fuzzed, the ops that
// reached the findings limit, the incidents, the findings grouped by op
// and cause, the differences on open inputs, the testee's stderr, and a
// summary line last.
func (j *FuzzReport) WriteText(w io.Writer) error {
	ew := &errWriter{w: w}
	s := &j.Summary
	for i := range j.Findings {
		writeFinding(ew, &j.Findings[i])
	}
	if len(s.Unsupported) > 0 {
		fmt.Fprintf(ew, "unsupported by the testee, not fuzzed: %s\n", opList(s.Unsupported))
	}
	if len(s.Capped) > 0 {
		fmt.Fprintf(ew, "reached -max-findings %d, fuzzed no more: %s\n", s.MaxFindings, opList(s.Capped))
	}
	if inc := j.Incidents; inc != nil && *inc != (Incidents{}) {
		fmt.Fprintf(ew, "testee: %d restarts, %d crashes, %d timeouts, %d protocol errors, %d flaky incidents\n", inc.Restarts, inc.Crashes, inc.Timeouts, inc.ProtocolErrors, inc.Flaky)
	}
	if len(j.Findings) > 0 {
		fmt.Fprintf(ew, "findings: %d confirmed (failed again alone), %d unconfirmed (the run ended first), %d flaky (did not fail again alone)\n", s.Confirmed, s.Unconfirmed, s.Flaky)
		writeFuzzCauses(ew, j.Results())
	}
	if s.Open > 0 {
		fmt.Fprintf(ew, "%d differences on implementation-defined inputs, not judged (%s): the spec leaves the answer open (-level implementation-defined judges them)\n", s.Open, openList(s.OpenByOp))
	}
	if j.Stderr != "" {
		WriteStderr(ew, j.Stderr)
	}
	if j.FuzzInfo.Partial {
		fmt.Fprintln(ew, "PARTIAL: interrupted")
	}
	plural := "s"
	if len(j.Findings) == 1 {
		plural = ""
	}
	elapsed := time.Duration(j.FuzzInfo.DurationSeconds * float64(time.Second))
	fmt.Fprintf(ew, "%d cases in %v (%.0f/s), %d disagreement%s\n", s.Cases, elapsed.Round(time.Millisecond),
		float64(s.Cases)/max(j.FuzzInfo.DurationSeconds, 1e-9), len(j.Findings), plural)
	return ew.err
}

// kindOfFinding returns the incident kind of a finding's kind: "" for a
// disagreement, whose answer came.
func kindOfFinding(kind string) string {
	if kind == "disagreement" {
		return ""
	}
	return kind
}

// writeFinding writes a finding as a vector's line would show it.
func writeFinding(w io.Writer, fd *Finding) {
	var err error
	if fd.Error != "" {
		err = &RecordedError{Message: fd.Error}
	}
	got := vectors.Response{}
	if fd.Actual != nil {
		got = *fd.Actual
	}
	fmt.Fprintf(w, "DISAGREE %s %s\n", fd.Request.Op, show.InputField(fd.Request))
	fmt.Fprintf(w, "  reference: %s\n", show.Answer(fd.Request.Op, fd.Expected))
	fmt.Fprintf(w, "  testee:    %s\n", show.Result(fd.Request.Op, got, err))
	if !slices.Equal(fd.Original.In, fd.Request.In) || !slices.Equal(fd.Original.InHex, fd.Request.InHex) {
		fmt.Fprintf(w, "  shrunk in %d steps from %s\n", fd.Steps, show.Clip(show.InputField(fd.Original), 200))
	}
	switch {
	case fd.Unconfirmed:
		fmt.Fprintln(w, "  unconfirmed: the run ended before it was sent again on its own; reported as it stood")
	case !fd.Shrunk:
		fmt.Fprintln(w, "  not shrunk to the end: time ran out")
	}
	if !fd.Reproduced && !fd.Unconfirmed {
		fmt.Fprintln(w, "  flaky: sent again on its own, it did not fail the same way")
	}
}

// openList writes the counts of byOp, in op order: "normalize 3, ...".
func openList(byOp map[vectors.Op]int64) string {
	var parts []string
	for _, op := range slices.Sorted(maps.Keys(byOp)) {
		parts = append(parts, fmt.Sprintf("%s %d", op, byOp[op]))
	}
	return strings.Join(parts, ", ")
}

// opList joins ops with commas.
func opList(ops []vectors.Op) string {
	var names []string
	for _, op := range ops {
		names = append(names, string(op))
	}
	return strings.Join(names, ", ")
}
