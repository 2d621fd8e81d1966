package fuzzlint

import (
	"encoding/json"
	"fmt"
	"go/parser"
	"go/token"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestTargetPackagesLinkNothingMore checks that the test files of every
// package with fuzz targets, besides the files that declare the targets,
// link no package into its test binary (the one go test -fuzz builds) that
// the package with its target files alone does not link. go test -fuzz
// instruments every package it links, and every execution snapshots all of
// their coverage counters, which the coordinator and its workers also send
// each other in JSON (fuzz/codecfuzz/internal/codeccheck's doc comment):
// TestLongUnits, written with rapid beside fuzz/codecfuzz's targets, had
// grown their counters by 59%, and the targets ran about 1.3 times as fast
// once it moved out (fuzz/README.md, "Throughput").
//
// It compares go list -deps -test of the package as it is with the same
// list where an overlay (go list -overlay) empties every test file but the
// target files, so that what go test adds (its generated main, and the
// runtime of -race or -cover when GOFLAGS asks for them) is in both. It
// sees whole packages only: a test that reaches more code of a package the
// targets link already adds counters it cannot see.
func TestTargetPackagesLinkNothingMore(t *testing.T) {
	t.Chdir("..") // fuzz/, where fuzzTargets' paths start
	mod := modulePath(t)
	targetFiles := map[string]bool{}
	for _, tg := range fuzzTargets(t) {
		targetFiles[filepath.Clean(tg.file)] = true
	}
	dirs := map[string]bool{}
	for file := range targetFiles {
		dirs[filepath.Dir(file)] = true
	}
	if len(dirs) == 0 {
		t.Fatal("found no package with fuzz targets under fuzz/")
	}
	for _, dir := range slices.Sorted(maps.Keys(dirs)) {
		pkg := importPath(mod, dir)
		others, importers := otherTestFiles(t, dir, targetFiles)
		if len(others) == 0 {
			continue // nothing but the targets
		}
		overlay := filepath.Join(t.TempDir(), "overlay.json")
		data, err := json.Marshal(map[string]any{"Replace": others})
		if err == nil {
			err = os.WriteFile(overlay, data, 0o644)
		}
		if err != nil {
			t.Fatal(err)
		}
		alone := map[string]bool{}
		for _, p := range goList(t, "-overlay", overlay, "-deps", "-test", pkg) {
			alone[p] = true
		}
		var more []string
		for _, p := range goList(t, "-deps", "-test", pkg) {
			if !alone[p] {
				more = append(more, p)
			}
		}
		if len(more) == 0 {
			continue
		}
		var direct []string
		for _, p := range more {
			if files, ok := importers[p]; ok {
				direct = append(direct, fmt.Sprintf("%s (imported by %s)", p, strings.Join(files, ", ")))
			}
		}
		t.Errorf("%s: its test files besides the targets' link %d packages into its fuzzing binary that the targets do not: %s, and what they reach: %s. go test -fuzz instruments and scans them all; move those tests to a package of their own (the codec targets' checks and their tests are in fuzz/codecfuzz/internal/codeccheck)",
			pkg, len(more), strings.Join(direct, "; "), strings.Join(more, ", "))
	}
}

// otherTestFiles returns the test files of the package in dir that declare
// no fuzz target, each mapped to a file of its package clause alone (for
// go list -overlay, by absolute path), and the import paths of those files
// mapped to the files (relative to fuzz/) that import them.
func otherTestFiles(t *testing.T, dir string, targetFiles map[string]bool) (others map[string]string, importers map[string][]string) {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*_test.go"))
	if err != nil {
		t.Fatal(err)
	}
	others, importers = map[string]string{}, map[string][]string{}
	empty := t.TempDir()
	for _, file := range files {
		if targetFiles[filepath.Clean(file)] {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), file, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			if path, err := strconv.Unquote(imp.Path.Value); err == nil {
				importers[path] = append(importers[path], file)
			}
		}
		abs, err := filepath.Abs(file)
		if err != nil {
			t.Fatal(err)
		}
		stub := filepath.Join(empty, filepath.Base(file))
		if err := os.WriteFile(stub, []byte("package "+f.Name.Name+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		others[abs] = stub
	}
	return others, importers
}

// goList runs go list with args and returns the lines it prints, each cut
// at its first space: go list -deps -test names a package recompiled for
// the tests "p [p.test]", the same package as far as linking goes.
func goList(t *testing.T, args ...string) []string {
	t.Helper()
	cmd := exec.Command("go", append([]string{"list"}, args...)...)
	out, err := cmd.Output()
	if err != nil {
		var stderr []byte
		if ee, ok := err.(*exec.ExitError); ok {
			stderr = ee.Stderr
		}
		t.Fatalf("%s: %v\n%s", cmd, err, stderr)
	}
	var lines []string
	for l := range strings.Lines(string(out)) {
		if p, _, _ := strings.Cut(strings.TrimSpace(l), " "); p != "" {
			lines = append(lines, p)
		}
	}
	return lines
}

// TestTargetPackagesLinkNoHarness checks that no package with fuzz targets
// links the suite's harness into its fuzzing binary: package conformance
// (its oracle and laws bring rapid, html/template and the reports),
// package report, or rapid. The targets take the spec's answers from
// internal/reference and internal/spec; fuzz/gojadiff once took them from
// conformance.Reference, which put about 9,800 more coverage counters in
// every execution's snapshot (fuzz/README.md, "Throughput").
func TestTargetPackagesLinkNoHarness(t *testing.T) {
	t.Chdir("..") // fuzz/, where fuzzTargets' paths start
	mod := modulePath(t)
	harness := []string{mod + "/conformance", mod + "/report", "pgregory.net/rapid"}
	dirs := map[string]bool{}
	for _, tg := range fuzzTargets(t) {
		dirs[filepath.Dir(filepath.Clean(tg.file))] = true
	}
	if len(dirs) == 0 {
		t.Fatal("found no package with fuzz targets under fuzz/")
	}
	for _, dir := range slices.Sorted(maps.Keys(dirs)) {
		pkg := importPath(mod, dir)
		for _, p := range goList(t, "-deps", "-test", pkg) {
			if slices.Contains(harness, p) {
				t.Errorf("%s links %s into its fuzzing binary; take the spec's answer from internal/reference (or internal/spec) instead, and keep tests that need the harness in a package of their own", pkg, p)
			}
		}
	}
}
