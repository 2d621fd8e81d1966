package report

import (
	"embed"
	"fmt"
	"html/template"
	"io"
	"maps"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/pctest/pctest/internal/cause"
	"github.com/pctest/pctest/internal/show"
	"github.com/pctest/pctest/vectors"
)

//go:embed templates/run.html templates/fuzz.html
var templates embed.FS

// The HTML report is one self-contained file (templates/run.html): no
// script, no external style sheet, font or image. html/template escapes
// every value put in it, so an input such as "<script>" shows as text.
// The templates are parsed when a report is first written, not when a
// program that links this package starts.
var htmlTemplate = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("run.html").Funcs(template.FuncMap{
		"inc":   func(n int) int { return n + 1 },
		"cell":  Cell,
		"count": func(n int, one, many string) string { return show.Count(n, one, many) },
	}).ParseFS(templates, "templates/run.html", "templates/fuzz.html"))
})

type htmlPage struct {
	Time     string
	Suite    string
	Protocol int
	// CommandLine is the pctest command that made every run (a matrix),
	// "" when they were not made by one command (each says its own).
	CommandLine string
	Runs        []htmlRun
	Matrix      Matrix
}

type htmlRun struct {
	Index    int
	Headline string // what the causes come to, as the heading of their section
	Causes   []htmlCause
	Impl     string
	Command  string
	// CommandLine is the pctest command that made the run, "" if unknown.
	CommandLine string
	Vectors     int
	Tally       Summary
	Elapsed     string
	Partial     bool
	Failures    []htmlFailure
	Stderr      string
	Hint        string // the -utf16hex hint, or ""
}

type htmlFailure struct {
	Status, Class, Level, ID, Op, Ref, Why, Where string
	Request, Rerun                                string // the request line and the command that reruns it
	Args                                          []struct{ Name, Value string }
	Input, Want, Got                              htmlValue
	// Open shows it unfolded: the first failure of each cause. Brief is
	// its input in one short line, for its folded summary.
	Open  bool
	Brief string
	// WantName names the expected answer's row: "expected" when "".
	WantName string
	// Notes are more rows: name, then value.
	Notes []htmlNote
}

// An htmlNote is a row of a failure's table.
type htmlNote struct{ Name, Value string }

// An htmlCause is a group of failures: a cause (internal/cause), or the
// expected failures, or the unexpected passes.
type htmlCause struct {
	Count                                  int
	Class, Level, Op, Title, Step, Example string
	Failures                               []htmlFailure
	// Open shows the cause unfolded, its first failure too.
	Open bool
}

// An htmlValue is an input or a response: as text (escaped as on a
// terminal) and as code units or octets, with the part that differs from
// the other side of a diff marked.
type htmlValue struct {
	Note  string // instead of a value: "error URIError", "unsupported", a runner error
	Text  []htmlSpan
	Units []htmlSpan
}

// An htmlSpan is a run of a value; Mark is "del" for what only the
// expected answer has, "ins" for what only the actual one has, or "".
type htmlSpan struct {
	S    string
	Mark string
}

// WriteHTML writes the self-contained HTML report of runs, generated at
// now: a line per run, its failures grouped into causes (by level, must
// first, then biggest first; then the unexpected passes, the expected
// failures and the implementation-defined vectors that differ), each
// marked with its level, and the conformance matrix.
func WriteHTML(w io.Writer, now time.Time, runs []*Run) error {
	page := htmlPage{Time: now.UTC().Format(time.RFC3339), Matrix: NewMatrix(runs)}
	if len(runs) > 0 {
		page.Suite, page.Protocol = runs[0].suite(), runs[0].Protocol
	}
	for i, r := range runs {
		run := htmlRun{
			Index:   i,
			Impl:    r.Impl,
			Command: "(built in)",
			Vectors: r.Vectors,
			Tally:   SummaryOf(r.Results),
			Elapsed: r.Elapsed.Round(time.Millisecond).String(),
			Partial: r.Partial,
		}
		if r.Argv != nil {
			run.Command = strings.Join(r.Argv, " ")
		}
		if r.CommandLine != nil {
			run.CommandLine = show.Command(r.CommandLine)
		}
		run.Causes, run.Failures = htmlCauses(r)
		run.Hint = r.UTF16HexHint()
		run.Headline = headline(run.Causes, run.Tally)
		if run.Tally.Failed > 0 {
			run.Stderr = r.Stderr
		}
		page.Runs = append(page.Runs, run)
		if i == 0 {
			page.CommandLine = run.CommandLine
		} else if run.CommandLine != page.CommandLine {
			page.CommandLine = ""
		}
	}
	return htmlTemplate().Execute(w, page)
}

