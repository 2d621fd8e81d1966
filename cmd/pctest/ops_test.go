package main

import (
	"encoding/hex"
	"encoding/json"
	"maps"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/pctest/pctest/vectors"
)

// schemaKeys returns, for ops.schema.json, the required properties of the
// object at each path ("", "areas", "areas.ops", "sets").
func schemaKeys(t *testing.T) map[string][]string {
	t.Helper()
	data, err := os.ReadFile("ops.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	type obj struct {
		Required   []string                   `json:"required"`
		Properties map[string]json.RawMessage `json:"properties"`
		Items      json.RawMessage            `json:"items"`
	}
	out := map[string][]string{}
	var walk func(path string, raw json.RawMessage)
	walk = func(path string, raw json.RawMessage) {
		var o obj
		if err := json.Unmarshal(raw, &o); err != nil {
			t.Fatal(err)
		}
		if o.Items != nil {
			walk(path, o.Items)
			return
		}
		if o.Required == nil {
			return
		}
		out[path] = o.Required
		if !slices.Equal(slices.Sorted(maps.Keys(o.Properties)), slices.Sorted(slices.Values(o.Required))) {
			t.Errorf("ops.schema.json %q: properties and required differ", path)
		}
		for k, v := range o.Properties {
			p := k
			if path != "" {
				p = path + "." + k
			}
			walk(p, v)
		}
	}
	walk("", data)
	return out
}

// TestOpsJSON: pctest ops -format json has exactly the members
// ops.schema.json requires, every op of the table in its area, and every
// named set of vectors/sets.json with the octets it keeps.
func TestOpsJSON(t *testing.T) {
	r := runPctest(t, "ops", "-format", "json")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	followsSchema(t, "ops.schema.json", r.stdout)
	keys := schemaKeys(t)
	var generic map[string]any
	if err := json.Unmarshal([]byte(r.stdout), &generic); err != nil {
		t.Fatal(err)
	}
	check := func(path string, m map[string]any) {
		if !slices.Equal(slices.Sorted(maps.Keys(m)), slices.Sorted(slices.Values(keys[path]))) {
			t.Errorf("%q has members %q, the schema %q", path, slices.Sorted(maps.Keys(m)), keys[path])
		}
	}
	check("", generic)
	for _, a := range generic["areas"].([]any) {
		check("areas", a.(map[string]any))
		for _, op := range a.(map[string]any)["ops"].([]any) {
			check("areas.ops", op.(map[string]any))
		}
	}
	for _, s := range generic["sets"].([]any) {
		check("sets", s.(map[string]any))
	}

	var l opsListing
	if err := json.Unmarshal([]byte(r.stdout), &l); err != nil {
		t.Fatal(err)
	}
	if l.SuiteVersion != suiteVersion() {
		t.Errorf("suite_version %q, want %q", l.SuiteVersion, suiteVersion())
	}
	var ops []string
	total := 0
	for _, a := range l.Areas {
		total += a.Vectors
		for _, op := range a.Ops {
			info, ok := vectors.Op(op.Name).Info()
			if !ok || info.Area != a.Name || info.Doc != op.Doc {
				t.Errorf("op %s listed in area %s, the table says %+v", op.Name, a.Name, info)
			}
			ops = append(ops, op.Name)
		}
	}
	if len(ops) != len(vectors.Ops()) {
		t.Errorf("%d ops listed, the table has %d", len(ops), len(vectors.Ops()))
	}
	vs, _ := vectors.Load()
	if total != len(vs) {
		t.Errorf("areas count %d vectors, the corpus %d", total, len(vs))
	}
	sets, err := vectors.NamedSets()
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Sets) != len(sets) {
		t.Errorf("%d sets, vectors/sets.json names %d", len(l.Sets), len(sets))
	}
	for i, s := range l.Sets {
		keeps, err := hex.DecodeString(s.KeepsHex)
		if i >= len(sets) || s.Name != sets[i].Name || err != nil || s.KeepCount != len(keeps) || s.KeepCount != sets[i].KeepCount {
			t.Errorf("set %s: keeps %s (%d), not the set of vectors/sets.json", s.Name, s.KeepsHex, s.KeepCount)
			continue
		}
		for _, c := range keeps {
			if !sets[i].Contains(c) {
				t.Errorf("set %s: keeps %#02x, which vectors/sets.json does not", s.Name, c)
			}
		}
	}
}

// TestOpsText: the text listing names the suite version, every area, op
// and named set; a bad -format is a usage error.
func TestOpsText(t *testing.T) {
	r := runPctest(t, "ops")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	for _, op := range vectors.Ops() {
		if !strings.Contains(r.stdout, "\n  "+string(op.Name)+" ") || !strings.Contains(r.stdout, "area "+op.Area+" (") {
			t.Errorf("text listing lacks op %s or area %s", op.Name, op.Area)
		}
	}
	sets, err := vectors.NamedSets()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range sets {
		if !strings.Contains(r.stdout, "\n  "+s.Name+" ") {
			t.Errorf("text listing lacks set %s", s.Name)
		}
	}
	if !strings.Contains(r.stdout, suiteVersion()) {
		t.Error("text listing lacks the suite version")
	}
	if r := runPctest(t, "ops", "-format", "yaml"); r.code != exitUsage || !strings.Contains(r.stderr, "yaml") {
		t.Errorf("-format yaml: exit %d, stderr %q", r.code, r.stderr)
	}
	if r := runPctest(t, "ops", "extra"); r.code != exitUsage {
		t.Errorf("ops extra: exit %d", r.code)
	}
}
