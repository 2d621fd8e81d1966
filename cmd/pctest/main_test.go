package main

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/pctest/pctest/internal/faketestee"
	"github.com/pctest/pctest/testee"
	"github.com/pctest/pctest/vectors"
)

// TestMain runs the tests. The test binary doubles as pctest, for the
// tests that signal a pctest process (RoleEnv "pctest"), and as the
// misbehaving testee of the tests where faketestee.Command cannot build it
// (see package faketestee).
func TestMain(m *testing.M) {
	if os.Getenv(faketestee.RoleEnv) == "pctest" {
		// The testees this pctest starts are fakes (this test binary
		// again, where it is their command).
		os.Setenv(faketestee.RoleEnv, "fake")
		os.Exit(mainWithSignals(os.Args[1:]))
	}
	os.Exit(faketestee.RunTests(m))
}

// pctestResult is what a pctest command did.
type pctestResult struct {
	code           int
	stdout, stderr string
}

// lastLine returns the last line of out.
func lastLine(out string) string {
	lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
	return lines[len(lines)-1]
}

var summaryRE = regexp.MustCompile(`^(\d+) passed, (\d+) failed, (?:\d+ expected failures?, )?(\d+) skipped(?:; \d+ implementation-defined \(\d+ differ from the suite's recommendation\))?$`)

// runPctest runs pctest with args in this process.
func runPctest(t *testing.T, args ...string) pctestResult {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := pctest(context.Background(), args, &stdout, &stderr)
	return pctestResult{code, stdout.String(), stderr.String()}
}

// fakeArgs returns the command line of a fake testee with mode, setting its
// environment for t.
func fakeArgs(t *testing.T, mode string) []string {
	t.Setenv(faketestee.RoleEnv, "fake")
	t.Setenv(faketestee.ModeEnv, mode)
	t.Setenv("GORACE", "atexit_sleep_ms=0")
	return []string{"--", faketestee.Command(t)}
}

func TestUsageErrors(t *testing.T) {
	for _, args := range [][]string{
		{"nonsense"},
		{"run"},
		{"run", "-impl", "reference", "--", "true"},
		{"run", "-impl", "no-such-impl"},
		{"run", "-impl", "reference", "-op", "noSuchOp"},
		{"run", "-impl", "reference", "-area", "noSuchArea"},
		{"run", "-impl", "reference", "-op", ","},
		{"run", "-impl", "reference", "-area", " , "},
		{"fuzz", "-impl", "reference", "-op", ","},
		{"run", "-impl", "reference", "-suite=false", "-vectors", t.TempDir()}, // an empty directory
		{"run", "-impl", "reference", "-run", "("},
		{"run", "-impl", "reference", "-level", "may"},
		{"run", "-impl", "reference", "-format", "yaml"},
		{"run", "-impl", "reference", "-expect-fail", "/no/such/file"},
		{"run", "-no-such-flag"},
		{"fuzz"},
		{"fuzz", "-impl", "reference", "-ops", "noSuchOp"},
		{"matrix", "extra"},
		{"-op", "noSuchOp"},
	} {
		r := runPctest(t, args...)
		if r.code != exitUsage || r.stderr == "" {
			t.Errorf("pctest %q: exit %d, stderr %q; want 2 and a message", args, r.code, r.stderr)
		}
	}
	if r := runPctest(t, "help"); r.code != 0 || !strings.Contains(r.stdout, "pctest run") {
		t.Errorf("help: %d %q", r.code, r.stdout)
	}
}

