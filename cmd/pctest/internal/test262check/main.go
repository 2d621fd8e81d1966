// Command test262check runs pctest's test262 export (pctest export test262)
// with test262's own harness, the npm package test262-harness and its
// eshost hosts, in node and in other engines, and checks each engine's
// verdicts against pctest run's on the same engine: node must pass every
// file, and every other engine must fail exactly the files that hold a
// vector that pctest run fails on it. make test262-export runs it after
// installing the engines; it prints a Markdown table and exits 1 on any
// mismatch or lint error.
//
// It runs the export as the export's README.md tells implementers to: in
// a checkout of tc39/test262 (a sparse one of a pinned revision, fetched
// here unless -test262 already holds it: harness/, package.json,
// features.txt and tools/lint, tools/packaging), with the export's test/
// copied in; test262's own linter (tools/lint/lint.py, Python 3 with
// PyYAML) lints the copied files first, and any error fails the run.
//
//	go run ./cmd/pctest/internal/test262check -pctest BIN -dir EXPORT -test262 CHECKOUT \
//		[-test262-repo URL -test262-rev SHA] [-engines node,jsc,...] [-out FILE]
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
)

// An engine is one row: how eshost runs it, and how pctest run reaches
// the same engine through a survey testee.
type engine struct {
	id       string // the name -engines and make's ENGINES take
	name     string
	hostType string   // eshost host type
	hostPath string   // the engine binary test262-harness runs
	hostArgs string   // test262-harness's --host-args, if any
	testee   []string // pctest run's testee command, or nil for node's built-in example
	utf16hex bool
	version  []string // prints the engine's version
}

// repo-relative paths; main changes to the repository's root first.
const (
	npmDir  = "cmd/pctest/internal/test262check"
	testees = "survey/testees"
)

func engines(node string) []engine {
	nm := npmDir + "/node_modules"
	return []engine{
		{id: "node", name: "node", hostType: "node", hostPath: node, testee: []string{node, "cmd/pctest/testees/node-builtin/testee.js"},
			version: []string{node, "--version"}},
		{id: "engine262", name: "engine262", hostType: "engine262", hostPath: nm + "/.bin/engine262",
			testee:  []string{node, testees + "/engine-engine262/host.js"},
			version: []string{node, "-p", "'@engine262/engine262 ' + require('./" + nm + "/@engine262/engine262/package.json').version"}},
		{id: "sm102", name: "SpiderMonkey 102", hostType: "jsshell", hostPath: "/usr/bin/js102",
			testee:   []string{"js102", "-f", testees + "/engine-common/core.js", "-f", testees + "/engine-spidermonkey/testee.js"},
			utf16hex: true, version: []string{"dpkg-query", "-W", "-f", "libmozjs-102-dev ${Version}", "libmozjs-102-dev"}},
		{id: "sm78", name: "SpiderMonkey 78", hostType: "jsshell", hostPath: "/usr/bin/js78",
			testee:   []string{"js78", "-f", testees + "/engine-common/core.js", "-f", testees + "/engine-spidermonkey/testee.js"},
			utf16hex: true, version: []string{"dpkg-query", "-W", "-f", "libmozjs-78-dev ${Version}", "libmozjs-78-dev"}},
		{id: "jsc", name: "JavaScriptCore", hostType: "jsc", hostPath: "/usr/bin/jsc",
			testee:   []string{"jsc", testees + "/engine-common/core.js", testees + "/engine-jsc/testee.js"},
			utf16hex: true, version: []string{"dpkg-query", "-W", "-f", "libjavascriptcoregtk-4.0-bin ${Version}", "libjavascriptcoregtk-4.0-bin"}},
		{id: "hermes", name: "Hermes", hostType: "hermes", hostPath: npmDir + "/hermes-0.12.js",
			testee:  []string{node, testees + "/engine-hermes/host.js"},
			version: []string{node, "-p", "'hermes-engine-cli ' + require('./" + nm + "/hermes-engine-cli/package.json').version"}},
		{id: "qjs", name: "QuickJS", hostType: "qjs", hostPath: npmDir + "/qjs-wasm.js",
			testee:  []string{node, testees + "/engine-quickjs/host.js"},
			version: []string{node, "-p", "'quickjs-emscripten ' + require('./" + nm + "/quickjs-emscripten/package.json').version"}},
		{id: "rhino", name: "Rhino", hostType: "qjs", hostPath: npmDir + "/es5-shell.js", hostArgs: "rhino",
			testee:   []string{"rhino", "-f", testees + "/engine-common/core.js", "-f", testees + "/engine-rhino/testee.js"},
			utf16hex: true, version: []string{"dpkg-query", "-W", "-f", "rhino ${Version}", "rhino"}},
	}
}

