package cause

import (
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/google/go-cmp/cmp"

	"github.com/pctest/pctest/vectors"
)

func u(s string) []uint16 { return utf16.Encode([]rune(s)) }

func TestClassify(t *testing.T) {
	uri := vectors.ErrURIError
	cases := []struct {
		op        vectors.Op
		in        string
		want, got vectors.Response
		rel       Relation
		title     string
	}{
		{vectors.OpEncodeURIComponent, "é", vectors.Response{Out: u("%C3%A9")}, vectors.Response{Out: u("%c3%a9")}, LowercaseHex, "hex digits in lowercase"},
		{vectors.OpEncodeURIComponent, "é", vectors.Response{Out: u("%C3%A9")}, vectors.Response{Out: u("é")}, KeptMustEncode, ""},
		{vectors.OpEncodeURIComponent, "!", vectors.Response{Out: u("!")}, vectors.Response{Out: u("%21")}, EncodedMustKeep, ""},
		{vectors.OpEncodeURIComponent, "é", vectors.Response{Out: u("%C3%A9")}, vectors.Response{Out: u("%E9")}, Latin1Encoded, ""},
		{vectors.OpDecodeURIComponent, "%41%42", vectors.Response{Out: u("AB")}, vectors.Response{Out: u("%41%42")}, Undecoded, "every escape left undecoded"},
		{vectors.OpDecodeURIComponent, "%", vectors.Response{Error: uri}, vectors.Response{Out: u("%")}, MalformedAccepted, "passed a malformed '%' through where URIError was expected"},
		{vectors.OpDecodeURIComponent, "%80", vectors.Response{Error: uri}, vectors.Response{Out: u("x")}, ErrorExpected, "URIError expected, got a string"},
		{vectors.OpDecodeURIComponent, "%C3%A9", vectors.Response{Out: u("é")}, vectors.Response{Out: u("Ã©")}, Latin1Decoded, ""},
		{vectors.OpDecodeURIComponent, "%41", vectors.Response{Out: u("A")}, vectors.Response{Error: uri}, EndEscapeRejected, "URIError on an escape that ends the input (off by one)"},
		{vectors.OpDecodeURIComponent, "lone", vectors.Response{Out: []uint16{0xD800}}, vectors.Response{Out: u("\uFFFD")}, FFFDForSurrogate, "U+FFFD where a lone surrogate was expected"},
		{vectors.OpDecodeURI, "%2F", vectors.Response{Out: u("%2F")}, vectors.Response{Out: u("/")}, DecodedReserved, "decoded a reserved escape"},
		{vectors.OpDecodeURI, "%2f", vectors.Response{Out: u("%2f")}, vectors.Response{Out: u("%2F")}, HexCaseChanged, ""},
		{vectors.OpDecodeURIComponent, "%2541", vectors.Response{Out: u("%41")}, vectors.Response{Out: u("A")}, DoubleDecoded, ""},
		{vectors.OpFormDecode, "a+b", vectors.Response{Out: u("a b")}, vectors.Response{Out: u("a+b")}, PlusForSpace, ""},
		{vectors.OpFormEncode, "a b", vectors.Response{Out: u("a+b")}, vectors.Response{Out: u("a%20b")}, SpaceAs20, ""},
		{vectors.OpEncodeNoDouble, "%41", vectors.Response{Out: u("%41")}, vectors.Response{Out: u("%2541")}, DoubleEncoded, ""},
		{vectors.OpEquivalent, "a", vectors.Response{Out: u("true")}, vectors.Response{Out: u("false")}, FalseEquivalent, ""},
		{vectors.OpPercentDecode, "\U0001F600", vectors.Response{OutHex: []byte{0xF0, 0x9F, 0x98, 0x80}}, vectors.Response{OutHex: []byte{0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80}}, CESU8Encoded, ""},
		{vectors.OpPercentDecode, "%FF", vectors.Response{OutHex: []byte{0xFF}}, vectors.Response{OutHex: []byte{0xEF, 0xBF, 0xBD}}, Different, "a different answer"},
		{vectors.OpEncodeURIComponent, "x", vectors.Response{Out: u("x")}, vectors.Response{Out: u("yz")}, Different, "a different answer"},
		// An input with an overlong form or an encoded surrogate, and a
		// malformed '%': answering at all passed the '%' over, and the
		// octets of percentDecode are not UTF-8-checked.
		{vectors.OpPercentDecode, "0%c0%", vectors.Response{Error: vectors.ErrMalformedEscape}, vectors.Response{OutHex: []byte("0\xc0%")}, MalformedAccepted, ""},
		{vectors.OpPercentDecode, "%ED%A0%80%", vectors.Response{Error: vectors.ErrMalformedEscape}, vectors.Response{OutHex: []byte("\xed\xa0\x80%")}, MalformedAccepted, ""},
		{vectors.OpDecodeURIComponent, "%C0%AF%", vectors.Response{Error: uri}, vectors.Response{Out: u("/%")}, MalformedAccepted, ""},
		{vectors.OpDecodeURIComponent, "%C0%AF", vectors.Response{Error: uri}, vectors.Response{Out: u("/")}, OverlongAccepted, "decoded an overlong UTF-8 form where URIError was expected"},
		{vectors.OpDecodeURIComponent, "%ED%A0%80", vectors.Response{Error: uri}, vectors.Response{Out: []uint16{0xD800}}, SurrogateUTF8Accepted, ""},
		// Replaced, not decoded: U+FFFD for the bad octets.
		{vectors.OpDecodeURIComponent, "%C0%AF", vectors.Response{Error: uri}, vectors.Response{Out: u("\uFFFD\uFFFD")}, ReplacedInvalid, "answered U+FFFD for octets that are not UTF-8 where URIError was expected"},
		{vectors.OpDecodeURIComponent, "%C3", vectors.Response{Error: uri}, vectors.Response{Out: u("\uFFFD")}, ReplacedInvalid, ""},
		{vectors.OpDecodeURIComponent, "\uFFFD%80", vectors.Response{Error: uri}, vectors.Response{Out: u("\uFFFD")}, ErrorExpected, ""},
		// Not replaced: U+FFFD for the input's lone surrogate; an escaped
		// U+FFFD left as written.
		{vectors.OpDecodeURIComponent, "lone%C0%AF", vectors.Response{Error: uri}, vectors.Response{Out: u("\uFFFD/")}, OverlongAccepted, ""},
		{vectors.OpDecodeURIComponent, "%EF%BF%BD%FF", vectors.Response{Error: uri}, vectors.Response{Out: u("%EF%BF%BD\uFFFD")}, ReplacedInvalid, ""},
		// escape's %uXXXX of a lone surrogate as %uFFFD (a JSON library's
		// U+FFFD in its place); a pair's escapes are kept.
		{vectors.OpEscape, "lone", vectors.Response{Out: u("%uD800")}, vectors.Response{Out: u("%uFFFD")}, FFFDForSurrogate, ""},
		{vectors.OpEscape, "x", vectors.Response{Out: u("%uD83D%uDE00%uDc00")}, vectors.Response{Out: u("%uD83D%uDE00%uFFFD")}, FFFDForSurrogate, ""},
		{vectors.OpEscape, "x", vectors.Response{Out: u("%uD83D%uDE00")}, vectors.Response{Out: u("%uFFFD%uFFFD")}, Different, ""},
		{vectors.OpDecodeURIComponent, "%25uD800", vectors.Response{Out: u("%uD800")}, vectors.Response{Out: u("%uFFFD")}, Different, ""},
	}
	for _, c := range cases {
		f := Failure{ID: c.in, Req: vectors.Request{Op: c.op, In: u(c.in)}, Want: c.want, Got: c.got}
		if c.in == "lone" {
			f.Req.In = []uint16{0xD800}
		}
		if c.in == "lone%C0%AF" {
			f.Req.In = append([]uint16{0xD800}, u("%C0%AF")...)
		}
		r := Classify(f)
		if r.ID != c.rel.ID {
			t.Errorf("%s %q: want %s, got %s: classified %s (%s), want %s", c.op, c.in, answerText(c.want), answerText(c.got), r.ID, r.Title, c.rel.ID)
		}
		if c.title != "" && r.Title != c.title {
			t.Errorf("%s %q: title %q, want %q", c.op, c.in, r.Title, c.title)
		}
	}
	if r := Classify(Failure{Req: vectors.Request{Op: vectors.OpEncodeURI}, NoAnswer: "boom", NoAnswerKind: "panic"}); r.ID != Panicked.ID {
		t.Errorf("panic: %s", r.ID)
	}
	if r := Classify(Failure{Req: vectors.Request{Op: vectors.OpEncodeURI}, NoAnswer: "crashed\nstderr"}); r.Title != "no answer: crashed" {
		t.Errorf("no answer: %q", r.Title)
	}
}

