package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pctest/pctest/codec"
	"github.com/pctest/pctest/conformance"
	"github.com/pctest/pctest/vectors"
)

// notSurveyed are testee directories that have no row of their own in
// rows.json, and why.
var notSurveyed = map[string]string{
	"go-neturl":     "the runner's example; the survey runs Go net/url built in (-impl neturl)",
	"python-urllib": "the runner's example of an expected-failures file; python-urllib-parse maps the same functions to the ops they claim",
}

func testeesDir(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("..", "cmd", "pctest", "testees"))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// isShared reports whether the directory under cmd/pctest/testees named
// name holds code that testees share (c-common, node-common) rather than a
// testee: it has a README.md but no mapping.json and no row.
func isShared(name string) bool { return strings.HasSuffix(name, "-common") }

// TestTesteesHaveREADMEAndMapping checks every testee directory: a
// README.md that names each mapped function's op and function set, and a
// mapping.json whose ops are ops of vectors.Ops, with no two functions of
// one function set answering the same op. A directory of shared code needs
// only its README.md.
func TestTesteesHaveREADMEAndMapping(t *testing.T) {
	root := testeesDir(t)
	entries, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		dir := filepath.Join(root, e.Name())
		if isShared(e.Name()) {
			t.Run(e.Name(), func(t *testing.T) {
				if _, err := os.Stat(filepath.Join(dir, "README.md")); err != nil {
					t.Errorf("no README.md: %v", err)
				}
			})
			continue
		}
		n++
		t.Run(e.Name(), func(t *testing.T) {
			readme, err := os.ReadFile(filepath.Join(dir, "README.md"))
			if err != nil {
				t.Fatalf("no README.md: %v", err)
			}
			m, err := loadMapping(dir)
			if err != nil {
				t.Fatalf("mapping: %v", err)
			}
			for _, f := range m {
				if !bytes.Contains(readme, []byte("`"+f.Op+"`")) {
					t.Errorf("README.md does not name op `%s` (of %s)", f.Op, f.Function)
				}
				if f.Variant != "" && !bytes.Contains(readme, []byte("`"+f.Variant+"`")) {
					t.Errorf("README.md does not name function set `%s`", f.Variant)
				}
			}
		})
	}
	if n == 0 {
		t.Fatalf("no testee directories under %s", root)
	}
}

// TestRowsCoverMappings checks rows.json against the testees: every row's
// directory and function set exist, and every function set of every
// testee has a row, so that every mapped function is surveyed.
func TestRowsCoverMappings(t *testing.T) {
	root := testeesDir(t)
	rows, err := loadRows("rows.json")
	if err != nil {
		t.Fatal(err)
	}
	have := map[[2]string]bool{}
	for _, r := range rows {
		if r.Impl != "" {
			continue
		}
		have[[2]string{r.Dir, r.Variant}] = true
		if r.Variant != "" && !slices.Contains(r.Argv, r.Variant) {
			t.Errorf("row %q: its command %q does not pass its function set %q", r.Name, r.Argv, r.Variant)
		}
		m, err := loadMapping(filepath.Join(root, r.Dir))
		if errors.Is(err, os.ErrNotExist) {
			continue // reported by TestTesteesHaveREADMEAndMapping
		} else if err != nil {
			t.Errorf("row %q: %v", r.Name, err)
			continue
		}
		if !slices.ContainsFunc(m, func(f Mapping) bool { return f.Variant == r.Variant }) {
			t.Errorf("row %q: %s/mapping.json has no function in set %q", r.Name, r.Dir, r.Variant)
		}
	}
	entries, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if !e.IsDir() || notSurveyed[e.Name()] != "" {
			continue
		}
		m, err := loadMapping(filepath.Join(root, e.Name()))
		if err != nil {
			continue
		}
		for _, f := range m {
			if !have[[2]string{e.Name(), f.Variant}] {
				t.Errorf("%s: %s (function set %q) has no row in rows.json", e.Name(), f.Function, f.Variant)
			}
		}
	}
}

// TestVerdicts checks that verdicts.json loads: known verdicts, known
// ops, regular expressions that compile, docs for documented deviations.
func TestVerdicts(t *testing.T) {
	causes, err := loadCauses("verdicts.json")
	if err != nil {
		t.Fatal(err)
	}
	rows, err := loadRows("rows.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range causes {
		for _, name := range c.Rows {
			if !slices.ContainsFunc(rows, func(r Row) bool { return r.Name == name }) {
				t.Errorf("cause %s: no row named %q", c.ID, name)
			}
		}
	}
}