// exportIndex is the pctest-export.json that pctest export writes.
type exportIndex struct {
	SuiteVersion string `json:"suite_version"`
	Files        []struct {
		Path    string   `json:"path"`
		Op      string   `json:"op"`
		Vectors []string `json:"vectors"`
	} `json:"files"`
}

// row is one engine's line of the table.
type row struct {
	engine, version string
	files, compared int
	failed          []string            // files test262-harness failed, of those compared
	want            []string            // files holding a vector pctest run failed
	failedVectors   int                 // vectors pctest run failed
	behind          map[string][]string // file -> the vectors in it that pctest run failed
	notCompared     string              // why some files were not compared
	ok              bool
	problem         string
}

func main() {
	pctest := flag.String("pctest", "", "the pctest binary (go build ./cmd/pctest)")
	dir := flag.String("dir", "", "the directory pctest export test262 wrote")
	checkout := flag.String("test262", "", "a checkout of tc39/test262 to stage the export in (fetched there if it is not at -test262-rev)")
	repo := flag.String("test262-repo", "https://github.com/tc39/test262.git", "where to fetch test262 from")
	rev := flag.String("test262-rev", "", "the test262 commit to check out")
	only := flag.String("engines", "", "engines to run, by id, separated by commas or spaces (default: all)")
	out := flag.String("out", "", "also write the table to this file")
	flag.Parse()
	if *pctest == "" || *dir == "" || *checkout == "" || *rev == "" {
		fmt.Fprintln(os.Stderr, "usage: test262check -pctest BIN -dir EXPORT -test262 CHECKOUT -test262-rev SHA [-test262-repo URL] [-engines LIST] [-out FILE]")
		os.Exit(2)
	}
	abs := func(p string) string {
		a, err := filepath.Abs(p)
		if err != nil {
			fail(err)
		}
		return a
	}
	*pctest, *dir, *checkout = abs(*pctest), abs(*dir), abs(*checkout)
	if *out != "" {
		*out = abs(*out)
	}
	node, err := exec.LookPath("node")
	if err != nil {
		fail(fmt.Errorf("node: %w", err))
	}
	selected, err := selectEngines(engines(node), *only)
	if err != nil {
		fail(err)
	}
	idx, err := readIndex(*dir)
	if err != nil {
		fail(err)
	}
	if err := fetchTest262(*checkout, *repo, *rev); err != nil {
		fail(err)
	}
	if err := stageExport(*dir, *checkout, idx); err != nil {
		fail(err)
	}
	fmt.Fprintf(os.Stderr, "test262check: staged the export's test/ in %s (tc39/test262 at %.12s), as its README.md says\n", *checkout, *rev)
	lintOut, lintErr := lint(*checkout, idx)
	var rows []row
	bad := lintErr != nil
	for _, e := range selected {
		fmt.Fprintf(os.Stderr, "test262check: %s\n", e.name)
		r := check(e, *pctest, *checkout, idx)
		if !r.ok {
			bad = true
		}
		rows = append(rows, r)
	}
	table := formatTable(idx, *rev, lintOut, lintErr, rows)
	fmt.Print(table)
	if *out != "" {
		if err := os.WriteFile(*out, []byte(table), 0o644); err != nil {
			fail(err)
		}
	}
	if bad {
		os.Exit(1)
	}
}

// selectEngines returns the engines whose ids list names (commas or
// spaces between them), in the table's order; all of them for "".
func selectEngines(all []engine, list string) ([]engine, error) {
	ids := strings.FieldsFunc(list, func(r rune) bool { return r == ',' || r == ' ' })
	if len(ids) == 0 {
		return all, nil
	}
	var known []string
	for _, e := range all {
		known = append(known, e.id)
	}
	for _, id := range ids {
		if !slices.Contains(known, id) {
			return nil, fmt.Errorf("unknown engine %q: the engines are %s", id, strings.Join(known, ", "))
		}
	}
	var out []engine
	for _, e := range all {
		if slices.Contains(ids, e.id) {
			out = append(out, e)
		}
	}
	return out, nil
}

