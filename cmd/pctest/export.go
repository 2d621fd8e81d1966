package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf16"

	"github.com/pctest/pctest/internal/show"
	"github.com/pctest/pctest/vectors"
)

// cmdExport writes the vectors in another suite's format: test262's
// (pctest export test262 DIR), web-platform-tests' URL data files
// (pctest export wpt DIR), or entries of WPT's urltestdata.json, which
// URL parsers run in their own CI (pctest export urltestdata DIR).
func cmdExport(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("export", stderr)
	if code := parseFlags(fs, args, stderr); code >= 0 {
		return code
	}
	if fs.NArg() != 2 {
		fmt.Fprintf(stderr, "pctest export: want a format (test262, wpt or urltestdata) and a directory, got %q\n", fs.Args())
		return exitUsage
	}
	format, dir := fs.Arg(0), fs.Arg(1)
	if dir == "" {
		fmt.Fprintln(stderr, "pctest export: the directory is empty: name one (use . for the current directory)")
		return exitUsage
	}
	vs, err := vectors.Load()
	if err != nil {
		fmt.Fprintf(stderr, "pctest export: %v\n", err)
		return exitFail
	}
	var files []exportFile
	var skipped []exportSkip
	switch format {
	case "test262":
		files = exportTest262(vs)
		files = append(files, exportFile{Path: "README.md", Data: test262Readme(files)})
	case "wpt":
		files, err = exportWPT(vs)
	case "urltestdata":
		files, skipped = exportURLTestData(vs)
		files = append(files, exportFile{Path: "README.md", Data: urltestdataReadme(files[0], skipped)})
	default:
		fmt.Fprintf(stderr, "pctest export: unknown format %q: want test262, wpt or urltestdata\n", format)
		return exitUsage
	}
	if err == nil {
		err = writeExport(dir, format, files, skipped)
	}
	if err != nil {
		fmt.Fprintf(stderr, "pctest export %s: %v\n", format, err)
		return exitFail
	}
	n, nf := 0, 0
	for _, f := range files {
		if len(f.IDs) > 0 {
			n += len(f.IDs)
			nf++
		}
	}
	fmt.Fprintf(stdout, "pctest export %s: %s holding %s written under %s (suite %s)\n", format, show.Count(nf, "test file", "test files"), show.Count(n, "vector", "vectors"), dir, suiteVersion())
	return exitOK
}

// An exportFile is one file an export writes: its path under the export
// directory, its contents, and the ids of the vectors it holds.
type exportFile struct {
	Path string
	Data []byte
	IDs  []string
	// Op and Step say what the file tests (test262 files), for the index.
	Op, Step string
}

// exportIndex is the export's own index, pctest-export.json at the top of
// the directory (export.schema.json): which vectors each file holds, so
// that a harness's verdict per file can be traced back to vectors.
type exportIndex struct {
	SuiteVersion string             `json:"suite_version"`
	Format       string             `json:"format"`
	Files        []exportIndexEntry `json:"files"`
	// Skipped lists the vectors of the export's ops that no file holds,
	// each with why (urltestdata: an input a URL cannot hold there).
	Skipped []exportSkip `json:"skipped,omitempty"`
}

// An exportSkip is a vector an export leaves out, and why.
type exportSkip struct {
	ID     string `json:"id"`
	Reason string `json:"reason"`
}

type exportIndexEntry struct {
	Path    string   `json:"path"`
	Op      string   `json:"op,omitempty"`
	Step    string   `json:"step,omitempty"`
	Vectors []string `json:"vectors"`
}

// exportIndexName is the index file's name in an export directory.
const exportIndexName = "pctest-export.json"

// writeExport writes files under dir, with the index and the licence the
// files' headers name, creating directories as needed.
func writeExport(dir, format string, files []exportFile, skipped []exportSkip) error {
	idx := exportIndex{SuiteVersion: suiteVersion(), Format: format, Files: []exportIndexEntry{}, Skipped: skipped}
	for _, f := range files {
		p := filepath.Join(dir, filepath.FromSlash(f.Path))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			return err
		}
		if len(f.IDs) > 0 {
			idx.Files = append(idx.Files, exportIndexEntry{Path: f.Path, Op: f.Op, Step: f.Step, Vectors: f.IDs})
		}
	}
	data, err := json.MarshalIndent(idx, "", "  ")
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, exportIndexName), append(data, '\n'), 0o644); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "LICENSE"), []byte(licenseText), 0o644)
}

// test262Fn says where a function's tests go in test262's tree and which
// section of the current ECMA-262 its esid names.
type test262Fn struct {
	dir, esid string
}

