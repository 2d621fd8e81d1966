package main

import (
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/pctest/pctest/vectors"
)

// TestREADMENumbers checks the numbers the root README states against the
// corpus and the example testees' expected-failures list, so that a vector
// added or removed makes this test, not a reader, find the stale number.
// The matrix shown under `make run` is checked in its reference column,
// which must pass every vector of every op.
func TestREADMENumbers(t *testing.T) {
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := string(data)
	prose := strings.Join(strings.Fields(readme), " ")
	corpus, err := vectors.Load()
	if err != nil {
		t.Fatal(err)
	}
	// judgedOp counts the vectors a default run judges (must and should);
	// openOp the implementation-defined ones it counts apart.
	perOp, perArea, judgedOp, openOp := map[string]int{}, map[string]int{}, map[string]int{}, map[string]int{}
	judged := 0
	for _, v := range corpus {
		perOp[string(v.Op)]++
		if v.Level == vectors.LevelImplementationDefined {
			openOp[string(v.Op)]++
		} else {
			judgedOp[string(v.Op)]++
			judged++
		}
		if o, ok := v.Op.Info(); ok {
			perArea[o.Area]++
		}
	}

	if want := fmt.Sprintf("conformance: %d vectors", len(corpus)); !strings.Contains(readme, want) {
		t.Errorf("README lacks %q", want)
	}
	// Every suite version the README shows (the quick start's pctest
	// version, the matrix's header) is the one the embedded vectors have.
	suites := regexp.MustCompile(`suite (v\d+\.\d+\.\d+\+vectors\.[0-9a-f]+)`).FindAllStringSubmatch(readme, -1)
	if len(suites) == 0 {
		t.Errorf("README shows no suite version")
	}
	for _, m := range suites {
		if m[1] != vectors.SuiteVersion() {
			t.Errorf("README shows suite %s, the vectors are %s", m[1], vectors.SuiteVersion())
		}
	}
	release, _, _ := strings.Cut(vectors.SuiteVersion(), "+")
	if want := "`" + release + "` is the release of the vectors"; !strings.Contains(prose, want) {
		t.Errorf("README lacks %q", want)
	}
	cell := regexp.MustCompile(`(?m)^  (\w+) +✓ (\d+)/0/0 `)
	seen := 0
	for _, m := range cell.FindAllStringSubmatch(readme, -1) {
		n, _ := strconv.Atoi(m[2])
		if n != judgedOp[m[1]] {
			t.Errorf("README matrix: %s has %d vectors, the corpus %d judged ones", m[1], n, judgedOp[m[1]])
		}
		seen++
	}
	if seen != len(vectors.Ops()) {
		t.Errorf("README matrix shows the reference on %d ops, want %d", seen, len(vectors.Ops()))
	}
	open := len(corpus) - judged
	for _, want := range []string{
		fmt.Sprintf("all ops ✓ %d/0/0", judged),
		fmt.Sprintf("reference %d passed, 0 failed, 0 skipped; %d implementation-defined (0 differ", judged, open),
		fmt.Sprintf("the %d vectors are *implementation-defined*", open),
	} {
		if !strings.Contains(prose, want) {
			t.Errorf("README lacks %q", want)
		}
	}

	listed := 0
	list, err := os.ReadFile("testees/python-urllib/expected-failures.txt")
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range strings.Split(string(list), "\n") {
		if l = strings.TrimSpace(strings.SplitN(l, "#", 2)[0]); l != "" {
			listed++
		}
	}
	pd := string(vectors.OpPercentDecode)
	for _, want := range []string{
		fmt.Sprintf("passes all %d `percentDecode` vectors whose answer RFC 3986 fixes", judgedOp[pd]),
		fmt.Sprintf("on %d of the %d implementation-defined ones", listed, openOp[pd]),
		fmt.Sprintf("Python's %d that differ", listed),
		fmt.Sprintf("the %d are listed", listed),
		fmt.Sprintf("all %d `percentEncode` vectors", perOp[string(vectors.OpPercentEncode)]),
		fmt.Sprintf("passes all %s ECMAScript vectors", thousands(perArea["ecmascript"])),
		fmt.Sprintf("passes all %s `net/url` vectors", thousands(perArea["neturl"])),
	} {
		if !strings.Contains(prose, want) {
			t.Errorf("README lacks %q", want)
		}
	}
}

// thousands writes n with commas between groups of three digits.
func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
