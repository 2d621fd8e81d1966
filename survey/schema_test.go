package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/pctest/pctest/internal/cause"
	"github.com/pctest/pctest/internal/testenv"
	"github.com/pctest/pctest/vectors"
)

// The schemas of the survey's files and of the registry live beside
// vectors/vectors.schema.json. The tests here validate every such file
// with schemaValidator, a validator of the part of JSON Schema 2020-12 the
// schemas use (listed in validate), check that the schemas state what the
// Go types read, and cross-check the validator with Python's jsonschema
// where it is installed.

// schemaFiles maps each schema to the files it describes, relative to the
// module's root.
func schemaFiles(t *testing.T, root string) map[string][]string {
	t.Helper()
	glob := func(p string) []string {
		m, err := filepath.Glob(filepath.Join(root, p))
		if err != nil || len(m) == 0 {
			t.Fatalf("no files %s (%v)", p, err)
		}
		for i := range m {
			m[i], _ = filepath.Rel(root, m[i])
		}
		return m
	}
	globOpt := func(p string) []string {
		m, _ := filepath.Glob(filepath.Join(root, p))
		for i := range m {
			m[i], _ = filepath.Rel(root, m[i])
		}
		return m
	}
	return map[string][]string{
		"registry.schema.json":         append([]string{"vectors/deviations.json", "survey/verdicts.json"}, glob("survey/testees/*/verdicts.json")...),
		"mapping.schema.json":          glob("survey/testees/*/mapping.json"),
		"testee.schema.json":           glob("survey/testees/*/testee.json"),
		"results.schema.json":          {"survey/results.json"},
		"functions.schema.json":        globOpt("survey/testees/*/functions.json"),
		"upstream-reports.schema.json": globOpt("survey/testees/*/upstream-reports.json"),
	}
}

// A schemaValidator validates JSON values against the schemas of a
// directory, resolving $ref between them.
type schemaValidator struct {
	schemas map[string]map[string]any // by file name
}

func newSchemaValidator(t *testing.T, dir string) *schemaValidator {
	t.Helper()
	v := &schemaValidator{schemas: map[string]map[string]any{}}
	for _, name := range []string{"registry.schema.json", "mapping.schema.json", "testee.schema.json", "results.schema.json", "functions.schema.json", "upstream-reports.schema.json"} {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		var s map[string]any
		if err := json.Unmarshal(data, &s); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if s["$schema"] != "https://json-schema.org/draft/2020-12/schema" || s["$id"] != "https://github.com/pctest/pctest/vectors/"+name {
			t.Errorf("%s: $schema or $id is not what the others have", name)
		}
		v.schemas[name] = s
	}
	return v
}

// resolve returns the schema a $ref names, from the schema file file.
func (v *schemaValidator) resolve(file, ref string) (string, map[string]any, error) {
	target, frag, _ := strings.Cut(ref, "#")
	if target != "" {
		file = target
	}
	s := v.schemas[file]
	if s == nil {
		return "", nil, fmt.Errorf("$ref %q: no schema %s", ref, file)
	}
	var node any = s
	for _, part := range strings.Split(strings.TrimPrefix(frag, "/"), "/") {
		if part == "" {
			continue
		}
		m, ok := node.(map[string]any)
		if !ok {
			return "", nil, fmt.Errorf("$ref %q does not resolve", ref)
		}
		node = m[part]
	}
	m, ok := node.(map[string]any)
	if !ok {
		return "", nil, fmt.Errorf("$ref %q does not resolve", ref)
	}
	return file, m, nil
}

// knownKeywords are the keywords validate implements, and those it
// ignores because they only document ("format" is an annotation in JSON
// Schema 2020-12 unless a validator opts in).
var knownKeywords = []string{"$schema", "$id", "$defs", "$ref", "title", "description", "format",
	"type", "required", "properties", "additionalProperties", "items", "minItems", "minLength",
	"minimum", "enum", "pattern", "anyOf", "oneOf"}

