package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/pctest/pctest/internal/faketestee"
	"github.com/pctest/pctest/internal/testenv"
	"github.com/pctest/pctest/report"
)

// TestCheckExitStatus: pctest check exits as pctest run does: 0 with no
// problem, 1 with problems, 2 for a testee that cannot start or declines
// every op, and for bad usage. Its JSON report reads back.
func TestCheckExitStatus(t *testing.T) {
	faketestee.CheckNoLeaks(t)
	for _, tc := range []struct {
		mode string
		code int
		want string
	}{
		{"ref", exitOK, "no problems"},
		{"ref,lossy-json", exitFail, "-utf16hex"},
		{"unsup-op=*", exitUsage, "pctest ops"},
	} {
		r := runPctest(t, append([]string{"check", "-timeout", "2s"}, fakeArgs(t, tc.mode)...)...)
		if r.code != tc.code || !strings.Contains(r.stdout, tc.want) {
			t.Errorf("%s: exit %d, want %d and %q:\n%s%s", tc.mode, r.code, tc.code, tc.want, r.stdout, r.stderr)
		}
	}
	r := runPctest(t, append([]string{"check", "-format", "json"}, fakeArgs(t, "ref,int32-id")...)...)
	rep, err := report.ReadCheckReport(strings.NewReader(r.stdout))
	if err != nil || r.code != exitFail || rep.Problems != 1 || rep.Checks[1].Name != "ids" || rep.Checks[1].Status != report.CheckProblem {
		t.Errorf("json: exit %d, %v:\n%s", r.code, err, r.stdout)
	}
	// The report follows check.schema.json.
	seen := followsSchema(t, "../../report/check.schema.json", r.stdout)
	if !seen["$.checks[].fix"] {
		t.Errorf("the report checked has no fix")
	}
	for _, args := range [][]string{{"check"}, {"check", "-format", "junit", "--", "x"}, {"check", "--", "/nonexistent/testee"}} {
		if r := runPctest(t, args...); r.code != exitUsage {
			t.Errorf("%q: exit %d, want 2:\n%s%s", args, r.code, r.stdout, r.stderr)
		}
	}
}

// TestTemplates runs each testee template beside the examples (Perl, Ruby,
// Java, Rust) where its runtime is installed: pctest check finds no
// problem, and pctest run passes every vector of the ops it answers.
func TestTemplates(t *testing.T) {
	if testing.Short() {
		t.Skip("starts interpreters and compilers")
	}
	for _, tc := range []struct {
		name  string
		needs []testenv.Need
		argv  func(t *testing.T, dir string) []string
	}{
		{"perl", []testenv.Need{testenv.Module("perl", "JSON::PP"), testenv.Module("perl", "Encode")}, func(t *testing.T, dir string) []string {
			return []string{"perl", "testees/template-perl/testee.pl"}
		}},
		{"ruby", []testenv.Need{testenv.Module("ruby", "json")}, func(t *testing.T, dir string) []string { return []string{"ruby", "testees/template-ruby/testee.rb"} }},
		{"java", []testenv.Need{testenv.Command("javac"), testenv.Command("java")}, func(t *testing.T, dir string) []string {
			build(t, "javac", "-d", dir, "testees/template-java/Testee.java")
			return []string{"java", "-cp", dir, "Testee"}
		}},
		{"rust", []testenv.Need{testenv.Command("cargo")}, func(t *testing.T, dir string) []string {
			build(t, "cargo", "build", "--offline", "--release", "--quiet", "--manifest-path", "testees/template-rust/Cargo.toml", "--target-dir", dir)
			return []string{filepath.Join(dir, "release", "pctest-testee")}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			testenv.Require(t, tc.needs...)
			faketestee.CheckNoLeaks(t)
			argv := tc.argv(t, t.TempDir())
			r := runPctest(t, append([]string{"check", "-format", "json", "-timeout", "20s", "--"}, argv...)...)
			rep, err := report.ReadCheckReport(strings.NewReader(r.stdout))
			if err != nil || r.code != exitOK || rep.Problems != 0 || len(rep.Answered) != 2 {
				t.Errorf("check: exit %d, %v:\n%s%s", r.code, err, r.stdout, r.stderr)
			}
			r = runPctest(t, append([]string{"run", "-timeout", "20s", "-op", strings.Join(rep.Answered, ","), "--"}, argv...)...)
			passed, failed, _ := counts(t, r.stdout)
			if r.code != exitOK || failed != 0 || passed < 700 {
				t.Errorf("run: exit %d, %d passed, %d failed:\n%s%s", r.code, passed, failed, r.stdout, r.stderr)
			}
		})
	}
}

// build runs a compiler, failing t when it fails.
func build(t *testing.T, argv ...string) {
	t.Helper()
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Env = append(os.Environ(), "CARGO_TERM_COLOR=never")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%q: %v\n%s", argv, err, out)
	}
}

// TestProtocolLinksTemplates: testee/PROTOCOL.md links every template
// under testees/, and every link reaches a file.
func TestProtocolLinksTemplates(t *testing.T) {
	data, err := os.ReadFile("../../testee/PROTOCOL.md")
	if err != nil {
		t.Fatal(err)
	}
	dirs, _ := filepath.Glob("testees/template-*")
	if len(dirs) < 4 {
		t.Fatalf("templates %q: want Perl, Ruby, Java and Rust at least", dirs)
	}
	for _, d := range dirs {
		if !strings.Contains(string(data), "(../cmd/pctest/"+d+"/") {
			t.Errorf("PROTOCOL.md does not link %s", d)
		}
	}
	for _, m := range regexp.MustCompile(`\]\((\.\./cmd/pctest/testees/[^)]+)\)`).FindAllStringSubmatch(string(data), -1) {
		if _, err := os.Stat(filepath.Join("../../testee", m[1])); err != nil {
			t.Errorf("PROTOCOL.md links %s: %v", m[1], err)
		}
	}
}
