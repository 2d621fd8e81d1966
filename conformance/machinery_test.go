package conformance

import (
	"bytes"
	"context"
	"errors"
	"net/url"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/pctest/pctest/internal/reference"
	"github.com/pctest/pctest/report"
	"github.com/pctest/pctest/vectors"
)

// Tests of the machinery: evaluation, formatting, options, the
// expected-failures list and the adapters, on small hand-made corpora whose
// expected answers are worked out from the specs in the comments.

// units returns the code units of an ASCII or BMP string literal.
func units(s string) []uint16 { return mustUTF16(s) }

// tinyCorpus holds a vector of each kind of answer. The expected answers:
// encodeURIComponent("a b") is "a%20b" (§15.1.3.4: space is not in
// uriUnescaped); encodeURIComponent of a lone high surrogate throws
// (§15.1.3 Encode 4.d.iii); percentDecode("%41") is the octet 0x41
// (RFC 3986 §2.1).
func tinyCorpus() []vectors.Vector {
	return []vectors.Vector{
		{ID: "t.ecu.space", Request: vectors.Request{Op: "encodeURIComponent", In: units("a b")},
			Expect: vectors.Response{Out: units("a%20b")}, Ref: "ECMA-262 5.1 §15.1.3.4", Level: "must", File: "tiny.json", Line: 3},
		{ID: "t.ecu.lone", Request: vectors.Request{Op: "encodeURIComponent", In: []uint16{0xD800}},
			Expect: vectors.Response{Error: vectors.ErrURIError}, Ref: "ECMA-262 5.1 §15.1.3 Encode 4.d.iii", Level: "must", File: "tiny.json", Line: 4},
		{ID: "t.pd.A", Request: vectors.Request{Op: "percentDecode", In: units("%41")},
			Expect: vectors.Response{OutHex: []byte{0x41}}, Ref: "RFC 3986 §2.1", Level: "should", File: "tiny.json", Line: 5},
	}
}

// fake answers from a table of functions by op.
type fake struct {
	name string
	fn   map[string]func(vectors.Request) (vectors.Response, error)
}

func (f fake) Name() string { return f.name }
func (f fake) Do(_ context.Context, req vectors.Request) (vectors.Response, error) {
	if fn := f.fn[string(req.Op)]; fn != nil {
		return fn(req)
	}
	return vectors.Response{Unsupported: true}, nil
}

func TestEvaluate(t *testing.T) {
	v := tinyCorpus()
	cases := []struct {
		name string
		v    vectors.Vector
		got  vectors.Response
		err  error
		want report.Outcome
	}{
		{"same text", v[0], vectors.Response{Out: units("a%20b")}, nil, report.Passed},
		{"other text", v[0], vectors.Response{Out: units("a+b")}, nil, report.Failed},
		{"lowercase is different", v[0], vectors.Response{Out: units("a%20B")}, nil, report.Failed},
		{"error instead of text", v[0], vectors.Response{Error: vectors.ErrURIError}, nil, report.Failed},
		{"text plus stray octets", v[0], vectors.Response{Out: units("a%20b"), OutHex: []byte{1}}, nil, report.Failed},
		{"expected error", v[1], vectors.Response{Error: vectors.ErrURIError, Message: "any text"}, nil, report.Passed},
		{"other error kind", v[1], vectors.Response{Error: vectors.ErrMalformedEscape}, nil, report.Failed},
		{"text instead of error", v[1], vectors.Response{Out: units("%EF%BF%BD")}, nil, report.Failed},
		{"octets", v[2], vectors.Response{OutHex: []byte{0x41}}, nil, report.Passed},
		{"octets as text", v[2], vectors.Response{Out: units("A")}, nil, report.Failed},
		{"unsupported", v[2], vectors.Response{Unsupported: true}, nil, report.Skipped},
		{"no answer", v[2], vectors.Response{}, errors.New("crashed"), report.Failed},
	}
	for _, c := range cases {
		r := evaluate(c.v, c.got, c.err)
		if r.Outcome != c.want {
			t.Errorf("%s: outcome %v, want %v (%s)", c.name, r.Outcome, c.want, r.Reason)
		}
		// A diff is of two outputs; an error on either side has none.
		bothOut := c.want == report.Failed && c.err == nil && c.got.Error == "" && c.v.Expect.Error == ""
		if (r.Diff != "") != bothOut {
			t.Errorf("%s: diff %q", c.name, r.Diff)
		}
	}
	// An empty result matches an empty expectation, nil or not.
	empty := vectors.Vector{ID: "e", Request: vectors.Request{Op: "decodeURIComponent", In: []uint16{}}, Expect: vectors.Response{Out: []uint16{}}}
	if r := evaluate(empty, vectors.Response{}, nil); r.Outcome != report.Passed {
		t.Errorf("empty output: %v", r.Outcome)
	}
}

