package main

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pctest/pctest/vectors"
)

// causeFunctions returns, for a cause, the mapped functions of the testee
// directories of its rows.
func causeFunctions(t *testing.T, root string, dirs []*TesteeDir) func(*Cause) []Mapping {
	t.Helper()
	byDir := map[string][]Mapping{}
	for _, d := range dirs {
		m, err := loadMapping(filepath.Join(root, d.Dir))
		if err != nil {
			t.Fatal(err)
		}
		byDir[d.Dir] = m
	}
	return func(c *Cause) []Mapping {
		var out []Mapping
		for _, d := range dirs {
			if slices.ContainsFunc(d.Rows, func(r Row) bool { return slices.Contains(c.Rows, r.Name) }) {
				out = append(out, byDir[d.Dir]...)
			}
		}
		return out
	}
}

// TestClassLabelsConsistent: every entry of the registries names a class
// of survey/classes.json, and the entries of one class under one claimed
// spec carry one label, with no exemption but a documented deviation that
// quotes its own function's docs.
func TestClassLabelsConsistent(t *testing.T) {
	root, _, dirs, causes := surveyInputs(t)
	classes, err := loadClasses(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, err := range classLabelConflicts(causes, classes, causeFunctions(t, root, dirs)) {
		t.Error(err)
	}
}

// TestClassLabelConflictsFound shows the check failing: a form encoder
// that keeps '~' is a bug in one row and a documented deviation in
// another whose docs are another function's; an entry with no class; one
// with an unknown class. A documented deviation quoting its own
// function's docs is no conflict.
func TestClassLabelConflictsFound(t *testing.T) {
	classes := map[string]Class{"form-keeps-tilde": {ID: "form-keeps-tilde", Description: "d"}}
	mk := func(id, label, fn, quote string) *Cause {
		c := &Cause{file: id + "/verdicts.json", Divergence: vectors.Divergence{ID: id, Rows: []string{id}, Ops: []vectors.Op{"formEncode"},
			Class: "form-keeps-tilde", Claim: "application/x-www-form-urlencoded", Verdict: label}}
		if fn != "" {
			c.Evidence = &vectors.Evidence{Claim: &vectors.Quoted{Function: fn, URL: "https://docs.example.org/", Quote: quote}}
		}
		return c
	}
	functions := func(c *Cause) []Mapping {
		return []Mapping{{Function: "lib.quote_plus(s)", Op: "formEncode"}}
	}
	bug := mk("a", VerdictBug, "", "")
	for _, tc := range []struct {
		name  string
		other *Cause
		want  string
	}{
		{"documented by another function's docs", mk("b", VerdictDocumented, "lib.quote(s)", "quote keeps ~"), "one behaviour under one claim gets one label"},
		{"documented without naming its function", mk("b", VerdictDocumented, "lib.quote_plus(s)", "keeps ~"), "one behaviour under one claim gets one label"},
		{"no class", func() *Cause { c := mk("b", VerdictBug, "", ""); c.Class = ""; return c }(), "names no class"},
		{"unknown class", func() *Cause { c := mk("b", VerdictBug, "", ""); c.Class = "other"; return c }(), "is not in survey/classes.json"},
		{"older spec under the same claim", mk("b", VerdictOlder, "", ""), "one behaviour under one claim gets one label"},
		{"deliberate with no intent linked", mk("b", VerdictDeliberate, "", ""), "one behaviour under one claim gets one label"},
	} {
		errs := classLabelConflicts([]*Cause{bug, tc.other}, classes, functions)
		if len(errs) != 1 || !strings.Contains(errs[0].Error(), tc.want) {
			t.Errorf("%s: %v; want one error saying %q", tc.name, errs, tc.want)
		}
	}
	own := mk("b", VerdictDocumented, "lib.quote_plus(s)", "quote_plus keeps '~'")
	intended := mk("c", VerdictDeliberate, "", "")
	intended.Evidence = &vectors.Evidence{Intent: []vectors.Intent{{Kind: vectors.IntentTests, URL: "https://example.org/t", Says: "asserts '~' kept"}}}
	unmapped := mk("d", vectors.NoLabelUnmapped, "", "")
	lag := mk("e", VerdictLag, "", "")
	if errs := classLabelConflicts([]*Cause{bug, own, intended, unmapped, lag}, classes, functions); len(errs) != 0 {
		t.Errorf("a documented deviation quoting its own function's docs, a deliberate entry with its intent linked, an engine lag or an unlabelled entry is reported: %v", errs)
	}
}