func TestCommandLine(t *testing.T) {
	// A bad flag is one line, with the way to the flags.
	r := runPctest(t, "run", "-no-such-flag")
	if r.code != exitUsage || strings.Count(r.stderr, "\n") != 1 || !strings.Contains(r.stderr, "-no-such-flag") || !strings.Contains(r.stderr, "pctest help run") {
		t.Errorf("bad flag: exit %d, stderr %q; want one line and a hint", r.code, r.stderr)
	}
	// pctest help CMD is that command's help, on stdout.
	for cmd, flag := range map[string]string{"run": "-write-expect-fail", "fuzz": "-seed", "matrix": "-html"} {
		r := runPctest(t, "help", cmd)
		if r.code != 0 || !strings.HasPrefix(r.stdout, "usage: pctest "+cmd) && !strings.HasPrefix(r.stdout, "usage: pctest\n       pctest [matrix] [flags]") || !strings.Contains(r.stdout, flag) {
			t.Errorf("help %s: exit %d, stdout %.200q", cmd, r.code, r.stdout)
		}
	}
	// pctest version: module, suite and protocol versions.
	r = runPctest(t, "version")
	if r.code != 0 || !strings.HasPrefix(r.stdout, "pctest ") || !strings.Contains(r.stdout, "\nsuite "+suiteVersion()+"\n") ||
		!strings.Contains(r.stdout, fmt.Sprintf("\nprotocol %d\n", protocolVersion)) {
		t.Errorf("version: exit %d, %q", r.code, r.stdout)
	}
	// Output paths are checked before the run starts: the testee is never
	// started (a testee that cannot start would be the error otherwise).
	dir := t.TempDir()
	for _, args := range [][]string{
		{"run", "-html", filepath.Join(dir, "no", "such", "dir", "r.html"), "--", "/nonexistent/testee"},
		{"run", "-write-expect-fail", dir, "--", "/nonexistent/testee"},
		{"matrix", "-html", filepath.Join(dir, "missing", "m.html")},
		{"run", "-html", filepath.Join(dir, "same"), "-write-expect-fail", filepath.Join(dir, ".", "same"), "--", "/nonexistent/testee"},
	} {
		r := runPctest(t, args...)
		if r.code != exitUsage || r.stdout != "" || !strings.Contains(r.stderr, args[1]) {
			t.Errorf("pctest %q: exit %d, stdout %.80q, stderr %q; want 2 before anything runs", args, r.code, r.stdout, r.stderr)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("the checks left files: %v", entries)
	}
}

func TestRunCannotStart(t *testing.T) {
	faketestee.CheckNoLeaks(t)
	missing := filepath.Join(t.TempDir(), "missing-testee")
	r := runPctest(t, "run", "--", missing)
	if r.code != exitUsage || !strings.Contains(r.stderr, "cannot start testee") || !strings.Contains(r.stderr, "missing-testee") {
		t.Errorf("missing command: exit %d, stderr %q", r.code, r.stderr)
	}
	r = runPctest(t, append([]string{"run"}, fakeArgs(t, "exit-at-start")...)...)
	if r.code != exitUsage || !strings.Contains(r.stderr, "cannot start testee") || !strings.Contains(r.stderr, "fatal: boom") {
		t.Errorf("testee exiting at start: exit %d, stderr %q", r.code, r.stderr)
	}
}

// TestRunTesteeNeverAnswers runs a testee that waits for the end of its
// input before it answers: each restart times out, and pctest gives up
// with a clear message instead of timing out every vector.
func TestRunTesteeNeverAnswers(t *testing.T) {
	faketestee.CheckNoLeaks(t)
	r := runPctest(t, append([]string{"run", "-area", "ecmascript", "-timeout", "100ms", "-start-timeout", "200ms"}, fakeArgs(t, "wait-eof")...)...)
	if r.code != exitUsage || !strings.Contains(r.stderr, "ran 3 times without answering a request (last: killed after no answer in 200ms, its start-up allowance (-start-timeout))") {
		t.Errorf("exit %d, stderr %q", r.code, r.stderr)
	}
}

// TestRunStdoutNotAnswers (issue 22, defect 1): a testee that prints a
// debug line on stdout before each answer, or answers "ok", makes run exit
// 2 at once, quoting the first lines; it used to spin for ever. The debug
// line quoted first is that of the first request written, which need not
// be request 1: concurrent callers take their ids before they queue their
// requests, so under load request 2 can be written first (seen once).
func TestRunStdoutNotAnswers(t *testing.T) {
	faketestee.CheckNoLeaks(t)
	for mode, first := range map[string]string{"ref,debug-every": `"debug: {\"id\":`, "ok-every": `"ok", "ok", "ok" (50 such lines in a row`} {
		r := runPctest(t, append([]string{"run", "-area", "ecmascript"}, fakeArgs(t, mode)...)...)
		if r.code != exitUsage || !strings.Contains(r.stderr, ": stdout carries lines that are not answers: "+first) || r.stdout != "" {
			t.Errorf("%s: exit %d, stdout %q, stderr %q", mode, r.code, r.stdout, r.stderr)
		}
	}
}

// TestRunEmpty (issue 22, defect 5): a run that judges no vector exits 2,
// saying why: the ops the testee declined, or the selection; -allow-empty
// accepts it.
func TestRunEmpty(t *testing.T) {
	faketestee.CheckNoLeaks(t)
	corpus, err := vectors.Load()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, v := range corpus {
		if v.Request.Op == "encodeURIComponent" {
			n++
		}
	}
	args := append([]string{"run", "-op", "encodeURIComponent"}, fakeArgs(t, "ref,unsup-op=*")...)
	r := runPctest(t, args...)
	if r.code != exitUsage || !strings.Contains(r.stderr, fmt.Sprintf(`pctest run: no vectors judged: the testee answered "unsupported" to all %d, of the ops encodeURIComponent;`, n)) ||
		lastLine(r.stdout) != fmt.Sprintf("0 passed, 0 failed, %d skipped", n) {
		t.Errorf("exit %d:\n%s%s", r.code, r.stdout, r.stderr)
	}
	if r := runPctest(t, append([]string{"run", "-allow-empty"}, args[1:]...)...); r.code != exitOK {
		t.Errorf("-allow-empty: exit %d:\n%s", r.code, r.stderr)
	}
	// Only implementation-defined vectors, which are not judged.
	r = runPctest(t, "run", "-impl", "reference", "-run", `^rfc3986\.percentDecode\.malformed-pct-alone$`)
	if r.code != exitUsage || !strings.Contains(r.stderr, "pctest run: no vectors judged: the 1 that ran are implementation-defined") {
		t.Errorf("only implementation-defined vectors: exit %d:\n%s%s", r.code, r.stdout, r.stderr)
	}
	r = runPctest(t, "run", "-impl", "reference", "-run", "^nosuch")
	if r.code != exitUsage || !strings.Contains(r.stderr, "pctest run: no vectors judged: none matches the selection (-run ^nosuch)") {
		t.Errorf("-run ^nosuch: exit %d:\n%s%s", r.code, r.stdout, r.stderr)
	}
}

// failures returns the FAIL lines of a text report.
func failures(out string) []string {
	var fails []string
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "FAIL ") || strings.HasPrefix(l, "XPASS ") {
			fails = append(fails, l)
		}
	}
	return fails
}

