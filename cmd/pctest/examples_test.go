package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/pctest/pctest/internal/faketestee"
	"github.com/pctest/pctest/internal/testenv"
)

// requireInterpreter skips t unless name is in PATH.
func requireInterpreter(t *testing.T, name string) {
	t.Helper()
	testenv.Require(t, testenv.Command(name))
}

// counts returns the numbers of the summary line of out.
func counts(t *testing.T, out string) (passed, failed, skipped int) {
	t.Helper()
	m := summaryRE.FindStringSubmatch(lastLine(out))
	if m == nil {
		t.Fatalf("last line %q is not a summary:\n%s", lastLine(out), out)
	}
	passed, _ = strconv.Atoi(m[1])
	failed, _ = strconv.Atoi(m[2])
	skipped, _ = strconv.Atoi(m[3])
	return
}

// TestNodeExample runs the vectors against V8's URI functions through the
// node example testee, in both text modes.
func TestNodeExample(t *testing.T) {
	requireInterpreter(t, "node")
	faketestee.CheckNoLeaks(t)
	for _, mode := range [][]string{nil, {"-utf16hex"}} {
		r := runPctest(t, append([]string{"run", "-impl", "node", "-area", "ecmascript"}, mode...)...)
		passed, failed, skipped := counts(t, r.stdout)
		if r.code != exitOK || failed != 0 || passed == 0 || skipped != 0 {
			t.Errorf("node %v: exit %d, %d passed, %d failed, %d skipped:\n%s%s", mode, r.code, passed, failed, skipped, r.stdout, r.stderr)
		}
	}
	// Ops the testee does not have are skipped, never passed.
	r := runPctest(t, "run", "-impl", "node", "-op", "percentEncode")
	if passed, failed, skipped := counts(t, r.stdout); passed != 0 || failed != 0 || skipped == 0 {
		t.Errorf("node on percentEncode: %d passed, %d failed, %d skipped", passed, failed, skipped)
	}
}

// TestPythonExample runs the python3 example testee. Its lenient decoding
// of a '%' that starts no escape is implementation-defined: a default run
// passes and counts those vectors apart, as differing from the suite's
// recommendation. Judged by name (-level implementation-defined), they are
// the expected failures listed beside it, and the run passes.
func TestPythonExample(t *testing.T) {
	requireInterpreter(t, "python3")
	faketestee.CheckNoLeaks(t)
	empty := filepath.Join(t.TempDir(), "empty.txt")
	os.WriteFile(empty, nil, 0o644)
	r := runPctest(t, "run", "-impl", "python3", "-op", "percentEncode,percentDecode", "-expect-fail", empty)
	passed, failed, _ := counts(t, r.stdout)
	if r.code != exitOK || failed != 0 || passed == 0 || !regexp.MustCompile(`; \d+ implementation-defined \([1-9]\d* differ`).MatchString(r.stdout) {
		t.Errorf("python3: exit %d, want a pass with implementation-defined vectors that differ:\n%s%s", r.code, r.stdout, r.stderr)
	}
	r = runPctest(t, "run", "-impl", "python3", "-op", "percentEncode,percentDecode", "-level", "implementation-defined", "-v")
	if _, failed, _ := counts(t, r.stdout); r.code != exitOK || failed != 0 ||
		!strings.Contains(r.stdout, "listed in cmd/pctest/testees/python-urllib/expected-failures.txt)") {
		t.Errorf("python3 -level implementation-defined: exit %d, no expected failures reported:\n%s", r.code, r.stdout)
	}

	// Judged without the list, those vectors fail the run; written back,
	// the list makes it pass again: -write-expect-fail and -expect-fail
	// agree.
	written := filepath.Join(t.TempDir(), "written.txt")
	r = runPctest(t, "run", "-impl", "python3", "-op", "percentEncode,percentDecode", "-level", "must,should,implementation-defined", "-expect-fail", empty, "-write-expect-fail", written)
	_, failed, _ = counts(t, r.stdout)
	if r.code != exitFail || failed == 0 {
		t.Fatalf("python3 judged without expected failures: exit %d, %d failed", r.code, failed)
	}
	r = runPctest(t, "run", "-impl", "python3", "-op", "percentEncode,percentDecode", "-level", "must,should,implementation-defined", "-expect-fail", written)
	if r.code != exitOK {
		t.Errorf("python3 with the written list: exit %d:\n%s", r.code, r.stdout)
	}
	// Strict: a listed vector that passes fails the run.
	data, _ := os.ReadFile(written)
	pass := filepath.Join(t.TempDir(), "pass.txt")
	os.WriteFile(pass, append(data, []byte(firstPassingID(t, "python3", "percentEncode,percentDecode")+"\n")...), 0o644)
	r = runPctest(t, "run", "-impl", "python3", "-op", "percentEncode,percentDecode", "-expect-fail", pass)
	if r.code != exitFail || !strings.Contains(r.stdout, "XPASS ") {
		t.Errorf("python3 with a passing vector listed: exit %d:\n%s", r.code, r.stdout)
	}
}

