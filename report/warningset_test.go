package report

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"

	"github.com/pctest/pctest/vectors"
)

// A difference is one call of WarningSet.Add.
type difference struct {
	id       string
	req      vectors.Request
	rec, got vectors.Response
}

// openDifferences returns differences on inputs the spec leaves open (a
// lone surrogate before percentDecode's UTF-8 step), of two relations to
// the recommendation, eight of each: inputs of the same length, hex-case
// variants of one another, the same request under two vector ids.
func openDifferences() []difference {
	var ds []difference
	add := func(id, prefix string, errs bool) {
		var in []uint16
		for i := 0; i < len(prefix); i++ {
			in = append(in, uint16(prefix[i]))
		}
		in = append(in, 0xD800)
		rec := vectors.Response{OutHex: []byte(prefix + "\xed\xa0\x80")}
		got := vectors.Response{OutHex: []byte(prefix + "\xef\xbf\xbd")}
		if errs {
			got = vectors.Response{Error: vectors.ErrMalformedEscape}
		}
		ds = append(ds, difference{id, vectors.Request{Op: vectors.OpPercentDecode, In: in}, rec, got})
	}
	for _, p := range []string{"%4a", "%4b", "%4B", "aaaa", "zzzz", "yyyy"} {
		add("", p, false)
	}
	add("v2", "%4A", false)
	add("v1", "%4A", false)
	for _, p := range []string{"%4a", "%4A", "%4b", "%4B", "aaaa", "bbbb", "cccc", "dddd"} {
		add("", p, true)
	}
	return ds
}

// TestWarningSetOrderFree: the warnings, their examples and the order of
// both depend on the differences added, not on the order they come in
// (pctest fuzz's workers add theirs as their batches end).
func TestWarningSetOrderFree(t *testing.T) {
	ds := openDifferences()
	warnings := func(ds []difference) []Warning {
		var s WarningSet
		for _, d := range ds {
			s.Add(d.id, d.req, d.rec, d.got, nil)
		}
		return s.Warnings()
	}
	want := warnings(ds)
	if len(want) != 2 || want[0].Count != want[1].Count || len(want[0].Examples) != WarningExamples {
		t.Fatalf("want two warnings of the same count, each with %d examples; got %+v", WarningExamples, want)
	}
	// The least of each: the shortest inputs, in the order of their code
	// units ('%' < 'A' < 'a'), of hex-case variants the least, and of the
	// same request under two ids, the lesser id.
	wantEx := map[bool][]string{false: {"v1:%4A", ":%4B", ":aaaa"}, true: {":%4A", ":%4B", ":aaaa"}}
	for _, w := range want {
		var ins []string
		for _, e := range w.Examples {
			ins = append(ins, e.ID+":"+string(show16(e.Request.In[:len(e.Request.In)-1])))
		}
		errs := w.Examples[0].Got.Error != ""
		if diff := cmp.Diff(wantEx[errs], ins); diff != "" {
			t.Errorf("%s: examples (-want +got):\n%s", w.Title, diff)
		}
	}
	if t.Failed() {
		return
	}
	rapid.Check(t, func(t *rapid.T) {
		order := rapid.Permutation(ds).Draw(t, "order")
		if diff := cmp.Diff(want, warnings(order)); diff != "" {
			t.Fatalf("the same differences in another order give other warnings (-first +this order):\n%s", diff)
		}
	})
}

// show16 returns the ASCII code units u as a string.
func show16(u []uint16) string {
	b := make([]byte, len(u))
	for i, c := range u {
		b[i] = byte(c)
	}
	return string(b)
}