func fail(err error) {
	fmt.Fprintf(os.Stderr, "test262check: %v\n", err)
	os.Exit(1)
}

func readIndex(dir string) (*exportIndex, error) {
	data, err := os.ReadFile(filepath.Join(dir, "pctest-export.json"))
	if err != nil {
		return nil, err
	}
	var idx exportIndex
	if err := json.Unmarshal(data, &idx); err != nil {
		return nil, fmt.Errorf("%s: %w", filepath.Join(dir, "pctest-export.json"), err)
	}
	if len(idx.Files) == 0 {
		return nil, errors.New("the export holds no test files")
	}
	return &idx, nil
}

// test262Sparse is what the checkout holds: the harness test262-harness
// includes, the version it reads, and the linter with what it loads.
var test262Sparse = []string{"/harness/", "/package.json", "/features.txt", "/lint.exceptions", "/tools/lint/", "/tools/packaging/"}

// fetchTest262 makes dir a sparse checkout of test262 at rev, fetching
// only rev (and, from a server that filters, only the blobs of
// test262Sparse), unless dir is one already.
func fetchTest262(dir, repo, rev string) error {
	if out, err := exec.Command("git", "-C", dir, "rev-parse", "HEAD").Output(); err == nil && strings.TrimSpace(string(out)) == rev {
		return nil
	}
	if err := os.RemoveAll(dir); err != nil {
		return err
	}
	steps := [][]string{
		{"init", "-q", dir},
		{"-C", dir, "-c", "protocol.file.allow=always", "fetch", "-q", "--depth", "1", "--filter=blob:none", repo, rev},
		{"-C", dir, "sparse-checkout", "set", "--no-cone"},
		{"-C", dir, "checkout", "-q", "FETCH_HEAD"},
	}
	steps[2] = append(steps[2], test262Sparse...)
	for _, args := range steps {
		cmd := exec.Command("git", args...)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Run(); err != nil {
			return fmt.Errorf("fetching test262 %s at %s: git %s: %v: %s", repo, rev, strings.Join(args, " "), err, lastLines(stderr.String()))
		}
	}
	return nil
}

// stageExport copies the export's test files into the checkout's test/,
// as cp -R EXPORT/test/. CHECKOUT/test/ would, after removing any the
// checkout holds from an earlier export (test/ is outside the sparse
// checkout, so all of it is an export's).
func stageExport(dir, checkout string, idx *exportIndex) error {
	if err := os.RemoveAll(filepath.Join(checkout, "test")); err != nil {
		return err
	}
	for _, f := range idx.Files {
		data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(f.Path)))
		if err != nil {
			return err
		}
		p := filepath.Join(checkout, filepath.FromSlash(f.Path))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// lint runs test262's tools/lint/lint.py on the staged files, in the
// checkout as test262's CI does, and returns its output; an error if it
// did not run or found errors.
func lint(checkout string, idx *exportIndex) (string, error) {
	args := []string{"tools/lint/lint.py"}
	for _, f := range idx.Files {
		args = append(args, filepath.FromSlash(f.Path))
	}
	cmd := exec.Command("python3", args...)
	cmd.Dir = checkout
	out, err := cmd.CombinedOutput()
	if err != nil {
		err = fmt.Errorf("test262's lint.py: %v", err)
	}
	return strings.TrimSpace(string(out)), err
}

