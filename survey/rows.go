package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// A Row is one line of the survey's matrix: a built-in implementation of
// pctest, or a testee run with one function set.
type Row struct {
	// Name labels the row, such as "php-url" or "ruby-stdlib cgi".
	Name string `json:"name"`
	// Kind is "engine" for an ECMAScript engine's four global functions,
	// which the report shows in a family of their own; "browser" for a
	// browser, which the report shows in the browsers matrix
	// (browsers.go) instead of the families; "" otherwise.
	Kind string `json:"kind,omitempty"`
	// Language and Library say what is surveyed, for people.
	Language string `json:"language"`
	Library  string `json:"library"`
	// Impl names a built-in implementation (pctest run -impl); Dir and
	// Argv are empty then.
	Impl string `json:"impl,omitempty"`
	// Dir is the testee's directory, relative to the module's root
	// (survey/testees/NAME, set from where its testee.json is), and
	// Variant the function set its mapping.json rows carry for this row.
	Dir     string `json:"dir,omitempty"`
	Variant string `json:"variant,omitempty"`
	// Argv is the testee's command line, with the placeholders of
	// layout.expand: {dir}, {out}, {common}, {root}.
	Argv []string `json:"argv,omitempty"`
	// UTF16Hex runs the testee in the runner's -utf16hex mode.
	UTF16Hex bool `json:"utf16hex,omitempty"`
	// Needs lists files (with the same placeholders) that the install step
	// makes; a row whose needs are missing is reported as not installed.
	Needs []string `json:"needs,omitempty"`
	// Version is a command printing the surveyed library's version.
	Version []string `json:"version,omitempty"`
	// Debian lists the Debian packages the row's library comes from; their
	// installed versions are recorded in the report.
	Debian []string `json:"debian,omitempty"`
	// ExpectFail is an expected-failures file (relative to the testee's
	// directory) that testees_test.go holds the testee to.
	ExpectFail string `json:"expect_fail,omitempty"`
	// NoFuzz skips fuzzing, for the reference codec itself.
	NoFuzz bool `json:"no_fuzz,omitempty"`
	// Fuzz, when set, is the row's own fuzzing time (a Go duration, at most
	// the survey's -fuzz), for a testee too slow for the survey's.
	Fuzz string `json:"fuzz,omitempty"`
	// FuzzCases, when set, fuzzes the row for this many cases
	// (pctest fuzz -cases) instead of for a time: a case budget for a
	// testee that takes longer to start than the survey's fuzz time (a
	// browser), whose time would run out before its first answer.
	FuzzCases int `json:"fuzz_cases,omitempty"`
	// Timeout, when set, is pctest's -timeout for the row (a Go duration):
	// how long the testee may leave a request unanswered, for a runtime
	// that starts slowly on a loaded machine.
	Timeout string `json:"timeout,omitempty"`
	// Engine names the ECMAScript engine of an engine row, when rows of
	// several versions or embeddings of one engine share it (Qt 5 and Qt
	// 6's V4, Node and Deno's V8); "" is the row's own name. ForkOf names
	// the engine a fork comes from (sobek from goja). The report counts
	// distinct engines apart from forks and versions.
	Engine string `json:"engine,omitempty"`
	ForkOf string `json:"fork_of,omitempty"`
	// Note is shown with the row in the report: a version constraint, a
	// limit of the testee.
	Note string `json:"note,omitempty"`
}

// engine returns the engine the row runs: Engine, or the row's name.
func (r *Row) engine() string {
	if r.Engine != "" {
		return r.Engine
	}
	return r.Name
}

// slug returns a file-name-safe form of the row's name.
func (r *Row) slug() string {
	return strings.Map(func(c rune) rune {
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '-', c == '_':
			return c
		}
		return '_'
	}, r.Name)
}

// A TesteeDir is a survey testee's directory and its testee.json: how to
// install and build it, and its rows (survey/testees/README.md).
type TesteeDir struct {
	// Dir is the directory, relative to the module's root.
	Dir string `json:"-"`
	// Apt lists Debian packages pinned as "name=version".
	Apt []string `json:"apt,omitempty"`
	// Build lists commands run in Dir, in order, after the packages and
	// npm ci, with the placeholders of layout.expand.
	Build [][]string `json:"build,omitempty"`
	Rows  []Row      `json:"rows"`
}

// npm reports whether the directory is installed with npm ci.
func (d *TesteeDir) npm(root string) bool {
	_, err := os.Stat(filepath.Join(root, d.Dir, "package-lock.json"))
	return err == nil
}

// needsInstall reports whether the directory's rows need anything
// installed or built before they run.
func (d *TesteeDir) needsInstall(root string) bool {
	return len(d.Apt) > 0 || len(d.Build) > 0 || d.npm(root)
}

