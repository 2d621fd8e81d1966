package main

import (
	"io"
	"time"

	"github.com/pctest/pctest/conformance"
	"github.com/pctest/pctest/report"
	"github.com/pctest/pctest/vectors"
)

// A runReport is everything a run's reports show (report.Run, which
// writes the text, JSON, JUnit and HTML reports).
type runReport = report.Run

// newRunReport returns the report of a run of impl, started at start.
func newRunReport(impl *implementation, start time.Time) *runReport {
	return &runReport{Impl: impl.Label, Argv: impl.Argv, Start: start, Suite: suiteVersion(), Protocol: protocolVersion}
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