// TestRunRobustness runs the vectors against fake testees that answer as
// the reference does but misbehave once, and checks that exactly one more
// vector fails than against the well-behaved fake, charged as it should be.
func TestRunRobustness(t *testing.T) {
	faketestee.CheckNoLeaks(t)
	base := runPctest(t, append([]string{"run", "-area", "ecmascript"}, fakeArgs(t, "ref")...)...)
	m := summaryRE.FindStringSubmatch(lastLine(base.stdout))
	if m == nil {
		t.Fatalf("well-behaved fake: last line %q\n%s", lastLine(base.stdout), base.stderr)
	}
	baseFails := failures(base.stdout)
	if m[2] != "0" {
		t.Logf("the reference fails %s vectors", m[2])
	}
	for _, tc := range []struct {
		mode, want string
		args       []string
	}{
		{"crash-at=3", "crash: testee ended (exit status 3)", nil},
		{"hang-at=3", "timeout: no answer in 1s", []string{"-timeout", "1s", "-start-timeout", "2m"}},
		{"garbage-at=3", `protocol error: `, nil},
	} {
		t.Run(tc.mode, func(t *testing.T) {
			// sticky: the fake misbehaves on the request it first
			// misbehaves on, also when it is sent again alone; one that
			// misbehaved once only would be a flaky incident, charged to
			// no vector (issue 14).
			sticky := filepath.Join(t.TempDir(), "sticky")
			args := append([]string{"run", "-area", "ecmascript"}, tc.args...)
			r := runPctest(t, append(args, fakeArgs(t, "ref,sticky="+sticky+","+tc.mode)...)...)
			// Every vector that failed against the well-behaved fake fails
			// again, and exactly one more line is charged with the
			// incident.
			fails := failures(r.stdout)
			ids := map[string]bool{}
			charged := 0
			for _, f := range fails {
				ids[strings.Fields(f)[1]] = true
				if strings.Contains(f, tc.want) {
					charged++
				}
			}
			for _, f := range baseFails {
				if !ids[strings.Fields(f)[1]] {
					t.Errorf("%s no longer fails", strings.Fields(f)[1])
				}
			}
			if charged != 1 || len(fails) > len(baseFails)+1 {
				t.Errorf("%d failures charged with %q, %d failures against %d:\n%s", charged, tc.want, len(fails), len(baseFails), r.stdout)
			}
			if r.code != exitFail {
				t.Errorf("exit %d, want 1", r.code)
			}
			// Two restarts: after the incident, and after the request
			// that caused it failed again alone (issue 14).
			if !strings.Contains(r.stdout, "testee: 2 restarts") && tc.mode != "garbage-at=3" {
				t.Errorf("no restart reported:\n%s", r.stdout)
			}
			if tc.mode == "crash-at=3" && !strings.Contains(r.stdout, "  | dying") {
				t.Errorf("the testee's stderr is not shown:\n%s", r.stdout)
			}
			if m := summaryRE.FindStringSubmatch(lastLine(r.stdout)); m == nil {
				t.Errorf("last line %q", lastLine(r.stdout))
			}
		})
	}
}

