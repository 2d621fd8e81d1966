package report

import (
	"strings"
	"testing"
)

// TestCorpusSavedSaysHowToRun: the line of the saved findings gives the
// command that runs them, with -level implementation-defined when some are
// findings on inputs the spec leaves open (a plain run does not judge
// those), and says "finding" of one.
func TestCorpusSavedSaysHowToRun(t *testing.T) {
	for _, tc := range []struct {
		c    CorpusReplay
		want string
	}{
		{CorpusReplay{Dir: "corp", Saved: []string{"corp/a.json"}}, "corpus corp: 1 new finding saved (pctest run -vectors corp runs them all)\n"},
		{CorpusReplay{Dir: "my corp", Saved: []string{"a", "b"}, SavedOpen: true}, "corpus my corp: 2 new findings saved (pctest run -level must,should,implementation-defined -vectors 'my corp' runs them all)\n"},
		{CorpusReplay{Dir: "corp"}, ""},
	} {
		var b strings.Builder
		tc.c.writeSaved(&b)
		if b.String() != tc.want {
			t.Errorf("got %q, want %q", b.String(), tc.want)
		}
	}
}
