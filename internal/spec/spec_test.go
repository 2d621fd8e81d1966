package spec

import (
	"fmt"
	"go/build"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

const module = "github.com/pctest/pctest"

// TestNoCodec checks the import graph: neither this package nor the vector
// generator that takes its answers from it imports package codec, directly
// or through another package of the module, so that the vectors never
// come from the codec they judge.
func TestNoCodec(t *testing.T) {
	_, file, _, _ := runtime.Caller(0)
	root := filepath.Join(filepath.Dir(file), "..", "..")
	for _, pkg := range []string{module + "/internal/spec", module + "/vectors/internal/gen"} {
		if path := importPath(t, root, pkg, module+"/codec", map[string]bool{}); path != nil {
			t.Errorf("%s imports the codec: %s", pkg, strings.Join(path, " -> "))
		}
	}
	// The check finds an import where there is one.
	if path := importPath(t, root, module+"/internal/gen", module+"/codec", map[string]bool{}); path == nil {
		t.Error("the import check does not see that internal/gen imports the codec")
	}
}

// importPath returns the chain of imports from pkg to target (the
// non-test imports of the module's packages), or nil.
func importPath(t *testing.T, root, pkg, target string, seen map[string]bool) []string {
	if pkg == target {
		return []string{pkg}
	}
	if seen[pkg] || !strings.HasPrefix(pkg, module+"/") {
		return nil
	}
	seen[pkg] = true
	p, err := build.ImportDir(filepath.Join(root, strings.TrimPrefix(pkg, module+"/")), 0)
	if err != nil {
		t.Fatalf("%s: %v", pkg, err)
	}
	for _, imp := range p.Imports {
		if path := importPath(t, root, imp, target, seen); path != nil {
			return append([]string{pkg}, path...)
		}
	}
	return nil
}

// TestPctEncode checks the escapes the models write against fmt's
// formatting of every octet.
func TestPctEncode(t *testing.T) {
	for c := range 256 {
		if got, want := string(PctEncode([]byte("x"), byte(c))), fmt.Sprintf("x%%%02X", c); got != want {
			t.Errorf("PctEncode(%#x) = %q, want %q", c, got, want)
		}
	}
}
