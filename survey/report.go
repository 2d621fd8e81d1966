package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/pctest/pctest/internal/cause"
	"github.com/pctest/pctest/report"
	"github.com/pctest/pctest/vectors"
)

// A Report is everything REPORT.md and report.html show.
type Report struct {
	Generated time.Time
	Suite     string
	Vectors   int
	// Ops are the matrix's columns: every op some row other than the
	// reference answers.
	Ops  []string
	Rows []*RowReport
	// Bugs lists the causes judged bugs, with their rows.
	Bugs         []*BugLine
	Divergences  int
	CauseCount   int
	Unclassified int
	// ReferenceOps are the ops the reference answered: the ones fuzzing
	// covers.
	ReferenceOps []string
	// Repros are what the bugs' reproductions printed, by cause id
	// (survey/work/results/repro.json).
	Repros map[string]ReproResult
	// Pins are the installed versions of the testees' pinned Debian
	// packages, by pin (survey/work/results/debian.json).
	Pins map[string]string
	// Causes are every registry entry, seen in this run or not.
	Causes []*Cause
	// Upstream are the reports the libraries' trackers hold about
	// percent-encoding (each directory's upstream-reports.json).
	Upstream []UpstreamLine
	// root is the module's root.
	root string
	// Unavailable are implementations that were tried and cannot be had
	// here (survey/unavailable.json).
	Unavailable []Unavailable
}

// An Unavailable is an implementation of the survey's candidates that has
// no row, and why: it cannot be installed here, or cannot be driven.
type Unavailable struct {
	Name     string `json:"name"`
	Language string `json:"language"`
	Reason   string `json:"reason"`
}

// A RowReport is one row's results.
type RowReport struct {
	Row       *Row
	Meta      rowMeta
	Functions []Mapping
	// Listed is the library's functions.json: every public
	// percent-encoding function, mapped or excluded.
	Listed []Function
	Run    *Run
	Fuzz   *FuzzRun
	Cells  map[string]*report.Summary
	Total  report.Summary
	Groups []*Group
	// Absent says why the row has no results, when it has none.
	Absent string
}

// cellText writes a cell of the matrix: report.Cell, or "·" when nothing
// ran (no result, or only skipped ones).
func cellText(t *report.Summary) string {
	if t == nil || t.Ran() == 0 {
		return "·"
	}
	return report.Cell(*t)
}

// A Group is the divergences of one row that one cause explains (or that
// no cause does, when Cause is nil: then they are grouped by op and by the
// relation between the expected and the actual answer, Relation, as every
// pctest report groups failures; see internal/cause).
type Group struct {
	Cause    *Cause
	Relation *cause.Relation
	Results  []*Result
	Minimal  *Result
	Vectors  int // how many are vectors
	Fuzz     int // how many are fuzz findings
}

// A BugLine is a bug found in a third-party implementation.
type BugLine struct {
	Row   *RowReport
	Group *Group
}

