package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/pctest/pctest/codec"
	"github.com/pctest/pctest/internal/testenv"
	"github.com/pctest/pctest/report"
	"github.com/pctest/pctest/vectors"
)

// moduleRootT returns the module's root for a test.
func moduleRootT(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// surveyInputs loads the survey's rows, testee directories and registries
// for a test.
func surveyInputs(t *testing.T) (root string, rows []Row, dirs []*TesteeDir, causes []*Cause) {
	t.Helper()
	root = moduleRootT(t)
	rows, dirs, err := loadRows(root)
	if err != nil {
		t.Fatal(err)
	}
	if causes, err = loadCauses(root, dirs); err != nil {
		t.Fatal(err)
	}
	return root, rows, dirs, causes
}

// isShared reports whether the directory under survey/testees named name
// holds code that testees share (c-common, node-common) rather than a
// testee: it has a README.md but no mapping.json and no row.
func isShared(name string) bool { return strings.HasSuffix(name, "-common") }

// TestTesteeDirsComplete checks every directory under survey/testees: a
// README.md (whose table TestREADMEsMatchMappings checks); a
// mapping.json whose ops are ops of vectors.Ops, with no two functions of
// one function set answering the same op; a testee.json whose rows are
// named after the directory, one per function set of the mapping and no
// other; and a verdicts.json whose causes name only the directory's rows
// and give every bug a reproduction. A directory of shared code needs only
// its README.md.
func TestTesteeDirsComplete(t *testing.T) {
	root, rows, dirs, causes := surveyInputs(t)
	byDir := map[string]*TesteeDir{}
	for _, d := range dirs {
		byDir[filepath.Base(d.Dir)] = d
	}
	entries, err := os.ReadDir(filepath.Join(root, "survey", "testees"))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		dir := filepath.Join(root, "survey", "testees", e.Name())
		t.Run(e.Name(), func(t *testing.T) {
			if _, err := os.Stat(filepath.Join(dir, "README.md")); err != nil {
				t.Fatalf("no README.md: %v", err)
			}
			if isShared(e.Name()) {
				return
			}
			n++
			m, err := loadMapping(dir)
			if err != nil {
				t.Fatalf("mapping: %v", err)
			}
			d := byDir[e.Name()]
			if d == nil {
				t.Fatalf("no testee.json")
			}
			variants := map[string]bool{}
			for _, r := range d.Rows {
				variants[r.Variant] = true
				if r.Name != e.Name() && !strings.HasPrefix(r.Name, e.Name()+" ") {
					t.Errorf("row %q is not named after its directory (%q, or %q and its function set)", r.Name, e.Name(), e.Name()+" …")
				}
				if r.Variant != "" && !slices.Contains(r.Argv, r.Variant) {
					t.Errorf("row %q: its command %q does not pass its function set %q", r.Name, r.Argv, r.Variant)
				}
				if !slices.ContainsFunc(m, func(f Mapping) bool { return f.Variant == r.Variant }) {
					t.Errorf("row %q: mapping.json has no function in set %q", r.Name, r.Variant)
				}
				if !d.needsInstall(root) && r.ExpectFail == "" {
					t.Errorf("row %q needs no install, so make test runs it: give it an expect_fail file (go run ./survey -write-expect-fail -rows %q)", r.Name, "^"+regexp.QuoteMeta(r.Name)+"$")
				}
			}
			for _, f := range m {
				if !variants[f.Variant] {
					t.Errorf("%s (function set %q) has no row in testee.json", f.Function, f.Variant)
				}
			}
			if _, err := os.Stat(filepath.Join(dir, "verdicts.json")); err != nil {
				t.Errorf("no verdicts.json (an empty list, [], when nothing diverges): %v", err)
			}
			for _, c := range causes {
				if c.dir != d.Dir {
					continue
				}
				for _, name := range c.Rows {
					if !slices.ContainsFunc(d.Rows, func(r Row) bool { return r.Name == name }) {
						t.Errorf("cause %s names row %q, which is not a row of this directory", c.ID, name)
					}
				}
			}
		})
	}
	if n == 0 {
		t.Fatal("no testee directories under survey/testees")
	}
	for _, r := range rows {
		if r.Dir != "" && r.Impl == "" {
			if _, err := os.Stat(filepath.Join(root, r.Dir)); err != nil {
				t.Errorf("row %q: %v", r.Name, err)
			}
		}
	}
}

