package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/pctest/pctest/vectors"
)

// A Function is one entry of a testee directory's functions.json: a
// public function of the library that percent-encodes, percent-decodes,
// normalizes, requotes, or sets a URL component with escaping, from its
// published API reference; mapped to the ops whose spec it claims (as
// mapping.json maps it), or excluded with the reason.
type Function struct {
	Function string `json:"function"`
	Docs     string `json:"docs"`
	// Ops are the ops it is mapped to: mapping.json's, or, with
	// Candidate, ops it claims whose mapping is yet to be added.
	Ops   []vectors.Op `json:"ops,omitempty"`
	Claim string       `json:"claim,omitempty"`
	Quote string       `json:"quote,omitempty"`
	// Candidate marks a function whose docs claim a spec an op covers but
	// that mapping.json does not map yet.
	Candidate bool `json:"candidate,omitempty"`
	// Excluded says in a line why no op applies.
	Excluded string `json:"excluded,omitempty"`
	Note     string `json:"note,omitempty"`
}

// A FunctionsError is a functions.json that is wrong or out of step with
// its mapping.json.
type FunctionsError struct {
	File, Function, Reason string
}

// Error returns "file: function: reason".
func (e *FunctionsError) Error() string {
	if e.Function == "" {
		return e.File + ": " + e.Reason
	}
	return fmt.Sprintf("%s: %s: %s", e.File, e.Function, e.Reason)
}

// loadFunctions reads dir/functions.json and checks it against the
// directory's mapping: each entry is mapped (ops) or excluded, not both;
// every function of mapping.json is listed with the same ops; a listed
// function with ops that mapping.json lacks is a candidate. It returns
// fs.ErrNotExist (wrapped) when the file is missing.
func loadFunctions(dir string, mapping []Mapping) ([]Function, []error) {
	name := filepath.Join(dir, "functions.json")
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, []error{err}
	}
	var list []Function
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&list); err != nil {
		return nil, []error{&FunctionsError{File: name, Reason: err.Error()}}
	}
	var errs []error
	fail := func(fn, format string, args ...any) {
		errs = append(errs, &FunctionsError{File: name, Function: fn, Reason: fmt.Sprintf(format, args...)})
	}
	if len(list) == 0 {
		fail("", "lists no function")
	}
	listed := map[string]*Function{}
	for i := range list {
		f := &list[i]
		switch {
		case strings.TrimSpace(f.Function) == "":
			fail(fmt.Sprintf("#%d", i+1), "no function")
			continue
		case listed[f.Function] != nil:
			fail(f.Function, "listed twice")
		case !strings.HasPrefix(f.Docs, "https://"):
			fail(f.Function, "docs %q is not an https link to its published docs", f.Docs)
		case len(f.Ops) > 0 && f.Excluded != "":
			fail(f.Function, "both mapped (ops) and excluded: it is one or the other")
		case len(f.Ops) == 0 && strings.TrimSpace(f.Excluded) == "":
			fail(f.Function, "neither mapped (ops) nor excluded with a reason")
		case len(f.Ops) > 0 && (f.Claim == "" || f.Quote == ""):
			fail(f.Function, "mapped without the claim and the docs' words (claim, quote)")
		}
		for _, op := range f.Ops {
			if _, ok := op.Info(); !ok {
				fail(f.Function, "unknown op %q", op)
			}
		}
		listed[f.Function] = f
	}
	mapped := map[string][]vectors.Op{}
	for _, m := range mapping {
		if !slices.Contains(mapped[m.Function], m.Op) {
			mapped[m.Function] = append(mapped[m.Function], m.Op)
		}
	}
	for fn, ops := range mapped {
		f := listed[fn]
		switch {
		case f == nil:
			fail(fn, "mapped in mapping.json but not listed")
		case f.Candidate:
			fail(fn, "mapped in mapping.json, so not a candidate")
		case !sameOps(f.Ops, ops):
			fail(fn, "ops %q, mapping.json maps it to %q", f.Ops, ops)
		}
	}
	for fn, f := range listed {
		if len(f.Ops) > 0 && mapped[fn] == nil && !f.Candidate {
			fail(fn, "has ops but mapping.json does not map it: map it, or mark it a candidate")
		}
	}
	return list, errs
}

func sameOps(a, b []vectors.Op) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}

// functionCounts returns how many functions a directory lists, how many
// are mapped, excluded, and candidates (not yet mapped).
func functionCounts(list []Function) (listed, mapped, excluded, candidates int) {
	for _, f := range list {
		switch {
		case f.Candidate:
			candidates++
		case len(f.Ops) > 0:
			mapped++
		default:
			excluded++
		}
	}
	return len(list), mapped, excluded, candidates
}

// isMissing reports whether errs is one missing file.
func isMissing(errs []error) bool {
	return len(errs) == 1 && errors.Is(errs[0], fs.ErrNotExist)
}