// validate returns what is wrong with x under schema s of file, each
// error with the JSON path where it is.
func (v *schemaValidator) validate(file string, s map[string]any, x any, path string) []string {
	var errs []string
	bad := func(format string, args ...any) { errs = append(errs, path+": "+fmt.Sprintf(format, args...)) }
	for k := range s {
		if !slices.Contains(knownKeywords, k) {
			bad("schema keyword %q is not one the validator knows", k)
		}
	}
	if ref, ok := s["$ref"].(string); ok {
		f, r, err := v.resolve(file, ref)
		if err != nil {
			return append(errs, path+": "+err.Error())
		}
		errs = append(errs, v.validate(f, r, x, path)...)
	}
	if typ, ok := s["type"].(string); ok {
		okType := false
		switch typ {
		case "object":
			_, okType = x.(map[string]any)
		case "array":
			_, okType = x.([]any)
		case "string":
			_, okType = x.(string)
		case "boolean":
			_, okType = x.(bool)
		case "integer":
			f, isNum := x.(float64)
			okType = isNum && f == float64(int64(f))
		default:
			bad("type %q is not one the validator knows", typ)
		}
		if !okType {
			bad("want %s, got %T", typ, x)
			return errs
		}
	}
	if n, ok := s["minimum"].(float64); ok {
		if f, isNum := x.(float64); isNum && f < n {
			bad("%v is less than %v", f, n)
		}
	}
	if enum, ok := s["enum"].([]any); ok && !slices.Contains(enum, x) {
		bad("%v is not one of %v", x, enum)
	}
	if str, ok := x.(string); ok {
		if n, ok := s["minLength"].(float64); ok && len([]rune(str)) < int(n) {
			bad("shorter than %v", n)
		}
		if p, ok := s["pattern"].(string); ok {
			if re, err := regexp.Compile(p); err != nil {
				bad("pattern %q: %v", p, err)
			} else if !re.MatchString(str) {
				bad("%q does not match %q", str, p)
			}
		}
	}
	if arr, ok := x.([]any); ok {
		if n, ok := s["minItems"].(float64); ok && len(arr) < int(n) {
			bad("fewer than %v items", n)
		}
		if items, ok := s["items"].(map[string]any); ok {
			for i, e := range arr {
				errs = append(errs, v.validate(file, items, e, fmt.Sprintf("%s[%d]", path, i))...)
			}
		}
	}
	if obj, ok := x.(map[string]any); ok {
		props, _ := s["properties"].(map[string]any)
		for _, r := range asList(s["required"]) {
			if _, ok := obj[r.(string)]; !ok {
				bad("%q is required", r)
			}
		}
		for k, val := range obj {
			p, ok := props[k].(map[string]any)
			if !ok {
				if s["additionalProperties"] == false {
					bad("%q is not a property of the schema", k)
				}
				if more, ok := s["additionalProperties"].(map[string]any); ok {
					errs = append(errs, v.validate(file, more, val, path+"."+k)...)
				}
				continue
			}
			errs = append(errs, v.validate(file, p, val, path+"."+k)...)
		}
	}
	for _, kw := range []string{"anyOf", "oneOf"} {
		alts := asList(s[kw])
		if len(alts) == 0 {
			continue
		}
		n := 0
		for _, a := range alts {
			if len(v.validate(file, a.(map[string]any), x, path)) == 0 {
				n++
			}
		}
		if n == 0 || kw == "oneOf" && n > 1 {
			bad("%s: %d of its %d schemas hold", kw, n, len(alts))
		}
	}
	return errs
}

func asList(x any) []any { l, _ := x.([]any); return l }

// validateFile validates the file name (relative to root) against schema.
func (v *schemaValidator) validateFile(root, schema, name string) ([]string, error) {
	data, err := os.ReadFile(filepath.Join(root, name))
	if err != nil {
		return nil, err
	}
	var x any
	if err := json.Unmarshal(data, &x); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	return v.validate(schema, v.schemas[schema], x, name), nil
}

