package vectors

import (
	"encoding/json"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/pctest/pctest/internal/testenv"
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
// vectors.schema.json with Python's jsonschema (an implementation of JSON
// Schema draft 2020-12 that we did not write), and checks that it rejects
// broken vectors.
//
// To keep the test quick, it validates one percentEncodeSet vector in eight
// (they differ only in their octet and set); every other vector is
// validated.
func TestSchemaValidatesCorpus(t *testing.T) {
	t.Parallel()
	py := needTool(t, "python3")
	testenv.Require(t, testenv.Module("python3", "jsonschema"))
	args := []string{"-c", schemaScript, "vectors.schema.json"}
	args = append(args, Files()...)
	out, err := exec.Command(py, args...).CombinedOutput()
	if err != nil {
		t.Fatalf("jsonschema: %v\n%s", err, out)
	}
	t.Logf("%s", out)
}

const schemaScript = `
import json, sys, jsonschema
schema = json.load(open(sys.argv[1]))
jsonschema.Draft202012Validator.check_schema(schema)
v = jsonschema.Draft202012Validator(schema)
bad = 0
for name in sys.argv[2:]:
    doc = json.load(open(name, encoding="utf-8"))
    n = len(doc["vectors"])
    doc["vectors"] = [x for i, x in enumerate(doc["vectors"]) if x.get("op") != "percentEncodeSet" or i % 8 == 0]
    for e in list(v.iter_errors(doc))[:10]:
        bad += 1
        print(name, list(e.absolute_path), e.message[:300])
    print(name, len(doc["vectors"]), "of", n, "vectors validated")
def vec(**kw):
    d = {"id": "ecma.encodeURI.x", "op": "encodeURI", "in": "a", "out": "a", "ref": "r", "level": "must"}
    d.update(kw)
    return {k: x for k, x in d.items() if x is not None}
broken = [
    ("ecmascript", vec(in_hex="41", **{"in": None})),
    ("ecmascript", vec(out=None, out_hex="61")),
    ("ecmascript", vec(error="EscapeError", out=None)),
    ("ecmascript", vec(error="URIError")),
    ("ecmascript", vec(level="MUST")),
    ("ecmascript", vec(ref=None)),
    ("ecmascript", vec(args={"set": "x"})),
    ("ecmascript", vec(expect="a")),
    ("ecmascript", vec(source="http://example.com/1")),
    ("ecmascript", vec(source="https://example.com/a b")),
    ("ecmascript", vec(source=1)),
    ("rfc3986", vec()),
    ("rfc3986", vec(id="rfc3986.percentEncodeSet.x", op="percentEncodeSet", in_hex="41", out="A", **{"in": None})),
    ("rfc3986", vec(id="rfc3986.percentEncode.x", op="percentEncode", in_hex="4", out="A", **{"in": None})),
]
if not v.is_valid({"area": "ecmascript", "vectors": [vec(source="https://github.com/psf/requests/issues/5461")]}):
    bad += 1
    print("schema rejects a vector with a source")
for area, b in broken:
    if v.is_valid({"area": area, "vectors": [b]}):
        bad += 1
        print("schema accepts a broken vector:", area, b)
sys.exit(1 if bad else 0)
`
