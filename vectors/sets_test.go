package vectors

import (
	"encoding/json"
	"errors"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/pctest/pctest/internal/jsonschema"
)

// TestNamedSetsFile checks the embedded sets.json: it parses, names the 27
// sets percentEncodeSet's vectors use and no other, and SetByName finds
// each set by its name.
func TestNamedSetsFile(t *testing.T) {
	sets, err := NamedSets()
	if err != nil {
		t.Fatal(err)
	}
	inFile := map[string]bool{}
	for _, s := range sets {
		inFile[s.Name] = true
		if got, ok := SetByName(s.Name); !ok || got.Name != s.Name {
			t.Errorf("SetByName(%q) = %q, %v", s.Name, got.Name, ok)
		}
	}
	if _, ok := SetByName("whatwg.nope"); ok {
		t.Error(`SetByName("whatwg.nope") found a set`)
	}
	used := map[string]bool{}
	for _, v := range vectorsOf(t, "percentEncodeSet") {
		used[v.Args["set"]] = true
	}
	for name := range used {
		if !inFile[name] {
			t.Errorf("vectors use set %q, which sets.json does not name", name)
		}
	}
	for name := range inFile {
		if !used[name] {
			t.Errorf("sets.json names %q, which no percentEncodeSet vector uses", name)
		}
	}
}

// TestParseSetsErrors checks that a broken sets file is refused with a
// *FormatError that names the set and the field.
func TestParseSetsErrors(t *testing.T) {
	const ref = `"ref":{"document":"d","section":"s","quote":"q"}`
	for _, tc := range []struct{ data, id, field, reason string }{
		{`{"description":"","sets":[]}`, "", "sets", "no sets"},
		{`{"description":"","sets":[{"name":"a","keeps":["41-40"],"keep_count":0,"keeps_ascii":"",` + ref + `}]}`, "", "", "increasing order"},
		{`{"description":"","sets":[{"name":"a","keeps":["41"],"keep_count":2,"keeps_ascii":"A",` + ref + `}]}`, "a", "keep_count", "holds 1 octets"},
		{`{"description":"","sets":[{"name":"a","keeps":["41"],"keep_count":1,"keeps_ascii":"B",` + ref + `}]}`, "a", "keeps_ascii", "printable ASCII"},
		{`{"description":"","sets":[{"name":"a","keeps":["41","42"],"keep_count":2,"keeps_ascii":"AB",` + ref + `}]}`, "a", "keeps", "not adjacent"},
		{`{"description":"","sets":[{"name":"b","keeps":[],"keep_count":0,"keeps_ascii":"",` + ref + `},{"name":"a","keeps":[],"keep_count":0,"keeps_ascii":"",` + ref + `}]}`, "a", "name", "sorted"},
		{`{"description":"","sets":[{"name":"a","keeps":[],"keep_count":0,"keeps_ascii":"","ref":{"document":"d","section":"s","quote":""}}]}`, "a", "ref", "required"},
		{`{"description":"","sets":[{"name":"a","keeps":[],"keep_count":0,"keeps_ascii":"","members":[],` + ref + `}]}`, "", "", "unknown field"},
	} {
		_, err := parseSets("x.json", []byte(tc.data))
		var fe *FormatError
		if !errors.As(err, &fe) {
			t.Errorf("%s: err = %v, want a *FormatError", tc.data, err)
			continue
		}
		if fe.File != "x.json" || fe.ID != tc.id || fe.Field != tc.field || !strings.Contains(err.Error(), tc.reason) {
			t.Errorf("%s: err = %v (id %q, field %q); want id %q, field %q, reason with %q", tc.data, err, fe.ID, fe.Field, tc.id, tc.field, tc.reason)
		}
	}
}

// TestNewNamedSet checks the ranges, count and printable ASCII that
// NewNamedSet works out, and that Keep and Contains give the table back.
func TestNewNamedSet(t *testing.T) {
	var keep [256]bool
	for _, c := range []int{0x00, 0x20, 0x21, 0x22, 0x41, 0x7e, 0x7f, 0xff} {
		keep[c] = true
	}
	s := NewNamedSet("x", keep, SetRef{})
	var got []string
	for _, r := range s.Keeps {
		got = append(got, r.String())
	}
	if strings.Join(got, " ") != "00 20-22 41 7e-7f ff" || s.KeepCount != 8 || s.KeepsASCII != ` !"A~` {
		t.Errorf("NewNamedSet = %v, %d, %q", got, s.KeepCount, s.KeepsASCII)
	}
	if s.Keep() != keep {
		t.Error("Keep() is not the table NewNamedSet was given")
	}
	for c := 0; c < 256; c++ {
		if s.Contains(byte(c)) != keep[c] {
			t.Errorf("Contains(%#02x) = %v", c, !keep[c])
		}
	}
}

// TestSetsSchema validates sets.json against sets.schema.json, checks that
// the schema refuses a set with a malformed range, and that it requires
// exactly the members that SetsFile, NamedSet and SetRef write, so that the
// schema and the Go types cannot drift apart.
func TestSetsSchema(t *testing.T) {
	v, err := jsonschema.Load("sets.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := v.ValidateFile("sets.schema.json", "sets.json"); err != nil {
		t.Error(err)
	}
	bad := `{"description":"","sets":[{"name":"a.b","keeps":["4"],"keep_count":0,"keeps_ascii":"","ref":{"document":"d","section":"s","quote":"q"}}]}`
	if v.ValidateJSON("sets.schema.json", []byte(bad)) == nil {
		t.Error("the schema accepts the range \"4\"")
	}
	data, err := os.ReadFile("sets.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	type object struct {
		Required   []string                   `json:"required"`
		Properties map[string]json.RawMessage `json:"properties"`
	}
	var schema struct {
		object
		Defs struct {
			Set object `json:"set"`
		} `json:"$defs"`
	}
	if err := json.Unmarshal(data, &schema); err != nil {
		t.Fatal(err)
	}
	var ref object
	if err := json.Unmarshal(schema.Defs.Set.Properties["ref"], &ref); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		what string
		obj  object
		typ  reflect.Type
	}{
		{"file", schema.object, reflect.TypeFor[SetsFile]()},
		{"set", schema.Defs.Set, reflect.TypeFor[NamedSet]()},
		{"ref", ref, reflect.TypeFor[SetRef]()},
	} {
		var tags []string
		for f := range c.typ.Fields() {
			tags = append(tags, strings.Split(f.Tag.Get("json"), ",")[0])
		}
		var props []string
		for p := range c.obj.Properties {
			props = append(props, p)
		}
		slices.Sort(tags)
		slices.Sort(props)
		req := slices.Sorted(slices.Values(c.obj.Required))
		if !slices.Equal(tags, req) || !slices.Equal(tags, props) {
			t.Errorf("%s: the Go type writes %q; the schema requires %q and describes %q", c.what, tags, req, props)
		}
	}
}
