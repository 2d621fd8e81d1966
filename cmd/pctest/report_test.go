package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf16"

	"github.com/pctest/pctest/internal/testenv"
	"github.com/pctest/pctest/report"
	"github.com/pctest/pctest/testee"
	"github.com/pctest/pctest/vectors"
)

func units(s string) []uint16 { return utf16.Encode([]rune(s)) }

// sampleReport is a report with a pass, a wrong answer, a crash, a skip and
// an expected failure, and inputs that try to break out of HTML.
func sampleReport() *runReport {
	script := "<script>alert(1)</script>"
	return &runReport{
		Impl:           "fake<script>",
		Argv:           []string{"fake", "--flag=<script>"},
		Start:          time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC),
		Elapsed:        1500 * time.Millisecond,
		Vectors:        5,
		Stderr:         "log line <script>\n",
		ExpectFailFile: "xfail.txt",
		Results: []report.Result{
			{Outcome: report.Passed, Vector: vectors.Vector{ID: "ecma.ok", Request: vectors.Request{Op: "encodeURI", In: units("a")}, Expect: vectors.Response{Out: units("a")}}},
			{Outcome: report.Failed, Reason: "output differs <script>",
				Vector: vectors.Vector{ID: "ecma.script", Ref: "ECMA-262 §15.1.3.4",
					Request: vectors.Request{Op: "encodeURIComponent", In: units(script)},
					Expect:  vectors.Response{Out: units("%3Cscript%3Ealert(1)%3C%2Fscript%3E")}},
				Got: vectors.Response{Out: units(script)}},
			{Outcome: report.Failed, Err: &testee.CrashError{Status: "exit status 3", Stderr: "dying"},
				Vector: vectors.Vector{ID: "ecma.lone", Request: vectors.Request{Op: "decodeURI", In: []uint16{0xD800, '<'}},
					Expect: vectors.Response{Out: []uint16{0xD800, '<'}}}},
			{Outcome: report.Skipped, Vector: vectors.Vector{ID: "rfc.pe", Request: vectors.Request{Op: "percentEncode", InHex: []byte("<>")},
				Expect: vectors.Response{Out: units("%3C%3E")}}, Got: vectors.Response{Unsupported: true}},
			{Outcome: report.ExpectedFailure, Reason: "listed as an expected failure at xfail.txt:1", Vector: vectors.Vector{ID: "rfc.pd", Request: vectors.Request{Op: "percentDecode", In: units("%zz")},
				Expect: vectors.Response{Error: vectors.ErrMalformedEscape}}, Got: vectors.Response{OutHex: []byte("%zz")}},
		},
	}
}

func TestTextReport(t *testing.T) {
	var b bytes.Buffer
	if err := sampleReport().WriteText(&b, false); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if got := lastLine(out); got != "1 passed, 2 failed, 1 expected failure, 1 skipped" {
		t.Errorf("last line %q", got)
	}
	for _, want := range []string{
		`FAIL ecma.script encodeURIComponent in="<script>alert(1)</script>" [003C 0073 0063`,
		`want="%3Cscript%3Ealert(1)%3C%2Fscript%3E" [0025 0033 0043`,
		`got="<script>alert(1)</script>" [003C`,
		`ref=ECMA-262 §15.1.3.4`,
		`FAIL ecma.lone decodeURI in="\uD800<" [D800 003C]`,
		`got=(crash: testee ended (exit status 3) before answering)`,
		"1 failed as expected (1 listed in xfail.txt)\n",
		"  | log line <script>\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("text report lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "rfc.pd") || strings.Contains(out, "ecma.ok") {
		t.Errorf("lists vectors that did not fail:\n%s", out)
	}
	if n := len(failures(out)); n != 2 {
		t.Errorf("%d failure lines, want 2", n)
	}
}

func TestHTMLReportEscapesEverything(t *testing.T) {
	var b bytes.Buffer
	if err := report.WriteHTML(&b, time.Now(), []*runReport{sampleReport()}); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if strings.Contains(strings.ToLower(out), "<script") {
		t.Errorf("the report holds a raw <script>:\n%s", out)
	}
	for _, want := range []string{
		"&lt;script&gt;alert(1)&lt;/script&gt;", // the input, as text
		"log line &lt;script&gt;",               // the stderr
		"fake&lt;script&gt;",                    // the implementation's name
		`<mark class="ins">`,                    // the diff
		`<details class="cause fail" open>`,     // the causes, open
		"ecma.lone", "rfc.pd",                   // a crash and an expected failure
	} {
		if !strings.Contains(out, want) {
			t.Errorf("HTML report lacks %q", want)
		}
	}
	for _, external := range []string{"<link", "src=", "@import", "url("} {
		if strings.Contains(out, external) {
			t.Errorf("HTML report is not self-contained: %q", external)
		}
	}
}

