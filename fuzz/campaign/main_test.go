package main

import (
	"strings"
	"testing"
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

func TestStatusLines(t *testing.T) {
	m := statusRE.FindStringSubmatch("fuzz: elapsed: 12s, execs: 196853 (63914/sec), new interesting: 8 (total: 201)")
	if m == nil || m[1] != "12" || m[2] != "196853" || m[3] != "8" || m[4] != "201" {
		t.Errorf("statusRE: %q", m)
	}
	m = baselineRE.FindStringSubmatch("fuzz: elapsed: 4s, gathering baseline coverage: 604/604 completed, now fuzzing with 2 workers")
	if m == nil || m[1] != "4" || m[2] != "604" || m[3] != "604" {
		t.Errorf("baselineRE: %q", m)
	}
	m = failingRE.FindStringSubmatch("    Failing input written to testdata/fuzz/FuzzSomething/582528ddfad69eb5")
	if m == nil || !strings.HasSuffix(m[1], "/582528ddfad69eb5") {
		t.Errorf("failingRE: %q", m)
	}
}
