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

// schemaDoc is the part of vectors.schema.json that restates the op table.
type schemaDoc struct {
	Schema     string `json:"$schema"`
	Properties struct {
		Area struct {
			Enum []string `json:"enum"`
		} `json:"area"`
	} `json:"properties"`
	AllOf []struct {
		If   schemaIf `json:"if"`
		Then struct {
			Properties struct {
				Vectors struct {
					Items struct {
						Properties struct {
							Op struct {
								Enum []string `json:"enum"`
							} `json:"op"`
						} `json:"properties"`
					} `json:"items"`
				} `json:"vectors"`
			} `json:"properties"`
		} `json:"then"`
	} `json:"allOf"`
	Defs struct {
		Vector struct {
			Required   []string `json:"required"`
			Properties struct {
				Op struct {
					Enum []string `json:"enum"`
				} `json:"op"`
				Error struct {
					Enum []string `json:"enum"`
				} `json:"error"`
				Level struct {
					Enum []string `json:"enum"`
				} `json:"level"`
			} `json:"properties"`
			AllOf []json.RawMessage `json:"allOf"`
		} `json:"vector"`
	} `json:"$defs"`
}

type schemaIf struct {
	Properties struct {
		Area struct {
			Const string `json:"const"`
		} `json:"area"`
		Op struct {
			Const string   `json:"const"`
			Enum  []string `json:"enum"`
		} `json:"op"`
	} `json:"properties"`
}

// TestSchemaMatchesOps checks that vectors.schema.json states the op table
// of Ops: areas, ops per area, input and output kinds, error kinds and
// required args.
func TestSchemaMatchesOps(t *testing.T) {
	data, err := os.ReadFile("vectors.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	var s schemaDoc
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatal(err)
	}
	if s.Schema != "https://json-schema.org/draft/2020-12/schema" {
		t.Errorf("$schema = %q, want draft 2020-12", s.Schema)
	}
	var areas, names, textIn, textOut, errKinds []string
	opsOfArea := map[string][]string{}
	for _, op := range Ops() {
		if !slices.Contains(areas, op.Area) {
			areas = append(areas, op.Area)
		}
		opsOfArea[op.Area] = append(opsOfArea[op.Area], string(op.Name))
		names = append(names, string(op.Name))
		if op.In == Text {
			textIn = append(textIn, string(op.Name))
		}
		if op.Out == Text {
			textOut = append(textOut, string(op.Name))
		}
		for _, e := range op.Errors {
			if !slices.Contains(errKinds, e) {
				errKinds = append(errKinds, e)
			}
		}
	}
	same := func(what string, got, want []string) {
		t.Helper()
		if diff := cmp.Diff(want, got, cmpopts.SortSlices(func(a, b string) bool { return a < b })); diff != "" {
			t.Errorf("schema %s (-want +got):\n%s", what, diff)
		}
	}
	same("area enum", s.Properties.Area.Enum, areas)
	for _, f := range Files() {
		if !slices.Contains(s.Properties.Area.Enum, strings.TrimSuffix(f, ".json")) {
			t.Errorf("file %s has no area in the schema", f)
		}
	}
	for _, a := range s.AllOf {
		same("ops of area "+a.If.Properties.Area.Const, a.Then.Properties.Vectors.Items.Properties.Op.Enum, opsOfArea[a.If.Properties.Area.Const])
	}
	if len(s.AllOf) != len(areas) {
		t.Errorf("schema restricts the ops of %d areas, want %d", len(s.AllOf), len(areas))
	}
	v := s.Defs.Vector
	same("op enum", v.Properties.Op.Enum, names)
	same("error enum", v.Properties.Error.Enum, errKinds)
	same("level enum", v.Properties.Level.Enum, Levels())
	same("required", v.Required, []string{"id", "op", "ref", "level"})

	// The conditional parts: input kind, output kind, then one per op.
	perOp := map[string]bool{}
	for i, raw := range v.AllOf {
		var c struct {
			If   schemaIf `json:"if"`
			Then struct {
				Required   []string `json:"required"`
				Properties struct {
					Error struct {
						Enum []string `json:"enum"`
					} `json:"error"`
					Args struct {
						Required []string `json:"required"`
					} `json:"args"`
				} `json:"properties"`
				Not *struct {
					Required []string `json:"required"`
				} `json:"not"`
			} `json:"then"`
		}
		if err := json.Unmarshal(raw, &c); err != nil {
			t.Fatal(err)
		}
		switch i {
		case 0: // exactly one expected member
		case 1:
			same("ops with text input", c.If.Properties.Op.Enum, textIn)
		case 2:
			same("ops with text output", c.If.Properties.Op.Enum, textOut)
		default:
			op, ok := Op(c.If.Properties.Op.Const).Info()
			if !ok {
				t.Errorf("schema names unknown op %q", c.If.Properties.Op.Const)
				continue
			}
			perOp[string(op.Name)] = true
			if len(op.Errors) > 0 {
				same("errors of "+string(op.Name), c.Then.Properties.Error.Enum, op.Errors)
			} else if c.Then.Not == nil || !slices.Equal(c.Then.Not.Required, []string{"error"}) {
				t.Errorf("schema allows an error for %s", op.Name)
			}
			if len(op.Args) > 0 {
				same("args of "+string(op.Name), c.Then.Properties.Args.Required, op.Args)
			}
		}
	}
	if len(perOp) != len(names) {
		t.Errorf("schema has conditions for %d ops, want %d", len(perOp), len(names))
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
