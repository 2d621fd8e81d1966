package main

import (
	"encoding/hex"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/pctest/pctest/conformance"
	"github.com/pctest/pctest/internal/cause"
	"github.com/pctest/pctest/internal/show"
	"github.com/pctest/pctest/vectors"
)

// A Result is one vector's outcome, or one fuzz finding, in the survey's
// terms.
type Result struct {
	ID      string // the vector's id, or "fuzz#N"
	Op      vectors.Op
	Ref     string
	Outcome conformance.Outcome
	Req     vectors.Request
	Want    vectors.Response
	Got     vectors.Response
	// Incident is the runner's account of a crash, timeout or protocol
	// error that stood in for an answer.
	Incident string
	// Fuzz marks a finding of pctest fuzz.
	Fuzz bool

	rel *cause.Relation // relation's cache
}

// relation returns the relation between r's expected and actual answers
// (internal/cause.Classify), computed once.
func (r *Result) relation() cause.Relation {
	if r.rel == nil {
		rel := cause.Classify(r.failure())
		r.rel = &rel
	}
	return *r.rel
}

// failed reports whether r is a divergence.
func (r *Result) failed() bool { return r.Outcome.Fails() || r.Fuzz }

// ShowInput, ShowWant and ShowGot write r's input, the expected answer and
// the implementation's (or the incident that stood in for it) for people,
// as every pctest report does (internal/show).
func (r *Result) ShowInput() string { return show.Input(r.Req) }
func (r *Result) ShowWant() string  { return show.Answer(r.Op, r.Want) }
func (r *Result) ShowGot() string {
	if r.Incident != "" {
		return "(" + r.Incident + ")"
	}
	return show.Answer(r.Op, r.Got)
}

// A Run is what pctest run -format json said about one row.
type Run struct {
	Suite    string
	Vectors  int
	Seconds  float64
	Partial  bool
	Results  []Result
	Stderr   string
	Incident string // the incidents block, when there was any
}

// The pctest JSON report (cmd/pctest/report.schema.json), as far as the
// survey reads it.
type jsonReport struct {
	RunInfo struct {
		SuiteVersion    string  `json:"suite_version"`
		VectorCount     int     `json:"vector_count"`
		DurationSeconds float64 `json:"duration_seconds"`
		Partial         bool    `json:"partial"`
	} `json:"run_info"`
	Incidents map[string]int `json:"incidents"`
	Results   []struct {
		ID       string              `json:"id"`
		Op       string              `json:"op"`
		Ref      string              `json:"ref"`
		Status   conformance.Outcome `json:"status"`
		In       json.RawMessage     `json:"in"`
		InHex    *string             `json:"in_hex"`
		Args     map[string]string   `json:"args"`
		Expected *jsonResponse       `json:"expected"`
		Got      *jsonResponse       `json:"got"`
		Error    string              `json:"error"`
	} `json:"results"`
	Stderr string `json:"testee_stderr"`
}

type jsonResponse struct {
	Out         json.RawMessage `json:"out"`
	OutHex      *string         `json:"out_hex"`
	Error       string          `json:"error"`
	Message     string          `json:"message"`
	Unsupported bool            `json:"unsupported"`
}

func (j *jsonResponse) response() (vectors.Response, error) {
	var r vectors.Response
	if j == nil {
		return r, nil
	}
	r.Error, r.Message, r.Unsupported = j.Error, j.Message, j.Unsupported
	if len(j.Out) > 0 {
		u, err := vectors.ParseJSONText(j.Out)
		if err != nil {
			return r, err
		}
		r.Out = u
	}
	if j.OutHex != nil {
		b, err := hex.DecodeString(*j.OutHex)
		if err != nil {
			return r, err
		}
		r.OutHex = b
	}
	return r, nil
}

// parseRun reads the output of pctest run -format json.
func parseRun(data []byte) (*Run, error) {
	var j jsonReport
	if err := json.Unmarshal(data, &j); err != nil {
		return nil, fmt.Errorf("pctest JSON report: %w", err)
	}
	run := &Run{
		Suite: j.RunInfo.SuiteVersion, Vectors: j.RunInfo.VectorCount,
		Seconds: j.RunInfo.DurationSeconds, Partial: j.RunInfo.Partial, Stderr: j.Stderr,
	}
	var inc []string
	for _, k := range slices.Sorted(maps.Keys(j.Incidents)) {
		if n := j.Incidents[k]; n > 0 {
			inc = append(inc, fmt.Sprintf("%d %s", n, strings.ReplaceAll(k, "_", " ")))
		}
	}
	run.Incident = strings.Join(inc, ", ")
	for _, jr := range j.Results {
		r := Result{ID: jr.ID, Op: vectors.Op(jr.Op), Ref: jr.Ref, Outcome: jr.Status, Incident: jr.Error}
		r.Req.Op, r.Req.Args = vectors.Op(jr.Op), jr.Args
		var err error
		switch {
		case jr.InHex != nil:
			if r.Req.InHex, err = hex.DecodeString(*jr.InHex); err == nil && r.Req.InHex == nil {
				r.Req.InHex = []byte{}
			}
		case len(jr.In) > 0:
			r.Req.In, err = vectors.ParseJSONText(jr.In)
		}
		if err != nil {
			return nil, fmt.Errorf("result %s: input: %w", jr.ID, err)
		}
		if r.Want, err = jr.Expected.response(); err != nil {
			return nil, fmt.Errorf("result %s: expected: %w", jr.ID, err)
		}
		if r.Got, err = jr.Got.response(); err != nil {
			return nil, fmt.Errorf("result %s: got: %w", jr.ID, err)
		}
		run.Results = append(run.Results, r)
	}
	return run, nil
}