// TestVerdicts checks the causes of survey/verdicts.json and of every
// testee directory: they load (known verdicts and ops, regular expressions
// that compile, docs for documented deviations, a change for an engine
// lag), every row they name exists, and every bug has a reproduction.
func TestVerdicts(t *testing.T) {
	_, rows, _, causes := surveyInputs(t)
	for _, c := range causes {
		for _, name := range c.Rows {
			if !slices.ContainsFunc(rows, func(r Row) bool { return r.Name == name }) {
				t.Errorf("cause %s: no row named %q", c.ID, name)
			}
		}
		if c.Verdict == VerdictBug && c.Repro == nil {
			t.Errorf("cause %s (%s/verdicts.json) is a bug without a reproduction (repro)", c.ID, c.reproDir())
		}
	}
}

// pinsInstalled reports whether the Debian packages the testee directory
// d pins are installed at their pinned versions, and says which is not.
func pinsInstalled(d *TesteeDir) string {
	for _, p := range d.Apt {
		if !pinInstalled(context.Background(), p) {
			return p + " is not installed at that version"
		}
	}
	return ""
}

// rowsRegexp returns a -rows regexp that selects exactly the named rows.
func rowsRegexp(rows []string) string {
	q := make([]string, len(rows))
	for i, r := range rows {
		q[i] = regexp.QuoteMeta(r)
	}
	return "^(" + strings.Join(q, "|") + ")$"
}

// TestReproNeedsDeclared checks that every reproduction declares in its
// "needs" exactly what its argv and its program use (reproUses), so that
// TestReproductions skips, naming what is missing, where it cannot run.
func TestReproNeedsDeclared(t *testing.T) {
	_, _, _, causes := surveyInputs(t)
	root := moduleRootT(t)
	n := 0
	for _, c := range causes {
		if c.Repro == nil {
			continue
		}
		n++
		if err := checkReproNeeds(c.Repro.Needs, c.Repro.Argv, filepath.Join(root, c.reproDir(), c.Repro.File)); err != nil {
			t.Errorf("%s (%s): %v", c.ID, c.file, err)
		}
	}
	if n == 0 {
		t.Fatal("no reproduction was checked")
	}
}

// TestReproductions runs every bug's reproduction whose implementation is
// installed here (make survey installs them all; make test installs
// nothing) and checks that it still prints what the verdict says it does.
func TestReproductions(t *testing.T) {
	if testing.Short() {
		t.Skip("runs other languages' programs")
	}
	root, _, dirs, causes := surveyInputs(t)
	l := &layout{root: root, work: filepath.Join(root, "survey", "work")}
	for _, c := range causes {
		if c.Repro == nil {
			continue
		}
		t.Run(c.ID, func(t *testing.T) {
			target := "survey-install ROWS='" + rowsRegexp(c.Rows) + "'"
			var needs []testenv.Need
			for _, s := range c.Repro.Needs {
				n, err := testenv.Parse(strings.ReplaceAll(l.expandDir(c.reproDir(), s), "{file}", filepath.Join(l.root, c.reproDir(), c.Repro.File)))
				if err != nil {
					t.Fatalf("%s: %v", c.file, err)
				}
				// A module is asked of the interpreter the reproduction
				// runs, which may not be the one on PATH.
				if argv0 := c.Repro.Argv[0]; n.Kind == testenv.KindModule && filepath.Base(argv0) == n.Runtime && strings.Contains(argv0, "/") {
					n.Runtime = argv0
				}
				needs = append(needs, n.By(target))
			}
			testenv.Require(t, needs...)
			// The output it records is the pinned version's: a machine
			// with another version of the library can say nothing.
			for _, d := range dirs {
				if slices.ContainsFunc(d.Rows, func(r Row) bool { return slices.Contains(c.Rows, r.Name) }) {
					if why := pinsInstalled(d); why != "" {
						t.Skipf("%s: %s; `make %s` installs it", d.Dir, why, target)
					}
				}
			}
			got, err := runRepro(context.Background(), l, c)
			if err != nil {
				t.Fatal(err)
			}
			if got != c.Repro.Actual {
				t.Errorf("%s/%s printed %q; the verdict says it prints %q (and that the spec wants %q)", c.reproDir(), c.Repro.File, got, c.Repro.Actual, c.Repro.Expected)
			}
		})
	}
}