var test262Fns = map[vectors.Op]test262Fn{
	vectors.OpDecodeURI:          {"test/built-ins/decodeURI", "sec-decodeuri-encodeduri"},
	vectors.OpDecodeURIComponent: {"test/built-ins/decodeURIComponent", "sec-decodeuricomponent-encodeduricomponent"},
	vectors.OpEncodeURI:          {"test/built-ins/encodeURI", "sec-encodeuri-uri"},
	vectors.OpEncodeURIComponent: {"test/built-ins/encodeURIComponent", "sec-encodeuricomponent-uricomponent"},
	vectors.OpEscape:             {"test/annexB/built-ins/escape", "sec-escape-string"},
	vectors.OpUnescape:           {"test/annexB/built-ins/unescape", "sec-unescape-string"},
}

// test262Step returns the step of ref that a test262 file groups vectors
// by: the ref without "ECMA-262 5.1 " and without the function's own
// section, which the file's directory already names
// ("§15.1.3.1 decodeURI; §15.1.3 Decode step 4.d.vi.2" -> "§15.1.3 Decode
// step 4.d.vi.2").
func test262Step(ref string) string {
	s := strings.TrimPrefix(ref, "ECMA-262 5.1 ")
	if i := strings.Index(s, "; "); i >= 0 && funcSection.MatchString(s[:i]) {
		s = s[i+2:]
	}
	return s
}

var funcSection = regexp.MustCompile(`^§15\.1\.3\.[1-4]( \w+)?$`)

// slugOf turns a step into a file name part: lowercase letters, digits
// and '-'.
func slugOf(step string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(strings.NewReplacer("§15.1.3 ", "", "§", "s", "→", " to ", ".", "-").Replace(step)) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(r)
			dash = false
		} else {
			dash = true
		}
	}
	s := b.String()
	if len(s) > 80 {
		s = s[:80]
	}
	return s
}

// exportTest262 writes the vectors of the four URI functions and of
// escape and unescape as test262 tests: one file per function and spec
// step, so that an engine bug fails the few files of the steps it
// breaks, and each assertion's message names its vector and step.
func exportTest262(vs []vectors.Vector) []exportFile {
	type key struct{ op, step string }
	groups := map[key][]*vectors.Vector{}
	var order []key
	for i := range vs {
		v := &vs[i]
		if _, ok := test262Fns[v.Op]; !ok {
			continue
		}
		k := key{string(v.Op), test262Step(v.Ref)}
		if _, ok := groups[k]; !ok {
			order = append(order, k)
		}
		groups[k] = append(groups[k], v)
	}
	var files []exportFile
	names := map[string]bool{}
	for _, k := range order {
		fn := test262Fns[vectors.Op(k.op)]
		name := "pctest-" + slugOf(k.step)
		for n := 2; names[fn.dir+"/"+name]; n++ {
			name = "pctest-" + slugOf(k.step) + "-" + strconv.Itoa(n)
		}
		names[fn.dir+"/"+name] = true
		f := exportFile{Path: fn.dir + "/" + name + ".js", Op: k.op, Step: k.step}
		f.Data = test262File(k.op, k.step, fn, groups[k])
		for _, v := range groups[k] {
			f.IDs = append(f.IDs, v.ID)
		}
		files = append(files, f)
	}
	slices.SortFunc(files, func(a, b exportFile) int { return strings.Compare(a.Path, b.Path) })
	return files
}

// test262File writes one test262 test: the copyright header, the
// frontmatter, and one assertion per vector.
func test262File(op, step string, fn test262Fn, vs []*vectors.Vector) []byte {
	var b strings.Builder
	b.WriteString("// Copyright (C) 2026 the pctest authors. All rights reserved.\n")
	b.WriteString("// This code is governed by the BSD license found in the LICENSE file.\n")
	b.WriteString("/*---\n")
	fmt.Fprintf(&b, "esid: %s\n", fn.esid)
	fmt.Fprintf(&b, "description: >\n  %s: %s (%d pctest vectors)\n", op, asciiText(step), len(vs))
	b.WriteString("info: |\n")
	fmt.Fprintf(&b, "  ECMA-262 5.1 %s, as the vectors' refs cite it:\n", asciiText(step))
	refs := map[string]bool{}
	for _, v := range vs {
		if !refs[v.Ref] {
			refs[v.Ref] = true
			fmt.Fprintf(&b, "    %s\n", asciiText(v.Ref))
		}
	}
	b.WriteString("\n")
	fmt.Fprintf(&b, "  Exported by `pctest export test262` from pctest suite %s,\n", suiteVersion())
	fmt.Fprintf(&b, "  vectors file vectors/%s. Each assertion's message is the vector's id\n", vs[0].File)
	b.WriteString("  and step; strings are written with \\u escapes outside printable ASCII,\n")
	b.WriteString("  lone surrogates included, so that every code unit reads exactly.\n")
	b.WriteString("---*/\n\n")
	for _, v := range vs {
		call := op + "(" + jsString(v.In) + ")"
		msg := jsString(utf16.Encode([]rune(v.ID + ": " + asciiText(v.Ref))))
		if v.Expect.Error != "" {
			fmt.Fprintf(&b, "assert.throws(URIError, function() {\n  %s;\n}, %s);\n", call, msg)
		} else {
			fmt.Fprintf(&b, "assert.sameValue(%s, %s, %s);\n", call, jsString(v.Expect.Out), msg)
		}
	}
	return []byte(b.String())
}

