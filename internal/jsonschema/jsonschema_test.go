package jsonschema

import (
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pctest/pctest/internal/testenv"
)

// other is a second schema, for $ref across documents.
const other = `{"$schema": "https://json-schema.org/draft/2020-12/schema",
 "$id": "https://example.com/a/other.schema.json",
 "$defs": {"op": {"type": "string", "enum": ["encodeURI", "decodeURI"]}}}`

// main is a schema with every keyword the validator implements.
const main = `{"$schema": "https://json-schema.org/draft/2020-12/schema",
 "$id": "https://example.com/b/main.schema.json",
 "title": "t", "description": "d",
 "type": "object",
 "required": ["id", "ops"],
 "additionalProperties": false,
 "properties": {
  "id": {"type": "string", "minLength": 2, "pattern": "^[a-z]+(\\.[a-z]+)*$"},
  "ops": {"type": "array", "minItems": 1, "maxItems": 3, "uniqueItems": true, "items": {"$ref": "../a/other.schema.json#/$defs/op"}},
  "n": {"type": "integer", "minimum": 0, "maximum": 10},
  "x": {"type": ["number", "null"]},
  "kind": {"const": "k"},
  "tags": {"type": "object", "additionalProperties": {"type": "boolean"}},
  "any": {"anyOf": [{"type": "string"}, {"type": "integer"}]},
  "one": {"oneOf": [{"type": "integer"}, {"type": "number", "minimum": 5}]},
  "no": {"not": {"type": "string"}},
  "cond": {"$ref": "#/$defs/cond"},
  "never": false,
  "ever": true,
  "all": {"allOf": [{"type": "string"}, {"minLength": 3}]}
 },
 "$defs": {
  "cond": {"type": "object",
   "if": {"properties": {"k": {"const": "a"}}, "required": ["k"]},
   "then": {"required": ["a"]},
   "else": {"not": {"required": ["a"]}}}
 }}`

// cases are documents and whether they follow main; each failing one
// breaks it in one way, named.
var cases = []struct {
	name  string
	doc   string
	valid bool
	kw    string // the keyword that fails
}{
	{"minimal", `{"id": "ab", "ops": ["encodeURI"]}`, true, ""},
	{"everything", `{"id": "ab.cd", "ops": ["encodeURI", "decodeURI"], "n": 10, "x": 1.5, "kind": "k", "tags": {"a": true},
	  "any": 3, "one": 1.5e1, "no": 3, "cond": {"k": "a", "a": 1}, "ever": [1], "all": "abc"}`, false, "oneOf"},
	{"everything right", `{"id": "ab.cd", "ops": ["encodeURI", "decodeURI"], "n": 10, "x": null, "kind": "k", "tags": {"a": true},
	  "any": "s", "one": 6.5, "no": 3, "cond": {"k": "b"}, "ever": [1], "all": "abc"}`, true, ""},
	{"integer written 1.0", `{"id": "ab", "ops": ["encodeURI"], "n": 1.0}`, true, ""},
	{"not an object", `["ab"]`, false, "type"},
	{"missing required", `{"id": "ab"}`, false, "required"},
	{"unknown member", `{"id": "ab", "ops": ["encodeURI"], "extra": 1}`, false, "additionalProperties"},
	{"too short", `{"id": "a", "ops": ["encodeURI"]}`, false, "minLength"},
	{"code points, not bytes", `{"id": "é", "ops": ["encodeURI"]}`, false, "minLength"},
	{"pattern", `{"id": "AB", "ops": ["encodeURI"]}`, false, "pattern"},
	{"no items", `{"id": "ab", "ops": []}`, false, "minItems"},
	{"too many items", `{"id": "ab", "ops": ["encodeURI", "decodeURI", "encodeURI", "decodeURI"]}`, false, "maxItems"},
	{"repeated item", `{"id": "ab", "ops": ["encodeURI", "encodeURI"]}`, false, "uniqueItems"},
	{"enum through a $ref to another schema", `{"id": "ab", "ops": ["escape"]}`, false, "enum"},
	{"integer with a fraction", `{"id": "ab", "ops": ["encodeURI"], "n": 1.5}`, false, "type"},
	{"below minimum", `{"id": "ab", "ops": ["encodeURI"], "n": -1}`, false, "minimum"},
	{"above maximum", `{"id": "ab", "ops": ["encodeURI"], "n": 11}`, false, "maximum"},
	{"none of a type list", `{"id": "ab", "ops": ["encodeURI"], "x": "1"}`, false, "type"},
	{"const", `{"id": "ab", "ops": ["encodeURI"], "kind": "K"}`, false, "const"},
	{"additionalProperties as a schema", `{"id": "ab", "ops": ["encodeURI"], "tags": {"a": 1}}`, false, "type"},
	{"anyOf: none holds", `{"id": "ab", "ops": ["encodeURI"], "any": 1.5}`, false, "anyOf"},
	{"oneOf: two hold", `{"id": "ab", "ops": ["encodeURI"], "one": 6}`, false, "oneOf"},
	{"oneOf: none holds", `{"id": "ab", "ops": ["encodeURI"], "one": 1.5}`, false, "oneOf"},
	{"not", `{"id": "ab", "ops": ["encodeURI"], "no": "s"}`, false, "not"},
	{"if then", `{"id": "ab", "ops": ["encodeURI"], "cond": {"k": "a"}}`, false, "required"},
	{"if else", `{"id": "ab", "ops": ["encodeURI"], "cond": {"k": "b", "a": 1}}`, false, "not"},
	{"false schema", `{"id": "ab", "ops": ["encodeURI"], "never": 1}`, false, "false"},
	{"allOf", `{"id": "ab", "ops": ["encodeURI"], "all": "ab"}`, false, "minLength"},
}

