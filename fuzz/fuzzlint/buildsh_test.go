package fuzzlint

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/pctest/pctest/fuzz/internal/lfbuild"
)

// ClusterFuzzLite and OSS-Fuzz build the targets with .clusterfuzzlite/
// build.sh inside a Docker image that cannot run here. These tests check
// what can be checked without it: that build.sh names exactly the targets
// there are, that compile_native_go_fuzzer will find each one, that the
// rewrite it does to a target's file will compile, and that the package
// builds with the flags of its coverage build.

// readBuildsh reads ../.clusterfuzzlite/build.sh (lfbuild.ReadBuildsh),
// failing on a line it cannot read and stopping when there is no target.
func readBuildsh(t *testing.T) []lfbuild.Target {
	t.Helper()
	targets, err := lfbuild.ReadBuildsh(filepath.Join("..", lfbuild.BuildshPath))
	if err != nil {
		t.Error(err)
	}
	if len(targets) == 0 {
		t.FailNow()
	}
	return targets
}

// A fuzzTarget is a Fuzz function of a package under fuzz/.
type fuzzTarget struct {
	file string // its file, relative to fuzz/
	dir  string // its package's directory, relative to fuzz/ ("." for fuzz)
}

// fuzzTargets returns the Fuzz functions of the _test.go files of every
// package under fuzz/, by name; it fails on a test file that is an
// external test package.
func fuzzTargets(t *testing.T) map[string]fuzzTarget {
	t.Helper()
	var files []string
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err == nil && d.IsDir() && d.Name() == "testdata" {
			return filepath.SkipDir
		}
		if err == nil && !d.IsDir() && strings.HasSuffix(path, "_test.go") {
			files = append(files, path)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	targets := map[string]fuzzTarget{}
	fset := token.NewFileSet()
	for _, file := range files {
		// A file that build constraints leave out of the default build
		// (fuzz-bench's empty targets, tagged fuzzbench) is not built by
		// compile_native_go_fuzzer either, so its Fuzz functions are no
		// targets of build.sh.
		if ok, err := build.Default.MatchFile(filepath.Dir(file), filepath.Base(file)); err != nil {
			t.Fatal(err)
		} else if !ok {
			continue
		}
		f, err := parser.ParseFile(fset, file, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		// compile_native_go_fuzzer compiles the target's file, renamed, as
		// part of the package itself; an external test package could not.
		if strings.HasSuffix(f.Name.Name, "_test") {
			t.Errorf("%s: package %s; test files here must be in the package they test", file, f.Name.Name)
		}
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if ok && fn.Recv == nil && strings.HasPrefix(fn.Name.Name, "Fuzz") && takesTestingF(fn) {
				if prev, dup := targets[fn.Name.Name]; dup {
					t.Errorf("%s and %s both declare %s", prev.file, file, fn.Name.Name)
				}
				targets[fn.Name.Name] = fuzzTarget{file: file, dir: filepath.Dir(file)}
			}
		}
	}
	return targets
}

// importPath returns the import path of the package in dir (relative to
// fuzz/).
func importPath(mod, dir string) string {
	return mod + "/" + filepath.ToSlash(filepath.Join("fuzz", dir))
}

func takesTestingF(fn *ast.FuncDecl) bool {
	p := fn.Type.Params.List
	if len(p) != 1 || len(p[0].Names) != 1 {
		return false
	}
	star, ok := p[0].Type.(*ast.StarExpr)
	if !ok {
		return false
	}
	sel, ok := star.X.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	id, ok := sel.X.(*ast.Ident)
	return ok && id.Name == "testing" && sel.Sel.Name == "F"
}

// TestBuildshNamesEveryTarget checks that build.sh builds every Fuzz
// function of every package under fuzz/, from its own package, and nothing
// else, under unique names.
func TestBuildshNamesEveryTarget(t *testing.T) {
	t.Chdir("..") // fuzz/, where the paths below start
	targets := fuzzTargets(t)
	if len(targets) == 0 {
		t.Fatal("no Fuzz function in fuzz/")
	}
	mod := modulePath(t)
	named := map[string]bool{}
	names := map[string]bool{}
	nameRE := regexp.MustCompile(`^[a-z0-9_]+$`)
	for _, b := range readBuildsh(t) {
		target, ok := targets[b.Func]
		if !ok {
			t.Errorf("build.sh:%d: %s is not a Fuzz function of a package under fuzz/", b.Line, b.Func)
		} else if want := importPath(mod, target.dir); b.Pkg != want {
			t.Errorf("build.sh:%d: %s is built from package %q; it is in %q", b.Line, b.Func, b.Pkg, want)
		}
		if named[b.Func] {
			t.Errorf("build.sh:%d: %s is built twice", b.Line, b.Func)
		}
		if !nameRE.MatchString(b.Name) || names[b.Name] {
			t.Errorf("build.sh:%d: fuzzer name %q is not unique lowercase [a-z0-9_]", b.Line, b.Name)
		}
		named[b.Func], names[b.Name] = true, true
	}
	for fn, target := range targets {
		if !named[fn] {
			t.Errorf("%s: %s is not built by .clusterfuzzlite/build.sh; add a compile_native_go_fuzzer line", target.file, fn)
		}
	}
}

// TestBuildshFindsEachTarget does what compile_native_go_fuzzer does to
// find a target: grep -r -l for its name under its package's directory
// must give exactly one file (every file counts, README and corpus included,
// as the script's first version greps them all), and in that file exactly
// one line may hold "func NAME" and "testing.F" (so no target's name may
// start another's). Then it checks that the go-118-fuzz-build rewrite of
// that file will compile: the file may use nothing of package testing but
// F and T, and call on them only methods the shim has.
func TestBuildshFindsEachTarget(t *testing.T) {
	t.Chdir("..") // fuzz/, where the paths below start
	var all []string
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			all = append(all, path)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	contents := map[string][]byte{}
	for _, path := range all {
		if contents[path], err = os.ReadFile(path); err != nil {
			t.Fatal(err)
		}
	}
	targets := fuzzTargets(t)
	checked := map[string]bool{}
	for _, b := range readBuildsh(t) {
		target, ok := targets[b.Func]
		if !ok {
			continue // TestBuildshNamesEveryTarget reports it
		}
		var hits []string
		for _, path := range all {
			if inDir(path, target.dir) && bytes.Contains(contents[path], []byte(b.Func)) {
				hits = append(hits, path)
			}
		}
		if len(hits) != 1 || hits[0] != target.file {
			t.Errorf("%s appears in %q; compile_native_go_fuzzer needs its name in exactly one file under its package's directory, the one declaring it (%s). Refer to it without the name elsewhere.",
				b.Func, hits, target.file)
			continue
		}
		n := 0
		for line := range strings.Lines(string(contents[hits[0]])) {
			if strings.Contains(line, "func "+b.Func) && strings.Contains(line, "testing.F") {
				n++
			}
		}
		if n != 1 {
			t.Errorf("%s: %d lines hold \"func %s\" and \"testing.F\"; compile_native_go_fuzzer needs exactly one", hits[0], n, b.Func)
		}
		if !checked[target.file] {
			checked[target.file] = true
			checkShimUse(t, target.file)
		}
	}
}

// inDir reports whether path is in dir or below it (both relative).
func inDir(path, dir string) bool {
	return dir == "." || strings.HasPrefix(path, dir+string(filepath.Separator))
}

// shimMethods are the methods of go-118-fuzz-build's testing.F and
// testing.T shims that behave as the real ones do where it matters here.
var shimMethods = map[string]bool{
	"Add": true, "Fuzz": true, "Helper": true, "Fatal": true, "Fatalf": true,
	"Error": true, "Errorf": true, "Skip": true, "Log": true, "Logf": true,
}

// checkShimUse checks one target file: the only names it takes from
// package testing are F and T, and the only methods it calls on its F and
// T parameters are shim methods.
func checkShimUse(t *testing.T, file string) {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), file, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	params := map[string]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		if ft, ok := n.(*ast.FuncType); ok {
			for _, p := range ft.Params.List {
				if star, ok := p.Type.(*ast.StarExpr); ok {
					if sel, ok := star.X.(*ast.SelectorExpr); ok {
						if id, ok := sel.X.(*ast.Ident); ok && id.Name == "testing" {
							for _, name := range p.Names {
								params[name.Name] = true
							}
						}
					}
				}
			}
		}
		return true
	})
	ast.Inspect(f, func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		id, ok := sel.X.(*ast.Ident)
		if !ok {
			return true
		}
		switch {
		case id.Name == "testing" && sel.Sel.Name != "F" && sel.Sel.Name != "T":
			t.Errorf("%s uses testing.%s; a target file may use only testing.F and testing.T, which go-118-fuzz-build's shim replaces", file, sel.Sel.Name)
		case params[id.Name] && !shimMethods[sel.Sel.Name]:
			t.Errorf("%s calls %s.%s, which go-118-fuzz-build's shim does not support", file, id.Name, sel.Sel.Name)
		}
		return true
	})
}

