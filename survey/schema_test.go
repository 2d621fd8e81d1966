package main

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/pctest/pctest/internal/cause"
	"github.com/pctest/pctest/internal/jsonschema"
	"github.com/pctest/pctest/vectors"
)

// The schemas of the survey's files live beside them (survey/*.schema.json);
// the registry's, which vectors/deviations.json follows too, beside the
// vectors (vectors/registry.schema.json). The tests here validate every
// such file with internal/jsonschema, and check that the schemas state
// what the Go types read.

// surveySchemas are the survey's schemas, in survey/.
var surveySchemas = []string{"mapping.schema.json", "testee.schema.json", "results.schema.json", "functions.schema.json", "upstream-reports.schema.json"}

// schemaFiles maps each schema (as loadSchemas names it) to the files it
// describes, relative to the module's root.
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

// loadSchemas loads the registry's schema and the survey's, each known
// by its base name, and checks their $id.
func loadSchemas(t *testing.T) *jsonschema.Set {
	t.Helper()
	root := moduleRootT(t)
	v := jsonschema.NewSet()
	add := func(dir, name string) {
		data, err := os.ReadFile(filepath.Join(root, dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if err := v.Add(name, data); err != nil {
			t.Fatal(err)
		}
		s, err := v.Schema(name)
		if err != nil {
			t.Fatal(err)
		}
		if s["$id"] != "https://github.com/pctest/pctest/"+dir+"/"+name {
			t.Errorf("%s/%s: $id %v does not name where it is", dir, name, s["$id"])
		}
	}
	add("vectors", "registry.schema.json")
	for _, name := range surveySchemas {
		add("survey", name)
	}
	return v
}

// violations returns the violations err lists (none for nil); any other
// error fails the test.
func violations(t *testing.T, err error) []jsonschema.Violation {
	t.Helper()
	var e *jsonschema.Error
	if err != nil && !errors.As(err, &e) {
		t.Fatal(err)
	}
	if e == nil {
		return nil
	}
	return e.Violations
}

// TestSchemasValidateFiles validates every registry, mapping.json and
// testee.json, and survey/rows.json (an array of rows of
// testee.schema.json), against their schemas.
func TestSchemasValidateFiles(t *testing.T) {
	root := moduleRootT(t)
	v := loadSchemas(t)
	n := 0
	for schema, files := range schemaFiles(t, root) {
		for _, f := range files {
			if err := v.ValidateFile(schema, filepath.Join(root, f)); err != nil {
				t.Error(err)
			}
			n++
		}
	}
	data, err := os.ReadFile(filepath.Join(root, "survey", "rows.json"))
	if err != nil {
		t.Fatal(err)
	}
	var rows []json.RawMessage
	if err := json.Unmarshal(data, &rows); err != nil {
		t.Fatal(err)
	}
	for i, row := range rows {
		if err := v.ValidateJSON("testee.schema.json#/$defs/row", row); err != nil {
			t.Errorf("survey/rows.json row %d: %v", i, err)
		}
	}
	t.Logf("%d files validated", n+1)
}

// TestSchemasRejectBroken checks that the validator, with the schemas,
// rejects files broken in each way the schemas forbid.
func TestSchemasRejectBroken(t *testing.T) {
	v := loadSchemas(t)
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
		if len(violations(t, v.Validate(c.schema+".schema.json", c.doc()))) == 0 {
			t.Errorf("%s: accepted", c.name)
		}
	}
	if err := v.Validate("registry.schema.json", []any{entry()}); err != nil {
		t.Errorf("a good entry is rejected: %v", err)
	}
	if err := v.Validate("results.schema.json", results(map[string]any{"name": "r", "fuzz_not_run": "exit 2, no report: x"})); err != nil {
		t.Errorf("good results are rejected: %v", err)
	}
}

// TestSchemasMatchGoTypes checks that each schema states what its Go type
// reads: the same property names as the type's JSON fields, required
// exactly where the type has no omitempty (but for the listed optional
// ones), and the enums of ops, labels and relations of vectors.Ops,
// vectors.Labels and internal/cause.Relations.
func TestSchemasMatchGoTypes(t *testing.T) {
	v := loadSchemas(t)
	def := func(file, ref string) map[string]any {
		s, err := v.Schema(file + ref)
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
		{"mapping", items(def("mapping.schema.json", "")), reflect.TypeFor[Mapping](), []string{"variant"}},
		{"testee.json", def("testee.schema.json", ""), reflect.TypeFor[TesteeDir](), nil},
		{"row", def("testee.schema.json", "#/$defs/row"), reflect.TypeFor[Row](), nil},
		{"results.json", def("results.schema.json", ""), reflect.TypeFor[Summary](), nil},
		{"results.json row", def("results.schema.json", "#/properties/rows/items"), reflect.TypeFor[SummaryRow](), nil},
		{"results.json group", def("results.schema.json", "#/properties/rows/items/properties/groups/items"), reflect.TypeFor[SummaryGroup](), nil},
		{"results.json example", def("results.schema.json", "#/properties/rows/items/properties/groups/items/properties/example"), reflect.TypeFor[SummaryExample](), nil},
		{"evidence", def("registry.schema.json", "#/$defs/evidence"), reflect.TypeFor[vectors.Evidence](), nil},
		{"review", def("registry.schema.json", "#/$defs/review"), reflect.TypeFor[vectors.Review](), nil},
		{"function", items(def("functions.schema.json", "")), reflect.TypeFor[Function](), nil},
		{"upstream report", items(def("upstream-reports.schema.json", "")), reflect.TypeFor[UpstreamReport](), nil},
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

func asList(x any) []any { l, _ := x.([]any); return l }
