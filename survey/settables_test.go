package main

import (
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/pctest/pctest/vectors"
)

var updateSetTables = flag.Bool("update", false, "rewrite the shims' tables of named sets from vectors/sets.json (TestTesteeSetTables)")

// setTables are the tables of named encode sets that the survey's shims
// written in C, Rust, Java and Perl carry, for the libraries that take a set
// as a list of kept characters. Each table is generated from
// vectors/sets.json: entry writes one set's line, and row matches the lines
// of the table, which are one block.
var setTables = []struct {
	file  string // under survey/testees
	row   *regexp.Regexp
	entry func(name, keeps string) string
}{
	{"c-common/sets.h", regexp.MustCompile(`^\t\{"[a-z0-9]+\.[A-Za-z0-9.-]+", `), func(name, keeps string) string {
		return "\t{" + cQuote(name) + ", " + cQuote(keeps) + "},"
	}},
	{"rust-common/protocol.rs", regexp.MustCompile(`^    \("[a-z0-9]+\.[A-Za-z0-9.-]+", b"`), func(name, keeps string) string {
		return "    (" + cQuote(name) + ", b" + cQuote(keeps) + "),"
	}},
	{"java-common/Sets.java", regexp.MustCompile(`^        KEEPS\.put\("`), func(name, keeps string) string {
		return "        KEEPS.put(" + cQuote(name) + ", " + cQuote(keeps) + ");"
	}},
	{"perl-common/Sets.pm", regexp.MustCompile(`^    '[a-z0-9]+\.[A-Za-z0-9.-]+' => '`), func(name, keeps string) string {
		return "    " + perlQuote(name) + " => " + perlQuote(keeps) + ","
	}},
}

// cQuote writes s, printable ASCII, as a C, Rust or Java string literal.
func cQuote(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`
}

// perlQuote writes s, printable ASCII, as a Perl single-quoted string.
func perlQuote(s string) string {
	return `'` + strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(s) + `'`
}

// TestTesteeSetTables checks that each shim's table of named sets is the
// table that vectors/sets.json gives: every set, sorted by name, with the
// printable ASCII octets it keeps. With -update it rewrites the tables.
func TestTesteeSetTables(t *testing.T) {
	sets, err := vectors.NamedSets()
	if err != nil {
		t.Fatal(err)
	}
	for _, tab := range setTables {
		var want []string
		for _, s := range sets {
			want = append(want, tab.entry(s.Name, s.KeepsASCII))
		}
		name := filepath.Join(moduleRootT(t), "survey", "testees", filepath.FromSlash(tab.file))
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(data), "\n")
		first, last := -1, -1
		for i, l := range lines {
			if tab.row.MatchString(l) {
				if first < 0 {
					first = i
				} else if last != i-1 {
					t.Errorf("%s:%d: a table row apart from the table that ends at line %d", tab.file, i+1, last+1)
				}
				last = i
			}
		}
		if first < 0 {
			t.Errorf("%s: no table of named sets", tab.file)
			continue
		}
		got := lines[first : last+1]
		if strings.Join(got, "\n") == strings.Join(want, "\n") {
			continue
		}
		if !*updateSetTables {
			t.Errorf("%s:%d: the table of named sets is not the one vectors/sets.json gives: run go test ./survey -run TestTesteeSetTables -update", tab.file, first+1)
			continue
		}
		out := append(append(append([]string{}, lines[:first]...), want...), lines[last+1:]...)
		if err := os.WriteFile(name, []byte(strings.Join(out, "\n")), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: table rewritten", tab.file)
	}
}

// TestBrowserSetAPI checks the browsers' mapping of WHATWG sets to web APIs
// (browserSetAPI) against vectors/sets.json: every name is a named set, and
// every whatwg.* set has an entry, so a WHATWG set added there shows here.
func TestBrowserSetAPI(t *testing.T) {
	for name := range browserSetAPI {
		if _, ok := vectors.SetByName(name); !ok {
			t.Errorf("browserSetAPI names %q, which is not a set of vectors/sets.json", name)
		}
	}
	sets, err := vectors.NamedSets()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range sets {
		if _, ok := browserSetAPI[s.Name]; strings.HasPrefix(s.Name, "whatwg.") && !ok {
			t.Errorf("WHATWG set %s (%s §%s) has no entry in browserSetAPI", s.Name, s.Ref.Document, s.Ref.Section)
		}
	}
}
