package main

import (
	"io"

	"github.com/pctest/pctest/conformance"
)

// outcomeOf turns a conformance result into an outcome.
func outcomeOf(r conformance.Result) outcome {
	o := outcome{Vector: r.Vector, Got: r.Got, Err: r.Err, Why: r.Reason}
	switch r.Status {
	case conformance.Passed:
		o.Status = statusPass
	case conformance.Skipped:
		o.Status = statusSkip
	case conformance.ExpectedFail:
		o.Status = statusXFail
	case conformance.UnexpectedPass:
		o.Status = statusXPass
	default:
		o.Status = statusFail
	}
	return o
}

// suiteVersion returns the version of the vectors.
func suiteVersion() string { return "dev" }

// writeExpectedFailures writes rep's failures in the -expect-fail format.
func writeExpectedFailures(w io.Writer, rep *runReport) error { return nil }
