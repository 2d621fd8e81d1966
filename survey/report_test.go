package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/net/html"

	"github.com/pctest/pctest/vectors"
)

// fakeSurvey makes a module root with two rows, of which only the first
// has results in survey/work, and the registry entries causes; it returns
// the layout and the rows.
func fakeSurvey(t *testing.T, withSecond bool) (*layout, []Row) {
	t.Helper()
	root := t.TempDir()
	l := &layout{root: root, work: filepath.Join(root, "survey", "work")}
	if err := os.MkdirAll(filepath.Join(l.work, "results"), 0o755); err != nil {
		t.Fatal(err)
	}
	rows := []Row{
		{Name: "lib a", Language: "L", Library: "a", Impl: "x", Kind: "engine"},
		{Name: "lib b", Language: "L", Library: "b", Impl: "y", Kind: "engine", ForkOf: "lib a"},
	}
	run := `{"run_info": {"implementation": "x", "suite_version": "v1", "vector_count": 2}, "summary": {"passed": 1, "failed": 1},
 "results": [
  {"id": "v1", "op": "decodeURI", "status": "pass", "in": "%41", "expected": {"out": "A"}},
  {"id": "v2", "op": "decodeURI", "status": "fail", "in": "%C3%A9 x", "expected": {"out": "é x"}, "got": {"out": "%C3%A9 x"}}]}`
	for i := range rows {
		if i == 1 && !withSecond {
			continue
		}
		meta, _ := json.Marshal(rowMeta{Version: "1.0", When: time.Now()})
		os.WriteFile(l.resultFile(&rows[i], ".meta.json"), meta, 0o644)
		os.WriteFile(l.resultFile(&rows[i], ".run.json"), []byte(run), 0o644)
	}
	return l, rows
}

// TestSubsetRunKeepsReport checks issue 28's first trap: a survey of some
// rows only (the others have no results) must not write the committed
// report in survey/, but under survey/work/report; a survey whose every
// row has results writes survey/.
func TestSubsetRunKeepsReport(t *testing.T) {
	for _, whole := range []bool{false, true} {
		l, rows := fakeSurvey(t, whole)
		rep, err := collect(l, rows, nil)
		if err != nil {
			t.Fatal(err)
		}
		dir, ok := l.reportDir(rep)
		if ok != whole {
			t.Errorf("whole = %v: reportDir says whole %v", whole, ok)
		}
		if err := writeReports(dir, rep); err != nil {
			t.Fatal(err)
		}
		_, errSurvey := os.Stat(filepath.Join(l.root, "survey", "REPORT.md"))
		_, errWork := os.Stat(filepath.Join(l.work, "report", "REPORT.md"))
		if whole && errSurvey != nil {
			t.Errorf("a whole survey did not write survey/REPORT.md: %v", errSurvey)
		}
		if !whole && (errSurvey == nil || errWork != nil) {
			t.Errorf("a survey of some rows wrote survey/REPORT.md (%v) or not survey/work/report/REPORT.md (%v)", errSurvey == nil, errWork)
		}
	}
}

// TestHTMLIDs checks issue 28's fourth trap on a report whose row and
// cause names hold spaces: parsed as HTML, every id is free of spaces and
// unique, and every href="#…" names an id of the page.
func TestHTMLIDs(t *testing.T) {
	l, rows := fakeSurvey(t, true)
	c := &Cause{Divergence: vectors.Divergence{ID: "lib a.undecoded x", Rows: []string{"lib a", "lib b"}, Ops: []vectors.Op{vectors.OpDecodeURI},
		Relation: vectors.RelationSet{"undecoded"}, Title: "t", Verdict: VerdictBug, Spec: "s", Explain: "e"}, file: "survey/verdicts.json"}
	rep, err := collect(l, rows, []*Cause{c})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := writeHTML(&b, rep); err != nil {
		t.Fatal(err)
	}
	checkHTMLIDs(t, b.Bytes())
	if !strings.Contains(b.String(), `id="cause-lib-a.undecoded-x-lib-b"`) {
		t.Errorf("no slugged id for the cause's row in:\n%s", b.String())
	}
}

