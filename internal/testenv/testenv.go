// Package testenv says whether what a test uses beyond Go is on this
// machine: a program, a C library, a pkg-config module, a file, or a
// module of another language's runtime. A test names exactly what it
// uses, as [Need] values, and [Require] skips it when any is missing,
// with a message that names what is missing, how that was found out, and
// the make target that installs it. `make test` passes on a machine with
// Go alone: every such test skips there, saying why.
//
// It is pctest's one place for that check, as Go's own internal/testenv
// is for the go command's tests.
package testenv

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// A Kind is what sort of thing a [Need] is.
type Kind string

// The kinds of need.
const (
	// KindCommand is a program, found on PATH or by its absolute path.
	KindCommand Kind = "command"
	// KindPkgConfig is a module pkg-config knows (a dev package's .pc).
	KindPkgConfig Kind = "pkg-config"
	// KindCLib is a C library the linker finds as -lNAME.
	KindCLib Kind = "c-lib"
	// KindFile is a file or directory.
	KindFile Kind = "file"
	// KindModule is a module another language's runtime imports:
	// Runtime names the runtime (python3, perl, ruby, node, tclsh), or
	// its path (/usr/bin/python3), which is the interpreter asked.
	KindModule Kind = "module"
)

// A Need is one thing beyond Go that a test uses.
type Need struct {
	Kind Kind `json:"kind"`
	// Name is the program, library, pkg-config module, path or module.
	Name string `json:"name"`
	// Runtime is the runtime a KindModule is imported by.
	Runtime string `json:"runtime,omitempty"`
	// Target is the make target that installs it ("test-deps" when
	// empty).
	Target string `json:"target,omitempty"`
}

// DefaultTarget is the make target that installs what `make test` can use
// beyond Go (Makefile, test-deps).
const DefaultTarget = "test-deps"

// Command is a program, found on PATH (or by its path, when it has a
// slash).
func Command(name string) Need { return Need{Kind: KindCommand, Name: name} }

// PkgConfig is a module that `pkg-config --exists` finds.
func PkgConfig(module string) Need { return Need{Kind: KindPkgConfig, Name: module} }

// CLib is a C library that the C compiler links as -lNAME.
func CLib(name string) Need { return Need{Kind: KindCLib, Name: name} }

// File is a file or directory that must exist.
func File(path string) Need { return Need{Kind: KindFile, Name: path} }

// Module is a module that runtime (python3, perl, ruby, node or tclsh)
// can load: `import NAME`, `use NAME`, `require "NAME"`,
// `require.resolve("NAME")`, `package require NAME`.
func Module(runtime, name string) Need {
	return Need{Kind: KindModule, Runtime: runtime, Name: name}
}

// By returns n with the make target that installs it.
func (n Need) By(target string) Need {
	n.Target = target
	return n
}

// String names the need as a message does: "the program node",
// "python3's module jsonschema".
func (n Need) String() string {
	switch n.Kind {
	case KindCommand:
		return "the program " + n.Name
	case KindPkgConfig:
		return "the pkg-config module " + n.Name
	case KindCLib:
		return "the C library -l" + n.Name
	case KindFile:
		return "the file " + n.Name
	case KindModule:
		return n.Runtime + "'s module " + n.Name
	}
	return fmt.Sprintf("%s %s", n.Kind, n.Name)
}

func (n Need) target() string {
	if n.Target == "" {
		return DefaultTarget
	}
	return n.Target
}

// A MissingError says that a need is not on this machine.
type MissingError struct {
	Need Need
	// How is the check that failed ("exec: \"node\": executable file not
	// found in $PATH", "pkg-config --exists Qt5Qml: exit status 1").
	How string
}

// Error names what is missing, how that was found, and the make target
// that installs it.
func (e *MissingError) Error() string {
	return fmt.Sprintf("%s is missing (%s): `make %s` installs it", e.Need, e.How, e.Need.target())
}

// A KindError is a Need of a kind (or, for a module, a runtime) this
// package does not know how to check: a mistake in the test.
type KindError struct{ Need Need }

// Error names the need.
func (e *KindError) Error() string {
	return fmt.Sprintf("testenv: cannot check %s: kind %q, runtime %q", e.Need, e.Need.Kind, e.Need.Runtime)
}

var (
	cacheMu sync.Mutex
	cache   = map[Need]error{}
)

// Check reports whether n is on this machine: nil, or a *MissingError
// (a *KindError for a need it cannot check). Answers are cached for the
// test binary's life.
func Check(n Need) error {
	key := n
	key.Target = ""
	cacheMu.Lock()
	err, ok := cache[key]
	cacheMu.Unlock()
	if !ok {
		err = check(key)
		cacheMu.Lock()
		cache[key] = err
		cacheMu.Unlock()
	}
	var m *MissingError
	if errors.As(err, &m) {
		c := *m
		c.Need = n
		return &c
	}
	return err
}

