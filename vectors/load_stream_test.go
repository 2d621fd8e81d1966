package vectors

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestLoadFileStreamsAsParsed: LoadFile, which reads each vector as the
// parser reaches it, returns for every embedded file what the parse tree
// of the whole file gives, vector by vector.
func TestLoadFileStreamsAsParsed(t *testing.T) {
	for _, name := range files {
		data, err := ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		got, err := LoadFile(name, data)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		top, err := parseJSON(data)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		list, _ := member(top, "vectors")
		if len(list.elems) != len(got) {
			t.Fatalf("%s: %d vectors, the parse tree has %d", name, len(got), len(list.elems))
		}
		lines := lineIndex(data)
		for i, e := range list.elems {
			want, err := vectorFromJSON(e)
			if err != nil {
				t.Fatalf("%s: vector %d: %v", name, i, err)
			}
			want.File, want.Line = name, lines.line(e.off)
			if diff := cmp.Diff(want, got[i]); diff != "" {
				t.Fatalf("%s: vector %d (-parse tree +LoadFile):\n%s", name, i, diff)
			}
		}
	}
}
