package main

import (
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/pctest/pctest/internal/faketestee"
	"github.com/pctest/pctest/internal/testenv"
)

var updateFuzzGolden = flag.Bool("update-fuzz-golden", false, "rewrite testdata/fuzz-golden from what pctest fuzz prints now (TestFuzzOutputUnchanged)")

// TestFuzzOutputUnchanged holds what pctest fuzz prints, text and JSON, for
// fixed seeds and case budgets to testdata/fuzz-golden, which the engine
// wrote before it was made faster (issue 40): a faster engine must find,
// shrink, count and report the same. (They were written again when each
// op's cases came to be numbered apart, so that the same seed sends the
// same cases however the batches interleave: other cases, the same kinds
// of findings and warnings. The counts would now be the same at any -j;
// the findings and the warnings' examples still need -j 1.) Times, rates, the suite version and the
// fake testee's path and name are masked. The runs are those whose output
// does not depend on scheduling: the reference against itself (any number of
// workers: it never declines or differs, so only counts show), and a fake
// testee with one request in flight (-j 1), whose findings, open
// differences, declined op and warnings then come in case order; and the
// node example with one request in flight, where node is installed.
// go test -run TestFuzzOutputUnchanged -update-fuzz-golden rewrites them.
func TestFuzzOutputUnchanged(t *testing.T) {
	faketestee.CheckNoLeaks(t)
	for _, tc := range []struct {
		name string
		args []string
		mode string // the fake testee's, or "" for a built-in or example
		node bool   // it needs node
	}{
		{"reference", []string{"-impl", "reference", "-cases", "4000", "-seed", "7"}, "", false},
		{"fake", []string{"-j", "1", "-cases", "3000", "-seed", "1", "-max-findings", "2", "-shrink-time", "10m"},
			"ref,bang-bug,lenient-pct,unsup-op=escape", false},
		{"node", []string{"-impl", "node", "-j", "1", "-cases", "3000", "-seed", "3"}, "", true},
	} {
		for _, format := range []string{"text", "json"} {
			t.Run(tc.name+"-"+format, func(t *testing.T) {
				if tc.node {
					testenv.Require(t, testenv.Command("node"))
				}
				args := append([]string{"fuzz", "-format", format}, tc.args...)
				if tc.mode != "" {
					args = append(args, fakeArgs(t, tc.mode)...)
				}
				r := runPctest(t, args...)
				got := maskFuzzOutput(r.stdout, faketestee.Command(t))
				file := filepath.Join("testdata", "fuzz-golden", tc.name+"."+format)
				if *updateFuzzGolden {
					if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
						t.Fatal(err)
					}
					if err := os.WriteFile(file, []byte(got), 0o644); err != nil {
						t.Fatal(err)
					}
					return
				}
				want, err := os.ReadFile(file)
				if err != nil {
					t.Fatal(err)
				}
				if got != string(want) {
					t.Errorf("exit %d; pctest %s (masked) differs from %s:\n%s\nstderr:\n%s", r.code, strings.Join(args, " "), file, cmp.Diff(string(want), got), r.stderr)
				}
			})
		}
	}
}

// fuzzMasks are what maskFuzzOutput replaces: what changes from run to
// run though the cases are the same.
var fuzzMasks = []struct {
	re   *regexp.Regexp
	with string
}{
	{regexp.MustCompile(`"start_time": "[^"]*"`), `"start_time": "T"`},
	{regexp.MustCompile(`"duration_seconds": [0-9.e+-]+`), `"duration_seconds": 0`},
	{regexp.MustCompile(`"suite_version": "[^"]*"`), `"suite_version": "V"`},
	{regexp.MustCompile(`cases in [^ ]+ \([0-9.]+/s\)`), `cases in D (R/s)`},
}

// maskFuzzOutput masks the times, rates and suite version in pctest
// fuzz's output, and the fake testee's path (fake, its command) and the
// implementation's name pctest takes from it (the fake's, or the test
// binary's where faketestee.Command falls back to it).
func maskFuzzOutput(s, fake string) string {
	name := filepath.Base(fake)
	s = strings.ReplaceAll(s, fake, "FAKE")
	s = strings.ReplaceAll(s, "pctest fuzz: "+name+" (FAKE)", "pctest fuzz: NAME (FAKE)")
	s = strings.ReplaceAll(s, `"implementation": "`+name+`"`, `"implementation": "NAME"`)
	for _, m := range fuzzMasks {
		s = m.re.ReplaceAllString(s, m.with)
	}
	return s
}
