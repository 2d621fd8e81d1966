package gen

import (
	"math/rand/v2"
	"testing"

	"github.com/pctest/pctest/internal/show"
	"github.com/pctest/pctest/vectors"
)

// TestDefaultKind checks the kind an op gets from its op table entry alone,
// as a new op would: for every op without args, the default kind makes
// input of the op's input kind, well-formed UTF-16 where the op does not
// read code units; an op with args has no default.
func TestDefaultKind(t *testing.T) {
	g := New(rand.New(rand.NewPCG(1, 2)))
	for _, op := range vectors.Ops() {
		k, ok := defaultKind(op.Name)
		if len(op.Args) > 0 {
			if ok {
				t.Errorf("%s has args, and a default kind %d", op.Name, k)
			}
			continue
		}
		if !ok {
			t.Errorf("%s: no default kind", op.Name)
			continue
		}
		for range 50 {
			req := g.requestOfKind(op.Name, k)
			if (op.In == vectors.Octets) != (req.InHex != nil) || (op.In == vectors.Text) != (req.In != nil) {
				t.Fatalf("%s: default kind %d makes input of the wrong kind", op.Name, k)
			}
			if !op.Units && show.HasLoneSurrogate(req.In) {
				t.Fatalf("%s: default kind %d makes a lone surrogate for an op that takes UTF-8", op.Name, k)
			}
		}
	}
	if _, ok := defaultKind("noSuchOp"); ok {
		t.Error("an unknown op has a default kind")
	}
}