// TestInterrupt sends SIGINT to a pctest process whose testee hangs, and
// checks that pctest kills the testee, prints the partial results and
// exits 130.
func TestInterrupt(t *testing.T) {
	if testing.Short() {
		t.Skip("starts processes")
	}
	dir := t.TempDir()
	pidfile := filepath.Join(dir, "pids")
	// The expected-failures list the run reads and would rewrite: an
	// interrupted run leaves it as it was.
	list := filepath.Join(dir, "xfail.txt")
	const listed = "# kept\necma.encodeURI.empty\n"
	if err := os.WriteFile(list, []byte(listed), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "run", "-area", "ecmascript", "-timeout", "1m", "-expect-fail", list, "-write-expect-fail", list, "--", faketestee.Command(t))
	cmd.Env = append(os.Environ(), faketestee.RoleEnv+"=pctest", faketestee.ModeEnv+"=ref,hang-at=3,pidfile="+pidfile, "GORACE=atexit_sleep_ms=0")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(5 * time.Minute) // a hang detector, generous for a loaded machine
	for len(faketestee.ReadPids(pidfile)) == 0 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	time.Sleep(300 * time.Millisecond) // let the testee hang
	cmd.Process.Signal(syscall.SIGINT)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(5 * time.Minute):
		cmd.Process.Kill()
		<-done
		t.Fatalf("pctest did not stop on SIGINT\n%s\n%s", stdout.String(), stderr.String())
	}
	if code := cmd.ProcessState.ExitCode(); code != exitInterrupted {
		t.Errorf("exit %d, want %d; stderr:\n%s", code, exitInterrupted, stderr.String())
	}
	out := stdout.String()
	if !strings.Contains(out, "PARTIAL: interrupted after") {
		t.Errorf("results not marked partial:\n%s", out)
	}
	if m := summaryRE.FindStringSubmatch(lastLine(out)); m == nil {
		t.Errorf("last line %q", lastLine(out))
	}
	if data, err := os.ReadFile(list); err != nil || string(data) != listed || !strings.Contains(stderr.String(), "-write-expect-fail: not written") {
		t.Errorf("the interrupted run rewrote its expected-failures list (%v):\n%s\nstderr:\n%s", err, data, stderr.String())
	}
	pids := faketestee.ReadPids(pidfile)
	if len(pids) != 1 {
		t.Fatalf("testee pids %v", pids)
	}
	if state, _, ok := faketestee.ProcState(pids[0]); ok && state != 'Z' {
		t.Errorf("testee %d still running (state %c)", pids[0], state)
	}
}

