package report

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"strings"
	"testing"
	"time"
	"unicode/utf16"

	"github.com/google/go-cmp/cmp"
	"github.com/pctest/pctest/vectors"
)

func units(s string) []uint16 { return utf16.Encode([]rune(s)) }

// levelRun is a run with 30 SHOULD-level failures (hex digits in
// lowercase) and after them, in corpus order, one MUST-level failure: the
// shape of a run where 153 of 161 failures were lowercase hex, which the
// reports listed first as the biggest problem.
func levelRun() *Run {
	r := &Run{Impl: "lower", Vectors: 32, Suite: "test", Protocol: 1, Start: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)}
	for i := range 30 {
		want := fmt.Sprintf("%%C3%%%02X", 0xA0+i)
		r.Results = append(r.Results, Result{Outcome: Failed,
			Vector: vectors.Vector{ID: fmt.Sprintf("l.ecu.%02d", i), Level: vectors.LevelShould, Ref: "RFC 3986 §2.1",
				Request: vectors.Request{Op: "encodeURIComponent", In: units(string(rune(0xE0 + i)))}, Expect: vectors.Response{Out: units(want)}},
			Got: vectors.Response{Out: units(strings.ToLower(want))}})
	}
	r.Results = append(r.Results,
		Result{Outcome: Passed, Vector: vectors.Vector{ID: "l.ok", Level: vectors.LevelMust,
			Request: vectors.Request{Op: "encodeURIComponent", In: units("a")}, Expect: vectors.Response{Out: units("a")}}, Got: vectors.Response{Out: units("a")}},
		Result{Outcome: Failed, Vector: vectors.Vector{ID: "l.duc.must", Level: vectors.LevelMust, Ref: "ECMA-262 5.1 §15.1.3.2",
			Request: vectors.Request{Op: "decodeURIComponent", In: units("%41")}, Expect: vectors.Response{Out: units("A")}},
			Got: vectors.Response{Out: units("%41")}})
	return r
}

// TestReportsListMustFirst (issue 26) checks that every report of a run
// with many SHOULD-level failures and one MUST-level failure lists the
// MUST one first and marks each failure with its level: the text report's
// lines and causes, the JSON report's causes, the JUnit testcases and the
// HTML report's causes. Before, each followed the corpus, biggest cause
// first, and only the JSON report had the level, on each result.
func TestReportsListMustFirst(t *testing.T) {
	r := levelRun()

	var b bytes.Buffer
	if err := r.WriteText(&b, false); err != nil {
		t.Fatal(err)
	}
	text := b.String()
	var fails []string
	for _, l := range strings.Split(text, "\n") {
		if strings.HasPrefix(l, "FAIL ") {
			fails = append(fails, l)
		}
	}
	if len(fails) != 31 || !strings.HasPrefix(fails[0], "FAIL l.duc.must MUST decodeURIComponent ") {
		t.Errorf("the text report does not list the MUST failure first:\n%s", text)
	}
	for _, l := range fails[1:] {
		if !strings.HasPrefix(l, "FAIL l.ecu.") || !strings.Contains(l, " SHOULD encodeURIComponent ") {
			t.Errorf("a SHOULD failure's line is not marked so: %s", l)
		}
	}
	must := strings.Index(text, "\n     1  MUST decodeURIComponent: every escape left undecoded\n")
	should := strings.Index(text, "\n    30  SHOULD encodeURIComponent: hex digits in lowercase\n")
	if !strings.Contains(text, "2 causes of 31 failures, by level (must, then should, then implementation-defined), biggest first:\n") ||
		must < 0 || should < must {
		t.Errorf("the text report's causes do not come by level:\n%s", text)
	}

	type brief struct {
		Op       vectors.Op
		Level    string
		Relation string
		Count    int
	}
	var got []brief
	for _, c := range r.Report().Causes {
		got = append(got, brief{c.Op, c.Level, c.Relation, c.Count})
	}
	want := []brief{{"decodeURIComponent", "must", "undecoded", 1}, {"encodeURIComponent", "should", "lowercase-hex", 30}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("JSON causes (-want +got):\n%s", diff)
	}

	b.Reset()
	if err := r.WriteJUnit(&b); err != nil {
		t.Fatal(err)
	}
	var suites JUnitSuites
	if err := xml.Unmarshal(b.Bytes(), &suites); err != nil {
		t.Fatal(err)
	}
	var failures []string
	for _, s := range suites.Suites {
		for _, c := range s.Cases {
			if c.Failure != nil {
				failures = append(failures, c.Name+" "+c.Failure.Message[:strings.Index(c.Failure.Message, ":")])
			}
		}
	}
	if len(failures) != 31 || failures[0] != "l.duc.must MUST" || failures[1] != "l.ecu.00 SHOULD" {
		t.Errorf("JUnit failures, in order: %v", failures)
	}

	b.Reset()
	if err := WriteHTML(&b, time.Now(), []*Run{r}); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	must = strings.Index(page, `<span class="level">MUST</span> <code>decodeURIComponent</code>: every escape left undecoded</summary>`)
	should = strings.Index(page, `<span class="level">SHOULD</span> <code>encodeURIComponent</code>: hex digits in lowercase</summary>`)
	if must < 0 || should < must || strings.Count(page, `<b>FAIL</b> <span class="level">SHOULD</span>`) != 30 {
		t.Errorf("the HTML report does not list the MUST cause first, each failure marked (MUST at %d, SHOULD at %d)", must, should)
	}
}