// A FuzzRun is what pctest fuzz -format json said about one row.
type FuzzRun struct {
	Findings    []Result
	Summary     string // "N cases in T (R/s), N findings"
	Unsupported string // the ops the testee does not have, comma-separated
	Incident    string // the incidents, when there was any
	Partial     bool   // the run was interrupted
}

// The pctest fuzz JSON report (cmd/pctest/fuzz.schema.json), as far as the
// survey reads it.
type jsonFuzzReport struct {
	FuzzInfo struct {
		DurationSeconds float64 `json:"duration_seconds"`
		Partial         bool    `json:"partial"`
	} `json:"fuzz_info"`
	Summary struct {
		Cases       int64        `json:"cases"`
		Judged      int64        `json:"judged"`
		Findings    int          `json:"findings"`
		Unsupported []vectors.Op `json:"unsupported_ops"`
	} `json:"summary"`
	Incidents map[string]int `json:"incidents"`
	Findings  []struct {
		Op         vectors.Op        `json:"op"`
		Kind       string            `json:"kind"`
		Request    vectors.Request   `json:"request"`
		Expected   vectors.Response  `json:"expected"`
		Actual     *vectors.Response `json:"actual"`
		Error      string            `json:"error"`
		Shrunk     bool              `json:"shrunk"`
		Reproduced bool              `json:"reproduced"`
		// Unconfirmed: the time ran out before the finding could be
		// sent alone again (testee.Finding.Unconfirmed), so it is not
		// known to be flaky.
		Unconfirmed bool `json:"unconfirmed"`
	} `json:"findings"`
}

// parseFuzz reads the output of pctest fuzz -format json. Each finding
// becomes a failed Result with ID "fuzz#N"; a crash, timeout or protocol
// error that stood in for the answer is its Incident.
func parseFuzz(data []byte) (*FuzzRun, error) {
	var j jsonFuzzReport
	if err := json.Unmarshal(data, &j); err != nil {
		return nil, fmt.Errorf("pctest fuzz JSON report: %w", err)
	}
	if j.Summary.Findings != len(j.Findings) {
		return nil, fmt.Errorf("pctest fuzz JSON report: summary.findings is %d, but %d findings follow", j.Summary.Findings, len(j.Findings))
	}
	fr := &FuzzRun{Partial: j.FuzzInfo.Partial}
	for i, f := range j.Findings {
		if f.Request.Op != f.Op {
			return nil, fmt.Errorf("pctest fuzz JSON report: finding %d: op %q, but its request's op is %q", i+1, f.Op, f.Request.Op)
		}
		r := Result{ID: fmt.Sprintf("fuzz#%d", i+1), Op: f.Op, Outcome: conformance.Failed, Req: f.Request, Want: f.Expected, Fuzz: true}
		switch {
		case f.Actual != nil:
			r.Got = *f.Actual
		case f.Error != "":
			r.Incident = f.Error
		default:
			return nil, fmt.Errorf("pctest fuzz JSON report: finding %d: neither actual nor error", i+1)
		}
		switch {
		case f.Unconfirmed:
			r.Incident = strings.TrimSpace(r.Incident + " (unconfirmed: the time ran out before it was sent alone again)")
		case !f.Reproduced:
			r.Incident = strings.TrimSpace(r.Incident + " (flaky: did not fail again when sent alone)")
		}
		fr.Findings = append(fr.Findings, r)
	}
	secs := j.FuzzInfo.DurationSeconds
	rate := 0.0
	if secs > 0 {
		rate = float64(j.Summary.Cases) / secs
	}
	fr.Summary = fmt.Sprintf("%d cases in %.1fs (%.0f/s), %d judged, %s", j.Summary.Cases, secs, rate, j.Summary.Judged, plural(len(j.Findings), "finding"))
	var ops []string
	for _, op := range j.Summary.Unsupported {
		ops = append(ops, string(op))
	}
	fr.Unsupported = strings.Join(ops, ", ")
	var incidents []string
	for _, k := range slices.Sorted(maps.Keys(j.Incidents)) {
		if n := j.Incidents[k]; n > 0 {
			incidents = append(incidents, fmt.Sprintf("%d %s", n, strings.ReplaceAll(k, "_", " ")))
		}
	}
	fr.Incident = strings.Join(incidents, ", ")
	return fr, nil
}
