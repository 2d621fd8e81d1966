package main

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"

	"github.com/pctest/pctest/internal/cause"
	"github.com/pctest/pctest/vectors"
)

// Verdicts a cause may carry: the labels of the verdicts rule
// (vectors.Labels).
const (
	VerdictBug        = vectors.LabelBug
	VerdictDocumented = vectors.LabelDocumented
	VerdictOlder      = vectors.LabelOlderSpec
	VerdictLag        = vectors.LabelEngineLag
	VerdictDeliberate = vectors.LabelDeliberate
)

// A Cause is one entry of a registry of known divergences
// (vectors.Divergence, vectors/registry.schema.json): the matcher that
// recognizes its divergences, and its verdict.
type Cause struct {
	vectors.Divergence

	// file is the registry file that holds the cause, relative to the
	// module's root; dir is the testee directory whose verdicts.json it
	// is, "" for the survey's own registries.
	file, dir string
}

// registries are the registry files every survey reads before the testee
// directories' verdicts.json: the engines pctest runs itself, and the
// survey's built-in rows.
var registries = []string{"vectors/deviations.json", "survey/verdicts.json"}

// loadCauses reads and checks the registries and then every testee
// directory's verdicts.json, in the order of dirs. Ids are unique across
// all of them.
func loadCauses(root string, dirs []*TesteeDir) ([]*Cause, error) {
	var causes []*Cause
	seen := map[string]string{}
	add := func(file, dir string) error {
		cs, err := loadCauseFile(root, file, dir)
		if err != nil {
			return err
		}
		for _, c := range cs {
			if other := seen[c.ID]; other != "" {
				return &vectors.RegistryError{File: file, Entry: c.ID, Reason: "id also in " + other}
			}
			seen[c.ID] = file
		}
		causes = append(causes, cs...)
		return nil
	}
	for _, f := range registries {
		if err := add(f, ""); err != nil {
			return nil, err
		}
	}
	for _, d := range dirs {
		err := add(d.Dir+"/verdicts.json", d.Dir)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		} else if err != nil {
			return nil, err
		}
	}
	return causes, nil
}

// registryRules are what the survey knows besides package vectors: the
// relations of internal/cause and the checks of lenient.go.
var registryRules = vectors.RegistryRules{
	Relation: func(id string) bool { _, ok := cause.Lookup(id); return ok },
	Check:    func(name string) bool { return checks[name] != nil },
}

// loadCauseFile reads and checks one registry file (relative to root),
// whose causes belong to the testee directory dir ("" for the survey's
// own): the schema (vectors.ParseRegistry), and that each reproduction's
// program exists.
func loadCauseFile(root, file, dir string) ([]*Cause, error) {
	data, err := os.ReadFile(filepath.Join(root, file))
	if err != nil {
		return nil, err
	}
	entries, err := vectors.ParseRegistry(file, data, registryRules)
	if err != nil {
		return nil, err
	}
	var causes []*Cause
	for _, e := range entries {
		c := &Cause{Divergence: e, file: file, dir: dir}
		if r := c.Repro; r != nil {
			if _, err := os.Stat(filepath.Join(root, c.reproDir(), r.File)); err != nil {
				return nil, &vectors.RegistryError{File: file, Entry: c.ID, Reason: "repro: " + err.Error()}
			}
		}
		causes = append(causes, c)
	}
	return causes, nil
}

// matches reports whether c explains the divergence r of row: a cause of
// a testee directory's verdicts.json explains only that directory's rows;
// the row and op are the cause's; every pattern given matches; the check,
// if any, holds; and the divergence shows the cause's relation, if it
// names one.
func (c *Cause) matches(row *Row, r *Result) bool {
	return (c.dir == "" || c.dir == row.Dir) &&
		slices.Contains(c.Rows, row.Name) && slices.Contains(c.Ops, r.Vector.Op) &&
		c.MatchesPatterns(r.Vector.ID, r.Vector.Request, r.Vector.Expect, r.Got, r.incident()) &&
		(c.Check == "" || checks[c.Check](r)) &&
		(len(c.Relation) == 0 || c.Relation.Has(r.relation().ID))
}

// classify returns the first cause that explains r, or nil.
func classify(causes []*Cause, row *Row, r *Result) *Cause {
	for _, c := range causes {
		if c.matches(row, r) {
			return c
		}
	}
	return nil
}

// where names the file a cause is in, for messages.
func (c *Cause) where() string { return c.file }
