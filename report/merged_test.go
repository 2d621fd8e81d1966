package report

import (
	"bytes"
	"html"
	"strings"
	"testing"
	"time"

	"github.com/pctest/pctest/vectors"
)

// TestRunHTMLOpenFailureCarriesRerun: in the run's HTML report, the first
// failure of each cause is open (issue 38 part 6) and carries its request
// line and rerun command (part 1), and so does each warning.
func TestRunHTMLOpenFailureCarriesRerun(t *testing.T) {
	r := htmlRunSample()
	r.Repro = Repro{Command: []string{"./testee"}}
	var b bytes.Buffer
	if err := WriteHTML(&b, time.Now(), []*Run{r}); err != nil {
		t.Fatal(err)
	}
	page := html.UnescapeString(b.String())
	open := page[strings.Index(page, `<details class="failure fail" open>`):]
	open = open[:strings.Index(open, "</details>")]
	for _, want := range []string{`<th>request</th><td><code>{"id":1,"op":"encodeURIComponent","in":`, `<th>rerun</th><td><code>pctest run -run '^x\.`} {
		if !strings.Contains(open, want) {
			t.Errorf("the open failure lacks %s:\n%s", want, open)
		}
	}
	if n := strings.Count(page, `<th>rerun</th><td><code>pctest run -run '^x\.pct`); n != 2 {
		t.Errorf("%d warnings with a rerun, want 2", n)
	}
}

// TestFuzzReportFoldedSavedAndRerun: a finding that folded variants (part
// 6) and was saved in a corpus (part 3) says both, with its request line
// and rerun command (part 1), in the text and HTML reports, and the HTML
// report says what the corpus's replay came to.
func TestFuzzReportFoldedSavedAndRerun(t *testing.T) {
	j := fuzzReport()
	f := &j.Findings[0]
	f.Variants, f.VectorID, f.File = 3, "fuzz.encodeURIComponent.0123456789ab", "corpus/fuzz.encodeURIComponent.0123456789ab.json"
	j.Corpus = &CorpusReplay{Dir: "corpus", Replayed: 2,
		StillFailing: []CorpusEntry{{ID: "fuzz.encodeURIComponent.aaaaaaaaaaaa", File: "corpus/a.json", Line: 2, Status: Failed, RequestLine: `{"id":1,"op":"encodeURIComponent","in":"'"}`, Rerun: "pctest run -vectors corpus/a.json"}},
		NowPassing:   []CorpusEntry{{ID: "fuzz.encodeURIComponent.bbbbbbbbbbbb", File: "corpus/b.json", Line: 2, Status: Passed}},
		Skipped:      []CorpusEntry{}, Saved: []string{f.File}}
	j.SetRepro(Repro{Command: []string{"./t"}})
	wantRerun := `pctest run -vectors ` + f.File + ` -run '^fuzz\.encodeURIComponent\.0123456789ab$' -- ./t`
	if f.Rerun != wantRerun || f.RequestLine != `{"id":1,"op":"encodeURIComponent","in":"!"}` {
		t.Fatalf("rerun %q, request line %q", f.Rerun, f.RequestLine)
	}
	var text, page bytes.Buffer
	if err := j.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	if err := j.WriteHTML(&page, time.Now()); err != nil {
		t.Fatal(err)
	}
	h := html.UnescapeString(page.String())
	for what, s := range map[string]string{"text": text.String(), "HTML": h} {
		for _, want := range []string{"found 3 more times with the same cause", f.RequestLine, wantRerun, f.File} {
			if !strings.Contains(s, want) {
				t.Errorf("%s report lacks %q:\n%s", what, want, s)
			}
		}
	}
	if want := "  saved:   " + f.File + "\n"; !strings.Contains(text.String(), want) {
		t.Errorf("the text report lacks %q", want)
	}
	j.Corpus.Saved = nil // saved by an earlier run
	var again bytes.Buffer
	if err := j.WriteText(&again); err != nil || !strings.Contains(again.String(), "  kept:    "+f.File+" (saved by an earlier run: found again)\n") {
		t.Errorf("a finding the corpus had: %v\n%s", err, again.String())
	}
	if want := "spec: ECMA-262 5.1 §15.1.3.4 encodeURIComponent\n"; !strings.Contains(text.String(), want) {
		t.Errorf("the text report's causes lack %q:\n%s", want, text.String())
	}
	for _, want := range []string{"2 earlier findings replayed, 1 still fail, 1 now pass", "pctest run -vectors corpus/a.json", "fuzz.encodeURIComponent.bbbbbbbbbbbb"} {
		if !strings.Contains(h, want) {
			t.Errorf("HTML report lacks %q", want)
		}
	}
}

// TestWarningStepIsTheOpenClause: a warning's spec step is the clause that
// leaves its inputs' answer open, from run and from fuzz alike, never a
// pointer to a spec reference the text report does not print.
func TestWarningStepIsTheOpenClause(t *testing.T) {
	var s WarningSet
	req := vectors.Request{Op: vectors.OpPercentDecode, In: []uint16{'a', 0xD800, 0xDC00}}
	s.Add("", req, vectors.Response{OutHex: []byte("a\xf0\x90\x80\x80")}, vectors.Response{OutHex: []byte("a\xed\xa0\x80\xed\xb0\x80")}, nil)
	ws := s.Warnings()
	clause, _ := req.Open()
	if len(ws) != 1 || clause == "" || ws[0].Step != clause {
		t.Errorf("warnings %+v; want one whose step is %q", ws, clause)
	}
}