func TestFormatFailure(t *testing.T) {
	v := vectors.Vector{ID: "t.dUC.lone", Request: vectors.Request{Op: "decodeURIComponent", In: []uint16{0xD800, '%', '4', '1'}},
		Expect: vectors.Response{Out: []uint16{0xD800, 'A'}}, Ref: "ECMA-262 5.1 §15.1.3 Decode 4.c", Level: "must", File: "x.json", Line: 42}
	r := evaluate(v, vectors.Response{Out: []uint16{0xFFFD, 'A'}}, nil)
	s := formatFailure(r)
	for _, want := range []string{
		"t.dUC.lone (x.json:42)",
		`"\uD800%41"`,           // escaped text
		"[D800 0025 0034 0031]", // code units
		`"\uD800A" [D800 0041]`, // expected
		`"\uFFFDA" [FFFD 0041]`, // actual
		`diff:   "[-\uD800-]{+\uFFFD+}A" [[-D800-] {+FFFD+} 0041]`, // only the differing unit marked
		"fail (MUST): U+FFFD where a lone surrogate was expected",  // the cause
		"§15.1.3 Decode 4.c", // spec
	} {
		if !strings.Contains(s, want) {
			t.Errorf("formatFailure lacks %q:\n%s", want, s)
		}
	}
	o := vectors.Vector{ID: "t.pe", Request: vectors.Request{Op: "percentEncode", InHex: []byte{0xE2, 0x82, 0xAC, '"'}},
		Expect: vectors.Response{Out: units("%E2%82%AC%22")}, Ref: "RFC 3986 §2.1"}
	s = formatFailure(evaluate(o, vectors.Response{Out: units("%e2%82%ac%22")}, nil))
	if !strings.Contains(s, `"\xe2\x82\xac\"" hex [e2 82 ac 22]`) {
		t.Errorf("octet input not shown both ways:\n%s", s)
	}
}

// correct answers the tiny corpus as the specs say.
var correct = fake{name: "correct", fn: map[string]func(vectors.Request) (vectors.Response, error){
	"encodeURIComponent": func(req vectors.Request) (vectors.Response, error) {
		if hasLoneSurrogate(req.In) {
			return vectors.Response{Error: vectors.ErrURIError}, nil
		}
		s, _ := reference.UTF8(req.In)
		return vectors.Response{Out: units(strings.ReplaceAll(url.QueryEscape(s), "+", "%20"))}, nil
	},
	"percentDecode": func(req vectors.Request) (vectors.Response, error) {
		s, _ := reference.UTF8(req.In)
		out, err := url.PathUnescape(s)
		if err != nil {
			return vectors.Response{Error: vectors.ErrMalformedEscape}, nil
		}
		return vectors.Response{OutHex: []byte(out)}, nil
	},
}}

