package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/pctest/pctest/internal/jsonschema"
	"github.com/pctest/pctest/vectors"
)

// test262Keys are the frontmatter keys test262's INTERPRETING.md and
// CONTRIBUTING.md define.
var test262Keys = map[string]bool{"esid": true, "es5id": true, "es6id": true, "description": true, "info": true,
	"features": true, "includes": true, "flags": true, "negative": true, "author": true, "locale": true, "defines": true}

// parseFrontmatter parses the YAML of a test262 frontmatter as test262
// writes it: "key: value", "key: [a, b]", and "key: |" or "key: >" with an
// indented block. It returns the keys' values (a block's lines joined).
func parseFrontmatter(yaml string) (map[string]string, error) {
	out := map[string]string{}
	lines := strings.Split(yaml, "\n")
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		if strings.TrimSpace(line) == "" {
			continue
		}
		k, v, ok := strings.Cut(line, ":")
		if !ok || k == "" || strings.ContainsAny(k, " \t") {
			return nil, fmt.Errorf("line %d: want key: value, got %q", i+1, line)
		}
		if !test262Keys[k] {
			return nil, fmt.Errorf("line %d: %q is not a test262 frontmatter key", i+1, k)
		}
		if _, dup := out[k]; dup {
			return nil, fmt.Errorf("line %d: key %s twice", i+1, k)
		}
		v = strings.TrimSpace(v)
		if v == "|" || v == ">" {
			var block []string
			for i+1 < len(lines) && (strings.HasPrefix(lines[i+1], "  ") || strings.TrimSpace(lines[i+1]) == "") {
				i++
				block = append(block, strings.TrimPrefix(lines[i], "  "))
			}
			if len(block) == 0 {
				return nil, fmt.Errorf("line %d: empty block for %s", i+1, k)
			}
			v = strings.TrimSpace(strings.Join(block, "\n"))
		}
		if strings.HasPrefix(v, "[") != strings.HasSuffix(v, "]") {
			return nil, fmt.Errorf("line %d: unbalanced list %q", i+1, v)
		}
		out[k] = v
	}
	return out, nil
}

// jsLiteral decodes a double-quoted JavaScript string literal of the
// export: printable ASCII but " and \, and \uXXXX escapes, nothing else.
func jsLiteral(lit string) ([]uint16, error) {
	if len(lit) < 2 || lit[0] != '"' || lit[len(lit)-1] != '"' {
		return nil, fmt.Errorf("not a double-quoted literal: %s", lit)
	}
	var u []uint16
	s := lit[1 : len(lit)-1]
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\\':
			if i+6 > len(s) || s[i+1] != 'u' {
				return nil, fmt.Errorf("offset %d: escape other than \\uXXXX in %s", i, lit)
			}
			n, err := strconv.ParseUint(s[i+2:i+6], 16, 16)
			if err != nil {
				return nil, fmt.Errorf("offset %d: %v in %s", i, err, lit)
			}
			u = append(u, uint16(n))
			i += 5
		case c < 0x20 || c > 0x7e || c == '"':
			return nil, fmt.Errorf("offset %d: byte %#x written as it is in %s", i, c, lit)
		default:
			u = append(u, uint16(c))
		}
	}
	return u, nil
}

var (
	lit             = `"(?:[^"\\]|\\u[0-9A-Fa-f]{4})*"`
	sameValueStmt   = regexp.MustCompile(`^assert\.sameValue\((\w+)\((` + lit + `)\), (` + lit + `), (` + lit + `)\);$`)
	throwsStmt      = regexp.MustCompile(`^assert\.throws\(URIError, function\(\) \{\n  (\w+)\((` + lit + `)\);\n\}, (` + lit + `)\);$`)
	test262Esids    = map[string]string{"decodeURI": "sec-decodeuri-encodeduri", "decodeURIComponent": "sec-decodeuricomponent-encodeduricomponent", "encodeURI": "sec-encodeuri-uri", "encodeURIComponent": "sec-encodeuricomponent-uricomponent", "escape": "sec-escape-string", "unescape": "sec-unescape-string"}
	test262Dirs     = map[string]string{"decodeURI": "test/built-ins/", "decodeURIComponent": "test/built-ins/", "encodeURI": "test/built-ins/", "encodeURIComponent": "test/built-ins/", "escape": "test/annexB/built-ins/", "unescape": "test/annexB/built-ins/"}
	copyrightHeader = regexp.MustCompile(`^// Copyright \(C\) \d{4} .+\. All rights reserved\.\n// This code is governed by the BSD license found in the LICENSE file\.\n/\*---\n`)
)

