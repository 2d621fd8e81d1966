package main

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// releaseRE is a Go release as go.mod's go line names one: 1.N.P.
var releaseRE = regexp.MustCompile(`^1\.\d+\.\d+$`)

// TestREADMEGoVersion (issue 28, item 3) checks that the README's quick
// start asks for the Go release that go.mod's go line requires, so that a
// user with that release builds pctest without a toolchain download (which
// fails without the network): the go line names a release (1.N.P), there
// is no toolchain line (one would make go fetch that toolchain), and the
// quick start says "Go 1.N.P or later" with the same release.
func TestREADMEGoVersion(t *testing.T) {
	data, err := os.ReadFile("../../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	goLine := ""
	for i, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		switch {
		case len(f) == 0:
		case f[0] == "go":
			if len(f) != 2 || !releaseRE.MatchString(f[1]) {
				t.Errorf("go.mod:%d: %q: want \"go 1.N.P\"", i+1, line)
			}
			goLine = f[len(f)-1]
		case f[0] == "toolchain":
			t.Errorf("go.mod:%d: %q: a toolchain line makes go download that toolchain; the README promises the go line's release", i+1, line)
		}
	}
	if goLine == "" {
		t.Fatal("go.mod has no go line")
	}
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	prose := strings.Join(strings.Fields(string(readme)), " ")
	if want := "On a machine with Go " + goLine + " or later"; !strings.Contains(prose, want) {
		t.Errorf("README's quick start does not say %q (go.mod: go %s)", want, goLine)
	}
}
