package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/pctest/pctest/vectors"
)

// TestJudgedCountsRootCauses: the report counts registry entries (root
// causes) by what they mean, a bug by its upstream status, once however
// many rows it covers, and only for rows the report has.
func TestJudgedCountsRootCauses(t *testing.T) {
	bug := func(id, status string, rows ...string) *Cause {
		c := &Cause{Divergence: vectors.Divergence{ID: id, Verdict: VerdictBug, Rows: rows}}
		if status != "" {
			c.Evidence = &vectors.Evidence{Upstream: &vectors.Upstream{Status: status}}
		}
		return c
	}
	label := func(id, v string) *Cause {
		return &Cause{Divergence: vectors.Divergence{ID: id, Verdict: v, Rows: []string{"a"}}}
	}
	rep := &Report{
		Rows: []*RowReport{{Row: &Row{Name: "a"}}, {Row: &Row{Name: "b"}}},
		Causes: []*Cause{
			bug("open1", vectors.UpstreamNotReported, "a", "b"),
			bug("open2", vectors.UpstreamReported, "b"),
			bug("fixed", vectors.UpstreamFixed, "a"),
			bug("declined", vectors.UpstreamDeclined, "a"),
			bug("elsewhere", vectors.UpstreamNotReported, "c"),
			label("d1", VerdictDeliberate), label("doc", VerdictDocumented), label("old", VerdictOlder),
			label("lag", VerdictLag), label("impl", vectors.NoLabelImplDefined), label("unm", vectors.NoLabelUnmapped),
		},
	}
	want := map[string]int{"open on the latest": 2, "fixed upstream": 1, "declined": 1, "deliberate": 1, "documented": 1,
		"older spec": 1, "engine lag": 1, "implementation-defined": 1, "unmapped": 1}
	for _, j := range rep.judged() {
		for k, n := range want {
			if strings.Contains(j.What, k) && j.Count != n {
				t.Errorf("%q: %d, want %d", j.What, j.Count, n)
			}
		}
	}
}

// TestFixedBugIsNotCounted: a bug the latest upstream no longer has (the
// rule's "else: fixed in X") carries the label "fixed in X" and is listed
// apart: the headline, the bug list, the scores and the per-op table count
// open bugs only, and its page says it is fixed.
func TestFixedBugIsNotCounted(t *testing.T) {
	l, rows := fakeSurvey(t, true)
	cause := func(id, row string, up *vectors.Upstream) *Cause {
		c := &Cause{Divergence: vectors.Divergence{ID: id, Rows: []string{row}, Ops: []vectors.Op{vectors.OpDecodeURI},
			Relation: vectors.RelationSet{"undecoded"}, Title: "title of " + id, Verdict: VerdictBug, Spec: "s", Explain: "e"}, file: "survey/verdicts.json"}
		if up != nil {
			c.Evidence = &vectors.Evidence{Upstream: up}
		}
		return c
	}
	open := cause("a.open", "lib a", &vectors.Upstream{Status: vectors.UpstreamNotReported})
	fixed := cause("b.fixed", "lib b", &vectors.Upstream{Status: vectors.UpstreamFixed,
		FixedIn: "1.3.0 (PR #39, merged 2023-02-01)", Links: []string{"https://example.test/pr/39"}})
	rep, err := collect(l, rows, []*Cause{open, fixed})
	if err != nil {
		t.Fatal(err)
	}
	if got := fixed.Label(); got != "fixed in 1.3.0" {
		t.Errorf("Label() = %q, want %q", got, "fixed in 1.3.0")
	}
	if got := open.Label(); got != VerdictBug {
		t.Errorf("an open bug's Label() = %q", got)
	}
	if n, r := rep.bugCounts(); n != 1 || r != 1 {
		t.Errorf("bugCounts() = %d bugs in %d rows, want 1 in 1 (the fixed one not counted)", n, r)
	}
	if fs := rep.fixedSections(); len(fs) != 1 || fs[0].Cause != fixed {
		t.Errorf("fixedSections() = %v, want the fixed bug alone", fs)
	}
	for _, s := range rep.buildFamilies()[0].scores() {
		want := map[string]string{"lib a": "1", "lib b": "(1 fixed)"}[s.Row.Row.Name]
		if got := s.BugsText(); got != want {
			t.Errorf("%s: bugs cell %q, want %q", s.Row.Row.Name, got, want)
		}
	}
	for _, o := range rep.opScores() {
		if o.Op == vectors.OpDecodeURI && o.Bugs != 1 {
			t.Errorf("per-op table: %d bugs on decodeURI, want 1", o.Bugs)
		}
	}
	md := markdown(rep)
	for _, want := range []string{
		"**1 bugs** (distinct root causes) found in 1 rows, and 1 more that upstream has fixed since",
		"### Fixed upstream since the surveyed version",
		"[**b.fixed**](bugs/b.fixed.md) — Fixed in 1.3.0: title of b.fixed. Rows: lib b.",
		"### title of b.fixed — Fixed in 1.3.0",
		"### title of a.open — Bug",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("the Markdown report lacks %q", want)
		}
	}
	if i := strings.Index(md, "## Bugs found"); i < 0 || strings.Contains(md[i:strings.Index(md[i:], "### Fixed")+i], "b.fixed") {
		t.Errorf("the fixed bug is in the list of bugs")
	}
	page := bugMarkdown(rep, fixed, rep.fixedSections()[0])
	if !strings.Contains(page, "**Fixed in 1.3.0.** The latest upstream no longer has this bug") {
		t.Errorf("the fixed bug's page does not say it is fixed:\n%s", page)
	}
	if strings.Contains(bugMarkdown(rep, open, rep.bugSections()[0]), "no longer has") {
		t.Errorf("the open bug's page says it is fixed")
	}
	declined := cause("c.declined", "lib b", &vectors.Upstream{Status: vectors.UpstreamDeclined, Links: []string{"https://example.test/issue/1"}})
	if page := bugMarkdown(rep, declined, nil); !strings.Contains(page, "**Bug, declined upstream.** Upstream declined to change it") || strings.Contains(page, "no longer has") {
		t.Errorf("a declined bug's page does not say it was declined, or says it is fixed:\n%s", page)
	}
	var b bytes.Buffer
	if err := writeHTML(&b, rep); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`<span class="verdict">fixed in 1.3.0</span>`, `class="cause fixed"`, "and 1 more that upstream has fixed"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("the HTML report lacks %q", want)
		}
	}
	checkHTMLIDs(t, b.Bytes())
}

// TestFixedInShort: the label takes the release or commit of fixed_in,
// not its details.
func TestFixedInShort(t *testing.T) {
	for in, want := range map[string]string{
		"jq 1.7": "jq 1.7",
		"1.3.0 (PR #39, merged 2023-02-01, released 2025-03-23)":                                 "1.3.0",
		"commit a7d1e36 (2015-08-05, one day after Debian's 20150804 snapshot); first tag 0.2.0": "commit a7d1e36",
		"b9ea8ab5aa43b7ec69d9c2d92aa5e83099ba798a on the default branch (2025-11-12, 'fix')":     "b9ea8ab5aa43 on the default branch",
		"JDK 25 (JDK-8353453 'URLDecoder should use HexFormat'): the escape's digits":            "JDK 25",
		"PR #741 'Normalize URI fragment percent-encoding' (merged 2026-05-27) for the fragment": "PR #741",
	} {
		if got := fixedInShort(in); got != want {
			t.Errorf("fixedInShort(%q) = %q, want %q", in, got, want)
		}
	}
}
