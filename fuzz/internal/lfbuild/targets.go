package lfbuild

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// A Target is one compile_native_go_fuzzer line of build.sh.
type Target struct {
	Pkg  string // import path of its package
	Func string // its Fuzz function
	Name string // the fuzzer's name, as libFuzzer, ClusterFuzzLite and OSS-Fuzz know it
	Line int    // line in build.sh
}

// BuildshPath is build.sh's path from the module root.
const BuildshPath = ".clusterfuzzlite/build.sh"

// ReadBuildsh parses the build.sh at path: its simple variable assignments
// (pkg=...) and its "compile_native_go_fuzzer PACKAGE FUNCTION NAME"
// lines. It returns the targets it could read, and an error naming the
// line of each it could not (or saying that there is none).
func ReadBuildsh(path string) ([]Target, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	vars := map[string]string{}
	assign := regexp.MustCompile(`^([A-Za-z_][A-Za-z0-9_]*)=(\S+)$`)
	expand := func(s string) string {
		return os.Expand(s, func(v string) string { return vars[v] })
	}
	var targets []Target
	var errs []error
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if m := assign.FindStringSubmatch(line); m != nil {
			vars[m[1]] = expand(m[2])
			continue
		}
		f := strings.Fields(line)
		if len(f) == 0 || f[0] != "compile_native_go_fuzzer" {
			continue
		}
		if len(f) != 4 {
			errs = append(errs, fmt.Errorf("%s:%d: want compile_native_go_fuzzer PACKAGE FUNCTION NAME, got %q", path, n, line))
			continue
		}
		targets = append(targets, Target{Pkg: expand(f[1]), Func: f[2], Name: f[3], Line: n})
	}
	if len(targets) == 0 && len(errs) == 0 {
		errs = append(errs, fmt.Errorf("%s builds no target", path))
	}
	return targets, errors.Join(errs...)
}

// Module returns the module root (the directory of go.mod, from dir
// upward) and the module path.
func Module(dir string) (root, path string, err error) {
	dir, err = filepath.Abs(dir)
	if err != nil {
		return "", "", err
	}
	for {
		data, err := os.ReadFile(filepath.Join(dir, "go.mod"))
		if err == nil {
			for line := range strings.Lines(string(data)) {
				if rest, ok := strings.CutPrefix(line, "module "); ok {
					return dir, strings.TrimSpace(rest), nil
				}
			}
			return "", "", fmt.Errorf("%s: no module line", filepath.Join(dir, "go.mod"))
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", "", errors.New("no go.mod in this directory or above it")
		}
		dir = parent
	}
}

// PkgDir returns the directory of the package with import path pkg in the
// module at root with path mod.
func PkgDir(root, mod, pkg string) (string, error) {
	if pkg == mod {
		return root, nil
	}
	rel, ok := strings.CutPrefix(pkg, mod+"/")
	if !ok {
		return "", fmt.Errorf("package %s is not in module %s", pkg, mod)
	}
	return filepath.Join(root, filepath.FromSlash(rel)), nil
}

// Params returns the types, as written in source, of the parameters after
// the *testing.T of the function that fuzz function fn passes to F.Fuzz,
// reading the Go files of dir, and the file that declares fn. These are
// the types the shim reads from libFuzzer's input, in order.
func Params(dir, fn string) (types []string, file string, err error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, "", err
	}
	fset := token.NewFileSet()
	for _, path := range files {
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return nil, "", err
		}
		for _, d := range f.Decls {
			decl, ok := d.(*ast.FuncDecl)
			if !ok || decl.Recv != nil || decl.Name.Name != fn {
				continue
			}
			types, err := fuzzParams(decl)
			if err != nil {
				return nil, "", fmt.Errorf("%s: %s: %w", path, fn, err)
			}
			return types, path, nil
		}
	}
	return nil, "", fmt.Errorf("no function %s in %s", fn, dir)
}

// fuzzParams finds the call F.Fuzz(func(t *testing.T, ...) {...}) in the
// body of a fuzz function and returns its parameter types after the first.
func fuzzParams(fn *ast.FuncDecl) ([]string, error) {
	if p := fn.Type.Params.List; len(p) != 1 || len(p[0].Names) != 1 {
		return nil, errors.New("not a func(f *testing.F)")
	}
	f := fn.Type.Params.List[0].Names[0].Name
	var lit *ast.FuncLit
	n := 0
	ast.Inspect(fn.Body, func(node ast.Node) bool {
		call, ok := node.(*ast.CallExpr)
		if !ok {
			return true
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "Fuzz" || len(call.Args) != 1 {
			return true
		}
		if id, ok := sel.X.(*ast.Ident); ok && id.Name == f {
			n++
			lit, _ = call.Args[0].(*ast.FuncLit)
		}
		return true
	})
	if n != 1 || lit == nil {
		return nil, fmt.Errorf("want one %s.Fuzz(func(t *testing.T, ...) {...}), found %d", f, n)
	}
	var out []string
	for _, field := range lit.Type.Params.List {
		typ := types.ExprString(field.Type)
		names := max(len(field.Names), 1)
		for range names {
			out = append(out, typ)
		}
	}
	if len(out) == 0 || out[0] != "*testing.T" {
		return nil, errors.New("the fuzz function's first parameter is not a *testing.T")
	}
	return out[1:], nil
}
