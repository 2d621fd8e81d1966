package fuzzlint

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strconv"
	"strings"
	"testing"

	"github.com/pctest/pctest/vectors"
)

// TestEveryOpSeeded checks that every op of vectors.Ops has a target that
// seeds from its vectors: it reads the seed calls (fuzzinput.SeedOctets,
// fuzzinput.SeedUnits, ...) in the Fuzz functions of every package under
// fuzz/ and collects the op names they pass.
func TestEveryOpSeeded(t *testing.T) {
	t.Chdir("..") // fuzz/, where the paths below start

	seeded := map[string][]string{} // op -> targets
	fset := token.NewFileSet()
	for file := range fuzzTargetFiles(t) {
		f, err := parser.ParseFile(fset, file, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || !strings.HasPrefix(fn.Name.Name, "Fuzz") {
				continue
			}
			ast.Inspect(fn.Body, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				if sel, ok := call.Fun.(*ast.SelectorExpr); !ok || !strings.HasPrefix(sel.Sel.Name, "Seed") {
					return true
				}
				for _, a := range call.Args {
					if lit, ok := a.(*ast.BasicLit); ok && lit.Kind == token.STRING {
						s, _ := strconv.Unquote(lit.Value)
						if _, isOp := vectors.Op(s).Info(); isOp {
							seeded[s] = append(seeded[s], fn.Name.Name)
						}
					}
				}
				return true
			})
		}
	}
	for _, op := range vectors.Ops() {
		if len(seeded[string(op.Name)]) == 0 {
			t.Errorf("no fuzz target seeds from the vectors of op %s", op.Name)
		}
	}
}

// fuzzTargetFiles returns the files that declare the package's targets.
func fuzzTargetFiles(t *testing.T) map[string]bool {
	t.Helper()
	files := map[string]bool{}
	for _, target := range fuzzTargets(t) {
		files[target.file] = true
	}
	return files
}
