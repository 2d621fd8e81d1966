// Command test262check runs pctest's test262 export (pctest export test262)
// with test262's own harness, the npm package test262-harness and its
// eshost hosts, in node and in other engines, and checks each engine's
// verdicts against pctest run's on the same engine: node must pass every
// file, and every other engine must fail exactly the files that hold a
// vector that pctest run fails on it. make test262-export runs it after
// installing the engines; it prints a Markdown table and exits 1 on any
// mismatch.
//
//	go run ./cmd/pctest/internal/test262check -pctest BIN -dir EXPORT [-engines LIST]
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
		{name: "node", hostType: "node", hostPath: node, testee: []string{node, "cmd/pctest/testees/node-builtin/testee.js"},
			version: []string{node, "--version"}},
		{name: "engine262", hostType: "engine262", hostPath: nm + "/.bin/engine262",
			testee:  []string{node, testees + "/engine-engine262/host.js"},
			version: []string{node, "-p", "'@engine262/engine262 ' + require('./" + nm + "/@engine262/engine262/package.json').version"}},
		{name: "SpiderMonkey 102", hostType: "jsshell", hostPath: "/usr/bin/js102",
			testee:   []string{"js102", "-f", testees + "/engine-common/core.js", "-f", testees + "/engine-spidermonkey/testee.js"},
			utf16hex: true, version: []string{"dpkg-query", "-W", "-f", "libmozjs-102-dev ${Version}", "libmozjs-102-dev"}},
		{name: "SpiderMonkey 78", hostType: "jsshell", hostPath: "/usr/bin/js78",
			testee:   []string{"js78", "-f", testees + "/engine-common/core.js", "-f", testees + "/engine-spidermonkey/testee.js"},
			utf16hex: true, version: []string{"dpkg-query", "-W", "-f", "libmozjs-78-dev ${Version}", "libmozjs-78-dev"}},
		{name: "JavaScriptCore", hostType: "jsc", hostPath: "/usr/bin/jsc",
			testee:   []string{"jsc", testees + "/engine-common/core.js", testees + "/engine-jsc/testee.js"},
			utf16hex: true, version: []string{"dpkg-query", "-W", "-f", "libjavascriptcoregtk-4.0-bin ${Version}", "libjavascriptcoregtk-4.0-bin"}},
		{name: "Hermes", hostType: "hermes", hostPath: npmDir + "/hermes-0.12.js",
			testee:  []string{node, testees + "/engine-hermes/host.js"},
			version: []string{node, "-p", "'hermes-engine-cli ' + require('./" + nm + "/hermes-engine-cli/package.json').version"}},
		{name: "QuickJS", hostType: "qjs", hostPath: npmDir + "/qjs-wasm.js",
			testee:  []string{node, testees + "/engine-quickjs/host.js"},
			version: []string{node, "-p", "'quickjs-emscripten ' + require('./" + nm + "/quickjs-emscripten/package.json').version"}},
		{name: "Rhino", hostType: "qjs", hostPath: npmDir + "/es5-shell.js", hostArgs: "rhino",
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
	only := flag.String("engines", "", "comma-separated engine names to run (default: all)")
	out := flag.String("out", "", "also write the table to this file")
	flag.Parse()
	if *pctest == "" || *dir == "" {
		fmt.Fprintln(os.Stderr, "usage: test262check -pctest BIN -dir EXPORT [-engines LIST] [-out FILE]")
		os.Exit(2)
	}
	abs := func(p string) string {
		a, err := filepath.Abs(p)
		if err != nil {
			fail(err)
		}
		return a
	}
	*pctest, *dir = abs(*pctest), abs(*dir)
	if *out != "" {
		*out = abs(*out)
	}
	idx, err := readIndex(*dir)
	if err != nil {
		fail(err)
	}
	if err := stageTest262Root(*dir); err != nil {
		fail(err)
	}
	node, err := exec.LookPath("node")
	if err != nil {
		fail(fmt.Errorf("node: %w", err))
	}
	var rows []row
	bad := false
	for _, e := range engines(node) {
		if *only != "" && !slices.Contains(strings.Split(*only, ","), e.name) {
			continue
		}
		fmt.Fprintf(os.Stderr, "test262check: %s\n", e.name)
		r := check(e, *pctest, *dir, idx)
		if !r.ok {
			bad = true
		}
		rows = append(rows, r)
	}
	table := formatTable(idx, rows)
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

// stageTest262Root makes the export directory a test262 root as
// test262-harness looks for one: README.md, package.json (the test262
// version the harness accepts) and harness/ with test262's assert.js,
// sta.js and doneprintHandle.js, as test262-harness ships them.
func stageTest262Root(dir string) error {
	src := filepath.Join(npmDir, "node_modules/test262-harness/test/test-includes")
	if err := os.MkdirAll(filepath.Join(dir, "harness"), 0o755); err != nil {
		return err
	}
	for _, f := range []string{"assert.js", "sta.js", "doneprintHandle.js"} {
		data, err := os.ReadFile(filepath.Join(src, f))
		if err != nil {
			return fmt.Errorf("test262's harness (npm ci in %s first): %w", npmDir, err)
		}
		if err := os.WriteFile(filepath.Join(dir, "harness", f), data, 0o644); err != nil {
			return err
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "package.json"), []byte(`{"version": "3.0.0"}`+"\n"), 0o644); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "README.md"), []byte("pctest's test262 export, staged as a test262 root for test262-harness.\n"), 0o644)
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
func formatTable(idx *exportIndex, rows []row) string {
	var b strings.Builder
	fmt.Fprintf(&b, "test262 export of pctest suite %s: %d files, %d vectors\n\n", idx.SuiteVersion, len(idx.Files), countVectors(idx))
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
