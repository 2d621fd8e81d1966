package vectors

import (
	"errors"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// corpus loads the embedded vectors once for all tests.
var corpusOnce = sync.OnceValues(Load)

func loadCorpus(t *testing.T) []Vector {
	t.Helper()
	vs, err := corpusOnce()
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	return vs
}

func TestLoad(t *testing.T) {
	vs := loadCorpus(t)
	if len(vs) < 1500 {
		t.Errorf("Load returned %d vectors, want at least 1500", len(vs))
	}
	perFile := map[string]int{}
	perOp := map[string]int{}
	perLevel := map[string]int{}
	for _, v := range vs {
		perFile[v.File]++
		perOp[string(v.Op)]++
		perLevel[v.Level]++
		if v.Line < 2 {
			t.Errorf("%s: line %d", v.ID, v.Line)
		}
	}
	for _, f := range Files() {
		if perFile[f] == 0 {
			t.Errorf("%s: no vectors", f)
		}
	}
	for _, op := range Ops() {
		if perOp[string(op.Name)] == 0 {
			t.Errorf("op %s: no vectors", op.Name)
		}
	}
	t.Logf("%d vectors; per file %v", len(vs), perFile)
	t.Logf("per op %v", perOp)
	t.Logf("per level %v", perLevel)
}

const goodVector = `{"id":"ecma.encodeURI.x","op":"encodeURI","in":"a","out":"a","ref":"r","level":"must"}`

// TestLoadFileErrors checks that every kind of malformed file or vector is
// reported as a *FormatError naming the file, the line, the vector's id and
// the field.
func TestLoadFileErrors(t *testing.T) {
	wrap := func(vectors ...string) string {
		return "{\"area\":\"ecmascript\",\"vectors\":[\n" + strings.Join(vectors, ",\n") + "\n]}\n"
	}
	for _, tt := range []struct {
		name, data string
		line       int
		id, field  string
		reason     string // a part of the reason
	}{
		{"syntax", "{\"area\":\"ecmascript\",\n\"vectors\":[\n{\"id\":}]}", 3, "", "", "unexpected character"},
		{"not-object", `[]`, 1, "", "", "want a JSON object"},
		{"no-area", `{"vectors":[]}`, 1, "", "area", "missing"},
		{"unknown-area", `{"area":"x","vectors":[]}`, 1, "", "area", "unknown area"},
		{"no-vectors", `{"area":"iri"}`, 1, "", "vectors", "missing"},
		{"unknown-top-member", `{"area":"iri","vectors":[],"x":1}`, 1, "", "x", "unknown member"},
		{"vector-not-object", wrap(goodVector, `"x"`), 3, "", "", "want a vector object"},
		{"no-id", wrap(`{"op":"encodeURI","in":"a","out":"a","ref":"r","level":"must"}`), 2, "", "id", "missing"},
		{"empty-id", wrap(`{"id":"","op":"encodeURI","in":"a","out":"a","ref":"r","level":"must"}`), 2, "", "id", "empty"},
		{"duplicate-id", wrap(goodVector, goodVector), 3, "ecma.encodeURI.x", "id", "duplicate id (first at line 2)"},
		{"unknown-op", wrap(`{"id":"a","op":"encodeURL","in":"a","out":"a","ref":"r","level":"must"}`), 2, "a", "op", "unknown op"},
		{"op-of-other-area", wrap(`{"id":"a","op":"normalize","in":"a","out":"a","ref":"r","level":"must"}`), 2, "a", "op", "belongs to area rfc3986"},
		{"no-input", wrap(`{"id":"a","op":"encodeURI","out":"a","ref":"r","level":"must"}`), 2, "a", "in", "missing"},
		{"hex-input-to-text-op", wrap(`{"id":"a","op":"encodeURI","in_hex":"41","out":"a","ref":"r","level":"must"}`), 2, "a", "in_hex", "takes text input"},
		{"utf16-input-in-file", wrap(`{"id":"a","op":"encodeURI","in_utf16":"0041","out":"a","ref":"r","level":"must"}`), 2, "a", "in_utf16", "unknown member"},
		{"two-inputs", wrap(`{"id":"a","op":"encodeURI","in":"a","in_hex":"41","out":"a","ref":"r","level":"must"}`), 2, "a", "in_hex", "more than one input"},
		{"no-result", wrap(`{"id":"a","op":"encodeURI","in":"a","ref":"r","level":"must"}`), 2, "a", "out", "missing"},
		{"two-results", wrap(`{"id":"a","op":"encodeURI","in":"a","out":"a","error":"URIError","ref":"r","level":"must"}`), 2, "a", "error", "more than one result"},
		{"hex-result-for-text-op", wrap(`{"id":"a","op":"encodeURI","in":"a","out_hex":"61","ref":"r","level":"must"}`), 2, "a", "out_hex", "answers text"},
		{"unknown-error-kind", wrap(`{"id":"a","op":"encodeURI","in":"a","error":"EscapeError","ref":"r","level":"must"}`), 2, "a", "error", "no error kind"},
		{"no-ref", wrap(`{"id":"a","op":"encodeURI","in":"a","out":"a","level":"must"}`), 2, "a", "ref", "missing"},
		{"empty-ref", wrap(`{"id":"a","op":"encodeURI","in":"a","out":"a","ref":"","level":"must"}`), 2, "a", "ref", "empty"},
		{"bad-level", wrap(`{"id":"a","op":"encodeURI","in":"a","out":"a","ref":"r","level":"MUST"}`), 2, "a", "level", `want "must", "should" or "implementation-defined"`},
		{"no-level", wrap(`{"id":"a","op":"encodeURI","in":"a","out":"a","ref":"r"}`), 2, "a", "level", "missing"},
		{"note-not-string", wrap(`{"id":"a","op":"encodeURI","in":"a","out":"a","ref":"r","level":"must","note":1}`), 2, "a", "note", "want a string"},
		{"source-not-string", wrap(`{"id":"a","op":"encodeURI","in":"a","out":"a","ref":"r","level":"must","source":1}`), 2, "a", "source", "want a string"},
		{"source-not-https", wrap(`{"id":"a","op":"encodeURI","in":"a","out":"a","ref":"r","level":"must","source":"http://example.com/1"}`), 2, "a", "source", "want an https URL"},
		{"source-empty", wrap(`{"id":"a","op":"encodeURI","in":"a","out":"a","ref":"r","level":"must","source":""}`), 2, "a", "source", "want an https URL"},
		{"source-with-space", wrap(`{"id":"a","op":"encodeURI","in":"a","out":"a","ref":"r","level":"must","source":"https://example.com/a b"}`), 2, "a", "source", "want an https URL"},
		{"unknown-member", wrap(`{"id":"a","op":"encodeURI","in":"a","out":"a","ref":"r","level":"must","expect":"a"}`), 2, "a", "expect", "unknown member"},
		{"in-not-string", wrap(goodVector, strings.Replace(goodVector, ".x", ".y", 1), "\n"+`{"id":"b","op":"encodeURI","in":1,"out":"a","ref":"r","level":"must"}`), 5, "b", "in", "want a string"},
		{"bad-hex", `{"area":"rfc3986","vectors":[` + "\n" + `{"id":"a","op":"percentEncode","in_hex":"4","out":"a","ref":"r","level":"must"}]}`, 2, "a", "in_hex", "two hex digits"},
		{"bad-out-hex", `{"area":"rfc3986","vectors":[` + "\n" + `{"id":"a","op":"percentDecode","in":"a","out_hex":"6g","ref":"r","level":"must"}]}`, 2, "a", "out_hex", "two hex digits"},
		{"missing-arg", `{"area":"rfc3986","vectors":[` + "\n" + `{"id":"a","op":"percentEncodeSet","in_hex":"41","out":"A","ref":"r","level":"must"}]}`, 2, "a", "args.set", "missing"},
		{"extra-arg", `{"area":"rfc3986","vectors":[` + "\n" + `{"id":"a","op":"percentEncode","in_hex":"41","args":{"set":"x"},"out":"A","ref":"r","level":"must"}]}`, 2, "a", "args.set", "no such argument"},
		{"lone-surrogate-into-utf8-op", `{"area":"rfc3986","vectors":[` + "\n" + `{"id":"a","op":"normalize","in":"a\udc00","out":"a","ref":"r","level":"must"}]}`, 2, "a", "in", "lone surrogate at code unit 1"},
		{"invalid-utf8", "{\"area\":\"ecmascript\",\"vectors\":[\n{\"id\":\"a\xff\"}]}", 2, "", "", "invalid UTF-8"},
	} {
		_, err := LoadFile(tt.name+".json", []byte(tt.data))
		var fe *FormatError
		if !errors.As(err, &fe) {
			t.Errorf("%s: error = %v, want a *FormatError", tt.name, err)
			continue
		}
		want := &FormatError{File: tt.name + ".json", Line: tt.line, ID: tt.id, Field: tt.field}
		if diff := cmp.Diff(want, fe, cmpopts.IgnoreFields(FormatError{}, "Reason", "Err")); diff != "" || !strings.Contains(fe.Reason, tt.reason) {
			t.Errorf("%s: reason %q, want one with %q; (-want +got):\n%s", tt.name, fe.Reason, tt.reason, diff)
		}
		if !strings.HasPrefix(err.Error(), tt.name+".json:") {
			t.Errorf("%s: error text %q does not start with the file name", tt.name, err)
		}
	}
}

func TestFormatErrorText(t *testing.T) {
	for _, tt := range []struct {
		e    FormatError
		want string
	}{
		{FormatError{File: "f.json", Line: 3, ID: "a.b", Field: "out", Reason: "missing"}, `f.json:3: vector "a.b": field "out": missing`},
		{FormatError{Field: "id", Reason: "missing"}, `field "id": missing`},
		{FormatError{Line: 2, Reason: "r"}, `line 2: r`},
	} {
		if got := tt.e.Error(); got != tt.want {
			t.Errorf("Error() = %q, want %q", got, tt.want)
		}
	}
	inner := &SyntaxError{Offset: 1, Reason: "x"}
	var se *SyntaxError
	if err := error(&FormatError{Err: inner}); !errors.As(err, &se) || se != inner {
		t.Error("FormatError does not unwrap to its Err")
	}
}

func TestLoadFileReportsManyErrors(t *testing.T) {
	var b strings.Builder
	b.WriteString("{\"area\":\"ecmascript\",\"vectors\":[\n")
	for i := range 30 {
		if i > 0 {
			b.WriteString(",\n")
		}
		b.WriteString(`{"id":"x","op":"encodeURI"}`)
	}
	b.WriteString("]}")
	_, err := LoadFile("many.json", []byte(b.String()))
	if err == nil {
		t.Fatal("no error")
	}
	if n := strings.Count(err.Error(), "many.json:"); n != maxErrors {
		t.Errorf("%d errors reported, want %d:\n%v", n, maxErrors, err)
	}
}

// TestSourceRoundTrip reads a vector with a source and writes it back
// byte for byte: the source comes last, after the note.
func TestSourceRoundTrip(t *testing.T) {
	const line = `{"id":"ecma.encodeURI.x","op":"encodeURI","in":"a","out":"a","ref":"r","level":"must","note":"n","source":"https://github.com/psf/requests/issues/5461"}`
	var v Vector
	if err := v.UnmarshalJSON([]byte(line)); err != nil {
		t.Fatal(err)
	}
	if v.Source != "https://github.com/psf/requests/issues/5461" {
		t.Errorf("Source = %q", v.Source)
	}
	if got := string(AppendVectorJSON(nil, v)); got != line {
		t.Errorf("AppendVectorJSON:\n got %s\nwant %s", got, line)
	}
	w := v
	w.Source = ""
	if v.Digest() != w.Digest() {
		t.Error("the source changes the digest: it must not, as ref and note do not")
	}
}

// TestLoadFilesParts checks loadFiles, which parses each file into its
// own part of one slice, sized by the file's count of "id" members,
// against LoadFile file by file, on every way a count can be wrong: right,
// too high (a note that is the string "id", which leaves a gap to close),
// too low (a member name "id" written with an escape, whose vectors then
// lie elsewhere), and zero with vectors in the file.
func TestLoadFilesParts(t *testing.T) {
	vec := func(id, extra string) string {
		return `{"id":"` + id + `","op":"encodeURI","in":"a","out":"a","ref":"r","level":"must"` + extra + `}`
	}
	escaped := func(id string) string {
		return `{"\u0069d":"` + id + `","op":"encodeURI","in":"a","out":"a","ref":"r","level":"must"}`
	}
	file := func(vs ...string) string {
		return `{"area":"ecmascript","vectors":[` + "\n" + strings.Join(vs, ",\n") + "\n]}"
	}
	files := map[string]string{
		"exact":    file(vec("e.1", ""), vec("e.2", "")),
		"gaps":     file(vec("g.1", `,"note":"id"`), vec("g.2", `,"note":"id"`), vec("g.3", "")),
		"escaped":  file(vec("s.1", ""), escaped("s.2"), escaped("s.3")),
		"zero":     file(escaped("z.1")),
		"empty":    file(),
		"gapsOnly": file(vec("o.1", `,"note":"id"`)),
	}
	for _, order := range [][]string{
		{"exact", "gaps", "exact2"},
		{"gaps", "gapsOnly", "exact"},
		{"exact", "escaped", "gaps"},
		{"zero", "exact"},
		{"empty", "gaps", "empty", "exact"},
	} {
		t.Run(strings.Join(order, "+"), func(t *testing.T) {
			var data [][]byte
			var want []Vector
			for i, name := range order {
				src := files[name]
				if name == "exact2" {
					src = strings.ReplaceAll(files["exact"], `"e.`, `"x.`)
				}
				order[i] = name + ".json"
				data = append(data, []byte(src))
				vs, err := LoadFile(order[i], []byte(src))
				if err != nil {
					t.Fatalf("LoadFile %s: %v", order[i], err)
				}
				want = append(want, vs...)
			}
			got, err := loadFiles(order, data)
			if err != nil {
				t.Fatalf("loadFiles: %v", err)
			}
			if len(want) == 0 {
				t.Fatal("no vectors to compare: the case is wrong")
			}
			if diff := cmp.Diff(want, got, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("loadFiles differs from LoadFile file by file (-want +got):\n%s", diff)
			}
		})
	}
}