// TestExpectedFailures runs the node and python testees that have an
// expected-failures file and whose runtime and packages are installed
// (nothing is installed here) against the vectors, with pctest run
// -expect-fail: they must fail exactly as listed.
func TestExpectedFailures(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs pctest")
	}
	root := testeesDir(t)
	rows, err := loadRows("rows.json")
	if err != nil {
		t.Fatal(err)
	}
	l := &layout{root: filepath.Dir(filepath.Dir(filepath.Dir(root))), testees: root, work: t.TempDir()}
	var runnable []*Row
	for i := range rows {
		r := &rows[i]
		if r.ExpectFail == "" || r.Language != "JavaScript" && r.Language != "Python" {
			continue
		}
		if why := l.missing(r); why != "" {
			t.Logf("%s: skipped: %s", r.Name, why)
			continue
		}
		runnable = append(runnable, r)
	}
	if len(runnable) == 0 {
		t.Skip("no node or python testee can run here")
	}
	bin := buildPctest(t, l.root)
	for _, r := range runnable {
		t.Run(r.Name, func(t *testing.T) {
			expect := filepath.Join(root, r.Dir, r.ExpectFail)
			args := []string{"run", "-expect-fail", expect}
			if r.UTF16Hex {
				args = append(args, "-utf16hex")
			}
			args = append(append(args, "--"), l.expandAll(r, r.Argv)...)
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			defer cancel()
			out, err := exec.CommandContext(ctx, bin, args...).CombinedOutput()
			if err != nil {
				t.Errorf("pctest %s: %v\n%s", strings.Join(args, " "), err, tail(out, 40))
			}
		})
	}
}

// buildPctest builds cmd/pctest into a temporary directory.
func buildPctest(t *testing.T, root string) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "pctest")
	cmd := exec.Command("go", "build", "-o", bin, "./cmd/pctest")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build ./cmd/pctest: %v\n%s", err, out)
	}
	return bin
}

