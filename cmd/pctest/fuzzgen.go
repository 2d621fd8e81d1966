package main

import (
	"pgregory.net/rapid"

	"github.com/pctest/pctest/internal/gen"
	"github.com/pctest/pctest/vectors"
)

// A requestGenerator generates the requests of one op with the generators
// of internal/gen, the ones the differential oracle uses.
type requestGenerator struct {
	gen *rapid.Generator[vectors.Request]
}

// newRequestGenerator returns the generator of op's requests, and false if
// there is none for it.
func newRequestGenerator(op vectors.Op) (requestGenerator, bool) {
	g := gen.Request(op)
	return requestGenerator{g}, g != nil
}

// example returns the request the generator makes from seed, and false if
// it could not make one.
func (g requestGenerator) example(seed uint64) (req vectors.Request, ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	return g.gen.Example(int(seed)), true
}

// knownDeviation returns a matcher of the known deviations of the
// implementation named name (vectors/deviations.json), or nil if it has
// none: a disagreement it covers is a known engine bug, not a finding.
func knownDeviation(name string) func(req vectors.Request, want, got vectors.Response) bool {
	devs, err := vectors.Deviations()
	if err != nil || len(devs) == 0 {
		return nil
	}
	return func(req vectors.Request, want, got vectors.Response) bool {
		_, ok := vectors.FindDeviation(devs, name, req, want, got)
		return ok
	}
}
