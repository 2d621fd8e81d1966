package main

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/pctest/pctest/internal/cause"
	"github.com/pctest/pctest/internal/show"
	"github.com/pctest/pctest/report"
	"github.com/pctest/pctest/vectors"
)

// A Result is one vector's outcome, or one fuzz finding, as the survey
// groups and shows it: the report's Result (a finding's vector named
// "fuzz#N", as [report.FuzzReport.Results] makes it), marked when it is a
// finding of pctest fuzz.
type Result struct {
	report.Result
	// Fuzz marks a finding of pctest fuzz.
	Fuzz bool

	rel *cause.Relation // relation's cache
}

// relation returns the relation between r's expected and actual answers
// (report.Result.Relation, as every pctest report classifies them),
// computed once.
func (r *Result) relation() cause.Relation {
	if r.rel == nil {
		var rel cause.Relation
		rel.ID, rel.Title, rel.Step = r.Relation()
		r.rel = &rel
	}
	return *r.rel
}

// incident returns the runner's account of the crash, timeout or protocol
// error that stood in for an answer, or "".
func (r *Result) incident() string {
	if r.Err == nil {
		return ""
	}
	return r.Err.Error()
}

// failed reports whether r is a divergence.
func (r *Result) failed() bool { return r.Outcome.Fails() || r.Fuzz }

// ShowInput, ShowWant and ShowGot write r's input, the expected answer and
// the implementation's (or the incident that stood in for it) for people,
// as every pctest report does (internal/show).
func (r *Result) ShowInput() string { return show.Input(r.Vector.Request) }
func (r *Result) ShowWant() string  { return show.Answer(r.Vector.Op, r.Vector.Expect) }
func (r *Result) ShowGot() string {
	if r.Err != nil {
		return "(" + r.Err.Error() + ")"
	}
	return show.Answer(r.Vector.Op, r.Got)
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

// parseRun reads the output of pctest run -format json
// (report.ReadRunReport).
func parseRun(data []byte) (*Run, error) {
	j, err := report.ReadRunReport(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	run := &Run{
		Suite: j.RunInfo.SuiteVersion, Vectors: j.RunInfo.VectorCount,
		Seconds: j.RunInfo.DurationSeconds, Partial: j.RunInfo.Partial, Stderr: j.Stderr,
		Incident: incidentText(j.Incidents),
	}
	for i := range j.Results {
		rec := &j.Results[i]
		r := Result{Result: report.Result{Vector: vectors.Vector{ID: rec.ID, Ref: rec.Ref, Request: rec.Request(), Expect: rec.Expected.Response()},
			Outcome: rec.Status, Got: rec.Got.Response()}}
		if rec.Error != "" {
			r.Err = &report.RecordedError{Message: rec.Error}
		}
		run.Results = append(run.Results, r)
	}
	return run, nil
}

// incidentText writes the incidents that happened, "2 crashes, 1
// restarts", or "".
func incidentText(inc *report.Incidents) string {
	if inc == nil {
		return ""
	}
	var parts []string
	for _, k := range []struct {
		n    int
		name string
	}{{inc.Crashes, "crashes"}, {inc.Flaky, "flaky"}, {inc.ProtocolErrors, "protocol errors"}, {inc.Restarts, "restarts"}, {inc.StrayLines, "stray lines"}, {inc.Timeouts, "timeouts"}} {
		if k.n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", k.n, k.name))
		}
	}
	return strings.Join(parts, ", ")
}

// incidentCount writes n incidents of kind (report.ErrorKind), "1 crash",
// "2 timeouts", "3 protocol errors".
func incidentCount(n int, kind string) string {
	noun := kind
	if kind == "protocol" {
		noun = "protocol error"
	}
	if n == 1 {
		return "1 " + noun
	}
	if kind == "crash" {
		return fmt.Sprintf("%d crashes", n)
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// A FuzzRun is what pctest fuzz -format json said about one row.
type FuzzRun struct {
	Findings    []Result
	Summary     string // "N cases sent in T (R/s), N answered, N judged, N findings"
	Unsupported string // the ops the testee does not have, comma-separated
	Incident    string // the incidents, when there was any, and the unattributed ones
	Partial     bool   // the run was interrupted
	// NotRun says why pctest fuzz wrote no report ("exit 2, no report:"
	// and its last line on stderr, where it says why), when it could not fuzz the row at
	// all: then nothing was fuzzed, and the row's zero findings say
	// nothing.
	NotRun string
	// Unattributed are the findings that are an incident (a crash, a
	// timeout) pctest fuzz could not charge to a request: unconfirmed, it
	// stood against one of the requests in flight, and the run ended
	// before that one was sent again alone. Which request caused it is
	// not known, so it is no divergence of its op; Incident names them.
	Unattributed []Result
}

// parseFuzz reads the output of pctest fuzz -format json
// (report.ReadFuzzReport). Each finding becomes a failed Result with ID
// "fuzz#N"; a crash, timeout or protocol error that stood in for the
// answer, with a note when the finding is unconfirmed or flaky, is its Err.
func parseFuzz(data []byte) (*FuzzRun, error) {
	j, err := report.ReadFuzzReport(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	fr := &FuzzRun{Partial: j.FuzzInfo.Partial}
	for i, f := range j.Findings {
		r := Result{Result: report.Result{Vector: vectors.Vector{ID: fmt.Sprintf("fuzz#%d", i+1), Request: f.Request, Expect: f.Expected},
			Outcome: report.Failed, Got: f.Got}, Fuzz: true}
		if f.Unconfirmed && report.ErrorKind(f.Err) != "" {
			r.Err = f.Err
			fr.Unattributed = append(fr.Unattributed, r)
			continue
		}
		var incident string
		if f.Err != nil {
			incident = f.Err.Error()
		}
		switch {
		case f.Unconfirmed:
			incident = strings.TrimSpace(incident + " (unconfirmed: the time ran out before it was sent alone again)")
		case !f.Reproduced:
			incident = strings.TrimSpace(incident + " (flaky: did not fail again when sent alone)")
		}
		if incident != "" {
			r.Err = &report.RecordedError{Message: incident}
		}
		fr.Findings = append(fr.Findings, r)
	}
	secs := j.FuzzInfo.DurationSeconds
	rate := 0.0
	if secs > 0 {
		rate = float64(j.Summary.Sent) / secs
	}
	// Sent, not Cases: a case that crashed the testee is judged but not
	// answered, so the cases answered can be fewer than those judged.
	fr.Summary = fmt.Sprintf("%d cases sent in %.1fs (%.0f/s), %d answered, %d judged, %s",
		j.Summary.Sent, secs, rate, j.Summary.Cases, j.Summary.Judged, plural(len(fr.Findings), "finding"))
	var ops []string
	for _, op := range j.Summary.Unsupported {
		ops = append(ops, string(op))
	}
	fr.Unsupported = strings.Join(ops, ", ")
	fr.Incident = incidentText(j.Incidents)
	if n := len(fr.Unattributed); n > 0 {
		kinds := map[string]int{}
		var order []string
		for _, r := range fr.Unattributed {
			k := report.ErrorKind(r.Err)
			if kinds[k] == 0 {
				order = append(order, k)
			}
			kinds[k]++
		}
		var parts []string
		for _, k := range order {
			parts = append(parts, incidentCount(kinds[k], k))
		}
		fr.Incident = strings.TrimPrefix(fr.Incident+"; ", "; ") + strings.Join(parts, ", ") +
			" charged to no request: unconfirmed, the run ended before the request in flight it stood against was sent again alone"
	}
	return fr, nil
}
