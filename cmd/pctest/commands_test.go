package main

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// readmeSection returns the part of the root README under the heading
// (a whole line), up to the next heading of its level or above.
func readmeSection(t *testing.T, heading string) string {
	t.Helper()
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	s := string(data)
	i := strings.Index(s, "\n"+heading+"\n")
	if i < 0 {
		t.Fatalf("README has no heading %q", heading)
	}
	s = s[i+len(heading)+2:]
	level := strings.Fields(heading)[0] // "##"
	for _, l := range strings.SplitAfter(s, "\n") {
		if f := strings.Fields(l); len(f) > 0 && strings.Trim(f[0], "#") == "" && len(f[0]) <= len(level) {
			return s[:strings.Index(s, l)]
		}
	}
	return s
}

// TestCommandTables holds everything that lists pctest's commands or
// report formats to the two tables of commands.go: the dispatch and the
// help of each command, the usage text, the command's doc comment
// (doc.go) and the README's list; and each command's -format and -html
// to reportFormats.
func TestCommandTables(t *testing.T) {
	var names, synopses []string
	for _, c := range commands {
		names = append(names, c.name)
		for _, f := range c.forms {
			synopses = append(synopses, f.synopsis)
		}
	}
	usage := runPctest(t, "help").stdout
	for _, c := range commands {
		for _, f := range c.forms {
			if !strings.Contains(usage, "\n  "+f.synopsis+" ") && !strings.Contains(usage, "\n  "+f.synopsis+"\n") {
				t.Errorf("pctest help does not show %q", f.synopsis)
			}
		}
		r := runPctest(t, "help", c.name)
		if c.name == "help" {
			if r.code != exitOK || r.stdout != usage {
				t.Errorf("pctest help help: exit %d, %.200q", r.code, r.stdout)
			}
			continue
		}
		if want := "usage: " + c.synopsis() + "\n"; r.code != exitOK || !strings.HasPrefix(r.stdout, want) {
			t.Errorf("pctest help %s: exit %d, %.200q; want it to begin %q", c.name, r.code, r.stdout, want)
		}
		// The report formats of the command are its flags.
		want := map[string]bool{"-format": len(formats(c.name)) > 0}
		for _, f := range reportFormats {
			if f.flag != "" {
				want["-"+f.flag] = slices.Contains(f.commands, c.name)
			}
		}
		for flag, w := range want {
			if got := strings.Contains(r.stdout, "\n  "+flag+" "); got != w {
				t.Errorf("pctest %s: has %s: %v; reportFormats says %v", c.name, flag, got, w)
			}
		}
		if fs := formats(c.name); len(fs) > 0 {
			if r := runPctest(t, c.name, "-format", "bogus"); r.code != exitUsage || !strings.Contains(r.stderr, "want "+orList(fs)) {
				t.Errorf("pctest %s -format bogus: exit %d, %q", c.name, r.code, r.stderr)
			}
		}
	}

	// doc.go's usage block: the same forms, in the same order.
	doc, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	var docForms []string
	for _, l := range strings.Split(string(doc), "\n") {
		if rest, ok := strings.CutPrefix(l, "//\tpctest"); ok {
			form := "pctest" + rest
			if i := strings.Index(form, "  "); i > 0 {
				form = form[:i]
			}
			docForms = append(docForms, strings.TrimSpace(form))
		}
	}
	if !slices.Equal(docForms, synopses) {
		t.Errorf("doc.go lists the forms\n%q\nthe table\n%q", docForms, synopses)
	}

	// The README's list of commands.
	var listed []string
	for _, m := range regexp.MustCompile("(?m)^\\| `pctest( \\w+)?`(?:, `pctest (\\w+)`)? \\|").FindAllStringSubmatch(readmeSection(t, "### Commands"), -1) {
		for _, n := range m[1:] {
			if n = strings.TrimSpace(n); n != "" {
				listed = append(listed, n)
			}
		}
	}
	if !slices.Equal(slices.Sorted(slices.Values(listed)), slices.Sorted(slices.Values(names))) {
		t.Errorf("the README lists the commands %q, the table %q", listed, names)
	}
}

