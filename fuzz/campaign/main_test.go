package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pctest/pctest/internal/testenv"
)

func TestDeadlineFlake(t *testing.T) {
	for _, c := range []struct {
		out  string
		want bool
	}{
		{"--- FAIL: FuzzSomething (10.72s)\n    context deadline exceeded\nFAIL\nexit status 1\nFAIL\tgithub.com/x/y\t10.722s", true},
		{"--- FAIL: FuzzSomething (1.47s)\n    --- FAIL: FuzzSomething (0.00s)\n        x_test.go:76: bad answer\n    Failing input written to testdata/fuzz/FuzzSomething/e2\nFAIL", false},
		{"--- FAIL: FuzzSomething (3.00s)\n    context deadline exceeded\n    x_test.go:9: also this\nFAIL", false},
		{"panic: boom\n--- FAIL: FuzzSomething (3.00s)\n    context deadline exceeded", false},
		{"# github.com/x/y\n./a.go:1:1: syntax error\nFAIL\tgithub.com/x/y [build failed]", false},
	} {
		if got := deadlineFlake(c.out); got != c.want {
			t.Errorf("deadlineFlake(%q) = %t, want %t", c.out, got, c.want)
		}
	}
}

// TestFailureDetail checks that a target that passed prints nothing
// under its line, not even go test's "--- FAIL" lines of the coordinator
// race it was ended by, and that one that failed prints go test's output.
func TestFailureDetail(t *testing.T) {
	const flake = "--- FAIL: FuzzSomething (10.72s)\n    context deadline exceeded\nFAIL\nexit status 1\nFAIL\tgithub.com/x/y\t10.722s"
	ok := result{target: "FuzzSomething", flake: true, detail: flake, status: status{execs: 10}}
	if d := failureDetail(ok); d != "" {
		t.Errorf("a target ended by go.dev/issue/75804 prints %q under its line, want nothing", d)
	}
	if line := summaryLine(ok, "[1/1]"); strings.Contains(line, "FAIL") {
		t.Errorf("its line says FAIL: %q", line)
	}
	bad := result{target: "FuzzSomething", failed: true, detail: "--- FAIL: FuzzSomething (1.47s)\n    x_test.go:76: bad answer"}
	if d := failureDetail(bad); !strings.Contains(d, "x_test.go:76: bad answer") || !strings.Contains(summaryLine(bad, "[1/1]"), "FAIL") {
		t.Errorf("a failed target prints %q, want go test's output", d)
	}
}

func TestStatusLines(t *testing.T) {
	m := statusRE.FindStringSubmatch("fuzz: elapsed: 12s, execs: 196853 (63914/sec), new interesting: 8 (total: 201)")
	if m == nil || m[1] != "12s" || m[2] != "196853" || m[3] != "8" || m[4] != "201" {
		t.Errorf("statusRE: %q", m)
	}
	m = baselineRE.FindStringSubmatch("fuzz: elapsed: 4s, gathering baseline coverage: 604/604 completed, now fuzzing with 2 workers")
	if m == nil || m[1] != "4s" || m[2] != "604" || m[3] != "604" {
		t.Errorf("baselineRE: %q", m)
	}
	m = failingRE.FindStringSubmatch("    Failing input written to testdata/fuzz/FuzzSomething/582528ddfad69eb5")
	if m == nil || !strings.HasSuffix(m[1], "/582528ddfad69eb5") {
		t.Errorf("failingRE: %q", m)
	}
}

// TestStatus reads go test -fuzz output recorded from real runs (Go 1.26,
// testdata/*.txt): a codec target stalling while its workers minimize new
// inputs, a run longer than a minute (elapsed "1m3s"), and a failure
// minimized for several seconds.
func TestStatus(t *testing.T) {
	for _, c := range []struct {
		file                         string
		elapsed, baseline            time.Duration
		execs                        int64
		newEntries                   int
		stall, stallFrom, minimizing time.Duration
	}{
		{"stall.txt", 11 * time.Second, 0, 14753, 32, 5 * time.Second, 6 * time.Second, 0},
		{"long.txt", 64 * time.Second, 0, 1079489, 1, 0, 0, 0},
		{"minimizing.txt", 4 * time.Second, 0, 0, 0, 4 * time.Second, 0, 4 * time.Second},
	} {
		data, err := os.ReadFile(filepath.Join("testdata", c.file))
		if err != nil {
			t.Fatal(err)
		}
		var s status
		progress := 0
		for line := range strings.Lines(string(data)) {
			if s.line(strings.TrimRight(line, "\n")) {
				progress++
			}
		}
		s.finish()
		if progress == 0 {
			t.Errorf("%s: no progress line recognized", c.file)
		}
		got := []any{s.elapsed, s.baseline, s.execs, s.newEntries, s.stall, s.stallFrom, s.minimizing}
		want := []any{c.elapsed, c.baseline, c.execs, c.newEntries, c.stall, c.stallFrom, c.minimizing}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%s: elapsed, baseline, execs, new, stall, stall from, minimizing = %v, want %v", c.file, got, want)
		}
	}
}

// TestStatusRobust feeds lines a status must take in its stride: unknown
// lines, a missed baseline line, an elapsed time it cannot read.
func TestStatusRobust(t *testing.T) {
	var s status
	for _, l := range []string{
		"warning: starting with empty corpus",
		"fuzz: elapsed: 3s, execs: 100 (33/sec), new interesting: 0 (total: 1)",
		"fuzz: elapsed: 6s, execs: 100 (0/sec), new interesting: 0 (total: 1)",
		"fuzz: elapsed: soon, execs: 900 (0/sec), new interesting: 0 (total: 1)",
		"fuzz: elapsed: 9s, execs: 100 (0/sec)",
		"fuzz: elapsed: 1h0m2s, execs: 200 (0/sec), new interesting: 1 (total: 2)",
		"PASS",
	} {
		s.line(l)
	}
	s.finish()
	if s.baseline != 3*time.Second || s.execs != 200 || s.stall != 6*time.Second || s.elapsed != time.Hour+2*time.Second || s.newEntries != 1 {
		t.Errorf("status = %+v", s)
	}
}

// TestMakeFuzzTargets checks that `make fuzz TARGETS=regexp` hands the
// regexp to campaign's -match, and that without it every target runs.
func TestMakeFuzzTargets(t *testing.T) {
	testenv.Require(t, testenv.Command("make"))
	for _, c := range []struct {
		args []string
		want string // in the command make would run
		not  string
	}{
		{[]string{"TARGETS=Decode$", "FUZZTIME=3s"}, "go run ./fuzz/campaign -fuzztime 3s -match 'Decode$'", ""},
		{nil, "go run ./fuzz/campaign -fuzztime 30s", "-match"},
	} {
		cmd := exec.Command("make", append([]string{"-n", "-C", "../..", "fuzz", "GO=go"}, c.args...)...)
		cmd.Env = slices.DeleteFunc(os.Environ(), func(kv string) bool {
			return strings.HasPrefix(kv, "TARGETS=") || strings.HasPrefix(kv, "FUZZTIME=") || strings.HasPrefix(kv, "MAKEFLAGS=")
		})
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("make -n fuzz %v: %v\n%s", c.args, err, out)
		}
		if !strings.Contains(string(out), c.want) || c.not != "" && strings.Contains(string(out), c.not) {
			t.Errorf("make -n fuzz %v runs\n%s\nwant %q in it (and not %q)", c.args, out, c.want, c.not)
		}
	}
}
