package testee

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pctest/pctest/conformance"
	"github.com/pctest/pctest/internal/faketestee"
	"github.com/pctest/pctest/report"
	"github.com/pctest/pctest/vectors"
)

// The hostile testees of issue 14: each misbehaves in one way on the
// requests whose input holds a trigger character, and otherwise answers as
// the reference codec does. Each test asserts the exact set of vectors that
// fail, and how.

// hostileOps are the vectors the hostile tests run: 504 vectors, 32 of
// which hold '%' and 5 '~'.
var hostileOps = []vectors.Op{vectors.OpEncodeURI, vectors.OpEncodeURIComponent, vectors.OpEncodeNoDouble}

// triggered returns the ids of the vectors of ops whose request line holds
// c, each with kind: what the fake testee sees as a trigger.
func triggered(t *testing.T, c, kind string, ops ...vectors.Op) map[string]string {
	t.Helper()
	all, err := vectors.Load()
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{}
	for _, v := range all {
		if slices.Contains(ops, v.Op) && strings.Contains(string(AppendRequestJSON(nil, 1, v.Request, false)), c) {
			want[v.ID] = kind
		}
	}
	if len(want) == 0 {
		t.Fatalf("no vector of %v holds %q", ops, c)
	}
	return want
}

// runHostile runs the vectors of ops against the fake testee in mode with
// window j, and returns the ids of the vectors that failed, each with the
// kind of its failure ("crash", "timeout", "protocol", or "wrong" for a
// wrong answer), and the Process, closed.
func runHostile(t *testing.T, mode string, j int, timeout time.Duration, ops ...vectors.Op) (map[string]string, *Process) {
	t.Helper()
	cfg := fakeConfig(t, mode)
	cfg.Window = j
	cfg.Timeout = timeout
	p, _ := startFake(t, cfg)
	return failedKinds(runVectors(t, p, j, ops...)), p
}

// runVectors runs the vectors of ops against p with window j, closes p
// and returns the results.
func runVectors(t *testing.T, p *Process, j int, ops ...vectors.Op) []report.Result {
	t.Helper()
	results, err := conformance.Results(context.Background(), p, conformance.Ops(ops...), conformance.Parallel(j))
	if err != nil {
		t.Fatal(err)
	}
	p.Close()
	return results
}

// failedKinds returns the ids of the failed vectors of results, each with
// the kind of its error ("wrong" for a wrong answer).
func failedKinds(results []report.Result) map[string]string {
	failed := map[string]string{}
	for _, r := range results {
		switch {
		case r.Outcome != report.Failed:
		case r.Err != nil:
			failed[r.Vector.ID] = Kind(r.Err)
		default:
			failed[r.Vector.ID] = "wrong"
		}
	}
	return failed
}

// checkFailed fails t unless got and want are the same.
func checkFailed(t *testing.T, what string, got, want map[string]string) {
	t.Helper()
	if maps.Equal(got, want) {
		return
	}
	for _, id := range slices.Sorted(maps.Keys(want)) {
		if got[id] != want[id] {
			t.Errorf("%s: %s: got %q, want %q", what, id, got[id], want[id])
		}
	}
	for _, id := range slices.Sorted(maps.Keys(got)) {
		if _, ok := want[id]; !ok {
			t.Errorf("%s: %s: innocent vector failed: %s", what, id, got[id])
		}
	}
}

// TestHostileDeterministic runs a testee that crashes on every input
// holding '%' without writing the answers of its chunk, at -j 1 and -j 256,
// three times each: every run fails exactly the vectors holding '%' (5 of
// 337), each with a crash (issue 14, defect 2). TestHostileCrashes does
// the same with 32 of 504.
func TestHostileDeterministic(t *testing.T) {
	ops := []vectors.Op{vectors.OpEncodeURI, vectors.OpEncodeURIComponent}
	want := triggered(t, "%", "crash", ops...)
	for run := range 3 {
		for _, j := range []int{1, 256} {
			got, p := runHostile(t, "ref,noflush,crash-char=%", j, 10*time.Second, ops...)
			checkFailed(t, fmt.Sprintf("run %d, -j %d", run, j), got, want)
			if st := p.Incidents(); st.Crashes != len(want) || st.Flaky != 0 {
				t.Errorf("run %d, -j %d: %+v", run, j, st)
			}
		}
	}
}

