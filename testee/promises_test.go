package testee

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf16"

	"github.com/pctest/pctest/conformance"
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
// and no process is started again.
func TestPromiseStdoutNotAnswers(t *testing.T) {
	for _, tc := range []struct{ mode, first string }{
		{"ref,debug-every", `"debug: {\"id\":1,\"op\":`},
		{"ok-every", `"ok"`},
	} {
		for _, j := range []int{1, 256} {
			t.Run(fmt.Sprintf("%s/j%d", tc.mode, j), func(t *testing.T) {
				cfg := fakeConfig(tc.mode)
				cfg.Window = j
				cfg.Timeout = time.Minute // no timeout: the lines come at once
				p, pids := startFake(t, cfg)
				results, err := conformance.Results(context.Background(), p, conformance.Ops(hostileOps...), conformance.Parallel(j))
				if err != nil {
					t.Fatal(err)
				}
				p.Close()
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

// TestPromiseFuzzStdoutNotAnswers (defect 1, fuzz): fuzz stops with the
// *OutputError too, instead of "answered none of the 256 requests sent".
func TestPromiseFuzzStdoutNotAnswers(t *testing.T) {
	_, _, err := fuzzFake(t, "ref,debug-every", time.Minute, FuzzConfig{Seed: 1, Cases: 1000})
	var oe *OutputError
	if !errors.As(err, &oe) || !strings.Contains(err.Error(), `stdout carries lines that are not answers: "debug: {`) {
		t.Errorf("got %v, want an *OutputError", err)
	}
}

// TestPromiseFuzzUnconfirmedIncident (defect 2): a testee that crashes on
// every input holding '%', and restarts slowly: when the run's time is up,
// the requests in flight at the crash are still waiting to be sent again
// alone. The incident is reported as it stands, unconfirmed, once; it used
// to be dropped, and fuzz exited 0.
func TestPromiseFuzzUnconfirmedIncident(t *testing.T) {
	marker := filepath.Join(t.TempDir(), "marker")
	// The first process crashes at once; every later one sleeps a minute
	// before it reads: the deadline (8 s, for the first process to start
	// on a loaded machine) comes long before the crash can be cleared.
	rep, p, err := fuzzFake(t, "ref,flush-each,crash-char=%,restart-delay=1m,marker="+marker, time.Minute,
		FuzzConfig{Ops: []vectors.Op{vectors.OpDecodeURIComponent}, Seed: 1, Duration: 8 * time.Second, Grace: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if st := p.Stats(); st.Restarts != 1 || st.Crashes != 0 {
		t.Errorf("stats %+v: want the one crash, not yet charged", st)
	}
	if len(rep.Findings) != 1 {
		t.Fatalf("%d findings, want the one unconfirmed crash: %+v", len(rep.Findings), rep.Findings)
	}
	f := rep.Findings[0]
	var ue *UnconfirmedError
	if f.Kind != KindCrash || !f.Unconfirmed || f.Reproduced || f.Shrunk || !errors.As(f.Err, &ue) || ue.Requests < 1 {
		t.Errorf("finding %+v", f)
	}
	if c, u, fl := rep.Confirmed(); c != 0 || u != 1 || fl != 0 {
		t.Errorf("confirmed %d, unconfirmed %d, flaky %d", c, u, fl)
	}
	if !strings.Contains(f.Err.Error(), "crash: testee ended (exit status 3) before answering (unconfirmed: one of ") {
		t.Errorf("error %q", f.Err)
	}
}

// TestPromiseFuzzCrashesWithACaseBudget (defect 2): the same crashing
// testee, restarting at once, fuzzed for a case budget: every finding is
// a crash on an input holding '%', confirmed alone and shrunk to "%".
func TestPromiseFuzzCrashesWithACaseBudget(t *testing.T) {
	rep, p, err := fuzzFake(t, "ref,flush-each,crash-char=%", time.Minute,
		FuzzConfig{Ops: []vectors.Op{vectors.OpDecodeURIComponent, vectors.OpEncodeURI}, Seed: 1, Cases: 300, MaxFindings: 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Findings) != 2 || p.Stats().Crashes == 0 {
		t.Fatalf("findings %+v, stats %+v", rep.Findings, p.Stats())
	}
	for _, f := range rep.Findings {
		if f.Kind != KindCrash || !f.Reproduced || !f.Shrunk || string(utf16.Decode(f.Request.In)) != "%" {
			t.Errorf("finding %s %q kind %s reproduced %v shrunk %v", f.Request.Op, string(utf16.Decode(f.Request.In)), f.Kind, f.Reproduced, f.Shrunk)
		}
	}
	if !slices.Equal(rep.Capped, []vectors.Op{vectors.OpDecodeURIComponent, vectors.OpEncodeURI}) {
		t.Errorf("capped %v", rep.Capped)
	}
}

// TestPromiseOneRequestPerProcess (defect 3): a testee that answers its
// first request and exits 0 is served, a process per request; one that
// crashes on its request is charged alone. The run used to loop for ever,
// the canary taking each process's one answer.
func TestPromiseOneRequestPerProcess(t *testing.T) {
	for _, j := range []int{1, 256} {
		t.Run(fmt.Sprintf("j%d", j), func(t *testing.T) {
			cfg := fakeConfig("one-shot")
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
			st := p.Stats()
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
		if st := p.Stats(); st.Timeouts != 0 || st.Crashes != 0 || st.Restarts == 0 {
			t.Errorf("-j %d: %+v", j, st)
		}
	}
}

// TestPromiseEmptyRun (defect 5): a testee that answers "unsupported" to
// every op (its op names misspelled) judges no vector: CheckJudged says
// so, naming the ops; a selection that selects nothing names the
// selection. Fuzz says the same of its cases.
func TestPromiseEmptyRun(t *testing.T) {
	ops := []vectors.Op{vectors.OpEncodeURIComponent, vectors.OpDecodeURI}
	p, _ := startFake(t, fakeConfig("ref,unsup-op=*"))
	results, err := conformance.Results(context.Background(), p, conformance.Ops(ops...))
	if err != nil {
		t.Fatal(err)
	}
	err = CheckJudged(results, "-op encodeURIComponent,decodeURI")
	var ee *EmptyError
	if !errors.As(err, &ee) || !slices.Equal(ee.Declined, []vectors.Op{vectors.OpDecodeURI, vectors.OpEncodeURIComponent}) || ee.Selected != len(results) {
		t.Fatalf("got %v", err)
	}
	want := fmt.Sprintf(`no vectors judged: the testee answered "unsupported" to all %d, of the ops decodeURI, encodeURIComponent; if it implements them, check the op names it expects against PROTOCOL.md §3 (-allow-empty accepts an empty run)`, len(results))
	if err.Error() != want {
		t.Errorf("got  %s\nwant %s", err, want)
	}
	if err := CheckJudged(nil, "-run ^nosuch"); err == nil || err.Error() != "no vectors judged: none matches the selection (-run ^nosuch)" {
		t.Errorf("none selected: %v", err)
	}
	// One op supported is enough.
	p2, _ := startFake(t, fakeConfig("ref,unsup-op=decodeURI"))
	results, err = conformance.Results(context.Background(), p2, conformance.Ops(ops...))
	if err != nil {
		t.Fatal(err)
	}
	if err := CheckJudged(results, ""); err != nil {
		t.Errorf("a run that judged vectors: %v", err)
	}

	rep, _, err := fuzzFake(t, "ref,unsup-op=*", time.Minute, FuzzConfig{Ops: ops, Seed: 1, Cases: 200})
	if !errors.As(err, &ee) || rep.Judged != 0 || !strings.HasPrefix(err.Error(), `no cases judged: the testee answered "unsupported" to all `) {
		t.Errorf("fuzz: got %v, %d judged", err, rep.Judged)
	}
	rep, _, err = fuzzFake(t, "ref,unsup-op=*", time.Minute, FuzzConfig{Ops: ops, Seed: 1, Cases: 200, AllowEmpty: true})
	if err != nil || !slices.Equal(rep.Unsupported, []vectors.Op{vectors.OpDecodeURI, vectors.OpEncodeURIComponent}) {
		t.Errorf("fuzz -allow-empty: %v, unsupported %v", err, rep.Unsupported)
	}
}

// TestPromiseMaxFindings (defect 6): two bugs in one op, '!' escaped and a
// crash on '~'. A limit of one finding stops the op at the first, and says
// so; the default finds both, each once, however often they come again.
func TestPromiseMaxFindings(t *testing.T) {
	ops := []vectors.Op{vectors.OpEncodeURIComponent}
	rep, _, err := fuzzFake(t, "ref,bang-bug,crash-char=~", time.Minute, FuzzConfig{Ops: ops, Seed: 1, Cases: 20000, MaxFindings: 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Findings) != 1 || rep.MaxFindings != 1 || !slices.Equal(rep.Capped, ops) || rep.Sent >= 20000 {
		t.Errorf("-max-findings 1: %d findings, max %d, capped %v, %d sent", len(rep.Findings), rep.MaxFindings, rep.Capped, rep.Sent)
	}
	rep, _, err = fuzzFake(t, "ref,bang-bug,crash-char=~", time.Minute, FuzzConfig{Ops: ops, Seed: 1, Cases: 20000})
	if err != nil {
		t.Fatal(err)
	}
	inputs := map[string]string{}
	for _, f := range rep.Findings {
		in := string(utf16.Decode(f.Request.In))
		if inputs[in] != "" {
			t.Errorf("%q found twice", in)
		}
		inputs[in] = f.Kind
	}
	if inputs["!"] != KindDisagreement || inputs["~"] != KindCrash {
		t.Errorf("findings %v: want both bugs", inputs)
	}
}

// TestPromiseSlowStart (defect 7): a testee that takes longer than
// -timeout to start, writes its answers once per chunk read and crashes on
// one input, is given its start-up allowance on every process: exactly
// that input fails, with a crash, and the testee is never taken for one
// that cannot start. Given less than it needs, it cannot start, and the
// reason names the allowance.
func TestPromiseSlowStart(t *testing.T) {
	cfg := fakeConfig("noflush,start-delay=2500ms")
	cfg.Timeout = 2 * time.Second
	cfg.StartTimeout = time.Minute
	p, _ := startFake(t, cfg)
	in := inputs(50, "CRASH-1")
	resps, errs := doAll(p, in)
	checkFailed(t, "slow start", failedInputs(in, resps, errs), map[string]string{"CRASH-1": "crash"})
	if err := p.StartFailure(); err != nil {
		t.Errorf("start failure %v", err)
	}
	if st := p.Stats(); st.Crashes != 1 || st.Timeouts != 0 {
		t.Errorf("stats %+v", st)
	}

	cfg.StartTimeout = 300 * time.Millisecond
	p, pids := startFake(t, cfg)
	_, err := p.Do(context.Background(), textReq("a"))
	var se *StartError
	if !errors.As(err, &se) || !strings.Contains(err.Error(), "ran 3 times without answering a request (last: killed after no answer in 300ms, its start-up allowance (-start-timeout))") {
		t.Errorf("got %v", err)
	}
	if len(*pids) != startSilentExits {
		t.Errorf("started %d times", len(*pids))
	}
}

// TestPromiseHangAfterRestart (defect 7, found under fuzz): the start-up
// allowance is the canary's. A process started after one that answered
// used to get the waiting requests first, with the start-up allowance, so
// a request that hangs there cost -start-timeout (2 minutes under pctest
// fuzz's tests) instead of -timeout. Each hang must now be charged after
// -timeout, as a plain timeout, however many restarts came before.
func TestPromiseHangAfterRestart(t *testing.T) {
	cfg := fakeConfig("ref,hang-char=~")
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
	if st := p.Stats(); st.Timeouts != 3 {
		t.Errorf("stats %+v, want 3 timeouts", st)
	}
}
