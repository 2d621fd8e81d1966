package testenv

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestMissingNamesWhatAndTarget(t *testing.T) {
	for _, n := range []Need{
		Command("pctest-no-such-program"),
		Command("pctest-no-such-program").By("survey"),
		File(filepath.Join(t.TempDir(), "absent")),
		CLib("pctest_no_such_lib"),
		PkgConfig("pctest-no-such-module"),
		Module("python3", "pctest_no_such_module"),
	} {
		err := Check(n)
		var m *MissingError
		if !errors.As(err, &m) {
			t.Errorf("%s: Check = %v, want a *MissingError", n, err)
			continue
		}
		msg := err.Error()
		if !strings.Contains(msg, n.Name) || !strings.Contains(msg, "`make "+n.target()+"`") || m.How == "" {
			t.Errorf("%s: message %q does not name it, how, and `make %s`", n, msg, n.target())
		}
	}
}

func TestPresentIsNil(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []Need{Command(exe), File(exe)} {
		if err := Check(n); err != nil {
			t.Errorf("%s: %v", n, err)
		}
	}
	// A module of a runtime that is here: what the checks of KindModule
	// and KindCLib answer when the thing exists.
	if Check(Command("python3")) == nil {
		if err := Check(Module("python3", "json")); err != nil {
			t.Errorf("python3's json: %v", err)
		}
	}
	if Check(Command("cc")) == nil {
		if err := Check(CLib("c")); err != nil {
			t.Errorf("-lc: %v", err)
		}
	}
}

func TestUnknownKindIsAnError(t *testing.T) {
	for _, n := range []Need{{Kind: "browser", Name: "x"}, Module("cobol", "x")} {
		var k *KindError
		if err := Check(n); !errors.As(err, &k) {
			t.Errorf("%v: Check = %v, want a *KindError", n, err)
		}
	}
}

// TestGoCommand: $GOROOT/bin/go where it exists, else "go".
func TestGoCommand(t *testing.T) {
	root := t.TempDir()
	t.Setenv("GOROOT", root)
	if got := GoCommand(); got != "go" {
		t.Errorf("GOROOT without bin/go: GoCommand() = %q, want \"go\"", got)
	}
	gobin := filepath.Join(root, "bin", "go")
	if err := os.MkdirAll(filepath.Dir(gobin), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(gobin, nil, 0o755); err != nil {
		t.Fatal(err)
	}
	if got := GoCommand(); got != gobin {
		t.Errorf("GOROOT with bin/go: GoCommand() = %q, want %q", got, gobin)
	}
	t.Setenv("GOROOT", "")
	if got := GoCommand(); got != "go" {
		t.Errorf("no GOROOT: GoCommand() = %q, want \"go\"", got)
	}
}
