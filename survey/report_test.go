package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
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
	run := `{"run_info": {"suite_version": "v1", "vector_count": 2},
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
