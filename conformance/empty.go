package conformance

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/pctest/pctest/report"
	"github.com/pctest/pctest/vectors"
)

// An EmptyError says a run judged nothing: every vector or case was
// skipped, or none was selected. Such a run does not pass (pctest exits 2)
// unless asked to (pctest run's and pctest fuzz's -allow-empty; for a run
// of package fuzz, its AllowEmpty option).
type EmptyError struct {
	// What ran out: "vectors" or "cases".
	What string
	// Selected is how many were selected; Declined are the ops the
	// implementation answered "unsupported" for every time.
	Selected int
	Declined []vectors.Op
	// Selection says how they were selected (the flags), if at all.
	Selection string
	// Open is how many of them are implementation-defined vectors that ran
	// and were not judged (the spec leaves their answer open).
	Open int
	// TimeUp says the run's time ran out before anything was judged.
	TimeUp bool
	// Unanswered says the implementation answered none of the Selected
	// requests it was sent: every one failed with an error.
	Unanswered bool
}

// Error names the likely cause: the selection, or the ops declined.
func (e *EmptyError) Error() string {
	switch {
	case e.Unanswered:
		return fmt.Sprintf("no %s judged: the implementation answered none of the %d requests sent (every one failed with an error)", e.What, e.Selected)
	case e.TimeUp && len(e.Declined) == 0:
		return fmt.Sprintf("no %s judged: the run's time ran out before any was answered (%d sent); give it more time", e.What, e.Selected)
	case e.Selected == 0 && e.Selection != "":
		return fmt.Sprintf("no %s judged: none matches the selection (%s)", e.What, e.Selection)
	case e.Selected == 0:
		return fmt.Sprintf("no %s judged: none selected", e.What)
	case e.Open > 0 && len(e.Declined) == 0:
		return fmt.Sprintf("no %s judged: the %d that ran are implementation-defined, whose answer the spec leaves open, and are not judged (-level implementation-defined judges them; -allow-empty accepts an empty run)", e.What, e.Open)
	}
	var names []string
	for _, op := range e.Declined {
		names = append(names, string(op))
	}
	return fmt.Sprintf("no %s judged: the testee answered \"unsupported\" to all %d, of the ops %s; if it implements them, check the op names it expects against PROTOCOL.md §3 (-allow-empty accepts an empty run)",
		e.What, e.Selected, strings.Join(names, ", "))
}

// CheckJudged returns an *EmptyError when results judged no vector: none
// was selected (selection says how they were selected, for the message),
// or the implementation answered "unsupported" to every one, or the only
// ones it answered are implementation-defined vectors, which are not
// judged (report.Agrees, report.Differs). A run that judged nothing does
// not pass.
func CheckJudged(results []report.Result, selection string) error {
	declined := map[vectors.Op]bool{}
	open := 0
	for i := range results {
		switch results[i].Outcome {
		case report.Skipped:
			declined[results[i].Vector.Op] = true
		case report.Agrees, report.Differs:
			open++
		default:
			return nil
		}
	}
	return &EmptyError{What: "vectors", Selected: len(results), Declined: slices.Sorted(maps.Keys(declined)), Selection: selection, Open: open}
}
