package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"reflect"
	"slices"
	"strings"
	"time"

	"github.com/pctest/pctest/internal/cause"
	"github.com/pctest/pctest/internal/show"
	"github.com/pctest/pctest/vectors"
)

// This file holds the report of a fuzzing run: what fuzz.Run
// returns and pctest fuzz -format json writes, one Go type per object of
// fuzz.schema.json (beside this file), and the functions that write and
// read it.

// A FuzzReport is what a fuzzing run did and found: what fuzz.Run
// returns, and pctest fuzz -format json writes as one object
// (fuzz.schema.json). The fuzzer fills FuzzInfo but for what only its
// caller knows (the testee command, the suite and protocol versions),
// Summary and Findings; the caller adds Incidents and Stderr.
type FuzzReport struct {
	FuzzInfo  FuzzInfo    `json:"fuzz_info"`
	Summary   FuzzSummary `json:"summary"`
	Incidents *Incidents  `json:"incidents,omitempty"`
	Findings  []Finding   `json:"findings"`
	// Warnings group the differences on inputs the spec leaves open
	// (Summary.Open), with a few examples each: never findings.
	Warnings []Warning `json:"warnings"`
	Stderr   string    `json:"testee_stderr,omitempty"`
	// Corpus is what became of the corpus (pctest fuzz -corpus DIR): the
	// earlier findings replayed first, and the new ones saved; nil
	// without a corpus.
	Corpus *CorpusReplay `json:"corpus,omitempty"`
}

// FuzzInfo is a fuzz report's fuzz_info: Info (Partial says the run was
// interrupted), the seed of the cases (fuzz.Seed) and the ops fuzzed.
type FuzzInfo struct {
	Info
	Seed uint64       `json:"seed"`
	Ops  []vectors.Op `json:"ops"`
}

// NewFuzzInfo fills a FuzzInfo.
func NewFuzzInfo(impl string, argv []string, suite string, protocol int, start time.Time, elapsed time.Duration, partial bool, seed uint64, ops []vectors.Op) FuzzInfo {
	return FuzzInfo{Info: newInfo(impl, argv, nil, suite, protocol, start, elapsed, partial), Seed: seed, Ops: ops}
}

