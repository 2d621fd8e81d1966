package main

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/pctest/pctest/internal/jsonschema"
	"github.com/pctest/pctest/report"
)

// closingRE is the start of the last line of a text report as CI log
// parsers and people read it: "N passed, N failed".
var closingRE = regexp.MustCompile(`^(\d+) passed, (\d+) failed\b`)

// TestLastLineAgreesWithExitStatus (issue 28, item 2) runs pctest run on
// a clean run, a stale expected-failures entry, an unexpected pass and
// real failures, in text, JSON and JUnit, and checks that each report says
// that the run failed exactly when the exit status is 1: the text
// report's last line counts failures (naming the stale entries and the
// unexpected passes), the JSON summary has stale_entries and the entries,
// and the JUnit report has an error per stale entry.
func TestLastLineAgreesWithExitStatus(t *testing.T) {
	dir := t.TempDir()
	list := func(name string, ids ...string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte("# a list\n"+strings.Join(ids, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	const sel = "^rfc3986\\.percentDecode\\."
	pass := "rfc3986.percentDecode.pct20-is-sp" // the reference passes it
	for _, tc := range []struct {
		name   string
		args   []string
		fail   bool
		stale  int
		xpass  int
		inLine string // what the last line names after "N failed"
	}{
		{"clean", []string{"-impl", "reference", "-run", sel}, false, 0, 0, ""},
		{"stale", []string{"-impl", "reference", "-run", sel, "-expect-fail", list("stale.txt", "no.such.vector")}, true, 1, 0,
			" (1 stale expected-failures entry)"},
		{"xpass", []string{"-impl", "reference", "-run", sel, "-expect-fail", list("xpass.txt", pass)}, true, 0, 1,
			" (1 unexpected pass)"},
		{"both", []string{"-impl", "reference", "-run", sel, "-expect-fail", list("both.txt", pass, "gone.one", "gone.two")}, true, 2, 1,
			" (1 unexpected pass, 2 stale expected-failures entries)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runPctest(t, append([]string{"run"}, tc.args...)...)
			wantCode := exitOK
			if tc.fail {
				wantCode = exitFail
			}
			if r.code != wantCode {
				t.Fatalf("exit %d, want %d\n%s%s", r.code, wantCode, r.stdout, r.stderr)
			}
			last := lastLine(r.stdout)
			m := closingRE.FindStringSubmatch(last)
			if m == nil {
				t.Fatalf("last line %q does not start \"N passed, N failed\"", last)
			}
			failed, _ := strconv.Atoi(m[2])
			if (failed > 0) != tc.fail {
				t.Errorf("exit %d under the last line %q", r.code, last)
			}
			if want := fmt.Sprintf("%s passed, %d failed%s, ", m[1], tc.stale+tc.xpass, tc.inLine); !strings.HasPrefix(last, want) {
				t.Errorf("last line %q, want it to start %q", last, want)
			}
			if n := strings.Count(r.stdout, "\nSTALE "); n != tc.stale {
				t.Errorf("%d STALE lines, want %d", n, tc.stale)
			}

			r = runPctest(t, append([]string{"run", "-format", "json"}, tc.args...)...)
			var rep struct {
				Summary struct {
					Failed           int  `json:"failed"`
					UnexpectedPasses int  `json:"unexpected_passes"`
					StaleEntries     *int `json:"stale_entries"`
				} `json:"summary"`
				Stale []struct {
					File    string `json:"file"`
					Line    int    `json:"line"`
					ID      string `json:"id"`
					Message string `json:"message"`
				} `json:"stale"`
			}
			if err := json.Unmarshal([]byte(r.stdout), &rep); err != nil {
				t.Fatalf("-format json: %v", err)
			}
			s := rep.Summary
			if r.code != wantCode || s.StaleEntries == nil || *s.StaleEntries != tc.stale || len(rep.Stale) != tc.stale ||
				s.UnexpectedPasses != tc.xpass || (s.Failed+*s.StaleEntries > 0) != tc.fail {
				t.Errorf("-format json: exit %d, summary %+v, stale %+v", r.code, s, rep.Stale)
			}
			for _, e := range rep.Stale {
				if e.File == "" || !strings.HasPrefix(e.Message, fmt.Sprintf("%s:%d: ", e.File, e.Line)) || e.Line < 2 ||
					!strings.HasPrefix(e.ID, "gone.") && e.ID != "no.such.vector" || !strings.Contains(e.Message, "names no vector") {
					t.Errorf("-format json: stale entry %+v", e)
				}
			}

			r = runPctest(t, append([]string{"run", "-format", "junit"}, tc.args...)...)
			var suites report.JUnitSuites
			if err := xml.Unmarshal([]byte(r.stdout), &suites); err != nil {
				t.Fatalf("-format junit: %v", err)
			}
			stale := 0
			for _, s := range suites.Suites {
				for _, c := range s.Cases {
					if c.Error != nil && c.Error.Type == "stale" {
						stale++
					}
				}
			}
			if r.code != wantCode || stale != tc.stale || (suites.Failures+suites.Errors > 0) != tc.fail {
				t.Errorf("-format junit: exit %d, failures=%d errors=%d, %d stale errors", r.code, suites.Failures, suites.Errors, stale)
			}
		})
	}
}

// TestJSONReportCauses (issue 28, item 5) runs a testee that echoes its
// input over the ecmascript area, which fails hundreds of vectors for a
// few reasons, and checks that the JSON report groups them into the
// causes of the text report: the same ops, titles and counts in the same
// order, each with the ids of its vectors, every failed vector in exactly
// one cause.
func TestJSONReportCauses(t *testing.T) {
	args := append([]string{"run", "-area", "ecmascript"}, fakeArgs(t, "")...)
	text := runPctest(t, args...)
	r := runPctest(t, append([]string{"run", "-format", "json"}, args[1:]...)...)
	if r.code != exitFail || text.code != exitFail {
		t.Fatalf("exit %d (text %d), want 1\n%s", r.code, text.code, r.stderr)
	}
	var rep struct {
		Summary struct {
			Failed           int `json:"failed"`
			UnexpectedPasses int `json:"unexpected_passes"`
		} `json:"summary"`
		Causes  []report.Cause `json:"causes"`
		Results []struct {
			ID     string `json:"id"`
			Op     string `json:"op"`
			Status string `json:"status"`
		} `json:"results"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &rep); err != nil {
		t.Fatalf("-format json: %v", err)
	}
	if len(rep.Causes) < 2 {
		t.Fatalf("%d causes in the JSON report, want several:\n%.2000s", len(rep.Causes), r.stdout)
	}
	// The text report's causes: "N causes of N failures, biggest first:",
	// then each cause's "count  op: title" line, its example and step.
	// With causes of several levels, the heading says they come by level.
	heading := fmt.Sprintf("%d causes of %d failures, biggest first:\n", len(rep.Causes), rep.Summary.Failed-rep.Summary.UnexpectedPasses)
	if rep.Causes[0].Level != rep.Causes[len(rep.Causes)-1].Level {
		heading = strings.Replace(heading, ", biggest", ", by level (must, then should, then implementation-defined), biggest", 1)
	}
	i := strings.Index(text.stdout, heading)
	if i < 0 {
		t.Fatalf("the text report lacks %q:\n%s", heading, text.stdout)
	}
	textCauses := strings.Split(text.stdout[i+len(heading):], "\n")
	opOf := map[string]string{}
	failed := map[string]int{}
	for _, res := range rep.Results {
		opOf[res.ID] = res.Op
		if res.Status == "fail" {
			failed[res.ID] = 0
		}
	}
	for k, c := range rep.Causes {
		if want := fmt.Sprintf("%6d  %s %s: %s", c.Count, strings.ToUpper(c.Level), c.Op, c.Title); 3*k+2 >= len(textCauses) || textCauses[3*k] != want ||
			!strings.HasPrefix(textCauses[3*k+1], "        e.g. "+c.Example+": ") || textCauses[3*k+2] != "        spec: "+c.Step {
			t.Errorf("cause %d %+v is not the text report's:\n%s", k, c, strings.Join(textCauses[min(3*k, len(textCauses)):min(3*k+3, len(textCauses))], "\n"))
		}
		if c.Count != len(c.IDs) || c.Relation == "" || !slices.Contains(c.IDs, c.Example) {
			t.Errorf("cause %s %s: count %d, %d ids, example %s", c.Op, c.Relation, c.Count, len(c.IDs), c.Example)
		}
		if k > 0 && c.Level == rep.Causes[k-1].Level && c.Count > rep.Causes[k-1].Count {
			t.Errorf("cause %s %s (%d) after a smaller one (%d)", c.Op, c.Relation, c.Count, rep.Causes[k-1].Count)
		}
		for _, id := range c.IDs {
			n, ok := failed[id]
			if !ok || opOf[id] != string(c.Op) {
				t.Errorf("cause %s %s holds %s, which is not a failed vector of that op", c.Op, c.Relation, id)
			}
			failed[id] = n + 1
		}
	}
	for id, n := range failed {
		if n != 1 {
			t.Errorf("failed vector %s is in %d causes, want 1", id, n)
		}
	}
}

// TestJSONReportFollowsSchema checks the JSON report of a run with
// failures of several causes, a stale entry and a testee's incidents
// against report.schema.json (internal/jsonschema), and that the report
// checked has the members that make the check worth something.
func TestJSONReportFollowsSchema(t *testing.T) {
	stale := filepath.Join(t.TempDir(), "stale.txt")
	if err := os.WriteFile(stale, []byte("no.such.vector\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// sticky: see TestRunRobustness.
	sticky := filepath.Join(t.TempDir(), "sticky")
	args := append([]string{"run", "-format", "json", "-op", "decodeURI", "-expect-fail", stale}, fakeArgs(t, "crash-at=5,sticky="+sticky)...)
	r := runPctest(t, args...)
	seen := followsSchema(t, "../../report/report.schema.json", r.stdout)
	for _, key := range []string{"$.causes[].ids", "$.stale[].id", "$.summary.stale_entries", "$.incidents.crashes", "$.results[].request_line", "$.results[].rerun"} {
		if !seen[key] {
			t.Errorf("the report checked has no %s", key)
		}
	}
}

// followsSchema validates the JSON document doc against the schema file
// with internal/jsonschema, failing the test where it does not, and
// returns the paths doc has ("$.results[].id"), for the test to check
// that the document exercised the schema.
func followsSchema(t *testing.T, schema, doc string) map[string]bool {
	t.Helper()
	v, err := jsonschema.Load(schema)
	if err != nil {
		t.Fatal(err)
	}
	if err := v.ValidateJSON(schema, []byte(doc)); err != nil {
		t.Error(err)
	}
	var x any
	if err := json.Unmarshal([]byte(doc), &x); err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	var walk func(x any, path string)
	walk = func(x any, path string) {
		seen[path] = true
		switch x := x.(type) {
		case map[string]any:
			for k, v := range x {
				walk(v, path+"."+k)
			}
		case []any:
			for _, v := range x {
				walk(v, path+"[]")
			}
		}
	}
	walk(x, "$")
	return seen
}

// TestJUnitCountsAreTheTextReports (issue 26) runs an implementation that
// supports one of the two ops selected, and checks that the JUnit report
// counts what the text report counts: a testcase per vector, the vectors
// of the op it does not support skipped ones.
func TestJUnitCountsAreTheTextReports(t *testing.T) {
	args := []string{"run", "-impl", "neturl", "-op", "goQueryEscape,encodeURI"}
	text := runPctest(t, args...)
	m := summaryRE.FindStringSubmatch(lastLine(text.stdout))
	if text.code != exitOK || m == nil {
		t.Fatalf("text: exit %d, last line %q", text.code, lastLine(text.stdout))
	}
	passed, _ := strconv.Atoi(m[1])
	skipped, _ := strconv.Atoi(m[3])
	r := runPctest(t, append(args[:1:1], append([]string{"-format", "junit"}, args[1:]...)...)...)
	var suites report.JUnitSuites
	if err := xml.Unmarshal([]byte(r.stdout), &suites); err != nil {
		t.Fatalf("-format junit: %v", err)
	}
	if passed == 0 || skipped == 0 || suites.Tests != passed+skipped || suites.Skipped != skipped {
		t.Errorf("JUnit: tests=%d skipped=%d; the text report: %d passed, %d skipped", suites.Tests, suites.Skipped, passed, skipped)
	}
	for _, s := range suites.Suites {
		for _, c := range s.Cases {
			if c.Skipped != nil && !strings.Contains(c.Skipped.Message, "neturl does not support encodeURI") {
				t.Errorf("skipped testcase %s: %q, want why", c.Name, c.Skipped.Message)
			}
		}
	}
}
