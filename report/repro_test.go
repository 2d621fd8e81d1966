package report_test

import (
	"bytes"
	"errors"
	stdhtml "html"
	"strings"
	"testing"
	"time"
	"unicode/utf16"

	"github.com/pctest/pctest/report"
	"github.com/pctest/pctest/testee"
	"github.com/pctest/pctest/vectors"
)

// TestRequestLineIsTheTesteesLine: the request line a report shows is the
// line package testee writes to the testee, but for the id, in both text
// modes, lone surrogates, octets and args included.
func TestRequestLineIsTheTesteesLine(t *testing.T) {
	for _, req := range []vectors.Request{
		{Op: vectors.OpDecodeURIComponent, In: []uint16{'%', 0xD800, 'é', 0xD83D, 0xDE00}},
		{Op: vectors.OpPercentEncode, InHex: []byte{0, 0xFF}},
		{Op: vectors.OpPercentEncodeSet, In: []uint16{'a', ' '}, Args: map[string]string{"set": "userinfo"}},
	} {
		for _, hex := range []bool{false, true} {
			want := string(testee.AppendRequestJSON(nil, 1, req, hex))
			if got := (report.Repro{UTF16Hex: hex}).RequestLine(req); got != want {
				t.Errorf("utf16hex %v: %s, want %s", hex, got, want)
			}
		}
	}
}

// TestRerun: the rerun command quotes what the shell would change, names
// a vectors file that is not the suite's, asks for the level of a judged
// implementation-defined vector, and ends with the testee's command.
func TestRerun(t *testing.T) {
	v := &vectors.Vector{ID: "rfc3986.percentDecode.malformed-pct", Level: vectors.LevelImplementationDefined}
	p := report.Repro{Flags: []string{"-utf16hex"}, Command: []string{"perl", "my testee.pl"}}
	want := `pctest run -utf16hex -vectors 'my dir/f.json' -level implementation-defined -run '^rfc3986\.percentDecode\.malformed-pct$' -- perl 'my testee.pl'`
	if got := p.Rerun(v, "my dir/f.json", true); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if got, want := (report.Repro{Flags: []string{"-impl", "goja"}}).Rerun(v, "", false), `pctest run -impl goja -run '^rfc3986\.percentDecode\.malformed-pct$'`; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	req := vectors.Request{Op: vectors.OpDecodeURI, In: []uint16{'\''}}
	if got, want := p.Pipe(req), `printf '%s\n' '{"id":1,"op":"decodeURI","in":"'\''"}' | perl 'my testee.pl'`; got != want {
		t.Errorf("pipe: got %s, want %s", got, want)
	}
	p.UTF16Hex = true
	if got, want := p.Pipe(req), `printf '%s\n' '{"id":1,"op":"decodeURI","in_utf16":"0027"}' | PCTEST_UTF16HEX=1 perl 'my testee.pl'`; got != want {
		t.Errorf("pipe, -utf16hex: got %s, want %s", got, want)
	}
}

// loneRun is a run of a testee whose JSON cannot carry lone surrogates:
// one vector crashed it, one came back with U+FFFD, one failed for
// another reason.
func loneRun(hex bool) *report.Run {
	lone := vectors.Vector{ID: "ecma.decodeURI.lone", Request: vectors.Request{Op: vectors.OpDecodeURI, In: []uint16{0xD800}}, Expect: vectors.Response{Out: []uint16{0xD800}}, Level: vectors.LevelMust}
	enc := vectors.Vector{ID: "ecma.encodeURI.lone", Request: vectors.Request{Op: vectors.OpEncodeURI, In: []uint16{'a', 0xDC00}}, Expect: vectors.Response{Error: vectors.ErrURIError}, Level: vectors.LevelMust}
	plain := vectors.Vector{ID: "ecma.encodeURI.plain", Request: vectors.Request{Op: vectors.OpEncodeURI, In: []uint16{'!'}}, Expect: vectors.Response{Out: []uint16{'!'}}, Level: vectors.LevelMust}
	return &report.Run{Impl: "t", Argv: []string{"t"}, Start: time.Unix(0, 0), Vectors: 3, Repro: report.Repro{Command: []string{"t"}, UTF16Hex: hex},
		Results: []report.Result{
			{Vector: lone, Outcome: report.Failed, Err: errors.New("crash: exit status 255")},
			{Vector: enc, Outcome: report.Failed, Got: vectors.Response{Out: []uint16{'a', '%', 'E', 'F', '%', 'B', 'F', '%', 'B', 'D'}}},
			{Vector: plain, Outcome: report.Failed, Got: vectors.Response{Out: []uint16{'%', '2', '1'}}},
		}}
}

