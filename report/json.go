package report

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"time"

	"github.com/pctest/pctest/vectors"
)

// This file holds the JSON report of pctest run -format json: one Go type
// per object of report.schema.json (beside this file), and the functions
// that write and read it. TestSchemasMatchTypes keeps the two in step.

// A RunReport is what pctest run -format json writes: one object,
// report.schema.json. Text values are UTF-16 code units ([Text]), lone
// surrogates written as \uXXXX escapes; octets are hex ([Hex]).
type RunReport struct {
	RunInfo   RunInfo    `json:"run_info"`
	Summary   RunSummary `json:"summary"`
	Incidents *Incidents `json:"incidents,omitempty"`
	Causes    []Cause    `json:"causes"`
	// Warnings group the implementation-defined vectors whose answer
	// differs from the suite's recommendation, with a few examples each:
	// never failures.
	Warnings []Warning `json:"warnings"`
	Stale    []Stale   `json:"stale"`
	Results  []Record  `json:"results"`
	Stderr   string    `json:"testee_stderr,omitempty"`
	// Hints are advice the failures call for, such as the -utf16hex hint
	// ([Run.UTF16HexHint]); absent when none.
	Hints []string `json:"hints,omitempty"`
}

// Info is what the run and the fuzz reports say about every run: what ran,
// which suite and protocol, when, how long, and whether it ended early.
type Info struct {
	Implementation string `json:"implementation"`
	// TesteeCommand is the testee's command and arguments; nil for a
	// built-in implementation.
	TesteeCommand   []string `json:"testee_command"`
	SuiteVersion    string   `json:"suite_version"`
	ProtocolVersion int      `json:"protocol_version"`
	// CommandLine is the pctest command that made the report, as it was
	// given ("pctest", the subcommand, its flags and arguments); nil when
	// the report was not made by the command.
	CommandLine []string `json:"command_line"`
	// StartTime is in RFC 3339 form, UTC.
	StartTime       string  `json:"start_time"`
	DurationSeconds float64 `json:"duration_seconds"`
	// Partial says the run was interrupted: the report holds what
	// finished.
	Partial bool `json:"partial"`
}

// newInfo fills an Info.
func newInfo(impl string, argv, commandLine []string, suite string, protocol int, start time.Time, elapsed time.Duration, partial bool) Info {
	return Info{
		Implementation:  impl,
		TesteeCommand:   argv,
		CommandLine:     commandLine,
		SuiteVersion:    suite,
		ProtocolVersion: protocol,
		StartTime:       start.UTC().Format(time.RFC3339),
		DurationSeconds: elapsed.Seconds(),
		Partial:         partial,
	}
}

// RunInfo is a run report's run_info: Info, how many vectors were
// selected and by which flags, and the expected-failures list in force.
type RunInfo struct {
	Info
	VectorCount    int      `json:"vector_count"`
	Selection      []string `json:"selection"`
	ExpectFailFile string   `json:"expect_fail_file,omitempty"`
}