// TestHTMLDiffMarksOnlyDifferingUnits renders "%C3%A9" expected and
// "%c3%a9" got: only the two hex digits that differ are marked, in the text
// and in the code units, on each side.
func TestHTMLDiffMarksOnlyDifferingUnits(t *testing.T) {
	rep := &runReport{Impl: "lower", Vectors: 1, Results: []report.Result{{
		Outcome: report.Failed,
		Vector: vectors.Vector{ID: "ecma.e9", Request: vectors.Request{Op: "encodeURIComponent", In: units("é")},
			Expect: vectors.Response{Out: units("%C3%A9")}},
		Got: vectors.Response{Out: units("%c3%a9")},
	}}}
	var b bytes.Buffer
	if err := report.WriteHTML(&b, time.Now(), []*runReport{rep}); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{
		`<code>&#34;%<mark class="del">C</mark>3%<mark class="del">A</mark>9&#34;</code>`,
		`<code>&#34;%<mark class="ins">c</mark>3%<mark class="ins">a</mark>9&#34;</code>`,
		`0025 <mark class="del">0043</mark> 0033 0025 <mark class="del">0041</mark> 0039`,
		`0025 <mark class="ins">0063</mark> 0033 0025 <mark class="ins">0061</mark> 0039`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("HTML report lacks %s", want)
		}
	}
	// The closing quote is never marked, also when the last unit differs.
	rep.Results[0].Vector.Expect.Out, rep.Results[0].Got.Out = units("%E4%B8%AD"), units("%e4%b8%ad")
	b.Reset()
	if err := report.WriteHTML(&b, time.Now(), []*runReport{rep}); err != nil {
		t.Fatal(err)
	}
	if want := `<mark class="ins">ad</mark>&#34;</code>`; !strings.Contains(b.String(), want) {
		t.Errorf("HTML report lacks %s", want)
	}
	if n := strings.Count(out, "<mark"); n != 8 {
		t.Errorf("%d marks, want 8: two units in the text and two code units, each side", n)
	}
	// The cause comes first, and opens to show its failures.
	i, j := strings.Index(out, `<summary><span class="n">1</span> <code>encodeURIComponent</code>: hex digits in lowercase</summary>`), strings.Index(out, "<h2>Conformance matrix</h2>")
	if i < 0 || j < 0 || i > j {
		t.Errorf("the cause is not before the matrix (%d, %d)", i, j)
	}
}

func TestTextReportEndsWithCauses(t *testing.T) {
	var b bytes.Buffer
	if err := sampleReport().WriteText(&b, false); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimRight(b.String(), "\n"), "\n")
	n := len(lines)
	if n < 8 || !strings.Contains(lines[n-8], "2 causes of 2 failures, biggest first:") {
		t.Fatalf("the text report does not end with the causes and the summary:\n%s", b.String())
	}
	for _, want := range []string{"encodeURIComponent: kept a character that must be encoded", "decodeURI: no answer: crash"} {
		if !strings.Contains(strings.Join(lines[n-8:], "\n"), want) {
			t.Errorf("causes lack %q:\n%s", want, strings.Join(lines[n-8:], "\n"))
		}
	}
	if !strings.Contains(b.String(), ` diff="[-%3C-]{+<+}script[-%3E-]{+>+}alert(1)`) {
		t.Errorf("no exact diff in the failure line:\n%s", b.String())
	}
}

