package vectors

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"testing"
)

// This file writes the parts of vectors.schema.json and
// registry.schema.json that state the op table (Ops): the areas and their
// ops, the op and error enums, the ops of each input and output kind, and
// one condition per op on its errors and args. TestSchemaOpsGenerated
// checks that the committed schemas hold exactly what it writes; with
// -update it rewrites them. The rest of each schema is written by hand and
// kept as it is, in its order.

// schemaArgs describes each arg of an op for the schema: a new op that
// takes an arg no op took before needs a line here.
var schemaArgs = map[string]string{
	"set":      "",
	"other":    "",
	"encoding": "A WHATWG Encoding Standard label (§4.2 get an encoding).",
	"scheme":   "A URL scheme, lowercase (WHATWG URL §4.1: special or not).",
}

// A jnode is a JSON value that keeps its members' order: an object (keys
// and vals), an array (items) or a scalar (raw).
type jnode struct {
	kind  byte // '{', '[' or 0 for a scalar
	keys  []string
	vals  []*jnode
	items []*jnode
	raw   []byte
}

func parseJNode(data []byte) (*jnode, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	return readJNode(dec)
}

func readJNode(dec *json.Decoder) (*jnode, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch tok {
	case json.Delim('{'):
		n := &jnode{kind: '{'}
		for dec.More() {
			k, err := dec.Token()
			if err != nil {
				return nil, err
			}
			v, err := readJNode(dec)
			if err != nil {
				return nil, err
			}
			n.keys, n.vals = append(n.keys, k.(string)), append(n.vals, v)
		}
		_, err := dec.Token()
		return n, err
	case json.Delim('['):
		n := &jnode{kind: '['}
		for dec.More() {
			v, err := readJNode(dec)
			if err != nil {
				return nil, err
			}
			n.items = append(n.items, v)
		}
		_, err := dec.Token()
		return n, err
	}
	return jscalar(tok), nil
}

func jscalar(v any) *jnode {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		panic(err) // strings, numbers and bools only
	}
	return &jnode{raw: bytes.TrimSuffix(b.Bytes(), []byte("\n"))}
}

// jobj makes an object of key, value pairs; jstrs an array of strings.
func jobj(kv ...any) *jnode {
	n := &jnode{kind: '{'}
	for i := 0; i < len(kv); i += 2 {
		n.keys = append(n.keys, kv[i].(string))
		n.vals = append(n.vals, kv[i+1].(*jnode))
	}
	return n
}

func jarr(items ...*jnode) *jnode { return &jnode{kind: '[', items: items} }

func jstrs(s []string) *jnode {
	n := &jnode{kind: '['}
	for _, x := range s {
		n.items = append(n.items, jscalar(x))
	}
	return n
}

// at returns the member of n at path (keys, and ints for array items).
func (n *jnode) at(path ...any) (*jnode, error) {
	for _, p := range path {
		switch p := p.(type) {
		case string:
			i := slices.Index(n.keys, p)
			if n.kind != '{' || i < 0 {
				return nil, fmt.Errorf("no member %q", p)
			}
			n = n.vals[i]
		case int:
			if n.kind != '[' || p >= len(n.items) {
				return nil, fmt.Errorf("no item %d", p)
			}
			n = n.items[p]
		}
	}
	return n, nil
}

// set replaces the member key of the object at path with v.
func (n *jnode) set(v *jnode, path ...any) error {
	parent, err := n.at(path[:len(path)-1]...)
	if err != nil {
		return err
	}
	key := path[len(path)-1].(string)
	i := slices.Index(parent.keys, key)
	if parent.kind != '{' || i < 0 {
		return fmt.Errorf("no member %q", key)
	}
	parent.vals[i] = v
	return nil
}

func (n *jnode) appendCompact(b []byte) []byte {
	switch n.kind {
	case '{':
		b = append(b, '{')
		for i, k := range n.keys {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, jscalar(k).raw...)
			b = append(b, ':')
			b = n.vals[i].appendCompact(b)
		}
		return append(b, '}')
	case '[':
		b = append(b, '[')
		for i, it := range n.items {
			if i > 0 {
				b = append(b, ',')
			}
			b = it.appendCompact(b)
		}
		return append(b, ']')
	}
	return append(b, n.raw...)
}

// format writes n as the schemas are written: one space of indent a level,
// and a final newline.
func (n *jnode) format() ([]byte, error) {
	var out bytes.Buffer
	if err := json.Indent(&out, n.appendCompact(nil), "", " "); err != nil {
		return nil, err
	}
	out.WriteByte('\n')
	return out.Bytes(), nil
}

