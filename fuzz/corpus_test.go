package fuzz

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pctest/pctest/conformance"
	"github.com/pctest/pctest/report"
	"github.com/pctest/pctest/vectors"
)

// TestCorpus: a finding saved in a corpus is a vectors file of one vector
// named by its id, written once; the corpus reopened holds it, and its
// replay fails against the buggy implementation and passes against the
// fixed one.
func TestCorpus(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "corpus")
	c, err := OpenCorpus(dir)
	if err != nil || len(c.Vectors) != 0 {
		t.Fatalf("new corpus: %v, %d vectors", err, len(c.Vectors))
	}
	f := &report.Finding{Op: vectors.OpEncodeURIComponent, Kind: report.KindDisagreement,
		Request:  vectors.Request{Op: vectors.OpEncodeURIComponent, In: []uint16{'!'}},
		Expected: vectors.Response{Out: []uint16{'!'}}, Got: vectors.Response{Out: []uint16{'%', '2', '1'}}, Reproduced: true}
	v := FindingVector(f, "buggy")
	if !strings.HasPrefix(v.ID, "fuzz.encodeURIComponent.") || len(v.ID) != len("fuzz.encodeURIComponent.")+12 || v.Level != vectors.LevelMust || v.Ref == "" {
		t.Errorf("vector %+v", v)
	}
	path, added, err := c.Save(f, "buggy")
	if err != nil || !added || path != filepath.Join(dir, v.ID+".json") {
		t.Fatalf("Save: %q, %v, %v", path, added, err)
	}
	if _, added, err := c.Save(f, "other"); added || err != nil {
		t.Errorf("saved again: %v, %v", added, err)
	}
	if files, _ := os.ReadDir(dir); len(files) != 1 {
		t.Errorf("%d files in the corpus, want 1", len(files))
	}
	c, err = OpenCorpus(dir)
	if err != nil || len(c.Vectors) != 1 || c.Vectors[0].ID != v.ID || c.Vectors[0].File != path {
		t.Fatalf("reopened: %v, %+v", err, c.Vectors)
	}
	// A finding the user kept under a name of theirs is not written again
	// under its own: the corpus would hold its id twice and load no more.
	kept := filepath.Join(dir, "regression-bang.json")
	if err := os.Rename(path, kept); err != nil {
		t.Fatal(err)
	}
	if c, err = OpenCorpus(dir); err != nil {
		t.Fatal(err)
	}
	if p, added, err := c.Save(f, "buggy"); added || err != nil || p != kept {
		t.Errorf("saved again beside the renamed file: %q, %v, %v; want %q kept", p, added, err, kept)
	}
	if c, err = OpenCorpus(dir); err != nil || len(c.Vectors) != 1 {
		t.Fatalf("reopened after the renaming: %v, %d vectors", err, len(c.Vectors))
	}
	buggy := conformance.Funcs{EncodeURIComponent: func(s string) (string, error) { return strings.ReplaceAll(s, "!", "%21"), nil }}
	fixed := conformance.Funcs{EncodeURIComponent: func(s string) (string, error) { return s, nil }}
	for _, tc := range []struct {
		impl conformance.Implementation
		want report.Outcome
	}{{buggy, report.Failed}, {fixed, report.Passed}} {
		rs, err := c.Replay(context.Background(), tc.impl)
		if err != nil || len(rs) != 1 || rs[0].Outcome != tc.want {
			t.Errorf("replay: %v, %+v; want %v", err, rs, tc.want)
		}
	}

	// A finding on an input the spec leaves open keeps its level.
	open := &report.Finding{Op: vectors.OpPercentDecode, Request: vectors.Request{Op: vectors.OpPercentDecode, In: []uint16{'%'}},
		Expected: vectors.Response{Error: vectors.ErrMalformedEscape, Message: "m"}, Got: vectors.Response{OutHex: []byte("%")}}
	if v := FindingVector(open, "x"); v.Level != vectors.LevelImplementationDefined || v.Expect.Message != "" {
		t.Errorf("open input: %+v", v)
	}
}