// TestExpectedFailures runs every row whose testee needs nothing
// installed or built (a runtime every machine here has: node, python3,
// perl, java, tclsh) against the vectors, with pctest run -expect-fail:
// each must fail exactly as its expected-failures file lists.
func TestExpectedFailures(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs pctest")
	}
	root := moduleRootT(t)
	_, dirs, err := loadRows(root)
	if err != nil {
		t.Fatal(err)
	}
	l := &layout{root: root, work: t.TempDir()}
	var runnable []*Row
	for _, d := range dirs {
		if d.needsInstall(root) {
			continue
		}
		for i := range d.Rows {
			runnable = append(runnable, &d.Rows[i])
		}
	}
	if len(runnable) == 0 {
		t.Fatal("no row needs no install: nothing to hold to an expected-failures file")
	}
	bin := buildPctest(t, l.root)
	for _, r := range runnable {
		t.Run(r.Name, func(t *testing.T) {
			if r.Impl == "" {
				testenv.Require(t, testenv.Command(l.expand(r, r.Argv[0])))
			}
			if r.ExpectFail == "" {
				t.Fatal("no expect_fail file") // TestTesteeDirsComplete says how to make one
			}
			expect := filepath.Join(root, r.Dir, r.ExpectFail)
			args := []string{"run", "-expect-fail", expect}
			if r.UTF16Hex {
				args = append(args, "-utf16hex")
			}
			args = append(append(args, "--"), l.expandAll(r, r.Argv)...)
			// No deadline: pctest bounds each request with its own
			// -timeout, and go test's -timeout bounds the whole.
			out, err := exec.Command(bin, args...).CombinedOutput()
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
 "summary": {"passed": 1, "failed": 2, "skipped": 0, "expected_failures": 0, "unexpected_passes": 0},
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
	if b.Vector.Request.InHex == nil || len(b.Vector.Request.InHex) != 0 || !slices.Equal(b.Got.Out, []uint16{0xD800}) {
		t.Errorf("result b: %+v", b)
	}
	if got := vectors.InputForm(b.Vector.Request); got != "in_hex=" {
		t.Errorf("inputForm(b) = %q", got)
	}
	if got := vectors.AnswerForm(b.Got, ""); got != `out=\ud800` {
		t.Errorf("responseForm(b.Got) = %q", got)
	}
	if c := run.Results[2]; c.incident() != "crash: exit status 1" || vectors.AnswerForm(c.Got, c.incident()) != "incident=crash: exit status 1" {
		t.Errorf("result c: %+v", c)
	}
}

// TestClassify checks the matchers and the grouping: first matching cause
// wins, the minimal example is the shortest input, the rest is
// unclassified.
func TestClassify(t *testing.T) {
	causes := []*Cause{
		{Divergence: vectors.Divergence{ID: "strict", Rows: []string{"r"}, Ops: []vectors.Op{vectors.OpFormDecode}, Want: `^out=`, Got: `^error=ArgumentError$`}},
		{Divergence: vectors.Divergence{ID: "other-row", Rows: []string{"s"}, Ops: []vectors.Op{vectors.OpFormDecode}}},
	}
	res := []*Result{
		testResult("long", vectors.Request{Op: "formDecode", In: []uint16{'%', 'z', 'z'}}, vectors.Response{Out: []uint16{'%', 'z', 'z'}}, vectors.Response{Error: "ArgumentError"}),
		testResult("short", vectors.Request{Op: "formDecode", In: []uint16{'%'}}, vectors.Response{Out: []uint16{'%'}}, vectors.Response{Error: "ArgumentError"}),
		testResult("odd", vectors.Request{Op: "formDecode", In: []uint16{'+'}}, vectors.Response{Out: []uint16{' '}}, vectors.Response{Out: []uint16{'+'}}),
	}
	row := &Row{Name: "r"}
	groups := group(causes, row, res)
	if len(groups) != 2 || groups[0].Cause != causes[0] || groups[1].Cause != nil {
		t.Fatalf("groups: %+v", groups)
	}
	if groups[0].Minimal.Vector.ID != "short" || len(groups[0].Results) != 2 || groups[1].Minimal.Vector.ID != "odd" {
		t.Errorf("group 0 minimal %s (%d), group 1 minimal %s", groups[0].Minimal.Vector.ID, len(groups[0].Results), groups[1].Minimal.Vector.ID)
	}
	// A divergence no verdict explains is named by its relation, as
	// pctest's own reports name causes (internal/cause).
	if got, want := groups[1].Title(), "Unclassified: formDecode: '+' kept where a space was expected"; got != want {
		t.Errorf("unclassified group: %q, want %q", got, want)
	}
	// Unclassified divergences of different relations are apart.
	res = append(res, testResult("hex", vectors.Request{Op: "formDecode", In: []uint16{'%', '4', '1'}}, vectors.Response{Out: []uint16{'A'}}, vectors.Response{Out: []uint16{'%', '4', '1'}}))
	groups = group(causes, row, res)
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
	res := testResult("v", vectors.Request{Op: "decodeURI", In: evil}, vectors.Response{Error: "URIError"}, vectors.Response{Out: evil})
	c := &Cause{Divergence: vectors.Divergence{ID: "c", Title: "t", Verdict: VerdictBug, Spec: "s", Explain: "e"}}
	row := &Row{Name: "r", Language: "L", Library: "lib"}
	rr := &RowReport{Row: row, Run: &Run{}, Cells: map[string]*report.Summary{"decodeURI": {Failed: 1}}, Total: report.Summary{Failed: 1}}
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

// TestFamiliesCoverOps checks that every op has a matrix in the report:
// the ECMAScript and Annex B ops in the engines' family and one libraries'
// family, every other op in exactly one family.
func TestFamiliesCoverOps(t *testing.T) {
	for _, op := range vectors.Ops() {
		var in []string
		for _, f := range families {
			if slices.Contains(f.Ops, op.Name) {
				in = append(in, f.ID)
			}
		}
		want := 1
		if op.Area == "ecmascript" || op.Area == "annexb" {
			want = 2
		}
		if len(in) != want {
			t.Errorf("op %s is in the families %q, want %d", op.Name, in, want)
		}
	}
}

// TestWithOtherOps checks that an op no family names gets the family of
// other ops, and that a table whose ops all have a family gets none.
func TestWithOtherOps(t *testing.T) {
	if got := withOtherOps(vectors.Ops()[:1], families[:1]); len(got) != 1 {
		t.Errorf("withOtherOps added a family for an op the first family names: %+v", got)
	}
	ops := append(vectors.Ops(), vectors.OpInfo{Name: "newOp", Area: "whatwg"})
	got := withOtherOps(ops, families)
	if len(got) != len(families)+1 || got[len(got)-1].ID != "other-ops" || !slices.Equal(got[len(got)-1].Ops, []vectors.Op{"newOp"}) {
		t.Errorf("withOtherOps with a new op: %d families, the last %+v", len(got), got[len(got)-1])
	}
}

// TestCheckPin checks the rule for Debian pins: a version from a security
// or point update is pinned with a '*' after the update's "debNNu".
func TestCheckPin(t *testing.T) {
	for pin, ok := range map[string]bool{
		"libapr1-dev=1.7.2-3+deb12u1":         false,
		"libxml2-dev=2.9.14+dfsg-1.3~deb12u6": false,
		"libapr1-dev=1.7.2-3+deb12u*":         true,
		"libxml2-dev=2.9.14+dfsg-1.3~deb12u*": true,
		"ruby=1:3.1":                          true,
		"jq":                                  false,
		"jq=":                                 false,
		"jq=[":                                false,
	} {
		if err := checkPin(pin); (err == nil) != ok {
			t.Errorf("checkPin(%q) = %v, want ok %v", pin, err, ok)
		}
	}
}

// readmeFunction is one row of a testee README's table of functions.
type readmeFunction struct {
	variant, op string
	links       []string // the https links of the row
	line        int
}

var readmeOp = regexp.MustCompile("`([A-Za-z0-9]+)`")

// markdownLinks returns the https targets of the links [text](target) of
// line; a target may hold balanced parentheses.
func markdownLinks(line string) []string {
	var out []string
	for {
		i := strings.Index(line, "](https://")
		if i < 0 {
			return out
		}
		line = line[i+2:]
		depth, end := 0, -1
		for j, c := range line {
			if c == '(' {
				depth++
			} else if c == ')' {
				if depth == 0 {
					end = j
					break
				}
				depth--
			}
		}
		if end < 0 {
			return out
		}
		out = append(out, line[:end])
		line = line[end:]
	}
}

// readmeFunctions returns the rows of the tables of readme that have an
// "op" column: the function set (the column "set" or "set (variant)";
// "(none)" or empty for the default), the op (the first `name` of its
// cell) and the links of the row.
func readmeFunctions(readme string) []readmeFunction {
	var out []readmeFunction
	var header []string
	for i, line := range strings.Split(readme, "\n") {
		line = strings.TrimSpace(line)
		if !strings.HasPrefix(line, "|") {
			header = nil
			continue
		}
		raw := tableCells(line)
		var cs []string
		for _, c := range raw {
			cs = append(cs, strings.ToLower(c))
		}
		if slices.Contains(cs, "op") {
			header = cs
			continue
		}
		if header == nil || strings.Trim(line, "|-: ") == "" {
			continue
		}
		f := readmeFunction{line: i + 1, links: nil}
		for j, h := range header {
			if j >= len(raw) {
				break
			}
			c := raw[j]
			switch {
			case h == "op":
				if m := readmeOp.FindStringSubmatch(c); m != nil {
					f.op = m[1]
				}
			case h == "set" || h == "variant" || strings.HasPrefix(h, "set "):
				if v := strings.Trim(c, "`"); v != "(none)" && v != "—" && v != "-" {
					f.variant = v
				}
			}
		}
		f.links = markdownLinks(line)
		if f.op != "" {
			out = append(out, f)
		}
	}
	return out
}

// tableCells splits a Markdown table row into its cells, trimmed; "\\|"
// is a '|' inside a cell.
func tableCells(line string) []string {
	line = strings.TrimSuffix(strings.TrimPrefix(line, "|"), "|")
	var cells []string
	start := 0
	for i := 0; i < len(line); i++ {
		switch line[i] {
		case '\\':
			i++
		case '|':
			cells = append(cells, strings.TrimSpace(line[start:i]))
			start = i + 1
		}
	}
	return append(cells, strings.TrimSpace(line[start:]))
}

// samePage reports whether the links a and b are of one page, fragments
// left out.
func samePage(a, b string) bool {
	a, _, _ = strings.Cut(a, "#")
	b, _, _ = strings.Cut(b, "#")
	return a == b
}

// TestREADMEsMatchMappings: the mapping is stated once, in mapping.json;
// each testee README's table of functions says the same: a row for each
// mapped function with its set and op, linking its docs' page (or "same"
// as the row above), and no row for an op the mapping does not map.
func TestREADMEsMatchMappings(t *testing.T) {
	root := moduleRootT(t)
	files, err := filepath.Glob(filepath.Join(root, "survey", "testees", "*", "mapping.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no mapping.json files (%v)", err)
	}
	for _, f := range files {
		dir := filepath.Dir(f)
		m, err := loadMapping(dir)
		if err != nil {
			t.Fatal(err)
		}
		readme, err := os.ReadFile(filepath.Join(dir, "README.md"))
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Base(dir) + "/README.md"
		rows := readmeFunctions(string(readme))
		if len(rows) == 0 {
			t.Errorf("%s has no table of functions with an op column", name)
			continue
		}
		for _, e := range m {
			i := slices.IndexFunc(rows, func(r readmeFunction) bool {
				return r.op == string(e.Op) && r.variant == e.Variant &&
					(len(r.links) == 0 || slices.ContainsFunc(r.links, func(l string) bool { return samePage(l, e.Docs) }))
			})
			if i < 0 {
				t.Errorf("%s: no table row for %s (set %q, op %s, docs %s) of mapping.json", name, e.Function, e.Variant, e.Op, e.Docs)
			}
		}
		for _, r := range rows {
			if _, ok := vectors.Op(r.op).Info(); !ok {
				continue
			}
			if !slices.ContainsFunc(m, func(e Mapping) bool { return string(e.Op) == r.op && e.Variant == r.variant }) {
				t.Errorf("%s:%d: the table maps a function of set %q to %s, mapping.json does not", name, r.line, r.variant, r.op)
			}
		}
	}
}

// testResult returns the Result of vector id: the request, the answer the
// spec wants and the one the implementation gave.
func testResult(id string, req vectors.Request, want, got vectors.Response) *Result {
	return &Result{Result: report.Result{Vector: vectors.Vector{ID: id, Request: req, Expect: want}, Got: got}}
}

// TestNodeProtocolKeepsAnswersOnExit: when an op ends the process (a host
// whose engine traps calls process.exit), node-common/protocol.js still
// writes the answers of the chunk's earlier lines, so that the runner
// charges the incident to the request that caused it.
func TestNodeProtocolKeepsAnswersOnExit(t *testing.T) {
	testenv.Require(t, testenv.Command("node"))
	node := "node"
	root := moduleRootT(t)
	script := `const { serve } = require(process.argv[1]);
serve({ encodeURI: (s) => { if (s === 'TRAP') process.exit(3); return { out: encodeURI(s) }; } });`
	cmd := exec.Command(node, "-e", script, filepath.Join(root, "survey", "testees", "node-common", "protocol.js"))
	cmd.Stdin = strings.NewReader(`{"id":1,"op":"encodeURI","in":"a b"}` + "\n" + `{"id":2,"op":"encodeURI","in":"TRAP"}` + "\n" + `{"id":3,"op":"encodeURI","in":"c"}` + "\n")
	out, err := cmd.Output()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 3 {
		t.Fatalf("node: %v, want exit status 3", err)
	}
	if got, want := string(out), `{"id":1,"out":"a%20b"}`+"\n"; got != want {
		t.Errorf("stdout %q, want %q: the answer computed before the exit", got, want)
	}
}