// loadRows reads the built-in rows (survey/rows.json) and every testee
// directory's testee.json under survey/testees, and checks them.
func loadRows(root string) ([]Row, []*TesteeDir, error) {
	name := filepath.Join(root, "survey", "rows.json")
	var rows []Row
	if err := decodeStrict(name, &rows); err != nil {
		return nil, nil, err
	}
	files, err := filepath.Glob(filepath.Join(root, "survey", "testees", "*", "testee.json"))
	if err != nil {
		return nil, nil, err
	}
	var dirs []*TesteeDir
	for _, f := range files {
		d := &TesteeDir{}
		if err := decodeStrict(f, d); err != nil {
			return nil, nil, err
		}
		rel, _ := filepath.Rel(root, filepath.Dir(f))
		d.Dir = filepath.ToSlash(rel)
		for _, p := range d.Apt {
			if err := checkPin(p); err != nil {
				return nil, nil, fmt.Errorf("%s: %v", f, err)
			}
		}
		if len(d.Rows) == 0 {
			return nil, nil, fmt.Errorf("%s: no rows", f)
		}
		for i := range d.Rows {
			r := &d.Rows[i]
			if r.Dir != "" || r.Impl != "" {
				return nil, nil, fmt.Errorf("%s: row %q: a testee.json row takes its dir from where it is, and has no impl", f, r.Name)
			}
			r.Dir = d.Dir
		}
		rows = append(rows, d.Rows...)
		dirs = append(dirs, d)
	}
	seen := map[string]bool{}
	for i, r := range rows {
		switch {
		case r.Name == "":
			return nil, nil, fmt.Errorf("row %d (%s) has no name", i, r.Dir)
		case seen[r.Name]:
			return nil, nil, fmt.Errorf("two rows named %q", r.Name)
		case (r.Impl == "") == (len(r.Argv) == 0):
			return nil, nil, fmt.Errorf("row %q (%s): want exactly one of impl and argv", r.Name, r.Dir)
		case len(r.Argv) > 0 && r.Dir == "":
			return nil, nil, fmt.Errorf("row %q: a testee row needs its dir", r.Name)
		case r.FuzzCases < 0:
			return nil, nil, fmt.Errorf("row %q (%s): fuzz_cases %d is not a number of cases", r.Name, r.Dir, r.FuzzCases)
		case r.Kind != "" && r.Kind != "engine" && r.Kind != "browser":
			return nil, nil, fmt.Errorf("row %q (%s): kind %q is not \"engine\", \"browser\" or empty", r.Name, r.Dir, r.Kind)
		}
		for _, d := range []struct{ field, value string }{{"fuzz", r.Fuzz}, {"timeout", r.Timeout}} {
			if d.value == "" {
				continue
			}
			if _, err := time.ParseDuration(d.value); err != nil {
				return nil, nil, fmt.Errorf("row %q (%s): %s: %v", r.Name, r.Dir, d.field, err)
			}
		}
		seen[r.Name] = true
	}
	return rows, dirs, nil
}

// decodeStrict decodes the JSON file name into v, refusing unknown fields.
func decodeStrict(name string, v any) error {
	data, err := os.ReadFile(name)
	if err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return nil
}

// A layout says where things are.
type layout struct {
	root string // the module's root
	work string // survey/work
}

// out returns the build directory of the testee directory dir.
func (l *layout) out(dir string) string {
	return filepath.Join(l.work, "build", filepath.Base(dir))
}

// expandDir replaces the placeholders in s for the testee directory dir:
// {dir} the directory, {out} its build directory, {common} survey/testees,
// {root} the module's root, all absolute.
func (l *layout) expandDir(dir, s string) string {
	return strings.NewReplacer(
		"{dir}", filepath.Join(l.root, dir),
		"{out}", l.out(dir),
		"{common}", filepath.Join(l.root, "survey", "testees"),
		"{root}", l.root,
	).Replace(s)
}

// expand replaces the placeholders in s for the row r.
func (l *layout) expand(r *Row, s string) string { return l.expandDir(r.Dir, s) }

func (l *layout) expandAll(r *Row, list []string) []string {
	out := make([]string, len(list))
	for i, s := range list {
		out[i] = l.expand(r, s)
	}
	return out
}

// missing says why the row cannot run here, or returns "".
func (l *layout) missing(r *Row) string {
	if r.Impl != "" {
		return ""
	}
	argv := l.expandAll(r, r.Argv)
	if _, err := exec.LookPath(argv[0]); err != nil {
		return fmt.Sprintf("%s is not installed (%v)", r.Argv[0], errors.Unwrap(err))
	}
	for _, n := range l.expandAll(r, r.Needs) {
		if _, err := os.Stat(n); err != nil {
			rel, _ := filepath.Rel(l.root, n)
			return fmt.Sprintf("%s is missing: the install step did not make it", rel)
		}
	}
	return ""
}

// version runs the row's version command and returns its first line.
func (l *layout) version(ctx context.Context, r *Row) string {
	if len(r.Version) == 0 {
		return ""
	}
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	argv := l.expandAll(r, r.Version)
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.Dir = filepath.Join(l.root, r.Dir)
	out, err := cmd.CombinedOutput()
	if err != nil {
		return "unknown (" + strings.TrimSpace(firstLine(string(out))+" "+err.Error()) + ")"
	}
	return strings.TrimSpace(firstLine(string(out)))
}

// debianVersions returns the installed versions of the Debian packages, as
// "pkg version" strings, or nil when dpkg-query is not there.
func debianVersions(ctx context.Context, pkgs []string) []string {
	if len(pkgs) == 0 {
		return nil
	}
	if _, err := exec.LookPath("dpkg-query"); err != nil {
		return nil
	}
	var out []string
	for _, p := range pkgs {
		v, err := exec.CommandContext(ctx, "dpkg-query", "-W", "-f", "${Version}", p).Output()
		if err != nil || len(v) == 0 {
			out = append(out, p+" (not installed)")
			continue
		}
		out = append(out, p+" "+strings.TrimSpace(string(v)))
	}
	return out
}

// lastLine returns the last line of s that is not blank.
func lastLine(s string) string {
	s = strings.TrimRight(s, " \t\r\n")
	return s[strings.LastIndexByte(s, '\n')+1:]
}

func firstLine(s string) string {
	s = strings.TrimLeft(s, "\n")
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}
