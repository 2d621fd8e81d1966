package fuzzlint

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// TestTargetPackagesLinkNothingMore checks that the _test.go files of every
// package with fuzz targets link no package into its test binary, the one
// go test -fuzz builds, that the package's own code, package testing (and
// go test's generated main) and the packages under fuzz/internal that
// those files import do not link already. go test -fuzz instruments every package it links, and every
// execution snapshots all of their coverage counters, which the
// coordinator and its workers also send each other in JSON
// (fuzz/internal/codeccheck's doc comment): TestLongUnits, written with
// rapid beside fuzz/codecfuzz's targets, had grown their counters by 60%,
// and the targets ran about 1.3 times as fast once it moved out
// (fuzz/README.md, "Throughput"). A test that needs more goes beside the
// checks, in fuzz/internal/codeccheck.
func TestTargetPackagesLinkNothingMore(t *testing.T) {
	t.Chdir("..") // fuzz/, where fuzzTargets' paths start
	mod := modulePath(t)
	var pkgs []string
	for _, tg := range fuzzTargets(t) {
		if p := importPath(mod, tg.dir); !slices.Contains(pkgs, p) {
			pkgs = append(pkgs, p)
		}
	}
	slices.Sort(pkgs)
	if len(pkgs) == 0 {
		t.Fatal("found no package with fuzz targets under fuzz/")
	}
	for _, pkg := range pkgs {
		// testing/internal/testdeps is what go test's generated main
		// imports (and with it internal/fuzz, the engine).
		roots := []string{pkg, "testing", "testing/internal/testdeps"}
		for _, imp := range goList(t, "-f", "{{join .TestImports \"\\n\"}}", pkg) {
			if strings.HasPrefix(imp, mod+"/fuzz/internal/") {
				roots = append(roots, imp)
			}
		}
		linked := map[string]bool{}
		for _, p := range goList(t, append([]string{"-deps"}, roots...)...) {
			linked[p] = true
		}
		var more []string
		for _, p := range goList(t, "-deps", "-test", pkg) {
			// The package recompiled for its tests ("p [p.test]") and the
			// generated main package ("p.test") are the package itself.
			p, _, _ = strings.Cut(p, " ")
			if !linked[p] && p != pkg+".test" {
				more = append(more, p)
			}
		}
		if len(more) > 0 {
			t.Errorf("the tests of %s link %d packages into its fuzzing binary that its targets do not need: %s; move the tests that import them beside the checks (fuzz/internal/codeccheck)",
				pkg, len(more), strings.Join(more, ", "))
		}
	}
}

// goList runs go list with args and returns the lines it prints.
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
		if l = strings.TrimSpace(l); l != "" {
			lines = append(lines, l)
		}
	}
	return lines
}
