package codec

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestMakefileRunsRaceSkips holds the Makefile's NORACE1 and NORACE2 lists,
// the tests make test runs in its step without -race, to the tests of this
// package that skip themselves under -race (an if on RaceDetector): a test
// that skips under -race and is in neither list would run nowhere in make
// test, and a name in a list that no test has would run nothing.
func TestMakefileRunsRaceSkips(t *testing.T) {
	mk, err := os.ReadFile("../Makefile")
	if err != nil {
		t.Fatalf("the Makefile's NORACE lists: %v", err)
	}
	listed := map[string]string{} // test name → the list that names it
	for _, list := range []string{"NORACE1", "NORACE2"} {
		m := regexp.MustCompile(`(?m)^` + list + ` = (.*)$`).FindSubmatch(mk)
		if m == nil {
			t.Fatalf("../Makefile: no line %q", list+" = ")
		}
		for _, name := range strings.Split(string(m[1]), "|") {
			if other, ok := listed[name]; ok {
				t.Errorf("../Makefile: %s names %s, which %s names too: it would run twice", list, name, other)
			}
			listed[name] = list
		}
	}

	files, err := filepath.Glob("*_test.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	tests := map[string]bool{} // every Test function, whatever its build constraints
	var skips []string         // those that skip under -race
	for _, f := range files {
		file, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range file.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Recv != nil || fn.Body == nil || !strings.HasPrefix(fn.Name.Name, "Test") {
				continue
			}
			tests[fn.Name.Name] = true
			if skipsUnderRace(fn.Body) {
				skips = append(skips, fn.Name.Name)
			}
		}
	}
	if len(skips) == 0 {
		t.Fatal("no test of the package skips under -race: the search for `if RaceDetector` found none, so it is broken")
	}
	for _, name := range skips {
		if _, ok := listed[name]; !ok {
			t.Errorf("%s skips under -race but the Makefile's NORACE1 and NORACE2 do not name it: make test would never run it; add it to the one of the two that takes less time", name)
		}
	}
	for name, list := range listed {
		switch {
		case !tests[name]:
			t.Errorf("../Makefile: %s names %s, which is no test of package codec", list, name)
		case !slices.Contains(skips, name):
			t.Errorf("../Makefile: %s names %s, which does not skip under -race: make test would run it twice", list, name)
		}
	}
}

// skipsUnderRace reports whether body has, at its top level, an if whose
// condition is RaceDetector or codec.RaceDetector.
func skipsUnderRace(body *ast.BlockStmt) bool {
	for _, s := range body.List {
		is, ok := s.(*ast.IfStmt)
		if !ok {
			continue
		}
		switch c := is.Cond.(type) {
		case *ast.Ident:
			if c.Name == "RaceDetector" {
				return true
			}
		case *ast.SelectorExpr:
			if c.Sel.Name == "RaceDetector" {
				return true
			}
		}
	}
	return false
}