// firstPassingID returns the id of a vector of ops that impl passes.
func firstPassingID(t *testing.T, impl, ops string) string {
	t.Helper()
	r := runPctest(t, "run", "-impl", impl, "-op", ops, "-v")
	for _, l := range strings.Split(r.stdout, "\n") {
		if strings.HasPrefix(l, "PASS ") {
			return strings.Fields(l)[1]
		}
	}
	t.Fatalf("%s passes none of %s", impl, ops)
	return ""
}

// TestGoNetURLExample builds and runs the Go example testee.
func TestGoNetURLExample(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program")
	}
	gobin := testenv.GoCommand()
	bin := filepath.Join(t.TempDir(), "go-neturl")
	build := exec.Command(gobin, "build", "-o", bin, "./testees/go-neturl")
	if out, err := build.CombinedOutput(); err != nil {
		t.Skipf("cannot build the example: %v\n%s", err, out)
	}
	faketestee.CheckNoLeaks(t)
	for _, mode := range [][]string{nil, {"-utf16hex"}} {
		r := runPctest(t, append(append([]string{"run", "-area", "neturl"}, mode...), "--", bin)...)
		passed, failed, _ := counts(t, r.stdout)
		if r.code != exitOK || failed != 0 || passed == 0 {
			t.Errorf("go-neturl %v: exit %d:\n%s%s", mode, r.code, r.stdout, r.stderr)
		}
	}
}

// TestMatrix runs pctest with no command, on one area to keep it short.
func TestMatrix(t *testing.T) {
	faketestee.CheckNoLeaks(t)
	html := filepath.Join(t.TempDir(), "report.html")
	r := runPctest(t, "-area", "ecmascript", "-html", html)
	if r.code != exitOK {
		t.Fatalf("exit %d:\n%s%s", r.code, r.stdout, r.stderr)
	}
	header := ""
	for _, l := range strings.Split(r.stdout, "\n") {
		if strings.HasPrefix(l, "op ") {
			header = l
			break
		}
	}
	want := []string{"reference", "goja", "neturl"}
	for _, e := range examples {
		if _, err := exec.LookPath(e.Interpreter); err == nil {
			want = append(want, e.Name)
		}
	}
	if got := strings.Fields(header)[1:]; strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("matrix columns %q, want %q:\n%s", got, want, r.stdout)
	}
	for _, op := range []string{"encodeURI", "encodeURIComponent", "decodeURI", "decodeURIComponent"} {
		if !strings.Contains(r.stdout, "\n  "+op+" ") {
			t.Errorf("no row for %s:\n%s", op, r.stdout)
		}
	}
	counts(t, r.stdout)
	data, err := os.ReadFile(html)
	if err != nil || !strings.Contains(string(data), "Conformance matrix") {
		t.Errorf("-html: %v", err)
	}
	// The command that made it, once for all its runs.
	if made := `made by <code>pctest matrix -area ecmascript -html ` + html + `</code>`; strings.Count(string(data), "made by") != 1 || !strings.Contains(string(data), made) {
		t.Errorf("-html: want one line %q; the report has %d lines with \"made by\"", made, strings.Count(string(data), "made by"))
	}
}
