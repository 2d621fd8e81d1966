package conformance

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/pctest/pctest/internal/gen"
	"github.com/pctest/pctest/internal/show"
	"github.com/pctest/pctest/vectors"
)

// Differential is the differential oracle: for each op that both a and b
// support (and that the Ops and Areas options select), in a subtest named
// by the op, it sends the same generated requests to both and fails when
// their answers differ, reporting the smallest disagreeing input rapid's
// shrinking finds. Answers are compared as a vector's answer is: the same
// error kind, or the same output.
//
// A disagreement that a known deviation explains is not reported: one of
// the implementation named a.Name() taking b's answer as the spec's, or of
// b.Name() taking a's (see vectors.Deviation.Covers and the KnownDeviations
// option, whose default is vectors/deviations.json). So a documented engine
// bug does not fail the oracle, while any other disagreement does. Compare
// an engine with Reference() so that the answer taken as the spec's is the
// reference codec's.
//
// A disagreement on an input the spec leaves open (vectors.Request.Open,
// the level of the implementation-defined vectors) is not reported either,
// unless Level(vectors.LevelImplementationDefined) is among opts.
//
// A request either answers Unsupported (a Funcs entry given a lone
// surrogate) is not a case; rapid draws another.
func Differential(t *testing.T, a, b Implementation, opts ...Option) {
	t.Helper()
	c, err := newConfig("Differential", opts)
	if err != nil {
		t.Fatal(err)
	}
	for _, op := range vectors.Ops() {
		gen := gen.Request(op.Name)
		if gen == nil || !c.opSelected(op.Name) {
			continue
		}
		t.Run(string(op.Name), func(t *testing.T) {
			if why := pairUnsupported(a, b, op.Name); why != "" {
				t.Skip(why)
			}
			rapid.Check(t, disagree(a, b, op.Name, gen, c.deviations, c.judgeOpen()))
		})
	}
}

// checkDifferential runs the oracle as Differential does, without a
// *testing.T, and returns nil if a and b agree on every op, or an error
// joining a *propertyError for each op on which they disagree, with the
// shrunk disagreeing input. Like checkLaws it must run in a test binary.
func checkDifferential(a, b Implementation, opts ...Option) error {
	c, err := newConfig("Differential", opts)
	if err != nil {
		return err
	}
	var errs []error
	for _, op := range vectors.Ops() {
		gen := gen.Request(op.Name)
		if gen == nil || !c.opSelected(op.Name) || pairUnsupported(a, b, op.Name) != "" {
			continue
		}
		name := "checkDifferential/" + a.Name() + "-" + b.Name() + "/" + string(op.Name)
		if err := checkProperty(name, disagree(a, b, op.Name, gen, c.deviations, c.judgeOpen())); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// pairUnsupported returns why a and b cannot be compared on op, or "".
func pairUnsupported(a, b Implementation, op vectors.Op) string {
	var missing []string
	for _, impl := range []Implementation{a, b} {
		if !supports(impl, op) {
			missing = append(missing, impl.Name())
		}
	}
	if len(missing) == 0 {
		return ""
	}
	return strings.Join(missing, " and ") + " do not support " + string(op)
}

// disagree is the oracle's property for op.
func disagree(a, b Implementation, op vectors.Op, gen *rapid.Generator[vectors.Request], devs []vectors.Deviation, judgeOpen bool) func(*rapid.T) {
	return func(t *rapid.T) {
		req := gen.Draw(t, "request")
		ra, errA := Do(context.Background(), a, req)
		rb, errB := Do(context.Background(), b, req)
		switch {
		case errA != nil || errB != nil:
			t.Fatalf("%s %s: no answer\n  %s: %v\n  %s: %v", op, show.Input(req), a.Name(), errA, b.Name(), errB)
		case ra.Unsupported || rb.Unsupported:
			t.Skip("unsupported input")
		case vectors.SameAnswer(op, rb, ra):
			return
		}
		if _, ok := vectors.FindDeviation(devs, a.Name(), req, rb, ra); ok {
			return
		}
		if _, ok := vectors.FindDeviation(devs, b.Name(), req, ra, rb); ok {
			return
		}
		if clause, _ := req.Open(); clause != "" && !judgeOpen {
			return
		}
		msg := fmt.Sprintf("%s and %s disagree on %s\n  input: %s\n  %s: %s\n  %s: %s",
			a.Name(), b.Name(), op, show.Input(req),
			a.Name(), show.Answer(op, ra), b.Name(), show.Answer(op, rb))
		if d := show.Diff(op, rb, ra); d != "" {
			msg += fmt.Sprintf("\n  diff ([-%s-] {+%s+}): %s", b.Name(), a.Name(), d)
		}
		t.Fatal(msg)
	}
}
