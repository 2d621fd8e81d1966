package codeccheck

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"unicode"
	"unicode/utf16"

	"github.com/pctest/pctest/codec"
	"github.com/pctest/pctest/fuzz/internal/fuzzinput"
	"github.com/pctest/pctest/vectors"
)

// TestModels checks each slow model of model.go against every vector of
// the op it models, so that the models are known to read their specs as
// the vectors do before the fuzz targets trust them.
func TestModels(t *testing.T) {
	vs, err := vectors.Load()
	if err != nil {
		t.Fatal(err)
	}
	text := func(u []uint16) string { return string(utf16.Decode(u)) }
	n := 0
	for _, v := range vs {
		var got, want string
		in := string(fuzzinput.InputOctets(v))
		switch v.Op {
		case "percentEncode":
			got, want = modelEncode(in, codec.Unreserved), text(v.Expect.Out)
		case "percentEncodeSet":
			set, ok := codec.SetByName(v.Args["set"])
			if !ok {
				t.Errorf("%s: unknown set %q", v.ID, v.Args["set"])
				continue
			}
			got, want = modelEncode(in, set), text(v.Expect.Out)
		case "formEncode":
			got, want = modelFormEncode(in, codec.WHATWGFormURLEncoded), text(v.Expect.Out)
		case "encodeNoDouble":
			got, want = modelEncodeNoDouble(in, codec.Reserved.Union(codec.Unreserved)), text(v.Expect.Out)
		case "normalize":
			got, want = modelNormalize(in), text(v.Expect.Out)
		case "equivalent":
			got, want = fmt.Sprint(modelEquivalent(in, v.Args["other"])), text(v.Expect.Out)
		case "percentDecode", "goPathUnescape", "goQueryUnescape":
			out, err := modelDecode(in, codec.Set{}, v.Op == "goQueryUnescape")
			got, want = answer(out, err), answer(string(v.Expect.OutHex), nil)
			if v.Expect.Error != "" {
				want = "error"
			}
		case "percentDecodeLenient":
			got, want = modelDecodeLenient(in, codec.Set{}), string(v.Expect.OutHex)
		case "utf8DecodeReplace":
			out, _, _ := modelUTF8Decode(v.InHex)
			got, want = string(out), text(v.Expect.Out)
		case "formDecode":
			plus := bytes.ReplaceAll([]byte(in), []byte("+"), []byte(" "))
			out, _, _ := modelUTF8Decode([]byte(modelDecodeLenient(string(plus), codec.Set{})))
			got, want = string(out), text(v.Expect.Out)
		default:
			continue
		}
		n++
		if got != want {
			t.Errorf("%s (%s:%d): model gives %q, the vector wants %q", v.ID, v.File, v.Line, got, want)
		}
	}
	if n == 0 {
		t.Fatal("no vector of a modelled op")
	}
	t.Logf("%d vectors checked against the models", n)
}

// answer writes a decode result or "error" for comparison.
func answer(out string, err *codec.EscapeError) string {
	if err != nil {
		return "error"
	}
	return "ok " + out
}

// TestModelUTF8Errors checks the error offsets and maximal subparts of
// modelUTF8Decode on cases worked out by hand from Unicode §3.9 Table 3-7
// and the Encoding Standard's decoder (which python3's "replace" error
// handler agrees with: b"\xe1\x80A".decode("utf-8", "replace") is
// "\ufffdA").
func TestModelUTF8Errors(t *testing.T) {
	for _, c := range []struct {
		in     string
		out    string
		offset int
		text   string
	}{
		{"abc", "abc", -1, ""},
		{"\xE1\x80A", "\uFFFDA", 0, "\xE1\x80"},
		{"a\x80b", "a\uFFFDb", 1, "\x80"},
		{"\xED\xA0\x80", "\uFFFD\uFFFD\uFFFD", 0, "\xED"},
		{"\xF0\x9F\x98", "\uFFFD", 0, "\xF0\x9F\x98"},
		{"\xF0\x9F\x98\x80", "\U0001F600", -1, ""},
		{"\xC0\xAF", "\uFFFD\uFFFD", 0, "\xC0"},
		{"\xF4\x90\x80\x80", "\uFFFD\uFFFD\uFFFD\uFFFD", 0, "\xF4"},
		{"x\xE0\xA0", "x\uFFFD", 1, "\xE0\xA0"},
	} {
		out, off, text := modelUTF8Decode([]byte(c.in))
		if string(out) != c.out || off != c.offset || string(text) != c.text {
			t.Errorf("modelUTF8Decode(%q) = %q, %d, %q; want %q, %d, %q", c.in, out, off, text, c.out, c.offset, c.text)
		}
	}
}