// FuzzSummary is a fuzz report's summary.
type FuzzSummary struct {
	// Cases counts the generated requests answered, Sent those sent,
	// Judged those judged: answered other than "unsupported", or failed
	// with an incident, and not counted in Open.
	Cases    int64 `json:"cases"`
	Sent     int64 `json:"sent"`
	Judged   int64 `json:"judged"`
	Findings int   `json:"findings"`
	// Confirmed, Unconfirmed and Flaky count the findings by how they
	// stood at the end ([FuzzReport.Tally]).
	Confirmed   int `json:"confirmed"`
	Unconfirmed int `json:"unconfirmed"`
	Flaky       int `json:"flaky"`
	// Unsupported are the ops the implementation declined every time,
	// which were not fuzzed; none of them has a finding.
	Unsupported []vectors.Op `json:"unsupported_ops"`
	// MaxFindings is the limit of findings per op. Capped are the ops
	// that reached it, Repeated those whose findings shrank to one found
	// before MaxFindings times: both were fuzzed no more.
	MaxFindings int          `json:"max_findings"`
	Capped      []vectors.Op `json:"capped_ops"`
	Repeated    []vectors.Op `json:"repeated_ops,omitempty"`
	Causes      []FuzzCause  `json:"causes"`
	// Open and OpenByOp count the cases whose input the spec leaves open
	// (vectors.Request.Open) and whose answer differs from the
	// reference's: not judged, so not findings (none when the run judges
	// implementation-defined inputs). A crash, hang or protocol error on
	// such an input is a finding all the same.
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

// The kinds of a [Finding].
const (
	KindDisagreement = "disagreement" // the implementation answered, differently from the reference
	KindCrash        = "crash"        // a crash stood in for the answer (testee.CrashError)
	KindTimeout      = "timeout"      // a hang stood in for the answer (testee.TimeoutError)
	KindProtocol     = "protocol"     // a broken protocol stood in for the answer (testee.ProtocolError)
	KindError        = "error"        // another error stood in for the answer
)

// A Finding is a request on which the implementation and the reference
// answered differently, or on which the implementation crashed, hung or
// broke the protocol, shrunk to a minimal input. Its JSON form is an
// element of fuzz.schema.json's findings: Got is written as "actual", null
// when Err is set, and Err as "error", its message; read back, Err is a
// *[RecordedError] of the finding's kind.
type Finding struct {
	Op vectors.Op
	// Kind is KindDisagreement, KindCrash, KindTimeout, KindProtocol or
	// KindError.
	Kind string
	// Request is the minimal request found; Original the one generated.
	Request, Original vectors.Request
	// Expected is the reference's answer, Got the implementation's; Err
	// is what stood in for Got when the implementation did not answer.
	Expected, Got vectors.Response
	Err           error
	// Shrunk says shrinking ran to its end; false when time ran out or
	// the run was interrupted first.
	Shrunk bool
	// Reproduced says Request, sent again on its own, failed the same
	// way. A finding that did not is flaky, unless it is Unconfirmed.
	Reproduced bool
	// Unconfirmed says the run ended before Request could be sent again
	// on its own: the finding is reported as it stood, Err being the
	// incident (an error with an UnconfirmedIncident, such as a
	// *testee.UnconfirmedError, when its request was still waiting to be
	// sent again alone).
	Unconfirmed bool
	// Steps counts the requests spent shrinking; Case is the number,
	// among its op's cases, of the case that found it: with the run's
	// seed, that case's request is Original (fuzz.Seed); 0 for a hang met
	// while another finding was shrunk (Original is the request that hung).
	Steps int
	Case  int64
	// Variants counts the findings folded into this one
	// ([Finding.SameCause]): of the same specific cause whatever their
	// input, or of the same cause with an input that contained this one's,
	// or was this one's with the hex digits of its escapes in another case.
	Variants int
	// RequestLine is Request as the testee received it, with id 1
	// ([Repro.RequestLine]). VectorID and File are the finding's vector
	// and its file in the corpus, when it was saved in one. Rerun is the
	// command that reproduces it: pctest run over File, or without one,
	// the request line piped into the testee ([Repro.Pipe]).
	RequestLine    string
	VectorID, File string
	Rerun          string
}

// SetRepro sets the RequestLine and Rerun of every finding from p: for a
// finding saved in a corpus (File set), the pctest run command over its
// file; for another, the request line piped into the testee, "" for a
// built-in implementation.
func (j *FuzzReport) SetRepro(p Repro) {
	for i := range j.Findings {
		f := &j.Findings[i]
		f.RequestLine = p.RequestLine(f.Request)
		if f.File != "" {
			level := vectors.LevelMust
			if clause, _ := f.Request.Open(); clause != "" {
				level = vectors.LevelImplementationDefined
			}
			f.Rerun = p.Rerun(&vectors.Vector{ID: f.VectorID, Level: level}, f.File, true)
		} else {
			f.Rerun = p.Pipe(f.Request)
		}
	}
}

// Folds reports whether findings f and g are one bug, so that a report
// keeps only one of them (the one with the shorter input): they are of the
// same op, args and cause (the relation of their answers, or the kind of
// incident), and the input of one contains the other's, the hex digits of
// escapes in either case ("%c0%80" and "%C0%80" are one).
func (f *Finding) Folds(g *Finding) bool {
	if f.Op != g.Op || !maps.Equal(f.Request.Args, g.Request.Args) {
		return false
	}
	if cause.Classify(f.failure()).Title != cause.Classify(g.failure()).Title {
		return false
	}
	a, b := f.Request, g.Request
	if cause.InputLen(a) > cause.InputLen(b) {
		a, b = b, a
	}
	if a.InHex != nil || b.InHex != nil {
		return bytes.Contains(cause.FoldHexCase(b.InHex), cause.FoldHexCase(a.InHex))
	}
	return containsUnits(cause.FoldHexCase(b.In), cause.FoldHexCase(a.In))
}

// SameCause reports whether findings f and g show one cause that says what
// went wrong, so that a report keeps only one of them (the one with the
// shorter input) and counts the other on it: they are disagreements of the
// same op and args whose answers stand in the same specific relation
// ("encoded a character that must be kept", "encoded a surrogate pair as two
// 3-octet sequences (CESU-8)"), whatever their inputs. Findings related only
// as "a different answer", and incidents (a crash, a hang), are one cause
// only when they are one bug by [Finding.Folds].
func (f *Finding) SameCause(g *Finding) bool {
	if f.Folds(g) {
		return true
	}
	if f.Kind != KindDisagreement || g.Kind != KindDisagreement || f.Op != g.Op || !maps.Equal(f.Request.Args, g.Request.Args) {
		return false
	}
	r := cause.Classify(f.failure())
	return r.ID != cause.Different.ID && r.ID == cause.Classify(g.failure()).ID
}

// variantsNote says how many findings were folded into one.
func variantsNote(n int) string {
	return fmt.Sprintf("found %d more times with the same cause (other inputs, or this one within a longer input or with its hex digits in another case), not reported apart", n)
}

// containsUnits reports whether sub is within u.
func containsUnits(u, sub []uint16) bool {
	for i := 0; i+len(sub) <= len(u); i++ {
		if slices.Equal(u[i:i+len(sub)], sub) {
			return true
		}
	}
	return false
}

// failure returns f as package internal/cause sees it.
func (f *Finding) failure() cause.Failure {
	c := cause.Failure{Req: f.Request, Want: f.Expected, Got: f.Got}
	if f.Err != nil {
		c.NoAnswer, c.NoAnswerKind = f.Err.Error(), kindOfFinding(f.Kind)
	}
	return c
}

// findingJSON is a [Finding] as fuzz.schema.json writes it.
type findingJSON struct {
	Op          vectors.Op        `json:"op"`
	Kind        string            `json:"kind"`
	Request     vectors.Request   `json:"request"`
	Original    vectors.Request   `json:"original"`
	Expected    vectors.Response  `json:"expected"`
	Actual      *vectors.Response `json:"actual"`
	Error       string            `json:"error,omitempty"`
	Shrunk      bool              `json:"shrunk"`
	Reproduced  bool              `json:"reproduced"`
	Unconfirmed bool              `json:"unconfirmed"`
	Steps       int               `json:"shrink_steps"`
	Case        int64             `json:"case"`
	Variants    int               `json:"variants"`
	RequestLine string            `json:"request_line,omitempty"`
	VectorID    string            `json:"vector_id,omitempty"`
	File        string            `json:"vector_file,omitempty"`
	Rerun       string            `json:"rerun,omitempty"`
}

// MarshalJSON writes f as an element of fuzz.schema.json's findings, HTML
// characters as they are (the encoder that calls it escapes them if it
// is told to).
func (f Finding) MarshalJSON() ([]byte, error) {
	j := findingJSON{Op: f.Op, Kind: f.Kind, Request: f.Request, Original: f.Original, Expected: f.Expected,
		Shrunk: f.Shrunk, Reproduced: f.Reproduced, Unconfirmed: f.Unconfirmed, Steps: f.Steps, Case: f.Case, Variants: f.Variants,
		RequestLine: f.RequestLine, VectorID: f.VectorID, File: f.File, Rerun: f.Rerun}
	if f.Err != nil {
		j.Error = f.Err.Error()
	} else {
		j.Actual = &f.Got
	}
	var b bytes.Buffer
	err := writeJSON(&b, j)
	return b.Bytes(), err
}

// UnmarshalJSON reads an element of fuzz.schema.json's findings; its
// error, if any, becomes a *RecordedError of the finding's kind.
func (f *Finding) UnmarshalJSON(data []byte) error {
	var j findingJSON
	if err := json.Unmarshal(data, &j); err != nil {
		return err
	}
	*f = Finding{Op: j.Op, Kind: j.Kind, Request: j.Request, Original: j.Original, Expected: j.Expected,
		Shrunk: j.Shrunk, Reproduced: j.Reproduced, Unconfirmed: j.Unconfirmed, Steps: j.Steps, Case: j.Case, Variants: j.Variants,
		RequestLine: j.RequestLine, VectorID: j.VectorID, File: j.File, Rerun: j.Rerun}
	if j.Actual != nil {
		f.Got = *j.Actual
	}
	if j.Error != "" {
		f.Err = &RecordedError{Message: j.Error, Kind: kindOfFinding(j.Kind)}
	}
	return nil
}

// Tally sets the summary's counts of the findings from Findings: Findings;
// Confirmed, Unconfirmed and Flaky, how they stood at the end (failed
// again the same way when sent again alone; reported as they stood when
// the run ended; sent again alone, did not fail so); and their Causes.
func (j *FuzzReport) Tally() {
	s := &j.Summary
	s.Findings, s.Confirmed, s.Unconfirmed, s.Flaky = len(j.Findings), 0, 0, 0
	for i := range j.Findings {
		switch f := &j.Findings[i]; {
		case f.Reproduced:
			s.Confirmed++
		case f.Unconfirmed:
			s.Unconfirmed++
		default:
			s.Flaky++
		}
	}
	s.Causes = FuzzCauses(j.Results())
}

// Results returns the findings as failed Results, the vector of the N-th
// named "fuzz#N" and of no level: what [FuzzCauses] groups, and what the
// survey lists beside the failures of the vectors. The error that stood
// in for an answer is a Result's Err: the finding's, or, when that does
// not name the finding's kind ([ErrorKind]), a *RecordedError of its
// message that does, so that a report groups its findings as the same
// report read back does.
func (j *FuzzReport) Results() []Result {
	results := make([]Result, len(j.Findings))
	for i := range j.Findings {
		f := &j.Findings[i]
		r := Result{Vector: vectors.Vector{ID: fmt.Sprintf("fuzz#%d", i+1), Request: f.Request, Expect: f.Expected, Ref: FindingRef(f.Request)}, Outcome: Failed}
		if r.Err = f.Err; f.Err == nil {
			r.Got = f.Got
		} else if k := kindOfFinding(f.Kind); ErrorKind(f.Err) != k {
			r.Err = &RecordedError{Message: f.Err.Error(), Kind: k}
		}
		results[i] = r
	}
	return results
}

// FindingRef returns the spec reference of a fuzz finding on req: the
// clause that leaves the answer open when the spec does
// (vectors.Request.Open), else the op's spec.
func FindingRef(req vectors.Request) string {
	if clause, _ := req.Open(); clause != "" {
		return clause
	}
	op, _ := req.Op.Info()
	return op.Doc
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
// rejects what is not such a report, with a [*ReadError]: JSON of another
// shape (null, an array, a second value after it), a summary that does not
// count the findings that follow, a finding whose request is of another op
// than its own, or that has neither an actual answer nor an error, and a
// report that names no implementation.
func ReadFuzzReport(rd io.Reader) (*FuzzReport, error) {
	const what = "pctest fuzz"
	var j FuzzReport
	if err := decodeReport(rd, &j, what); err != nil {
		return nil, err
	}
	bad := func(item, reason string) error {
		return &ReadError{Report: what, Offset: -1, Item: item, Reason: reason}
	}
	if j.Summary.Findings != len(j.Findings) {
		return nil, bad("summary", fmt.Sprintf("summary.findings is %d, but %d findings follow", j.Summary.Findings, len(j.Findings)))
	}
	for i, f := range j.Findings {
		if f.Request.Op != f.Op {
			return nil, bad(fmt.Sprintf("finding %d", i+1), fmt.Sprintf("op %q, but its request's op is %q", f.Op, f.Request.Op))
		}
		if f.Err == nil && reflect.ValueOf(f.Got).IsZero() {
			return nil, bad(fmt.Sprintf("finding %d", i+1), "neither actual nor error")
		}
	}
	if j.FuzzInfo.Implementation == "" {
		return nil, bad("fuzz_info", "no implementation: not a pctest fuzz report")
	}
	return &j, nil
}

// WriteText writes the text report of pctest fuzz that follows its
// header: with a corpus, what its replay came to; a DISAGREE block per
// finding (with its request line and the command that reproduces it),
// with a corpus the count of findings saved, the ops not fuzzed, the ops that
// reached the findings limit or found the same finding again as often,
// the incidents, the findings grouped by op
// and cause, the differences on open inputs, the testee's stderr, and a
// summary line last.
func (j *FuzzReport) WriteText(w io.Writer) error {
	ew := &errWriter{w: w}
	s := &j.Summary
	if j.Corpus != nil {
		j.Corpus.writeReplay(ew)
	}
	for i := range j.Findings {
		writeFinding(ew, &j.Findings[i], j.Corpus)
	}
	if j.Corpus != nil {
		j.Corpus.writeSaved(ew)
	}
	if len(s.Unsupported) > 0 {
		fmt.Fprintf(ew, "unsupported by the testee, not fuzzed: %s\n", opList(s.Unsupported))
	}
	if len(s.Capped) > 0 {
		fmt.Fprintf(ew, "reached -max-findings %d, fuzzed no more: %s\n", s.MaxFindings, opList(s.Capped))
	}
	if len(s.Repeated) > 0 {
		fmt.Fprintf(ew, "stopped: the same finding again %d times (-max-findings), fuzzed no more: %s\n", s.MaxFindings, opList(s.Repeated))
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
	WriteWarnings(ew, j.Warnings, "cases")
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

// writeFinding writes a finding as a vector's line would show it; c is
// the corpus, nil without one.
func writeFinding(w io.Writer, fd *Finding, c *CorpusReplay) {
	fmt.Fprintf(w, "DISAGREE %s %s\n", fd.Request.Op, show.InputField(fd.Request))
	fmt.Fprintf(w, "  reference: %s\n", show.Answer(fd.Request.Op, fd.Expected))
	fmt.Fprintf(w, "  testee:    %s\n", show.Result(fd.Request.Op, fd.Got, fd.Err))
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
	if fd.Variants > 0 {
		fmt.Fprintf(w, "  %s\n", variantsNote(fd.Variants))
	}
	if fd.RequestLine != "" {
		fmt.Fprintf(w, "  request: %s\n", fd.RequestLine)
	}
	switch {
	case fd.File != "" && c != nil && !slices.Contains(c.Saved, fd.File):
		fmt.Fprintf(w, "  kept:    %s (saved by an earlier run: found again)\n  rerun:   %s\n", fd.File, fd.Rerun)
	case fd.File != "":
		fmt.Fprintf(w, "  saved:   %s\n  rerun:   %s\n", fd.File, fd.Rerun)
	case fd.Rerun != "":
		// The command alone on its line, so that it pastes as it stands.
		fmt.Fprintf(w, "  rerun:   %s\n  keep:    -corpus DIR saves it as a vectors file\n", fd.Rerun)
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