// TestSchemasValidateFiles validates every registry, mapping.json and
// testee.json, and survey/rows.json (an array of rows of
// testee.schema.json), against their schemas.
func TestSchemasValidateFiles(t *testing.T) {
	root := moduleRootT(t)
	v := newSchemaValidator(t, filepath.Join(root, "vectors"))
	n := 0
	for schema, files := range schemaFiles(t, root) {
		for _, f := range files {
			errs, err := v.validateFile(root, schema, f)
			if err != nil {
				t.Fatal(err)
			}
			n++
			for _, e := range errs {
				t.Errorf("%s: %s", schema, e)
			}
		}
	}
	rowsSchema := map[string]any{"type": "array", "items": map[string]any{"$ref": "testee.schema.json#/$defs/row"}}
	data, err := os.ReadFile(filepath.Join(root, "survey", "rows.json"))
	if err != nil {
		t.Fatal(err)
	}
	var rows any
	if err := json.Unmarshal(data, &rows); err != nil {
		t.Fatal(err)
	}
	for _, e := range v.validate("testee.schema.json", rowsSchema, rows, "survey/rows.json") {
		t.Error(e)
	}
	t.Logf("%d files validated", n+1)
}

// TestSchemasRejectBroken checks that the validator, with the schemas,
// rejects files broken in each way the schemas forbid.
func TestSchemasRejectBroken(t *testing.T) {
	v := newSchemaValidator(t, filepath.Join(moduleRootT(t), "vectors"))
	entry := func() map[string]any {
		return map[string]any{"id": "x", "rows": []any{"r"}, "ops": []any{"formEncode"}, "relation": "lowercase-hex",
			"title": "t", "verdict": "bug", "spec": "s", "explain": "e"}
	}
	results := func(row map[string]any) map[string]any {
		return map[string]any{"generated": "2026-11-27T21:00:00Z", "suite": "v1", "rows": []any{row}}
	}
	row := func() map[string]any {
		return map[string]any{"name": "r", "language": "L", "library": "l", "argv": []any{"x"}}
	}
	cases := []struct {
		name, schema string
		doc          func() any
	}{
		{"entry without id", "registry", func() any { e := entry(); delete(e, "id"); return []any{e} }},
		{"entry with an unknown field", "registry", func() any { e := entry(); e["bogus"] = 1; return []any{e} }},
		{"entry with no input pattern and no relation", "registry", func() any { e := entry(); delete(e, "relation"); return []any{e} }},
		{"entry with an unknown relation", "registry", func() any { e := entry(); e["relation"] = "odd"; return []any{e} }},
		{"entry with an unknown label", "registry", func() any { e := entry(); e["verdict"] = "suite error"; return []any{e} }},
		{"entry with an unknown op", "registry", func() any { e := entry(); e["ops"] = []any{"x"}; return []any{e} }},
		{"entry with no rows", "registry", func() any { e := entry(); e["rows"] = []any{}; return []any{e} }},
		{"entry with an http docs link", "registry", func() any { e := entry(); e["docs"] = "http://x"; return []any{e} }},
		{"example answer with out and error", "registry", func() any {
			e := entry()
			e["examples"] = []any{map[string]any{"op": "formEncode", "in": "a", "want": map[string]any{"out": "a", "error": "E"}, "got": map[string]any{"out": "b"}}}
			return []any{e}
		}},
		{"mapping without docs", "mapping", func() any { return []any{map[string]any{"function": "f", "op": "formEncode"}} }},
		{"empty mapping", "mapping", func() any { return []any{} }},
		{"testee.json without rows", "testee", func() any { return map[string]any{"apt": []any{"a=1"}} }},
		{"apt package not pinned", "testee", func() any { return map[string]any{"apt": []any{"jq"}, "rows": []any{row()}} }},
		{"row of another kind", "testee", func() any { r := row(); r["kind"] = "library"; return map[string]any{"rows": []any{r}} }},
		{"row with a bad fuzz time", "testee", func() any { r := row(); r["fuzz"] = "10"; return map[string]any{"rows": []any{r}} }},
		{"row with a boolean as string", "testee", func() any { r := row(); r["utf16hex"] = "yes"; return map[string]any{"rows": []any{r}} }},
		{"results row with a fuzz time as a number", "results", func() any { return results(map[string]any{"name": "r", "fuzzed": 10}) }},
		{"results row with an unknown field", "results", func() any { return results(map[string]any{"name": "r", "fuzz_ran": true}) }},
		{"results tally below zero", "results", func() any {
			return results(map[string]any{"name": "r", "ops": map[string]any{"encodeURI": map[string]any{"passed": -1, "failed": 0, "skipped": 0, "expected_failures": 0}}})
		}},
		{"results group without its example", "results", func() any {
			return results(map[string]any{"name": "r", "groups": []any{map[string]any{"cause": "", "relations": map[string]any{}, "vectors": 1, "fuzz": 0}}})
		}},
	}
	for _, c := range cases {
		name := c.schema + ".schema.json"
		if errs := v.validate(name, v.schemas[name], roundTrip(t, c.doc()), "doc"); len(errs) == 0 {
			t.Errorf("%s: accepted", c.name)
		}
	}
	if errs := v.validate("registry.schema.json", v.schemas["registry.schema.json"], roundTrip(t, []any{entry()}), "doc"); len(errs) > 0 {
		t.Errorf("a good entry is rejected: %v", errs)
	}
	if errs := v.validate("results.schema.json", v.schemas["results.schema.json"], roundTrip(t, results(map[string]any{"name": "r", "fuzz_not_run": "exit 2, no report: x"})), "doc"); len(errs) > 0 {
		t.Errorf("good results are rejected: %v", errs)
	}
}