func TestSelection(t *testing.T) {
	ids := func(opts ...Option) []string {
		rs, err := Results(context.Background(), correct, append(opts, Vectors(tinyCorpus()))...)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, r := range rs {
			out = append(out, r.Vector.ID)
		}
		return out
	}
	for _, c := range []struct {
		name string
		opts []Option
		want []string
	}{
		{"all", nil, []string{"t.ecu.space", "t.ecu.lone", "t.pd.A"}},
		{"op", []Option{Ops("percentDecode")}, []string{"t.pd.A"}},
		{"area", []Option{Areas("ecmascript")}, []string{"t.ecu.space", "t.ecu.lone"}},
		{"op or area", []Option{Areas("ecmascript"), Ops("percentDecode")}, []string{"t.ecu.space", "t.ecu.lone", "t.pd.A"}},
		{"match", []Option{Match(regexp.MustCompile(`lone|pd`), nil)}, []string{"t.ecu.lone", "t.pd.A"}},
		{"skip", []Option{Match(nil, regexp.MustCompile(`lone`))}, []string{"t.ecu.space", "t.pd.A"}},
		{"must only", []Option{Level(vectors.LevelMust)}, []string{"t.ecu.space", "t.ecu.lone"}},
	} {
		if got := ids(c.opts...); !slices.Equal(got, c.want) {
			t.Errorf("%s: got %v, want %v", c.name, got, c.want)
		}
	}
	for _, bad := range []Option{Ops("nope"), Areas("nope"), Level("may")} {
		if _, err := Results(context.Background(), correct, bad, Vectors(tinyCorpus())); err == nil {
			t.Errorf("a wrong option was taken")
		}
	}
}

// TestImplementationDefined: without a Level option the
// implementation-defined vectors run apart (Agrees, Differs) and never fail
// a run; Level names them to judge them. percentDecode("%") and
// percentDecode("%4") lie outside RFC 3986 §2.1, which defines pct-encoded
// and no decoding of a '%' that starts none; the suite recommends
// MalformedEscape. A lenient decoder keeps the '%'.
func TestImplementationDefined(t *testing.T) {
	open := func(id, in string) vectors.Vector {
		return vectors.Vector{ID: id, Request: vectors.Request{Op: "percentDecode", In: units(in)},
			Expect: vectors.Response{Error: vectors.ErrMalformedEscape}, Ref: "RFC 3986 §2.1",
			Level: vectors.LevelImplementationDefined, Note: "implementation-defined: not URI text", File: "tiny.json", Line: 6}
	}
	corpus := append(tinyCorpus(), open("t.pd.pct", "%"), open("t.pd.pct4", "%4"))
	lenient := fake{name: "lenient", fn: map[string]func(vectors.Request) (vectors.Response, error){
		"encodeURIComponent": correct.fn["encodeURIComponent"],
		"percentDecode": func(req vectors.Request) (vectors.Response, error) {
			if s, _ := reference.UTF8(req.In); strings.HasPrefix(s, "%4") && len(s) == 2 {
				return vectors.Response{OutHex: []byte(s)}, nil
			}
			return correct.fn["percentDecode"](req)
		},
	}}
	list, err := ExpectedFailures(strings.NewReader("t.pd.pct4\n"), "x.txt")
	if err != nil {
		t.Fatal(err)
	}
	rs, err := Results(context.Background(), lenient, Vectors(corpus), list)
	if err != nil {
		t.Fatal(err)
	}
	var got []report.Outcome
	for _, r := range rs {
		got = append(got, r.Outcome)
	}
	// "%" gets MalformedEscape from url.PathUnescape: the recommendation;
	// "%4" is kept: it differs, and the list entry for it has no effect.
	if want := []report.Outcome{report.Passed, report.Passed, report.Passed, report.Agrees, report.Differs}; !slices.Equal(got, want) {
		t.Fatalf("outcomes %v, want %v", got, want)
	}
	s := report.SummaryOf(rs)
	if s.Passed != 3 || s.Failed != 0 || s.ImplementationDefined != 2 || s.Differing != 1 || s.Ran() != 3 || s.Total() != 5 {
		t.Errorf("summary %+v", s)
	}
	if want := "3 passed, 0 failed, 0 skipped; 2 implementation-defined (1 differ from the suite's recommendation)"; s.String() != want {
		t.Errorf("summary line %q, want %q", s.String(), want)
	}
	if err := Check(lenient, Vectors(corpus)); err != nil {
		t.Errorf("an implementation-defined difference failed the check: %v", err)
	}
	err = Check(lenient, Vectors(corpus), Level(vectors.LevelImplementationDefined))
	if err == nil || !strings.Contains(err.Error(), "1 of 2 vectors fail") || !strings.Contains(err.Error(), "t.pd.pct4") {
		t.Errorf("judged by name, the difference must fail: %v", err)
	}
	rs, _ = Results(context.Background(), lenient, Vectors(corpus), Level(vectors.LevelMust, vectors.LevelShould))
	if len(rs) != 3 {
		t.Errorf("-level must,should ran %d vectors, want the 3 judged ones", len(rs))
	}
	var text report.Outcome
	if err := text.UnmarshalText([]byte("differ")); err != nil || text != report.Differs || report.Agrees.String() != "agree" {
		t.Errorf("text forms: %v %v %v", text, err, report.Agrees)
	}
}

