package vectors

import (
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/pctest/pctest/internal/jsonschema"
)

// TestSchemaFixedParts checks the parts of vectors.schema.json that
// TestSchemaOpsGenerated does not write: draft 2020-12, the level enum of
// Levels, the required members of a vector, and an area for every file.
func TestSchemaFixedParts(t *testing.T) {
	data, err := os.ReadFile("vectors.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	var s struct {
		Schema     string `json:"$schema"`
		Properties struct {
			Area struct {
				Enum []string `json:"enum"`
			} `json:"area"`
		} `json:"properties"`
		Defs struct {
			Vector struct {
				Required   []string `json:"required"`
				Properties struct {
					Level struct {
						Enum []string `json:"enum"`
					} `json:"level"`
				} `json:"properties"`
			} `json:"vector"`
		} `json:"$defs"`
	}
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatal(err)
	}
	if s.Schema != "https://json-schema.org/draft/2020-12/schema" {
		t.Errorf("$schema = %q, want draft 2020-12", s.Schema)
	}
	same := func(what string, got, want []string) {
		t.Helper()
		if diff := cmp.Diff(want, got, cmpopts.SortSlices(func(a, b string) bool { return a < b })); diff != "" {
			t.Errorf("schema %s (-want +got):\n%s", what, diff)
		}
	}
	same("level enum", s.Defs.Vector.Properties.Level.Enum, Levels())
	same("required", s.Defs.Vector.Required, []string{"id", "op", "ref", "level"})
	for _, f := range Files() {
		if !slices.Contains(s.Properties.Area.Enum, strings.TrimSuffix(f, ".json")) {
			t.Errorf("file %s has no area in the schema", f)
		}
	}
}

// TestSchemaValidatesCorpus validates every vectors file against
// vectors.schema.json with internal/jsonschema, and checks that the schema
// rejects broken vectors, each broken in one way.
func TestSchemaValidatesCorpus(t *testing.T) {
	t.Parallel()
	v, err := jsonschema.Load("vectors.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range Files() {
		if err := v.ValidateFile("vectors.schema.json", f); err != nil {
			t.Error(err)
		}
	}
	vec := func(kw map[string]any) map[string]any {
		d := map[string]any{"id": "ecma.encodeURI.x", "op": "encodeURI", "in": "a", "out": "a", "ref": "r", "level": "must"}
		for k, x := range kw {
			if x == nil {
				delete(d, k)
			} else {
				d[k] = x
			}
		}
		return d
	}
	doc := func(area string, vec map[string]any) map[string]any {
		return map[string]any{"area": area, "vectors": []any{vec}}
	}
	if err := v.Validate("vectors.schema.json", doc("ecmascript", vec(map[string]any{"source": "https://github.com/psf/requests/issues/5461"}))); err != nil {
		t.Errorf("a vector with a source: %v", err)
	}
	for _, b := range []struct {
		area string
		vec  map[string]any
	}{
		{"ecmascript", vec(map[string]any{"in_hex": "41", "in": nil})},
		{"ecmascript", vec(map[string]any{"out": nil, "out_hex": "61"})},
		{"ecmascript", vec(map[string]any{"error": "EscapeError", "out": nil})},
		{"ecmascript", vec(map[string]any{"error": "URIError"})},
		{"ecmascript", vec(map[string]any{"level": "MUST"})},
		{"ecmascript", vec(map[string]any{"ref": nil})},
		{"ecmascript", vec(map[string]any{"args": map[string]any{"set": "x"}})},
		{"ecmascript", vec(map[string]any{"expect": "a"})},
		{"ecmascript", vec(map[string]any{"source": "http://example.com/1"})},
		{"ecmascript", vec(map[string]any{"source": "https://example.com/a b"})},
		{"ecmascript", vec(map[string]any{"source": 1})},
		{"rfc3986", vec(nil)},
		{"rfc3986", vec(map[string]any{"id": "rfc3986.percentEncodeSet.x", "op": "percentEncodeSet", "in_hex": "41", "out": "A", "in": nil})},
		{"rfc3986", vec(map[string]any{"id": "rfc3986.percentEncode.x", "op": "percentEncode", "in_hex": "4", "out": "A", "in": nil})},
	} {
		if v.Validate("vectors.schema.json", doc(b.area, b.vec)) == nil {
			t.Errorf("the schema accepts a broken vector: %s %v", b.area, b.vec)
		}
	}
}
