package testee

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pctest/pctest/vectors"
)

// The regression tests of issue 35: the output rule (PROTOCOL.md §2)
// decides by the content of the lines, not by how many come in a row, and
// the same testee gets the same verdict at -j 1 and -j 256, on a quiet
// machine or a loaded one. TestHostileOutput/malformed-char/j1 once failed
// under load: each answer cut short was counted as a line that is not an
// answer, and a race between the writer and the reader made the runner
// write the request again, to the same process, for as long as the race
// lasted, until 50 such lines in a row stopped the run.

func TestAnswerShaped(t *testing.T) {
	for line, want := range map[string]bool{
		`{"id":1,"out":"a"}`:     true,
		`{"id":1,"out":"a"`:      true, // cut short
		`{`:                      true,
		`{}`:                     true, // no id
		`{"result":"a"}`:         true, // a format of its own, but an object
		" \t\r{\"id\":1}":        true,
		`{"id":1,"out":"a"} x`:   true, // data after the object
		`hello`:                  false,
		`DEBUG: x`:               false,
		`debug: {"id":1,"op":1}`: false,
		`ok`:                     false,
		`"ok"`:                   false,
		`[{"id":1}]`:             false,
		`null`:                   false,
		`42`:                     false,
		"\ufeff{\"id\":1}":       false, // a byte-order mark is not white space
		`  `:                     false,
		``:                       false,
	} {
		if got := answerShaped([]byte(line)); got != want {
			t.Errorf("answerShaped(%q) = %v, want %v", line, got, want)
		}
	}
}

// TestPromiseMalformedInARow: 60 requests in a row answered with a JSON
// object cut short (shaped like an answer), or with a line that is not
// JSON instead of the answer, are 60 protocol errors, each charged to its
// request, at -j 1 and -j 256. At -j 256 the isolation sends them again
// alone one after the other, with no valid answer between them: the old
// rule (50 lines in a row that are not answers) stopped the run there, and
// only there.
func TestPromiseMalformedInARow(t *testing.T) {
	var in []string
	want := map[string]string{}
	for i := range 60 {
		in = append(in, fmt.Sprintf("~%d", i))
		want[in[i]] = "protocol"
	}
	in = append(in, "a", "b", "c")
	for _, mode := range []string{"malformed-char=~", "garbage-char=~"} {
		for _, j := range []int{1, 256} {
			t.Run(fmt.Sprintf("%s/j%d", mode, j), func(t *testing.T) {
				cfg := fakeConfig(t, mode)
				cfg.Window = j
				cfg.Timeout = time.Minute // no timeout: the lines come at once
				p, _ := startFake(t, cfg)
				reqs := make([]vectors.Request, len(in))
				for i, s := range in {
					reqs[i] = textReq(s)
				}
				resps, errs := make([]vectors.Response, len(in)), make([]error, len(in))
				p.DoBatch(context.Background(), reqs, resps, errs)
				checkFailed(t, mode, failedInputs(in, resps, errs), want)
				if err := p.StartFailure(); err != nil {
					t.Errorf("StartFailure: %v", err)
				}
				if st := p.Incidents(); st.ProtocolErrors != len(want) || st.Flaky != 0 || st.StrayLines != 0 {
					t.Errorf("stats %+v", st)
				}
			})
		}
	}
}

// TestPromiseMalformedCanary: a testee whose every answer is a JSON object
// cut short never makes an *OutputError, however many it prints; it is not
// sent canaries for ever either: a process that answers the canary so
// twice is killed as one that does not answer it, and after three such
// processes the testee cannot start, saying why.
func TestPromiseMalformedCanary(t *testing.T) {
	for _, j := range []int{1, 256} {
		t.Run(fmt.Sprintf("j%d", j), func(t *testing.T) {
			cfg := fakeConfig(t, "malformed-char=a")
			cfg.Window = j
			cfg.Timeout = time.Minute
			p, pids := startFake(t, cfg)
			in := []string{"a1", "a2", "a3"}
			resps, errs := doAll(p, in)
			for i, err := range errs {
				var se *StartError
				if !errors.As(err, &se) {
					t.Errorf("%q: %v %v, want a *StartError", in[i], resps[i], err)
				}
			}
			var se *StartError
			if err := p.StartFailure(); !errors.As(err, &se) || !strings.Contains(err.Error(), "ran 3 times without answering a request (last: killed after 2 malformed answers to the canary request (the last: protocol error: malformed JSON object") {
				t.Errorf("StartFailure: %v", err)
			}
			if len(*pids) != startSilentExits {
				t.Errorf("started %d times", len(*pids))
			}
		})
	}
}

