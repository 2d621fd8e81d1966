package main

import (
	"fmt"
	"maps"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/pctest/pctest/vectors"
)

// The consistency tests hold the registries (vectors/deviations.json,
// survey/verdicts.json, survey/testees/*/verdicts.json) to the verdicts
// rule and to the committed results (survey/results.json).

// committedSummary reads survey/results.json.
func committedSummary(t *testing.T) *Summary {
	t.Helper()
	s, err := readSummary(filepath.Join(moduleRootT(t), "survey", "results.json"))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// relationErrors checks the results s against the registry's causes:
// every group charged to a cause names a cause that exists, of a row the
// cause covers, and every divergence of it shows the cause's relation;
// a cause that names none shows one relation in all its rows.
func relationErrors(s *Summary, causes []*Cause) []error {
	byID := map[string]*Cause{}
	for _, c := range causes {
		byID[c.ID] = c
	}
	var errs []error
	shown := map[string]map[string]string{} // cause -> relation -> a row that shows it
	for _, r := range s.Rows {
		for _, g := range r.Groups {
			if g.Cause == "" {
				continue
			}
			c := byID[g.Cause]
			switch {
			case c == nil:
				errs = append(errs, fmt.Errorf("row %s: the results charge %d divergences to %s, which no registry has: rerun make survey", r.Name, g.Vectors+g.Fuzz, g.Cause))
				continue
			case !slices.Contains(c.Rows, r.Name):
				errs = append(errs, fmt.Errorf("row %s: the results charge divergences to %s (%s), which does not cover that row", r.Name, c.ID, c.where()))
			}
			for rel, n := range g.Relations {
				if len(c.Relation) > 0 && !c.Relation.Has(rel) {
					errs = append(errs, fmt.Errorf("row %s: %s (%s) is relation %q, but %d of its divergences show %q (e.g. %s: %s, want %s, got %s)",
						r.Name, c.ID, c.where(), c.Relation, n, rel, g.Example.Op, g.Example.In, g.Example.Want, g.Example.Got))
				}
				if shown[c.ID] == nil {
					shown[c.ID] = map[string]string{}
				}
				if shown[c.ID][rel] == "" {
					shown[c.ID][rel] = r.Name
				}
			}
		}
	}
	for _, id := range slices.Sorted(maps.Keys(shown)) {
		if c := byID[id]; len(c.Relation) == 0 && len(shown[id]) > 1 {
			var list []string
			for _, rel := range slices.Sorted(maps.Keys(shown[id])) {
				list = append(list, rel+" (in "+shown[id][rel]+")")
			}
			errs = append(errs, fmt.Errorf("%s (%s) names no relation, and its divergences show %d: %s: one cause is one relation; split it, or name the relation", id, c.where(), len(list), strings.Join(list, ", ")))
		}
	}
	return errs
}

// TestCommittedResultsShowRelations: on the committed results, every
// divergence charged to a cause shows that cause's relation.
func TestCommittedResultsShowRelations(t *testing.T) {
	_, _, _, causes := surveyInputs(t)
	s := committedSummary(t)
	groups := 0
	for _, r := range s.Rows {
		groups += len(r.Groups)
	}
	if groups == 0 {
		t.Fatal("survey/results.json has no divergences: nothing was checked")
	}
	for _, err := range relationErrors(s, causes) {
		t.Error(err)
	}
}

// TestRelationErrorsFound shows the check above failing on broken
// entries: a cause whose results show another relation than its own, one
// of no relation that shows two, and one that no registry has.
func TestRelationErrorsFound(t *testing.T) {
	c := func(id, rel string) *Cause {
		var rs vectors.RelationSet
		if rel != "" {
			rs = vectors.RelationSet{rel}
		}
		return &Cause{Divergence: vectors.Divergence{ID: id, Rows: []string{"r"}, Relation: rs}, file: "f"}
	}
	g := func(cause string, rels map[string]int) SummaryGroup {
		return SummaryGroup{Cause: cause, Relations: rels, Vectors: 1}
	}
	s := &Summary{Rows: []SummaryRow{{Name: "r", Groups: []SummaryGroup{
		g("hex", map[string]int{"lowercase-hex": 3, "latin1-encoded": 1}),
		g("loose", map[string]int{"latin1-encoded": 2, "lone-surrogate-encoded": 31}),
		g("gone", map[string]int{"undecoded": 1}),
		g("fine", map[string]int{"undecoded": 4}),
	}}}}
	errs := relationErrors(s, []*Cause{c("hex", "lowercase-hex"), c("loose", ""), c("fine", "")})
	var text []string
	for _, e := range errs {
		text = append(text, e.Error())
	}
	all := strings.Join(text, "\n")
	for _, want := range []string{`hex (f) is relation ["lowercase-hex"], but 1 of its divergences show "latin1-encoded"`, "loose (f) names no relation, and its divergences show 2", "gone, which no registry has"} {
		if !strings.Contains(all, want) {
			t.Errorf("no error %q in:\n%s", want, all)
		}
	}
	if len(errs) != 3 {
		t.Errorf("%d errors, want 3:\n%s", len(errs), all)
	}
}

// TestCommittedBugPages: every bug of the registries has its page in
// survey/bugs, and every page there is of such a bug.
func TestCommittedBugPages(t *testing.T) {
	root, _, _, causes := surveyInputs(t)
	// Every bug of the registries has a page, seen in this run or not:
	// a bug without one is no bug (issue 36).
	want := map[string]bool{}
	for _, c := range causes {
		if c.Verdict == VerdictBug {
			want[bugPage(c)] = true
		}
	}
	pages, err := filepath.Glob(filepath.Join(root, "survey", "bugs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	have := map[string]bool{}
	for _, p := range pages {
		have[filepath.Base(p)] = true
		if !want[filepath.Base(p)] {
			t.Errorf("survey/bugs/%s is the page of no bug of the registries", filepath.Base(p))
		}
	}
	for p := range want {
		if !have[p] {
			t.Errorf("no page survey/bugs/%s", p)
		}
	}
	if len(want) == 0 {
		t.Error("the registries have no bug: nothing was checked")
	}
}

// TestLabelsRestOnTheirEvidence: no entry says that no label fits it (the
// rule gives every divergence a label or, where the spec is silent or
// asks only SHOULD, or the function claims no spec, none:
// implementation-defined or unmapped), and a documented deviation rests
// on published docs, not on a source file.
func TestLabelsRestOnTheirEvidence(t *testing.T) {
	_, _, _, causes := surveyInputs(t)
	noLabel := regexp.MustCompile(`(?i)no label fits|least wrong`)
	for _, c := range causes {
		if noLabel.MatchString(c.Explain) {
			t.Errorf("%s: entry %s (%s) says no label fits: give it the label the rule gives, or implementation-defined / unmapped", c.file, c.ID, c.Verdict)
		}
		if c.Verdict == VerdictDocumented && sourceFileRE.MatchString(c.Docs) {
			t.Errorf("%s: entry %s is a documented deviation resting on a source file (%s): a source comment is no published docs (deliberate, if it says the behaviour is intended)", c.file, c.ID, c.Docs)
		}
	}
}