// collect reads the results of every row and classifies the divergences.
func collect(l *layout, rows []Row, causes []*Cause) (*Report, error) {
	rep := &Report{Generated: time.Now().UTC(), Causes: causes, root: l.root}
	if data, err := os.ReadFile(filepath.Join(l.work, "results", "repro.json")); err == nil {
		if err := json.Unmarshal(data, &rep.Repros); err != nil {
			return nil, fmt.Errorf("survey/work/results/repro.json: %w", err)
		}
	}
	if data, err := os.ReadFile(filepath.Join(l.work, "results", "debian.json")); err == nil {
		if err := json.Unmarshal(data, &rep.Pins); err != nil {
			return nil, fmt.Errorf("survey/work/results/debian.json: %w", err)
		}
	}
	if err := decodeStrict(filepath.Join(l.root, "survey", "unavailable.json"), &rep.Unavailable); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	causeIDs := map[string]*Cause{}
	for _, c := range causes {
		causeIDs[c.ID] = c
	}
	seenDir := map[string]bool{}
	used := map[string]bool{}
	for i := range rows {
		r := &rows[i]
		rr := &RowReport{Row: r, Cells: map[string]*report.Summary{}}
		rep.Rows = append(rep.Rows, rr)
		if r.Dir != "" {
			m, err := loadMapping(filepath.Join(l.root, r.Dir))
			if err != nil && !errors.Is(err, fs.ErrNotExist) {
				return nil, err
			}
			for _, e := range m {
				if e.Variant == r.Variant {
					rr.Functions = append(rr.Functions, e)
				}
			}
			if list, errs := loadFunctions(filepath.Join(l.root, r.Dir), m); len(errs) == 0 {
				rr.Listed = list
			}
			if !seenDir[r.Dir] {
				seenDir[r.Dir] = true
				list, errs := loadUpstreamReports(filepath.Join(l.root, r.Dir), causeIDs)
				if len(errs) > 0 && !isMissing(errs) {
					return nil, errs[0]
				}
				for _, u := range list {
					rep.Upstream = append(rep.Upstream, UpstreamLine{Dir: filepath.Base(r.Dir), UpstreamReport: u})
				}
			}
		}
		data, err := os.ReadFile(l.resultFile(r, ".meta.json"))
		if errors.Is(err, fs.ErrNotExist) {
			rr.Absent = notRunYet
			continue
		} else if err != nil {
			return nil, err
		}
		if err := json.Unmarshal(data, &rr.Meta); err != nil {
			return nil, fmt.Errorf("%s: %w", l.resultFile(r, ".meta.json"), err)
		}
		if rr.Meta.Missing != "" {
			rr.Absent = "not installed: " + rr.Meta.Missing
			continue
		}
		data, err = os.ReadFile(l.resultFile(r, ".run.json"))
		if err == nil && len(data) > 0 {
			if rr.Run, err = parseRun(data); err != nil {
				return nil, fmt.Errorf("%s: %w", r.Name, err)
			}
		}
		if rr.Run == nil {
			msg, _ := os.ReadFile(l.resultFile(r, ".run.stderr"))
			rr.Absent = fmt.Sprintf("pctest run exited %d without a report: %s", rr.Meta.RunExit, strings.TrimSpace(firstLine(string(msg))+" "+rr.Meta.RunError))
			continue
		}
		if rep.Suite == "" {
			rep.Suite, rep.Vectors = rr.Run.Suite, rr.Run.Vectors
		}
		if data, err := os.ReadFile(l.resultFile(r, ".fuzz.json")); err == nil && rr.Meta.Fuzzed != "" {
			if len(data) == 0 {
				// pctest fuzz wrote no report: it could not fuzz (exit 2).
				msg, _ := os.ReadFile(l.resultFile(r, ".fuzz.stderr"))
				rr.Fuzz = &FuzzRun{NotRun: strings.TrimSpace(fmt.Sprintf("exit %d, no report: %s", rr.Meta.FuzzExit, lastLine(string(msg))))}
			} else if rr.Fuzz, err = parseFuzz(data); err != nil {
				return nil, fmt.Errorf("%s: fuzz output: %w", r.Name, err)
			}
		}
		var divergent []*Result
		for j := range rr.Run.Results {
			res := &rr.Run.Results[j]
			t := rr.Cells[string(res.Vector.Op)]
			if t == nil {
				t = &report.Summary{}
				rr.Cells[string(res.Vector.Op)] = t
			}
			t.Add(res.Outcome)
			rr.Total.Add(res.Outcome)
			if res.Outcome != report.Skipped && r.Impl != "reference" {
				used[string(res.Vector.Op)] = true
			}
			if res.failed() || res.Outcome == report.ExpectedFailure {
				divergent = append(divergent, res)
			}
		}
		if rr.Fuzz != nil {
			for j := range rr.Fuzz.Findings {
				divergent = append(divergent, &rr.Fuzz.Findings[j])
			}
		}
		rr.Groups = group(causes, r, divergent)
		for _, g := range rr.Groups {
			rep.Divergences += len(g.Results)
			if g.Cause == nil {
				rep.Unclassified += len(g.Results)
				continue
			}
			rep.CauseCount++
			if g.Cause.Verdict == VerdictBug && r.Impl != "reference" {
				rep.Bugs = append(rep.Bugs, &BugLine{Row: rr, Group: g})
			}
		}
	}
	for _, op := range vectors.Ops() {
		if used[string(op.Name)] {
			rep.Ops = append(rep.Ops, string(op.Name))
		}
	}
	rep.ReferenceOps = rep.referenceOps()
	return rep, nil
}

// group sorts divergent results into groups by cause, in the order of the
// causes, unexplained ones last, and picks each group's minimal example.
func group(causes []*Cause, row *Row, divergent []*Result) []*Group {
	byCause := map[*Cause]*Group{}
	byRelation := map[string]*Group{}
	var groups []*Group
	for _, res := range divergent {
		c := classify(causes, row, res)
		g := byCause[c]
		if c == nil {
			rel := res.relation()
			key := string(res.Vector.Op) + "\x00" + rel.Title
			if g = byRelation[key]; g == nil {
				g = &Group{Relation: &rel}
				byRelation[key] = g
				groups = append(groups, g)
			}
		} else if g == nil {
			g = &Group{Cause: c}
			byCause[c] = g
			groups = append(groups, g)
		}
		g.Results = append(g.Results, res)
		if res.Fuzz {
			g.Fuzz++
		} else {
			g.Vectors++
		}
		if g.Minimal == nil || smaller(res, g.Minimal) {
			g.Minimal = res
		}
	}
	index := func(c *Cause) int {
		if c == nil {
			return len(causes)
		}
		return slices.Index(causes, c)
	}
	slices.SortStableFunc(groups, func(a, b *Group) int {
		if d := index(a.Cause) - index(b.Cause); d != 0 {
			return d
		}
		return len(b.Results) - len(a.Results) // unclassified: biggest first
	})
	return groups
}

// Title names an unclassified group: its op and relation.
func (g *Group) Title() string {
	if g.Relation == nil {
		return "Unclassified"
	}
	return "Unclassified: " + string(g.Minimal.Vector.Op) + ": " + g.Relation.Title
}