func roundTrip(t *testing.T, x any) any {
	data, err := json.Marshal(x)
	if err != nil {
		t.Fatal(err)
	}
	var y any
	json.Unmarshal(data, &y)
	return y
}

// TestSchemasMatchGoTypes checks that each schema states what its Go type
// reads: the same property names as the type's JSON fields, required
// exactly where the type has no omitempty (but for the listed optional
// ones), and the enums of ops, labels and relations of vectors.Ops,
// vectors.Labels and internal/cause.Relations.
func TestSchemasMatchGoTypes(t *testing.T) {
	v := newSchemaValidator(t, filepath.Join(moduleRootT(t), "vectors"))
	def := func(file, ref string) map[string]any {
		_, s, err := v.resolve(file, ref)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	items := func(s map[string]any) map[string]any { return s["items"].(map[string]any) }
	for _, c := range []struct {
		what     string
		schema   map[string]any
		typ      reflect.Type
		optional []string // fields without omitempty that may be left out
	}{
		{"registry entry", def("registry.schema.json", "#/$defs/entry"), reflect.TypeFor[vectors.Divergence](), nil},
		{"repro", def("registry.schema.json", "#/$defs/entry/properties/repro"), reflect.TypeFor[vectors.Repro](), nil},
		{"example", items(def("registry.schema.json", "#/$defs/entry/properties/examples")), reflect.TypeFor[vectors.DivergenceExample](), nil},
		{"answer", def("registry.schema.json", "#/$defs/answer"), reflect.TypeFor[vectors.DivergenceAnswer](), nil},
		{"mapping", items(v.schemas["mapping.schema.json"]), reflect.TypeFor[Mapping](), []string{"variant"}},
		{"testee.json", v.schemas["testee.schema.json"], reflect.TypeFor[TesteeDir](), nil},
		{"row", def("testee.schema.json", "#/$defs/row"), reflect.TypeFor[Row](), nil},
		{"results.json", v.schemas["results.schema.json"], reflect.TypeFor[Summary](), nil},
		{"results.json row", def("results.schema.json", "#/properties/rows/items"), reflect.TypeFor[SummaryRow](), nil},
		{"results.json group", def("results.schema.json", "#/properties/rows/items/properties/groups/items"), reflect.TypeFor[SummaryGroup](), nil},
		{"results.json example", def("results.schema.json", "#/properties/rows/items/properties/groups/items/properties/example"), reflect.TypeFor[SummaryExample](), nil},
		{"evidence", def("registry.schema.json", "#/$defs/evidence"), reflect.TypeFor[vectors.Evidence](), nil},
		{"review", def("registry.schema.json", "#/$defs/review"), reflect.TypeFor[vectors.Review](), nil},
		{"function", items(v.schemas["functions.schema.json"]), reflect.TypeFor[Function](), nil},
		{"upstream report", items(v.schemas["upstream-reports.schema.json"]), reflect.TypeFor[UpstreamReport](), nil},
		{"results.json tally", def("results.schema.json", "#/properties/rows/items/properties/ops/additionalProperties"), reflect.TypeFor[Tally](), nil},
	} {
		props := c.schema["properties"].(map[string]any)
		var fields, required []string
		for i := range c.typ.NumField() {
			f := c.typ.Field(i)
			tag := f.Tag.Get("json")
			name, opts, _ := strings.Cut(tag, ",")
			if name == "-" || !f.IsExported() {
				continue
			}
			fields = append(fields, name)
			if !strings.Contains(opts, "omitempty") && !slices.Contains(c.optional, name) {
				required = append(required, name)
			}
		}
		var names []string
		for k := range props {
			names = append(names, k)
		}
		var req []string
		for _, r := range asList(c.schema["required"]) {
			req = append(req, r.(string))
		}
		slices.Sort(fields)
		slices.Sort(names)
		slices.Sort(required)
		slices.Sort(req)
		if !slices.Equal(fields, names) {
			t.Errorf("%s: the schema's properties %q, the Go type's fields %q", c.what, names, fields)
		}
		if !slices.Equal(required, req) {
			t.Errorf("%s: the schema requires %q, the Go type %q", c.what, req, required)
		}
		if c.schema["additionalProperties"] != false {
			t.Errorf("%s: the schema allows other properties, which the Go reader refuses", c.what)
		}
	}
	enum := func(ref string) []string {
		var out []string
		for _, x := range asList(def("registry.schema.json", ref)["enum"]) {
			out = append(out, x.(string))
		}
		return out
	}
	var ops, rels []string
	for _, o := range vectors.Ops() {
		ops = append(ops, string(o.Name))
	}
	for _, r := range cause.Relations {
		rels = append(rels, r.ID)
	}
	for _, c := range []struct {
		what      string
		got, want []string
	}{{"ops", enum("#/$defs/op"), ops}, {"labels", enum("#/$defs/label"), append(slices.Clone(vectors.Labels), vectors.NoLabels...)}, {"relations", enum("#/$defs/relation"), rels}} {
		if !slices.Equal(c.got, c.want) {
			t.Errorf("the schema's %s %q, want %q", c.what, c.got, c.want)
		}
	}
}

// TestSchemasJSONSchema validates the same files with Python's jsonschema
// (an implementation of JSON Schema 2020-12 we did not write), where it is
// installed, so that the schemas mean to others what they mean here.
func TestSchemasJSONSchema(t *testing.T) {
	testenv.Require(t, testenv.Module("python3", "jsonschema"), testenv.Module("python3", "referencing"))
	py := "python3"
	root := moduleRootT(t)
	args := []string{"-c", jsonschemaScript}
	for schema, files := range schemaFiles(t, root) {
		for _, f := range files {
			args = append(args, schema+"="+f)
		}
	}
	cmd := exec.Command(py, args...)
	cmd.Dir = root
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("jsonschema: %v\n%s", err, out)
	}
}

const jsonschemaScript = `
import json, sys, jsonschema
from referencing import Registry, Resource
names = ["registry", "mapping", "testee", "results", "functions", "upstream-reports"]
sch = {n + ".schema.json": json.load(open("vectors/" + n + ".schema.json")) for n in names}
reg = Registry().with_resources([(s["$id"], Resource.from_contents(s)) for s in sch.values()])
bad = 0
for s in sch.values():
    jsonschema.Draft202012Validator.check_schema(s)
val = {n: jsonschema.Draft202012Validator(s, registry=reg) for n, s in sch.items()}
for arg in sys.argv[1:]:
    schema, f = arg.split("=", 1)
    for e in list(val[schema].iter_errors(json.load(open(f))))[:5]:
        bad += 1
        print(f, list(e.absolute_path), e.message[:300])
sys.exit(1 if bad else 0)
`