// TestCommittedHTMLIDs checks the committed survey/report.html the same
// way.
func TestCommittedHTMLIDs(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(moduleRootT(t), "survey", "report.html"))
	if err != nil {
		t.Fatal(err)
	}
	checkHTMLIDs(t, data)
}

// checkHTMLIDs parses page with an HTML5 parser and checks its ids and
// in-page links.
func checkHTMLIDs(t *testing.T, page []byte) {
	t.Helper()
	doc, err := html.Parse(bytes.NewReader(page))
	if err != nil {
		t.Fatal(err)
	}
	ids := map[string]int{}
	var hrefs []string
	for n := range doc.Descendants() {
		if n.Type != html.ElementNode {
			continue
		}
		for _, a := range n.Attr {
			switch {
			case a.Key == "id":
				ids[a.Val]++
			case a.Key == "href" && strings.HasPrefix(a.Val, "#"):
				hrefs = append(hrefs, a.Val[1:])
			}
		}
	}
	if len(ids) == 0 {
		t.Fatal("the page has no ids")
	}
	for id, n := range ids {
		if strings.ContainsAny(id, " \t\n\f\r") || id == "" {
			t.Errorf("id %q is empty or holds a space", id)
		}
		if n > 1 {
			t.Errorf("id %q is on %d elements", id, n)
		}
	}
	for _, h := range hrefs {
		if ids[h] == 0 {
			t.Errorf("href=\"#%s\" names no id of the page", h)
		}
	}
}

// TestFuzzNotRunIsNotZeroFindings: a row pctest fuzz could not fuzz (exit
// 2, an empty report) is shown as not fuzzed, with the reason, in the
// Markdown, the HTML and results.json; it is not a row with zero findings,
// and its score is not clean, though it passed its vectors. A fuzzed row's
// cases and its testee's incidents are shown with its results.
func TestFuzzNotRunIsNotZeroFindings(t *testing.T) {
	l, rows := fakeSurvey(t, true)
	pass := `{"run_info": {"implementation": "x", "suite_version": "v1", "vector_count": 1}, "summary": {"passed": 1},
 "results": [{"id": "v1", "op": "decodeURI", "status": "pass", "in": "%41", "expected": {"out": "A"}}]}`
	for i := range rows {
		meta, _ := json.Marshal(rowMeta{Version: "1.0", When: time.Date(2026, 11, 27, 21, 3+i, 0, 0, time.UTC), Fuzzed: "10s", FuzzExit: 2 * i})
		os.WriteFile(l.resultFile(&rows[i], ".meta.json"), meta, 0o644)
		os.WriteFile(l.resultFile(&rows[i], ".run.json"), []byte(pass), 0o644)
	}
	os.WriteFile(l.resultFile(&rows[0], ".fuzz.json"), []byte(`{"fuzz_info": {"implementation": "x", "seed": 1, "ops": ["decodeURI"], "duration_seconds": 10}, "summary": {"cases": 5, "sent": 5, "judged": 5, "findings": 0, "confirmed": 0, "unconfirmed": 0, "flaky": 0, "unsupported_ops": [], "max_findings": 10, "capped_ops": [], "causes": [], "open_differences": 0, "open_differences_by_op": {}}, "incidents": {"restarts": 1, "crashes": 1}, "findings": []}`), 0o644)
	os.WriteFile(l.resultFile(&rows[1], ".fuzz.json"), nil, 0o644)
	os.WriteFile(l.resultFile(&rows[1], ".fuzz.stderr"), []byte("fuzz: 0 cases, 0/s, 0 findings so far\npctest fuzz: the testee declined every op\n\n"), 0o644)
	rep, err := collect(l, rows, nil)
	if err != nil {
		t.Fatal(err)
	}
	md := markdown(rep)
	for _, want := range []string{
		"pctest fuzz` could not fuzz 1 row** (lib b)",
		"(rows run 2026-11-27 from 21:03 to 21:04 UTC)",
		"not run (exit 2)",
		"; fuzz not run (exit 2, no report: pctest fuzz: the testee declined every op)",
		"; fuzz 10s: 5 cases sent in 10.0s (0/s), 5 answered, 5 judged, 0 findings (testee: 1 crashes, 1 restarts)",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("the Markdown report lacks %q", want)
		}
	}
	var scores []Score
	for _, f := range rep.buildFamilies() {
		scores = append(scores, f.scores()...)
	}
	for _, s := range scores {
		switch name := s.Row.Row.Name; {
		case name == "lib a" && (!s.Clean() || s.FuzzText() != "0 (10s)"):
			t.Errorf("%s, fuzzed with no finding: clean %v, %q", name, s.Clean(), s.FuzzText())
		case name == "lib b" && (s.Clean() || s.FuzzText() != "not run (exit 2)" || s.RateText() != "100%, fuzz not run"):
			t.Errorf("%s, not fuzzed: clean %v, %q, %q", name, s.Clean(), s.FuzzText(), s.RateText())
		}
	}
	if len(scores) == 0 {
		t.Fatal("no scores")
	}
	var page bytes.Buffer
	if err := writeHTML(&page, rep); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"<b><code>pctest fuzz</code> could not fuzz 1 row</b> (lib b)",
		"fuzz not run (exit 2, no report: pctest fuzz: the testee declined every op)",
		"judged, 0 findings (testee: 1 crashes, 1 restarts)",
	} {
		if !strings.Contains(page.String(), want) {
			t.Errorf("the HTML report lacks %q", want)
		}
	}
	sum := rep.summary()
	for _, sr := range sum.Rows {
		if sr.Name == "lib b" && (sr.Fuzzed != "" || !strings.Contains(sr.FuzzNotRun, "exit 2")) {
			t.Errorf("results.json row %s: fuzzed %q, fuzz_not_run %q", sr.Name, sr.Fuzzed, sr.FuzzNotRun)
		}
	}
}