// listOf returns the list the ExpectedFailures option opt applies.
func listOf(t *testing.T, opt Option) *expectedList {
	t.Helper()
	c, err := newConfig("Results", []Option{opt})
	if err != nil || c.expect == nil {
		t.Fatalf("the option sets no list: %v", err)
	}
	return c.expect
}

func TestParseExpectedFailures(t *testing.T) {
	opt, err := ExpectedFailures(strings.NewReader("# header\n\n  t.ecu.space  # why\nt.pd.A\n"), "x.txt")
	if err != nil {
		t.Fatal(err)
	}
	list := listOf(t, opt)
	want := []expectedEntry{{"t.ecu.space", 3}, {"t.pd.A", 4}}
	if !slices.Equal(list.entries, want) || list.name != "x.txt" {
		t.Errorf("got %+v", list)
	}
	for _, c := range []struct{ in, want string }{
		{"a\nb c\n", "x.txt:2: "},
		{"a\n# c\na\n", "x.txt:3: \"a\" is listed twice (also on line 1)"},
	} {
		_, err := ExpectedFailures(strings.NewReader(c.in), "x.txt")
		var le *ListError
		if !errors.As(err, &le) || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%q: error %v, want %q...", c.in, err, c.want)
		}
	}
}

func TestExpectedFailuresStrict(t *testing.T) {
	// wrong fails t.ecu.space (it writes '+') and passes the others.
	wrong := fake{name: "wrong", fn: map[string]func(vectors.Request) (vectors.Response, error){
		"encodeURIComponent": func(req vectors.Request) (vectors.Response, error) {
			if hasLoneSurrogate(req.In) {
				return vectors.Response{Error: vectors.ErrURIError}, nil
			}
			s, _ := reference.UTF8(req.In)
			return vectors.Response{Out: units(url.QueryEscape(s))}, nil
		},
		"percentDecode": correct.fn["percentDecode"],
	}}
	list, _ := ExpectedFailures(strings.NewReader("t.ecu.space\nt.pd.A\ngone.vector\n"), "xfail.txt")
	rs, err := Results(context.Background(), wrong, Vectors(tinyCorpus()), list)
	var stale *ListError
	if !errors.As(err, &stale) || !stale.Stale || stale.ID != "gone.vector" || stale.Line != 3 || !strings.Contains(err.Error(), "remove this line") {
		t.Errorf("stale entry: err = %v", err)
	}
	outcomes := map[string]report.Outcome{}
	for _, r := range rs {
		outcomes[r.Vector.ID] = r.Outcome
	}
	want := map[string]report.Outcome{"t.ecu.space": report.ExpectedFailure, "t.ecu.lone": report.Passed, "t.pd.A": report.UnexpectedPass}
	for id, o := range want {
		if outcomes[id] != o {
			t.Errorf("%s: %v, want %v", id, outcomes[id], o)
		}
	}
	err = Check(wrong, Vectors(tinyCorpus()), list)
	if err == nil || !strings.Contains(err.Error(), "xfail.txt:2") || !strings.Contains(err.Error(), "remove that line") {
		t.Errorf("Check: %v", err)
	}
	var ve *VectorError
	if !errors.As(err, &ve) || ve.Result.Vector.ID != "t.pd.A" {
		t.Errorf("Check does not hold a *VectorError for t.pd.A: %v", err)
	}

	// The list written from a run expects exactly that run's failures.
	rs, _ = Results(context.Background(), wrong, Vectors(tinyCorpus()))
	var buf bytes.Buffer
	if err := WriteExpectedFailures(&buf, rs); err != nil {
		t.Fatal(err)
	}
	written, err := ExpectedFailures(&buf, "written")
	if err != nil {
		t.Fatal(err)
	}
	if err := Check(wrong, Vectors(tinyCorpus()), written); err != nil {
		t.Errorf("the written list does not pass its own run: %v", err)
	}
	if entries := listOf(t, written).entries; len(entries) != 1 || entries[0].id != "t.ecu.space" {
		t.Errorf("written list: %+v", entries)
	}
}