// htmlCauses groups the failing results of r into causes, by level and
// biggest first, then the unexpected passes, the expected failures, and
// the implementation-defined vectors that differ from the suite's
// recommendation, by cause (warnings); it returns the groups and every
// failure in them. The causes of failures and the warnings are open,
// and so is the first failure of each group.
func htmlCauses(r *Run) ([]htmlCause, []htmlFailure) {
	results := r.Results
	cs, index := groupCauses(results)
	var groups []htmlCause
	var all []htmlFailure
	for _, c := range cs {
		g := htmlCause{Count: c.Count(), Class: "fail", Level: show.Level(c.Level), Op: string(c.Op), Title: c.Relation.Title, Step: c.Step(), Example: cause.Example(c.Example), Open: true}
		for _, k := range c.Failures {
			g.Failures = append(g.Failures, r.failureHTML(&results[index[k]]))
		}
		groups = append(groups, g)
	}
	const listStep = "the expected-failures list, or vectors/deviations.json"
	for _, o := range []struct {
		outcome     Outcome
		class       string
		title, step string
	}{
		{UnexpectedPass, "fail", "passed, but listed as expected failures: remove their lines", listStep},
		{ExpectedFailure, "xfail", "expected failures (listed, or known engine deviations)", listStep},
	} {
		g := htmlCause{Class: o.class, Title: o.title, Step: o.step, Open: o.class == "fail"}
		for i := range results {
			if results[i].Outcome == o.outcome {
				g.Failures = append(g.Failures, r.failureHTML(&results[i]))
			}
		}
		if g.Count = len(g.Failures); g.Count > 0 {
			groups = append(groups, g)
		}
	}
	var differ []int
	for i := range results {
		if results[i].Outcome == Differs {
			differ = append(differ, i)
		}
	}
	fs := make([]Result, len(differ))
	for k, i := range differ {
		fs[k] = results[i]
	}
	for _, c := range groupAll(fs) {
		g := htmlCause{Count: c.Count(), Class: "warn", Level: show.Level(c.Level), Op: string(c.Op), Open: true,
			Title: "a warning, not a failure: " + c.Relation.Title + " (the spec leaves the answer open; not the suite's recommendation)",
			Step:  c.Step(), Example: cause.Example(c.Example)}
		for _, k := range c.Failures {
			f := r.failureHTML(&results[differ[k]])
			f.Status, f.Class, f.WantName = "WARN", "warn", "recommended"
			g.Failures = append(g.Failures, f)
		}
		groups = append(groups, g)
	}
	for i := range groups {
		groups[i].Failures[0].Open = true
		all = append(all, groups[i].Failures...)
	}
	return groups, all
}

