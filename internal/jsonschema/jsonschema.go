// Package jsonschema validates JSON documents against JSON Schema draft
// 2020-12 (https://json-schema.org/draft/2020-12), as far as pctest's own
// schemas use it: it is the one schema checker of pctest's tests.
//
// It implements the keywords those schemas use — type (a name or a list),
// enum, const, properties, required, additionalProperties (false or a
// schema), items, minItems, maxItems, uniqueItems, minLength, pattern,
// minimum, maximum, allOf, anyOf, oneOf, not, if/then/else and $ref
// (within a document and to another schema of the [Set], resolved against
// the referring document's $id) — and ignores the ones that only annotate
// (title, description, $comment, format, examples, default). A schema that
// uses any other keyword is refused when it is added, so that a schema
// never means less here than it says.
package jsonschema

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Draft is the $schema of every schema a [Set] holds.
const Draft = "https://json-schema.org/draft/2020-12/schema"

// validating are the keywords the validator evaluates.
var validating = []string{"type", "enum", "const", "properties", "required", "additionalProperties",
	"items", "minItems", "maxItems", "uniqueItems", "minLength", "pattern", "minimum", "maximum",
	"allOf", "anyOf", "oneOf", "not", "if", "then", "else", "$ref"}

// annotating are the keywords that do not constrain a document ("format"
// is an annotation in draft 2020-12 unless a validator opts in), and the
// ones that identify or hold schemas.
var annotating = []string{"$schema", "$id", "$defs", "$comment", "title", "description", "format", "examples", "default"}

// A Set holds schemas by their $id, so that one may refer to another.
type Set struct {
	docs  map[string]map[string]any // by $id, without fragment
	names map[string]string         // $id by the file or name it was added as
	res   map[string]*regexp.Regexp // compiled patterns
	refs  []pendingRef              // every $ref, for Load to check
}

// A pendingRef is a $ref of a schema added, checked once every schema is.
type pendingRef struct{ name, id, path, ref string }

// NewSet returns an empty set.
func NewSet() *Set {
	return &Set{docs: map[string]map[string]any{}, names: map[string]string{}, res: map[string]*regexp.Regexp{}}
}

// Load returns a set holding the schema files named, each checked as
// [Set.Add] checks it, and every $ref of each resolving in the set.
func Load(files ...string) (*Set, error) {
	s := NewSet()
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		if err := s.Add(f, data); err != nil {
			return nil, err
		}
	}
	for _, r := range s.refs {
		if _, _, err := s.resolve(r.id, r.ref); err != nil {
			return nil, &SchemaError{Name: r.name, Path: r.path, Msg: err.Error()}
		}
	}
	return s, nil
}

// A SchemaError says what is wrong with a schema, and where.
type SchemaError struct {
	Name string // the name the schema was added as: its file, say
	Path string // a JSON Pointer into the schema
	Msg  string
}

// Error names the schema, the place in it and the fault.
func (e *SchemaError) Error() string {
	return fmt.Sprintf("schema %s at %q: %s", e.Name, e.Path, e.Msg)
}

// Add adds the schema data, known as name (its file, say), to the set.
// The schema must be an object with $schema [Draft]; its $id (or, without
// one, name as a file URI) is what other schemas' $ref resolve to. Add
// checks that every keyword is one the validator knows and every pattern
// compiles; a $ref that resolves to nothing is a violation when a
// document reaches it ([Load] checks them all).
func (s *Set) Add(name string, data []byte) error {
	var root map[string]any
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := dec.Decode(&root); err != nil {
		return &SchemaError{Name: name, Msg: "not a JSON object: " + err.Error()}
	}
	if root["$schema"] != Draft {
		return &SchemaError{Name: name, Path: "/$schema", Msg: fmt.Sprintf("%v, want %s", root["$schema"], Draft)}
	}
	id, _ := root["$id"].(string)
	if id == "" {
		abs, err := filepath.Abs(name)
		if err != nil {
			return &SchemaError{Name: name, Msg: err.Error()}
		}
		id = (&url.URL{Scheme: "file", Path: filepath.ToSlash(abs)}).String()
	}
	u, err := url.Parse(id)
	if err != nil || !u.IsAbs() || u.Fragment != "" {
		return &SchemaError{Name: name, Path: "/$id", Msg: fmt.Sprintf("%q is not an absolute URI without fragment", id)}
	}
	if _, dup := s.docs[id]; dup {
		return &SchemaError{Name: name, Path: "/$id", Msg: fmt.Sprintf("a schema with $id %s is in the set already", id)}
	}
	s.docs[id] = root
	s.names[name] = id
	if err := s.check(name, id, root, ""); err != nil {
		delete(s.docs, id)
		delete(s.names, name)
		return err
	}
	return nil
}

