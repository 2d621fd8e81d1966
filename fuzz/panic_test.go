package fuzz

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/pctest/pctest/conformance"
	"github.com/pctest/pctest/vectors"
)

// nilError is an error type whose Error method dereferences its receiver:
// a typed nil of it, returned as an error, panics when printed.
type nilError struct{ msg string }

func (e *nilError) Error() string { return e.msg }

// TestFuzzPanicIsAFinding: an in-process implementation that panics, or
// returns an error whose Error method panics, gives a finding, as
// conformance's runners make of it; the run goes on and reports.
func TestFuzzPanicIsAFinding(t *testing.T) {
	ref := conformance.Reference()
	for name, do := range map[string]func(vectors.Request) (vectors.Response, error){
		"panic": func(req vectors.Request) (vectors.Response, error) {
			if slices.Contains(req.In, '!') {
				panic("kaboom")
			}
			return ref.Do(context.Background(), req)
		},
		"typed nil error": func(req vectors.Request) (vectors.Response, error) {
			if slices.Contains(req.In, '!') {
				var e *nilError
				return vectors.Response{}, e
			}
			return ref.Do(context.Background(), req)
		},
	} {
		impl := planted{name: name, op: vectors.OpEncodeURIComponent, do: do}
		rep, err := Run(context.Background(), impl, Ops(vectors.OpEncodeURIComponent), Seed(1), Cases(2000), Parallel(2))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(rep.Findings) == 0 || rep.Findings[0].Err == nil || !strings.Contains(rep.Findings[0].Err.Error(), "panic") {
			t.Errorf("%s: want a finding whose error says it panicked; got %d findings %+v", name, len(rep.Findings), rep.Findings)
		}
	}
}
