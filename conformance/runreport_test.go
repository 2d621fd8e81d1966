package conformance

import (
	"errors"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/pctest/pctest/vectors"
)

// panicky panics with "boom" for every request: a named function, so that
// a stack that has it shows where an implementation panicked.
func panicky(vectors.Request) (vectors.Response, error) {
	panic("boom")
}

// TestPanicStack (issue 26) checks that a vector on which the
// implementation panicked is described with the stack where it panicked,
// from the function that called panic down, and not from the recover.
func TestPanicStack(t *testing.T) {
	f := fake{name: "panicky", fn: map[string]func(vectors.Request) (vectors.Response, error){"encodeURIComponent": panicky}}
	err := Check(f, Vectors(tinyCorpus()))
	if err == nil {
		t.Fatal("Check passes an implementation that panics")
	}
	msg := err.Error()
	i := strings.Index(msg, "  stack:\n")
	if i < 0 {
		t.Fatalf("no stack in the description of a panic:\n%s", msg)
	}
	stack := msg[i:]
	if !strings.Contains(msg, "encodeURIComponent panicked: boom") || !strings.Contains(stack, "conformance.panicky(") {
		t.Errorf("the stack does not name the function that panicked:\n%s", msg)
	}
	if first := strings.Split(stack, "\n")[1]; !strings.Contains(first, "conformance.panicky(") {
		t.Errorf("the stack starts at %q, want the function that panicked", first)
	}
	if strings.Contains(stack, "runtime/debug.Stack") || strings.Contains(stack, "panic(") || strings.Contains(stack, "conformance.do(") {
		t.Errorf("the stack holds the recovery's frames:\n%s", stack)
	}
}

// runHeaderEnv makes TestRunHeaderHelper run: it is the helper process of
// TestRunHeaderFollowsGoTestRun.
const runHeaderEnv = "PCTEST_RUN_HEADER_HELPER"

// TestRunHeaderHelper runs Run on the tiny corpus with an implementation
// that fails two of its three vectors; only as the helper process of
// TestRunHeaderFollowsGoTestRun.
func TestRunHeaderHelper(t *testing.T) {
	if os.Getenv(runHeaderEnv) == "" {
		t.Skip("the helper process of TestRunHeaderFollowsGoTestRun")
	}
	wrong := fake{name: "wrong", fn: map[string]func(vectors.Request) (vectors.Response, error){
		"encodeURIComponent": func(req vectors.Request) (vectors.Response, error) { return vectors.Response{Out: req.In}, nil },
	}}
	Run(t, wrong, Vectors(tinyCorpus()))
}

// TestRunHeaderFollowsGoTestRun (issue 26) runs Run under go test -run
// with a pattern that picks one vector's subtest, and checks that no line
// of the log counts the vectors that did not run: the header does not say
// "2 of 3 vectors fail", and the summary counts the one that ran.
func TestRunHeaderFollowsGoTestRun(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a process")
	}
	for _, tc := range []struct {
		run  string
		want string // the summary's count
		fail int    // how many lines say "vectors fail"
	}{
		{"^TestRunHeaderHelper$/^t\\.ecu\\.space$", "wrong: 1 of 1 vectors fail: 0 passed, 1 failed, 0 skipped\n", 1},
		{"^TestRunHeaderHelper$", "wrong: 2 of 3 vectors fail: 0 passed, 2 failed, 1 skipped; ops not provided: percentDecode\n", 2},
	} {
		cmd := exec.Command(os.Args[0], "-test.run", tc.run, "-test.v")
		cmd.Env = append(os.Environ(), runHeaderEnv+"=1")
		out, _ := cmd.CombinedOutput()
		log := string(out)
		if !strings.Contains(log, "summary: "+tc.want) {
			t.Errorf("-run %s: the summary does not say %q:\n%s", tc.run, tc.want, log)
		}
		if n := strings.Count(log, "vectors fail"); n != tc.fail {
			t.Errorf("-run %s: %d lines count failing vectors, want %d (a line counts vectors that did not run):\n%s", tc.run, n, tc.fail, log)
		}
	}
}

// runEmptyEnv makes TestRunEmptyHelper run: it is the helper process of
// TestRunJudgedNothingFails.
const runEmptyEnv = "PCTEST_RUN_EMPTY_HELPER"

// TestRunEmptyHelper runs Run with an implementation that provides none
// of the selected ops; only as the helper process of
// TestRunJudgedNothingFails.
func TestRunEmptyHelper(t *testing.T) {
	if os.Getenv(runEmptyEnv) == "" {
		t.Skip("the helper process of TestRunJudgedNothingFails")
	}
	Run(t, fake{name: "none"}, Vectors(tinyCorpus()))
}

// TestRunJudgedNothingFails: Run, and Check, fail a run that judged no
// vector, with the *EmptyError that says why: every op declined, or only
// implementation-defined vectors ran.
func TestRunJudgedNothingFails(t *testing.T) {
	var ee *EmptyError
	if err := Check(fake{name: "none"}, Vectors(tinyCorpus())); !errors.As(err, &ee) || ee.Selected != 3 || len(ee.Declined) == 0 {
		t.Errorf("Check, every op declined: %v", err)
	}
	open := tinyCorpus()
	for i := range open {
		open[i].Level = vectors.LevelImplementationDefined
		open[i].Note = "open"
	}
	if err := Check(Reference(), Vectors(open)); !errors.As(err, &ee) || ee.Open != 3 || !strings.Contains(err.Error(), "implementation-defined") {
		t.Errorf("Check, only implementation-defined vectors: %v", err)
	}
	if err := Check(Reference(), Vectors(tinyCorpus())); err != nil {
		t.Errorf("Check, the reference on judged vectors: %v", err)
	}
	if err := Check(fake{name: "none"}, Vectors(tinyCorpus()), AllowEmpty()); err != nil {
		t.Errorf("Check with AllowEmpty: %v", err)
	}
	if testing.Short() {
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run", "^TestRunEmptyHelper$", "-test.v")
	cmd.Env = append(os.Environ(), runEmptyEnv+"=1")
	out, err := cmd.CombinedOutput()
	if err == nil || !strings.Contains(string(out), "no vectors judged") || !strings.Contains(string(out), "--- FAIL: TestRunEmptyHelper") {
		t.Errorf("Run with every op declined: %v; want it to fail saying no vector was judged:\n%s", err, out)
	}
}
