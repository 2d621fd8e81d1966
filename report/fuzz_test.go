package report

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/pctest/pctest/vectors"
)

// fuzzReport returns a fuzz report as fuzz.Run makes one, with
// live errors: a disagreement, a crash and an error of no incident kind
// (a panic of an in-process implementation), tallied.
func fuzzReport() *FuzzReport {
	utf16Of := func(s string) []uint16 { return utf16.Encode([]rune(s)) }
	in := func(s string) vectors.Request {
		return vectors.Request{Op: vectors.OpEncodeURIComponent, In: utf16Of(s)}
	}
	j := &FuzzReport{
		FuzzInfo: FuzzInfo{Info: Info{Implementation: "fake", SuiteVersion: "v", ProtocolVersion: 1}, Seed: 1, Ops: []vectors.Op{vectors.OpEncodeURIComponent}},
		Summary: FuzzSummary{Cases: 100, Sent: 100, Judged: 90, Unsupported: []vectors.Op{}, MaxFindings: 10, Capped: []vectors.Op{},
			Repeated: []vectors.Op{vectors.OpEncodeURIComponent}, OpenByOp: map[vectors.Op]int64{}},
		Findings: []Finding{
			{Op: vectors.OpEncodeURIComponent, Kind: KindDisagreement, Request: in("!"), Original: in("a<b>&!"),
				Expected: vectors.Response{Out: utf16Of("!")}, Got: vectors.Response{Out: utf16Of("%21")},
				Shrunk: true, Reproduced: true, Steps: 4, Case: 7},
			{Op: vectors.OpEncodeURIComponent, Kind: KindCrash, Request: in("~"), Original: in("~"),
				Expected: vectors.Response{Out: utf16Of("~")}, Err: incidentError{"crash"}, Shrunk: true, Case: 9},
			{Op: vectors.OpEncodeURIComponent, Kind: KindError, Request: in("x"), Original: in("x"),
				Expected: vectors.Response{Out: utf16Of("x")}, Err: incidentError{"panic"}, Unconfirmed: true, Case: 11},
		},
	}
	j.Tally()
	return j
}

// TestFuzzReportRoundTrip writes a fuzz report whose findings carry live
// errors and reads it back: the same report, but for each error, which
// comes back as a *RecordedError of the finding's kind with the same
// message; an answer stood in for by an error is written null, and HTML
// characters as they are, as in the rest of the report. Tally
// counts the findings by how they stood, and groups the findings the same
// way before and after.
func TestFuzzReportRoundTrip(t *testing.T) {
	want := fuzzReport()
	if s := want.Summary; s.Findings != 3 || s.Confirmed != 1 || s.Unconfirmed != 1 || s.Flaky != 1 {
		t.Errorf("tally: %+v", s)
	}
	var b bytes.Buffer
	if err := want.Write(&b); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), `"in": "a<b>&!"`) {
		t.Errorf("HTML characters escaped:\n%s", b.String())
	}
	var doc struct {
		Findings []map[string]json.RawMessage `json:"findings"`
	}
	if err := json.Unmarshal(b.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	for i, f := range doc.Findings {
		_, hasErr := f["error"]
		if hasErr != (i > 0) || (string(f["actual"]) == "null") != (i > 0) {
			t.Errorf("finding %d written with actual %s, error %s", i+1, f["actual"], f["error"])
		}
	}
	got, err := ReadFuzzReport(&b)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, got, cmpopts.IgnoreFields(Finding{}, "Err")); diff != "" {
		t.Errorf("read back (-written +read):\n%s", diff)
	}
	for i, f := range got.Findings {
		w := want.Findings[i].Err
		var re *RecordedError
		switch {
		case w == nil && f.Err != nil:
			t.Errorf("finding %d: error %v read back, none written", i+1, f.Err)
		case w != nil && (!errors.As(f.Err, &re) || re.Message != w.Error() || re.Kind != kindOfFinding(f.Kind)):
			t.Errorf("finding %d: error %#v read back, want a *RecordedError %q of kind %q", i+1, f.Err, w, kindOfFinding(f.Kind))
		}
	}
	again := *got
	again.Tally()
	if diff := cmp.Diff(want.Summary, again.Summary); diff != "" {
		t.Errorf("summary tallied again from the findings read back (-written +tallied):\n%s", diff)
	}
	if c := want.Summary.Causes; len(c) != 3 || c[2].Title != "no answer: error" {
		t.Errorf("causes %+v: want the panic under the finding's kind, as read back", c)
	}
}