// opSchemaParts patches the op-table parts of vectors.schema.json (doc).
func opSchemaParts(doc *jnode) error {
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
	byArea := jarr()
	for _, a := range areas {
		byArea.items = append(byArea.items, jobj(
			"if", jobj("properties", jobj("area", jobj("const", jscalar(a)))),
			"then", jobj("properties", jobj("vectors", jobj("items", jobj("properties", jobj("op", jobj("enum", jstrs(opsOfArea[a]))))))),
		))
	}
	conds, err := doc.at("$defs", "vector", "allOf")
	if err != nil {
		return err
	}
	if len(conds.items) < 3 {
		return fmt.Errorf("$defs.vector.allOf: want the expected-member, input-kind and output-kind conditions first")
	}
	perOp := conds.items[:3:3]
	for _, op := range Ops() {
		var then *jnode
		noArgs := jobj("not", jobj("required", jstrs([]string{"args"})))
		noError := jobj("required", jstrs([]string{"error"}))
		switch {
		case len(op.Args) > 0:
			props := jobj()
			for _, a := range op.Args {
				desc, ok := schemaArgs[a]
				if !ok {
					return fmt.Errorf("op %s: arg %q has no line in schemaArgs", op.Name, a)
				}
				p := jobj("type", jscalar("string"))
				if desc != "" {
					p = jobj("type", jscalar("string"), "description", jscalar(desc))
				}
				props.keys, props.vals = append(props.keys, a), append(props.vals, p)
			}
			args := jobj("type", jscalar("object"), "required", jstrs(op.Args), "properties", props, "additionalProperties", jscalar(false))
			if len(op.Errors) > 0 {
				then = jobj("required", jstrs([]string{"args"}), "properties", jobj("error", jobj("enum", jstrs(op.Errors)), "args", args))
			} else {
				then = jobj("not", noError, "required", jstrs([]string{"args"}), "properties", jobj("args", args))
			}
		case len(op.Errors) > 0:
			then = jobj("properties", jobj("error", jobj("enum", jstrs(op.Errors))), "not", jobj("required", jstrs([]string{"args"})))
		default:
			then = jobj("not", noError, "allOf", jarr(noArgs))
		}
		perOp = append(perOp, jobj("if", jobj("properties", jobj("op", jobj("const", jscalar(string(op.Name))))), "then", then))
	}
	conds.items = perOp
	for _, p := range []struct {
		v    *jnode
		path []any
	}{
		{jstrs(areas), []any{"properties", "area", "enum"}},
		{byArea, []any{"allOf"}},
		{jstrs(names), []any{"$defs", "vector", "properties", "op", "enum"}},
		{jstrs(errKinds), []any{"$defs", "vector", "properties", "error", "enum"}},
		{jstrs(textIn), []any{"$defs", "vector", "allOf", 1, "if", "properties", "op", "enum"}},
		{jstrs(textOut), []any{"$defs", "vector", "allOf", 2, "if", "properties", "op", "enum"}},
	} {
		if err := doc.set(p.v, p.path...); err != nil {
			return fmt.Errorf("%v: %w", p.path, err)
		}
	}
	return nil
}

// registryOpParts patches the op enum of registry.schema.json (doc).
func registryOpParts(doc *jnode) error {
	var names []string
	for _, op := range Ops() {
		names = append(names, string(op.Name))
	}
	return doc.set(jstrs(names), "$defs", "op", "enum")
}

// TestSchemaOpsGenerated checks that vectors.schema.json and
// registry.schema.json state the op table of Ops exactly as
// opSchemaParts and registryOpParts write it: run go test ./vectors -run
// TestSchemaOpsGenerated -update after changing the op table.
func TestSchemaOpsGenerated(t *testing.T) {
	for _, f := range []struct {
		name  string
		patch func(*jnode) error
	}{
		{"vectors.schema.json", opSchemaParts},
		{"registry.schema.json", registryOpParts},
	} {
		data, err := os.ReadFile(f.name)
		if err != nil {
			t.Fatal(err)
		}
		doc, err := parseJNode(data)
		if err != nil {
			t.Fatalf("%s: %v", f.name, err)
		}
		if same, err := doc.format(); err != nil || !bytes.Equal(same, data) {
			t.Fatalf("%s is not in the schemas' layout (one space of indent a level, one member a line): %v", f.name, err)
		}
		if err := f.patch(doc); err != nil {
			t.Fatalf("%s: %v", f.name, err)
		}
		want, err := doc.format()
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Equal(want, data) {
			continue
		}
		if !*update {
			t.Errorf("%s does not state the op table of Ops: run go test ./vectors -run TestSchemaOpsGenerated -update", f.name)
			continue
		}
		if err := os.WriteFile(f.name, want, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("%s rewritten from the op table", f.name)
	}
}