func answerText(r vectors.Response) string {
	if r.Error != "" {
		return r.Error
	}
	return string(utf16.Decode(r.Out))
}

func TestRelationsDocumented(t *testing.T) {
	ids := map[string]bool{}
	for _, r := range Relations {
		if r.ID == "" || r.Title == "" || r.Step == "" {
			t.Errorf("relation %+v lacks an id, a title or a step", r)
		}
		if ids[r.ID] {
			t.Errorf("relation id %s twice", r.ID)
		}
		ids[r.ID] = true
	}
	if Relations[len(Relations)-1] != Different {
		t.Errorf("the table does not end with the fallback")
	}
}

func TestGroup(t *testing.T) {
	op := vectors.OpEncodeURIComponent
	f := func(id, in, want, got string) Failure {
		return Failure{ID: id, Req: vectors.Request{Op: op, In: u(in)}, Want: vectors.Response{Out: u(want)}, Got: vectors.Response{Out: u(got)}, Ref: "RFC 3986 §2.1"}
	}
	fs := []Failure{
		f("a", "xx", "xx", "yy"),
		f("b", "éé", "%C3%A9%C3%A9", "%c3%a9%c3%a9"),
		f("c", "é", "%C3%A9", "%c3%a9"),
	}
	cs := Group(fs)
	if len(cs) != 2 || cs[0].Relation.ID != LowercaseHex.ID || cs[0].Count() != 2 || cs[0].Example.ID != "c" {
		t.Fatalf("Group: %+v", cs)
	}
	if diff := cmp.Diff([]int{1, 2}, cs[0].Failures); diff != "" {
		t.Errorf("failures of the cause (-want +got):\n%s", diff)
	}
	var b strings.Builder
	Write(&b, cs, "  ")
	s := b.String()
	for _, want := range []string{"2 causes of 3 failures, biggest first:", "     2  encodeURIComponent: hex digits in lowercase", "e.g. c: input", "spec: RFC 3986 §2.1 (uppercase hex digits)"} {
		if !strings.Contains(s, want) {
			t.Errorf("Write lacks %q:\n%s", want, s)
		}
	}
}

