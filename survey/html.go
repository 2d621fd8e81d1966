package main

import (
	_ "embed"
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
	return htmlTemplate.Execute(w, htmlPage{Report: rep, Families: rep.buildFamilies(), Sections: rep.causeSections(), Bugs: rep.bugSections(), Fixed: rep.fixedSections(), NotSeen: rep.notSeen(), OpScores: rep.opScores()})
}

// An htmlPage is what the template sees: the report and its views.
type htmlPage struct {
	*Report
	Families []Family
	Sections []*CauseSection
	Bugs     []*CauseSection
	Fixed    []*CauseSection
	NotSeen  []*Cause
	OpScores []OpScore
}

// reportTemplate is the page's template (templates/report.html.tmpl).
//
//go:embed templates/report.html.tmpl
var reportTemplate string

var htmlTemplate = template.Must(template.New("report").Funcs(template.FuncMap{
	"version":  rowVersion,
	"fuzzCell": fuzzCell,
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
		if c.Verdict == VerdictBug && !c.open() {
			return "fixed"
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
	"slug":       slug,
	"bugPage":    bugPage,
	"capitalize": capitalize,
	"scores":     func(f Family) []Score { return f.scores() },
	"provenance": func(rep *Report) template.HTML {
		return template.HTML(rep.provenance(func(s string) string { return "<code>" + template.HTMLEscapeString(s) + "</code>" }))
	},
	"fuzzFailures": func(rep *Report) template.HTML {
		return template.HTML(rep.fuzzFailureText(func(s string) string { return "<code>" + s + "</code>" }, func(s string) string { return "<b>" + s + "</b>" }, template.HTMLEscapeString))
	},
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
	"fuzzText":    fuzzSentence,
	"seconds":     secondsText,
	"join":        strings.Join,
	"mappedText":  mappedText,
	"judged":      func(rep *Report) []Judged { return rep.judged() },
	"add":         func(a, b int) int { return a + b },
	"upstreamFound": func(rep *Report) []UpstreamLine {
		f, _ := rep.upstreamInScope()
		return f
	},
	"upstreamRest": func(rep *Report) []UpstreamLine {
		_, r := rep.upstreamInScope()
		return r
	},
	"standingID": func(u UpstreamLine) string {
		_, id := u.standing()
		return id
	},
	"counts": func(rep *Report) map[string]int {
		rows, _ := rep.counts()
		bugs, bugRows := rep.bugCounts()
		return map[string]int{"rows": rows, "languages": len(rep.languages()), "bugs": bugs, "bugRows": bugRows, "fixed": len(rep.fixedSections())}
	},
}).Parse(reportTemplate))
