package report

import (
	"cmp"
	"errors"
	"slices"

	"github.com/pctest/pctest/internal/cause"
	"github.com/pctest/pctest/internal/show"
)

// An incident is an error that stands in for an answer and says what kind
// of incident it is: conformance.AnswerError ("panic", "output", "input")
// and the runner errors of package testee ("crash", "timeout",
// "protocol", "start").
type incident interface {
	IncidentKind() string
}

// ErrorKind names the kind of err, an error that stood in for an answer:
// the IncidentKind of the first error in its chain that has one, such as
// "panic", "crash" or "timeout", or "" when none has.
func ErrorKind(err error) string {
	var k incident
	if errors.As(err, &k) {
		return k.IncidentKind()
	}
	return ""
}

// failure returns r as package internal/cause sees it, for Classify and
// Group: the one adapter of every report.
func failure(r *Result) cause.Failure {
	v := &r.Vector
	f := cause.Failure{ID: v.ID, Req: v.Request, Want: v.Expect, Got: r.Got, Ref: v.Ref, Level: v.Level}
	if r.Err != nil {
		f.NoAnswer, f.NoAnswerKind = r.Err.Error(), ErrorKind(r.Err)
	}
	return f
}

// Relation returns the relation of r's expected and actual answers (or of
// the error that stood in for the answer): its stable id, such as
// "lowercase-hex", its title in words, and the spec step it departs from.
func (r *Result) Relation() (id, title, step string) {
	rel := cause.Classify(failure(r))
	return rel.ID, rel.Title, rel.Step
}

// groupCauses groups the results that failed (not the unexpected passes)
// into causes, in the order of cause.Group: by level, must first, then
// biggest first. A cause's Failures index the returned index, whose
// elements index results.
func groupCauses(results []Result) (causes []cause.Cause, index []int) {
	var fs []cause.Failure
	for i := range results {
		if results[i].Outcome == Failed {
			fs = append(fs, failure(&results[i]))
			index = append(index, i)
		}
	}
	return cause.Group(fs), index
}

// Causes groups the results that failed (not the unexpected passes) into
// causes, as every report lists them: one op, one level and one relation
// between the expected and the actual answer, by level (must, should,
// implementation-defined), then biggest first. Every failed result is in
// exactly one cause.
func Causes(results []Result) []Cause {
	cs, index := groupCauses(results)
	out := []Cause{}
	for _, c := range cs {
		jc := Cause{Op: c.Op, Level: c.Level, Relation: c.Relation.ID, Title: c.Relation.Title, Step: c.Step(), Count: c.Count(), Example: c.Example.ID}
		for _, k := range c.Failures {
			jc.IDs = append(jc.IDs, results[index[k]].Vector.ID)
		}
		out = append(out, jc)
	}
	return out
}

// ByLevel returns the indexes of results in the order the reports list
// them: by level, must first (show.LevelRank), and in the order of
// results within a level.
func ByLevel(results []Result) []int {
	order := make([]int, len(results))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		return cmp.Compare(show.LevelRank(results[a].Vector.Level), show.LevelRank(results[b].Vector.Level))
	})
	return order
}
