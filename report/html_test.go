package report

import (
	"bytes"
	"strings"
	"testing"
	"time"
	"unicode/utf16"

	"github.com/pctest/pctest/vectors"
)

// htmlRunSample is a run with two causes of two failures each, an
// expected failure and two implementation-defined vectors that differ
// from the suite's recommendation, made by a pctest command line.
func htmlRunSample() *Run {
	u := func(s string) []uint16 { return utf16.Encode([]rune(s)) }
	fail := func(id, in, want, got string) Result {
		return Result{Outcome: Failed, Got: vectors.Response{Out: u(got)},
			Vector: vectors.Vector{ID: id, Level: vectors.LevelMust, Request: vectors.Request{Op: vectors.OpEncodeURIComponent, In: u(in)}, Expect: vectors.Response{Out: u(want)}}}
	}
	differ := func(id, in string) Result {
		return Result{Outcome: Differs, Got: vectors.Response{OutHex: []byte(in)},
			Vector: vectors.Vector{ID: id, Level: vectors.LevelImplementationDefined, Request: vectors.Request{Op: vectors.OpPercentDecode, In: u(in)}, Expect: vectors.Response{Error: vectors.ErrMalformedEscape}}}
	}
	xfail := fail("x.known", "é", "%C3%A9", "%c3%a9")
	xfail.Outcome, xfail.Reason = ExpectedFailure, "listed"
	return &Run{Impl: "sample", Argv: []string{"./testee"}, CommandLine: []string{"pctest", "run", "-run", "^x$", "--", "./testee"}, Vectors: 7,
		Results: []Result{
			fail("x.lower1", "é", "%C3%A9", "%c3%a9"), fail("x.lower2", "ü", "%C3%BC", "%c3%bc"),
			fail("x.bang1", "!", "!", "%21"), fail("x.bang2", "a!", "a!", "a%21"),
			xfail, differ("x.pct1", "%"), differ("x.pct2", "a%"),
		}}
}

// TestHTMLOpensFirstFailureOfEachCause checks that the run's HTML report
// opens each cause of failures and the first failure in it, leaves the
// others folded with their input in their summary, shows the
// implementation-defined differences as an open group of warnings, and
// records the command line.
func TestHTMLOpensFirstFailureOfEachCause(t *testing.T) {
	var b bytes.Buffer
	if err := WriteHTML(&b, time.Now(), []*Run{htmlRunSample()}); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	for want, n := range map[string]int{
		`<details class="cause fail" open>`:                              2,
		`<details class="failure fail" open>`:                            2,
		`<details class="failure fail">`:                                 2, // the second of each cause
		`<details class="cause xfail">`:                                  1, // expected failures stay folded
		`<details class="failure xfail" open>`:                           1,
		`<details class="cause warn" open>`:                              1,
		`<details class="failure warn" open>`:                            1,
		`<details class="failure warn">`:                                 1,
		`<b>WARN</b>`:                                                    2,
		`<th>recommended</th>`:                                           2,
		`made by <code>pctest run -run &#39;^x$&#39; -- ./testee</code>`: 1,
	} {
		if got := strings.Count(page, want); got != n {
			t.Errorf("%d × %s, want %d", got, want, n)
		}
	}
	if !strings.Contains(page, `<code>x.lower2</code> · <code>encodeURIComponent</code> · <code>&#34;ü&#34;</code>`) {
		t.Errorf("a folded failure's summary does not show its input")
	}
	if !strings.Contains(page, "a warning, not a failure: passed a malformed") {
		t.Errorf("no warning group for the implementation-defined differences")
	}
}