func tail(b []byte, n int) string {
	lines := strings.Split(strings.TrimRight(string(b), "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

// TestParseRun reads a pctest JSON report, lone surrogates and all.
func TestParseRun(t *testing.T) {
	data := `{"run_info": {"implementation": "x", "testee_command": ["x"], "suite_version": "v1", "protocol_version": 1,
  "vector_count": 2, "selection": [], "start_time": "2026-01-01T00:00:00Z", "duration_seconds": 0.5, "partial": false},
 "summary": {"passed": 1, "failed": 1, "skipped": 0, "expected_failures": 0, "unexpected_passes": 0},
 "incidents": {"restarts": 1, "crashes": 1},
 "results": [
  {"id": "a", "op": "decodeURI", "status": "pass", "in": "%41", "expected": {"out": "A"}},
  {"id": "b", "op": "percentEncode", "status": "fail", "in_hex": "", "expected": {"out": ""}, "got": {"out": "\ud800"}},
  {"id": "c", "op": "decodeURI", "status": "fail", "in": "<script>", "expected": {"error": "URIError"}, "error": "crash: exit status 1"}
 ]}`
	run, err := parseRun([]byte(data))
	if err != nil {
		t.Fatal(err)
	}
	if run.Suite != "v1" || len(run.Results) != 3 || run.Incident != "1 crashes, 1 restarts" {
		t.Fatalf("run: %+v", run)
	}
	b := run.Results[1]
	if b.Req.InHex == nil || len(b.Req.InHex) != 0 || !slices.Equal(b.Got.Out, []uint16{0xD800}) {
		t.Errorf("result b: %+v", b)
	}
	if got := inputForm(b.Req); got != "in_hex=" {
		t.Errorf("inputForm(b) = %q", got)
	}
	if got := responseForm(b.Got, ""); got != `out=\ud800` {
		t.Errorf("responseForm(b.Got) = %q", got)
	}
	if c := run.Results[2]; c.Incident != "crash: exit status 1" || responseForm(c.Got, c.Incident) != "incident=crash: exit status 1" {
		t.Errorf("result c: %+v", c)
	}
}

// TestClassify checks the matchers and the grouping: first matching cause
// wins, the minimal example is the shortest input, the rest is
// unclassified.
func TestClassify(t *testing.T) {
	causes := []*Cause{
		{ID: "strict", Rows: []string{"r"}, Ops: []vectors.Op{vectors.OpFormDecode}, Want: `^out=`, Got: `^error=ArgumentError$`},
		{ID: "other-row", Rows: []string{"s"}},
	}
	for _, c := range causes {
		c.want, c.got = compileOrNil(t, c.Want), compileOrNil(t, c.Got)
	}
	res := []*Result{
		{ID: "long", Op: "formDecode", Req: vectors.Request{Op: "formDecode", In: []uint16{'%', 'z', 'z'}}, Want: vectors.Response{Out: []uint16{'%', 'z', 'z'}}, Got: vectors.Response{Error: "ArgumentError"}},
		{ID: "short", Op: "formDecode", Req: vectors.Request{Op: "formDecode", In: []uint16{'%'}}, Want: vectors.Response{Out: []uint16{'%'}}, Got: vectors.Response{Error: "ArgumentError"}},
		{ID: "odd", Op: "formDecode", Req: vectors.Request{Op: "formDecode", In: []uint16{'+'}}, Want: vectors.Response{Out: []uint16{' '}}, Got: vectors.Response{Out: []uint16{'+'}}},
	}
	groups := group(causes, "r", res)
	if len(groups) != 2 || groups[0].Cause != causes[0] || groups[1].Cause != nil {
		t.Fatalf("groups: %+v", groups)
	}
	if groups[0].Minimal.ID != "short" || len(groups[0].Results) != 2 || groups[1].Minimal.ID != "odd" {
		t.Errorf("group 0 minimal %s (%d), group 1 minimal %s", groups[0].Minimal.ID, len(groups[0].Results), groups[1].Minimal.ID)
	}
	// A divergence no verdict explains is named by its relation, as
	// pctest's own reports name causes (internal/cause).
	if got, want := groups[1].Title(), "Unclassified: formDecode: '+' kept where a space was expected"; got != want {
		t.Errorf("unclassified group: %q, want %q", got, want)
	}
	// Unclassified divergences of different relations are apart.
	res = append(res, &Result{ID: "hex", Op: "formDecode", Req: vectors.Request{Op: "formDecode", In: []uint16{'%', '4', '1'}}, Want: vectors.Response{Out: []uint16{'A'}}, Got: vectors.Response{Out: []uint16{'%', '4', '1'}}})
	groups = group(causes, "r", res)
	if len(groups) != 3 || groups[2].Relation == nil || groups[2].Relation.ID != "undecoded" {
		t.Errorf("groups: %d; the last %+v", len(groups), groups[len(groups)-1].Relation)
	}
}

// TestReportEscapes renders a report whose inputs hold markup and
// backticks: the HTML must not carry them as markup, the Markdown must keep
// them inside code spans.
func TestReportEscapes(t *testing.T) {
	evil := []uint16{}
	for _, c := range "<script>alert(`x`)</script>" {
		evil = append(evil, uint16(c))
	}
	res := &Result{ID: "v", Op: "decodeURI", Req: vectors.Request{Op: "decodeURI", In: evil}, Want: vectors.Response{Error: "URIError"}, Got: vectors.Response{Out: evil}}
	c := &Cause{ID: "c", Title: "t", Verdict: VerdictBug, Spec: "s", Explain: "e"}
	row := &Row{Name: "r", Language: "L", Library: "lib"}
	rr := &RowReport{Row: row, Run: &Run{}, Cells: map[string]*conformance.Summary{"decodeURI": {Failed: 1}}, Total: conformance.Summary{Failed: 1}}
	g := &Group{Cause: c, Results: []*Result{res}, Minimal: res, Vectors: 1}
	rr.Groups = []*Group{g}
	rep := &Report{Ops: []string{"decodeURI"}, Rows: []*RowReport{rr}, Bugs: []*BugLine{{Row: rr, Group: g}}}
	var html bytes.Buffer
	if err := writeHTML(&html, rep); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(html.String(), "<script>") {
		t.Error("report.html carries an input's <script> as markup")
	}
	md := markdown(rep)
	if want := "``\"<script>alert(`x`)</script>\" [003C 0073"; !strings.Contains(md, want) || !strings.Contains(md, "``"+res.ShowInput()+"``") {
		t.Errorf("REPORT.md does not fence the input in a code span:\n%s", md)
	}
}

func compileOrNil(t *testing.T, src string) *regexp.Regexp {
	t.Helper()
	if src == "" {
		return nil
	}
	re, err := regexp.Compile(src)
	if err != nil {
		t.Fatal(err)
	}
	return re
}

// TestUTF8DecodeReplace checks the UTF-8 decode of the survey's lenient
// model (codec.AppendUTF8Replace) against WHATWG Encoding §8.1.1 on the
// standard's own kinds of examples: one U+FFFD per maximal
// subpart, surrogates and overlongs rejected at their first octet.
func TestUTF8DecodeReplace(t *testing.T) {
	const r = '\uFFFD'
	for _, tc := range []struct {
		in   string
		want []rune
	}{
		{"A\xC3\xA9", []rune{'A', 'é'}},
		{"\xF0\x9F\x98", []rune{r}},              // truncated 4-octet sequence: one subpart
		{"\xF0\x9F\x98A", []rune{r, 'A'}},        // ...followed by ASCII
		{"\xE0\x80", []rune{r, r}},               // overlong: E0 needs A0..BF
		{"\xED\xA0\x80", []rune{r, r, r}},        // surrogate: ED needs 80..9F
		{"\xC0\xAF", []rune{r, r}},               // C0 never starts a sequence
		{"\xF4\x90\x80\x80", []rune{r, r, r, r}}, // above U+10FFFF
		{"\x80", []rune{r}},
	} {
		if got := []rune(string(codec.AppendUTF8Replace(nil, []byte(tc.in)))); !slices.Equal(got, tc.want) {
			t.Errorf("AppendUTF8Replace(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	// Node's own Buffer decoding follows the Encoding Standard: the model
	// and it agree on querystring's fallback (cross-checked by hand with
	// node -p "Buffer.from([0xf0,0x9f,0x98,0x41]).toString()").
	got := lenientTextDecode([]uint16{'%', 'F', '0', '%', '9', 'F', '+', 0xD800}, true)
	if want := []uint16{r, ' ', r}; !slices.Equal(got, want) {
		t.Errorf("lenientTextDecode = %x, want %x", got, want)
	}
}