func load(t *testing.T) *Set {
	t.Helper()
	s := NewSet()
	for name, data := range map[string]string{"other.schema.json": other, "main.schema.json": main} {
		if err := s.Add(name, []byte(data)); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// TestValidate validates each case: a valid document passes, and each
// broken one fails on the keyword it breaks, with the path of the value.
func TestValidate(t *testing.T) {
	s := load(t)
	for _, c := range cases {
		err := s.ValidateJSON("main.schema.json", []byte(c.doc))
		if c.valid {
			if err != nil {
				t.Errorf("%s: %v", c.name, err)
			}
			continue
		}
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("%s: accepted (%v)", c.name, err)
			continue
		}
		found := false
		for _, v := range e.Violations {
			found = found || v.Keyword == c.kw
		}
		if !found {
			t.Errorf("%s: %v, want a violation of %s", c.name, err, c.kw)
		}
	}
}

// TestViolationPath checks where a violation is said to be: a JSON
// Pointer into the document.
func TestViolationPath(t *testing.T) {
	err := load(t).ValidateJSON("main.schema.json", []byte(`{"id": "ab", "ops": ["encodeURI", "bogus"], "tags": {"a/b": 2}}`))
	var e *Error
	if !errors.As(err, &e) || len(e.Violations) != 2 || e.Violations[0].Path != "/ops/1" || e.Violations[1].Path != "/tags/a~1b" {
		t.Fatalf("%v", err)
	}
	if !strings.Contains(err.Error(), `/ops/1: enum: "bogus" is not one of ["encodeURI","decodeURI"]`) {
		t.Errorf("message %q", err)
	}
}

// TestGoValues validates Go values other than decoded JSON, and part of
// a schema named by a fragment.
func TestGoValues(t *testing.T) {
	s := load(t)
	type doc struct {
		ID  string   `json:"id"`
		Ops []string `json:"ops"`
		N   int      `json:"n"`
	}
	if err := s.Validate("main.schema.json", doc{"ab", []string{"decodeURI"}, 3}); err != nil {
		t.Error(err)
	}
	if err := s.Validate("main.schema.json", doc{"ab", []string{"decodeURI"}, -3}); err == nil {
		t.Error("n=-3 accepted")
	}
	if err := s.Validate("https://example.com/b/main.schema.json#/$defs/cond", map[string]any{"k": "a"}); err == nil {
		t.Error("cond without a accepted")
	}
	if m, err := s.Schema("main.schema.json#/properties/n"); err != nil || m["type"] != "integer" {
		t.Errorf("Schema: %v %v", m, err)
	}
}

// TestBadSchemas: a schema with a keyword the validator does not
// implement, a pattern that does not compile, a $ref to nothing or the
// wrong draft is refused, saying where.
func TestBadSchemas(t *testing.T) {
	head := `{"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": "https://example.com/x.json", `
	for _, c := range []struct{ schema, want string }{
		{head + `"properties": {"a": {"patternProperties": {}}}}`, `/properties/a/patternProperties`},
		{head + `"items": {"pattern": "("}}`, `/items/pattern`},
		{head + `"$defs": {"d": {"$ref": "#/$defs/none"}}}`, `/$defs/d/$ref`},
		{head + `"$defs": {"d": {"$ref": "y.json"}}}`, `/$defs/d/$ref`},
		{head + `"type": "int"}`, `/type`},
		{`{"$schema": "http://json-schema.org/draft-07/schema#"}`, `/$schema`},
	} {
		dir := t.TempDir()
		f := filepath.Join(dir, "x.json")
		if err := os.WriteFile(f, []byte(c.schema), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := Load(f)
		var e *SchemaError
		if !errors.As(err, &e) || e.Path != c.want {
			t.Errorf("%s: %v, want an error at %s", c.schema, err, c.want)
		}
	}
}

// TestPythonAgrees runs the cases through Python's jsonschema, an
// implementation of draft 2020-12 we did not write, where it is
// installed: it must accept and reject exactly the documents this
// package does. It is the one test of the tree that uses jsonschema; the
// tests that validate pctest's files use this package, and this test is
// what says the package means by a schema what others do.
func TestPythonAgrees(t *testing.T) {
	testenv.Require(t, testenv.Module("python3", "jsonschema"), testenv.Module("python3", "referencing"))
	var docs []json.RawMessage
	for _, c := range cases {
		docs = append(docs, json.RawMessage(c.doc))
	}
	in, err := json.Marshal(map[string]any{"schemas": []json.RawMessage{json.RawMessage(other), json.RawMessage(main)}, "docs": docs})
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("python3", "-c", `
import json, sys, jsonschema
from referencing import Registry, Resource
d = json.load(sys.stdin)
for s in d["schemas"]:
    jsonschema.Draft202012Validator.check_schema(s)
reg = Registry().with_resources([(s["$id"], Resource.from_contents(s)) for s in d["schemas"]])
v = jsonschema.Draft202012Validator(d["schemas"][1], registry=reg)
print(json.dumps([v.is_valid(doc) for doc in d["docs"]]))
`)
	cmd.Stdin = strings.NewReader(string(in))
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("python3: %v", err)
	}
	var valid []bool
	if err := json.Unmarshal(out, &valid); err != nil || len(valid) != len(cases) {
		t.Fatalf("python3: %q (%v)", out, err)
	}
	for i, c := range cases {
		if valid[i] != c.valid {
			t.Errorf("%s: jsonschema says valid=%v, this package %v", c.name, valid[i], c.valid)
		}
	}
}

// TestModuleSchemas loads every schema of the module (*.schema.json) into
// one set: each is draft 2020-12, uses only keywords this package
// implements, has its own $id, and every $ref resolves.
func TestModuleSchemas(t *testing.T) {
	var files []string
	err := filepath.WalkDir("../..", func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") && path != "../.." || d.Name() == "node_modules" || d.Name() == "work" || d.Name() == "bin") {
			return filepath.SkipDir
		}
		if strings.HasSuffix(path, ".schema.json") {
			files = append(files, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 12 {
		t.Fatalf("found %d schemas: %q", len(files), files)
	}
	if _, err := Load(files...); err != nil {
		t.Error(err)
	}
}
