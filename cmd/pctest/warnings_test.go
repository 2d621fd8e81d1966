package main

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/pctest/pctest/internal/faketestee"
	"github.com/pctest/pctest/report"
	"github.com/pctest/pctest/vectors"
)

// TestRunWarnsImplementationDefined runs the percentDecode vectors against
// a testee that keeps a '%' that starts no escape, where the spec leaves
// the answer open: the run passes (exit 0), and the text and JSON reports
// show the differences as a warning with examples (input, the suite's
// recommendation, the answer); both record the command line.
func TestRunWarnsImplementationDefined(t *testing.T) {
	faketestee.CheckNoLeaks(t)
	args := append([]string{"run", "-op", "percentDecode"}, fakeArgs(t, "ref,lenient-pct")...)
	r := runPctest(t, args...)
	if r.code != exitOK {
		t.Fatalf("exit %d, want 0: warnings never fail\n%s%s", r.code, r.stdout, r.stderr)
	}
	warn := regexp.MustCompile(`(?m)^WARN +(\d+) vectors percentDecode: passed a malformed '%' through where MalformedEscape was expected\n +e\.g\. rfc3986\.percentDecode\.malformed-pct-alone in="%" \[0025\] recommended=error MalformedEscape got="%" hex \[25\]$`)
	if !warn.MatchString(r.stdout) {
		t.Errorf("no WARN line with its shortest example:\n%s", r.stdout)
	}

	r = runPctest(t, append([]string{"run", "-format", "json", "-op", "percentDecode"}, args[3:]...)...)
	rep, err := report.ReadRunReport(strings.NewReader(r.stdout))
	if err != nil || r.code != exitOK {
		t.Fatalf("exit %d, %v\n%s", r.code, err, r.stderr)
	}
	var n int64
	for _, w := range rep.Warnings {
		n += w.Count
		if len(w.Examples) == 0 || len(w.Examples) > report.WarningExamples || w.Examples[0].ID == "" || w.Examples[0].Got == nil {
			t.Errorf("warning %+v: want 1 to %d examples, each with its vector's id and the answer", w, report.WarningExamples)
		}
	}
	if rep.Summary.Differing == 0 || n != int64(rep.Summary.Differing) || rep.Summary.Failed != 0 {
		t.Errorf("warnings count %d vectors, summary %+v: want the %d that differ", n, rep.Summary, rep.Summary.Differing)
	}
	if want := []string{"pctest", "run", "-format", "json", "-op", "percentDecode", "--", faketestee.Command(t)}; !slices.Equal(rep.RunInfo.CommandLine, want) {
		t.Errorf("command_line %q, want %q", rep.RunInfo.CommandLine, want)
	}
}

// TestFuzzHTML checks that pctest fuzz -html writes the HTML report: the
// finding's cause open with the finding, the warnings of the
// implementation-defined differences, and the command line; and that
// -format json records the command line too.
func TestFuzzHTML(t *testing.T) {
	faketestee.CheckNoLeaks(t)
	html := filepath.Join(t.TempDir(), "fuzz.html")
	args := append([]string{"fuzz", "-html", html, "-op", "encodeURIComponent,percentDecode", "-cases", "3000", "-max-findings", "1", "-shrink-time", "10m", "-seed", "1"}, fakeArgs(t, "ref,bang-bug,lenient-pct")...)
	r := runPctest(t, args...)
	if r.code != exitFail {
		t.Fatalf("exit %d, want 1:\n%s%s", r.code, r.stdout, r.stderr)
	}
	data, err := os.ReadFile(html)
	if err != nil {
		t.Fatal(err)
	}
	page := string(data)
	for _, want := range []string{
		`<h1>pctest fuzz report</h1>`,
		`<details class="cause fail" open><summary><span class="n">1</span> <code>encodeURIComponent</code>:`,
		`<details class="failure fail" open>`,
		`<b>DISAGREEMENT</b>`,
		`<code>&#34;!&#34;</code>`,
		`<details class="cause warn" open>`,
		`<th>recommended</th>`,
		`<th>made by</th><td><code>pctest fuzz -html ` + html + ` -op encodeURIComponent,percentDecode`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("fuzz HTML report lacks %s", want)
		}
	}
	r = runPctest(t, append([]string{"fuzz", "-format", "json"}, args[3:]...)...)
	rep, err := report.ReadFuzzReport(strings.NewReader(r.stdout))
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.FuzzInfo.CommandLine) < 4 || rep.FuzzInfo.CommandLine[1] != "fuzz" || rep.FuzzInfo.CommandLine[2] != "-format" || len(rep.Warnings) == 0 || rep.Warnings[0].Op != vectors.OpPercentDecode {
		t.Errorf("command_line %q, warnings %+v", rep.FuzzInfo.CommandLine, rep.Warnings)
	}
}