func TestJSONReportKeepsLoneSurrogates(t *testing.T) {
	var b bytes.Buffer
	if err := sampleReport().WriteJSON(&b); err != nil {
		t.Fatal(err)
	}
	var rep map[string]any
	if err := json.Unmarshal(b.Bytes(), &rep); err != nil {
		t.Fatalf("%v\n%s", err, b.String())
	}
	if !bytes.Contains(bytes.ToLower(b.Bytes()), []byte(`"in": "\ud800<"`)) {
		t.Errorf("lone surrogate not kept as an escape:\n%s", b.String())
	}
	info := rep["run_info"].(map[string]any)
	if info["vector_count"].(float64) != 5 || info["start_time"] != "2025-01-02T03:04:05Z" || info["duration_seconds"].(float64) != 1.5 {
		t.Errorf("run_info %v", info)
	}
	sum := rep["summary"].(map[string]any)
	if sum["passed"].(float64) != 1 || sum["failed"].(float64) != 2 || sum["skipped"].(float64) != 1 || sum["expected_failures"].(float64) != 1 {
		t.Errorf("summary %v", sum)
	}
}

func TestMatrixText(t *testing.T) {
	a, b := sampleReport(), sampleReport()
	a.Impl, b.Impl = "first", "second-implementation"
	b.Results = b.Results[:1]
	var buf bytes.Buffer
	report.NewMatrix([]*runReport{a, b}).WriteText(&buf)
	out := buf.String()
	for _, want := range []string{
		"op                    first    second-implementation\n",
		"ecmascript\n",
		"  encodeURI           ✓ 1/0/0  ✓ 1/0/0\n",
		"  decodeURI           ✗ 0/1/0  · 0/0/0\n",
		"  percentDecode       ~ 0/1/0  · 0/0/0\n",
		"all ops               ✗ 1/3/1  ✓ 1/0/0\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("matrix lacks %q:\n%s", want, out)
		}
	}
}

func TestErrorKinds(t *testing.T) {
	for _, tc := range []struct {
		err  error
		want string
	}{
		{&testee.CrashError{Status: "exit status 3"}, "crash"},
		{&testee.TimeoutError{After: time.Second}, "timeout"},
		{&testee.ProtocolError{Line: `"x"`, Err: errors.New("not JSON")}, "protocol"},
		{&testee.StartError{Err: errors.New("no")}, "start"},
		{errors.New("other"), "error"},
	} {
		if got := testee.Kind(tc.err); got != tc.want {
			t.Errorf("testee.Kind(%v) = %q, want %q", tc.err, got, tc.want)
		}
	}
}

// junitPython returns a python3 that can import junitparser, or skips t.
func junitPython(t *testing.T) string {
	t.Helper()
	testenv.Require(t, testenv.Module("python3", "junitparser"))
	return "python3"
}

// TestJUnitReadByJunitparser has a third-party JUnit consumer read the
// report: every level's counts agree with its testcases, an expected
// failure is marked (a property naming its list entry, and system-out),
// and each vector of an op the implementation does not support is a
// skipped testcase, as the text report counts it.
func TestJUnitReadByJunitparser(t *testing.T) {
	py := junitPython(t)
	rep := sampleReport()
	for _, id := range []string{"rfc.pe2", "rfc.pe3"} { // percentEncode: all skipped
		rep.Results = append(rep.Results, report.Result{Outcome: report.Skipped,
			Vector: vectors.Vector{ID: id, Request: vectors.Request{Op: "percentEncode", InHex: []byte("a")}, Expect: vectors.Response{Out: units("a")}},
			Got:    vectors.Response{Unsupported: true}})
	}
	rep.Results[4].ExpectedAt = "xfail.txt:1"
	name := filepath.Join(t.TempDir(), "junit.xml")
	var b bytes.Buffer
	if err := rep.WriteJUnit(&b); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(py, filepath.Join("testdata", "junitcheck.py"), name).Output()
	if err != nil {
		t.Fatalf("junitparser: %v\n%s", err, b.String())
	}
	type counts struct{ Tests, Failures, Errors, Skipped int }
	var seen struct {
		Root   counts
		Suites []struct {
			Name              string
			Declared, Counted counts
			Xfail             map[string]struct {
				Entry     string
				SystemOut string `json:"system_out"`
			}
			Cases []string
		}
	}
	if err := json.Unmarshal(out, &seen); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	var sum counts
	xfails := 0
	for _, s := range seen.Suites {
		if s.Declared != s.Counted {
			t.Errorf("suite %s declares %+v, its testcases are %+v", s.Name, s.Declared, s.Counted)
		}
		sum.Tests += s.Counted.Tests
		sum.Failures += s.Counted.Failures
		sum.Errors += s.Counted.Errors
		sum.Skipped += s.Counted.Skipped
		for id, x := range s.Xfail {
			xfails++
			if id != "rfc.pd" || x.Entry != "xfail.txt:1" || !strings.Contains(x.SystemOut, "expected failure (xfail.txt:1)") {
				t.Errorf("expected failure %s: %+v", id, x)
			}
		}
		if strings.HasSuffix(s.Name, ".percentEncode") && !slices.Equal(s.Cases, []string{"rfc.pe", "rfc.pe2", "rfc.pe3"}) {
			t.Errorf("unsupported op: testcases %q, want one per vector", s.Cases)
		}
	}
	if seen.Root != sum {
		t.Errorf("root declares %+v, its suites' testcases are %+v", seen.Root, sum)
	}
	if want := (counts{Tests: 7, Failures: 1, Errors: 1, Skipped: 3}); sum != want {
		t.Errorf("testcases %+v, want %+v", sum, want)
	}
	if xfails != 1 {
		t.Errorf("%d expected failures marked, want 1", xfails)
	}
}

