package report

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"testing"

	"github.com/pctest/pctest/vectors"
)

// TestWriteJSONStreamsAsReport checks that WriteJSON, which writes the
// results one at a time, writes what Report().Write writes, byte for byte:
// with results (one with HTML characters and a request line to rerun),
// with none, with the testee's stderr and hints after the results.
func TestWriteJSONStreamsAsReport(t *testing.T) {
	withHTML := htmlRunSample()
	withHTML.Results[0].Vector.ID = "x.<&>"
	withHTML.Stderr = "line 1\n  \"results\": []\n<b>"
	withHTML.Results = append(withHTML.Results, Result{Outcome: Failed,
		Vector: vectors.Vector{ID: "x.hex", Level: vectors.LevelMust, Request: vectors.Request{Op: vectors.OpPercentDecode, In: []uint16{'%', 'Z'}}, Expect: vectors.Response{Error: vectors.ErrMalformedEscape}},
		Got:    vectors.Response{OutHex: []byte{0xff}}})
	empty := htmlRunSample()
	empty.Results = nil
	one := htmlRunSample()
	one.Results = one.Results[:1]
	one.Argv = nil
	for name, r := range map[string]*Run{"sample": htmlRunSample(), "html and stderr": withHTML, "no results": empty, "one result": one} {
		got, want := bothJSON(t, r)
		if !bytes.Equal(got, want) {
			t.Errorf("%s: WriteJSON wrote\n%s\nReport().Write wrote\n%s", name, got, want)
		}
		if _, err := ReadRunReport(bytes.NewReader(got)); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// TestAppendRecordJSON checks that appendRecordJSON writes what
// encoding/json writes for a record, byte for byte: for every vector of
// the suite failed with the next vector's answer (and with an error, and
// as passed), in a run with a testee to rerun, and for records whose
// strings hold what encoding/json escapes.
func TestAppendRecordJSON(t *testing.T) {
	all, err := vectors.Load()
	if err != nil {
		t.Fatal(err)
	}
	r := &Run{Impl: "t", Argv: []string{"./testee", "-x", "it's"}, CommandLine: []string{"pctest", "run", "--", "./testee"}, Vectors: len(all)}
	outcomes := []Outcome{Failed, Passed, ExpectedFailure, UnexpectedPass, Skipped, Differs, Agrees}
	for i, v := range all {
		res := Result{Vector: v, Outcome: outcomes[i%len(outcomes)], Got: all[(i+1)%len(all)].Expect, Reason: "why: " + v.ID}
		if i%5 == 0 {
			res.Err = errors.New("crash: \x01\u2028<&>\"\\\n\t\xff é")
		}
		r.Results = append(r.Results, res)
	}
	if got, want := bothJSON(t, r); !bytes.Equal(got, want) {
		t.Errorf("WriteJSON and Report().Write differ on the suite's vectors: %s", firstDiff(got, want))
	}

	strs := []string{"", "a", "\x00\x01\x1f\x7f", "\b\f\n\r\t", `"\`, "<>&", "\u2028\u2029", "\xff\xfe", "é\U0001F600", "a\xc3", "\u00a0\ufeff"}
	in := Text{'a', 0xD800, '"'}
	for _, s := range strs {
		rec := Record{ID: s, Op: vectors.Op(s), Level: s, Ref: s, File: s, Line: len(s), Status: Failed, In: &in,
			Args: map[string]string{s + "k": s, "b": s}, Expected: &Response{Error: s, Message: s, Unsupported: s == ""},
			Got: &Response{OutHex: &Hex{0, 0xff}}, Error: s, Why: s, RequestLine: s, Rerun: s}
		for _, rec := range []Record{rec, {ID: s, Status: Passed}, {Status: Skipped, InHex: &Hex{}, Expected: &Response{}, Got: &Response{Out: &Text{}}}} {
			var want bytes.Buffer
			enc := json.NewEncoder(&want)
			enc.SetEscapeHTML(false)
			enc.SetIndent("    ", "  ")
			if err := enc.Encode(&rec); err != nil {
				t.Fatal(err)
			}
			got, err := appendRecordJSON(nil, &rec)
			if err != nil {
				t.Fatal(err)
			}
			if w := bytes.TrimSuffix(want.Bytes(), []byte("\n")); !bytes.Equal(got, w) {
				t.Errorf("%q: appendRecordJSON wrote\n%s\nencoding/json wrote\n%s", s, got, w)
			}
		}
	}
}

// firstDiff describes where a and b first differ.
func firstDiff(a, b []byte) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	lo := max(0, i-200)
	return fmt.Sprintf("at byte %d of %d and %d:\n%s\n---\n%s", i, len(a), len(b), a[lo:min(len(a), i+100)], b[lo:min(len(b), i+100)])
}

// bothJSON returns what r.WriteJSON and r.Report().Write write.
func bothJSON(t *testing.T, r *Run) (got, want []byte) {
	t.Helper()
	var g, w bytes.Buffer
	if err := r.WriteJSON(&g); err != nil {
		t.Fatal(err)
	}
	if err := r.Report().Write(&w); err != nil {
		t.Fatal(err)
	}
	return g.Bytes(), w.Bytes()
}