// TestExportTest262Format writes the test262 export with pctest export and
// reads it back as test262 would, offline: every file is in test262's
// layout, has the copyright header and a frontmatter that parses, with an
// esid of its function, a description and an info citing the steps; every
// statement is an assert.sameValue or assert.throws(URIError) whose message
// starts with a vector's id; and the files together hold each ECMAScript
// and Annex B vector of the corpus exactly once, with its input and
// expected answer code unit for code unit.
func TestExportTest262Format(t *testing.T) {
	dir := t.TempDir()
	r := runPctest(t, "export", "test262", dir)
	if r.code != 0 {
		t.Fatalf("pctest export test262: exit %d: %s", r.code, r.stderr)
	}
	all, err := vectors.Load()
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]*vectors.Vector{}
	for i := range all {
		if _, ok := test262Esids[string(all[i].Op)]; ok {
			want[all[i].ID] = &all[i]
		}
	}
	seen := map[string]string{}
	nfiles := 0
	byFile := map[string][]string{}
	err = filepath.WalkDir(filepath.Join(dir, "test"), func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		rel = filepath.ToSlash(rel)
		nfiles++
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		fn := filepath.Base(filepath.Dir(p))
		if test262Dirs[fn] == "" || !strings.HasPrefix(rel, test262Dirs[fn]+fn+"/") || !strings.HasSuffix(rel, ".js") {
			t.Errorf("%s: not where test262 keeps the tests of a URI function or of escape/unescape", rel)
			return nil
		}
		src := string(data)
		if !copyrightHeader.MatchString(src) {
			t.Errorf("%s: no test262 copyright header", rel)
			return nil
		}
		start := strings.Index(src, "/*---\n")
		end := strings.Index(src, "\n---*/\n")
		if start < 0 || end < start {
			t.Errorf("%s: no frontmatter /*--- ... ---*/", rel)
			return nil
		}
		fm, err := parseFrontmatter(src[start+6 : end])
		if err != nil {
			t.Errorf("%s: frontmatter: %v", rel, err)
			return nil
		}
		if fm["esid"] != test262Esids[fn] {
			t.Errorf("%s: esid %q, want %q", rel, fm["esid"], test262Esids[fn])
		}
		if fm["description"] == "" || !strings.Contains(fm["info"], "ECMA-262") || !regexp.MustCompile(`step|Table|uri|sec\.`).MatchString(fm["info"]) {
			t.Errorf("%s: description %q, info %q: want a description and an info citing the step", rel, fm["description"], fm["info"])
		}
		body := strings.TrimSpace(src[end+len("\n---*/\n"):])
		for n, stmt := range splitStatements(body) {
			var op, in, expect, msg string
			isThrow := false
			if m := sameValueStmt.FindStringSubmatch(stmt); m != nil {
				op, in, expect, msg = m[1], m[2], m[3], m[4]
			} else if m := throwsStmt.FindStringSubmatch(stmt); m != nil {
				op, in, msg, isThrow = m[1], m[2], m[3], true
			} else {
				t.Errorf("%s: statement %d is neither assert.sameValue nor assert.throws(URIError, ...): %.200s", rel, n+1, stmt)
				continue
			}
			m, err := jsLiteral(msg)
			if err != nil {
				t.Errorf("%s: statement %d: %v", rel, n+1, err)
				continue
			}
			id, step, _ := strings.Cut(string(utf16ToString(m)), ": ")
			v := want[id]
			if v == nil {
				t.Errorf("%s: statement %d names %q, not an ECMAScript or Annex B vector", rel, n+1, id)
				continue
			}
			if prev, dup := seen[id]; dup {
				t.Errorf("%s: %s again (first in %s)", rel, id, prev)
			}
			seen[id] = rel
			byFile[rel] = append(byFile[rel], id)
			if string(v.Op) != op || op != fn {
				t.Errorf("%s: %s calls %s in the directory of %s; the vector's op is %s", rel, id, op, fn, v.Op)
			}
			if !strings.Contains(step, "ECMA-262") {
				t.Errorf("%s: %s: message %q names no step", rel, id, step)
			}
			gotIn, err := jsLiteral(in)
			if err != nil || !slices.Equal(gotIn, v.In) {
				t.Errorf("%s: %s: input %s (%v), want code units %04X", rel, id, in, err, v.In)
			}
			if isThrow != (v.Expect.Error != "") {
				t.Errorf("%s: %s: throws %v, the vector expects error %q", rel, id, isThrow, v.Expect.Error)
			} else if !isThrow {
				gotOut, err := jsLiteral(expect)
				if err != nil || !slices.Equal(gotOut, v.Expect.Out) {
					t.Errorf("%s: %s: expected %s (%v), want code units %04X", rel, id, expect, err, v.Expect.Out)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for id := range want {
		if _, ok := seen[id]; !ok {
			t.Errorf("vector %s is in no exported file", id)
		}
	}
	if len(seen) != len(want) || len(want) == 0 {
		t.Errorf("%d vectors exported, the corpus has %d ECMAScript and Annex B vectors", len(seen), len(want))
	}
	// The index names the same files and vectors.
	idx := readExportIndex(t, dir)
	if len(idx.Files) != nfiles || idx.SuiteVersion != suiteVersion() {
		t.Errorf("index: %d files, suite %s; the tree has %d, the suite is %s", len(idx.Files), idx.SuiteVersion, nfiles, suiteVersion())
	}
	for _, f := range idx.Files {
		if !slices.Equal(f.Vectors, byFile[f.Path]) {
			t.Errorf("index: %s holds %d vectors, the file %d", f.Path, len(f.Vectors), len(byFile[f.Path]))
		}
	}
	// Grouping: a step's vectors share a file, so that one bug fails few.
	if nfiles > len(want)/10 {
		t.Errorf("%d files for %d vectors: want them grouped by step", nfiles, len(want))
	}
	t.Logf("%d files, %d vectors", nfiles, len(seen))
}

// splitStatements splits a test body into statements: one per line, a
// throws block over three lines.
func splitStatements(body string) []string {
	var out []string
	lines := strings.Split(body, "\n")
	for i := 0; i < len(lines); i++ {
		if strings.HasPrefix(lines[i], "assert.throws(") && i+2 < len(lines) {
			out = append(out, strings.Join(lines[i:i+3], "\n"))
			i += 2
			continue
		}
		out = append(out, lines[i])
	}
	return out
}

// utf16ToString decodes code units (pairs to code points).
func utf16ToString(u []uint16) string { return string(utf16.Decode(u)) }

// TestExportUsage: a bad format or a missing directory is a usage error.
func TestExportUsage(t *testing.T) {
	for _, args := range [][]string{{"export"}, {"export", "test262"}, {"export", "tap", t.TempDir()}, {"export", "wpt", ""}} {
		if r := runPctest(t, args...); r.code != exitUsage || r.stderr == "" {
			t.Errorf("pctest %q: exit %d, stderr %q; want 2 and a message", args, r.code, r.stderr)
		}
	}
	f := filepath.Join(t.TempDir(), "file")
	os.WriteFile(f, nil, 0o644)
	if r := runPctest(t, "export", "test262", f); r.code != exitFail || !strings.Contains(r.stderr, "file") {
		t.Errorf("export into a file: exit %d, stderr %q", r.code, r.stderr)
	}
}

// TestExportLicense: the licence written beside an export is LICENSE.
func TestExportLicense(t *testing.T) {
	data, err := os.ReadFile("../../LICENSE")
	if err != nil {
		t.Fatal(err)
	}
	if string(data) != licenseText || !strings.Contains(licenseText, "BSD 3-Clause") {
		t.Error("licenseText differs from LICENSE")
	}
}

// TestExportWPTFormat reads the WPT export back as WPT's tests read their
// data: percent-encoding.json's shape (comment strings and objects with an
// input and an output per encoding label) holding every queryEncode vector,
// and urlencoded-parser's (input and [[name, value]] pairs) holding every
// formDecode vector, each named by the comment before it.
func TestExportWPTFormat(t *testing.T) {
	dir := t.TempDir()
	if r := runPctest(t, "export", "wpt", dir); r.code != 0 {
		t.Fatalf("pctest export wpt: exit %d: %s", r.code, r.stderr)
	}
	all, err := vectors.Load()
	if err != nil {
		t.Fatal(err)
	}
	read := func(name string) []json.RawMessage {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		var items []json.RawMessage
		if err := json.Unmarshal(data, &items); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		return items
	}
	type peUnit struct {
		Input  string            `json:"input"`
		Output map[string]string `json:"output"`
	}
	type fpUnit struct {
		Input  string      `json:"input"`
		Output [][2]string `json:"output"`
	}
	pe := map[string]peUnit{}
	fp := map[string]fpUnit{}
	for _, c := range []struct {
		name string
		put  func(ids []string, raw json.RawMessage) error
	}{
		{wptPercentEncoding, func(ids []string, raw json.RawMessage) error {
			var u peUnit
			err := json.Unmarshal(raw, &u)
			for _, id := range ids {
				pe[id] = u
			}
			return err
		}},
		{wptURLEncoded, func(ids []string, raw json.RawMessage) error {
			var u fpUnit
			err := json.Unmarshal(raw, &u)
			for _, id := range ids {
				fp[id] = u
			}
			return err
		}},
	} {
		var ids []string
		for i, raw := range read(c.name) {
			var comment string
			if json.Unmarshal(raw, &comment) == nil {
				ids = strings.Fields(strings.TrimPrefix(comment, "pctest "))
				continue
			}
			if len(ids) == 0 {
				t.Errorf("%s: item %d has no comment naming its vectors", c.name, i)
			}
			if err := c.put(ids, raw); err != nil {
				t.Errorf("%s: item %d: %v", c.name, i, err)
			}
			ids = nil
		}
	}
	npe, nfp := 0, 0
	for i := range all {
		v := &all[i]
		switch v.Op {
		case vectors.OpQueryEncode:
			npe++
			u, ok := pe[v.ID]
			if !ok || u.Input != string(utf16ToString(v.In)) || u.Output[v.Args["encoding"]] != string(utf16ToString(v.Expect.Out)) {
				t.Errorf("%s: %s in the export as %+v, want input %q output[%q] %q", wptPercentEncoding, v.ID, u, string(utf16ToString(v.In)), v.Args["encoding"], string(utf16ToString(v.Expect.Out)))
			}
		case vectors.OpFormDecode:
			nfp++
			u, ok := fp[v.ID]
			want := [][2]string{{string(utf16ToString(v.Expect.Out)), ""}}
			if len(v.In) == 0 {
				want = [][2]string{}
			}
			if !ok || u.Input != string(utf16ToString(v.In)) || !slices.Equal(u.Output, want) {
				t.Errorf("%s: %s in the export as %+v, want input %q output %q", wptURLEncoded, v.ID, u, string(utf16ToString(v.In)), want)
			}
		}
	}
	if len(pe) != npe || len(fp) != nfp || npe == 0 || nfp == 0 {
		t.Errorf("export holds %d queryEncode and %d formDecode vectors, the corpus %d and %d", len(pe), len(fp), npe, nfp)
	}
}

// TestExportTest262Readme: the README.md beside test/ names the suite
// version and the export's counts, and gives the commands that copy the
// files into a test262 checkout, lint them and run them with the
// test262-harness release make test262-export pins; the index does not
// count it as a test file.
func TestExportTest262Readme(t *testing.T) {
	dir := t.TempDir()
	if r := runPctest(t, "export", "test262", dir); r.code != 0 {
		t.Fatalf("pctest export test262: exit %d: %s", r.code, r.stderr)
	}
	data, err := os.ReadFile(filepath.Join(dir, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	readme := string(data)
	idx := readExportIndex(t, dir)
	n := 0
	for _, f := range idx.Files {
		if f.Path == "README.md" {
			t.Error("the index lists README.md as a test file")
		}
		n += len(f.Vectors)
	}
	lock, err := os.ReadFile("internal/test262check/package.json")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(lock), `"test262-harness": "`+test262HarnessVersion+`"`) {
		t.Errorf("test262check's package.json does not pin test262-harness %s", test262HarnessVersion)
	}
	for _, want := range []string{
		suiteVersion(),
		fmt.Sprintf("%d test262 tests", len(idx.Files)),
		fmt.Sprintf("%d pctest vectors", n),
		"git clone --depth 1 https://github.com/tc39/test262.git /tmp/test262\n",
		"cp -R test/. /tmp/test262/test/\n",
		"python3 tools/lint/lint.py test/built-ins/*/pctest-*.js test/annexB/built-ins/*/pctest-*.js\n",
		"npx --yes test262-harness@" + test262HarnessVersion + " --test262-dir . --host-type node",
		"'test/built-ins/*/pctest-*.js' 'test/annexB/built-ins/*/pctest-*.js'\n",
		"make test262-export ENGINES=node",
	} {
		if !strings.Contains(readme, want) {
			t.Errorf("README.md lacks %q", want)
		}
	}
	// The globs match every exported file and nothing else pctest wrote.
	for _, f := range idx.Files {
		ok1, _ := filepath.Match("test/built-ins/*/pctest-*.js", f.Path)
		ok2, _ := filepath.Match("test/annexB/built-ins/*/pctest-*.js", f.Path)
		if !ok1 && !ok2 {
			t.Errorf("the README's globs miss %s", f.Path)
		}
	}
}

// readExportIndex reads the pctest-export.json an export wrote in dir.
func readExportIndex(t *testing.T, dir string) exportIndex {
	t.Helper()
	var idx exportIndex
	data, err := os.ReadFile(filepath.Join(dir, exportIndexName))
	if err == nil {
		err = json.Unmarshal(data, &idx)
	}
	if err != nil {
		t.Fatal(err)
	}
	return idx
}

// TestExportIndexFollowsSchema runs each exporter into a temporary
// directory and checks the pctest-export.json it writes against
// export.schema.json (internal/jsonschema), the schema exportIndex's doc
// comment names, and that every member the schema declares is written by
// some export. Broken indexes (a required key missing, a wrong type, an
// unknown key or format, and what one format never writes) fail it.
func TestExportIndexFollowsSchema(t *testing.T) {
	v, err := jsonschema.Load("export.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	// read decodes an index afresh, for each case to break its own copy.
	read := func(path string) map[string]any {
		t.Helper()
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var doc map[string]any
		dec := json.NewDecoder(strings.NewReader(string(data)))
		dec.UseNumber()
		if err := dec.Decode(&doc); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		return doc
	}
	index := map[string]string{}
	seen := map[string]bool{}
	for _, format := range []string{"test262", "wpt", "urltestdata"} {
		dir := t.TempDir()
		if r := runPctest(t, "export", format, dir); r.code != exitOK {
			t.Fatalf("pctest export %s: exit %d: %s", format, r.code, r.stderr)
		}
		index[format] = filepath.Join(dir, exportIndexName)
		if doc := read(index[format]); doc["format"] != format {
			t.Errorf("%s: format %v", format, doc["format"])
		}
		data, err := os.ReadFile(index[format])
		if err != nil {
			t.Fatal(err)
		}
		maps.Copy(seen, followsSchema(t, "export.schema.json", string(data)))
	}
	for _, key := range []string{"$.suite_version", "$.format", "$.files[].path", "$.files[].op", "$.files[].step", "$.files[].vectors[]", "$.skipped[].id", "$.skipped[].reason"} {
		if !seen[key] {
			t.Errorf("no export wrote %s", key)
		}
	}

	file0 := func(doc map[string]any) map[string]any { return doc["files"].([]any)[0].(map[string]any) }
	broken := []struct {
		name, format string
		breakIt      func(doc map[string]any)
	}{
		{"no suite_version", "test262", func(doc map[string]any) { delete(doc, "suite_version") }},
		{"vectors a string", "wpt", func(doc map[string]any) { file0(doc)["vectors"] = "x" }},
		{"an unknown key", "urltestdata", func(doc map[string]any) { doc["count"] = json.Number("1") }},
		{"an unknown file key", "test262", func(doc map[string]any) { file0(doc)["esid"] = "x" }},
		{"skip without reason", "urltestdata", func(doc map[string]any) {
			delete(doc["skipped"].([]any)[0].(map[string]any), "reason")
		}},
		{"format tap", "wpt", func(doc map[string]any) { doc["format"] = "tap" }},
		{"test262 file without step", "test262", func(doc map[string]any) { delete(file0(doc), "step") }},
		{"test262 skipped", "test262", func(doc map[string]any) {
			doc["skipped"] = []any{map[string]any{"id": "ecma.decodeURI.x", "reason": "r"}}
		}},
		{"wpt file with a step", "wpt", func(doc map[string]any) { file0(doc)["step"] = "x" }},
		{"urltestdata file with an op", "urltestdata", func(doc map[string]any) { file0(doc)["op"] = "queryEncode" }},
		{"a file of no vector", "urltestdata", func(doc map[string]any) { file0(doc)["vectors"] = []any{} }},
	}
	for _, tc := range broken {
		doc := read(index[tc.format])
		tc.breakIt(doc)
		var e *jsonschema.Error
		if err := v.Validate("export.schema.json", doc); !errors.As(err, &e) {
			t.Errorf("%s: the schema finds nothing wrong (%v)", tc.name, err)
		}
	}
}
