package main

import (
	"fmt"
	"html"
	"maps"
	"slices"
	"strings"

	"github.com/pctest/pctest/codec"
	"github.com/pctest/pctest/report"
	"github.com/pctest/pctest/vectors"
)

// The browsers matrix: the rows of kind "browser" (Chromium, Firefox ESR,
// WebKitGTK) side by side, a line per area of what a browser answers:
// the ECMAScript URI functions, Annex B, the form serializer and parser,
// UTF-8 decoding, each legacy encoding (its query, scheme-dependent query
// and form vectors together), and each WHATWG named set through the
// component that encodes with it. The browser rows are in no family of
// the other matrices.

// A BrowserLine is one line of the browsers matrix: a cell per browser.
type BrowserLine struct {
	Area, What string
	Cells      []*report.Summary
}

// A BrowserSkip is one reason the browsers' testee gave for inputs it
// could not carry ("unsupported" with a message), with how many vectors
// each browser skipped for it.
type BrowserSkip struct {
	Op, Reason string
	Counts     []int
}

// A BrowserCause is one cause (or unclassified group) of the browsers'
// divergences, with how many results of each browser it explains.
type BrowserCause struct {
	Cause  *Cause
	Title  string
	Counts []int
}

// BrowserView is what the browsers section shows.
type BrowserView struct {
	Rows   []*RowReport
	Lines  []BrowserLine
	Skips  []BrowserSkip
	Causes []BrowserCause
}

// browserSetAPI names the web API through which the browsers' testee asks
// each WHATWG set (survey/testees/browser-common).
var browserSetAPI = map[string]string{
	"whatwg.c0-control":      "C0 control: opaque path (new URL('x:…'))",
	"whatwg.fragment":        "fragment: url.hash",
	"whatwg.query":           "query: url.search, non-special URL",
	"whatwg.special-query":   "special-query: url.search, http: URL",
	"whatwg.path":            "path: url.pathname, non-special URL",
	"whatwg.userinfo":        "userinfo: url.username",
	"whatwg.component":       "component: no web API",
	"whatwg.form-urlencoded": "form-urlencoded: URLSearchParams",
}

// browserLineOf returns the area and line a result of a browser row goes
// to, or "" for a result of no line.
func browserLineOf(res *Result) (area, what string) {
	switch op := res.Vector.Op; op {
	case vectors.OpEncodeURI, vectors.OpEncodeURIComponent, vectors.OpDecodeURI, vectors.OpDecodeURIComponent:
		return "ECMAScript (ECMA-262 5.1 §15.1.3)", string(op)
	case vectors.OpEscape, vectors.OpUnescape:
		return "Annex B (ECMA-262 5.1 B.2.1, B.2.2)", string(op)
	case vectors.OpFormEncode, vectors.OpFormDecode:
		return "form (URLSearchParams, URL §5)", string(op)
	case vectors.OpUTF8DecodeReplace:
		return "UTF-8 decoding (TextDecoder, Encoding §4.3)", string(op)
	case vectors.OpQueryEncode, vectors.OpQueryEncodeScheme, vectors.OpFormEncodeLegacy:
		label := res.Vector.Request.Args["encoding"]
		name, err := codec.EncodingName(label)
		if err != nil {
			name = label
		}
		return "legacy encodings (query, scheme's query, form)", name
	case vectors.OpPercentEncodeSet:
		if api, ok := browserSetAPI[res.Vector.Request.Args["set"]]; ok {
			return "WHATWG sets (URL §1.3) by component", api
		}
	}
	return "", ""
}