// TestUTF16HexHint: the crash and the U+FFFD on lone surrogates give the
// hint, in the text, JSON and HTML reports, naming -utf16hex; a run with
// -utf16hex, or whose failures involve no lone surrogate, gets none.
func TestUTF16HexHint(t *testing.T) {
	r := loneRun(false)
	if got := report.SurrogateTroubleOf(r.Results); got != (report.SurrogateTrouble{Failures: 2, Crashed: 1, Mangled: 1}) {
		t.Errorf("trouble %+v", got)
	}
	var text, html bytes.Buffer
	if err := errors.Join(r.WriteText(&text, false), report.WriteHTML(&html, time.Unix(0, 0), []*report.Run{r})); err != nil {
		t.Fatal(err)
	}
	j := r.Report()
	for what, s := range map[string]string{"text": text.String(), "HTML": stdhtml.UnescapeString(html.String()), "JSON": strings.Join(j.Hints, "")} {
		if !strings.Contains(s, report.UseUTF16Hex) {
			t.Errorf("%s report lacks the hint:\n%s", what, s)
		}
	}
	if h := loneRun(true).UTF16HexHint(); h != "" {
		t.Errorf("with -utf16hex: hint %q", h)
	}
	r.Results = r.Results[2:]
	if h := r.UTF16HexHint(); h != "" {
		t.Errorf("no lone surrogate: hint %q", h)
	}
}

// TestSurrogateTroubleIsTheLostSurrogate: an answer counts as mangled when
// the lone surrogates are what it lost (escape's %uFFFD too), not when
// the lone surrogate came back as it was beside a U+FFFD of the testee's
// own (a lossy UTF-8 decoder's, for a truncated escape).
func TestSurrogateTroubleIsTheLostSurrogate(t *testing.T) {
	u := func(s string) []uint16 { return utf16.Encode([]rune(s)) }
	dec := vectors.Vector{ID: "d", Request: vectors.Request{Op: vectors.OpDecodeURIComponent, In: append(u("%C3"), 0xDC00, 'a', 'b')}, Expect: vectors.Response{Error: vectors.ErrURIError}}
	esc := vectors.Vector{ID: "e", Request: vectors.Request{Op: vectors.OpEscape, In: []uint16{'x', 0xD800}}, Expect: vectors.Response{Out: u("x%uD800")}}
	encTwice := vectors.Vector{ID: "t", Request: vectors.Request{Op: vectors.OpEncodeURI, In: []uint16{0xDC00, 0xFFFD}}, Expect: vectors.Response{Error: vectors.ErrURIError}}
	for _, c := range []struct {
		v       vectors.Vector
		got     vectors.Response
		mangled int
	}{
		{dec, vectors.Response{Out: []uint16{0xFFFD, 0xDC00, 'a', 'b'}}, 0},
		{dec, vectors.Response{Out: []uint16{0xFFFD, 0xFFFD, 'a', 'b'}}, 0}, // no lone surrogate expected back: an error was
		{esc, vectors.Response{Out: u("x%uFFFD")}, 1},
		{esc, vectors.Response{Out: u("x%uD800%uFFFD")}, 0},
		{encTwice, vectors.Response{Out: u("%EF%BF%BD%ef%bf%bd")}, 1},
		{encTwice, vectors.Response{Out: u("%ED%B0%80%EF%BF%BD")}, 0},
	} {
		got := report.SurrogateTroubleOf([]report.Result{{Vector: c.v, Outcome: report.Failed, Got: c.got}})
		if got != (report.SurrogateTrouble{Failures: 1, Mangled: c.mangled}) {
			t.Errorf("%s answered %04X: %+v, want %d mangled", c.v.Op, c.got.Out, got, c.mangled)
		}
	}
}

// TestEveryReportCarriesTheRerun: the text, JSON, JUnit and HTML reports
// give each failure its request line and rerun command.
func TestEveryReportCarriesTheRerun(t *testing.T) {
	r := loneRun(false)
	o := &r.Results[2]
	line := `{"id":1,"op":"encodeURI","in":"!"}`
	rerun := `pctest run -run '^ecma\.encodeURI\.plain$' -- t`
	var text, junit, html bytes.Buffer
	if err := errors.Join(r.WriteText(&text, false), r.WriteJUnit(&junit), report.WriteHTML(&html, time.Unix(0, 0), []*report.Run{r})); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text.String(), report.Line(o)+"\n  request: "+line+"\n  rerun:   "+rerun+"\n") {
		t.Errorf("text:\n%s", text.String())
	}
	for what, s := range map[string]string{
		"JUnit": strings.ReplaceAll(strings.ReplaceAll(junit.String(), "&#34;", `"`), "&#39;", "'"),
		"HTML":  strings.ReplaceAll(strings.ReplaceAll(html.String(), "&#34;", `"`), "&#39;", "'"),
	} {
		if !strings.Contains(s, line) || !strings.Contains(s, rerun) {
			t.Errorf("%s lacks %s or %s:\n%s", what, line, rerun, s)
		}
	}
	rec := r.Report().Results[2]
	if rec.RequestLine != line || rec.Rerun != rerun {
		t.Errorf("JSON: %q, %q", rec.RequestLine, rec.Rerun)
	}
}
