package testee

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"
	"unicode/utf16"

	"github.com/pctest/pctest/vectors"
)

// The regression tests of issue 22: testees that misbehave in ways the
// hostile table of issue 14 did not name, each a helper process of its own
// (internal/faketestee). None depends on the machine's speed: the
// timeouts they set are either far beyond what answering takes, or what
// the test is about, with a wide margin.

// failedInputs returns the inputs whose request failed, each with the kind
// of its failure ("wrong" for a wrong answer), as runHostile does for
// vectors: the fake testee echoes its input.
func failedInputs(in []string, resps []vectors.Response, errs []error) map[string]string {
	failed := map[string]string{}
	for i, s := range in {
		switch {
		case errs[i] != nil:
			failed[s] = Kind(errs[i])
		case string(utf16.Decode(resps[i].Out)) != s:
			failed[s] = "wrong"
		}
	}
	return failed
}

// TestPromiseStdoutNotAnswers (defect 1): a testee that prints a debug line
// on stdout before every answer, or answers every request with "ok", used
// to spin for ever. It now stops after maxBadLines such lines in a row,
// every request failing with an *OutputError that quotes the first ones,
// and no process is started again. Since issue 35 the rule counts only
// lines not shaped like an answer ("debug: {...}", "ok": they do not begin
// with '{') and not charged to a request sent again alone; these are
// charged to the canary, sent again and again to a process that never
// answers it (TestPromiseMalformedInARow has the lines it does not count).
func TestPromiseStdoutNotAnswers(t *testing.T) {
	for _, tc := range []struct{ mode, first string }{
		// Which request's line comes first depends on which batch is
		// written first (pctest run sends batches from several workers).
		{"ref,debug-every", `"debug: {\"id\":`},
		{"ok-every", `"ok"`},
	} {
		for _, j := range []int{1, 256} {
			t.Run(fmt.Sprintf("%s/j%d", tc.mode, j), func(t *testing.T) {
				cfg := fakeConfig(t, tc.mode)
				cfg.Window = j
				cfg.Timeout = time.Minute // no timeout: the lines come at once
				p, pids := startFake(t, cfg)
				results := runVectors(t, p, j, hostileOps...)
				var oe *OutputError
				if err := p.StartFailure(); !errors.As(err, &oe) {
					t.Fatalf("StartFailure: %v, want an *OutputError", err)
				}
				if oe.Count != maxBadLines || len(oe.Lines) != badLinesQuoted || !strings.HasPrefix(oe.Lines[0], tc.first) {
					t.Errorf("output error %d lines, quoting %q", oe.Count, oe.Lines)
				}
				msg := oe.Error()
				if !strings.Contains(msg, "stdout carries lines that are not answers: "+tc.first) || !strings.Contains(msg, "write logs to stderr") {
					t.Errorf("message %q", msg)
				}
				for _, r := range results {
					if !errors.As(r.Err, &oe) {
						t.Fatalf("%s: %v, want the output error", r.Vector.ID, r.Err)
					}
				}
				// The run ended on the first processes: the canary, sent
				// again and again to one that never answers, is what the
				// lines were charged to.
				if len(*pids) > 3 {
					t.Errorf("%d processes started", len(*pids))
				}
			})
		}
	}
	// A testee that prints debug lines now and then, between good answers,
	// is not stopped: only the requests that make it do so are charged
	// (TestHostileOutput's extra-char).
}

// TestPromiseOneRequestPerProcess (defect 3): a testee that answers its
// first request and exits 0 is served, a process per request; one that
// crashes on its request is charged alone. The run used to loop for ever,
// the canary taking each process's one answer.
func TestPromiseOneRequestPerProcess(t *testing.T) {
	for _, j := range []int{1, 256} {
		t.Run(fmt.Sprintf("j%d", j), func(t *testing.T) {
			cfg := fakeConfig(t, "one-shot")
			cfg.Window = j
			cfg.Timeout = time.Minute
			p, pids := startFake(t, cfg)
			in := inputs(12, "CRASH-1")
			var resps []vectors.Response
			var errs []error
			if j == 1 {
				for _, s := range in {
					r, err := p.Do(context.Background(), textReq(s))
					resps, errs = append(resps, r), append(errs, err)
				}
			} else {
				resps, errs = doAll(p, in)
			}
			checkFailed(t, "one-shot", failedInputs(in, resps, errs), map[string]string{"CRASH-1": "crash"})
			st := p.Incidents()
			if st.Crashes != 1 || st.Timeouts != 0 || st.ProtocolErrors != 0 {
				t.Errorf("stats %+v", st)
			}
			// A process per request, and a few more: the canaries before the
			// testee was seen to serve one request per process, and the
			// crash's.
			if n := len(*pids); n < len(in) || n > len(in)+8 {
				t.Errorf("%d processes for %d requests", n, len(in))
			}
			if !strings.Contains(p.Stderr(8192), "served one request per process") {
				t.Errorf("no note in stderr: %s", p.Stderr(8192))
			}
		})
	}
}

