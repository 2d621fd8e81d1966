package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pctest/pctest/internal/faketestee"
	"github.com/pctest/pctest/report"
)

// The tests of issue 38's parts 1 to 3: every failure says how to
// reproduce it, pctest run -vectors runs a project's own vectors, and
// pctest fuzz -corpus keeps its findings.

// ownVectors is a vectors file of two vectors: the first holds for the
// reference, the second expects a wrong answer and so fails.
const ownVectors = `{"area":"ecmascript","vectors":[
{"id":"mine.decodeURI.overlong","op":"decodeURI","in":"%C0%80","error":"URIError","ref":"ECMA-262 5.1 §15.1.3 Decode step 4.d.vii.5","level":"must"},
{"id":"mine.decodeURIComponent.wrong","op":"decodeURIComponent","in":"%41","out":"B","ref":"a planted wrong expectation","level":"must"}
]}
`

func writeTemp(t *testing.T, name, data string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func readRunJSON(t *testing.T, stdout string) *report.RunReport {
	t.Helper()
	j, err := report.ReadRunReport(strings.NewReader(stdout))
	if err != nil {
		t.Fatalf("%v\n%s", err, stdout)
	}
	return j
}

// TestRunVectorsAndRerun runs a file of one's own vectors beside the suite
// and alone; its failure carries the request line and the rerun command,
// and that command runs that vector alone and fails it again.
func TestRunVectorsAndRerun(t *testing.T) {
	file := writeTemp(t, "mine.json", ownVectors)
	r := runPctest(t, "run", "-impl", "reference", "-format", "json", "-vectors", file)
	if r.code != exitFail {
		t.Fatalf("exit %d, stderr %q", r.code, r.stderr)
	}
	j := readRunJSON(t, r.stdout)
	if j.RunInfo.VectorCount < 13000 || j.Summary.Failed != 1 {
		t.Fatalf("beside the suite: %d vectors, %d failed; want the suite's and 1 failure", j.RunInfo.VectorCount, j.Summary.Failed)
	}
	var failed *report.Record
	for i := range j.Results {
		if j.Results[i].Status == report.Failed {
			failed = &j.Results[i]
		}
	}
	wantLine := `{"id":1,"op":"decodeURIComponent","in":"%41"}`
	wantRerun := "pctest run -impl reference -vectors " + file + ` -run '^mine\.decodeURIComponent\.wrong$'`
	if failed.ID != "mine.decodeURIComponent.wrong" || failed.File != file || failed.Line != 3 || failed.RequestLine != wantLine || failed.Rerun != wantRerun {
		t.Errorf("failure %s at %s:%d, request_line %q, rerun %q; want the planted one at %s:3, %q, %q",
			failed.ID, failed.File, failed.Line, failed.RequestLine, failed.Rerun, file, wantLine, wantRerun)
	}

	// The rerun command's arguments, as a shell would split it.
	r = runPctest(t, "run", "-format", "json", "-impl", "reference", "-vectors", file, "-run", `^mine\.decodeURIComponent\.wrong$`)
	if j := readRunJSON(t, r.stdout); r.code != exitFail || len(j.Results) != 1 || j.Results[0].ID != failed.ID || j.Summary.Failed != 1 {
		t.Errorf("the rerun: exit %d, %d results, want exactly the failure again", r.code, len(j.Results))
	}

	// Instead of the suite.
	r = runPctest(t, "run", "-impl", "reference", "-format", "json", "-suite=false", "-vectors", filepath.Dir(file))
	if j := readRunJSON(t, r.stdout); r.code != exitFail || j.RunInfo.VectorCount != 2 || j.Summary.Passed != 1 || j.Summary.Failed != 1 {
		t.Errorf("-suite=false -vectors DIR: exit %d, %d vectors, %+v; want 2 vectors, 1 passed, 1 failed", r.code, j.RunInfo.VectorCount, j.Summary)
	}

	// The text report says it too.
	r = runPctest(t, "run", "-impl", "reference", "-suite=false", "-vectors", file)
	for _, want := range []string{"\n  request: " + wantLine + "\n", "\n  rerun:   " + wantRerun + "\n"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("text report lacks %q:\n%s", want, r.stdout)
		}
	}
	// And the JUnit report.
	r = runPctest(t, "run", "-impl", "reference", "-suite=false", "-format", "junit", "-vectors", file)
	if !strings.Contains(r.stdout, "rerun:   pctest run -impl reference -vectors "+file) {
		t.Errorf("JUnit report lacks the rerun command:\n%s", r.stdout)
	}
}

// TestRunVectorsErrors: a bad vectors file, an id the suite has, and
// -suite=false without a file are usage errors that say what and where.
func TestRunVectorsErrors(t *testing.T) {
	bad := writeTemp(t, "bad.json", `{"area":"ecmascript","vectors":[
{"id":"mine.ok","op":"decodeURI","in":"x","out":"x","ref":"r","level":"must"},
{"id":"mine.bad-level","op":"decodeURI","in":"x","out":"x","ref":"r","level":"mustt"}
]}
`)
	taken := writeTemp(t, "taken.json", `{"area":"ecmascript","vectors":[
{"id":"mine.ok","op":"decodeURI","in":"x","out":"x","ref":"r","level":"must"},
{"id":"ecma.decodeURI.reserved-escape-keeps-case","op":"decodeURI","in":"%2f","out":"%2f","ref":"r","level":"must"}
]}
`)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-vectors", bad}, bad + `:3: vector "mine.bad-level": field "level"`},
		{[]string{"-vectors", taken}, taken + `:3: vector "ecma.decodeURI.reserved-escape-keeps-case": field "id": the suite has a vector of this id`},
		{[]string{"-vectors", filepath.Join(t.TempDir(), "none.json")}, "none.json: no such file"},
		{[]string{"-suite=false"}, "-suite=false runs only the -vectors files, and none is given"},
	} {
		r := runPctest(t, append([]string{"run", "-impl", "reference"}, c.args...)...)
		if r.code != exitUsage || !strings.Contains(r.stderr, c.want) || r.stdout != "" {
			t.Errorf("%q: exit %d, stderr %q; want exit 2 and %q", c.args, r.code, r.stderr, c.want)
		}
	}
}

