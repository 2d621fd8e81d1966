package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/pctest/pctest/vectors"
)

// A Class is one behaviour of survey/classes.json: what the divergences
// of its entries do, whatever the library ("a form encoder that keeps '~'
// and encodes '*'"). Every registry entry names one (its class); entries
// of one class under one claimed spec carry one label
// (classLabelConflicts).
type Class struct {
	ID          string `json:"id"`
	Description string `json:"description"`
	// Relation is the relation of internal/cause's table its divergences
	// typically show, where one does.
	Relation string `json:"relation,omitempty"`
}

var classIDRE = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// loadClasses reads survey/classes.json.
func loadClasses(root string) (map[string]Class, error) {
	name := filepath.Join(root, "survey", "classes.json")
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	var list []Class
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&list); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	classes := map[string]Class{}
	for i, c := range list {
		switch {
		case !classIDRE.MatchString(c.ID):
			return nil, fmt.Errorf("%s: class %d: id %q is not kebab-case", name, i+1, c.ID)
		case strings.TrimSpace(c.Description) == "":
			return nil, fmt.Errorf("%s: class %s: no description", name, c.ID)
		case classes[c.ID].ID != "":
			return nil, fmt.Errorf("%s: class %s: id repeated", name, c.ID)
		}
		classes[c.ID] = c
	}
	return classes, nil
}

// docsOwnFunction reports whether the documented deviation c rests on
// docs of one of its own functions: its evidence.claim names a function
// that its rows map to one of its ops (functions, from mapping.json), and
// the quote or the docs' address names that function.
func docsOwnFunction(c *Cause, functions []Mapping) bool {
	if c.Evidence == nil || c.Evidence.Claim == nil || c.Evidence.Claim.Quote == "" {
		return false
	}
	cl := c.Evidence.Claim
	name := shortName(cl.Function)
	if name == "" {
		return false
	}
	mapped := slices.ContainsFunc(functions, func(m Mapping) bool {
		return slices.Contains(c.Ops, m.Op) && shortName(m.Function) == name
	})
	return mapped && (strings.Contains(cl.Quote, name) || strings.Contains(cl.URL, name))
}

// ownIntent reports whether the deliberate entry c rests on its own
// library's intent: a test, source comment, changelog or maintainer's
// word, linked (evidence.intent). Intent is the library's, as docs are.
func ownIntent(c *Cause) bool {
	return c.Evidence != nil && len(c.Evidence.Intent) > 0
}

// shortName returns a function's own name: "requote_uri" of
// "requests.utils.requote_uri(text)", "escape" of "URI::Escape::escape".
func shortName(f string) string {
	f, _, _ = strings.Cut(f, "(")
	f = strings.TrimSpace(f)
	if i := strings.LastIndexAny(f, ".:#/ "); i >= 0 {
		f = f[i+1:]
	}
	return f
}

// classLabelConflicts returns an error for each entry whose label differs
// from another's of the same class under the same claimed spec: the
// verdicts rule gives one behaviour under one claim one label, in every
// row. A documented deviation may differ only where its docs state the
// behaviour for that very function (docsOwnFunction), a deliberate
// entry only where its own library's intent is linked (ownIntent), and an
// engine lag (a label for engines and browsers alone) from a library's
// label for the same behaviour;
// entries that carry no label (implementation-defined, unmapped) are not
// compared. functions gives the mapped functions of a cause's rows. An entry without a class, or
// with one classes does not have, is an error too.
func classLabelConflicts(causes []*Cause, classes map[string]Class, functions func(*Cause) []Mapping) []error {
	var errs []error
	type key struct{ class, claim string }
	groups := map[key][]*Cause{}
	var keys []key
	for _, c := range causes {
		switch {
		case c.Class == "":
			errs = append(errs, fmt.Errorf("%s: entry %s names no class (survey/classes.json)", c.file, c.ID))
			continue
		case classes[c.Class].ID == "":
			errs = append(errs, fmt.Errorf("%s: entry %s: class %q is not in survey/classes.json", c.file, c.ID, c.Class))
			continue
		}
		k := key{c.Class, vectors.ClaimKey(c.Claim)}
		if groups[k] == nil {
			keys = append(keys, k)
		}
		groups[k] = append(groups[k], c)
	}
	for _, k := range keys {
		g := groups[k]
		// The label of the class under this claim: that of the entries
		// that are not documented deviations resting on their own docs.
		var plain []*Cause
		for _, c := range g {
			switch {
			case c.Verdict == VerdictDocumented && docsOwnFunction(c, functions(c)):
			case c.Verdict == VerdictDeliberate && ownIntent(c):
			case c.Verdict == VerdictLag:
				// Only an engine or a browser lags a spec change; a
				// library behind the same change is judged as a library.
			case slices.Contains(vectors.NoLabels, c.Verdict):
			default:
				plain = append(plain, c)
			}
		}
		for i, a := range plain {
			for _, b := range plain[i+1:] {
				if a.Verdict != b.Verdict {
					errs = append(errs, fmt.Errorf("class %q under claim %q: %s (%s) is labelled %q, %s (%s) %q: one behaviour under one claim gets one label (a documented deviation may differ only where its evidence.claim quotes the docs of that very function)",
						k.class, a.Claim, a.ID, a.file, a.Verdict, b.ID, b.file, b.Verdict))
				}
			}
		}
	}
	return errs
}
