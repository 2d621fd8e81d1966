package vectors

import (
	_ "embed"
	"errors"
	"fmt"
	"maps"
	"slices"
)

// deviations.json is the registry (see Divergence) of the divergences of
// the engines pctest runs itself: the oracle, the fuzzers and
// conformance.Run excuse what its entries cover, so its entries are held to
// more than ParseRegistry asks: a relation this package evaluates, and
// examples, each covered by the entry and with evidence from another
// engine that answers as the spec says.

//go:embed deviations.json
var deviationsJSON []byte

// Deviations returns the entries of deviations.json, checked: the registry
// schema (ParseRegistry), and for each entry a relation that Covers can
// evaluate and at least one example, which the entry covers for each of
// its rows and on which some other engine gives the spec's answer.
func Deviations() ([]Divergence, error) {
	return parseDeviations(deviationsJSON)
}

func parseDeviations(data []byte) ([]Divergence, error) {
	const name = "vectors/deviations.json"
	devs, err := ParseRegistry(name, data, RegistryRules{})
	if err != nil {
		return nil, err
	}
	for i := range devs {
		if err := devs[i].checkDeviation(); err != nil {
			return nil, &RegistryError{File: name, Entry: devs[i].ID, Reason: err.Error()}
		}
	}
	return devs, nil
}

func (d *Divergence) checkDeviation() error {
	if len(d.Relation) != 1 || relationHolds[d.Relation[0]] == nil {
		return fmt.Errorf("relation %q: an entry the oracle excuses needs one relation this package evaluates (%q)", d.Relation, slices.Sorted(maps.Keys(relationHolds)))
	}
	if len(d.Examples) == 0 {
		return errors.New("no examples")
	}
	for i, e := range d.Examples {
		if op, ok := e.Op.Info(); !ok || op.In != Text || op.Out != Text {
			return fmt.Errorf("example %d: op %q is not a text-to-text op", i+1, e.Op)
		}
		req, want, got, err := e.Parse()
		if err != nil {
			return fmt.Errorf("example %d: %v", i+1, err)
		}
		for _, row := range d.Rows {
			if !d.Covers(row, req, want, got) {
				return fmt.Errorf("example %d is not covered by the entry (patterns and relation)", i+1)
			}
		}
		if len(e.Evidence) == 0 {
			return fmt.Errorf("example %d: no evidence", i+1)
		}
		agree := false
		for _, ev := range e.Evidence {
			ans, _ := ev.Answer.Response() // checked by ParseRegistry
			if ans.Error == want.Error && slices.Equal(ans.Out, want.Out) {
				agree = true
			}
		}
		if !agree {
			return fmt.Errorf("example %d: no evidence agrees with want", i+1)
		}
	}
	return nil
}

// relationHolds evaluates the relations of internal/cause's table that
// entries of deviations.json name, by id; each holds only when got differs
// from want. (internal/cause's tests check that Classify names the same
// relation on every example of deviations.json.)
var relationHolds = map[string]func(want, got Response) bool{
	// fffd-for-surrogate: both are results, and got is want with every
	// lone surrogate replaced by U+FFFD (want holds at least one).
	"fffd-for-surrogate": func(want, got Response) bool {
		if want.Error != "" || got.Error != "" || want.Unsupported || got.Unsupported ||
			want.OutHex != nil || got.OutHex != nil || len(want.Out) != len(got.Out) {
			return false
		}
		lone := loneSurrogates(want.Out)
		if len(lone) == 0 {
			return false
		}
		for i, c := range want.Out {
			if _, ok := slices.BinarySearch(lone, i); ok {
				c = 0xFFFD
			}
			if got.Out[i] != c {
				return false
			}
		}
		return true
	},
}

// loneSurrogates returns the indexes of the unpaired surrogates in u, in
// increasing order.
func loneSurrogates(u []uint16) []int {
	var idx []int
	for i := 0; i < len(u); i++ {
		switch c := u[i]; {
		case c >= 0xD800 && c <= 0xDBFF && i+1 < len(u) && u[i+1] >= 0xDC00 && u[i+1] <= 0xDFFF:
			i++
		case c >= 0xD800 && c <= 0xDFFF:
			idx = append(idx, i)
		}
	}
	return idx
}

// Covers reports whether d explains got, the answer engine gave to req,
// where the spec requires want: engine is one of d's rows, the op one of
// its ops, its patterns match, and got stands in d's relation to want.
//
// It needs want because the entries are relations to the spec's answer;
// callers (the oracle, the fuzzers) have that answer from the reference
// codec.
func (d *Divergence) Covers(engine string, req Request, want, got Response) bool {
	if len(d.Relation) != 1 {
		return false
	}
	holds := relationHolds[d.Relation[0]]
	return holds != nil && slices.Contains(d.Rows, engine) && slices.Contains(d.Ops, req.Op) &&
		d.MatchesPatterns("", req, want, got, "") && holds(want, got)
}

// FindDeviation returns the first of devs that covers got, the answer engine
// gave to req where the spec requires want (see Divergence.Covers).
func FindDeviation(devs []Divergence, engine string, req Request, want, got Response) (Divergence, bool) {
	for i := range devs {
		if devs[i].Covers(engine, req, want, got) {
			return devs[i], true
		}
	}
	return Divergence{}, false
}