// test262HarnessVersion is the test262-harness release the export's
// README names and make test262-export runs (the npm lockfile of
// cmd/pctest/internal/test262check pins the same).
const test262HarnessVersion = "10.0.0"

// test262Readme writes the README.md beside test/: what the export holds
// and the exact commands that copy it into a test262 checkout, lint it
// and run it with test262-harness. The export is not a test262 root by
// itself (test262-harness needs test262's harness/ and package.json,
// which are test262's own files): make test262-export stages it in a
// checkout of tc39/test262 the same way.
func test262Readme(files []exportFile) []byte {
	n := 0
	for _, f := range files {
		n += len(f.IDs)
	}
	// The shell expands these for the linter; test262-harness expands
	// them itself when quoted.
	const globs = "test/built-ins/*/pctest-*.js test/annexB/built-ins/*/pctest-*.js"
	var b strings.Builder
	fmt.Fprintf(&b, "# pctest's test262 export (suite %s)\n\n", suiteVersion())
	fmt.Fprintf(&b, "%d test262 tests of decodeURI, decodeURIComponent, encodeURI, encodeURIComponent,\n", len(files))
	fmt.Fprintf(&b, "escape and unescape, holding %d pctest vectors: one file per function and spec\n", n)
	b.WriteString("step, each assertion's message the vector's id and step. pctest-export.json\n")
	b.WriteString("lists each file's vectors; the tests are under the BSD licence in LICENSE.\n\n")
	b.WriteString("The files are test262 tests, not a test262 checkout: test262-harness needs the\n")
	b.WriteString("checkout's harness/ (assert.js, sta.js, doneprintHandle.js) and package.json\n")
	b.WriteString("beside test/. Copy them into a checkout of tc39/test262 (they only add files\n")
	b.WriteString("named pctest-*.js) and run them there. From the directory holding this README:\n\n")
	b.WriteString("    git clone --depth 1 https://github.com/tc39/test262.git /tmp/test262\n")
	b.WriteString("    cp -R test/. /tmp/test262/test/\n")
	b.WriteString("    cd /tmp/test262\n")
	b.WriteString("    python3 tools/lint/lint.py " + globs + "\n")
	fmt.Fprintf(&b, "    npx --yes test262-harness@%s --test262-dir . --host-type node --host-path \"$(command -v node)\" \\\n", test262HarnessVersion)
	b.WriteString("      '" + strings.ReplaceAll(globs, " ", "' '") + "'\n\n")
	b.WriteString("The linter needs Python 3 with PyYAML and pip (Debian: python3-yaml python3-pip).\n")
	b.WriteString("For another engine, give test262-harness its eshost --host-type and --host-path\n")
	b.WriteString("(jsshell, jsc, d8, hermes, qjs, engine262, ...). To run them here instead, copy\n")
	b.WriteString("harness/ and package.json from the checkout into this directory and pass\n")
	b.WriteString("--test262-dir with this directory.\n\n")
	b.WriteString("pctest's make test262-export does exactly this (in a sparse checkout of a pinned\n")
	b.WriteString("test262 revision), lints the files, and checks each engine fails exactly the\n")
	b.WriteString("files of its pctest run failures; make test262-export ENGINES=node runs node alone.\n")
	return []byte(b.String())
}

// asciiText replaces the few non-ASCII characters of refs with ASCII, so
// that frontmatter and messages are ASCII.
func asciiText(s string) string {
	return strings.NewReplacer("§", "sec. ", "→", "->", "–", "-", "—", "-").Replace(s)
}

// jsString writes code units as a double-quoted JavaScript string
// literal: printable ASCII as it is (but " and \), every other code unit
// as \uXXXX, lone surrogates included.
func jsString(units []uint16) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, c := range units {
		if c >= 0x20 && c < 0x7f && c != '"' && c != '\\' {
			b.WriteByte(byte(c))
		} else {
			fmt.Fprintf(&b, "\\u%04X", c)
		}
	}
	b.WriteByte('"')
	return b.String()
}
