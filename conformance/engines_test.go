package conformance

import (
	"testing"

	"github.com/pctest/pctest/vectors"
)

// The reference codec and net/url (for its ops) must pass the vectors, the
// laws and the oracle cleanly; goja's tests are in package gojaimpl.

// TestReferenceVectors judges the reference codec on every vector, of
// every level: it must give exactly the expected result or error kind.
func TestReferenceVectors(t *testing.T) {
	Run(t, Reference(), Level(vectors.LevelMust, vectors.LevelShould, vectors.LevelImplementationDefined))
}

// TestReferenceAnswersEveryOp checks that the reference codec answers
// every op of vectors.Ops, so that Run, which skips an op an
// implementation does not provide, cannot pass a new op by skipping it.
func TestReferenceAnswersEveryOp(t *testing.T) {
	vs, err := vectors.Load()
	if err != nil {
		t.Fatal(err)
	}
	first := map[vectors.Op]vectors.Request{}
	for _, v := range vs {
		if _, ok := first[v.Op]; !ok {
			first[v.Op] = v.Request
		}
	}
	ref := Reference()
	for _, op := range vectors.Ops() {
		req, ok := first[op.Name]
		if !ok {
			t.Errorf("op %s: no vector", op.Name)
			continue
		}
		if resp, err := ref.Do(t.Context(), req); err != nil || resp.Unsupported {
			t.Errorf("op %s: the reference does not answer it: %+v, %v", op.Name, resp, err)
		}
	}
}

func TestNetURLVectors(t *testing.T) {
	Run(t, NetURL(), Areas("neturl"), Ops("percentDecode"))
}

func TestLawsReference(t *testing.T) { Laws(t, Reference()) }
func TestLawsNetURL(t *testing.T)    { Laws(t, NetURL()) }

func TestOracleNetURL(t *testing.T) { Differential(t, NetURL(), Reference()) }