// check walks the schema node at path of the document id (added as name).
func (s *Set) check(name, id string, node any, path string) error {
	if _, ok := node.(bool); ok {
		return nil
	}
	m, ok := node.(map[string]any)
	if !ok {
		return &SchemaError{Name: name, Path: path, Msg: fmt.Sprintf("a schema must be an object or a boolean, not %s", typeOf(node))}
	}
	bad := func(kw, format string, args ...any) error {
		return &SchemaError{Name: name, Path: path + "/" + kw, Msg: fmt.Sprintf(format, args...)}
	}
	for _, kw := range slices.Sorted(maps.Keys(m)) {
		v := m[kw]
		switch kw {
		case "properties", "$defs":
			sub, ok := v.(map[string]any)
			if !ok {
				return bad(kw, "not an object")
			}
			for _, k := range slices.Sorted(maps.Keys(sub)) {
				if err := s.check(name, id, sub[k], path+"/"+kw+"/"+pointerEscape(k)); err != nil {
					return err
				}
			}
		case "additionalProperties", "items", "not", "if", "then", "else":
			if err := s.check(name, id, v, path+"/"+kw); err != nil {
				return err
			}
		case "allOf", "anyOf", "oneOf":
			l, ok := v.([]any)
			if !ok || len(l) == 0 {
				return bad(kw, "not a non-empty array")
			}
			for i, e := range l {
				if err := s.check(name, id, e, path+"/"+kw+"/"+strconv.Itoa(i)); err != nil {
					return err
				}
			}
		case "$ref":
			ref, ok := v.(string)
			if !ok {
				return bad(kw, "not a string")
			}
			s.refs = append(s.refs, pendingRef{name: name, id: id, path: path + "/" + kw, ref: ref})
		case "type":
			var types []any
			switch t := v.(type) {
			case string:
				types = []any{t}
			case []any:
				types = t
			}
			if len(types) == 0 {
				return bad(kw, "neither a type name nor a list of them")
			}
			for _, t := range types {
				if !slices.Contains([]any{"null", "boolean", "object", "array", "number", "integer", "string"}, t) {
					return bad(kw, "%v is not a JSON Schema type", t)
				}
			}
		case "enum":
			if _, ok := v.([]any); !ok {
				return bad(kw, "not an array")
			}
		case "required":
			l, ok := v.([]any)
			if !ok {
				return bad(kw, "not an array")
			}
			for _, e := range l {
				if _, ok := e.(string); !ok {
					return bad(kw, "%v is not a string", e)
				}
			}
		case "minItems", "maxItems", "minLength":
			if n, ok := number(v); !ok || n < 0 || n != math.Trunc(n) {
				return bad(kw, "%v is not a non-negative integer", v)
			}
		case "minimum", "maximum":
			if _, ok := number(v); !ok {
				return bad(kw, "%v is not a number", v)
			}
		case "uniqueItems":
			if _, ok := v.(bool); !ok {
				return bad(kw, "not a boolean")
			}
		case "pattern":
			p, ok := v.(string)
			if !ok {
				return bad(kw, "not a string")
			}
			re, err := regexp.Compile(p)
			if err != nil {
				return bad(kw, "%v", err)
			}
			s.res[p] = re
		case "const":
		case "$id":
			if path != "" {
				return bad(kw, "an $id below the root is not supported")
			}
		default:
			if !slices.Contains(annotating, kw) {
				return bad(kw, "keyword %q is not one this validator implements (%s)", kw, strings.Join(validating, ", "))
			}
		}
	}
	return nil
}

