package main

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFunctionsListed: every testee directory lists its library's public
// percent-encoding functions (functions.json), each mapped as
// mapping.json maps it or excluded with a reason, and every function of
// mapping.json is listed.
func TestFunctionsListed(t *testing.T) {
	root, _, dirs, _ := surveyInputs(t)
	var listed, mapped, excluded, candidates int
	for _, d := range dirs {
		m, err := loadMapping(filepath.Join(root, d.Dir))
		if err != nil {
			t.Fatal(err)
		}
		list, errs := loadFunctions(filepath.Join(root, d.Dir), m)
		if isMissing(errs) {
			t.Errorf("%s: no functions.json: list every public function of the library that percent-encodes or decodes, mapped or excluded (survey/testees/README.md)", d.Dir)
			continue
		}
		for _, err := range errs {
			t.Error(err)
		}
		l, mp, ex, c := functionCounts(list)
		listed, mapped, excluded, candidates = listed+l, mapped+mp, excluded+ex, candidates+c
	}
	t.Logf("%d functions listed: %d mapped, %d excluded, %d candidates", listed, mapped, excluded, candidates)
}

// TestFunctionsRejects shows each rejection of loadFunctions once.
func TestFunctionsRejects(t *testing.T) {
	mapping := []Mapping{{Function: "lib.quote(s)", Op: "percentEncode"}}
	ok := `{"function": "lib.quote(s)", "docs": "https://d/", "ops": ["percentEncode"], "claim": "RFC 3986", "quote": "q"}`
	for _, tc := range []struct{ name, body, want string }{
		{"mapped function missing", `[{"function": "lib.other(s)", "docs": "https://d/", "excluded": "x"}]`, "mapped in mapping.json but not listed"},
		{"neither", `[` + ok + `, {"function": "lib.x", "docs": "https://d/"}]`, "neither mapped"},
		{"both", `[` + ok + `, {"function": "lib.x", "docs": "https://d/", "ops": ["formEncode"], "claim": "c", "quote": "q", "excluded": "x", "candidate": true}]`, "both mapped"},
		{"ops differ", `[{"function": "lib.quote(s)", "docs": "https://d/", "ops": ["formEncode"], "claim": "c", "quote": "q"}]`, "mapping.json maps it to"},
		{"unmapped ops, not a candidate", `[` + ok + `, {"function": "lib.x", "docs": "https://d/", "ops": ["formEncode"], "claim": "c", "quote": "q"}]`, "mark it a candidate"},
		{"no docs", `[` + ok + `, {"function": "lib.x", "docs": "lib.py", "excluded": "x"}]`, "not an https link"},
		{"unknown member", `[{"function": "lib.quote(s)", "doc": "https://d/"}]`, "unknown field"},
	} {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "functions.json"), []byte(tc.body), 0o644); err != nil {
			t.Fatal(err)
		}
		_, errs := loadFunctions(dir, mapping)
		var fe *FunctionsError
		if len(errs) != 1 || !errors.As(errs[0], &fe) || !strings.Contains(errs[0].Error(), tc.want) {
			t.Errorf("%s: %v; want one *FunctionsError saying %q", tc.name, errs, tc.want)
		}
	}
}

// TestUpstreamReportsRead: every testee directory records the reports its
// library's tracker has about percent-encoding (upstream-reports.json),
// each in scope or out, and each in scope found by the survey (an entry
// that exists) or explained.
func TestUpstreamReportsRead(t *testing.T) {
	root, _, dirs, causes := surveyInputs(t)
	byID := map[string]*Cause{}
	for _, c := range causes {
		byID[c.ID] = c
	}
	counts := map[string]int{}
	for _, d := range dirs {
		list, errs := loadUpstreamReports(filepath.Join(root, d.Dir), byID)
		if isMissing(errs) {
			t.Errorf("%s: no upstream-reports.json: search its tracker for reports about percent-encoding and record them ([] when there are none)", d.Dir)
			continue
		}
		for _, err := range errs {
			t.Error(err)
		}
		for _, r := range list {
			if r.Scope == "in" {
				k, _ := r.standing()
				counts[k]++
			}
			counts[r.Scope]++
		}
	}
	t.Logf("reports: %d in scope (%d found, %d fixed before, %d disputed, %d no divergence, %d seen not judged, %d missed, %d not affected), %d out",
		counts["in"], counts[reportFound], counts[reportFixedBefore], counts[reportDisputed], counts[reportNoDivergence], counts[reportNotJudged], counts[reportMissed], counts[reportNotApplicable], counts["out"])
}
