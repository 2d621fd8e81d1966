package main

import (
	"encoding/json"
	"maps"
	"os"
	"slices"
	"time"

	"github.com/pctest/pctest/vectors"
)

// A Summary is survey/results.json: what the last full survey found, for
// programs (survey/results.schema.json, beside the schemas of the
// survey's other files). It is committed beside REPORT.md,
// so that the tests can hold the registries to the results they were
// written for: every divergence charged to a cause shows that cause's
// relation.
type Summary struct {
	Generated time.Time `json:"generated"`
	Suite     string    `json:"suite"`
	// Debian gives, for each Debian pin of a testee.json (a version may
	// end in '*'), the exact version installed.
	Debian map[string]string `json:"debian,omitempty"`
	Rows   []SummaryRow      `json:"rows"`
}

// A SummaryRow is one row's results.
type SummaryRow struct {
	Name string `json:"name"`
	// Version is what the row's version command printed; Debian the
	// installed versions of its Debian packages.
	Version string   `json:"version,omitempty"`
	Debian  []string `json:"debian,omitempty"`
	// Absent says why the row has no results.
	Absent string `json:"absent,omitempty"`
	// Fuzzed is how long pctest fuzz ran (a time, or "N cases" for a row
	// fuzzed on a case budget), "" if it did not.
	Fuzzed string `json:"fuzzed,omitempty"`
	// FuzzNotRun says why pctest fuzz could not fuzz the row, when it was
	// to be fuzzed and wrote no report.
	FuzzNotRun string           `json:"fuzz_not_run,omitempty"`
	Groups     []SummaryGroup   `json:"groups,omitempty"`
	Ops        map[string]Tally `json:"ops,omitempty"`
}

// A Tally counts a row's vectors of one op by outcome.
type Tally struct {
	Passed           int `json:"passed"`
	Failed           int `json:"failed"`
	Skipped          int `json:"skipped"`
	ExpectedFailures int `json:"expected_failures"`
}

// A SummaryGroup is the divergences of a row that one cause explains (or,
// with Cause "", that none does, of one op and relation).
type SummaryGroup struct {
	Cause string `json:"cause"`
	// Relations counts the group's divergences by their relation
	// (internal/cause.Classify), by relation id.
	Relations map[string]int `json:"relations"`
	Vectors   int            `json:"vectors"`
	Fuzz      int            `json:"fuzz"`
	// Example is the group's minimal divergence.
	Example SummaryExample `json:"example"`
}

// A SummaryExample is one divergence, in the forms a registry's patterns
// see (vectors.InputForm, vectors.AnswerForm).
type SummaryExample struct {
	ID   string     `json:"id"`
	Op   vectors.Op `json:"op"`
	In   string     `json:"in"`
	Want string     `json:"want"`
	Got  string     `json:"got"`
}

// summary returns the report's Summary.
func (rep *Report) summary() *Summary {
	s := &Summary{Generated: rep.Generated, Suite: rep.Suite, Debian: rep.Pins, Rows: []SummaryRow{}}
	for _, rr := range rep.Rows {
		sr := SummaryRow{Name: rr.Row.Name, Version: rr.Meta.Version, Debian: rr.Meta.Debian, Absent: rr.Absent, Fuzzed: rr.Meta.Fuzzed}
		if !rr.fuzzed() {
			sr.Fuzzed = ""
		}
		if rr.fuzzFailed() {
			sr.FuzzNotRun = rr.Fuzz.NotRun
		}
		if len(rr.Cells) > 0 {
			sr.Ops = map[string]Tally{}
		}
		for _, op := range slices.Sorted(maps.Keys(rr.Cells)) {
			c := rr.Cells[op]
			sr.Ops[op] = Tally{Passed: c.Passed, Failed: c.Failed, Skipped: c.Skipped, ExpectedFailures: c.ExpectedFailures}
		}
		for _, g := range rr.Groups {
			sg := SummaryGroup{Relations: map[string]int{}, Vectors: g.Vectors, Fuzz: g.Fuzz}
			if g.Cause != nil {
				sg.Cause = g.Cause.ID
			}
			for _, r := range g.Results {
				sg.Relations[r.relation().ID]++
			}
			ex := g.Minimal
			sg.Example = SummaryExample{ID: ex.Vector.ID, Op: ex.Vector.Op, In: vectors.InputForm(ex.Vector.Request), Want: vectors.AnswerForm(ex.Vector.Expect, ""), Got: vectors.AnswerForm(ex.Got, ex.incident())}
			sr.Groups = append(sr.Groups, sg)
		}
		s.Rows = append(s.Rows, sr)
	}
	return s
}

// writeSummary writes s to name, indented, one group per line group.
func writeSummary(name string, s *Summary) error {
	data, err := json.MarshalIndent(s, "", " ")
	if err != nil {
		return err
	}
	return os.WriteFile(name, append(data, '\n'), 0o644)
}

// readSummary reads a Summary, refusing unknown fields.
func readSummary(name string) (*Summary, error) {
	s := &Summary{}
	if err := decodeStrict(name, s); err != nil {
		return nil, err
	}
	return s, nil
}