// TestFuzzTextStops checks that the text report tells the two reasons an
// op was fuzzed no more apart: it reached -max-findings, or its findings
// shrank that many times to one found before.
func TestFuzzTextStops(t *testing.T) {
	j := fuzzReport()
	var b strings.Builder
	if err := j.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"stopped: the same finding again 10 times (-max-findings), fuzzed no more: encodeURIComponent\n",
		"  testee:    (crash: the testee went away)\n",
		"findings: 1 confirmed (failed again alone), 1 unconfirmed (the run ended first), 1 flaky (did not fail again alone)\n",
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("no %q in:\n%s", want, b.String())
		}
	}
	if strings.Contains(b.String(), "reached -max-findings") {
		t.Errorf("an op that stopped on repeats said to reach the limit:\n%s", b.String())
	}
	j.Summary.Capped, j.Summary.Repeated = j.Summary.Repeated, nil
	b.Reset()
	if err := j.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "reached -max-findings 10, fuzzed no more: encodeURIComponent\n") || strings.Contains(b.String(), "stopped:") {
		t.Errorf("capped:\n%s", b.String())
	}
}

// TestFindingFolds checks which findings are one bug: the same op, args
// and cause, and an input containing the other's, hex digits in any case.
func TestFindingFolds(t *testing.T) {
	dec := func(in string, got vectors.Response) *Finding {
		return &Finding{Op: vectors.OpDecodeURIComponent, Kind: KindDisagreement,
			Request:  vectors.Request{Op: vectors.OpDecodeURIComponent, In: utf16.Encode([]rune(in))},
			Expected: vectors.Response{Error: vectors.ErrURIError}, Got: got}
	}
	nul := vectors.Response{Out: []uint16{0}}
	other := vectors.Response{Error: vectors.ErrMalformedEscape}
	pd := func(in []byte) *Finding {
		return &Finding{Op: vectors.OpPercentEncode, Kind: KindCrash, Err: errors.New("crash"),
			Request:  vectors.Request{Op: vectors.OpPercentEncode, InHex: in},
			Expected: vectors.Response{Out: utf16.Encode([]rune("%25"))}}
	}
	withArgs := dec("%C0%80", nul)
	withArgs.Request.Args = map[string]string{"set": "path"}
	for _, c := range []struct {
		name string
		f, g *Finding
		want bool
	}{
		{"same", dec("%C0%80", nul), dec("%C0%80", nul), true},
		{"hex case", dec("%c0%80", nul), dec("%C0%80", nul), true},
		{"contains", dec("ab%c0%80c", nul), dec("%C0%80", nul), true},
		{"contained", dec("%C0%80", nul), dec("x%c0%80", nul), true},
		{"apart", dec("%C0%80", nul), dec("%E0%80%80", nul), false},
		{"another cause", dec("%C0%80", nul), dec("%C0%80x", other), false},
		{"other args", withArgs, dec("%C0%80", nul), false},
		{"octets hex case", pd([]byte("%2g%ff")), pd([]byte("%FF")), true},
		{"octets apart", pd([]byte("%2g")), pd([]byte("%FF")), false},
	} {
		if got := c.f.Folds(c.g); got != c.want {
			t.Errorf("%s: Folds = %t, want %t", c.name, got, c.want)
		}
		if got := c.g.Folds(c.f); got != c.want {
			t.Errorf("%s, the other way: Folds = %t, want %t", c.name, got, c.want)
		}
	}
}

// TestFindingSameCause: disagreements whose answers stand in one specific
// relation are one cause whatever their inputs; "a different answer" and
// incidents are one cause only when they are one bug by Folds.
func TestFindingSameCause(t *testing.T) {
	enc := func(in, got string) *Finding {
		want := map[string]string{"!": "!", "(": "(", "ab": "ab", "cd": "cd"}[in]
		return &Finding{Op: vectors.OpEncodeURIComponent, Kind: KindDisagreement,
			Request:  vectors.Request{Op: vectors.OpEncodeURIComponent, In: utf16.Encode([]rune(in))},
			Expected: vectors.Response{Out: utf16.Encode([]rune(want))}, Got: vectors.Response{Out: utf16.Encode([]rune(got))}}
	}
	crash := func(in string) *Finding {
		return &Finding{Op: vectors.OpEncodeURIComponent, Kind: KindCrash, Err: errors.New("crash"),
			Request: vectors.Request{Op: vectors.OpEncodeURIComponent, In: utf16.Encode([]rune(in))}}
	}
	for _, c := range []struct {
		name string
		f, g *Finding
		want bool
	}{
		{"one specific relation", enc("!", "%21"), enc("(", "%28"), true},
		{"a different answer", enc("ab", "x"), enc("cd", "y"), false},
		{"crashes apart", crash("ab"), crash("cd"), false},
		{"a crash and a disagreement", crash("!"), enc("!", "%21"), false},
	} {
		if got := c.f.SameCause(c.g); got != c.want {
			t.Errorf("%s: SameCause = %t, want %t", c.name, got, c.want)
		}
		if got := c.g.SameCause(c.f); got != c.want {
			t.Errorf("%s, the other way: SameCause = %t, want %t", c.name, got, c.want)
		}
	}
}
