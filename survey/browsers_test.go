package main

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/pctest/pctest/report"
	"github.com/pctest/pctest/vectors"
)

// TestBrowserView checks the browsers matrix: only rows of kind
// "browser" are in it; each legacy label counts under its encoding's
// name (sjis and Shift_JIS on one line); a WHATWG set is named by its
// component; skips of the matrix's lines are counted by their reason (an
// op or set no browser API claims is no line); and report.html escapes
// what the results hold.
func TestBrowserView(t *testing.T) {
	res := func(op vectors.Op, args map[string]string, o report.Outcome, why string) Result {
		r := testResult("", vectors.Request{Op: op, Args: args}, vectors.Response{}, vectors.Response{Unsupported: o == report.Skipped, Message: why})
		r.Outcome = o
		return *r
	}
	rr := func(name, kind string, results ...Result) *RowReport {
		return &RowReport{Row: &Row{Name: name, Kind: kind}, Run: &Run{Results: results}}
	}
	rep := &Report{Rows: []*RowReport{
		rr("browser-a", "browser",
			res(vectors.OpEncodeURI, nil, report.Passed, ""),
			res(vectors.OpQueryEncode, map[string]string{"encoding": "sjis"}, report.Passed, ""),
			res(vectors.OpFormEncodeLegacy, map[string]string{"encoding": "Shift_JIS"}, report.Failed, ""),
			res(vectors.OpPercentEncodeSet, map[string]string{"set": "whatwg.fragment"}, report.Skipped, "<why>"),
			res(vectors.OpPercentEncodeSet, map[string]string{"set": "rfc3986.path"}, report.Skipped, "not a WHATWG set")),
		rr("browser-b", "browser",
			res(vectors.OpQueryEncode, map[string]string{"encoding": "shift_jis"}, report.Passed, "")),
		rr("node", "engine", res(vectors.OpEncodeURI, nil, report.Failed, "")),
	}}
	v := rep.browserView()
	if v == nil || len(v.Rows) != 2 {
		t.Fatalf("browser rows: %+v, want browser-a and browser-b", v)
	}
	cells := map[string][2]string{}
	for _, l := range v.Lines {
		cells[l.What] = [2]string{cellText(l.Cells[0]), cellText(l.Cells[1])}
	}
	want := map[string][2]string{
		"encodeURI":          {"✓ 1/0/0", "·"},
		"Shift_JIS":          {"✗ 1/1/0", "✓ 1/0/0"},
		"fragment: url.hash": {"·", "·"},
	}
	for what, w := range want {
		if cells[what] != w {
			t.Errorf("line %q: %q, want %q (all lines %q)", what, cells[what], w, cells)
		}
	}
	if len(v.Lines) != 3 || v.Lines[0].What != "encodeURI" || v.Lines[2].What != "fragment: url.hash" {
		t.Errorf("lines %+v: want encodeURI, Shift_JIS, fragment, in the areas' order", v.Lines)
	}
	if len(v.Skips) != 1 || v.Skips[0].Reason != "<why>" || v.Skips[0].Counts[0] != 1 || v.Skips[0].Counts[1] != 0 {
		t.Errorf("skips %+v: want <why> once in browser-a, and no skip of a set that is no line of the matrix", v.Skips)
	}
	md := markdownOf(rep)
	if !strings.Contains(md, "| legacy encodings (query, scheme's query, form) | Shift_JIS | ✗ 1/1/0 | ✓ 1/0/0 |") {
		t.Errorf("REPORT.md's browsers matrix lacks the Shift_JIS line:\n%s", md)
	}
	h := browsersHTML(rep)
	if strings.Contains(h, "<why>") || !strings.Contains(h, "&lt;why&gt;") {
		t.Errorf("report.html does not escape a skip's reason:\n%s", h)
	}
	if (&Report{Rows: []*RowReport{rr("node", "engine")}}).browserView() != nil || browsersHTML(&Report{}) != "" {
		t.Error("a report without browser rows has a browsers section")
	}
}

// markdownOf writes the browsers section alone.
func markdownOf(rep *Report) string {
	var b strings.Builder
	writeBrowsersMarkdown(&b, rep)
	return b.String()
}

// TestLanguagesSplitsBrowserRows: a browser row's "JavaScript, HTML" is two
// languages, each counted once with the other rows', not a third one.
func TestLanguagesSplitsBrowserRows(t *testing.T) {
	row := func(name, lang string) *RowReport { return &RowReport{Row: &Row{Name: name, Language: lang}} }
	rep := &Report{Rows: []*RowReport{row("node", "JavaScript"), row("browser-chromium", "JavaScript, HTML"), row("php-url", "PHP")}}
	if diff := cmp.Diff([]string{"HTML", "JavaScript", "PHP"}, rep.languages()); diff != "" {
		t.Errorf("languages() (-want +got):\n%s", diff)
	}
}