// TestRunUTF16HexHint: a testee that dies on lone surrogate escapes, as
// one whose JSON library cannot read them does, gets the -utf16hex hint;
// with -utf16hex it passes, without a hint.
func TestRunUTF16HexHint(t *testing.T) {
	faketestee.CheckNoLeaks(t)
	args := append([]string{"run", "-op", "encodeURIComponent"}, fakeArgs(t, `ref,crash-char=\ud`)...)
	r := runPctest(t, args...)
	if r.code != exitFail || !strings.Contains(r.stdout, report.UseUTF16Hex) {
		t.Errorf("exit %d; want 1 and the -utf16hex hint:\n%s", r.code, r.stdout)
	}
	r = runPctest(t, append([]string{"run", "-format", "json"}, args[1:]...)...)
	if j := readRunJSON(t, r.stdout); len(j.Hints) != 1 || !strings.Contains(j.Hints[0], "-utf16hex") {
		t.Errorf("JSON report: hints %q, want the -utf16hex hint", j.Hints)
	}
	r = runPctest(t, append([]string{"run", "-utf16hex"}, args[1:]...)...)
	if r.code != exitOK || strings.Contains(r.stdout, "hint") {
		t.Errorf("-utf16hex: exit %d; want 0 and no hint:\n%s", r.code, r.stdout)
	}
}

// TestFuzzCorpus: fuzz -corpus saves the finding as a vectors file and
// says how to rerun it; the next run replays it first, fails while the bug
// is there, and says when it passes; run -vectors runs the corpus.
func TestFuzzCorpus(t *testing.T) {
	faketestee.CheckNoLeaks(t)
	dir := filepath.Join(t.TempDir(), "corpus")
	fuzz := []string{"fuzz", "-format", "json", "-op", "encodeURIComponent", "-cases", "20000", "-max-findings", "1", "-shrink-time", "10m", "-seed", "1", "-corpus", dir}
	r := runPctest(t, append(fuzz, fakeArgs(t, "ref,bang-bug")...)...)
	j, err := report.ReadFuzzReport(strings.NewReader(r.stdout))
	if err != nil || r.code != exitFail || len(j.Findings) != 1 || j.Corpus == nil {
		t.Fatalf("exit %d, %v, stderr %q; want 1 finding and the corpus", r.code, err, r.stderr)
	}
	f := j.Findings[0]
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	if len(files) != 1 || f.File != files[0] || len(j.Corpus.Saved) != 1 || j.Corpus.Saved[0] != files[0] || j.Corpus.Replayed != 0 {
		t.Fatalf("corpus files %q; finding saved as %q, corpus %+v", files, f.File, j.Corpus)
	}
	wantRerun := "pctest run -vectors " + f.File + " -run '^" + strings.ReplaceAll(f.VectorID, ".", `\.`) + "$' -- " + faketestee.Command(t)
	if f.RequestLine != `{"id":1,"op":"encodeURIComponent","in":"!"}` || f.Rerun != wantRerun {
		t.Errorf("request_line %q, rerun %q; want the request of \"!\" and %q", f.RequestLine, f.Rerun, wantRerun)
	}

	// The corpus, run as vectors files.
	r = runPctest(t, append([]string{"run", "-format", "json", "-suite=false", "-vectors", dir}, fakeArgs(t, "ref,bang-bug")...)...)
	if j := readRunJSON(t, r.stdout); r.code != exitFail || len(j.Results) != 1 || j.Results[0].ID != f.VectorID {
		t.Errorf("run -vectors CORPUS: exit %d, stderr %q; want the finding to fail", r.code, r.stderr)
	}

	// Replayed first: still failing while the bug is there ...
	r = runPctest(t, append(fuzz, fakeArgs(t, "ref,bang-bug")...)...)
	if j, err := report.ReadFuzzReport(strings.NewReader(r.stdout)); err != nil || r.code != exitFail || j.Corpus.Replayed != 1 ||
		len(j.Corpus.StillFailing) != 1 || j.Corpus.StillFailing[0].ID != f.VectorID || len(j.Corpus.Saved) != 0 {
		t.Errorf("second run: exit %d, %v; want the earlier finding still failing and nothing saved again", r.code, err)
	}
	// That report follows fuzz.schema.json, corpus and finding fields
	// included.
	seen := followsSchema(t, "../../report/fuzz.schema.json", r.stdout)
	for _, key := range []string{"$.corpus.still_failing[].rerun", "$.findings[].vector_file", "$.findings[].rerun", "$.findings[].request_line"} {
		if !seen[key] {
			t.Errorf("the fuzz report checked has no %s", key)
		}
	}

	// ... and passing once it is fixed.
	text := runPctest(t, append(append([]string{"fuzz"}, fuzz[3:]...), fakeArgs(t, "ref")...)...)
	if text.code != exitOK || !strings.Contains(text.stdout, "1 earlier finding replayed: 0 still fail, 1 now pass") ||
		!strings.Contains(text.stdout, "NOW PASSES "+f.VectorID) {
		t.Errorf("fixed: exit %d; want 0 and the finding passing now:\n%s", text.code, text.stdout)
	}
}