// TestFuzzSeedPerRow: the survey fuzzes each row with a seed of its own,
// the same in every run (so that a survey run again draws the same cases),
// and -seed 0 leaves the seed to pctest fuzz's clock.
func TestFuzzSeedPerRow(t *testing.T) {
	l, _ := fakeSurvey(t, false)
	argsFile := filepath.Join(t.TempDir(), "args")
	fake := filepath.Join(t.TempDir(), "pctest")
	os.WriteFile(fake, []byte("#!/bin/sh\necho \"$@\" >> "+argsFile+"\n"), 0o755)
	seedOf := func(seed uint64, name string) string {
		t.Helper()
		os.Remove(argsFile)
		r := &Row{Name: name, Language: "L", Library: "l", Impl: "x"}
		runRow(context.Background(), l, fake, r, "", options{fuzz: time.Second, seed: seed})
		data, _ := os.ReadFile(argsFile)
		for _, line := range strings.Split(string(data), "\n") {
			if f := strings.Fields(line); len(f) > 0 && f[0] == "fuzz" {
				if i := slices.Index(f, "-seed"); i >= 0 && i+1 < len(f) {
					return f[i+1]
				}
				return ""
			}
		}
		t.Fatalf("pctest fuzz was not run on %s: %q", name, data)
		return ""
	}
	a1, a2, b := seedOf(1, "lib a"), seedOf(1, "lib a"), seedOf(1, "lib b")
	if a1 == "" || a1 != a2 || a1 == b {
		t.Errorf("seeds: lib a %q then %q, lib b %q; want one seed per row, the same in every run", a1, a2, b)
	}
	if c := seedOf(2, "lib a"); c == a1 {
		t.Errorf("-seed 2 gave lib a the seed of -seed 1 (%s)", c)
	}
	if c := seedOf(0, "lib a"); c != "" {
		t.Errorf("-seed 0 passed pctest fuzz -seed %s", c)
	}
}