// TestImplementationDefinedInReports: implementation-defined vectors that
// a run does not judge are counted apart in every report, listed with -v,
// and never fail the run.
func TestImplementationDefinedInReports(t *testing.T) {
	open := func(id, in string, got vectors.Response, o report.Outcome) report.Result {
		return report.Result{Outcome: o, Got: got, Vector: vectors.Vector{ID: id, Level: vectors.LevelImplementationDefined,
			Ref: "RFC 3986 §2.1", Request: vectors.Request{Op: "percentDecode", In: units(in)},
			Expect: vectors.Response{Error: vectors.ErrMalformedEscape}}}
	}
	rep := &runReport{Impl: "lenient", Vectors: 3, Results: []report.Result{
		{Outcome: report.Passed, Vector: vectors.Vector{ID: "rfc.ok", Level: vectors.LevelMust, Request: vectors.Request{Op: "percentDecode", In: units("%41")},
			Expect: vectors.Response{OutHex: []byte("A")}}},
		open("rfc.pct", "%", vectors.Response{Error: vectors.ErrMalformedEscape}, report.Agrees),
		open("rfc.zz", "%zz", vectors.Response{OutHex: []byte("%zz")}, report.Differs),
	}}
	if rep.Fails() {
		t.Errorf("an implementation-defined difference fails the run")
	}
	var b bytes.Buffer
	if err := rep.WriteText(&b, false); err != nil {
		t.Fatal(err)
	}
	if out := b.String(); strings.Contains(out, "DIFFER") ||
		lastLine(out) != "1 passed, 0 failed, 0 skipped; 2 implementation-defined (1 differ from the suite's recommendation)" ||
		!strings.Contains(out, "2 implementation-defined vectors, not judged: 1 agree with the suite's recommendation, 1 differ") {
		t.Errorf("text report:\n%s", out)
	}
	b.Reset()
	if err := rep.WriteText(&b, true); err != nil {
		t.Fatal(err)
	}
	if out := b.String(); !strings.Contains(out, "DIFFER rfc.zz IMPLEMENTATION-DEFINED percentDecode") || !strings.Contains(out, "AGREE rfc.pct") {
		t.Errorf("-v lacks the implementation-defined vectors:\n%s", out)
	}
	b.Reset()
	if err := rep.WriteJSON(&b); err != nil {
		t.Fatal(err)
	}
	var j struct {
		Summary map[string]int `json:"summary"`
		Results []struct {
			Status, Level string
		} `json:"results"`
	}
	if err := json.Unmarshal(b.Bytes(), &j); err != nil {
		t.Fatal(err)
	}
	if j.Summary["passed"] != 1 || j.Summary["failed"] != 0 || j.Summary["implementation_defined"] != 2 || j.Summary["differing"] != 1 ||
		j.Results[2].Status != "differ" || j.Results[1].Status != "agree" || j.Results[2].Level != vectors.LevelImplementationDefined {
		t.Errorf("JSON report: %s", b.String())
	}
	b.Reset()
	if err := rep.WriteJUnit(&b); err != nil {
		t.Fatal(err)
	}
	if out := b.String(); !strings.Contains(out, `failures="0"`) || strings.Contains(out, "<failure") || !strings.Contains(out, "pctest.implementation_defined") {
		t.Errorf("JUnit report:\n%s", out)
	}
}
