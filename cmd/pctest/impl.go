package main

import (
	"context"
	"embed"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"

	"github.com/pctest/pctest/conformance"
	"github.com/pctest/pctest/conformance/gojaimpl"
	"github.com/pctest/pctest/testee"
)

// The example testees ship inside the binary, so that pctest finds them
// wherever it runs; they are written to a temporary directory to run.
//
//go:embed testees/node-builtin/testee.js testees/python-urllib/testee.py testees/python-urllib/expected-failures.txt
var exampleFS embed.FS

// An example is a shipped example testee, run by an interpreter.
type example struct {
	Name        string // as given to -impl, and shown in the matrix
	Interpreter string // looked up in PATH
	Script      string // in exampleFS
	// ExpectFail is the expected-failures file shipped beside it, in
	// exampleFS, or "".
	ExpectFail string
}

var examples = []example{
	{Name: "node", Interpreter: "node", Script: "testees/node-builtin/testee.js"},
	{Name: "python3", Interpreter: "python3", Script: "testees/python-urllib/testee.py",
		ExpectFail: "testees/python-urllib/expected-failures.txt"},
}

// builtins are the implementations inside pctest, by -impl name.
var builtins = []struct {
	Name string
	New  func() conformance.Implementation
	Doc  string
}{
	{"reference", conformance.Reference, "pctest's reference codec"},
	{"goja", func() conformance.Implementation { return gojaimpl.New() }, "the goja JavaScript engine's URI functions"},
	{"neturl", conformance.NetURL, "Go's net/url escapers"},
}

// implNames returns the names -impl accepts.
func implNames() []string {
	var names []string
	for _, b := range builtins {
		names = append(names, b.Name)
	}
	for _, e := range examples {
		names = append(names, e.Name)
	}
	return names
}

// An implementation is what a run tests: a built-in one, or a testee.
type implementation struct {
	conformance.Implementation
	// Label names it in reports.
	Label string
	// Argv is the testee's command, nil for a built-in implementation.
	Argv []string
	// Testee is the subprocess, nil for a built-in implementation.
	Testee *testee.Process
	// Parallel is how many vectors to run at once.
	Parallel int
	// ExpectFail and ExpectFailName are the expected-failures list that
	// comes with it (the python3 example's), or empty.
	ExpectFail     []byte
	ExpectFailName string
	dir            string // a temporary directory to remove
	example        bool   // a shipped example testee
}

// close stops a testee and removes what it left; with now set, the testee
// is killed at once.
func (im *implementation) close(now bool) {
	if im.Testee != nil {
		if now {
			im.Testee.Kill()
		} else {
			im.Testee.Close()
		}
	}
	if im.dir != "" {
		os.RemoveAll(im.dir)
	}
}

// openNamed returns the built-in implementation or example testee called
// name. opts configure the testee of an example.
func openNamed(name string, opts []testee.Option) (*implementation, error) {
	for _, b := range builtins {
		if b.Name == name {
			return &implementation{Implementation: b.New(), Label: name, Parallel: runtime.GOMAXPROCS(0)}, nil
		}
	}
	for _, e := range examples {
		if e.Name == name {
			return openExample(e, opts)
		}
	}
	return nil, &usageError{"unknown implementation " + strconv.Quote(name) + "; known: " + strings.Join(implNames(), ", ")}
}

// openExample writes example e to a temporary directory and starts it. An
// error is a *testee.StartError if its interpreter is not installed.
func openExample(e example, opts []testee.Option) (*implementation, error) {
	interp, err := exec.LookPath(e.Interpreter)
	if err != nil {
		return nil, &testee.StartError{Command: []string{e.Interpreter}, Err: err}
	}
	dir, err := os.MkdirTemp("", "pctest-"+e.Name+"-")
	if err != nil {
		return nil, &testee.StartError{Command: []string{e.Interpreter}, Err: err}
	}
	script := filepath.Join(dir, path.Base(e.Script))
	src, _ := exampleFS.ReadFile(e.Script)
	if err := os.WriteFile(script, src, 0o644); err != nil {
		os.RemoveAll(dir)
		return nil, &testee.StartError{Command: []string{e.Interpreter}, Err: err}
	}
	im, err := openTestee([]string{interp, script}, append(slices.Clip(opts), testee.Name(e.Name)))
	if err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	im.dir = dir
	im.example = true
	// Reports show where the script lives in the repository, not the
	// temporary copy.
	im.Argv = []string{e.Interpreter, "cmd/pctest/" + e.Script}
	if e.ExpectFail != "" {
		im.ExpectFail, _ = exampleFS.ReadFile(e.ExpectFail)
		im.ExpectFailName = "cmd/pctest/" + e.ExpectFail
	}
	return im, nil
}

// openTestee starts the testee argv, as opts configure it.
func openTestee(argv []string, opts []testee.Option) (*implementation, error) {
	t, err := testee.Start(context.Background(), argv, opts...)
	if err != nil {
		return nil, err
	}
	return &implementation{Implementation: t, Label: t.Name(), Argv: argv, Testee: t, Parallel: t.Window()}, nil
}