// TestPromiseClosedStdin (defect 4): a testee that answers what it read,
// closes its stdin after 50 answers and lives on is restarted at once,
// without a timeout, and fails no vector, at any -j.
func TestPromiseClosedStdin(t *testing.T) {
	for _, j := range []int{1, 256} {
		got, p := runHostile(t, "ref,close-stdin-after=50", j, time.Minute, hostileOps...)
		checkFailed(t, fmt.Sprintf("-j %d", j), got, map[string]string{})
		if st := p.Incidents(); st.Timeouts != 0 || st.Crashes != 0 || st.Restarts == 0 {
			t.Errorf("-j %d: %+v", j, st)
		}
	}
}

// TestPromiseSlowStart (defect 7): a testee that takes longer than
// -timeout to start, writes its answers once per chunk read and crashes on
// one input, is given its start-up allowance on every process: exactly
// that input fails, with a crash, and the testee is never taken for one
// that cannot start. Given less than it needs, it cannot start, and the
// reason names the allowance.
func TestPromiseSlowStart(t *testing.T) {
	cfg := fakeConfig(t, "noflush,start-delay=2500ms")
	cfg.Timeout = 2 * time.Second
	cfg.StartTimeout = time.Minute
	p, _ := startFake(t, cfg)
	in := inputs(50, "CRASH-1")
	resps, errs := doAll(p, in)
	checkFailed(t, "slow start", failedInputs(in, resps, errs), map[string]string{"CRASH-1": "crash"})
	if err := p.StartFailure(); err != nil {
		t.Errorf("start failure %v", err)
	}
	if st := p.Incidents(); st.Crashes != 1 || st.Timeouts != 0 {
		t.Errorf("stats %+v", st)
	}

	checkCannotStart(t, "start-delay", cfg, ", its start-up allowance (-start-timeout))")
}

// checkCannotStart gives the fake testee of cfg a start-up allowance of
// 300ms, which it cannot answer within, and asserts that a request fails
// with a *StartError whose reason ends in the last process's, followed by
// tail, after exactly startSilentExits processes.
func checkCannotStart(t *testing.T, what string, cfg config, tail string) {
	t.Helper()
	cfg.StartTimeout = 300 * time.Millisecond
	p, pids := startFake(t, cfg)
	_, err := p.Do(context.Background(), textReq("a"))
	var se *StartError
	if !errors.As(err, &se) || !strings.Contains(err.Error(), "ran 3 times without answering a request (last: killed after no answer in 300ms"+tail) {
		t.Errorf("%s: got %v, want a *StartError", what, err)
	}
	if len(*pids) != startSilentExits {
		t.Errorf("%s: started %d times", what, len(*pids))
	}
}

// TestPromiseHangAfterRestart (defect 7, found under fuzz): the start-up
// allowance is the canary's. A process started after one that answered
// used to get the waiting requests first, with the start-up allowance, so
// a request that hangs there cost -start-timeout (2 minutes under pctest
// fuzz's tests) instead of -timeout. Each hang must now be charged after
// -timeout, as a plain timeout, however many restarts came before.
func TestPromiseHangAfterRestart(t *testing.T) {
	cfg := fakeConfig(t, "ref,hang-char=~")
	cfg.Timeout = time.Second
	cfg.StartTimeout = 10 * time.Minute // what the test is about: never reached
	p, _ := startFake(t, cfg)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	for i, in := range []string{"a", "~", "~b", "c", "~"} {
		_, err := p.Do(ctx, textReq(in))
		var te *TimeoutError
		switch {
		case !strings.Contains(in, "~"):
			if err != nil {
				t.Fatalf("request %d %q: %v", i, in, err)
			}
		case !errors.As(err, &te):
			t.Fatalf("request %d %q: %v, want a *TimeoutError", i, in, err)
		case te.StartUp || te.After != cfg.Timeout:
			t.Errorf("request %d %q: charged after %v (start-up allowance %v), want after -timeout %v", i, in, te.After, te.StartUp, cfg.Timeout)
		}
	}
	if st := p.Incidents(); st.Timeouts != 3 {
		t.Errorf("stats %+v, want 3 timeouts", st)
	}
}
