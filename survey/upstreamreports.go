package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// An UpstreamReport is one report about percent-encoding found in a
// library's tracker or repository (a testee directory's
// upstream-reports.json): what it says goes wrong, a minimal input, the
// versions affected, its status, and whether the survey finds it.
type UpstreamReport struct {
	URL       string `json:"url"`
	Title     string `json:"title"`
	Function  string `json:"function"`
	Behaviour string `json:"behaviour"`
	Input     string `json:"input"`
	Expected  string `json:"expected,omitempty"`
	Actual    string `json:"actual,omitempty"`
	Versions  string `json:"versions"`
	Status    string `json:"status"`
	// Scope is "in" when an op's spec covers the behaviour, "out" when
	// none does; Why says which op, or why none.
	Scope string `json:"scope"`
	Why   string `json:"why"`
	// SurveyedAffected says whether the surveyed version has it.
	SurveyedAffected *bool `json:"surveyed_affected,omitempty"`
	// Survey says, for a report in scope, how the survey stands to it:
	// the id of the registry entry that finds it (and, after it, a
	// remark in parentheses), or why it does not: "fixed before the
	// surveyed version", "disputed upstream …", "no divergence: …" (the
	// library does what the spec asks), "seen, not judged: …" (only on
	// implementation-defined inputs), "not affected: …" (not in the
	// surveyed version), "missed: …".
	Survey string `json:"survey,omitempty"`
}

// How the survey stands to a report in scope.
const (
	reportFound         = "found"
	reportFixedBefore   = "fixed before the surveyed version"
	reportDisputed      = "disputed upstream"
	reportMissed        = "missed"
	reportNotApplicable = "not affected"
	// reportNoDivergence: the library does what the spec asks, and the
	// report asks for something else.
	reportNoDivergence = "no divergence"
	// reportNotJudged: the survey sees it on vectors whose expected
	// value is implementation-defined, which no verdict judges.
	reportNotJudged = "seen, not judged"
)

// standing returns how the survey stands to r and, when it finds it, the
// id of the entry that does.
func (r *UpstreamReport) standing() (kind, id string) {
	s := strings.TrimSpace(r.Survey)
	switch {
	case strings.HasPrefix(s, reportFixedBefore):
		return reportFixedBefore, ""
	case strings.HasPrefix(s, reportDisputed):
		return reportDisputed, ""
	case strings.HasPrefix(s, "missed"):
		return reportMissed, ""
	case strings.HasPrefix(s, reportNoDivergence):
		return reportNoDivergence, ""
	case strings.HasPrefix(s, reportNotJudged):
		return reportNotJudged, ""
	case strings.HasPrefix(s, reportNotApplicable):
		return reportNotApplicable, ""
	case r.SurveyedAffected != nil && !*r.SurveyedAffected && !strings.Contains(s, "."):
		return reportNotApplicable, ""
	}
	id, _, _ = strings.Cut(s, " ")
	return reportFound, strings.TrimSuffix(id, ",")
}

// An UpstreamReportError is an entry of an upstream-reports.json that is
// wrong.
type UpstreamReportError struct {
	File, URL, Reason string
}

// Error returns "file: url: reason".
func (e *UpstreamReportError) Error() string {
	return fmt.Sprintf("%s: %s: %s", e.File, e.URL, e.Reason)
}

// loadUpstreamReports reads dir/upstream-reports.json and checks each
// report: its fields, and for one in scope, how the survey stands to it,
// where a report said found names an entry that exists (causes by id).
func loadUpstreamReports(dir string, causes map[string]*Cause) ([]UpstreamReport, []error) {
	name := filepath.Join(dir, "upstream-reports.json")
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, []error{err}
	}
	var list []UpstreamReport
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&list); err != nil {
		return nil, []error{&UpstreamReportError{File: name, Reason: err.Error()}}
	}
	var errs []error
	for _, r := range list {
		fail := func(format string, args ...any) {
			errs = append(errs, &UpstreamReportError{File: name, URL: r.URL, Reason: fmt.Sprintf(format, args...)})
		}
		switch {
		case !strings.HasPrefix(r.URL, "https://"):
			fail("url is not an https link")
		case r.Behaviour == "" || r.Status == "" || r.Versions == "":
			fail("behaviour, versions and status are required")
		case r.Scope != "in" && r.Scope != "out":
			fail("scope %q is neither in nor out", r.Scope)
		case r.Why == "":
			fail("why: say which op covers it, or why none does")
		case r.Scope == "in" && r.Input == "":
			fail("a report in scope needs a minimal input")
		case r.Scope == "in" && r.Survey == "":
			fail("a report in scope says how the survey stands to it (survey)")
		}
		if r.Scope != "in" {
			continue
		}
		if kind, id := r.standing(); kind == reportFound && causes[id] == nil {
			fail("survey %q names no registry entry: give the entry's id, or %q, %q, \"no divergence: why\" or \"missed: why\"", r.Survey, reportFixedBefore, reportDisputed+" (link)")
		}
	}
	return list, errs
}
