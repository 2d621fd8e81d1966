package report

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/pctest/pctest/internal/cause"
	"github.com/pctest/pctest/internal/show"
)

// htmlFuzzPage is what templates/fuzz.html shows.
type htmlFuzzPage struct {
	Time, Suite                   string
	Protocol                      int
	Impl, Command, CommandLine    string
	Seed                          uint64
	Cases                         int64
	Elapsed, Rate                 string
	Partial                       bool
	Summary                       FuzzSummary
	Unsupported, Capped, Repeated string
	Incidents                     string
	Headline                      string
	Causes                        []htmlCause
	Stderr                        string
	Corpus                        *CorpusReplay // nil without -corpus
}

// WriteHTML writes the self-contained HTML report of the fuzzing run,
// generated at now, in the style of the run report ([WriteHTML]): what
// ran and the command that ran it, the findings grouped by cause, each
// cause and its first finding open, each finding with its input, the
// reference's and the testee's answers and their diff; then the
// differences on implementation-defined inputs as warnings, by cause,
// with their examples. With a corpus, it says what its replay came to and
// lists the earlier findings that still fail, each with its request line
// and rerun command, and those that now pass.
func (j *FuzzReport) WriteHTML(w io.Writer, now time.Time) error {
	info, s := &j.FuzzInfo, &j.Summary
	p := htmlFuzzPage{
		Time: now.UTC().Format(time.RFC3339), Suite: info.SuiteVersion, Protocol: info.ProtocolVersion,
		Impl: info.Implementation, Command: "(built in)", Seed: info.Seed, Cases: s.Cases,
		Elapsed: time.Duration(info.DurationSeconds * float64(time.Second)).Round(time.Millisecond).String(),
		Rate:    fmt.Sprintf("%.0f", float64(s.Cases)/max(info.DurationSeconds, 1e-9)),
		Partial: info.Partial, Summary: *s,
		Unsupported: opList(s.Unsupported), Capped: opList(s.Capped), Repeated: opList(s.Repeated),
		Stderr: j.Stderr, Corpus: j.Corpus,
	}
	if info.TesteeCommand != nil {
		p.Command = show.Command(info.TesteeCommand)
	}
	if info.CommandLine != nil {
		p.CommandLine = show.Command(info.CommandLine)
	}
	if inc := j.Incidents; inc != nil && *inc != (Incidents{}) {
		p.Incidents = fmt.Sprintf("%d restarts, %d crashes, %d timeouts, %d protocol errors, %d flaky incidents", inc.Restarts, inc.Crashes, inc.Timeouts, inc.ProtocolErrors, inc.Flaky)
	}
	results := j.Results()
	for _, c := range groupAll(results) {
		g := htmlCause{Count: c.Count(), Class: "fail", Op: string(c.Op), Title: c.Relation.Title, Step: c.Step(), Example: cause.Example(c.Example), Open: true}
		for _, k := range c.Failures {
			g.Failures = append(g.Failures, htmlFindingOf(&j.Findings[k], &results[k]))
		}
		p.Causes = append(p.Causes, g)
	}
	findings := len(p.Causes)
	for _, wn := range j.Warnings {
		g := htmlCause{Count: int(wn.Count), Class: "warn", Op: string(wn.Op), Step: wn.Step, Open: true,
			Title: "a warning, not a finding: " + wn.Title + " (the spec leaves the answer open; not the suite's recommendation)"}
		for i := range wn.Examples {
			g.Failures = append(g.Failures, htmlExampleOf(&wn.Examples[i]))
		}
		if len(g.Failures) > 0 {
			p.Causes = append(p.Causes, g)
		}
	}
	for i := range p.Causes {
		p.Causes[i].Failures[0].Open = true
	}
	switch {
	case findings == 0 && len(p.Causes) > 0:
		p.Headline = "no findings; warnings on implementation-defined inputs"
	case findings == 1:
		p.Headline = "1 cause of " + show.Count(len(j.Findings), "finding", "findings")
	case findings > 1:
		p.Headline = fmt.Sprintf("%d causes of %d findings, biggest first", findings, len(j.Findings))
	}
	return htmlTemplate().ExecuteTemplate(w, "fuzz.html", p)
}

// htmlFindingOf renders finding f, whose Result is r, as a failure.
func htmlFindingOf(f *Finding, r *Result) htmlFailure {
	h := htmlFailureOf(r)
	h.Status, h.Class, h.WantName = strings.ToUpper(f.Kind), "fail", "reference"
	var state string
	switch {
	case f.Unconfirmed:
		state = "unconfirmed: the run ended before it was sent again on its own; reported as it stood"
	case !f.Reproduced:
		state = "flaky: sent again on its own, it did not fail the same way"
	default:
		state = "confirmed: sent again on its own, it failed the same way"
	}
	h.Notes = append(h.Notes, htmlNote{"status", state})
	if !sameRequest(f.Original, f.Request) || f.Steps > 0 {
		shrunk := fmt.Sprintf("from %s in %d steps", show.Clip(show.InputField(f.Original), 200), f.Steps)
		if !f.Shrunk {
			shrunk += " (not to the end: time ran out)"
		}
		h.Notes = append(h.Notes, htmlNote{"shrunk", shrunk})
	}
	if f.Variants > 0 {
		h.Notes = append(h.Notes, htmlNote{"variants", variantsNote(f.Variants)})
	}
	h.Notes = append(h.Notes, htmlNote{"case", fmt.Sprint(f.Case)})
	if f.File != "" {
		h.Notes = append(h.Notes, htmlNote{"saved", f.File})
	}
	h.Request, h.Rerun = f.RequestLine, f.Rerun
	return h
}

// htmlExampleOf renders the example of a warning as a failure.
func htmlExampleOf(e *Example) htmlFailure {
	r := Result{Vector: vectorOf(e), Outcome: Differs}
	if e.Got != nil {
		r.Got = *e.Got
	} else {
		r.Err = &RecordedError{Message: e.Error}
	}
	h := htmlFailureOf(&r)
	h.Status, h.Class, h.WantName, h.Why = "WARN", "warn", "recommended", ""
	return h
}