// TestBuildshCoverageBuild builds each package as build.sh's coverage build
// does (compile_native_go_fuzzer with SANITIZER=coverage runs go test -c
// with these flags once per target; for the targets of one package the
// command differs only in its output name, so it is run once per package
// here), then asks the binary to list each target, which fails if build.sh
// names one the package does not have. The libFuzzer build itself
// (go-118-fuzz-build, clang) needs the builder image and is not run here.
func TestBuildshCoverageBuild(t *testing.T) {
	t.Chdir("..") // fuzz/, where the paths below start
	if testing.Short() {
		t.Skip("builds test binaries; skipped in -short mode")
	}
	mod := modulePath(t)
	bins := map[string]string{} // package -> binary
	for i, b := range readBuildsh(t) {
		bin, ok := bins[b.Pkg]
		if !ok {
			bin = filepath.Join(t.TempDir(), fmt.Sprintf("fuzz%d.test", i))
			cmd := exec.Command("go", "test", "-tags", "gofuzz", "-c", "-o", bin,
				"-coverpkg="+mod+"/...", "-covermode=atomic", b.Pkg)
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Errorf("%s: %v\n%s", cmd, err, out)
				bin = ""
			}
			bins[b.Pkg] = bin
		}
		if bin == "" {
			continue
		}
		out, err := exec.Command(bin, "-test.list", "^"+b.Func+"$").Output()
		if err != nil {
			t.Errorf("%s -test.list %s: %v", bin, b.Func, err)
			continue
		}
		if strings.TrimSpace(string(out)) != b.Func {
			t.Errorf("build.sh:%d: package %s has no target %s (it lists %q)", b.Line, b.Pkg, b.Func, out)
		}
	}
}