// resolve returns the document and the schema a $ref names, from the
// document base.
func (s *Set) resolve(base, ref string) (string, any, error) {
	b, err := url.Parse(base)
	if err != nil {
		return "", nil, err
	}
	r, err := url.Parse(ref)
	if err != nil {
		return "", nil, fmt.Errorf("$ref %q: %v", ref, err)
	}
	u := b.ResolveReference(r)
	frag := u.Fragment
	u.Fragment, u.RawFragment = "", ""
	id := u.String()
	root, ok := s.docs[id]
	if !ok {
		return "", nil, fmt.Errorf("$ref %q: no schema %s in the set", ref, id)
	}
	var node any = root
	if frag != "" {
		if !strings.HasPrefix(frag, "/") {
			return "", nil, fmt.Errorf("$ref %q: only JSON Pointer fragments are supported", ref)
		}
		for _, part := range strings.Split(frag[1:], "/") {
			part = strings.ReplaceAll(strings.ReplaceAll(part, "~1", "/"), "~0", "~")
			m, ok := node.(map[string]any)
			if !ok {
				return "", nil, fmt.Errorf("$ref %q does not resolve", ref)
			}
			if node, ok = m[part]; !ok {
				return "", nil, fmt.Errorf("$ref %q does not resolve: no %q", ref, part)
			}
		}
	}
	switch node.(type) {
	case map[string]any, bool:
		return id, node, nil
	}
	return "", nil, fmt.Errorf("$ref %q names no schema", ref)
}

// Schema returns the schema name refers to: the name a schema was added
// as or its $id, with an optional JSON Pointer fragment
// ("testee.schema.json#/$defs/row"). The map is the schema as decoded
// (numbers as json.Number), for tests that compare a schema with Go
// types; it must not be modified.
func (s *Set) Schema(name string) (map[string]any, error) {
	_, node, err := s.lookup(name)
	if err != nil {
		return nil, err
	}
	m, ok := node.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("jsonschema: %s is a boolean schema", name)
	}
	return m, nil
}

// lookup resolves a name of Schema or Validate.
func (s *Set) lookup(name string) (string, any, error) {
	doc, frag, hasFrag := strings.Cut(name, "#")
	id, ok := s.names[doc]
	if !ok {
		if _, isID := s.docs[doc]; !isID {
			return "", nil, fmt.Errorf("jsonschema: no schema %q in the set", doc)
		}
		id = doc
	}
	if !hasFrag {
		return id, s.docs[id], nil
	}
	return s.resolve(id, "#"+frag)
}

// A Violation is one place where a document breaks its schema.
type Violation struct {
	// Path is a JSON Pointer to the value at fault ("" for the document).
	Path string
	// Keyword is the schema keyword that fails ("required", "type", …).
	Keyword string
	// Msg says how.
	Msg string
}

// String gives the violation as the error lists it.
func (v Violation) String() string {
	return fmt.Sprintf("%s: %s: %s", pathOrRoot(v.Path), v.Keyword, v.Msg)
}

func pathOrRoot(p string) string {
	if p == "" {
		return "(document)"
	}
	return p
}

// An Error is what [Set.Validate] returns for a document that breaks its
// schema: every violation found.
type Error struct {
	Schema     string // the name Validate was given
	Violations []Violation
}

// maxListed is how many violations Error's message lists.
const maxListed = 10

// Error lists the first violations, one a line.
func (e *Error) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d violations of %s", len(e.Violations), e.Schema)
	for i, v := range e.Violations {
		if i == maxListed {
			fmt.Fprintf(&b, "\n  … %d more", len(e.Violations)-maxListed)
			break
		}
		b.WriteString("\n  " + v.String())
	}
	return b.String()
}

// Validate validates doc against the schema name names (as
// [Set.Schema] takes it): nil, or an *[Error] listing every violation.
// doc is a value as encoding/json decodes JSON into an any (numbers as
// float64 or json.Number); any other Go value is first encoded as JSON
// and decoded so.
func (s *Set) Validate(name string, doc any) error {
	id, node, err := s.lookup(name)
	if err != nil {
		return err
	}
	if !isJSONValue(doc) {
		data, err := json.Marshal(doc)
		if err != nil {
			return fmt.Errorf("jsonschema: %T is not a JSON value: %v", doc, err)
		}
		doc = nil
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.UseNumber()
		if err := dec.Decode(&doc); err != nil {
			return err
		}
	}
	var vs []Violation
	s.validate(id, node, doc, "", &vs)
	if len(vs) > 0 {
		return &Error{Schema: name, Violations: vs}
	}
	return nil
}

