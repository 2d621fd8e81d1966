package vectors

import (
	"strings"
	"testing"
	"unicode/utf16"
)

// TestOpen checks Request.Open on inputs worked out by hand from the
// clauses its doc names.
func TestOpen(t *testing.T) {
	for _, c := range []struct {
		op     Op
		in     string
		args   map[string]string
		clause string // a prefix of the clause; "" for an answer the spec fixes
	}{
		{OpPercentDecode, "a%20b", nil, ""},
		{OpPercentDecode, "100%", nil, "RFC 3986 §2.1"},
		{OpPercentDecode, "%zz", nil, "RFC 3986 §2.1"},
		{OpPercentDecode, "a b", nil, "RFC 3986 §2.1"}, // space: no URI character
		{OpNormalize, "http://a/%7e", nil, ""},
		{OpNormalize, "é", nil, "RFC 3986 §6.2.2"},
		{OpEquivalent, "a", map[string]string{"other": "a"}, ""},
		{OpEquivalent, "a", map[string]string{"other": "a%"}, "RFC 3986 §6.2.2"},
		{OpIRIToURI, "http://example.org/é", nil, ""},
		{OpIRIToURI, "a\tb", nil, "RFC 3987 §3.1 (converts IRIs only)"},
		{OpIRIToURI, "\uFFFE", nil, "RFC 3987 §3.1 (converts IRIs only)"}, // a noncharacter: not ucschar
		{OpIRIToURI, "a<b", nil, ""},                                      // §3.1's note addresses it
		{OpIRIToURI, "http://bücher.example/", nil, "RFC 3987 §3.1 (MAY convert"},
		{OpURIToIRI, "http://example.org/%C3%A9", nil, ""},
		{OpURIToIRI, "http://xn--bcher-kva.example/", nil, "RFC 3987 §3.2.1"},
		{OpURIToIRI, "http://example.org/xn--bcher-kva", nil, ""}, // not in the host
		{OpURIToIRI, "%", nil, "RFC 3987 §3.2 (converts URIs only)"},
		{OpDecodeURIComponent, "%", nil, ""}, // ECMA-262 fixes a URIError
		{OpPercentEncode, "", nil, ""},
	} {
		req := Request{Op: c.op, In: utf16.Encode([]rune(c.in)), Args: c.args}
		clause, why := req.Open()
		if c.clause == "" && clause != "" || !strings.HasPrefix(clause, c.clause) || (clause == "") != (why == "") {
			t.Errorf("%s %q %v: Open() = %q, %q; want clause %q...", c.op, c.in, c.args, clause, why, c.clause)
		}
	}
}

// TestOpenMatchesLevels checks that the committed vectors are
// implementation-defined exactly where Request.Open says the spec leaves
// the answer open.
func TestOpenMatchesLevels(t *testing.T) {
	vs, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	open := 0
	for _, v := range vs {
		clause, _ := v.Request.Open()
		if (clause != "") != (v.Level == LevelImplementationDefined) {
			t.Errorf("%s (%s:%d): level %s, Open says %q", v.ID, v.File, v.Line, v.Level, clause)
		}
		if clause != "" {
			open++
		}
	}
	if open == 0 {
		t.Error("no vector is open")
	}
}
