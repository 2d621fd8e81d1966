package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestThirdPartyModule follows the README's "Using the Go API from your
// own module" with a replace directive: a module of its own, outside this
// one, requires github.com/pctest/pctest, replaces it with this clone,
// and its conformance test passes, offline (GOPROXY=off; go.sum from
// this module, as `go mod tidy` would fetch it).
func TestThirdPartyModule(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a module")
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		"go.mod": "module example.com/mylib\n\ngo 1.26.0\n",
		"go.sum": string(sum),
		"mylib_test.go": `package mylib

import (
	"net/url"
	"testing"

	"github.com/pctest/pctest/conformance"
)

func TestConformance(t *testing.T) {
	conformance.Run(t, conformance.Funcs{
		Label:         "mylib",
		GoQueryEscape: func(s string) (string, error) { return url.QueryEscape(s), nil },
	})
}
`,
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, argv := range [][]string{
		{"go", "mod", "edit", "-require=github.com/pctest/pctest@v0.0.0", "-replace=github.com/pctest/pctest=" + root},
		{"go", "mod", "tidy"},
		{"go", "test", "-count=1", "-run", "TestConformance", "."},
	} {
		cmd := exec.Command(argv[0], argv[1:]...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOPROXY=off", "GOFLAGS=-mod=mod", "GOWORK=off")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v\n%s", strings.Join(argv, " "), err, out)
		}
	}
}