// TestPromiseStdoutSpew: a testee that never reads its stdin and prints
// the same line for ever does not spin for ever. Log text is counted by
// the output rule, and stops the run at once with an *OutputError; lines
// shaped like answers are not, and are no progress either: the testee
// cannot start, its processes killed after their start-up allowance.
func TestPromiseStdoutSpew(t *testing.T) {
	cfg := fakeConfig(t, "spew=hello")
	cfg.Timeout = time.Minute // what ends the run is the lines, not a timeout
	p, _ := startFake(t, cfg)
	_, err := p.Do(context.Background(), textReq("a"))
	var oe *OutputError
	if !errors.As(err, &oe) || oe.Count != maxBadLines || !slices.Equal(oe.Lines, []string{`"hello"`, `"hello"`, `"hello"`}) {
		t.Errorf("spew=hello: got %v, want an *OutputError", err)
	}

	cfg = fakeConfig(t, "spew={}")
	cfg.Timeout = 200 * time.Millisecond
	checkCannotStart(t, "spew={}", cfg, "")
}

// TestPromiseWriteUnderWay makes the writer lose, on every write, the race
// a loaded machine made it lose now and then: the testee answers, and the
// reader handles the answer, before the writer has recorded its write.
// The verdicts are still the quiet machine's: exactly the vectors holding
// '~' are charged, with a protocol error, and no request is written twice
// (no stray line). Before issue 35 the request was taken for one the
// testee never read, left uncharged and written again to the same
// process, until 50 such lines in a row stopped the run.
func TestPromiseWriteUnderWay(t *testing.T) {
	ops := []vectors.Op{vectors.OpEncodeURIComponent}
	want := triggered(t, "~", "protocol", ops...)
	for _, mode := range []string{"garbage-char", "malformed-char", "extra-char"} {
		for _, j := range []int{1, 256} {
			t.Run(fmt.Sprintf("%s/j%d", mode, j), func(t *testing.T) {
				cfg := fakeConfig(t, "ref,"+mode+"=~")
				cfg.Window = j
				cfg.Timeout = time.Minute
				p, _ := startFake(t, cfg)
				p.afterWrite = func(w *proc, lines int64) {
					// Until the reader has handled a line since the write
					// began, or the process is gone. At -j 256 a write
					// need not be answered at once: a few lines will do.
					for {
						p.mu.Lock()
						done := p.outputLines > lines || w.dead || p.closed || p.proc != w
						p.mu.Unlock()
						if done {
							return
						}
						time.Sleep(100 * time.Microsecond)
					}
				}
				checkFailed(t, mode, failedKinds(runVectors(t, p, j, ops...)), want)
				if st := p.Incidents(); st.ProtocolErrors != len(want) || st.StrayLines != 0 || st.Flaky != 0 || st.Timeouts != 0 {
					t.Errorf("stats %+v", st)
				}
			})
		}
	}
}

// TestLongCanaryAnswerSaysSo: a testee that answers every request, the
// canary too, with a line longer than MaxLine cannot start, and the
// StartError says that was why, not only that it was killed.
func TestLongCanaryAnswerSaysSo(t *testing.T) {
	cfg := fakeConfig(t, "long-char=a")
	cfg.MaxLine = 64 << 10
	cfg.Timeout = time.Minute
	p, _ := startFake(t, cfg)
	_, errs := doAll(p, []string{"a1"})
	var se *StartError
	if !errors.As(errs[0], &se) || !strings.Contains(se.Error(), "killed after an answer line longer than 65536 bytes") {
		t.Errorf("got %v, want a *StartError that names the long line", errs[0])
	}
}
