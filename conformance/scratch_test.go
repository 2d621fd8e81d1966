package conformance

import (
	"context"
	"testing"
)

func TestScratch(t *testing.T) {
	for _, impl := range []Implementation{Reference(), Goja(), NetURL()} {
		rs, err := Results(context.Background(), impl)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range Summarize(rs) {
			t.Logf("%s %+v", impl.Name(), s)
		}
		n := 0
		for _, r := range rs {
			if r.Outcome.Fails() || r.Outcome == ExpectedFailure {
				if n < 8 {
					t.Log(FormatFailure(r))
				}
				n++
			}
		}
	}
}

func TestScratchNetURL(t *testing.T) {
	rs, _ := Results(context.Background(), NetURL())
	for _, s := range Summarize(rs) {
		if s.Skipped < s.Total() {
			t.Logf("%+v", s)
		}
	}
	for _, r := range rs {
		if r.Outcome.Fails() {
			t.Log(FormatFailure(r))
		}
	}
}

func TestScratchLaws(t *testing.T) {
	Laws(t, Reference())
	Laws(t, Goja())
	Laws(t, NetURL())
}

func TestScratchDiff(t *testing.T) {
	Differential(t, Goja(), Reference())
	Differential(t, NetURL(), Reference())
}
