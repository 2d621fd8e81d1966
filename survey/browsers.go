package main

import (
	"fmt"
	"html"
	"maps"
	"slices"
	"strings"

	"github.com/pctest/pctest/codec"
	"github.com/pctest/pctest/conformance"
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
	Cells      []*conformance.Summary
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
	switch op := res.Op; op {
	case vectors.OpEncodeURI, vectors.OpEncodeURIComponent, vectors.OpDecodeURI, vectors.OpDecodeURIComponent:
		return "ECMAScript (ECMA-262 §19.2.6)", string(op)
	case vectors.OpEscape, vectors.OpUnescape:
		return "Annex B (ECMA-262 B.2.1)", string(op)
	case vectors.OpFormEncode, vectors.OpFormDecode:
		return "form (URLSearchParams, URL §5)", string(op)
	case vectors.OpUTF8DecodeReplace:
		return "UTF-8 decoding (TextDecoder, Encoding §4.3)", string(op)
	case vectors.OpQueryEncode, vectors.OpQueryEncodeScheme, vectors.OpFormEncodeLegacy:
		label := res.Req.Args["encoding"]
		name, err := codec.EncodingName(label)
		if err != nil {
			name = label
		}
		return "legacy encodings (query, scheme's query, form)", name
	case vectors.OpPercentEncodeSet:
		if api, ok := browserSetAPI[res.Req.Args["set"]]; ok {
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
				l = &BrowserLine{Area: area, What: what, Cells: make([]*conformance.Summary, len(v.Rows))}
				lines[key] = l
				order = append(order, key)
			}
			if l.Cells[i] == nil {
				l.Cells[i] = &conformance.Summary{}
			}
			l.Cells[i].Add(res.Outcome)
			if res.Outcome == conformance.Skipped && res.Got.Message != "" {
				sk := [2]string{string(res.Op), res.Got.Message}
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

// writeBrowsersMarkdown writes the browsers section of REPORT.md.
func writeBrowsersMarkdown(b *strings.Builder, rep *Report) {
	v := rep.browserView()
	if v == nil {
		return
	}
	p := func(format string, args ...any) { fmt.Fprintf(b, format, args...) }
	p("<a id=\"browsers\"></a>\n### Browsers\n\n")
	p("Three browser engines, headless, from Debian's packages, each asked through its web platform APIs on pages served from 127.0.0.1 (`survey/testees/browser-common`): the global URI functions and `escape`/`unescape`, `URLSearchParams`, `TextDecoder`, documents and forms in each legacy encoding, and the URL setters. ")
	p("Each cell: passed/failed/skipped vectors (✓ all passed, ✗ some failed, · none asked). The versions that ran:\n\n")
	for _, rr := range v.Rows {
		p("- **%s**: %s\n", rr.Row.Name, mdCell(rowVersion(rr)))
	}
	p("\n| area | what |")
	for _, rr := range v.Rows {
		p(" %s |", browserName(rr))
	}
	p("\n|---|---|")
	for range v.Rows {
		p("---|")
	}
	p("\n")
	for _, l := range v.Lines {
		p("| %s | %s |", l.Area, mdCell(l.What))
		for _, c := range l.Cells {
			p(" %s |", cellText(c))
		}
		p("\n")
	}
	p("| fuzz | `pctest fuzz` against the reference |")
	for _, rr := range v.Rows {
		p(" %s |", mdCell(fuzzCell(rr)))
	}
	p("\n\n")
	if len(v.Causes) > 0 {
		p("Divergences, by cause (each cause's verdict and reasons are under [Causes](#causes)):\n\n| cause | verdict |")
		for _, rr := range v.Rows {
			p(" %s |", browserName(rr))
		}
		p("\n|---|---|")
		for range v.Rows {
			p("---|")
		}
		p("\n")
		for _, c := range v.Causes {
			name := c.Title
			if c.Cause != nil {
				name = fmt.Sprintf("[`%s`](#causes): %s", c.Cause.ID, c.Cause.Title)
			}
			p("| %s | %s |", mdCell(name), c.verdictText())
			for _, n := range c.Counts {
				p(" %s |", zeroDash(n))
			}
			p("\n")
		}
		p("\n")
	}
	if len(v.Skips) > 0 {
		p("Skipped: inputs a browser's component cannot carry as it is, or ops no browser API claims, answered \"unsupported\" with the reason:\n\n| op | reason |")
		for _, rr := range v.Rows {
			p(" %s |", browserName(rr))
		}
		p("\n|---|---|")
		for range v.Rows {
			p("---|")
		}
		p("\n")
		for _, s := range v.Skips {
			p("| `%s` | %s |", s.Op, mdCell(s.Reason))
			for _, n := range s.Counts {
				p(" %s |", zeroDash(n))
			}
			p("\n")
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
	p("<h3 id=\"browsers\">Browsers</h3>\n<p class=\"muted\">Three browser engines, headless, from Debian's packages, each asked through its web platform APIs on pages served from 127.0.0.1 (<code>survey/testees/browser-common</code>): the global URI functions and <code>escape</code>/<code>unescape</code>, <code>URLSearchParams</code>, <code>TextDecoder</code>, documents and forms in each legacy encoding, and the URL setters.</p>\n<ul>\n")
	for _, rr := range v.Rows {
		p("<li><a href=\"#row-%s\"><b>%s</b></a>: %s</li>\n", e(slug(rr.Row.Name)), e(rr.Row.Name), e(rowVersion(rr)))
	}
	p("</ul>\n<table>\n<tr><th>area</th><th>what</th>")
	for _, rr := range v.Rows {
		p("<th>%s</th>", e(browserName(rr)))
	}
	p("</tr>\n")
	prev := ""
	for _, l := range v.Lines {
		area := ""
		if l.Area != prev {
			area, prev = l.Area, l.Area
		}
		p("<tr><td>%s</td><td>%s</td>", e(area), e(l.What))
		for _, c := range l.Cells {
			p("<td class=\"%s\">%s</td>", htmlMarkClass(c), e(cellText(c)))
		}
		p("</tr>\n")
	}
	p("<tr><td>fuzz</td><td>pctest fuzz against the reference</td>")
	for _, rr := range v.Rows {
		p("<td>%s</td>", e(fuzzCell(rr)))
	}
	p("</tr>\n</table>\n")
	if len(v.Causes) > 0 {
		p("<p>Divergences, by cause:</p>\n<table>\n<tr><th>cause</th><th>verdict</th>")
		for _, rr := range v.Rows {
			p("<th>%s</th>", e(browserName(rr)))
		}
		p("</tr>\n")
		for _, c := range v.Causes {
			name := e(c.Title)
			if c.Cause != nil {
				name = fmt.Sprintf("<a href=\"#cause-%s\"><code>%s</code></a>: %s", e(slug(c.Cause.ID)), e(c.Cause.ID), e(c.Cause.Title))
			}
			p("<tr><td>%s</td><td>%s</td>", name, e(c.verdictText()))
			for _, n := range c.Counts {
				p("<td class=\"num\">%s</td>", e(zeroDash(n)))
			}
			p("</tr>\n")
		}
		p("</table>\n")
	}
	if len(v.Skips) > 0 {
		p("<p>Skipped, with the reason the testee gave:</p>\n<table>\n<tr><th>op</th><th>reason</th>")
		for _, rr := range v.Rows {
			p("<th>%s</th>", e(browserName(rr)))
		}
		p("</tr>\n")
		for _, s := range v.Skips {
			p("<tr><td><code>%s</code></td><td>%s</td>", e(s.Op), e(s.Reason))
			for _, n := range s.Counts {
				p("<td class=\"num\">%s</td>", e(zeroDash(n)))
			}
			p("</tr>\n")
		}
		p("</table>\n")
	}
	return b.String()
}

// htmlMarkClass is the CSS class of a cell by its mark.
func htmlMarkClass(t *conformance.Summary) string {
	if t == nil || t.Ran() == 0 {
		return "none"
	}
	switch t.Mark() {
	case "✓":
		return "pass"
	case "✗":
		return "fail"
	case "~":
		return "xfail"
	}
	return "none"
}