func TestResultsParallelAndPanics(t *testing.T) {
	var inFlight, most atomic.Int32
	slow := fake{name: "slow", fn: map[string]func(vectors.Request) (vectors.Response, error){
		"encodeURIComponent": func(req vectors.Request) (vectors.Response, error) {
			n := inFlight.Add(1)
			defer inFlight.Add(-1)
			for {
				m := most.Load()
				if n <= m || most.CompareAndSwap(m, n) {
					break
				}
			}
			if len(req.In) == 1 {
				panic("boom")
			}
			return correct.Do(context.Background(), req)
		},
	}}
	var corpus []vectors.Vector
	for range 50 {
		corpus = append(corpus, tinyCorpus()...)
	}
	for i := range corpus {
		corpus[i].ID += string(rune('A' + i%26))
	}
	rs, err := Results(context.Background(), slow, Vectors(corpus), Parallel(4))
	if err != nil {
		t.Fatal(err)
	}
	var pe *AnswerError
	for _, r := range rs {
		if r.Vector.Op == "encodeURIComponent" && len(r.Vector.In) == 1 && !(errors.As(r.Err, &pe) && pe.Kind == "panic" && pe.Value == "boom") {
			t.Fatalf("%s: a panic was not caught: %+v", r.Vector.ID, r)
		}
	}
	if most.Load() > 4 {
		t.Errorf("%d requests in flight with Parallel(4)", most.Load())
	}

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	rs, err = Results(ctx, correct, Vectors(tinyCorpus()))
	if !errors.Is(err, context.Canceled) || len(rs) != 3 || !errors.Is(rs[0].Err, context.Canceled) {
		t.Errorf("canceled: err %v, results %+v", err, rs)
	}
}

func TestFuncs(t *testing.T) {
	var calls atomic.Int32
	f := Funcs{
		Label: "lib",
		EncodeURIComponent: func(s string) (string, error) {
			calls.Add(1)
			return strings.ReplaceAll(url.QueryEscape(s), "+", "%20"), nil
		},
		PercentDecode: url.PathUnescape,
		DecodeURI:     func(s string) (string, error) { return "\xff", nil },
	}
	rs, err := Results(context.Background(), f, Vectors(tinyCorpus()))
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rs {
		want := report.Passed
		if r.Vector.ID == "t.ecu.lone" {
			want = report.Skipped // a Go string cannot carry the lone surrogate
		}
		if r.Outcome != want {
			t.Errorf("%s: %v, want %v: %s", r.Vector.ID, r.Outcome, want, r.Reason)
		}
	}
	if calls.Load() != 1 {
		t.Errorf("EncodeURIComponent called %d times, want 1 (never with a lone surrogate)", calls.Load())
	}
	resp, err := f.Do(context.Background(), vectors.Request{Op: "percentDecode", In: units("%4")})
	if err != nil || resp.Error != vectors.ErrMalformedEscape {
		t.Errorf("error kind: %+v %v", resp, err)
	}
	_, err = f.Do(context.Background(), vectors.Request{Op: "decodeURI", In: units("%FF")})
	var oe *AnswerError
	if !errors.As(err, &oe) || oe.Kind != "output" {
		t.Errorf("invalid UTF-8 text result: err %v, want an output *AnswerError", err)
	}
	if resp, _ := f.Do(context.Background(), vectors.Request{Op: "normalize", In: units("a")}); !resp.Unsupported {
		t.Errorf("a nil field answered %+v", resp)
	}
}