// TestHostileCrashes: a testee that crashes on '%' fails exactly the 32
// vectors holding it, at -j 256.
func TestHostileCrashes(t *testing.T) {
	want := triggered(t, "%", "crash", hostileOps...)
	got, p := runHostile(t, "ref,noflush,crash-char=%", 256, 10*time.Second, hostileOps...)
	checkFailed(t, "-j 256", got, want)
	if st := p.Incidents(); st.Crashes != len(want) || st.Flaky != 0 {
		t.Errorf("%+v", st)
	}
}

// TestHostileHang: a testee that hangs on '~' has exactly those vectors
// charged with a timeout, at any -j (defect 1's testee, under run).
func TestHostileHang(t *testing.T) {
	ops := []vectors.Op{vectors.OpEncodeURIComponent}
	want := triggered(t, "~", "timeout", ops...)
	for _, j := range []int{1, 256} {
		// 1s: a process must answer the canary within the timeout of its
		// start, and a race-enabled test binary on a loaded machine starts
		// slowly.
		got, p := runHostile(t, "ref,hang-char=~", j, time.Second, ops...)
		checkFailed(t, fmt.Sprintf("-j %d", j), got, want)
		if st := p.Incidents(); st.Timeouts != len(want) {
			t.Errorf("-j %d: %+v", j, st)
		}
	}
}

// TestHostileOutput covers the testees whose output lines are wrong on
// '~': a line that is not JSON instead of the answer, one before the
// answer, an object cut short, a 3 MiB line. Each charges exactly the
// trigger with a protocol error, at any -j (defects 3, 4 and 8).
func TestHostileOutput(t *testing.T) {
	want := triggered(t, "~", "protocol", hostileOps...)
	for _, mode := range []string{"garbage-char", "extra-char", "malformed-char", "long-char"} {
		for _, j := range []int{1, 256} {
			t.Run(fmt.Sprintf("%s/j%d", mode, j), func(t *testing.T) {
				cfg := fakeConfig(t, "ref,"+mode+"=~")
				cfg.Window = j
				cfg.Timeout = 10 * time.Second
				cfg.MaxLine = 64 << 10
				p, _ := startFake(t, cfg)
				results := runVectors(t, p, j, hostileOps...)
				got := failedKinds(results)
				for _, r := range results {
					if r.Outcome != report.Failed {
						continue
					}
					msg := fmt.Sprint(r.Err)
					switch mode {
					case "malformed-char":
						// A JSON object cut short is not "not a JSON object".
						if strings.Contains(msg, "not a JSON object") || !strings.Contains(msg, "malformed JSON") {
							t.Errorf("%s: %s", r.Vector.ID, msg)
						}
					case "long-char":
						if !strings.Contains(msg, "longer than 65536 bytes") {
							t.Errorf("%s: %s", r.Vector.ID, msg)
						}
					}
				}
				checkFailed(t, mode, got, want)
				if st := p.Incidents(); st.ProtocolErrors != len(want) || st.Timeouts != 0 || st.Flaky != 0 {
					t.Errorf("%+v", st)
				}
			})
		}
	}
}

// TestHostileDuplicates: a testee that answers the trigger twice, or every
// 7th request twice, fails no vector at any -j; each duplicate is a stray
// line (defect 3).
func TestHostileDuplicates(t *testing.T) {
	for _, mode := range []string{"ref,dup-char=~", "ref,dup-every=7"} {
		for _, j := range []int{1, 256} {
			got, p := runHostile(t, mode, j, 10*time.Second, hostileOps...)
			checkFailed(t, fmt.Sprintf("%s -j %d", mode, j), got, map[string]string{})
			if st := p.Incidents(); st.StrayLines == 0 || st.ProtocolErrors != 0 || st.Restarts != 0 {
				t.Errorf("%s -j %d: %+v", mode, j, st)
			}
		}
	}
}

