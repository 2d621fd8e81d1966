package report

import (
	"encoding/json"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// jsonFields returns the JSON names of t's fields, embedded structs'
// fields included, and which of them are written always (no omitempty).
func jsonFields(t reflect.Type) (names []string, always []string) {
	for i := range t.NumField() {
		f := t.Field(i)
		tag, ok := f.Tag.Lookup("json")
		if f.Anonymous && !ok {
			n, a := jsonFields(f.Type)
			names, always = append(names, n...), append(always, a...)
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		if name == "-" || !f.IsExported() {
			continue
		}
		names = append(names, name)
		if !strings.Contains(opts, "omitempty") {
			always = append(always, name)
		}
	}
	slices.Sort(names)
	slices.Sort(always)
	return names, always
}

// schemaAt returns the object schema at path in root: property names, and
// "[]" for an array's items.
func schemaAt(t *testing.T, root map[string]any, path ...string) map[string]any {
	t.Helper()
	s := root
	for _, p := range path {
		var next any
		if p == "[]" {
			next = s["items"]
		} else if strings.HasPrefix(p, "#") {
			next = root["$defs"].(map[string]any)[p[1:]]
		} else {
			next = s["properties"].(map[string]any)[p]
		}
		m, ok := next.(map[string]any)
		if !ok {
			t.Fatalf("no schema at %v", path)
		}
		s = m
	}
	return s
}

// keys returns the sorted keys of a schema's properties and its required
// list.
func keys(s map[string]any) (props, required []string) {
	ps, _ := s["properties"].(map[string]any)
	for k := range ps {
		props = append(props, k)
	}
	rs, _ := s["required"].([]any)
	for _, k := range rs {
		required = append(required, k.(string))
	}
	slices.Sort(props)
	slices.Sort(required)
	return props, required
}

// TestSchemasMatchTypes checks the Go type of every object of
// report.schema.json and fuzz.schema.json against the schema: the type's
// JSON fields are the schema's properties, every required property is a
// field written always, and every field written always is required.
func TestSchemasMatchTypes(t *testing.T) {
	for _, tc := range []struct {
		file string
		path []string
		typ  any
	}{
		{"check.schema.json", nil, CheckReport{}},
		{"check.schema.json", []string{"check_info"}, CheckInfo{}},
		{"check.schema.json", []string{"checks", "[]"}, CheckItem{}},
		{"report.schema.json", nil, RunReport{}},
		{"report.schema.json", []string{"run_info"}, RunInfo{}},
		{"report.schema.json", []string{"summary"}, RunSummary{}},
		{"report.schema.json", []string{"incidents"}, Incidents{}},
		{"report.schema.json", []string{"causes", "[]"}, Cause{}},
		{"report.schema.json", []string{"stale", "[]"}, Stale{}},
		{"report.schema.json", []string{"results", "[]"}, Record{}},
		{"report.schema.json", []string{"#response"}, Response{}},
		{"fuzz.schema.json", nil, FuzzReport{}},
		{"fuzz.schema.json", []string{"fuzz_info"}, FuzzInfo{}},
		{"fuzz.schema.json", []string{"summary"}, FuzzSummary{}},
		{"fuzz.schema.json", []string{"summary", "causes", "[]"}, FuzzCause{}},
		{"fuzz.schema.json", []string{"incidents"}, Incidents{}},
		{"fuzz.schema.json", []string{"findings", "[]"}, findingJSON{}},
		{"report.schema.json", []string{"#warning"}, Warning{}},
		{"report.schema.json", []string{"#warning", "examples", "[]"}, Example{}},
		{"fuzz.schema.json", []string{"#warning"}, Warning{}},
		{"fuzz.schema.json", []string{"#warning", "examples", "[]"}, Example{}},
		{"fuzz.schema.json", []string{"corpus"}, CorpusReplay{}},
		{"fuzz.schema.json", []string{"#corpus_entry"}, CorpusEntry{}},
	} {
		data, err := os.ReadFile(tc.file)
		if err != nil {
			t.Fatal(err)
		}
		var root map[string]any
		if err := json.Unmarshal(data, &root); err != nil {
			t.Fatalf("%s: %v", tc.file, err)
		}
		s := schemaAt(t, root, tc.path...)
		typ := reflect.TypeOf(tc.typ)
		names, always := jsonFields(typ)
		props, required := keys(s)
		where := tc.file + " " + strings.Join(tc.path, ".") + " and " + typ.Name()
		if diff := cmp.Diff(props, names); diff != "" {
			t.Errorf("%s: properties differ (-schema +type):\n%s", where, diff)
		}
		for _, r := range required {
			if !slices.Contains(always, r) {
				t.Errorf("%s: %q is required, but the type may leave it out", where, r)
			}
		}
		if len(required) > 0 {
			for _, a := range always {
				if !slices.Contains(required, a) {
					t.Errorf("%s: %q is always written, but not required", where, a)
				}
			}
		}
	}
}
