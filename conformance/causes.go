package conformance

import (
	"fmt"
	"strings"

	"github.com/pctest/pctest/report"
)

// summarize writes what the results of impl came to, for the end of Run
// and Check: the counts, the ops that were not provided, and the causes of
// the failures (report.WriteCauses), by level, must first, then biggest
// first.
func summarize(name string, results []report.Result, unprovided []string) string {
	s := report.SummaryOf(results)
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
	report.WriteCauses(&b, results, "")
	return strings.TrimRight(b.String(), "\n")
}