// TestContainsXN checks the IRI check's search for "xn--" in any ASCII case
// against strings.ToLower, on examples and on every code point that could
// lowercase to 'x' or 'n'.
func TestContainsXN(t *testing.T) {
	for _, s := range []string{"", "xn--", "XN--a", "a.Xn--b", "xN-", "x-n--", "xn-\xff-", "\xffxn--", "xn—", "ｘn--"} {
		if got, want := containsXN(s), strings.Contains(strings.ToLower(s), "xn--"); got != want {
			t.Errorf("containsXN(%q) = %t, want %t", s, got, want)
		}
	}
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if l := unicode.ToLower(r); (l == 'x' || l == 'n') && r != 'x' && r != 'n' && r != 'X' && r != 'N' {
			t.Errorf("%U lowercases to %q; containsXN must match it", r, l)
		}
	}
}

// TestAppendUTF16AsUTF8 checks appendUTF16AsUTF8 against the conversion
// it replaces, []byte(string(utf16.Decode(u))), on every code unit alone
// and on pairs of edge units (surrogates in and out of order).
func TestAppendUTF16AsUTF8(t *testing.T) {
	check := func(u []uint16) {
		if got, want := appendUTF16AsUTF8([]byte("p"), u), "p"+string(utf16.Decode(u)); string(got) != want {
			t.Fatalf("appendUTF16AsUTF8(%04x) = %q, want %q", u, got, want)
		}
	}
	for c := range 0x10000 {
		check([]uint16{uint16(c)})
	}
	edges := []uint16{0, 'a', 0x7F, 0x80, 0x7FF, 0x800, 0xD7FF, 0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0xE000, 0xFFFD, 0xFFFF}
	for _, a := range edges {
		for _, b := range edges {
			for _, c := range edges {
				check([]uint16{a, b, c})
			}
		}
	}
}

// TestCheckIRIModel checks that checkIRIModel holds the codec to the
// models: the codec's own answers pass, and a wrong answer of either
// function, where the spec decides it, fails.
func TestCheckIRIModel(t *testing.T) {
	for _, tt := range []struct{ s, auth, wrongURI, wrongIRI string }{
		{"http://a/%C3%A9?x", "a", "", "http://a/%C3%A9?x"},
		{"http://us\u00e9r@a/\u00e9", "us\u00e9r@a", "http://us%C3%A9r@a/\u00e9", ""},
	} {
		uri, uriErr := codec.IRIToURI(tt.s)
		iri, err := codec.URIToIRI(tt.s)
		if err != nil {
			t.Fatal(err)
		}
		auth, hasAuth := modelAuthority(tt.s)
		if auth != tt.auth || !hasAuth {
			t.Fatalf("modelAuthority(%q) = %q, %v: want %q, true", tt.s, auth, hasAuth, tt.auth)
		}
		if err := checkIRIModel(tt.s, tt.auth, hasAuth, uri, uriErr, iri); err != nil {
			t.Errorf("the codec's own answers fail: %v", err)
		}
		if tt.wrongURI != "" && checkIRIModel(tt.s, tt.auth, true, tt.wrongURI, nil, iri) == nil {
			t.Errorf("IRIToURI(%q) = %q passes", tt.s, tt.wrongURI)
		}
		if tt.wrongIRI != "" && checkIRIModel(tt.s, tt.auth, true, uri, uriErr, tt.wrongIRI) == nil {
			t.Errorf("URIToIRI(%q) = %q passes", tt.s, tt.wrongIRI)
		}
	}
}
