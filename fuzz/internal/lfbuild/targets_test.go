package lfbuild

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestReadBuildsh(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "build.sh")
	os.WriteFile(path, []byte(`#!/bin/bash -eu
pkg=example.com/m/fuzz
compile_native_go_fuzzer $pkg FuzzA a
compile_native_go_fuzzer $pkg/sub FuzzB b
compile_native_go_fuzzer $pkg FuzzC
`), 0o644)
	got, err := ReadBuildsh(path)
	want := []Target{
		{Pkg: "example.com/m/fuzz", Func: "FuzzA", Name: "a", Line: 3},
		{Pkg: "example.com/m/fuzz/sub", Func: "FuzzB", Name: "b", Line: 4},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("ReadBuildsh (-want +got):\n%s", diff)
	}
	if err == nil || !strings.Contains(err.Error(), "build.sh:5:") {
		t.Errorf("ReadBuildsh error = %v, want one naming build.sh:5", err)
	}
	os.WriteFile(path, []byte("#!/bin/bash\necho nothing\n"), 0o644)
	if _, err := ReadBuildsh(path); err == nil {
		t.Error("ReadBuildsh accepted a build.sh without targets")
	}
}

func TestParams(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "x_test.go"), []byte(`package x

import "testing"

func FuzzPair(f *testing.F) {
	f.Add(byte(1), "a")
	f.Fuzz(func(t *testing.T, sel byte, a, b string, in []byte) {})
}

func FuzzNone(f *testing.F) {}
`), 0o644)
	types, file, err := Params(dir, "FuzzPair")
	if diff := cmp.Diff([]string{"byte", "string", "string", "[]byte"}, types); err != nil || diff != "" || filepath.Base(file) != "x_test.go" {
		t.Errorf("Params(FuzzPair) in %s, %v; want x_test.go; types (-want +got):\n%s", file, err, diff)
	}
	if _, _, err := Params(dir, "FuzzNone"); err == nil {
		t.Error("Params accepted a fuzz function without F.Fuzz")
	}
	if _, _, err := Params(dir, "FuzzMissing"); err == nil {
		t.Error("Params found a function that is not there")
	}
}
