package report

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/pctest/pctest/vectors"
)

// incidentError is an error that names its kind, as the testee's do.
type incidentError struct{ kind string }

func (e incidentError) Error() string        { return e.kind + ": the testee went away" }
func (e incidentError) IncidentKind() string { return e.kind }

// TestRunReportRoundTrip writes a run's JSON report and reads it back:
// the same report, and each result's request and answers as they were,
// lone surrogates and empty octets included.
func TestRunReportRoundTrip(t *testing.T) {
	r := levelRun()
	r.Argv = []string{"./testee"}
	r.Incidents = Incidents{Crashes: 1, Restarts: 1}
	r.Stale = []Stale{{File: "x.txt", Line: 2, ID: "gone", Message: "x.txt:2: gone names no vector"}}
	r.Results = append(r.Results,
		Result{Outcome: Failed, Vector: vectors.Vector{ID: "l.lone", Level: vectors.LevelMust,
			Request: vectors.Request{Op: "encodeURI", In: []uint16{0xD800, 'a'}}, Expect: vectors.Response{Error: vectors.ErrURIError}},
			Got: vectors.Response{Out: []uint16{0xD800, 'a'}}},
		Result{Outcome: Failed, Err: incidentError{"crash"}, Vector: vectors.Vector{ID: "l.octets", Level: vectors.LevelMust,
			Request: vectors.Request{Op: "percentEncode", InHex: []byte{}}, Expect: vectors.Response{Out: []uint16{}}}})
	want := r.Report()
	var b bytes.Buffer
	if err := want.Write(&b); err != nil {
		t.Fatal(err)
	}
	got, err := ReadRunReport(&b)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("read back (-written +read):\n%s", diff)
	}
	for i, rec := range got.Results {
		res := &r.Results[i]
		if diff := cmp.Diff(res.Vector.Request, rec.Request()); diff != "" {
			t.Errorf("%s: request (-want +got):\n%s", rec.ID, diff)
		}
		if diff := cmp.Diff(res.Vector.Expect, rec.Expected.Response()); diff != "" {
			t.Errorf("%s: expected (-want +got):\n%s", rec.ID, diff)
		}
		if res.Outcome != Passed && res.Err == nil {
			if diff := cmp.Diff(res.Got, rec.Got.Response()); diff != "" {
				t.Errorf("%s: got (-want +got):\n%s", rec.ID, diff)
			}
		}
	}
	titles := map[string]string{}
	for _, c := range got.Causes {
		for _, id := range c.IDs {
			titles[id] = c.Title
		}
	}
	if titles["l.octets"] != "no answer: crash" {
		t.Errorf("the crash's cause is %q, want no answer named by its kind", titles["l.octets"])
	}
}

// TestReadRejects checks that what is not a report is refused, with an
// error that says what is wrong.
func TestReadRejects(t *testing.T) {
	for _, tc := range []struct {
		doc, want string
		fuzz      bool
	}{
		{`[]`, "at byte 0: want a JSON object, got []", false},
		{`null`, "want a JSON object, got null", false},
		{"  {\"a\": [1,}", "at byte 12: invalid character '}'", false}, // offsets count the leading space
		{`  {}`, "run_info: no implementation", false},
		{`{}`, "fuzz_info: no implementation", true},
		{`{"run_info": {"implementation": "x"}, "summary": {"passed": 613}, "results": []}`, "summary: counts 613 vectors", false},
		{`{"run_info": {"implementation": "x"}, "summary": {"passed": 1}, "results": [{"id": "a", "op": "encodeURI", "status": "pass", "in": "a"}]} GARBAGE{`, "at byte 138: more after the report's object", false},
		{`{"run_info": {"implementation": "x"}, "summary": {"passed": 2}, "results": [{"id": "a", "op": "encodeURI", "status": "pass", "in": "a"}, {"id": "a", "op": "encodeURI", "status": "pass", "in": "a"}]}`, "result a: a second result", false},
		{`{"run_info": {"implementation": 1}}`, "at byte 33: json: cannot unmarshal number", false},
		{`{"results": [{"op": "encodeURI", "status": "pass"}]}`, "result 1: no id", false},
		{`{"results": [{"id": "a", "op": "encodeURI", "status": "passed"}]}`, `unknown outcome "passed"`, false},
		{`{"results": [{"id": "a", "op": "encodeURI"}]}`, "result a: no status", false},
		{`{"results": [{"id": "a", "op": "encodeURI", "status": "pass", "in": "x", "in_hex": "78"}]}`, "both in and in_hex", false},
		{`{"results": [{"id": "a", "op": "percentEncode", "status": "pass", "in_hex": "7"}]}`, "odd length hex string", false},
		{`{"summary": {"findings": 1}, "findings": []}`, "summary.findings is 1, but 0 findings follow", true},
		{`{"summary": {"findings": 1}, "findings": [{"op": "encodeURI", "request": {"op": "decodeURI", "in": "a"}, "actual": {"out": "a"}}]}`, `op "encodeURI", but its request's op is "decodeURI"`, true},
		{`{"summary": {"findings": 1}, "findings": [{"op": "encodeURI", "request": {"op": "encodeURI", "in": "a"}}]}`, "neither actual nor error", true},
	} {
		var err error
		if tc.fuzz {
			_, err = ReadFuzzReport(strings.NewReader(tc.doc))
		} else {
			_, err = ReadRunReport(strings.NewReader(tc.doc))
		}
		var re *ReadError
		if !errors.As(err, &re) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want a *ReadError saying %q", tc.doc, err, tc.want)
		}
	}
}

// TestErrorKind checks that the kind of an error that stood in for an
// answer is found through wrapping, and that other errors have none.
func TestErrorKind(t *testing.T) {
	got := []string{
		ErrorKind(incidentError{"timeout"}),
		ErrorKind(errors.Join(errors.New("while fuzzing"), incidentError{"crash"})),
		ErrorKind(&RecordedError{Message: "x", Kind: "protocol"}),
		ErrorKind(errors.New("other")),
	}
	if diff := cmp.Diff([]string{"timeout", "crash", "protocol", ""}, got); diff != "" {
		t.Errorf("kinds (-want +got):\n%s", diff)
	}
}