func check(n Need) error {
	missing := func(how string) error { return &MissingError{Need: n, How: how} }
	switch n.Kind {
	case KindCommand:
		if _, err := exec.LookPath(n.Name); err != nil {
			return missing(err.Error())
		}
	case KindFile:
		if _, err := os.Stat(n.Name); err != nil {
			return missing(err.Error())
		}
	case KindPkgConfig:
		if err := Check(Command("pkg-config")); err != nil {
			return missing("no pkg-config to ask")
		}
		if out, err := exec.Command("pkg-config", "--exists", "--print-errors", n.Name).CombinedOutput(); err != nil {
			return missing("pkg-config --exists " + n.Name + ": " + firstLine(out, err))
		}
	case KindCLib:
		cc := "cc"
		if err := Check(Command(cc)); err != nil {
			return missing("no C compiler to ask")
		}
		// -print-file-name prints the library's path when the linker's
		// search path has it, its bare name otherwise.
		lib := "lib" + n.Name + ".so"
		out, err := exec.Command(cc, "-print-file-name="+lib).Output()
		if p := strings.TrimSpace(string(out)); err != nil || !filepath.IsAbs(p) {
			return missing(cc + " -print-file-name=" + lib + " does not find it")
		}
	case KindModule:
		var args []string
		stdin := ""
		// The runtime may be named by its path (/usr/bin/python3): the
		// module is asked of that interpreter.
		switch filepath.Base(n.Runtime) {
		case "python3":
			args = []string{"-c", "import " + n.Name}
		case "perl":
			args = []string{"-M" + n.Name, "-e", "1"}
		case "ruby":
			args = []string{"-e", fmt.Sprintf("require %q", n.Name)}
		case "node":
			args = []string{"-e", fmt.Sprintf("require.resolve(%q)", n.Name)}
		case "tclsh":
			stdin = "package require " + n.Name + "\n"
		default:
			return &KindError{Need: n}
		}
		if err := Check(Command(n.Runtime)); err != nil {
			return missing("no " + n.Runtime + " to ask")
		}
		cmd := exec.Command(n.Runtime, args...)
		cmd.Stdin = strings.NewReader(stdin)
		if out, err := cmd.CombinedOutput(); err != nil {
			return missing(strings.TrimSpace(n.Runtime+" "+strings.Join(args, " ")+" "+strings.TrimSpace(stdin)) + ": " + firstLine(out, err))
		}
	default:
		return &KindError{Need: n}
	}
	return nil
}

// firstLine returns the last non-empty line a failed check printed (where
// an interpreter names what it could not find), or its error.
func firstLine(out []byte, err error) string {
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		if l := strings.TrimSpace(lines[i]); l != "" {
			if len(l) > 200 {
				l = l[:200] + "…"
			}
			return l
		}
	}
	return err.Error()
}

// Missing returns the first of needs that is not on this machine, as a
// *MissingError, or nil when all are.
func Missing(needs ...Need) error {
	for _, n := range needs {
		if err := Check(n); err != nil {
			return err
		}
	}
	return nil
}

// Require skips t when any of needs is missing, with a message that names
// it, how that was found, and the make target that installs it; a need it
// cannot check fails t.
func Require(t testing.TB, needs ...Need) {
	t.Helper()
	err := Missing(needs...)
	var k *KindError
	switch {
	case err == nil:
	case errors.As(err, &k):
		t.Fatal(err)
	default:
		t.Skip(err)
	}
}

// Parse reads a need written as "KIND:NAME" ("command:g++",
// "pkg-config:Qt5Qml", "c-lib:exslt", "file:/usr/include/apr-1.0",
// "module:python3:urllib.parse"), as data files declare them.
func Parse(s string) (Need, error) {
	kind, name, ok := strings.Cut(s, ":")
	n := Need{Kind: Kind(kind), Name: name}
	if kind == string(KindModule) {
		n.Runtime, n.Name, ok = strings.Cut(name, ":")
	}
	if !ok || n.Name == "" {
		return Need{}, fmt.Errorf("need %q: want KIND:NAME (command, pkg-config, c-lib, file) or module:RUNTIME:NAME", s)
	}
	switch n.Kind {
	case KindCommand, KindPkgConfig, KindCLib, KindFile:
	case KindModule:
		switch n.Runtime {
		case "python3", "perl", "ruby", "node", "tclsh":
		default:
			return Need{}, fmt.Errorf("need %q: no module check for the runtime %q (python3, perl, ruby, node, tclsh)", s, n.Runtime)
		}
	default:
		return Need{}, fmt.Errorf("need %q: unknown kind %q (command, pkg-config, c-lib, file, module)", s, kind)
	}
	return n, nil
}

// Format writes n as Parse reads it.
func (n Need) Format() string {
	if n.Kind == KindModule {
		return string(n.Kind) + ":" + n.Runtime + ":" + n.Name
	}
	return string(n.Kind) + ":" + n.Name
}

// GoCommand returns the go command that runs the tests, for a test that
// builds a program: $GOROOT/bin/go where that exists (go test sets GOROOT
// in the test binary's environment), else "go", which exec looks up on
// PATH.
func GoCommand() string {
	if root := os.Getenv("GOROOT"); root != "" {
		gobin := filepath.Join(root, "bin", "go")
		if _, err := os.Stat(gobin); err == nil {
			return gobin
		}
	}
	return "go"
}