// headline says what a run's groups of failures come to: "3 causes of 120
// failures, biggest first" ("must first, then biggest" when they are of
// several levels), or "no unexpected failures" when all of them
// were expected.
func headline(groups []htmlCause, t Summary) string {
	causes, levels := 0, map[string]bool{}
	for _, g := range groups {
		if g.Op != "" && g.Class == "fail" {
			causes++
			levels[g.Level] = true
		}
	}
	switch {
	case t.Failed == 0:
		return "no unexpected failures"
	case causes == 0:
		return fmt.Sprintf("%d failures", t.Failed)
	case causes == 1:
		return fmt.Sprintf("1 cause of %d failures", t.Failed-t.UnexpectedPasses)
	}
	order := "biggest first"
	if len(levels) > 1 {
		order = "must first, then biggest"
	}
	return fmt.Sprintf("%d causes of %d failures, %s", causes, t.Failed-t.UnexpectedPasses, order)
}

// failureHTML renders o, a result of r, with its request line and the
// command that reruns it.
func (r *Run) failureHTML(o *Result) htmlFailure {
	f := htmlFailureOf(o)
	if reproducible(o.Outcome) {
		f.Request, f.Rerun = r.Repro.RequestLine(o.Vector.Request), r.rerun(o)
	}
	return f
}

// htmlFailureOf renders o.
func htmlFailureOf(o *Result) htmlFailure {
	v := &o.Vector
	f := htmlFailure{
		Status: strings.ToUpper(o.Outcome.String()), Class: o.Outcome.String(), Level: show.Level(v.Level),
		ID: v.ID, Op: string(v.Op), Ref: v.Ref, Why: why(o), Brief: show.Clip(show.Brief(v.Request), 80),
	}
	if v.File != "" {
		f.Where = fmt.Sprintf("%s:%d", v.File, v.Line)
	}
	for _, k := range slices.Sorted(maps.Keys(v.Args)) {
		f.Args = append(f.Args, struct{ Name, Value string }{k, v.Args[k]})
	}
	if v.InHex != nil || isOctetInput(v.Op) {
		f.Input = valueOf(show.OctetPieces(v.InHex, v.InHex), show.Delete)
	} else {
		f.Input = valueOf(show.TextPieces(v.In, v.In), show.Delete)
	}
	f.Want, f.Got = answerValues(v.Op, v.Expect, o.Got, o.Err)
	return f
}

// answerValues renders the expected and the actual answer, each with the
// units only it has marked, by the edit script of the two
// (show.DiffPieces): only the units that differ are marked.
func answerValues(op vectors.Op, want, got vectors.Response, gotErr error) (htmlValue, htmlValue) {
	var ps []show.Piece
	if gotErr == nil {
		ps = show.DiffPieces(op, want, got) // nil unless both are outputs
	}
	return answerValue(op, want, nil, ps, show.Delete), answerValue(op, got, gotErr, ps, show.Insert)
}

// answerValue renders r (or err) as side of the edit script ps.
func answerValue(op vectors.Op, r vectors.Response, err error, ps []show.Piece, side show.EditOp) htmlValue {
	switch {
	case err != nil, r.Unsupported, r.Error != "", r.Out == nil && r.OutHex == nil:
		return htmlValue{Note: show.Result(op, r, err)}
	}
	if ps == nil {
		ps = show.DiffPieces(op, r, r) // nothing to mark
	}
	return valueOf(ps, side)
}

// valueOf renders one side of an edit script: the kept pieces, and those
// of side (Delete: the expected answer; Insert: the actual one), marked.
func valueOf(ps []show.Piece, side show.EditOp) htmlValue {
	var v htmlValue
	mark := "del"
	if side == show.Insert {
		mark = "ins"
	}
	for _, p := range ps {
		m := ""
		switch p.Op {
		case side:
			m = mark
		case show.Delete, show.Insert:
			continue // the other side's
		}
		v.Text = append(v.Text, htmlSpan{S: p.Text, Mark: m})
		for _, u := range p.Units {
			v.Units = append(v.Units, htmlSpan{S: u, Mark: m})
		}
	}
	// The quotes are spans of their own, never marked.
	v.Text = append(append([]htmlSpan{{S: `"`}}, v.Text...), htmlSpan{S: `"`})
	return v
}
