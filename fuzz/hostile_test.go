package fuzz

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
	"github.com/pctest/pctest/report"
	"github.com/pctest/pctest/testee"
	"github.com/pctest/pctest/vectors"
)

// The fuzzing regression tests of issues 14 (the hostile testees) and 22
// (the promises of PROTOCOL.md §5): each fuzzes a testee that misbehaves in
// one way, a helper process of its own (internal/faketestee). None depends
// on the machine's speed: they give a case budget, not a deadline, unless
// time running out is what they are about.
// TestFuzzHostileHang: hangs are findings (defect 1). A case budget, not a
// duration: on a loaded machine a few seconds may pass before the first
// hang (issue 22); TestPromiseFuzzUnconfirmedIncident covers time running
// out.
func TestFuzzHostileHang(t *testing.T) {
	rep, _, err := fuzzFake(t, "ref,hang-char=~", time.Second,
		Ops(vectors.OpEncodeURIComponent), Seed(1), Cases(2000), MaxFindings(1))
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Findings) == 0 {
		t.Fatalf("no finding: %+v", rep)
	}
	for _, f := range rep.Findings {
		// Shrunk to "~" alone: each candidate that hangs costs -timeout,
		// not the start-up allowance (testee's TestPromiseHangAfterRestart).
		if f.Kind != report.KindTimeout || !f.Shrunk || string(utf16.Decode(f.Request.In)) != "~" {
			t.Errorf("finding %+v", f)
		}
	}
	if rep.Summary.Cases == 0 || rep.Summary.Cases > rep.Summary.Sent {
		t.Errorf("cases %d, sent %d", rep.Summary.Cases, rep.Summary.Sent)
	}
}

// TestFuzzHostileCrash: a testee that crashes on '%' has crash findings,
// each shrunk to "%" and reproduced alone, and is never taken for one that
// cannot start (defect 1).
func TestFuzzHostileCrash(t *testing.T) {
	rep, _, err := fuzzFake(t, "ref,noflush,crash-char=%", 10*time.Second,
		Ops(vectors.OpDecodeURIComponent, vectors.OpEncodeURI), Seed(1), Cases(2000), MaxFindings(1))
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Findings) == 0 {
		t.Fatal("no finding")
	}
	for _, f := range rep.Findings {
		if f.Kind != report.KindCrash || !f.Reproduced || !f.Shrunk || string(rune(f.Request.In[0])) != "%" || len(f.Request.In) != 1 {
			t.Errorf("finding %s %v kind %s reproduced %v shrunk %v", f.Request.Op, f.Request.In, f.Kind, f.Reproduced, f.Shrunk)
		}
	}
}

// TestFuzzHostileNothing: a testee that answers nothing is an error, and
// no case is counted (defect 7).
func TestFuzzHostileNothing(t *testing.T) {
	rep, _, err := fuzzFake(t, "never-read", 200*time.Millisecond, Seed(1), Cases(100))
	var se *testee.StartError
	if !errors.As(err, &se) || rep.Summary.Cases != 0 {
		t.Errorf("got %v, %d cases", err, rep.Summary.Cases)
	}
}

// TestFuzzHostileUnsupported: an op the testee declines is listed once,
// even when asked for twice, and has no finding (defect 8).
func TestFuzzHostileUnsupported(t *testing.T) {
	rep, _, err := fuzzFake(t, "ref,unsup-op=decodeURI", 10*time.Second,
		Ops(vectors.OpDecodeURI, vectors.OpDecodeURI, vectors.OpEncodeURI), Seed(1), Cases(500))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(rep.Summary.Unsupported, []vectors.Op{vectors.OpDecodeURI}) || len(rep.Findings) != 0 {
		t.Errorf("unsupported %v, findings %+v", rep.Summary.Unsupported, rep.Findings)
	}
}

// TestPromiseFuzzStdoutNotAnswers (defect 1, fuzz): fuzz stops with the
// *testee.OutputError too, instead of "answered none of the 256 requests sent".
func TestPromiseFuzzStdoutNotAnswers(t *testing.T) {
	_, _, err := fuzzFake(t, "ref,debug-every", time.Minute, Seed(1), Cases(1000))
	var oe *testee.OutputError
	if !errors.As(err, &oe) || !strings.Contains(err.Error(), `stdout carries lines that are not answers: "debug: {`) {
		t.Errorf("got %v, want an *testee.OutputError", err)
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
		Ops(vectors.OpDecodeURIComponent), Seed(1), Duration(8*time.Second), Grace(time.Second))
	if err != nil {
		t.Fatal(err)
	}
	if st := p.Incidents(); st.Restarts != 1 || st.Crashes != 0 {
		t.Errorf("stats %+v: want the one crash, not yet charged", st)
	}
	if len(rep.Findings) != 1 {
		t.Fatalf("%d findings, want the one unconfirmed crash: %+v", len(rep.Findings), rep.Findings)
	}
	f := rep.Findings[0]
	var ue *testee.UnconfirmedError
	if f.Kind != report.KindCrash || !f.Unconfirmed || f.Reproduced || f.Shrunk || !errors.As(f.Err, &ue) || ue.Requests < 1 {
		t.Errorf("finding %+v", f)
	}
	if s := rep.Summary; s.Confirmed != 0 || s.Unconfirmed != 1 || s.Flaky != 0 {
		t.Errorf("confirmed %d, unconfirmed %d, flaky %d", s.Confirmed, s.Unconfirmed, s.Flaky)
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
		Ops(vectors.OpDecodeURIComponent, vectors.OpEncodeURI), Seed(1), Cases(300), MaxFindings(1))
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Findings) != 2 || p.Incidents().Crashes == 0 {
		t.Fatalf("findings %+v, stats %+v", rep.Findings, p.Incidents())
	}
	for _, f := range rep.Findings {
		if f.Kind != report.KindCrash || !f.Reproduced || !f.Shrunk || string(utf16.Decode(f.Request.In)) != "%" {
			t.Errorf("finding %s %q kind %s reproduced %v shrunk %v", f.Request.Op, string(utf16.Decode(f.Request.In)), f.Kind, f.Reproduced, f.Shrunk)
		}
	}
	if !slices.Equal(rep.Summary.Capped, []vectors.Op{vectors.OpDecodeURIComponent, vectors.OpEncodeURI}) {
		t.Errorf("capped %v", rep.Summary.Capped)
	}
}

