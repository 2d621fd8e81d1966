package main

import (
	"io"

	"github.com/pctest/pctest/conformance"
	"github.com/pctest/pctest/internal/cause"
	"github.com/pctest/pctest/testee"
	"github.com/pctest/pctest/vectors"
)

// summaryOf counts results by outcome, as every report counts them.
func summaryOf(results []conformance.Result) conformance.Summary {
	var s conformance.Summary
	s.AddResults(results)
	return s
}

// failureOf returns r as internal/cause sees it; a runner incident is
// named by its kind.
func failureOf(r *conformance.Result) cause.Failure {
	f := cause.Failure{ID: r.Vector.ID, Req: r.Vector.Request, Want: r.Vector.Expect, Got: r.Got, Ref: r.Vector.Ref}
	if r.Err != nil {
		f.NoAnswer, f.NoAnswerKind = r.Err.Error(), testee.Kind(r.Err)
	}
	return f
}

// causesOf groups the results that failed into causes, biggest first; a
// cause's Failures index results.
func causesOf(results []conformance.Result) (causes []cause.Cause, index []int) {
	var fs []cause.Failure
	for i := range results {
		if results[i].Outcome == conformance.Failed {
			fs = append(fs, failureOf(&results[i]))
			index = append(index, i)
		}
	}
	return cause.Group(fs), index
}

// why says in one line why a result failed as expected or passed
// unexpectedly, or "": a failure's line shows what was wanted and what
// came, and its reason would say it again.
func why(r *conformance.Result) string {
	switch r.Outcome {
	case conformance.ExpectedFailure, conformance.UnexpectedPass:
		return r.Reason
	case conformance.Differs:
		return "implementation-defined: the spec leaves this answer open, so this is not a failure"
	}
	return ""
}

// suiteVersion identifies the vectors a run used: the suite's release and
// a digest of the embedded vectors files (vectors.SuiteVersion), so that two
// reports with the same suite version ran the same vectors.
func suiteVersion() string { return vectors.SuiteVersion() }

// writeExpectedFailures writes the vectors of rep that failed, in the
// format -expect-fail reads (conformance.WriteExpectedFailures).
func writeExpectedFailures(w io.Writer, rep *runReport) error {
	return conformance.WriteExpectedFailures(w, rep.Results)
}