// check runs one engine both ways and compares.
func check(e engine, pctest, dir string, idx *exportIndex) row {
	r := row{engine: e.name, files: len(idx.Files)}
	if out, err := exec.Command(e.version[0], e.version[1:]...).Output(); err == nil {
		r.version = strings.TrimSpace(string(out))
	} else {
		r.version = "?"
	}
	if _, err := os.Stat(e.hostPath); err != nil {
		r.problem = "not installed: " + err.Error()
		return r
	}
	// pctest run: which vectors fail, which ops the testee has.
	failedIDs, unsupportedOps, err := pctestRun(pctest, e)
	if err != nil {
		r.problem = err.Error()
		return r
	}
	r.failedVectors = len(failedIDs)
	// test262-harness: which files fail, in either scenario.
	harnessFailed, seen, err := harnessRun(e, dir)
	if err != nil {
		r.problem = err.Error()
		return r
	}
	var skippedFiles []string
	for _, f := range idx.Files {
		if !seen[f.Path] {
			r.problem = fmt.Sprintf("test262-harness reported nothing for %s", f.Path)
			return r
		}
		if unsupportedOps[f.Op] {
			skippedFiles = append(skippedFiles, f.Path)
			continue
		}
		r.compared++
		if harnessFailed[f.Path] {
			r.failed = append(r.failed, f.Path)
		}
		for _, id := range f.Vectors {
			if failedIDs[id] {
				if r.behind == nil {
					r.behind = map[string][]string{}
				}
				r.behind[f.Path] = append(r.behind[f.Path], id)
			}
		}
		if len(r.behind[f.Path]) > 0 {
			r.want = append(r.want, f.Path)
		}
	}
	if len(skippedFiles) > 0 {
		ops := make([]string, 0, len(unsupportedOps))
		for op := range unsupportedOps {
			ops = append(ops, op)
		}
		sort.Strings(ops)
		nfail := 0
		for _, p := range skippedFiles {
			if harnessFailed[p] {
				nfail++
			}
		}
		r.notCompared = fmt.Sprintf("%d files of %s (not in the testee: pctest run skips them); test262-harness fails %d of them",
			len(skippedFiles), strings.Join(ops, ", "), nfail)
	}
	r.ok = slices.Equal(r.failed, r.want) && r.compared > 0
	if e.name == "node" && len(r.failed) > 0 {
		r.ok = false
	}
	if !r.ok && r.problem == "" {
		r.problem = fmt.Sprintf("harness failed %q, pctest run's failures are in %q", diff(r.failed, r.want), diff(r.want, r.failed))
	}
	return r
}

// diff returns the items of a not in b.
func diff(a, b []string) []string {
	var d []string
	for _, x := range a {
		if !slices.Contains(b, x) {
			d = append(d, x)
		}
	}
	return d
}

// pctestRun runs pctest run -format json on the ECMAScript and Annex B
// ops against e's testee and returns the ids that failed and the ops the
// testee does not have.
func pctestRun(pctest string, e engine) (failed, unsupported map[string]bool, err error) {
	args := []string{"run", "-format", "json", "-area", "ecmascript,annexb"}
	if e.utf16hex {
		args = append(args, "-utf16hex")
	}
	args = append(args, "--")
	args = append(args, e.testee...)
	cmd := exec.Command(pctest, args...)
	// The node hosts of the survey's testees find their engine here, the
	// same pinned package that test262-harness runs.
	nm, err := filepath.Abs(filepath.Join(npmDir, "node_modules"))
	if err != nil {
		return nil, nil, err
	}
	cmd.Env = append(os.Environ(), "NODE_PATH="+nm)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err = cmd.Run()
	var ee *exec.ExitError
	if err != nil && !(errors.As(err, &ee) && ee.ExitCode() == 1) {
		return nil, nil, fmt.Errorf("pctest run: %v: %s", err, lastLines(stderr.String()))
	}
	var rep struct {
		RunInfo struct {
			Partial bool `json:"partial"`
		} `json:"run_info"`
		Results []struct {
			ID     string `json:"id"`
			Op     string `json:"op"`
			Status string `json:"status"`
		} `json:"results"`
	}
	if err := json.Unmarshal(stdout.Bytes(), &rep); err != nil {
		return nil, nil, fmt.Errorf("pctest run's JSON report: %v", err)
	}
	if rep.RunInfo.Partial {
		return nil, nil, errors.New("pctest run's report is partial")
	}
	failed, unsupported = map[string]bool{}, map[string]bool{}
	supported := map[string]bool{}
	judged := 0
	for _, res := range rep.Results {
		switch res.Status {
		case "fail", "xfail":
			failed[res.ID] = true
			supported[res.Op] = true
			judged++
		case "skip":
			unsupported[res.Op] = true
		default:
			supported[res.Op] = true
			judged++
		}
	}
	for op := range supported {
		delete(unsupported, op)
	}
	if judged == 0 {
		return nil, nil, errors.New("pctest run judged no vector")
	}
	return failed, unsupported, nil
}