// ValidateJSON decodes data (one JSON value; numbers kept exact) and
// validates it as [Set.Validate] does; JSON that does not decode is an
// error too.
func (s *Set) ValidateJSON(name string, data []byte) error {
	var doc any
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := dec.Decode(&doc); err != nil {
		return fmt.Errorf("jsonschema: %s: %w", name, err)
	}
	if dec.More() {
		return fmt.Errorf("jsonschema: %s: data after the JSON value", name)
	}
	return s.Validate(name, doc)
}

// ValidateFile validates the JSON file path against the schema name.
func (s *Set) ValidateFile(name, path string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if err := s.ValidateJSON(name, data); err != nil {
		var e *Error
		if errors.As(err, &e) {
			e.Schema = name + " (" + path + ")"
		}
		return err
	}
	return nil
}

// validate appends to vs each violation of the schema node (of the
// document id) by x, at path.
func (s *Set) validate(id string, node, x any, path string, vs *[]Violation) {
	bad := func(kw, format string, args ...any) {
		*vs = append(*vs, Violation{Path: path, Keyword: kw, Msg: fmt.Sprintf(format, args...)})
	}
	if b, ok := node.(bool); ok {
		if !b {
			bad("false", "the schema allows no value here")
		}
		return
	}
	m := node.(map[string]any)
	holds := func(sub any) bool {
		var none []Violation
		s.validate(id, sub, x, path, &none)
		return len(none) == 0
	}
	if ref, ok := m["$ref"].(string); ok {
		rid, r, err := s.resolve(id, ref)
		if err != nil {
			bad("$ref", "%v", err)
		} else {
			s.validate(rid, r, x, path, vs)
		}
	}
	if t, ok := m["type"]; ok {
		types, _ := t.([]any)
		if name, ok := t.(string); ok {
			types = []any{name}
		}
		got := typeOf(x)
		if !slices.Contains(types, any(got)) && !(got == "integer" && slices.Contains(types, any("number"))) {
			bad("type", "a %s, want %s", got, joinAny(types, " or "))
			return // the other keywords would only repeat it
		}
	}
	if enum, ok := m["enum"].([]any); ok && !slices.ContainsFunc(enum, func(e any) bool { return equal(e, x) }) {
		bad("enum", "%s is not one of %s", short(x), short(enum))
	}
	if c, ok := m["const"]; ok && !equal(c, x) {
		bad("const", "%s, want %s", short(x), short(c))
	}
	if str, ok := x.(string); ok {
		if n, ok := number(m["minLength"]); ok && float64(utf8.RuneCountInString(str)) < n {
			bad("minLength", "%d characters, fewer than %v", utf8.RuneCountInString(str), n)
		}
		if p, ok := m["pattern"].(string); ok && !s.res[p].MatchString(str) {
			bad("pattern", "%s does not match %q", short(str), p)
		}
	}
	if f, ok := number(x); ok {
		if n, ok := number(m["minimum"]); ok && f < n {
			bad("minimum", "%v is less than %v", f, n)
		}
		if n, ok := number(m["maximum"]); ok && f > n {
			bad("maximum", "%v is more than %v", f, n)
		}
	}
	if arr, ok := x.([]any); ok {
		if n, ok := number(m["minItems"]); ok && float64(len(arr)) < n {
			bad("minItems", "%d items, fewer than %v", len(arr), n)
		}
		if n, ok := number(m["maxItems"]); ok && float64(len(arr)) > n {
			bad("maxItems", "%d items, more than %v", len(arr), n)
		}
		if m["uniqueItems"] == true {
			for i := range arr {
				for j := range i {
					if equal(arr[i], arr[j]) {
						bad("uniqueItems", "items %d and %d are equal", j, i)
					}
				}
			}
		}
		if items, ok := m["items"]; ok {
			for i, e := range arr {
				s.validate(id, items, e, path+"/"+strconv.Itoa(i), vs)
			}
		}
	}
	if obj, ok := x.(map[string]any); ok {
		for _, r := range asList(m["required"]) {
			if _, ok := obj[r.(string)]; !ok {
				bad("required", "%q is missing", r)
			}
		}
		props, _ := m["properties"].(map[string]any)
		more, hasMore := m["additionalProperties"]
		for _, k := range slices.Sorted(maps.Keys(obj)) {
			p := path + "/" + pointerEscape(k)
			if ps, ok := props[k]; ok {
				s.validate(id, ps, obj[k], p, vs)
			} else if hasMore {
				if more == false {
					*vs = append(*vs, Violation{Path: p, Keyword: "additionalProperties", Msg: fmt.Sprintf("%q is not a property the schema allows", k)})
				} else {
					s.validate(id, more, obj[k], p, vs)
				}
			}
		}
	}
	for _, sub := range asList(m["allOf"]) {
		s.validate(id, sub, x, path, vs)
	}
	for _, kw := range []string{"anyOf", "oneOf"} {
		alts := asList(m[kw])
		if len(alts) == 0 {
			continue
		}
		n := 0
		for _, a := range alts {
			if holds(a) {
				n++
			}
		}
		if n == 0 || kw == "oneOf" && n > 1 {
			bad(kw, "%d of its %d schemas hold", n, len(alts))
		}
	}
	if not, ok := m["not"]; ok && holds(not) {
		bad("not", "the value holds the schema it must not")
	}
	if cond, ok := m["if"]; ok {
		if holds(cond) {
			if then, ok := m["then"]; ok {
				s.validate(id, then, x, path, vs)
			}
		} else if els, ok := m["else"]; ok {
			s.validate(id, els, x, path, vs)
		}
	}
}