func TestRunFormats(t *testing.T) {
	faketestee.CheckNoLeaks(t)
	dir := t.TempDir()
	// sticky: see TestRunRobustness.
	args := append([]string{"run", "-area", "ecmascript", "-format", "json"}, fakeArgs(t, "ref,crash-at=3,sticky="+filepath.Join(dir, "json"))...)
	r := runPctest(t, args...)
	var rep struct {
		RunInfo struct {
			Implementation  string   `json:"implementation"`
			TesteeCommand   []string `json:"testee_command"`
			SuiteVersion    string   `json:"suite_version"`
			VectorCount     int      `json:"vector_count"`
			StartTime       string   `json:"start_time"`
			DurationSeconds float64  `json:"duration_seconds"`
			Partial         bool     `json:"partial"`
		} `json:"run_info"`
		Summary struct {
			Passed, Failed, Skipped int
		} `json:"summary"`
		Results []struct {
			ID     string `json:"id"`
			Status string `json:"status"`
			Error  string `json:"error"`
		} `json:"results"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &rep); err != nil {
		t.Fatalf("-format json: %v\n%s", err, r.stdout)
	}
	ri := rep.RunInfo
	if ri.TesteeCommand[0] != faketestee.Command(t) || ri.SuiteVersion == "" || ri.VectorCount == 0 || ri.VectorCount != len(rep.Results) || ri.Partial {
		t.Errorf("run_info %+v with %d results", ri, len(rep.Results))
	}
	if _, err := time.Parse(time.RFC3339, ri.StartTime); err != nil {
		t.Errorf("start_time: %v", err)
	}
	crashes := 0
	for _, res := range rep.Results {
		if strings.HasPrefix(res.Error, "crash:") && res.Status == "fail" {
			crashes++
		}
	}
	if crashes != 1 || rep.Summary.Failed < crashes {
		t.Errorf("summary %+v, %d crashes", rep.Summary, crashes)
	}

	args[4] = "junit"
	t.Setenv(faketestee.ModeEnv, "ref,crash-at=3,sticky="+filepath.Join(dir, "junit"))
	r = runPctest(t, args...)
	var suites struct {
		Tests    int `xml:"tests,attr"`
		Failures int `xml:"failures,attr"`
		Errors   int `xml:"errors,attr"`
		Suites   []struct {
			Failures int `xml:"failures,attr"`
			Errors   int `xml:"errors,attr"`
			Cases    []struct {
				Name  string `xml:"name,attr"`
				Error *struct {
					Type string `xml:"type,attr"`
				} `xml:"error"`
			} `xml:"testcase"`
		} `xml:"testsuite"`
	}
	if err := xml.Unmarshal([]byte(r.stdout), &suites); err != nil {
		t.Fatalf("-format junit: %v\n%s", err, r.stdout)
	}
	n, crashed, failures, errs := 0, 0, 0, 0
	for _, s := range suites.Suites {
		failures += s.Failures
		errs += s.Errors
		for _, c := range s.Cases {
			n++
			if c.Error != nil && c.Error.Type == "crash" {
				crashed++
			}
		}
	}
	if n != suites.Tests || n != ri.VectorCount || crashed != 1 {
		t.Errorf("junit: %d cases, tests=%d, %d crashed; want %d cases, 1 crashed", n, suites.Tests, crashed, ri.VectorCount)
	}
	// The root's counts agree with the suites' (issue 14): the crash is an
	// error, not a failure.
	if suites.Failures != failures || suites.Errors != errs || errs != 1 {
		t.Errorf("junit: root failures=%d errors=%d, suites' %d and %d", suites.Failures, suites.Errors, failures, errs)
	}
}

func TestExitCodes(t *testing.T) {
	if code := reportSetupError(&bytes.Buffer{}, "run", &testee.StartError{Err: errors.New("x")}); code != exitUsage {
		t.Errorf("start error: exit %d", code)
	}
	if code := reportSetupError(&bytes.Buffer{}, "run", context.Canceled); code != exitInterrupted {
		t.Errorf("canceled: exit %d", code)
	}
}

// TestSignalsLeaveNothing stops a pctest process whose testee hangs, and
// has started a grandchild in a session of its own, with each signal a
// terminal or a supervisor sends: pctest exits 130 and leaves no process
// behind. Killed with SIGKILL, it cannot clean up, but its testee dies
// with it (PR_SET_PDEATHSIG).
func TestSignalsLeaveNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("starts processes")
	}
	if _, err := os.Stat("/proc/self/stat"); err != nil {
		t.Skip("no /proc")
	}
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGQUIT, syscall.SIGKILL} {
		t.Run(sig.String(), func(t *testing.T) {
			pidfile := filepath.Join(t.TempDir(), "pids")
			cmd := exec.Command(os.Args[0], "run", "-area", "ecmascript", "-timeout", "1m", "--", faketestee.Command(t))
			cmd.Env = append(os.Environ(), faketestee.RoleEnv+"=pctest", faketestee.ModeEnv+"=ref,setsid,hang-at=3,pidfile="+pidfile, "GORACE=atexit_sleep_ms=0")
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			deadline := time.Now().Add(5 * time.Minute)
			for len(faketestee.ReadPids(pidfile)) < 2 && time.Now().Before(deadline) {
				time.Sleep(10 * time.Millisecond)
			}
			time.Sleep(200 * time.Millisecond) // let the testee hang
			cmd.Process.Signal(sig)
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			select {
			case <-done:
			case <-time.After(5 * time.Minute): // a hang detector, generous for a loaded machine
				cmd.Process.Kill()
				<-done
				t.Fatalf("pctest did not stop on %v", sig)
			}
			if code := cmd.ProcessState.ExitCode(); sig != syscall.SIGKILL && code != exitInterrupted {
				t.Errorf("exit %d, want %d", code, exitInterrupted)
			}
			pids := faketestee.ReadPids(pidfile)
			if len(pids) != 2 {
				t.Fatalf("pids %v: want the testee and its grandchild", pids)
			}
			if sig == syscall.SIGKILL {
				// Only the testee is bound to pctest's life; its
				// grandchild in another session is not.
				syscall.Kill(pids[1], syscall.SIGKILL)
				pids = pids[:1]
				// This test process is a child subreaper (its other tests
				// ran testees): the orphaned testee is its child to reap.
				// Reap it once it is ours (up to 2 minutes on a loaded
				// machine): a single try may come before it is reparented.
				for range 12000 {
					if got, _ := syscall.Wait4(pids[0], nil, syscall.WNOHANG, nil); got == pids[0] {
						break
					}
					if _, _, ok := faketestee.ProcState(pids[0]); !ok {
						break
					}
					time.Sleep(10 * time.Millisecond)
				}
			}
			faketestee.CheckReaped(t, pids)
		})
	}
}

// TestRunSameVerdict (issue 35): pctest run gives each vector the same
// verdict at -j 1 and -j 256, against the hostile fake testee's
// behaviours that depend on the request only (testee's
// TestHostileSameVerdict runs them all): its status and the kind of its
// error, or, for a run stopped by the testee's output, the same exit
// status and reason. Nothing here depends on time.
func TestRunSameVerdict(t *testing.T) {
	faketestee.CheckNoLeaks(t)
	// verdicts runs pctest at -j j and returns each vector's status and
	// the kind of its error, by id; a run stopped with exit 2, its reason.
	verdicts := func(mode, j string) map[string]string {
		args := append([]string{"run", "-format", "json", "-op", "encodeURI,encodeURIComponent", "-j", j}, fakeArgs(t, mode)...)
		r := runPctest(t, args...)
		if r.code == exitUsage {
			reason := "exit 2: " + r.stderr
			if strings.Contains(r.stderr, "stdout carries lines that are not answers") {
				reason = "exit 2: stdout carries lines that are not answers"
			}
			return map[string]string{"": reason}
		}
		var rep struct {
			Results []struct {
				ID     string `json:"id"`
				Status string `json:"status"`
				Error  string `json:"error"`
			} `json:"results"`
		}
		if err := json.Unmarshal([]byte(r.stdout), &rep); err != nil {
			t.Fatalf("%s -j %s: exit %d: %v\n%s", mode, j, r.code, err, r.stderr)
		}
		got := map[string]string{"": fmt.Sprint("exit ", r.code)}
		for _, res := range rep.Results {
			kind, _, _ := strings.Cut(res.Error, ":")
			got[res.ID] = res.Status + " " + kind
		}
		return got
	}
	for mode, want := range map[string]string{
		"ref,garbage-char=~":       "fail protocol error",
		"ref,malformed-char=~":     "fail protocol error",
		"ref,extra-char=~":         "fail protocol error",
		"ref,noflush,crash-char=%": "fail crash",
		"ref,debug-every":          "",
	} {
		t.Run(mode, func(t *testing.T) {
			j1, j256 := verdicts(mode, "1"), verdicts(mode, "256")
			if len(j1) != len(j256) {
				t.Errorf("%d verdicts at -j 1, %d at -j 256", len(j1), len(j256))
			}
			n := 0
			for id, v := range j1 {
				if j256[id] != v {
					t.Errorf("%q: -j 1: %q, -j 256: %q", id, v, j256[id])
				}
				if want != "" && v == want {
					n++
				}
			}
			switch {
			case want == "" && j1[""] != "exit 2: stdout carries lines that are not answers":
				t.Errorf("got %q, want the run stopped by the output rule", j1[""])
			case want != "" && n == 0:
				t.Errorf("no vector failed with %q", want)
			}
		})
	}
}