// TestREADMELayout checks that the README's layout table names every
// top-level directory of the module (but the hidden ones and the ones
// .gitignore leaves out) and, in its internal/ row, every internal
// package.
func TestREADMELayout(t *testing.T) {
	layout := readmeSection(t, "## Layout")
	ignore, err := os.ReadFile("../../.gitignore")
	if err != nil {
		t.Fatal(err)
	}
	var ignored []string
	for _, l := range strings.Split(string(ignore), "\n") {
		if strings.HasPrefix(l, "/") {
			ignored = append(ignored, strings.Trim(l, "/"))
		}
	}
	var paths []string
	for _, m := range regexp.MustCompile("(?m)^\\| \\[?`([^`]+)`").FindAllStringSubmatch(layout, -1) {
		paths = append(paths, m[1])
	}
	entries, err := os.ReadDir("../..")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if !e.IsDir() || strings.HasPrefix(e.Name(), ".") || slices.Contains(ignored, e.Name()) {
			continue
		}
		if !slices.ContainsFunc(paths, func(p string) bool { return strings.HasPrefix(p, e.Name()+"/") }) {
			t.Errorf("the README's layout table does not name %s/", e.Name())
		}
	}
	row := regexp.MustCompile("(?m)^\\| `internal/` \\|.*$").FindString(layout)
	internal, err := os.ReadDir("../../internal")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range internal {
		if e.IsDir() && !strings.Contains(row, "`"+e.Name()+"`") {
			t.Errorf("the README's internal/ row does not name internal/%s", e.Name())
		}
	}
}

// TestREADMEDependencies checks that the README's dependency list names
// every module go.mod requires directly.
func TestREADMEDependencies(t *testing.T) {
	deps := strings.Join(strings.Fields(readmeSection(t, "## Dependencies")), " ")
	gomod, err := os.ReadFile(filepath.Join("..", "..", "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, m := range regexp.MustCompile(`(?m)^\s+(\S+) v\S+$`).FindAllStringSubmatch(string(gomod), -1) {
		n++
		if !strings.Contains(deps, "`"+m[1]) {
			t.Errorf("the README's dependencies do not name %s", m[1])
		}
	}
	if n == 0 {
		t.Error("no direct requirement read from go.mod")
	}
}

// TestMatrixSharedFlags: the matrix takes the flags that say how a testee
// runs as run does (testeeFlags), with the same help and the same checks.
func TestMatrixSharedFlags(t *testing.T) {
	run, matrix := runPctest(t, "help", "run").stdout, runPctest(t, "help", "matrix").stdout
	for _, flag := range []string{"-timeout", "-start-timeout", "-j", "-utf16hex"} {
		help := func(s string) string {
			i := strings.Index(s, "\n  "+flag+" ")
			if i < 0 {
				i = strings.Index(s, "\n  "+flag+"\n")
			}
			if i < 0 {
				return ""
			}
			l := strings.SplitN(s[i+1:], "\n", 3)
			return l[0] + "\n" + l[1]
		}
		if h := help(matrix); h == "" || h != help(run) {
			t.Errorf("%s: matrix's help %q, run's %q", flag, h, help(run))
		}
	}
	for _, args := range [][]string{{"matrix", "-timeout", "0"}, {"matrix", "-j", "0"}, {"matrix", "-j", "100000000"}, {"-start-timeout", "-1s"}} {
		if r := runPctest(t, args...); r.code != exitUsage || !strings.Contains(r.stderr, args[len(args)-2]) {
			t.Errorf("pctest %q: exit %d, %q; want 2 and what is wrong", args, r.code, r.stderr)
		}
	}
}
