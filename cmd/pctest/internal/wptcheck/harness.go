package main

import (
	"encoding/json"
	"fmt"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/pctest/pctest/internal/show"
)

// A harnessSummary is what a browser made of the export's own tests under
// testharness.js, and whether their failures are the direct check's.
type harnessSummary struct {
	Pages, Tests, Pass int
	// Failed are the failing tests' names; Errors the pages whose harness
	// did not complete or that never reported.
	Failed, Errors []string
	// Same: the vectors named by failing tests in window pages are those of
	// the direct check's disagreements, those in worker pages are the same
	// restricted to what the worker pages test, and the window pages ran a
	// test for each (input, label) and form case the direct check judged.
	Same bool
	Why  string
}

// testIDs returns the vector ids a test's name starts with ("ID ID:
// ..."), or nil for a test without (such as "Loading data").
func testIDs(name string) []string {
	head, _, ok := strings.Cut(name, ": ")
	if !ok || !strings.Contains(head, ".") {
		return nil
	}
	return strings.Fields(head)
}

// summarize compares the testharness results of pages with the direct
// check's disagreements and count of judged cases.
func summarize(results map[string]harnessResult, pages []string, ds []disagreement, judged int) harnessSummary {
	var s harnessSummary
	want := map[string]bool{}
	for _, d := range ds {
		for _, id := range d.IDs {
			want[id] = true
		}
	}
	failWin, failWorker, workerTested := map[string]bool{}, map[string]bool{}, map[string]bool{}
	winCases := 0
	for _, p := range pages {
		res, ok := results[p]
		s.Pages++
		if !ok {
			s.Errors = append(s.Errors, p+": no result")
			continue
		}
		if res.Status != 0 {
			s.Errors = append(s.Errors, fmt.Sprintf("%s: harness status %d %s", p, res.Status, res.Message))
		}
		worker := strings.HasSuffix(p, ".worker.html")
		for _, t := range res.Tests {
			s.Tests++
			ids := testIDs(t.Name)
			if ids != nil && !worker {
				winCases++
			}
			for _, id := range ids {
				if worker {
					workerTested[id] = true
				}
			}
			if t.Status == 0 {
				s.Pass++
				continue
			}
			s.Failed = append(s.Failed, fmt.Sprintf("%s: %s (status %d: %s)", p, t.Name, t.Status, t.Message))
			if ids == nil {
				s.Errors = append(s.Errors, p+": "+t.Name+" failed")
			}
			for _, id := range ids {
				if worker {
					failWorker[id] = true
				} else {
					failWin[id] = true
				}
			}
		}
	}
	wantWorker := map[string]bool{}
	for id := range want {
		if workerTested[id] {
			wantWorker[id] = true
		}
	}
	switch {
	case len(s.Errors) > 0:
		s.Why = "pages did not complete"
	case winCases != judged:
		s.Why = fmt.Sprintf("window pages ran %d vector tests, the direct check judged %d cases", winCases, judged)
	case !sameSet(failWin, want):
		s.Why = fmt.Sprintf("window pages fail %s, the direct check disagrees on %s", setText(failWin), setText(want))
	case !sameSet(failWorker, wantWorker):
		s.Why = fmt.Sprintf("worker pages fail %s, want %s", setText(failWorker), setText(wantWorker))
	default:
		s.Same = true
	}
	return s
}

func sameSet(a, b map[string]bool) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		if !b[k] {
			return false
		}
	}
	return true
}

func setText(m map[string]bool) string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	if len(ks) == 0 {
		return "nothing"
	}
	return strings.Join(ks, ", ")
}

// harnessText writes a browser's testharness results for the report.
func harnessText(browser string, h harnessSummary) string {
	var b strings.Builder
	same := "yes"
	if !h.Same {
		same = "NO: " + h.Why
	}
	fmt.Fprintf(&b, "| %s | %d | %d | %d | %d | %s |\n", browser, h.Pages, h.Tests, h.Pass, h.Tests-h.Pass, same)
	return b.String()
}

// nodeRun is what anyjs.js prints.
type nodeRun struct {
	Runner string `json:"runner"`
	Files  []struct {
		Path  string        `json:"path"`
		Tests []harnessTest `json:"tests"`
	} `json:"files"`
}

// runNode runs the export's .any.js tests in node with wpt-runner
// (anyjs.js) and writes their results for the report; an error when node
// could not run them or a test failed.
func runNode(script, dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	cmd := exec.Command("node", filepath.Base(script), abs)
	cmd.Dir = filepath.Dir(script)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("%s: %v: %s", script, err, show.Clip(strings.TrimSpace(stderr.String()), 2000))
	}
	var nr nodeRun
	if err := json.Unmarshal(out, &nr); err != nil {
		return "", fmt.Errorf("%s printed no JSON: %v", script, err)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "\nnode, %s, .any.js tests (window global):\n\n| file | tests | pass | fail |\n|---|---:|---:|---:|\n", nr.Runner)
	var failed []string
	for _, f := range nr.Files {
		pass := 0
		for _, t := range f.Tests {
			if t.Status == 0 {
				pass++
			} else {
				failed = append(failed, f.Path+": "+t.Name+": "+t.Message)
			}
		}
		fmt.Fprintf(&b, "| %s | %d | %d | %d |\n", f.Path, len(f.Tests), pass, len(f.Tests)-pass)
	}
	for _, f := range failed {
		fmt.Fprintf(&b, "- %s\n", f)
	}
	if len(nr.Files) == 0 || slices.ContainsFunc(nr.Files, func(f struct {
		Path  string        `json:"path"`
		Tests []harnessTest `json:"tests"`
	}) bool {
		return len(f.Tests) == 0
	}) {
		return b.String(), fmt.Errorf("wpt-runner ran no tests")
	}
	if len(failed) > 0 {
		return b.String(), fmt.Errorf("%d tests failed in node", len(failed))
	}
	return b.String(), nil
}