// TestHostileClosesStdout: a testee that closes its stdout after 50
// answers and lives on is restarted at once, and fails no vector
// (defect 5); one that closes it at once cannot start, and is called so
// quickly.
func TestHostileClosesStdout(t *testing.T) {
	// At once: no timeout (10 min, so that one would show), whatever
	// the machine's speed.
	got, p := runHostile(t, "ref,close-stdout-after=50", 256, 10*time.Minute, hostileOps...)
	checkFailed(t, "close-stdout-after=50", got, map[string]string{})
	if st := p.Incidents(); st.Timeouts != 0 || st.Restarts < 504/50 {
		t.Errorf("%+v", st)
	}

	cfg := fakeConfig(t, "close-stdout-at-start")
	cfg.Timeout = 10 * time.Minute
	p, _ = startFake(t, cfg)
	_, err := p.Do(context.Background(), textReq("a"))
	var se *StartError
	if !errors.As(err, &se) || !strings.Contains(err.Error(), "without answering a request (last: closed its stdout)") {
		t.Errorf("got %v, want a start error, not after a timeout", err)
	}
}

// TestHostileNeverReads: a testee that never reads its input cannot start.
func TestHostileNeverReads(t *testing.T) {
	cfg := fakeConfig(t, "never-read")
	cfg.Timeout = 200 * time.Millisecond
	cfg.StartTimeout = 600 * time.Millisecond
	p, pids := startFake(t, cfg)
	_, err := p.Do(context.Background(), textReq("a"))
	var se *StartError
	if !errors.As(err, &se) || p.StartFailure() == nil {
		t.Errorf("got %v, want a start error", err)
	}
	if len(*pids) != startSilentExits {
		t.Errorf("started %d times", len(*pids))
	}
}

// TestHostileFlaky: a crash that no request in flight causes again alone
// is a flaky incident, charged to no vector.
func TestHostileFlaky(t *testing.T) {
	once := filepath.Join(t.TempDir(), "once")
	got, p := runHostile(t, "ref,noflush,crash-at=3,once="+once, 256, 10*time.Second, hostileOps...)
	checkFailed(t, "crash once", got, map[string]string{})
	if st := p.Incidents(); st.Flaky != 1 || st.Crashes != 0 {
		t.Errorf("%+v", st)
	}
	if !strings.Contains(p.Stderr(4096), "flaky incident: crash") {
		t.Errorf("stderr: %s", p.Stderr(4096))
	}
}

// TestHostileEscapes: grandchildren in sessions of their own, started at
// start and on '~', die with the testee (defect 6).
func TestHostileEscapes(t *testing.T) {
	pidfile := filepath.Join(t.TempDir(), "pids")
	got, _ := runHostile(t, "ref,setsid,setsid-char=~,pidfile="+pidfile, 256, 10*time.Second, hostileOps...)
	checkFailed(t, "setsid", got, map[string]string{})
	pids := faketestee.ReadPids(pidfile)
	if len(pids) < 3 {
		t.Fatalf("pids %v", pids)
	}
	faketestee.CheckReaped(t, pids)
}

// TestHostileStderr: what the testee writes to stderr comes back with its
// control characters escaped (defect 8).
func TestHostileStderr(t *testing.T) {
	p, _ := startFake(t, fakeConfig(t, "stderr-junk"))
	if _, err := p.Do(context.Background(), textReq("a")); err != nil {
		t.Fatal(err)
	}
	p.Close()
	got := p.Stderr(4096)
	for _, r := range got {
		if r < 0x20 && r != '\n' && r != '\t' || r == 0x202E {
			t.Fatalf("raw %U in %q", r, got)
		}
	}
	if !strings.Contains(got, `\x1b[2J`) || !strings.Contains(got, `NUL\x00`) || !strings.Contains(got, `\u202e`) {
		t.Errorf("stderr %q", got)
	}
}

// TestHostileMissingInterpreter: a script whose #! interpreter is missing
// is reported as such, not as "no such file" (defect 8).
func TestHostileMissingInterpreter(t *testing.T) {
	script := filepath.Join(t.TempDir(), "testee.sh")
	if err := os.WriteFile(script, []byte("#!/no/such/interpreter -x\necho\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	_, err := Start(context.Background(), []string{script})
	var se *StartError
	if !errors.As(err, &se) || !strings.Contains(err.Error(), "the interpreter /no/such/interpreter named on its #! line does not exist") {
		t.Errorf("got %v", err)
	}
}
