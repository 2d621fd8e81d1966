package report

import (
	"bytes"
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
		var want, got bytes.Buffer
		if err := r.Report().Write(&want); err != nil {
			t.Fatal(err)
		}
		if err := r.WriteJSON(&got); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got.Bytes(), want.Bytes()) {
			t.Errorf("%s: WriteJSON wrote\n%s\nReport().Write wrote\n%s", name, got.Bytes(), want.Bytes())
		}
		if _, err := ReadRunReport(&got); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}
