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
	// Language and Library say what is surveyed, for people.
	Language string `json:"language"`
	Library  string `json:"library"`
	// Impl names a built-in implementation (pctest run -impl); Dir and
	// Argv are empty then.
	Impl string `json:"impl,omitempty"`
	// Dir is the testee's directory under cmd/pctest/testees, and Variant
	// the function set its mapping.json rows carry for this row.
	Dir     string `json:"dir,omitempty"`
	Variant string `json:"variant,omitempty"`
	// Argv is the testee's command line; "{dir}" stands for the testee's
	// absolute directory and "{work}" for the absolute work directory.
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
	// Note is shown with the row in the report: a version constraint, a
	// limit of the testee.
	Note string `json:"note,omitempty"`
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

// loadRows reads the rows file.
func loadRows(name string) ([]Row, error) {
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	var rows []Row
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&rows); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	seen := map[string]bool{}
	for i, r := range rows {
		switch {
		case r.Name == "":
			return nil, fmt.Errorf("%s: row %d has no name", name, i)
		case seen[r.Name]:
			return nil, fmt.Errorf("%s: two rows named %q", name, r.Name)
		case (r.Impl == "") == (len(r.Argv) == 0):
			return nil, fmt.Errorf("%s: row %q: want exactly one of impl and argv", name, r.Name)
		case len(r.Argv) > 0 && r.Dir == "":
			return nil, fmt.Errorf("%s: row %q: a testee row needs its dir", name, r.Name)
		}
		seen[r.Name] = true
	}
	return rows, nil
}

// A layout says where things are.
type layout struct {
	root    string // the module's root
	testees string // cmd/pctest/testees
	work    string // survey/work
}

// expand replaces the placeholders in s.
func (l *layout) expand(r *Row, s string) string {
	s = strings.ReplaceAll(s, "{dir}", filepath.Join(l.testees, r.Dir))
	return strings.ReplaceAll(s, "{work}", l.work)
}

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
	cmd.Dir = filepath.Join(l.testees, r.Dir)
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

func firstLine(s string) string {
	s = strings.TrimLeft(s, "\n")
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}