// typeOf names the JSON type of a decoded value ("integer" for a number
// without a fraction).
func typeOf(x any) string {
	switch x.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case string:
		return "string"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	if f, ok := number(x); ok {
		if f == math.Trunc(f) && !math.IsInf(f, 0) {
			return "integer"
		}
		return "number"
	}
	return fmt.Sprintf("Go %T", x)
}

// number returns a decoded JSON number as a float64.
func number(x any) (float64, bool) {
	switch x := x.(type) {
	case float64:
		return x, true
	case json.Number:
		f, err := x.Float64()
		return f, err == nil
	}
	return 0, false
}

// isJSONValue reports whether x holds only what encoding/json decodes
// into an any.
func isJSONValue(x any) bool {
	switch x := x.(type) {
	case nil, bool, string, float64, json.Number:
		return true
	case []any:
		for _, e := range x {
			if !isJSONValue(e) {
				return false
			}
		}
		return true
	case map[string]any:
		for _, e := range x {
			if !isJSONValue(e) {
				return false
			}
		}
		return true
	}
	return false
}

// equal is JSON equality: numbers by value, arrays in order, objects by
// members.
func equal(a, b any) bool {
	if fa, ok := number(a); ok {
		fb, ok := number(b)
		return ok && fa == fb
	}
	switch a := a.(type) {
	case []any:
		b, ok := b.([]any)
		return ok && slices.EqualFunc(a, b, equal)
	case map[string]any:
		b, ok := b.(map[string]any)
		if !ok || len(a) != len(b) {
			return false
		}
		for k, v := range a {
			w, ok := b[k]
			if !ok || !equal(v, w) {
				return false
			}
		}
		return true
	}
	return a == b
}

func asList(x any) []any { l, _ := x.([]any); return l }

func pointerEscape(k string) string {
	return strings.ReplaceAll(strings.ReplaceAll(k, "~", "~0"), "/", "~1")
}

func joinAny(l []any, sep string) string {
	var parts []string
	for _, x := range l {
		parts = append(parts, fmt.Sprint(x))
	}
	return strings.Join(parts, sep)
}

// short gives a value as JSON, cut at 80 bytes.
func short(x any) string {
	data, err := json.Marshal(x)
	if err != nil {
		return fmt.Sprint(x)
	}
	if len(data) > 80 {
		return string(data[:77]) + "…"
	}
	return string(data)
}
