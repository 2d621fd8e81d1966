package main

import (
	"encoding/hex"
	"fmt"
	"html/template"
	"io"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/pctest/pctest/conformance"
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
</style>
</head>
<body>
<h1>pctest report</h1>
<p>Generated {{.Time}} · suite {{.Suite}} · testee protocol {{.Protocol}}</p>
<table>
<tr><th>implementation</th><th>command</th><th>vectors</th><th>passed</th><th>failed</th><th>skipped</th><th>expected failures</th><th>time</th></tr>
{{range .Runs}}<tr><td><a href="#impl-{{.Index}}">{{.Impl}}</a></td><td><code>{{.Command}}</code></td><td>{{.Vectors}}</td><td>{{.Tally.Passed}}</td><td>{{.Tally.Failed}}</td><td>{{.Tally.Skipped}}</td><td>{{.Tally.ExpectedFailures}}</td><td>{{.Elapsed}}{{if .Partial}} <span class="partial">partial: interrupted</span>{{end}}</td></tr>
{{end}}</table>

<h2>Conformance matrix</h2>
<p>Each cell: passed/failed/skipped vectors. ✓ all passed, ✗ unexpected failures, ~ failures all expected (listed, or known engine deviations), · op not implemented.</p>
<table class="matrix">
<tr><th>op</th>{{range .Matrix.Impls}}<th>{{.}}</th>{{end}}</tr>
{{$area := ""}}{{range .Matrix.Rows}}{{if ne .Area $area}}{{$area = .Area}}<tr><td class="area" colspan="{{len .Cells | inc}}">{{.Area}}</td></tr>{{end}}
<tr><td><code>{{.Op}}</code></td>{{range .Cells}}<td class="{{cellClass .}}">{{.Cell}}</td>{{end}}</tr>
{{end}}<tr><th>all ops</th>{{range .Matrix.Totals}}<td class="{{cellClass .}}">{{.Cell}}</td>{{end}}</tr>
</table>

{{range .Runs}}
<h2 id="impl-{{.Index}}">{{.Impl}}: failures</h2>
{{if not .Failures}}<p>None.</p>{{end}}
{{range .Failures}}
<div class="failure {{.Class}}">
<h4><b>{{.Status}}</b> <code>{{.ID}}</code> · <code>{{.Op}}</code>{{if .Ref}} · {{.Ref}}{{end}}</h4>
<table>
<tr><th>input</th><td>{{template "value" .Input}}</td></tr>
{{range .Args}}<tr><th>{{.Name}}</th><td><code>{{.Value}}</code></td></tr>{{end}}
<tr><th>expected</th><td>{{template "value" .Want}}</td></tr>
<tr><th>got</th><td>{{template "value" .Got}}</td></tr>
{{if .Why}}<tr><th>why</th><td>{{.Why}}</td></tr>{{end}}
{{if .Where}}<tr><th>vector</th><td><code>{{.Where}}</code></td></tr>{{end}}
</table>
</div>
{{end}}
{{if .Stderr}}<h3>{{.Impl}}: the end of the testee's stderr</h3>
<pre>{{.Stderr}}</pre>{{end}}
{{end}}
</body>
</html>
{{define "value"}}{{if .Note}}<i>{{.Note}}</i>{{else}}<code>{{range .Text}}{{if and .Diff .S}}<mark>{{.S}}</mark>{{else}}{{.S}}{{end}}{{end}}</code><br><span class="units mono">{{range $i, $u := .Units}}{{if $i}} {{end}}{{if $u.Diff}}<mark>{{$u.S}}</mark>{{else}}{{$u.S}}{{end}}{{end}}</span>{{end}}{{end}}
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

// An htmlValue is an input or a response: as text (escaped as on a
// terminal) and as code units or octets, with the part that differs from
// the other side of a diff marked.
type htmlValue struct {
	Note  string // instead of a value: "error URIError", "unsupported", a runner error
	Text  []htmlSpan
	Units []htmlSpan
}

type htmlSpan struct {
	S    string
	Diff bool
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
		for j := range r.Results {
			o := &r.Results[j]
			if o.Outcome.Fails() || o.Outcome == conformance.ExpectedFailure {
				run.Failures = append(run.Failures, htmlFailureOf(o))
			}
		}
		if run.Tally.Failed > 0 {
			run.Stderr = r.Stderr
		}
		page.Runs = append(page.Runs, run)
	}
	return htmlTemplate.Execute(w, page)
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
		f.Input = octetValue(v.InHex, nil)
	} else {
		f.Input = textValue(v.In, nil)
	}
	f.Want, f.Got = responseValue(v.Op, v.Expect, nil, o.Got, o.Err), responseValue(v.Op, o.Got, o.Err, v.Expect, nil)
	return f
}

// responseValue renders r (or err), marking where it differs from other.
func responseValue(op vectors.Op, r vectors.Response, err error, other vectors.Response, otherErr error) htmlValue {
	switch {
	case err != nil, r.Unsupported, r.Error != "", r.Out == nil && r.OutHex == nil:
		return htmlValue{Note: show.Result(op, r, err)}
	case r.OutHex != nil:
		var o []byte
		if otherErr == nil {
			o = other.OutHex
		}
		return octetValue(r.OutHex, o)
	}
	var o []uint16
	if otherErr == nil {
		o = other.Out
	}
	return textValue(r.Out, o)
}

// diffRange returns the bounds of the part of a that differs from b: the
// common prefix and suffix are left out. With b nil, nothing is marked.
func diffRange[T comparable](a, b []T) (lo, hi int) {
	if b == nil {
		return len(a), len(a)
	}
	for lo < len(a) && lo < len(b) && a[lo] == b[lo] {
		lo++
	}
	hi = len(a)
	for j := len(b); hi > lo && j > lo && a[hi-1] == b[j-1]; hi, j = hi-1, j-1 {
	}
	return lo, hi
}

func textValue(s, other []uint16) htmlValue {
	lo, hi := diffRange(s, other)
	var v htmlValue
	if lo == hi && other != nil && len(s) != len(other) {
		// Only the other side has extra units: nothing here to mark.
		lo, hi = len(s), len(s)
	}
	pre, mid, post := s[:lo], s[lo:hi], s[hi:]
	v.Text = []htmlSpan{{S: strings.TrimSuffix(show.Quote(pre), `"`)}, {S: inner(show.Quote(mid)), Diff: true}, {S: strings.TrimPrefix(show.Quote(post), `"`)}}
	for i, u := range s {
		v.Units = append(v.Units, htmlSpan{S: fmt.Sprintf("%04X", u), Diff: i >= lo && i < hi})
	}
	return v
}

func octetValue(p, other []byte) htmlValue {
	lo, hi := diffRange(p, other)
	var v htmlValue
	q := show.QuoteOctets
	v.Text = []htmlSpan{{S: strings.TrimSuffix(q(p[:lo]), `"`)}, {S: inner(q(p[lo:hi])), Diff: true}, {S: strings.TrimPrefix(q(p[hi:]), `"`)}}
	for i := range p {
		v.Units = append(v.Units, htmlSpan{S: hex.EncodeToString(p[i : i+1]), Diff: i >= lo && i < hi})
	}
	return v
}

// inner strips a quoted string's quotes.
func inner(q string) string {
	return strings.TrimSuffix(strings.TrimPrefix(q, `"`), `"`)
}
