package main

import (
	"html/template"
	"io"
	"strings"

	"github.com/pctest/pctest/conformance"
)

// writeHTML writes the report as one self-contained HTML page. Every value
// goes through html/template, so inputs such as "<script>" stay text.
func writeHTML(w io.Writer, rep *Report) error {
	return htmlTemplate.Execute(w, rep)
}

var htmlTemplate = template.Must(template.New("report").Funcs(template.FuncMap{
	"version":  rowVersion,
	"fuzzCell": fuzzCell,
	"fuzzText": fuzzSentence,
	"cell": func(rr *RowReport, op string) *conformance.Summary {
		return rr.Cells[op]
	},
	"cellText": cellText,
	"markClass": func(t *conformance.Summary) string {
		switch t.Mark() {
		case "✓":
			return "pass"
		case "✗":
			return "fail"
		case "~":
			return "xfail"
		}
		return "none"
	},
	"verdictClass": func(c *Cause) string {
		if c == nil {
			return "unclassified"
		}
		return strings.ReplaceAll(c.Verdict, " ", "-")
	},
	"others": func(g *Group) []*Result {
		var out []*Result
		for _, r := range g.Results {
			if r != g.Minimal {
				out = append(out, r)
			}
		}
		return out
	},
	"add1": func(i int) int { return i + 1 },
}).Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>pctest field survey</title>
<style>
body { font: 14px/1.45 system-ui, sans-serif; margin: 2em auto; max-width: 80em; padding: 0 1em; color: #222; }
table { border-collapse: collapse; font-size: 12px; }
th, td { border: 1px solid #ccc; padding: 2px 6px; text-align: left; vertical-align: top; }
th { background: #f4f4f4; position: sticky; top: 0; }
td.pass { background: #e6f6e6; } td.fail { background: #fbe4e4; } td.xfail { background: #fdf3d8; } td.none { color: #999; }
code, .v { font-family: ui-monospace, monospace; background: #f6f6f6; padding: 0 3px; white-space: pre-wrap; word-break: break-all; }
.cause { border-left: 4px solid #999; padding: 0 0 0 1em; margin: 1em 0; }
.cause.bug { border-color: #c00; } .cause.documented-deviation { border-color: #d90; }
.cause.suite-error { border-color: #06c; } .cause.unclassified { border-color: #000; background: #fee; }
.verdict { font-weight: bold; text-transform: uppercase; font-size: 11px; }
details { margin: .3em 0; }
</style>
</head>
<body>
<h1>The pctest field survey</h1>
<p>Generated {{.Generated.Format "2006-01-02 15:04 UTC"}} by <code>make survey</code>. Suite <code>{{.Suite}}</code>, {{.Vectors}} vectors per row.
Every cell and example is the output of the implementation named; the function-to-op mappings (each testee's <code>mapping.json</code> and README) and the verdicts (<code>survey/verdicts.json</code>) are written by hand.</p>

<h2>Matrix</h2>
<p>Each cell: passed/failed/skipped vectors. ✓ all passed, ✗ some failed, ~ failures all expected (listed, or known engine deviations), · op not implemented. Fuzz: disagreements <code>pctest fuzz</code> found beyond the vectors; fuzzing compares with the reference codec, so it covers only the ops the reference implements here: {{range $i, $op := .ReferenceOps}}{{if $i}}, {{end}}{{$op}}{{end}}, and only on inputs the reference takes (text ops other than the ECMAScript ones on well-formed text). A fuzz run can end before its time, once each op has given its findings. An input the testee answers "unsupported" (octets that are not UTF-8 for a string function, NUL for a C string) is skipped; an op it declines from the start is not fuzzed.</p>
<table>
<tr><th>implementation</th>{{range .Ops}}<th>{{.}}</th>{{end}}<th>all</th><th>fuzz</th></tr>
{{range $rr := .Rows}}<tr><th>{{$rr.Row.Name}}</th>
{{if $rr.Absent}}<td colspan="{{len $.Ops}}" class="none">{{$rr.Absent}}</td><td></td><td></td>
{{else}}{{range $.Ops}}{{with cell $rr .}}<td class="{{markClass .}}">{{cellText .}}</td>{{else}}<td class="none">·</td>{{end}}{{end}}<td class="{{markClass $rr.Total}}">{{cellText $rr.Total}}</td><td>{{fuzzCell $rr}}</td>{{end}}</tr>
{{end}}</table>

<h2>Bugs found in third-party implementations</h2>
{{if not .Bugs}}<p>None.</p>{{end}}
<ol>{{range .Bugs}}{{$ex := .Group.Minimal}}
<li><b>{{.Row.Row.Name}}</b> ({{version .Row}}): {{.Group.Cause.Title}}. Minimal input <span class="v">{{$ex.ShowInput}}</span> to <code>{{$ex.Op}}</code>: expected <span class="v">{{$ex.ShowWant}}</span>, got <span class="v">{{$ex.ShowGot}}</span>. Spec: {{.Group.Cause.Spec}}.</li>{{end}}
</ol>

<h2>Implementations</h2>
<table>
<tr><th>row</th><th>language</th><th>library</th><th>version</th><th>functions → ops</th></tr>
{{range .Rows}}<tr><td>{{.Row.Name}}</td><td>{{.Row.Language}}</td><td>{{.Row.Library}}</td><td>{{version .}}</td><td>{{range .Functions}}<a href="{{.Docs}}">{{.Function}}</a> → {{.Op}}<br>{{end}}{{if .Row.Impl}}built into pctest (<code>-impl {{.Row.Impl}}</code>){{end}}{{if .Row.Note}}<br><i>{{.Row.Note}}</i>{{end}}{{if .Absent}}<br><i>{{.Absent}}</i>{{end}}</td></tr>
{{end}}</table>
{{if .InstallNotes}}<h3>Install step</h3><ul>{{range .InstallNotes}}<li>{{.}}</li>{{end}}</ul>{{end}}

<h2>Divergences, by implementation and cause</h2>
<p>Verdicts: <b>bug</b> — not what its documentation or the spec it claims says; <b>documented deviation</b> — what its own documentation says, which is not the op's spec; <b>suite error</b> — pctest's vector or reference is wrong.</p>
{{range $rr := .Rows}}{{if not $rr.Absent}}
<h3 id="row-{{$rr.Row.Name}}">{{$rr.Row.Name}}</h3>
<p>{{range $rr.Functions}}<code>{{.Function}}</code> → {{.Op}}; {{end}}{{cellText $rr.Total}}; {{fuzzText $rr}}.{{if $rr.Run.Incident}} Runner incidents: {{$rr.Run.Incident}}.{{end}}</p>
{{if not $rr.Groups}}<p>No divergence.</p>{{end}}
{{range $rr.Groups}}{{$ex := .Minimal}}
<div class="cause {{verdictClass .Cause}}">
{{if .Cause}}<h4>{{.Cause.Title}} <span class="verdict">{{.Cause.Verdict}}</span> ({{.Vectors}} vectors, {{.Fuzz}} fuzz findings)</h4>{{else}}<h4>Unclassified <span class="verdict">no verdict</span> ({{.Vectors}} vectors, {{.Fuzz}} fuzz findings)</h4>{{end}}
<ul>
<li>minimal input to <code>{{$ex.Op}}</code>: <span class="v">{{$ex.ShowInput}}</span></li>
<li>expected: <span class="v">{{$ex.ShowWant}}</span></li>
<li>got: <span class="v">{{$ex.ShowGot}}</span></li>
<li>{{if $ex.Fuzz}}found by <code>pctest fuzz</code>{{else}}vector <code>{{$ex.ID}}</code>{{if $ex.Ref}} ({{$ex.Ref}}){{end}}{{end}}</li>
{{with .Cause}}<li>spec: {{.Spec}}</li>
{{if .Docs}}<li>docs: <a href="{{.Docs}}">{{.Docs}}</a>{{if .Quote}}: “{{.Quote}}”{{end}}</li>{{end}}
<li>why: {{.Explain}}</li>
{{if .Impact}}<li>impact: {{.Impact}}</li>{{end}}
{{if .Known}}<li>known: <a href="{{.Known}}">{{.Known}}</a></li>{{end}}{{end}}
</ul>
{{with others .}}<details><summary>{{len .}} more</summary><table><tr><th>id</th><th>input</th><th>expected</th><th>got</th></tr>
{{range .}}<tr><td>{{.ID}}</td><td class="v">{{.ShowInput}}</td><td class="v">{{.ShowWant}}</td><td class="v">{{.ShowGot}}</td></tr>
{{end}}</table></details>{{end}}
</div>
{{end}}{{end}}{{end}}
<h2>Reproducing</h2>
<pre>make survey                    # installs, builds, runs every row, writes this report
go run ./survey -report-only   # rewrites the report from survey/work/results</pre>
</body>
</html>
`))
