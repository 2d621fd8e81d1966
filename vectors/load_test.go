package vectors

import (
	"errors"
	"strconv"
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
		{"id-with-space", wrap(`{"id":"my a#b","op":"encodeURI","in":"a","out":"a","ref":"r","level":"must"}`), 2, "", "id", `"my a#b" holds ' ' at byte 2`},
		{"id-with-escape", wrap(`{"id":"a\u001b[31m","op":"encodeURI","in":"a","out":"a","ref":"r","level":"must"}`), 2, "", "id", `holds '\x1b' at byte 1`},
		{"unknown-set", `{"area":"rfc3986","vectors":[` + "\n" + `{"id":"a","op":"percentEncodeSet","in_hex":"41","args":{"set":"nope"},"out":"A","ref":"r","level":"must"}]}`, 2, "a", "args.set", "unknown encode set \"nope\""},
		{"unknown-encoding", `{"area":"encoding","vectors":[` + "\n" + `{"id":"a","op":"queryEncode","in":"a","args":{"encoding":"nope"},"out":"a","ref":"r","level":"must"}]}`, 2, "a", "args.encoding", "unknown encoding label \"nope\""},
		{"lone-surrogate-into-utf8-op", `{"area":"rfc3986","vectors":[` + "\n" + `{"id":"a","op":"normalize","in":"a\udc00","out":"a","ref":"r","level":"must"}]}`, 2, "a", "in", "lone surrogate at code unit 1"},
		{"bom", "\xef\xbb\xbf{\"area\":\"ecmascript\",\"vectors\":[]}", 1, "", "", "a byte order mark (EF BB BF)"},
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
// own part of one slice, sized by the file's count of "id" strings,
// against LoadFile file by file, on every way a count can be wrong: right,
// too high (a note that is the string "id", which leaves a gap to close),
// too low (a member name "id" written with an escape, whose vectors then
// lie elsewhere and are concatenated), and zero with vectors in the file.
// When no count is too low, the result is the one slice, its capacity the
// counts' sum, and the room past its vectors is cleared.
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
	byName := map[string]string{
		"exact":    file(vec("e.1", ""), vec("e.2", "")),
		"exact2":   file(vec("x.1", ""), vec("x.2", "")),
		"gaps":     file(vec("g.1", `,"note":"id"`), vec("g.2", `,"note":"id"`), vec("g.3", "")),
		"escaped":  file(vec("s.1", ""), escaped("s.2"), escaped("s.3")),
		"zero":     file(escaped("z.1")),
		"empty":    file(),
		"gapsOnly": file(vec("o.1", `,"note":"id"`)),
	}
	for _, tc := range []struct {
		names   []string
		inPlace bool
	}{
		{[]string{"exact", "gaps", "exact2"}, true},
		{[]string{"gaps", "gapsOnly", "exact"}, true},
		{[]string{"empty", "gaps", "empty", "exact"}, true},
		{[]string{"exact", "escaped", "gaps"}, false},
		{[]string{"zero", "exact"}, false},
		{[]string{"exact", "zero"}, false},
	} {
		t.Run(strings.Join(tc.names, "+"), func(t *testing.T) {
			var names []string
			var data [][]byte
			var want []Vector
			hints := 0
			for _, name := range tc.names {
				src := byName[name]
				names, data = append(names, name+".json"), append(data, []byte(src))
				hints += idHint([]byte(src))
				vs, err := LoadFile(name+".json", []byte(src))
				if err != nil {
					t.Fatalf("LoadFile %s: %v", name, err)
				}
				want = append(want, vs...)
			}
			got, err := loadFiles(names, data)
			if err != nil {
				t.Fatalf("loadFiles: %v", err)
			}
			if len(want) == 0 {
				t.Fatal("no vectors to compare: the case is wrong")
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("loadFiles differs from LoadFile file by file (-want +got):\n%s", diff)
			}
			switch {
			case tc.inPlace && cap(got) != hints:
				t.Errorf("capacity %d, want %d (the vectors in the one slice the counts sized)", cap(got), hints)
			case !tc.inPlace && cap(got) != len(got):
				t.Errorf("capacity %d, want %d (the files' vectors concatenated)", cap(got), len(got))
			}
			for i, v := range got[len(got):cap(got)] {
				if !cmp.Equal(v, Vector{}) {
					t.Errorf("room past the vectors, element %d: %q left in it", len(got)+i, v.ID)
				}
			}
		})
	}
}

// TestLoadFilesCorpusErrors checks loadFiles' errors: a file's error, the first
// in the order of files when several fail, and ids that two files share,
// each a *FormatError naming the later file, its line and the earlier
// file, up to 20.
func TestLoadFilesCorpusErrors(t *testing.T) {
	good := `{"area":"ecmascript","vectors":[` + "\n" + goodVector + "\n]}"
	bad := func(field string) string {
		return `{"area":"ecmascript","vectors":[` + "\n" + `{"id":"b","op":"encodeURI","in":"a","out":"a","ref":"r","level":"` + field + `"}]}`
	}
	_, err := loadFiles([]string{"good.json", "bad1.json", "bad2.json"}, [][]byte{[]byte(good), []byte(bad("x")), []byte("{")})
	var fe *FormatError
	if !errors.As(err, &fe) || fe.File != "bad1.json" || fe.Line != 2 || fe.Field != "level" {
		t.Errorf("loadFiles with two bad files: %v; want bad1.json's FormatError, line 2, field level", err)
	}

	many := func(prefix string, n int) string {
		var vs []string
		for i := range n {
			vs = append(vs, `{"id":"`+prefix+strconv.Itoa(i)+`","op":"encodeURI","in":"a","out":"a","ref":"r","level":"must"}`)
		}
		return `{"area":"ecmascript","vectors":[` + "\n" + strings.Join(vs, ",\n") + "\n]}"
	}
	_, err = loadFiles([]string{"a.json", "b.json"}, [][]byte{[]byte(many("d", 3)), []byte(many("d", 3))})
	var errs []*FormatError
	for _, e := range unwrapAll(err) {
		if errors.As(e, &fe) {
			errs = append(errs, fe)
		}
	}
	if len(errs) != 3 {
		t.Fatalf("two files with the same 3 ids: %d FormatErrors (%v), want 3", len(errs), err)
	}
	for i, fe := range errs {
		if fe.File != "b.json" || fe.Line != i+2 || fe.ID != "d"+strconv.Itoa(i) || fe.Field != "id" || !strings.Contains(fe.Reason, "also in a.json") {
			t.Errorf("duplicate %d: %+v; want b.json line %d, id d%d, also in a.json", i, fe, i+2, i)
		}
	}
	names, data := []string{}, [][]byte{}
	for f := range 4 {
		names, data = append(names, "f"+strconv.Itoa(f)+".json"), append(data, []byte(many("same", 15)))
	}
	_, err = loadFiles(names, data)
	if n := len(unwrapAll(err)); n != maxErrors {
		t.Errorf("4 files with the same 15 ids: %d errors, want %d", n, maxErrors)
	}
}

// unwrapAll returns the errors err joins, or err alone.
func unwrapAll(err error) []error {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		return j.Unwrap()
	}
	if err == nil {
		return nil
	}
	return []error{err}
}