// modulePath returns the module path from ../go.mod.
func modulePath(t *testing.T) string {
	t.Helper()
	_, mod, err := lfbuild.Module("..")
	if err != nil {
		t.Fatal(err)
	}
	return mod
}

// TestBuildshWritesSeedCorpora checks that build.sh writes the seed corpus
// of every target into $OUT (<name>_seed_corpus.zip, which
// ClusterFuzzLite and OSS-Fuzz unpack before fuzzing) with the command
// whose output fuzz/libfuzzer's TestSeedCorpora checks.
func TestBuildshWritesSeedCorpora(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", lfbuild.BuildshPath))
	if err != nil {
		t.Fatal(err)
	}
	seeds, compile := -1, -1
	for i, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == `go run ./fuzz/libfuzzer seeds -out "$OUT"` && seeds < 0 {
			seeds = i
		}
		if strings.HasPrefix(line, "compile_native_go_fuzzer ") && compile < 0 {
			compile = i
		}
	}
	if seeds < 0 {
		t.Errorf(`build.sh does not run: go run ./fuzz/libfuzzer seeds -out "$OUT"`)
	} else if seeds > compile {
		t.Errorf("build.sh writes the seed corpora (line %d) after compile_native_go_fuzzer rewrote target files (line %d)", seeds+1, compile+1)
	}
}
