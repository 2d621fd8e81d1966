package main

import (
	"fmt"
	"html/template"
	"io"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/pctest/pctest/conformance"
	"github.com/pctest/pctest/internal/cause"
	"github.com/pctest/pctest/internal/show"
	"github.com/pctest/pctest/vectors"
)

// The HTML report is one self-contained file: no script, no external style
// sheet, font or image. html/template escapes every value put in it, so an
// input such as "<script>" shows as text.
var htmlTemplate = template.Must(template.New("report").Funcs(template.FuncMap{
	"inc": func(n int) int { return n + 1 },
	"cellClass": func(t conformance.Summary) string {
		switch t.Mark() {
		case "✗":
			return "fail"
		case "~":
			return "xfail"
		case "✓":
			return "pass"
		}
		return "skip"
	},
}).Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>pctest report</title>
<style>
body { font: 14px/1.4 system-ui, sans-serif; margin: 2em; color: #222; }
table { border-collapse: collapse; }
th, td { padding: 2px 10px; text-align: left; vertical-align: top; }
table.matrix td, table.matrix th { border-bottom: 1px solid #ddd; font-variant-numeric: tabular-nums; }
td.area { font-weight: bold; padding-top: 8px; }
td.pass { background: #e6f4e6; } td.fail { background: #fbe3e3; } td.xfail { background: #fdf3d8; } td.skip { color: #999; }
code, pre, .mono { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 13px; }
.failure { border: 1px solid #ddd; border-left: 4px solid #c33; margin: 10px 0; padding: 6px 10px; }
.failure.xfail { border-left-color: #d9a400; }
.failure h4 { margin: 0 0 4px 0; font-weight: normal; }
.units { color: #555; word-break: break-all; }
mark { background: #ffd54f; }
pre { background: #f6f6f6; padding: 8px; overflow-x: auto; white-space: pre-wrap; }
.partial { color: #c33; font-weight: bold; }
details.cause { border: 1px solid #ddd; border-left: 4px solid #c33; margin: 8px 0; padding: 4px 10px; }
details.cause.xfail { border-left-color: #d9a400; }
details.cause > summary { cursor: pointer; }
details.cause > summary .n { display: inline-block; min-width: 4em; font-weight: bold; font-variant-numeric: tabular-nums; }
details.cause .step, details.cause .example { color: #555; margin: 4px 0 4px 4.3em; }
mark.del { background: #f6b0b0; } mark.ins { background: #a8e6a8; }
</style>
</head>
<body>
<h1>pctest report</h1>
<p>Generated {{.Time}} · suite {{.Suite}} · testee protocol {{.Protocol}}</p>
<table>
<tr><th>implementation</th><th>command</th><th>vectors</th><th>passed</th><th>failed</th><th>skipped</th><th>expected failures</th><th>implementation-defined (differ)</th><th>time</th></tr>
{{range .Runs}}<tr><td>{{if .Causes}}<a href="#impl-{{.Index}}">{{.Impl}}</a>{{else}}{{.Impl}}{{end}}</td><td><code>{{.Command}}</code></td><td>{{.Vectors}}</td><td>{{.Tally.Passed}}</td><td>{{.Tally.Failed}}</td><td>{{.Tally.Skipped}}</td><td>{{.Tally.ExpectedFailures}}</td><td>{{.Tally.ImplementationDefined}} ({{.Tally.Differing}})</td><td>{{.Elapsed}}{{if .Partial}} <span class="partial">partial: interrupted</span>{{end}}</td></tr>
{{end}}</table>

{{range .Runs}}
{{if .Causes}}<h2 id="impl-{{.Index}}">{{.Impl}}: {{.Headline}}</h2>
{{range .Causes}}
<details class="cause {{.Class}}"><summary><span class="n">{{.Count}}</span> {{if .Op}}<code>{{.Op}}</code>: {{end}}{{.Title}}</summary>
<div class="step">spec: {{.Step}}</div>
{{if .Example}}<div class="example">shortest example: <code>{{.Example}}</code></div>{{end}}
{{range .Failures}}{{template "failure" .}}{{end}}
</details>
{{end}}{{end}}
{{if .Stderr}}<h3>{{.Impl}}: the end of the testee's stderr</h3>
<pre>{{.Stderr}}</pre>{{end}}
{{end}}

<h2>Conformance matrix</h2>
<p>Each cell: passed/failed/skipped vectors. ✓ all passed, ✗ unexpected failures, ~ failures all expected (listed, or known engine deviations), · op not implemented. Implementation-defined vectors, where the spec leaves the answer open, are not judged and are in no cell unless skipped.</p>
<table class="matrix">
<tr><th>op</th>{{range .Matrix.Impls}}<th>{{.}}</th>{{end}}</tr>
{{$area := ""}}{{range .Matrix.Rows}}{{if ne .Area $area}}{{$area = .Area}}<tr><td class="area" colspan="{{len .Cells | inc}}">{{.Area}}</td></tr>{{end}}
<tr><td><code>{{.Op}}</code></td>{{range .Cells}}<td class="{{cellClass .}}">{{.Cell}}</td>{{end}}</tr>
{{end}}<tr><th>all ops</th>{{range .Matrix.Totals}}<td class="{{cellClass .}}">{{.Cell}}</td>{{end}}</tr>
</table>

</body>
</html>
{{define "failure"}}<div class="failure {{.Class}}">
<h4><b>{{.Status}}</b> <code>{{.ID}}</code> · <code>{{.Op}}</code>{{if .Ref}} · {{.Ref}}{{end}}</h4>
<table>
<tr><th>input</th><td>{{template "value" .Input}}</td></tr>
{{range .Args}}<tr><th>{{.Name}}</th><td><code>{{.Value}}</code></td></tr>{{end}}
<tr><th>expected</th><td>{{template "value" .Want}}</td></tr>
<tr><th>got</th><td>{{template "value" .Got}}</td></tr>
{{if .Why}}<tr><th>why</th><td>{{.Why}}</td></tr>{{end}}
{{if .Where}}<tr><th>vector</th><td><code>{{.Where}}</code></td></tr>{{end}}
</table>
</div>{{end}}
{{define "value"}}{{if .Note}}<i>{{.Note}}</i>{{else}}<code>{{range .Text}}{{if and .Mark .S}}<mark class="{{.Mark}}">{{.S}}</mark>{{else}}{{.S}}{{end}}{{end}}</code><br><span class="units mono">{{range $i, $u := .Units}}{{if $i}} {{end}}{{if $u.Mark}}<mark class="{{$u.Mark}}">{{$u.S}}</mark>{{else}}{{$u.S}}{{end}}{{end}}</span>{{end}}{{end}}
`))

type htmlPage struct {
	Time     string
	Suite    string
	Protocol int
	Runs     []htmlRun
	Matrix   matrix
}

type htmlRun struct {
	Index    int
	Headline string // what the causes come to, as the heading of their section
	Causes   []htmlCause
	Impl     string
	Command  string
	Vectors  int
	Tally    conformance.Summary
	Elapsed  string
	Partial  bool
	Failures []htmlFailure
	Stderr   string
}

type htmlFailure struct {
	Status, Class, ID, Op, Ref, Why, Where string
	Args                                   []struct{ Name, Value string }
	Input, Want, Got                       htmlValue
}

// An htmlCause is a group of failures: a cause (internal/cause), or the
// expected failures, or the unexpected passes.
type htmlCause struct {
	Count                           int
	Class, Op, Title, Step, Example string
	Failures                        []htmlFailure
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

// writeHTML writes the self-contained HTML report of reports.
func writeHTML(w io.Writer, reports []*runReport) error {
	page := htmlPage{
		Time:     time.Now().UTC().Format(time.RFC3339),
		Suite:    suiteVersion(),
		Protocol: protocolVersion,
		Matrix:   buildMatrix(reports),
	}
	for i, r := range reports {
		run := htmlRun{
			Index:   i,
			Impl:    r.Impl,
			Command: "(built in)",
			Vectors: r.Vectors,
			Tally:   summaryOf(r.Results),
			Elapsed: r.Elapsed.Round(time.Millisecond).String(),
			Partial: r.Partial,
		}
		if r.Argv != nil {
			run.Command = strings.Join(r.Argv, " ")
		}
		run.Causes, run.Failures = htmlCauses(r.Results)
		run.Headline = headline(run.Causes, run.Tally)
		if run.Tally.Failed > 0 {
			run.Stderr = r.Stderr
		}
		page.Runs = append(page.Runs, run)
	}
	return htmlTemplate.Execute(w, page)
}

// htmlCauses groups the failing results into causes, biggest first, then
// the unexpected passes and the expected failures; it returns the groups
// and every failure in them.
func htmlCauses(results []conformance.Result) ([]htmlCause, []htmlFailure) {
	cs, index := causesOf(results)
	var groups []htmlCause
	var all []htmlFailure
	for _, c := range cs {
		g := htmlCause{Count: c.Count(), Class: "fail", Op: string(c.Op), Title: c.Relation.Title, Step: c.Step(), Example: cause.Example(c.Example)}
		for _, k := range c.Failures {
			g.Failures = append(g.Failures, htmlFailureOf(&results[index[k]]))
		}
		groups = append(groups, g)
	}
	const listStep = "the expected-failures list, or vectors/deviations.json"
	for _, o := range []struct {
		outcome     conformance.Outcome
		class       string
		title, step string
	}{
		{conformance.UnexpectedPass, "fail", "passed, but listed as expected failures: remove their lines", listStep},
		{conformance.ExpectedFailure, "xfail", "expected failures (listed, or known engine deviations)", listStep},
		{conformance.Differs, "xfail", "implementation-defined: not the suite's recommendation where the spec leaves the answer open (not failures)", "the clause in each vector's ref leaves the input outside its domain"},
	} {
		g := htmlCause{Class: o.class, Title: o.title, Step: o.step}
		for i := range results {
			if results[i].Outcome == o.outcome {
				g.Failures = append(g.Failures, htmlFailureOf(&results[i]))
			}
		}
		if g.Count = len(g.Failures); g.Count > 0 {
			groups = append(groups, g)
		}
	}
	for _, g := range groups {
		all = append(all, g.Failures...)
	}
	return groups, all
}

// headline says what a run's groups of failures come to: "3 causes of 120
// failures, biggest first", or "no unexpected failures" when all of them
// were expected.
func headline(groups []htmlCause, t conformance.Summary) string {
	causes := 0
	for _, g := range groups {
		if g.Op != "" {
			causes++
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
	return fmt.Sprintf("%d causes of %d failures, biggest first", causes, t.Failed-t.UnexpectedPasses)
}

func htmlFailureOf(o *conformance.Result) htmlFailure {
	v := &o.Vector
	f := htmlFailure{
		Status: strings.ToUpper(o.Outcome.String()), Class: o.Outcome.String(),
		ID: v.ID, Op: string(v.Op), Ref: v.Ref, Why: why(o),
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