// TestTable checks the table Classify iterates: every rule says when it
// holds, names a relation of Relations, and the last rule is the fallback;
// Lookup finds every relation by its id and nothing else.
func TestTable(t *testing.T) {
	for i, r := range Table {
		if r.When == "" || r.holds == nil {
			t.Errorf("rule %d (%s) lacks its condition", i, r.Relation.ID)
		}
		if got, ok := Lookup(r.Relation.ID); !ok || got.Title != r.Relation.Title {
			t.Errorf("rule %d: Lookup(%q) = %+v, %v", i, r.Relation.ID, got, ok)
		}
	}
	if last := Table[len(Table)-1]; last.Relation.ID != Different.ID {
		t.Errorf("the table ends with %s, not the fallback", last.Relation.ID)
	}
	if _, ok := Lookup("no-such-relation"); ok {
		t.Error("Lookup found a relation that is not in the table")
	}
}

// TestDeviationRelations checks that the relation each entry of
// vectors/deviations.json names, which package vectors evaluates itself
// (it cannot import this package), is the one Classify gives on each of
// the entry's examples.
func TestDeviationRelations(t *testing.T) {
	devs, err := vectors.Deviations()
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range devs {
		if len(d.Relation) != 1 {
			t.Fatalf("%s: relation %q is not one relation", d.ID, d.Relation)
		}
		if _, ok := Lookup(d.Relation[0]); !ok {
			t.Errorf("%s: relation %q is not in the table", d.ID, d.Relation)
		}
		for i, e := range d.Examples {
			req, want, got, err := e.Parse()
			if err != nil {
				t.Fatal(err)
			}
			if r := Classify(Failure{Req: req, Want: want, Got: got}); r.ID != d.Relation[0] {
				t.Errorf("%s: example %d: Classify says %s, the entry %s", d.ID, i+1, r.ID, d.Relation)
			}
		}
	}
}

func TestFoldHexCase(t *testing.T) {
	for in, want := range map[string]string{
		"%c3%a9":       "%C3%A9",
		"%C3%a9x%fg%":  "%C3%A9x%fg%",
		"%u00e9%e9":    "%u00E9%E9",
		"abc%2f":       "abc%2F",
		"%%af":         "%%AF",
		"%ue9":         "%ue9",
		"no escape ef": "no escape ef",
	} {
		if got := string(FoldHexCase([]byte(in))); got != want {
			t.Errorf("FoldHexCase(%q) = %q, want %q", in, got, want)
		}
		if got := string(utf16.Decode(FoldHexCase(utf16.Encode([]rune(in))))); got != want {
			t.Errorf("FoldHexCase(UTF-16 %q) = %q, want %q", in, got, want)
		}
	}
}