// browserView builds the browsers section from the rows of kind
// "browser" that ran; nil when none did.
func (rep *Report) browserView() *BrowserView {
	v := &BrowserView{}
	for _, rr := range rep.Rows {
		if rr.Row.Kind == "browser" {
			v.Rows = append(v.Rows, rr)
		}
	}
	if len(v.Rows) == 0 {
		return nil
	}
	lines := map[[2]string]*BrowserLine{}
	skips := map[[2]string]*BrowserSkip{}
	var order [][2]string
	for i, rr := range v.Rows {
		if rr.Run == nil {
			continue
		}
		for j := range rr.Run.Results {
			res := &rr.Run.Results[j]
			area, what := browserLineOf(res)
			if area == "" {
				continue
			}
			key := [2]string{area, what}
			l := lines[key]
			if l == nil {
				l = &BrowserLine{Area: area, What: what, Cells: make([]*report.Summary, len(v.Rows))}
				lines[key] = l
				order = append(order, key)
			}
			if l.Cells[i] == nil {
				l.Cells[i] = &report.Summary{}
			}
			l.Cells[i].Add(res.Outcome)
			if res.Outcome == report.Skipped && res.Got.Message != "" {
				sk := [2]string{string(res.Vector.Op), res.Got.Message}
				s := skips[sk]
				if s == nil {
					s = &BrowserSkip{Op: sk[0], Reason: sk[1], Counts: make([]int, len(v.Rows))}
					skips[sk] = s
				}
				s.Counts[i]++
			}
		}
		for _, g := range rr.Groups {
			k := slices.IndexFunc(v.Causes, func(c BrowserCause) bool {
				return g.Cause != nil && c.Cause == g.Cause || g.Cause == nil && c.Cause == nil && c.Title == g.Title()
			})
			if k < 0 {
				v.Causes = append(v.Causes, BrowserCause{Cause: g.Cause, Title: g.Title(), Counts: make([]int, len(v.Rows))})
				k = len(v.Causes) - 1
			}
			v.Causes[k].Counts[i] += len(g.Results)
		}
	}
	// Lines in the order of the areas, then of the ops or names.
	areaRank := func(a string) int {
		for i, p := range []string{"ECMAScript", "Annex B", "form", "UTF-8", "legacy", "WHATWG"} {
			if strings.HasPrefix(a, p) {
				return i
			}
		}
		return 99
	}
	opRank := func(what string) int {
		return slices.IndexFunc(vectors.Ops(), func(o vectors.OpInfo) bool { return string(o.Name) == what })
	}
	slices.SortStableFunc(order, func(a, b [2]string) int {
		if d := areaRank(a[0]) - areaRank(b[0]); d != 0 {
			return d
		}
		if d := opRank(a[1]) - opRank(b[1]); d != 0 {
			return d
		}
		return strings.Compare(strings.ToLower(a[1]), strings.ToLower(b[1]))
	})
	for _, k := range order {
		v.Lines = append(v.Lines, *lines[k])
	}
	for _, k := range slices.SortedFunc(maps.Keys(skips), func(a, b [2]string) int {
		if d := opRank(a[0]) - opRank(b[0]); d != 0 {
			return d
		}
		return strings.Compare(a[1], b[1])
	}) {
		v.Skips = append(v.Skips, *skips[k])
	}
	return v
}

// browserName is a browser row's short name: its row name without
// "browser-".
func browserName(rr *RowReport) string { return strings.TrimPrefix(rr.Row.Name, "browser-") }

// verdictText is a cause's verdict, or "unclassified".
func (c BrowserCause) verdictText() string {
	if c.Cause == nil {
		return "unclassified"
	}
	return c.Cause.Verdict
}

// A browserCell is one cell of a browsers table: its text, and for
// report.html its CSS class and, when it links, its anchor; REPORT.md
// links to the causes' section.
type browserCell struct {
	Text, Class, Anchor string
}

// A browserTable is one table of the browsers section: what it shows,
// its header (after "area"/"op"-like columns, a column per browser) and
// its rows.
type browserTable struct {
	Intro string
	Head  []string
	Rows  [][]browserCell
}