// RunSummary is a run report's summary: a [Summary] and the stale
// expected-failures entries. The run fails when Failed + StaleEntries > 0.
type RunSummary struct {
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

// Incidents count what went wrong with a testee's processes, as package
// testee's Process.Incidents returns them.
type Incidents struct {
	Restarts       int `json:"restarts"`        // processes started after the first
	Crashes        int `json:"crashes"`         // requests charged with a crash
	Timeouts       int `json:"timeouts"`        // requests charged with a timeout
	ProtocolErrors int `json:"protocol_errors"` // requests charged with a protocol error
	StrayLines     int `json:"stray_lines"`     // output lines no request was charged with
	// Flaky counts incidents with several requests in flight that none of
	// them caused when sent again alone.
	Flaky int `json:"flaky,omitempty"`
}

// A Cause is a group of failures, as every report lists them ([Causes]):
// one op, one level, one relation between the expected and the actual
// answer (its id from package internal/cause, such as "lowercase-hex"),
// and the vectors that failed so.
type Cause struct {
	Op vectors.Op `json:"op"`
	// Level is the level of the cause's vectors (vectors.Levels).
	Level    string `json:"level,omitempty"`
	Relation string `json:"relation"`
	Title    string `json:"title"`
	Step     string `json:"step"`
	Count    int    `json:"count"`
	// Example is the id of the vector with the shortest input.
	Example string   `json:"example"`
	IDs     []string `json:"ids"`
}

// A Stale is an expected-failures entry that names no vector; each fails
// the run.
type Stale struct {
	File string `json:"file"`
	Line int    `json:"line"`
	ID   string `json:"id"`
	// Message says file:line and what is wrong, as the text report's
	// STALE line.
	Message string `json:"message"`
}

// A Record is one result as the run report writes it.
type Record struct {
	ID     string     `json:"id"`
	Op     vectors.Op `json:"op"`
	Level  string     `json:"level,omitempty"`
	Ref    string     `json:"ref,omitempty"`
	File   string     `json:"file,omitempty"`
	Line   int        `json:"line,omitempty"`
	Status Outcome    `json:"status"`
	// In is a text input, InHex an octet input: one of them is set.
	In       *Text             `json:"in,omitempty"`
	InHex    *Hex              `json:"in_hex,omitempty"`
	Args     map[string]string `json:"args,omitempty"`
	Expected *Response         `json:"expected"`
	// Got is the implementation's answer, absent when the vector passed
	// or when Error is set.
	Got *Response `json:"got,omitempty"`
	// Error says what stood in for an answer: "crash: …", "timeout: …".
	Error string `json:"error,omitempty"`
	// Why says why the vector failed as expected, passed unexpectedly, or
	// differs without failing.
	Why string `json:"why,omitempty"`
	// RequestLine is the request the testee received, with id 1
	// ([Repro.RequestLine]), and Rerun the command that runs the vector
	// alone again ([Repro.Rerun]): both set for the statuses fail, xfail,
	// xpass and differ.
	RequestLine string `json:"request_line,omitempty"`
	Rerun       string `json:"rerun,omitempty"`
}

// A Response is an answer as the testee protocol writes it.
type Response struct {
	Out         *Text  `json:"out,omitempty"`
	OutHex      *Hex   `json:"out_hex,omitempty"`
	Error       string `json:"error,omitempty"`
	Message     string `json:"message,omitempty"`
	Unsupported bool   `json:"unsupported,omitempty"`
}

// Text is UTF-16 text that is a JSON string, lone surrogates kept as
// \uXXXX escapes (vectors.AppendJSONText, vectors.ParseJSONText).
type Text []uint16

// MarshalJSON writes t as a JSON string.
func (t Text) MarshalJSON() ([]byte, error) { return vectors.AppendJSONText(nil, t), nil }

// UnmarshalJSON reads a JSON string as its code units.
func (t *Text) UnmarshalJSON(data []byte) error {
	u, err := vectors.ParseJSONText(data)
	if err != nil {
		return err
	}
	*t = u
	return nil
}

// Hex is octets that are a JSON string of hex digits.
type Hex []byte

// MarshalText writes h in lowercase hex.
func (h Hex) MarshalText() ([]byte, error) { return []byte(hex.EncodeToString(h)), nil }

// UnmarshalText reads hex digits; the octets are not nil, also for none.
func (h *Hex) UnmarshalText(text []byte) error {
	p, err := hex.DecodeString(string(text))
	if err != nil {
		return err
	}
	if p == nil {
		p = []byte{}
	}
	*h = p
	return nil
}

// responseOf returns r as a report writes it.
func responseOf(r vectors.Response) *Response {
	j := &Response{Error: r.Error, Message: r.Message, Unsupported: r.Unsupported}
	if r.Out != nil {
		t := Text(r.Out)
		j.Out = &t
	}
	if r.OutHex != nil {
		h := Hex(r.OutHex)
		j.OutHex = &h
	}
	return j
}

// Response returns the answer j writes; a nil j is the zero answer.
func (j *Response) Response() vectors.Response {
	var r vectors.Response
	if j == nil {
		return r
	}
	r.Error, r.Message, r.Unsupported = j.Error, j.Message, j.Unsupported
	if j.Out != nil {
		r.Out = []uint16(*j.Out)
	}
	if j.OutHex != nil {
		r.OutHex = []byte(*j.OutHex)
	}
	return r
}

// Request returns the request of the vector r is the result of.
func (r *Record) Request() vectors.Request {
	req := vectors.Request{Op: r.Op, Args: r.Args}
	switch {
	case r.InHex != nil:
		req.InHex = []byte(*r.InHex)
	case r.In != nil:
		req.In = []uint16(*r.In)
	}
	return req
}

// recordOf returns o as the run report writes it.
func recordOf(o *Result) Record {
	v := &o.Vector
	rec := Record{
		ID: v.ID, Op: v.Op, Level: v.Level, Ref: v.Ref, File: v.File, Line: v.Line,
		Status: o.Outcome, Args: v.Args, Expected: responseOf(v.Expect), Why: why(o),
	}
	if v.InHex != nil || isOctetInput(v.Op) {
		h := Hex(v.InHex)
		rec.InHex = &h
	} else {
		t := Text(v.In)
		rec.In = &t
	}
	if o.Err != nil {
		rec.Error = o.Err.Error()
	} else if o.Outcome != Passed && o.Outcome != Agrees {
		rec.Got = responseOf(o.Got)
	}
	return rec
}

// Report returns the JSON report of the run.
func (r *Run) Report() *RunReport {
	j := r.reportHead()
	for i := range r.Results {
		j.Results = append(j.Results, r.record(i))
	}
	return j
}

// reportHead returns the JSON report of the run without its results.
func (r *Run) reportHead() *RunReport {
	t := SummaryOf(r.Results)
	j := &RunReport{
		RunInfo: RunInfo{
			Info:           newInfo(r.Impl, r.Argv, r.CommandLine, r.suite(), r.Protocol, r.Start, r.Elapsed, r.Partial),
			VectorCount:    r.Vectors,
			Selection:      r.Selection,
			ExpectFailFile: r.ExpectFailFile,
		},
		Summary:  RunSummary{t.Passed, t.Failed, t.Skipped, t.ExpectedFailures, t.UnexpectedPasses, len(r.Stale), t.ImplementationDefined, t.Differing},
		Causes:   Causes(r.Results),
		Warnings: Warnings(r.Results),
		Stale:    append([]Stale{}, r.Stale...),
		Results:  []Record{},
		Stderr:   r.Stderr,
	}
	if j.RunInfo.Selection == nil {
		j.RunInfo.Selection = []string{}
	}
	if r.Argv != nil {
		inc := r.Incidents
		j.Incidents = &inc
	}
	if h := r.UTF16HexHint(); h != "" {
		j.Hints = []string{h}
	}
	return j
}

// record returns the JSON record of the run's i-th result.
func (r *Run) record(i int) Record {
	o := &r.Results[i]
	rec := recordOf(o)
	if reproducible(o.Outcome) {
		rec.RequestLine, rec.Rerun = r.Repro.RequestLine(o.Vector.Request), r.rerun(o)
	}
	return rec
}

// emptyResults is how writeJSON writes a RunReport's empty results: a
// member of the top-level object, which alone has its keys indented by
// two spaces on a line of their own.
const emptyResults = "\n  \"results\": []"

// WriteJSON writes the run's JSON report (report.schema.json), as
// Report().Write would, but one result at a time: a full run's report
// is megabytes, which it does not hold whole.
func (r *Run) WriteJSON(w io.Writer) error {
	var head bytes.Buffer
	if err := writeJSON(&head, r.reportHead()); err != nil {
		return err
	}
	i := bytes.Index(head.Bytes(), []byte(emptyResults))
	if len(r.Results) == 0 || i < 0 {
		if len(r.Results) > 0 {
			return r.Report().Write(w) // not expected: writeJSON changed its layout
		}
		_, err := w.Write(head.Bytes())
		return err
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	bw.Write(head.Bytes()[:i])
	bw.WriteString("\n  \"results\": [\n    ")
	var buf []byte
	for k := range r.Results {
		if k > 0 {
			bw.WriteString(",\n    ")
		}
		rec := r.record(k)
		var err error
		if buf, err = appendRecordJSON(buf[:0], &rec); err != nil {
			return fmt.Errorf("json: error calling MarshalText for type report.Outcome: %w", err)
		}
		bw.Write(buf)
	}
	bw.WriteString("\n  ]")
	bw.Write(head.Bytes()[i+len(emptyResults):])
	return bw.Flush()
}

// Write writes j, indented, HTML characters as they are.
func (j *RunReport) Write(w io.Writer) error { return writeJSON(w, j) }

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// ReadRunReport reads a report that pctest run -format json wrote. It
// rejects what is not such a report, with a [*ReadError]: JSON of another
// shape (null, an array, a second value after it), a result without an id,
// with an unknown status or with an input both text and octets, an id
// twice, a report that names no implementation, and a summary whose counts
// are not those of the results that follow.
func ReadRunReport(rd io.Reader) (*RunReport, error) {
	const what = "pctest run"
	var j RunReport
	if err := decodeReport(rd, &j, what); err != nil {
		return nil, err
	}
	bad := func(item, reason string) error {
		return &ReadError{Report: what, Offset: -1, Item: item, Reason: reason}
	}
	seen := make(map[string]bool, len(j.Results))
	for i := range j.Results {
		rec := &j.Results[i]
		switch {
		case rec.ID == "":
			return nil, bad(fmt.Sprintf("result %d", i+1), "no id")
		case rec.Status == 0:
			return nil, bad("result "+rec.ID, "no status")
		case rec.In != nil && rec.InHex != nil:
			return nil, bad("result "+rec.ID, "both in and in_hex")
		case seen[rec.ID]:
			return nil, bad("result "+rec.ID, "a second result of the same vector")
		}
		seen[rec.ID] = true
	}
	s := &j.Summary
	switch total := s.Passed + s.Failed + s.Skipped + s.ExpectedFailures + s.ImplementationDefined; {
	case j.RunInfo.Implementation == "":
		return nil, bad("run_info", "no implementation: not a pctest run report")
	case total != len(j.Results):
		return nil, bad("summary", fmt.Sprintf("counts %d vectors (passed, failed, skipped, expected failures, implementation-defined), but %d results follow", total, len(j.Results)))
	}
	return &j, nil
}
