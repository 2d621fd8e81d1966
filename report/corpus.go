package report

import (
	"fmt"
	"io"

	"github.com/pctest/pctest/internal/show"
)

// This file holds what a fuzz report says of its corpus (pctest fuzz
// -corpus DIR): the earlier findings replayed before fuzzing, which of them
// still fail and which now pass, and the findings saved.

// A CorpusReplay is a fuzz report's corpus: the directory, what replaying
// its vectors came to, and the files of the findings saved in it.
type CorpusReplay struct {
	Dir string `json:"dir"`
	// Replayed counts the corpus's vectors, run before fuzzing.
	Replayed int `json:"replayed"`
	// StillFailing are the earlier findings that failed again; each fails
	// the run. NowPassing passed: fixed since they were found. Skipped
	// were declined (the op is not supported now).
	StillFailing []CorpusEntry `json:"still_failing"`
	NowPassing   []CorpusEntry `json:"now_passing"`
	Skipped      []CorpusEntry `json:"skipped"`
	// Saved are the files of this run's findings written to the corpus;
	// a finding already in it is not written again.
	Saved []string `json:"saved"`
	// SavedOpen says that some of Saved are implementation-defined vectors
	// (findings on inputs the spec leaves open), which a run judges only
	// with -level implementation-defined.
	SavedOpen bool `json:"-"`

	results []Result // of the replay, for the text report
	repro   Repro
}

// A CorpusEntry is one vector of the corpus as its replay went: its id and
// where it stands, and, for one that failed, the request line and the
// command that reruns it.
type CorpusEntry struct {
	ID          string  `json:"id"`
	File        string  `json:"file"`
	Line        int     `json:"line"`
	Status      Outcome `json:"status"`
	RequestLine string  `json:"request_line,omitempty"`
	Rerun       string  `json:"rerun,omitempty"`
}

// NewCorpusReplay sums up the replay of the corpus in dir, results the
// results of its vectors; p says how to rerun one.
func NewCorpusReplay(dir string, results []Result, p Repro) *CorpusReplay {
	c := &CorpusReplay{Dir: dir, Replayed: len(results), StillFailing: []CorpusEntry{}, NowPassing: []CorpusEntry{}, Skipped: []CorpusEntry{}, Saved: []string{},
		results: results, repro: p}
	for i := range results {
		o := &results[i]
		v := &o.Vector
		e := CorpusEntry{ID: v.ID, File: v.File, Line: v.Line, Status: o.Outcome}
		switch {
		case o.Outcome.Fails() || o.Outcome == ExpectedFailure:
			e.RequestLine, e.Rerun = p.RequestLine(v.Request), p.Rerun(v, v.File, true)
			c.StillFailing = append(c.StillFailing, e)
		case o.Outcome == Skipped:
			c.Skipped = append(c.Skipped, e)
		default:
			c.NowPassing = append(c.NowPassing, e)
		}
	}
	return c
}

// Fails reports whether an earlier finding failed again.
func (c *CorpusReplay) Fails() bool { return c != nil && len(c.StillFailing) > 0 }

// writeReplay writes what the replay came to, as the fuzz text report
// starts: a line of counts, each finding that still fails as a run
// report's failure (with its request line and rerun command), and each
// that now passes by its id and file.
func (c *CorpusReplay) writeReplay(w io.Writer) {
	if c.Replayed == 0 {
		fmt.Fprintf(w, "corpus %s: no earlier findings to replay\n", c.Dir)
		return
	}
	fmt.Fprintf(w, "corpus %s: %s replayed: %d still fail, %d now pass, %d skipped (unsupported)\n",
		c.Dir, show.Count(c.Replayed, "earlier finding", "earlier findings"), len(c.StillFailing), len(c.NowPassing), len(c.Skipped))
	for i := range c.results {
		o := &c.results[i]
		if o.Outcome.Fails() || o.Outcome == ExpectedFailure {
			fmt.Fprintln(w, Line(o))
			fmt.Fprintf(w, "  request: %s\n  rerun:   %s\n", c.repro.RequestLine(o.Vector.Request), c.repro.Rerun(&o.Vector, o.Vector.File, true))
		}
	}
	for _, e := range c.NowPassing {
		fmt.Fprintf(w, "NOW PASSES %s (%s): fixed since it was found; keep the file as a regression vector, or delete it\n", e.ID, e.File)
	}
}

// writeSaved writes how many findings were saved in the corpus.
func (c *CorpusReplay) writeSaved(w io.Writer) {
	if len(c.Saved) == 0 {
		return
	}
	noun := "findings"
	if len(c.Saved) == 1 {
		noun = "finding"
	}
	how := "pctest run -vectors " + show.Command([]string{c.Dir})
	if c.SavedOpen {
		how = "pctest run -level must,should,implementation-defined -vectors " + show.Command([]string{c.Dir})
	}
	fmt.Fprintf(w, "corpus %s: %d new %s saved (%s runs them all)\n", c.Dir, len(c.Saved), noun, how)
}