func runesOf(u []uint16) []rune {
	r := make([]rune, len(u))
	for i, c := range u {
		r[i] = rune(c)
	}
	return r
}

func TestNetURLAdapter(t *testing.T) {
	n := NetURL()
	// url.QueryEscape("a b+") is "a+b%2B"; PathUnescape("%zz") fails.
	resp, err := n.Do(context.Background(), vectors.Request{Op: "goQueryEscape", In: units("a b+")})
	if err != nil || string(runesOf(resp.Out)) != "a+b%2B" {
		t.Errorf("goQueryEscape: %+v %v", resp, err)
	}
	resp, _ = n.Do(context.Background(), vectors.Request{Op: "goPathUnescape", In: units("%zz")})
	if resp.Error != vectors.ErrEscapeError {
		t.Errorf("goPathUnescape: %+v", resp)
	}
	resp, _ = n.Do(context.Background(), vectors.Request{Op: "percentDecode", In: units("a+%7e")})
	if !bytes.Equal(resp.OutHex, []byte("a+~")) {
		t.Errorf("percentDecode: %+v", resp)
	}
	_, err = n.Do(context.Background(), vectors.Request{Op: "goQueryEscape", In: []uint16{0xD800}})
	var ie *AnswerError
	if !errors.As(err, &ie) || ie.Kind != "input" {
		t.Errorf("lone surrogate: %v, want an input *AnswerError", err)
	}
}

// TestReferenceInputErrors checks what Reference's doc comment says of
// requests it cannot pass to the codec: each is an *AnswerError of Kind
// "input" (errors.As finds it), with no answer beside it.
func TestReferenceInputErrors(t *testing.T) {
	ref := Reference()
	if resp, err := ref.Do(context.Background(), vectors.Request{Op: vectors.OpNormalize, In: units("%7e")}); err != nil || string(runesOf(resp.Out)) != "~" {
		t.Fatalf("normalize(\"%%7e\") = %+v, %v; want ~", resp, err)
	}
	for _, req := range []vectors.Request{
		{Op: vectors.OpNormalize, In: []uint16{'a', 0xD800}},
		{Op: vectors.OpIRIToURI, In: []uint16{0xDC00}},
		{Op: vectors.OpPercentEncodeSet, InHex: []byte("a"), Args: map[string]string{"set": "no-such-set"}},
		{Op: vectors.OpQueryEncode, In: units("a"), Args: map[string]string{"encoding": "no-such-label"}},
		{Op: vectors.OpQueryEncodeScheme, In: units("a"), Args: map[string]string{"encoding": "no-such-label", "scheme": "https"}},
		{Op: vectors.OpFormEncodeLegacy, In: units("a"), Args: map[string]string{"encoding": "no-such-label"}},
	} {
		resp, err := ref.Do(context.Background(), req)
		var ae *AnswerError
		if !errors.As(err, &ae) || ae.Kind != "input" || ae.Op != req.Op {
			t.Errorf("%s %v %v: %v (%T), want an *AnswerError of Kind \"input\" for the op", req.Op, req.In, req.Args, err, err)
		}
		if !reflect.DeepEqual(resp, vectors.Response{}) {
			t.Errorf("%s %v %v: answer %+v beside the error", req.Op, req.In, req.Args, resp)
		}
	}
}

// TestReferenceAppendDoAllocatesNothing checks what Reference's AppendDo
// says: its answers to the ECMAScript ops cost no allocation when dst has
// room. The fuzz engine relies on it for every case.
func TestReferenceAppendDoAllocatesNothing(t *testing.T) {
	ref := Reference().(interface {
		AppendDo(context.Context, vectors.Request, []uint16) (vectors.Response, []uint16, error)
	})
	ctx := context.Background()
	dst := make([]uint16, 0, 256)
	for _, req := range []vectors.Request{
		{Op: vectors.OpEncodeURIComponent, In: units("a b/é")},
		{Op: vectors.OpDecodeURI, In: units("%41%2F%C3%A9")},
	} {
		if _, _, err := ref.AppendDo(ctx, req, dst[:0]); err != nil {
			t.Fatalf("%s: %v", req.Op, err)
		}
		if n := testing.AllocsPerRun(100, func() { _, _, _ = ref.AppendDo(ctx, req, dst[:0]) }); n != 0 {
			t.Errorf("AppendDo(%s %q): %v allocations a call, want 0", req.Op, string(runesOf(req.In)), n)
		}
	}
}