// harnessRun runs test262-harness on every file of the export under e's
// host and returns the files that failed in any scenario, and the files
// it reported at all.
func harnessRun(e engine, dir string) (failed, seen map[string]bool, err error) {
	harness, err := filepath.Abs(filepath.Join(npmDir, "node_modules/.bin/test262-harness"))
	if err != nil {
		return nil, nil, err
	}
	hostPath, err := filepath.Abs(e.hostPath)
	if err != nil {
		return nil, nil, err
	}
	args := []string{"--test262-dir", dir, "--host-type", e.hostType, "--host-path", hostPath,
		"-t", "2", "--timeout", "60000", "--reporter", "json", "--reporter-keys", "file,result,scenario"}
	if e.hostArgs != "" {
		args = append(args, "--host-args", e.hostArgs)
	}
	cmd := exec.Command(harness, append(args, "test/**/*.js")...)
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return nil, nil, fmt.Errorf("test262-harness: %v: %s", err, lastLines(stderr.String()))
	}
	var results []struct {
		File   string `json:"file"`
		Result struct {
			Pass    bool   `json:"pass"`
			Message string `json:"message"`
		} `json:"result"`
		Scenario string `json:"scenario"`
	}
	if err := json.Unmarshal(stdout.Bytes(), &results); err != nil {
		return nil, nil, fmt.Errorf("test262-harness's JSON: %v (stderr: %s)", err, lastLines(stderr.String()))
	}
	failed, seen = map[string]bool{}, map[string]bool{}
	for _, res := range results {
		p := filepath.ToSlash(filepath.Clean(res.File))
		seen[p] = true
		if !res.Result.Pass {
			failed[p] = true
		}
	}
	return failed, seen, nil
}

func lastLines(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return strings.Join(lines[max(0, len(lines)-5):], "\n")
}

// formatTable writes the rows as Markdown, with each failing file and the
// vectors behind it.
func formatTable(idx *exportIndex, rev, lintOut string, lintErr error, rows []row) string {
	var b strings.Builder
	fmt.Fprintf(&b, "test262 export of pctest suite %s: %d files, %d vectors, staged in tc39/test262 at %s\n\n", idx.SuiteVersion, len(idx.Files), countVectors(idx), rev)
	b.WriteString("test262's tools/lint/lint.py on the staged files:\n\n")
	for _, line := range strings.Split(lintOut, "\n") {
		fmt.Fprintf(&b, "    %s\n", line)
	}
	if lintErr != nil {
		fmt.Fprintf(&b, "\n**lint failed**: %v\n", lintErr)
	}
	b.WriteString("\n")
	b.WriteString("| engine | version | files | compared | failed files (test262-harness) | files of pctest run's failures | vectors pctest run fails | agree |\n")
	b.WriteString("|---|---|---:|---:|---:|---:|---:|---|\n")
	for _, r := range rows {
		agree := "yes"
		if !r.ok {
			agree = "**NO**"
		}
		fmt.Fprintf(&b, "| %s | %s | %d | %d | %d | %d | %d | %s |\n", r.engine, r.version, r.files, r.compared, len(r.failed), len(r.want), r.failedVectors, agree)
	}
	for _, r := range rows {
		if r.problem == "" && r.notCompared == "" && len(r.failed) == 0 {
			continue
		}
		fmt.Fprintf(&b, "\n%s:\n", r.engine)
		if r.problem != "" {
			fmt.Fprintf(&b, "- problem: %s\n", r.problem)
		}
		if r.notCompared != "" {
			fmt.Fprintf(&b, "- not compared: %s\n", r.notCompared)
		}
		for _, p := range r.failed {
			fmt.Fprintf(&b, "- fails `%s` (%s; pctest run fails %d of them: %s)\n", p, vectorsOf(idx, p), len(r.behind[p]), strings.Join(r.behind[p], ", "))
		}
	}
	return b.String()
}

func countVectors(idx *exportIndex) int {
	n := 0
	for _, f := range idx.Files {
		n += len(f.Vectors)
	}
	return n
}

func vectorsOf(idx *exportIndex, path string) string {
	for _, f := range idx.Files {
		if f.Path == path {
			return fmt.Sprintf("%d vectors", len(f.Vectors))
		}
	}
	return "?"
}
