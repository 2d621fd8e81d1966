package conformance

import (
	"errors"
	"fmt"
	"strings"

	"github.com/pctest/pctest/internal/cause"
)

// This file groups failing results into causes (package internal/cause)
// for the summaries that end Run and Check.

// failureOf returns r as internal/cause sees it.
func failureOf(r Result) cause.Failure {
	v := r.Vector
	f := cause.Failure{ID: v.ID, Req: v.Request, Want: v.Expect, Got: r.Got, Ref: v.Ref}
	if r.Err != nil {
		f.NoAnswer = r.Err.Error()
		var ae *AnswerError
		if errors.As(r.Err, &ae) {
			f.NoAnswerKind = ae.Kind
		}
	}
	return f
}

// relationOf returns the relation of r's expected and actual answers.
func relationOf(r Result) cause.Relation { return cause.Classify(failureOf(r)) }

// causesOf groups the results that failed (not the unexpected passes)
// into causes, biggest first.
func causesOf(results []Result) []cause.Cause {
	var fs []cause.Failure
	for _, r := range results {
		if r.Outcome == Failed {
			fs = append(fs, failureOf(r))
		}
	}
	return cause.Group(fs)
}

// summarize writes what the results of impl came to, for the end of Run
// and Check: the counts, the ops that were not provided, and the causes of
// the failures, biggest first.
func summarize(name string, results []Result, unprovided []string) string {
	var s Summary
	s.AddResults(results)
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %d of %d vectors fail: %s", name, s.Failed, s.Total(), s)
	if s.ExpectedFailures > 0 {
		fmt.Fprintf(&b, ", %d expected failures", s.ExpectedFailures)
	}
	if s.UnexpectedPasses > 0 {
		fmt.Fprintf(&b, " (%d of the failures are unexpected passes)", s.UnexpectedPasses)
	}
	if len(unprovided) > 0 {
		fmt.Fprintf(&b, "; ops not provided: %s", strings.Join(unprovided, ", "))
	}
	b.WriteString("\n")
	if cs := causesOf(results); len(cs) > 0 {
		cause.Write(&b, cs, "")
	}
	return strings.TrimRight(b.String(), "\n")
}