// tables returns the browsers section's tables: the matrix, the
// divergences by cause, and the skips by reason.
func (v *BrowserView) tables() []browserTable {
	names := func(first ...string) []string {
		for _, rr := range v.Rows {
			first = append(first, browserName(rr))
		}
		return first
	}
	matrix := browserTable{Head: names("area", "what")}
	prev := ""
	for _, l := range v.Lines {
		area := ""
		if l.Area != prev {
			area, prev = l.Area, l.Area
		}
		row := []browserCell{{Text: area}, {Text: l.What}}
		for _, c := range l.Cells {
			row = append(row, browserCell{Text: cellText(c), Class: htmlMarkClass(c)})
		}
		matrix.Rows = append(matrix.Rows, row)
	}
	fuzz := []browserCell{{Text: "fuzz"}, {Text: "pctest fuzz against the reference"}}
	for _, rr := range v.Rows {
		fuzz = append(fuzz, browserCell{Text: fuzzCell(rr)})
	}
	matrix.Rows = append(matrix.Rows, fuzz)
	out := []browserTable{matrix}
	if len(v.Causes) > 0 {
		t := browserTable{Intro: "Divergences, by cause (each cause's verdict and reasons are under Causes):", Head: names("cause", "verdict")}
		for _, c := range v.Causes {
			name := browserCell{Text: c.Title}
			if c.Cause != nil {
				name = browserCell{Text: c.Cause.ID + ": " + c.Cause.Title, Anchor: "cause-" + slug(c.Cause.ID)}
			}
			row := []browserCell{name, {Text: c.verdictText()}}
			for _, n := range c.Counts {
				row = append(row, browserCell{Text: zeroDash(n), Class: "num"})
			}
			t.Rows = append(t.Rows, row)
		}
		out = append(out, t)
	}
	if len(v.Skips) > 0 {
		t := browserTable{Intro: "Skipped: inputs a browser's component cannot carry as it is, answered \"unsupported\" with the reason:", Head: names("op", "reason")}
		for _, s := range v.Skips {
			row := []browserCell{{Text: s.Op}, {Text: s.Reason}}
			for _, n := range s.Counts {
				row = append(row, browserCell{Text: zeroDash(n), Class: "num"})
			}
			t.Rows = append(t.Rows, row)
		}
		out = append(out, t)
	}
	return out
}

// browsersAbout says what the browsers section shows.
const browsersAbout = "Three browser engines, headless, from Debian's packages, each asked through its web platform APIs on pages served from 127.0.0.1 (survey/testees/browser-common): the global URI functions and escape/unescape, URLSearchParams, TextDecoder, documents and forms in each legacy encoding, and the URL setters. Each cell: passed/failed/skipped vectors (✓ all passed, ✗ some failed, · none asked). The versions that ran:"

// writeBrowsersMarkdown writes the browsers section of REPORT.md.
func writeBrowsersMarkdown(b *strings.Builder, rep *Report) {
	v := rep.browserView()
	if v == nil {
		return
	}
	p := func(format string, args ...any) { fmt.Fprintf(b, format, args...) }
	p("<a id=\"browsers\"></a>\n### Browsers\n\n%s\n\n", browsersAbout)
	for _, rr := range v.Rows {
		p("- **%s**: %s\n", rr.Row.Name, mdCell(rowVersion(rr)))
	}
	p("\n")
	for _, t := range v.tables() {
		if t.Intro != "" {
			p("%s\n\n", t.Intro)
		}
		p("|%s|\n|%s|\n", strings.Join(t.Head, "|"), strings.Repeat("---|", len(t.Head))[:4*len(t.Head)-1])
		for _, row := range t.Rows {
			for _, c := range row {
				text := mdCell(c.Text)
				if c.Anchor != "" {
					text = "[" + text + "](#causes)"
				}
				p("| %s ", text)
			}
			p("|\n")
		}
		p("\n")
	}
}

// browsersHTML writes the browsers section of report.html; every value is
// escaped.
func browsersHTML(rep *Report) string {
	v := rep.browserView()
	if v == nil {
		return ""
	}
	e := html.EscapeString
	var b strings.Builder
	p := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	p("<h3 id=\"browsers\">Browsers</h3>\n<p class=\"muted\">%s</p>\n<ul>\n", e(browsersAbout))
	for _, rr := range v.Rows {
		p("<li><a href=\"#row-%s\"><b>%s</b></a>: %s</li>\n", e(slug(rr.Row.Name)), e(rr.Row.Name), e(rowVersion(rr)))
	}
	p("</ul>\n")
	for _, t := range v.tables() {
		if t.Intro != "" {
			p("<p>%s</p>\n", e(t.Intro))
		}
		p("<table>\n<tr>")
		for _, h := range t.Head {
			p("<th>%s</th>", e(h))
		}
		p("</tr>\n")
		for _, row := range t.Rows {
			p("<tr>")
			for _, c := range row {
				text := e(c.Text)
				if c.Anchor != "" {
					text = fmt.Sprintf("<a href=\"#%s\">%s</a>", e(c.Anchor), text)
				}
				if c.Class != "" {
					p("<td class=\"%s\">%s</td>", c.Class, text)
				} else {
					p("<td>%s</td>", text)
				}
			}
			p("</tr>\n")
		}
		p("</table>\n")
	}
	return b.String()
}

// htmlMarkClass is the CSS class of a cell: its verdict's name.
func htmlMarkClass(t *report.Summary) string {
	if t == nil {
		return report.NotRun.String()
	}
	return t.Verdict().String()
}