// TestPromiseEmptyRun (defect 5): a testee that answers "unsupported" to
// every op (its op names misspelled) judges no vector: CheckJudged says
// so, naming the ops; a selection that selects nothing names the
// selection. Fuzz says the same of its cases.
func TestPromiseEmptyRun(t *testing.T) {
	ops := []vectors.Op{vectors.OpEncodeURIComponent, vectors.OpDecodeURI}
	p := startFake(t, fakeOptions("ref,unsup-op=*")...)
	results, err := conformance.Results(context.Background(), p, conformance.Ops(ops...))
	if err != nil {
		t.Fatal(err)
	}
	err = conformance.CheckJudged(results, "-op encodeURIComponent,decodeURI")
	var ee *conformance.EmptyError
	if !errors.As(err, &ee) || !slices.Equal(ee.Declined, []vectors.Op{vectors.OpDecodeURI, vectors.OpEncodeURIComponent}) || ee.Selected != len(results) {
		t.Fatalf("got %v", err)
	}
	want := fmt.Sprintf(`no vectors judged: the testee answered "unsupported" to all %d, of the ops decodeURI, encodeURIComponent; if it implements them, check the op names it expects against PROTOCOL.md §3 (-allow-empty accepts an empty run)`, len(results))
	if err.Error() != want {
		t.Errorf("got  %s\nwant %s", err, want)
	}
	if err := conformance.CheckJudged(nil, "-run ^nosuch"); err == nil || err.Error() != "no vectors judged: none matches the selection (-run ^nosuch)" {
		t.Errorf("none selected: %v", err)
	}
	// One op supported is enough.
	p2 := startFake(t, fakeOptions("ref,unsup-op=decodeURI")...)
	results, err = conformance.Results(context.Background(), p2, conformance.Ops(ops...))
	if err != nil {
		t.Fatal(err)
	}
	if err := conformance.CheckJudged(results, ""); err != nil {
		t.Errorf("a run that judged vectors: %v", err)
	}

	rep, _, err := fuzzFake(t, "ref,unsup-op=*", time.Minute, Ops(ops...), Seed(1), Cases(200))
	if !errors.As(err, &ee) || rep.Summary.Judged != 0 || !strings.HasPrefix(err.Error(), `no cases judged: the testee answered "unsupported" to all `) {
		t.Errorf("fuzz: got %v, %d judged", err, rep.Summary.Judged)
	}
	rep, _, err = fuzzFake(t, "ref,unsup-op=*", time.Minute, Ops(ops...), Seed(1), Cases(200), AllowEmpty())
	if err != nil || !slices.Equal(rep.Summary.Unsupported, []vectors.Op{vectors.OpDecodeURI, vectors.OpEncodeURIComponent}) {
		t.Errorf("fuzz -allow-empty: %v, unsupported %v", err, rep.Summary.Unsupported)
	}
}

// TestPromiseMaxFindings (defect 6): two bugs in one op, '!' escaped and a
// crash on '~'. A limit of one finding stops the op at the first, and says
// so; the default finds both, each once, however often they come again,
// and says that the op stopped because they came again, not because it
// reached the limit (it had two findings of ten).
func TestPromiseMaxFindings(t *testing.T) {
	ops := []vectors.Op{vectors.OpEncodeURIComponent}
	rep, _, err := fuzzFake(t, "ref,bang-bug,crash-char=~", time.Minute, Ops(ops...), Seed(1), Cases(20000), MaxFindings(1))
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Findings) != 1 || rep.Summary.MaxFindings != 1 || !slices.Equal(rep.Summary.Capped, ops) || rep.Summary.Sent >= 20000 {
		t.Errorf("-max-findings 1: %d findings, max %d, capped %v, %d sent", len(rep.Findings), rep.Summary.MaxFindings, rep.Summary.Capped, rep.Summary.Sent)
	}
	rep, _, err = fuzzFake(t, "ref,bang-bug,crash-char=~", time.Minute, Ops(ops...), Seed(1), Cases(20000))
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
	if inputs["!"] != report.KindDisagreement || inputs["~"] != report.KindCrash {
		t.Errorf("findings %v: want both bugs", inputs)
	}
	if s := rep.Summary; len(s.Capped) != 0 || !slices.Equal(s.Repeated, ops) || s.MaxFindings != DefaultMaxFindings {
		t.Errorf("default -max-findings: capped %v, repeated %v, max %d; want %v stopped for the same findings again, none capped", s.Capped, s.Repeated, s.MaxFindings, ops)
	}
}