// smaller orders examples: shorter input first, a vector before a fuzz
// finding, then by id.
func smaller(a, b *Result) bool {
	la, lb := inputLen(a.Vector.Request), inputLen(b.Vector.Request)
	if la != lb {
		return la < lb
	}
	if a.Fuzz != b.Fuzz {
		return !a.Fuzz
	}
	return a.Vector.ID < b.Vector.ID
}

func inputLen(r vectors.Request) int {
	if r.InHex != nil {
		return len(r.InHex)
	}
	return len(r.In)
}

// allOps returns every op name in the order of vectors.Ops.
func (rep *Report) allOps() []string {
	var names []string
	for _, op := range vectors.Ops() {
		names = append(names, string(op.Name))
	}
	return names
}

// provenance says when the report was written and when the rows it
// reports on ran: a report rewritten by -report-only is not a new run.
func (rep *Report) provenance(code func(string) string) string {
	var first, last time.Time
	for _, rr := range rep.Rows {
		if w := rr.Meta.When; !w.IsZero() {
			if first.IsZero() || w.Before(first) {
				first = w
			}
			if w.After(last) {
				last = w
			}
		}
	}
	s := "Written " + rep.Generated.Format("2006-01-02 15:04 UTC") + " from the results of " + code("make survey")
	switch {
	case first.IsZero():
	case first.Format("2006-01-02") == last.Format("2006-01-02"):
		s += fmt.Sprintf(" (rows run %s from %s to %s UTC)", first.UTC().Format("2006-01-02"), first.UTC().Format("15:04"), last.UTC().Format("15:04"))
	default:
		s += fmt.Sprintf(" (rows run from %s to %s)", first.UTC().Format("2006-01-02 15:04"), last.UTC().Format("2006-01-02 15:04 UTC"))
	}
	return s + "."
}

// fuzzed reports whether pctest fuzz ran on the row and wrote a report.
func (rr *RowReport) fuzzed() bool {
	return rr.Fuzz != nil && rr.Fuzz.NotRun == "" && rr.Meta.Fuzzed != ""
}

// fuzzFailed reports whether the row was to be fuzzed but pctest fuzz could
// not fuzz it.
func (rr *RowReport) fuzzFailed() bool { return rr.Fuzz != nil && rr.Fuzz.NotRun != "" }

// fuzzFailureText names the rows pctest fuzz could not fuzz, in a
// sentence ending with a space written with code, bold and esc (which
// escapes text), or returns "" when there are none.
func (rep *Report) fuzzFailureText(code, bold, esc func(string) string) string {
	var names []string
	for _, rr := range rep.Rows {
		if rr.Absent == "" && rr.fuzzFailed() {
			names = append(names, rr.Row.Name)
		}
	}
	if len(names) == 0 {
		return ""
	}
	return bold(code("pctest fuzz")+" could not fuzz "+plural(len(names), "row")) +
		" (" + esc(strings.Join(names, ", ")) + "): their score lines say so, and they are not counted clean. "
}

// fuzzTime returns the fuzzing time of the rows, "" if none was fuzzed,
// or "varied" if they differ.
func (rep *Report) fuzzTime() string {
	t := ""
	for _, rr := range rep.Rows {
		switch f := rr.Meta.Fuzzed; {
		case !rr.fuzzed() || rr.Absent != "":
		case t == "":
			t = f
		case t != f:
			return "varied"
		}
	}
	return t
}

// referenceOps returns the ops the reference row answered, or "none" when
// the reference did not run.
func (rep *Report) referenceOps() []string {
	for _, rr := range rep.Rows {
		if rr.Row.Impl != "reference" || rr.Absent != "" {
			continue
		}
		var ops []string
		for _, op := range rep.allOps() {
			if t := rr.Cells[op]; t != nil && t.Ran() > 0 {
				ops = append(ops, op)
			}
		}
		return ops
	}
	return []string{"none (the reference did not run)"}
}

// reportDir returns where the report goes: survey/, where the committed
// report is, when every row has results; otherwise (a run of some rows on
// a fresh clone, say) survey/work/report, so that a partial survey never
// overwrites the whole one.
func (l *layout) reportDir(rep *Report) (dir string, whole bool) {
	for _, rr := range rep.Rows {
		if rr.Absent == notRunYet {
			return filepath.Join(l.work, "report"), false
		}
	}
	return filepath.Join(l.root, "survey"), true
}

// notRunYet is the Absent of a row with no results in survey/work.
const notRunYet = "not run yet: run `make survey`"

// writeReports writes REPORT.md, report.html, results.json and a page per
// bug (bugs/ID.md) into dir, and removes the pages of bugs no longer
// there.
func writeReports(dir string, rep *Report) error {
	if err := os.MkdirAll(filepath.Join(dir, "bugs"), 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "REPORT.md"), []byte(markdown(rep)), 0o644); err != nil {
		return err
	}
	f, err := os.Create(filepath.Join(dir, "report.html"))
	if err != nil {
		return err
	}
	if err := writeHTML(f, rep); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if err := writeSummary(filepath.Join(dir, "results.json"), rep.summary()); err != nil {
		return err
	}
	return writeBugPages(filepath.Join(dir, "bugs"), rep)
}