func TestRecorderCatchesRapidFailure(t *testing.T) {
	// A law that cannot hold must come back as a *propertyError with
	// rapid's shrunk counterexample, not fail this test.
	f := Funcs{Label: "broken", EncodeURIComponent: func(s string) (string, error) { return strings.ToLower(url.PathEscape(s)), nil }}
	err := checkLaws(f, Ops("encodeURIComponent"))
	var pe *propertyError
	if !errors.As(err, &pe) || !strings.Contains(pe.Log, "[rapid] draw") {
		t.Fatalf("checkLaws: %v", err)
	}
}

func TestRunSubtests(t *testing.T) {
	// Run with answers asked ahead, two at a time, and one at a time: each
	// vector is a subtest named by its id.
	for _, opts := range [][]Option{{Parallel(2)}, nil} {
		Run(t, correct, append(opts, Vectors(tinyCorpus()))...)
	}
}

// typedNilError is an error type whose Error method dereferences its
// receiver: a typed nil of it, returned as an error, panics when printed.
type typedNilError struct{ msg string }

func (e *typedNilError) Error() string { return e.msg }

// TestErrorWhoseErrorPanics: an implementation that returns a typed nil
// pointer as its error fails that vector with an *AnswerError of kind
// "panic" that says so, in Results and in Check's error, instead of
// crashing the run where the error is printed.
func TestErrorWhoseErrorPanics(t *testing.T) {
	bad := fake{name: "typed-nil", fn: map[string]func(vectors.Request) (vectors.Response, error){
		"encodeURIComponent": func(req vectors.Request) (vectors.Response, error) {
			var e *typedNilError
			return vectors.Response{}, e
		},
	}}
	rs, err := Results(context.Background(), bad, Vectors(tinyCorpus()))
	if err != nil {
		t.Fatal(err)
	}
	var ae *AnswerError
	for _, r := range rs {
		if r.Vector.Op == vectors.OpEncodeURIComponent && !(errors.As(r.Err, &ae) && ae.Kind == "panic" && strings.Contains(r.Err.Error(), "Error method")) {
			t.Errorf("%s: %+v", r.Vector.ID, r)
		}
	}
	if err := Check(bad, Vectors(tinyCorpus())); err == nil || !strings.Contains(err.Error(), "Error method") {
		t.Errorf("Check: %v", err)
	}
}

// TestResultsHangEndsWithCtx: an implementation whose Do never returns,
// whatever its ctx, does not hold Results past the end of its ctx: the
// vectors it had not answered get ctx's error.
func TestResultsHangEndsWithCtx(t *testing.T) {
	entered, release := make(chan struct{}), make(chan struct{})
	defer close(release)
	var once sync.Once
	stuck := fake{name: "stuck", fn: map[string]func(vectors.Request) (vectors.Response, error){
		"encodeURIComponent": func(req vectors.Request) (vectors.Response, error) {
			once.Do(func() { close(entered) })
			<-release // ignores ctx
			return vectors.Response{}, nil
		},
	}}
	ctx, cancel := context.WithCancel(context.Background())
	go func() { <-entered; cancel() }()
	rs, err := Results(ctx, stuck, Vectors(tinyCorpus()), Parallel(1))
	if !errors.Is(err, context.Canceled) || len(rs) != 3 {
		t.Fatalf("err %v, %d results", err, len(rs))
	}
	for _, r := range rs {
		if r.Vector.Op == vectors.OpEncodeURIComponent && !errors.Is(r.Err, context.Canceled) {
			t.Errorf("%s: %+v, want ctx's error", r.Vector.ID, r)
		}
	}
}
