package main

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/pctest/pctest/internal/testenv"
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
// against report.schema.json: every key the report writes is declared
// there (following $ref, items and the properties of each object), every
// required key is written, and each value has the declared JSON type. With
// Python's jsonschema installed, it also validates the report with it.
func TestJSONReportFollowsSchema(t *testing.T) {
	data, err := os.ReadFile("../../report/report.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	var schema map[string]any
	if err := json.Unmarshal(data, &schema); err != nil {
		t.Fatalf("report.schema.json: %v", err)
	}
	stale := filepath.Join(t.TempDir(), "stale.txt")
	if err := os.WriteFile(stale, []byte("no.such.vector\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// sticky: see TestRunRobustness.
	sticky := filepath.Join(t.TempDir(), "sticky")
	args := append([]string{"run", "-format", "json", "-op", "decodeURI", "-expect-fail", stale}, fakeArgs(t, "crash-at=5,sticky="+sticky)...)
	r := runPctest(t, args...)
	var doc any
	dec := json.NewDecoder(strings.NewReader(r.stdout))
	dec.UseNumber()
	if err := dec.Decode(&doc); err != nil {
		t.Fatalf("-format json: %v\n%s", err, r.stderr)
	}
	seen := map[string]bool{}
	checkSchema(t, schema, schema, doc, "$", seen)
	for _, key := range []string{"$.causes[].ids", "$.stale[].id", "$.summary.stale_entries", "$.incidents.crashes", "$.results[].request_line", "$.results[].rerun"} {
		if !seen[key] {
			t.Errorf("the report checked has no %s", key)
		}
	}

	report := filepath.Join(t.TempDir(), "report.json")
	if err := os.WriteFile(report, []byte(r.stdout), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := validateJSONSchema(t, "../../report/report.schema.json", report); err != nil {
		t.Error(err)
	}
}

// validateJSONSchema validates the JSON file doc against the schema file
// with Python's jsonschema (draft 2020-12, the schema itself checked
// first): nil if doc follows it, else an error holding the first
// violations, one a line. Where jsonschema is not installed it skips the
// test, so call it after the checks that need only Go.
func validateJSONSchema(t *testing.T, schema, doc string) error {
	t.Helper()
	testenv.Require(t, testenv.Module("python3", "jsonschema"))
	out, err := exec.Command("python3", "-c", `
import json, sys, jsonschema
schema = json.load(open(sys.argv[1]))
jsonschema.Draft202012Validator.check_schema(schema)
errs = list(jsonschema.Draft202012Validator(schema).iter_errors(json.load(open(sys.argv[2]))))
for e in errs[:10]:
    print(list(e.absolute_path), e.message[:300])
sys.exit(1 if errs else 0)
`, schema, doc).CombinedOutput()
	if err != nil {
		return fmt.Errorf("jsonschema %s %s: %v\n%s", schema, doc, err, out)
	}
	return nil
}

// schemaT is what checkSchema reports to: a *testing.T, or a recorder of
// the violations a test expects.
type schemaT interface {
	Helper()
	Errorf(format string, args ...any)
}

// checkSchema checks v, at path, against the schema s (a part of root):
// its JSON type, its enum, its required keys, and that every key it has is
// one of s's properties unless s's additionalProperties allows others. It
// records each path it checks in seen ("[]" for an array's items).
func checkSchema(t schemaT, root, s map[string]any, v any, path string, seen map[string]bool) {
	t.Helper()
	seen[path] = true
	if ref, ok := s["$ref"].(string); ok {
		def, ok := root["$defs"].(map[string]any)[strings.TrimPrefix(ref, "#/$defs/")].(map[string]any)
		if !ok {
			t.Errorf("%s: $ref %s resolves to nothing", path, ref)
			return
		}
		s = def
	}
	if alts, ok := s["oneOf"].([]any); ok {
		// The first alternative of v's JSON type: an object's is a $ref.
		for _, a := range alts {
			a := a.(map[string]any)
			if _, ref := a["$ref"]; ref && jsonType(v) == "object" || a["type"] == jsonType(v) {
				checkSchema(t, root, a, v, path, seen)
				return
			}
		}
		t.Errorf("%s: a %s, which no alternative of oneOf allows", path, jsonType(v))
		return
	}
	if typ, ok := s["type"]; ok {
		var types []string
		switch typ := typ.(type) {
		case string:
			types = []string{typ}
		case []any:
			for _, x := range typ {
				types = append(types, x.(string))
			}
		}
		if got := jsonType(v); !slices.Contains(types, got) && !(got == "integer" && slices.Contains(types, "number")) {
			t.Errorf("%s: a %s, the schema says %v", path, got, types)
		}
	}
	if enum, ok := s["enum"].([]any); ok && !slices.ContainsFunc(enum, func(e any) bool { return fmt.Sprint(e) == fmt.Sprint(v) }) {
		t.Errorf("%s: %v, not one of the schema's %v", path, v, enum)
	}
	switch v := v.(type) {
	case map[string]any:
		props, _ := s["properties"].(map[string]any)
		required, _ := s["required"].([]any)
		for _, k := range required {
			if _, ok := v[k.(string)]; !ok {
				t.Errorf("%s: required %q missing", path, k)
			}
		}
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			ps, ok := props[k].(map[string]any)
			if !ok {
				if ap, ok := s["additionalProperties"]; !ok || ap == false {
					t.Errorf("%s.%s: not in the schema", path, k)
				}
				continue
			}
			checkSchema(t, root, ps, v[k], path+"."+k, seen)
		}
	case []any:
		items, _ := s["items"].(map[string]any)
		for _, x := range v {
			if items != nil {
				checkSchema(t, root, items, x, path+"[]", seen)
			}
		}
	}
}

// jsonType names the JSON type of a value json.Decoder (with UseNumber)
// returned.
func jsonType(v any) string {
	switch v := v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case string:
		return "string"
	case json.Number:
		if _, err := v.Int64(); err == nil {
			return "integer"
		}
		return "number"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return fmt.Sprintf("%T", v)
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
