package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/pctest/pctest/vectors"
)

// A Mapping is one entry of a testee's mapping.json: a library function,
// the op whose semantics it claims, and where its documentation is.
type Mapping struct {
	// Function names the function as its docs do, with the arguments the
	// testee passes when they matter.
	Function string `json:"function"`
	// Op is the vectors op the function answers (vectors.Ops).
	Op vectors.Op `json:"op"`
	// Variant is the testee's argument that selects the function set this
	// function belongs to; "" for the default set.
	Variant string `json:"variant"`
	// Docs links the function's documentation.
	Docs string `json:"docs"`
	// Quote gives the library's own words that claim the op's semantics;
	// Claim names the spec they claim.
	Quote string `json:"quote,omitempty"`
	Claim string `json:"claim,omitempty"`
}

// loadMapping reads and checks dir/mapping.json: every op exists, every
// entry has a function and an https docs link, and no two functions of one
// variant claim the same op.
func loadMapping(dir string) ([]Mapping, error) {
	name := filepath.Join(dir, "mapping.json")
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	var m []Mapping
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&m); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if len(m) == 0 {
		return nil, fmt.Errorf("%s: maps no function", name)
	}
	claimed := map[[2]string]string{}
	for i, e := range m {
		switch {
		case strings.TrimSpace(e.Function) == "":
			return nil, fmt.Errorf("%s: entry %d names no function", name, i)
		case !strings.HasPrefix(e.Docs, "https://"):
			return nil, fmt.Errorf("%s: %s: docs %q is not an https link", name, e.Function, e.Docs)
		}
		if _, ok := e.Op.Info(); !ok {
			return nil, fmt.Errorf("%s: %s: op %q is not an op of vectors.Ops", name, e.Function, e.Op)
		}
		key := [2]string{e.Variant, string(e.Op)}
		if other, ok := claimed[key]; ok {
			return nil, fmt.Errorf("%s: %s and %s both answer %s in function set %q: give one its own variant", name, other, e.Function, e.Op, e.Variant)
		}
		claimed[key] = e.Function
	}
	return m, nil
}
