package main

import (
	"fmt"
	"html/template"
	"io"
	"strings"

	"github.com/pctest/pctest/report"
	"github.com/pctest/pctest/vectors"
)

// writeHTML writes the report as one self-contained HTML page. Every value
// goes through html/template, so inputs such as "<script>" stay text.
func writeHTML(w io.Writer, rep *Report) error {
	return htmlTemplate.Execute(w, htmlPage{Report: rep, Families: rep.buildFamilies(), Sections: rep.causeSections(), Bugs: rep.bugSections(), NotSeen: rep.notSeen(), OpScores: rep.opScores()})
}

// An htmlPage is what the template sees: the report and its views.
type htmlPage struct {
	*Report
	Families []Family
	Sections []*CauseSection
	Bugs     []*CauseSection
	NotSeen  []*Cause
	OpScores []OpScore
}

var htmlTemplate = template.Must(template.New("report").Funcs(template.FuncMap{
	"version":  rowVersion,
	"fuzzCell": fuzzCell,
	"fuzzText": fuzzSentence,
	"cell": func(rr *RowReport, op string) *report.Summary {
		return rr.Cells[op]
	},
	"cellText":  cellText,
	"markClass": htmlMarkClass,
	"browsers":  func(rep *Report) template.HTML { return template.HTML(browsersHTML(rep)) },
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
	"cellOp": func(rr *RowReport, op vectors.Op) *report.Summary {
		return rr.Cells[string(op)]
	},
	"slug":    slug,
	"bugPage": bugPage,
	"scores":  func(f Family) []Score { return f.scores() },
	"engines": func(rep *Report) template.HTML {
		return template.HTML(engineSentence(rep.engineCount(), func(s string) string { return "<b>" + template.HTMLEscapeString(s) + "</b>" }))
	},
	"rowNames": func(es []BugLine) string {
		var n []string
		for _, e := range es {
			n = append(n, e.Row.Row.Name)
		}
		return strings.Join(n, ", ")
	},
	"rateClass": func(s Score) string {
		switch {
		case s.Clean():
			return "pass"
		case s.Rate >= 0.9:
			return "xfail"
		}
		return "fail"
	},
	"barWidth":    func(s Score) string { return fmt.Sprintf("%.0f", s.Rate*50) },
	"reproLink":   reproLink,
	"reproStatus": func(rep *Report, c *Cause) string { return strings.TrimPrefix(reproStatus(rep, c), " ") },
	"fuzzTime":    fuzzWithTime,
	"seconds":     secondsText,
	"join":        strings.Join,
	"counts": func(rep *Report) map[string]int {
		rows, _ := rep.counts()
		bugs, bugRows := rep.bugCounts()
		return map[string]int{"rows": rows, "languages": len(rep.languages()), "bugs": bugs, "bugRows": bugRows}
	},
}).Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>pctest field survey</title>
<style>
body { font: 14px/1.45 system-ui, sans-serif; margin: 1.5em auto; max-width: 1360px; padding: 0 1em; color: #222; }
h2 { margin-top: 1.8em; border-bottom: 1px solid #ddd; } h3 { margin-top: 1.4em; }
nav a { margin-right: 1em; }
table { border-collapse: collapse; font-size: 12.5px; }
th, td { border: 1px solid #d4d4d4; padding: 2px 7px; text-align: left; vertical-align: top; }
th { background: #f4f4f4; position: sticky; top: 0; z-index: 1; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
td.pass { background: #e6f6e6; } td.fail { background: #fbe4e4; } td.xfail { background: #fdf3d8; } td.none { color: #999; }
.bar { display: inline-block; height: 9px; background: #7a7; vertical-align: middle; margin-right: 5px; }
.scoreboard td { white-space: nowrap; } .scoreboard td.name { white-space: normal; }
.bar.fail { background: #d77; } .bar.xfail { background: #cb5; }
.scoreboard { columns: 2; column-gap: 2em; } .scoreboard table { width: 100%; }
code, .v { font-family: ui-monospace, monospace; background: #f6f6f6; padding: 0 3px; white-space: pre-wrap; word-break: break-all; }
.cause { border-left: 4px solid #999; padding: 0 0 0 1em; margin: 1em 0; }
.cause.bug { border-color: #c00; } .cause.documented-deviation { border-color: #d90; } .cause.engine-lag { border-color: #7a4; }
.cause.older-spec { border-color: #06c; } .cause.unclassified { border-color: #000; background: #fee; }
.cause ul { margin: .3em 0; }
.verdict { font-weight: bold; text-transform: uppercase; font-size: 11px; padding: 1px 4px; border-radius: 3px; background: #eee; }
.muted { color: #777; }
details { margin: .3em 0; }
table.impl { width: 100%; table-layout: fixed; } table.impl td { overflow-wrap: anywhere; }
.cause table { max-width: 100%; } .cause td { overflow-wrap: anywhere; }
</style>
</head>
<body>
<h1>The pctest field survey</h1>
{{$n := counts .Report}}
<p>Generated {{.Generated.Format "2006-01-02 15:04 UTC"}} by <code>make survey</code>. Suite <code>{{.Suite}}</code>, {{.Vectors}} vectors per row.
<b>{{index $n "rows"}} implementations</b> in <b>{{index $n "languages"}} languages</b>; {{engines .Report}}. <b>{{index $n "bugs"}} bugs</b> (distinct root causes) found in {{index $n "bugRows"}} rows.
Every cell and example is the output of the implementation named; the function-to-op mappings (each testee's <code>mapping.json</code> under <code>survey/testees/</code>) and the verdicts (the registries: <code>vectors/deviations.json</code>, <code>survey/verdicts.json</code> and each testee's <code>verdicts.json</code>) are written by hand.</p>
<nav><a href="#scores">Scores by family</a><a href="#ops">Scores by op</a>{{range .Families}}<a href="#{{.ID}}">{{.Title}}</a>{{end}}{{with browsers .Report}}<a href="#browsers">Browsers</a>{{end}}<a href="#bugs">Bugs</a><a href="#causes">Causes</a><a href="#implementations">Implementations</a><a href="#not-surveyed">Not surveyed</a></nav>

<h2 id="scores">Scores by family</h2>
<p>Rows are ranked only against rows of the same family, on that family's ops: vectors passed of those run (expected failures count as failures, skipped ones do not). A row passes clean only when fuzzing (<code>pctest fuzz</code> against the reference codec) found nothing on those ops either. Bugs: distinct root causes on those ops.</p>
{{range $f := .Families}}{{with scores $f}}<h3 id="scores-{{$f.ID}}">{{$f.Title}}</h3>
<div class="scoreboard"><table>
<tr><th>#</th><th>implementation</th><th>language</th><th>ops</th><th>pass rate</th><th>passed / run</th><th>bugs</th><th>fuzz</th></tr>
{{range $i, $s := .}}<tr><td class="num">{{add1 $i}}</td><td class="name"><a href="#row-{{slug $s.Row.Row.Name}}">{{$s.Row.Row.Name}}</a></td><td>{{$s.Row.Row.Language}}</td><td class="num">{{$s.Ops}}</td><td class="num"><span class="bar {{rateClass $s}}" style="width: {{barWidth $s}}px"></span>{{$s.RateText}}</td><td class="num">{{$s.Passed}} / {{$s.Ran}}</td><td class="num">{{if $s.Bugs}}{{$s.Bugs}}{{end}}</td><td>{{$s.FuzzText}}</td></tr>
{{end}}</table></div>
{{end}}{{end}}
<h2 id="ops">Scores by op</h2>
<table><tr><th>op</th><th>rows</th><th>clean rows</th><th>passed / run</th><th>bugs</th></tr>
{{range .OpScores}}<tr><td><code>{{.Op}}</code></td><td class="num">{{.Rows}}</td><td class="num">{{.Clean}}</td><td class="num">{{.Passed}} / {{.Ran}}</td><td class="num">{{if .Bugs}}{{.Bugs}}{{end}}</td></tr>
{{end}}</table>
<p class="muted">Clean rows: every vector of the op passed and fuzzing found nothing on it. Bugs: distinct root causes with a divergence on the op.</p>

<h2>Matrices</h2>
<p>Each cell: passed/failed/skipped vectors. ✓ all passed, ✗ some failed, ~ failures all expected (known engine deviations), · op not implemented. Fuzzing compares with the reference codec, so it covers only the ops the reference implements here ({{join .ReferenceOps ", "}}), and only inputs the reference takes (text ops other than the ECMAScript ones on well-formed text). An input the testee answers "unsupported" (a lone surrogate in a language whose strings are UTF-8; octets that are not UTF-8 for a string function) is skipped.</p>
{{range $f := .Families}}
<h3 id="{{$f.ID}}">{{$f.Title}}</h3>
<p class="muted">{{$f.About}}</p>
<table>
<tr><th>implementation</th>{{range $f.Ops}}<th>{{.}}</th>{{end}}<th>fuzz</th></tr>
{{range $rr := $f.Rows}}<tr><th><a href="#row-{{slug $rr.Row.Name}}">{{$rr.Row.Name}}</a></th>
{{if $rr.Absent}}<td colspan="{{len $f.Ops}}" class="none">{{$rr.Absent}}</td><td></td>
{{else}}{{range $f.Ops}}{{with cellOp $rr .}}<td class="{{markClass .}}">{{cellText .}}</td>{{else}}<td class="none">·</td>{{end}}{{end}}<td>{{fuzzCell $rr}}</td>{{end}}</tr>
{{end}}</table>
{{end}}
{{browsers .Report}}
<h2 id="bugs">Bugs found in third-party implementations</h2>
<p>One entry per root cause, with every row it was seen in; each has a page under <a href="bugs/">bugs/</a> with the spec text, the library's own words and the reproduction.</p>
{{if not .Bugs}}<p>None.</p>{{end}}
<ol>{{range .Bugs}}{{$c := .Cause}}{{$es := .ThirdParty}}{{$ex := (index $es 0).Group.Minimal}}
<li id="bug-{{slug $c.ID}}"><a href="bugs/{{bugPage $c}}"><b>{{$c.ID}}</b></a> — {{$c.Title}}. Minimal input <span class="v">{{$ex.ShowInput}}</span> to <code>{{$ex.Op}}</code>: expected <span class="v">{{$ex.ShowWant}}</span>, got <span class="v">{{$ex.ShowGot}}</span>. Spec: {{$c.Spec}}.
{{with $c.Repro}}Reproduction <a href="{{reproLink $c}}"><code>{{.File}}</code></a> prints <span class="v">{{.Actual}}</span>; expected <span class="v">{{.Expected}}</span> {{reproStatus $.Report $c}}.{{end}}<br>Rows: {{rowNames $es}}.</li>{{end}}
</ol>
{{if .NotSeen}}<p>Not seen in this run (bugs of the registries that no divergence of this run showed; their rows did not run, or no longer diverge):</p>
<ul>{{range .NotSeen}}<li><code>{{.ID}}</code> ({{join .Rows ", "}}): {{.Title}}</li>{{end}}</ul>{{end}}

<h2 id="causes">Causes of divergence, with verdicts</h2>
<p>Verdicts: <b>bug</b> — it contradicts the spec the implementation says it implements for that function, or its own docs or tests; <b>older spec</b> — it follows an older spec it claims; <b>engine lag</b> — an engine behind a spec change; <b>documented deviation</b> — its docs state the behaviour.</p>
{{range $s := .Sections}}{{$c := $s.Cause}}
<div class="cause {{verdictClass $c}}" id="cause-{{slug $c.ID}}">
<h4>{{$c.Title}} <span class="verdict">{{$c.Verdict}}</span> <span class="muted">({{$s.Results}} divergences)</span></h4>
<ul>
<li>spec: {{$c.Spec}}</li>
{{if $c.Change}}<li>the change it lags behind: {{$c.Change}}</li>{{end}}
{{if $c.Docs}}<li>docs: <a href="{{$c.Docs}}">{{$c.Docs}}</a>{{if $c.Quote}}: “{{$c.Quote}}”{{end}}</li>{{end}}
<li>why: {{$c.Explain}}</li>
{{if $c.Impact}}<li>impact: {{$c.Impact}}</li>{{end}}
{{if $c.Known}}<li>known: <a href="{{$c.Known}}">{{$c.Known}}</a></li>{{end}}
{{with $c.Repro}}<li>reproduction: <a href="{{reproLink $c}}"><code>{{.File}}</code></a> (<code>{{join .Argv " "}}</code>) prints <span class="v">{{.Actual}}</span>; expected <span class="v">{{.Expected}}</span> {{reproStatus $.Report $c}}</li>{{end}}
</ul>
<table><tr><th>row</th><th>vectors</th><th>fuzz</th><th>minimal input</th><th>op</th><th>expected</th><th>got</th></tr>
{{range $s.Entries}}{{$ex := .Group.Minimal}}<tr id="cause-{{slug $c.ID}}-{{slug .Row.Row.Name}}"><td>{{.Row.Row.Name}}</td><td class="num">{{.Group.Vectors}}</td><td class="num">{{.Group.Fuzz}}</td><td class="v">{{$ex.ShowInput}}</td><td>{{$ex.Op}}</td><td class="v">{{$ex.ShowWant}}</td><td class="v">{{$ex.ShowGot}}</td></tr>
{{end}}</table>
</div>
{{end}}
{{if .Unclassified}}<h3>Unclassified</h3>
{{range $rr := .Rows}}{{range $rr.Groups}}{{if not .Cause}}{{$ex := .Minimal}}<div class="cause unclassified"><h4>{{$rr.Row.Name}}: {{.Title}} ({{.Vectors}} vectors, {{.Fuzz}} fuzz findings)</h4>
<p>minimal input to <code>{{$ex.Op}}</code>: <span class="v">{{$ex.ShowInput}}</span>; expected <span class="v">{{$ex.ShowWant}}</span>, got <span class="v">{{$ex.ShowGot}}</span></p></div>{{end}}{{end}}{{end}}{{end}}

<h2 id="implementations">Implementations</h2>
<table class="impl">
<colgroup><col style="width: 11%"><col style="width: 7%"><col style="width: 20%"><col style="width: 15%"><col style="width: 32%"><col style="width: 15%"></colgroup>
<tr><th>row</th><th>language</th><th>library</th><th>version</th><th>functions → ops</th><th>results</th></tr>
{{range .Rows}}<tr id="row-{{slug .Row.Name}}"><td>{{.Row.Name}}</td><td>{{.Row.Language}}</td><td>{{.Row.Library}}</td><td>{{version .}}</td><td>{{range .Functions}}<a href="{{.Docs}}">{{.Function}}</a> → {{.Op}}<br>{{end}}{{if .Row.Impl}}built into pctest (<code>-impl {{.Row.Impl}}</code>){{end}}{{if .Row.Note}}<br><i>{{.Row.Note}}</i>{{end}}</td><td>{{if .Absent}}<i>{{.Absent}}</i>{{else}}{{cellText .Total}}; fuzz {{fuzzTime .}}; {{seconds .}}{{end}}</td></tr>
{{end}}</table>

<h2 id="not-surveyed">Not surveyed</h2>
<ul>{{range .Rows}}{{if .Absent}}<li><b>{{.Row.Name}}</b> ({{.Row.Language}}): {{.Absent}}</li>{{end}}{{end}}
{{range .Unavailable}}<li><b>{{.Name}}</b> ({{.Language}}): {{.Reason}}</li>{{end}}</ul>

<h2>Reproducing</h2>
<pre>make survey                    # installs, builds, runs every row, writes this report
make survey ROWS='engine-'     # reruns the rows whose name matches
go run ./survey -report-only   # rewrites the report from survey/work/results</pre>
</body>
</html>
`))
