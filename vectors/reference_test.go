package vectors_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"

	"github.com/pctest/pctest/codec"
	"github.com/pctest/pctest/vectors"
)

// This file checks that the reference codec passes every vector. It is an
// external test package: the codec is judged by the vectors, never the
// other way round (the corpus is generated without it).

// refText converts well-formed UTF-16 to a Go string (the non-ecmascript
// ops take the input's UTF-8; the loader guarantees well-formed input).
func refText(u []uint16) string { return string(utf16.Decode(u)) }

// refUnits converts a Go string holding valid UTF-8 to UTF-16; invalid
// UTF-8 is reported, since no text op may answer it.
func refUnits(s string) ([]uint16, error) {
	if !utf8.ValidString(s) {
		return nil, errors.New("codec returned invalid UTF-8 for a text result")
	}
	u := utf16.Encode([]rune(s))
	if u == nil {
		u = []uint16{}
	}
	return u, nil
}

func refTextResult(s string) vectors.Response {
	u, err := refUnits(s)
	if err != nil {
		return vectors.Response{Error: "bad-result", Message: err.Error()}
	}
	return vectors.Response{Out: u}
}

func refOctets(b []byte) vectors.Response {
	if b == nil {
		b = []byte{}
	}
	return vectors.Response{OutHex: b}
}

// refError maps a codec error to the vector error kind it stands for.
func refError(err error) vectors.Response {
	var (
		ue *codec.URIError
		ee *codec.EscapeError
		ie *codec.IDNAError
	)
	switch {
	case errors.As(err, &ue):
		return vectors.Response{Error: vectors.ErrURIError, Message: err.Error()}
	case errors.As(err, &ie):
		return vectors.Response{Error: vectors.ErrIDNA, Message: err.Error()}
	case errors.As(err, &ee):
		return vectors.Response{Error: "EscapeError(codec)", Message: err.Error()}
	}
	return vectors.Response{Error: "unexpected error", Message: err.Error()}
}

// refEscape maps a strict decode's *codec.EscapeError to kind.
func refEscape(err error, kind string) vectors.Response {
	var ee *codec.EscapeError
	if errors.As(err, &ee) {
		return vectors.Response{Error: kind, Message: err.Error()}
	}
	return refError(err)
}

func refSet(t *testing.T, name string) codec.Set {
	s, ok := codec.SetByName(name)
	if !ok {
		t.Fatalf("codec.SetByName(%q): no such set", name)
	}
	return s
}

// referenceOps answers each op with the codec's API.
func referenceOps(t *testing.T) map[string]func(vectors.Request) vectors.Response {
	noSet := codec.Set{}
	return map[string]func(vectors.Request) vectors.Response{
		"encodeURI": func(r vectors.Request) vectors.Response {
			s, err := codec.EncodeURI(r.In)
			if err != nil {
				return refError(err)
			}
			return refTextResult(s)
		},
		"encodeURIComponent": func(r vectors.Request) vectors.Response {
			s, err := codec.EncodeURIComponent(r.In)
			if err != nil {
				return refError(err)
			}
			return refTextResult(s)
		},
		"decodeURI": func(r vectors.Request) vectors.Response {
			u, err := codec.DecodeURI(r.In)
			if err != nil {
				return refError(err)
			}
			if u == nil {
				u = []uint16{}
			}
			return vectors.Response{Out: u}
		},
		"decodeURIComponent": func(r vectors.Request) vectors.Response {
			u, err := codec.DecodeURIComponent(r.In)
			if err != nil {
				return refError(err)
			}
			if u == nil {
				u = []uint16{}
			}
			return vectors.Response{Out: u}
		},
		"percentEncode": func(r vectors.Request) vectors.Response {
			return refTextResult(string(codec.AppendPercentEncode(nil, r.InHex, codec.Unreserved)))
		},
		"percentEncodeSet": func(r vectors.Request) vectors.Response {
			return refTextResult(string(codec.AppendPercentEncode(nil, r.InHex, refSet(t, r.Args["set"]))))
		},
		"percentDecode": func(r vectors.Request) vectors.Response {
			b, err := codec.AppendPercentDecode(nil, []byte(refText(r.In)), noSet)
			if err != nil {
				return refEscape(err, vectors.ErrMalformedEscape)
			}
			return refOctets(b)
		},
		"normalize": func(r vectors.Request) vectors.Response {
			return refTextResult(codec.Normalize(refText(r.In)))
		},
		"equivalent": func(r vectors.Request) vectors.Response {
			if codec.Equivalent(refText(r.In), r.Args["other"]) {
				return refTextResult("true")
			}
			return refTextResult("false")
		},
		"encodeNoDouble": func(r vectors.Request) vectors.Response {
			return refTextResult(codec.PercentEncodeNoDouble(refText(r.In), codec.Reserved.Union(codec.Unreserved)))
		},
		"percentDecodeLenient": func(r vectors.Request) vectors.Response {
			return refOctets(codec.AppendPercentDecodeLenient(nil, []byte(refText(r.In)), noSet))
		},
		"utf8DecodeReplace": func(r vectors.Request) vectors.Response {
			return refTextResult(string(codec.AppendUTF8Replace(nil, r.InHex)))
		},
		"formEncode": func(r vectors.Request) vectors.Response {
			return refTextResult(codec.FormEncodeString(refText(r.In), codec.WHATWGFormURLEncoded))
		},
		"formDecode": func(r vectors.Request) vectors.Response {
			// WHATWG URL §5.1: '+' to space, percent-decode, UTF-8 decode
			// without BOM.
			b := []byte(strings.ReplaceAll(refText(r.In), "+", " "))
			return refTextResult(string(codec.AppendUTF8Replace(nil, codec.AppendPercentDecodeLenient(nil, b, noSet))))
		},
		"goQueryEscape": func(r vectors.Request) vectors.Response {
			return refTextResult(codec.FormEncodeString(refText(r.In), refSet(t, "go.query")))
		},
		"goPathEscape": func(r vectors.Request) vectors.Response {
			return refTextResult(codec.PercentEncodeString(refText(r.In), refSet(t, "go.path-segment")))
		},
		"goQueryUnescape": func(r vectors.Request) vectors.Response {
			s, err := codec.QueryUnescapeString(refText(r.In))
			if err != nil {
				return refEscape(err, vectors.ErrEscapeError)
			}
			return refOctets([]byte(s))
		},
		"goPathUnescape": func(r vectors.Request) vectors.Response {
			s, err := codec.PercentDecodeString(refText(r.In), noSet)
			if err != nil {
				return refEscape(err, vectors.ErrEscapeError)
			}
			return refOctets([]byte(s))
		},
		"iriToURI": func(r vectors.Request) vectors.Response {
			s, err := codec.IRIToURI(refText(r.In))
			if err != nil {
				return refError(err)
			}
			return refTextResult(s)
		},
		"queryEncode": func(r vectors.Request) vectors.Response {
			s, err := codec.PercentEncodeAfterEncodingString(r.Args["encoding"], refText(r.In), codec.WHATWGSpecialQuery, false)
			if err != nil {
				return refError(err)
			}
			return refTextResult(s)
		},
		"queryEncodeScheme": func(r vectors.Request) vectors.Response {
			s, err := codec.QueryEncodeString(r.Args["encoding"], r.Args["scheme"], refText(r.In))
			if err != nil {
				return refError(err)
			}
			return refTextResult(s)
		},
		"formEncodeLegacy": func(r vectors.Request) vectors.Response {
			s, err := codec.PercentEncodeAfterEncodingString(r.Args["encoding"], refText(r.In), codec.WHATWGFormURLEncoded, true)
			if err != nil {
				return refError(err)
			}
			return refTextResult(s)
		},
		"escape": func(r vectors.Request) vectors.Response {
			return refTextResult(codec.Escape(r.In))
		},
		"unescape": func(r vectors.Request) vectors.Response {
			return vectors.Response{Out: codec.AppendUnescape([]uint16{}, r.In)}
		},
		"uriToIRI": func(r vectors.Request) vectors.Response {
			s, err := codec.URIToIRI(refText(r.In))
			if err != nil {
				return refError(err)
			}
			return refTextResult(s)
		},
	}
}

// TestReferencePassesAll runs every vector, of every level, through the
// reference codec: it must give exactly the expected result or error kind.
func TestReferencePassesAll(t *testing.T) {
	vs, err := vectors.Load()
	if err != nil {
		t.Fatal(err)
	}
	ops := referenceOps(t)
	for _, op := range vectors.Ops() {
		if ops[string(op.Name)] == nil {
			t.Errorf("op %s: the reference codec has no function for it", op.Name)
		}
	}
	passed := map[string]int{}
	failed := 0
	for _, v := range vs {
		f := ops[string(v.Op)]
		if f == nil {
			continue
		}
		got := refCall(f, v.Request)
		if sameResult(v.Expect, got) {
			passed[string(v.Op)]++
			continue
		}
		failed++
		if failed <= 60 {
			req, _ := v.Request.MarshalJSON()
			want, _ := v.Expect.MarshalJSON()
			have, _ := got.MarshalJSON()
			t.Errorf("%s (%s:%d, %s)\n  input %s\n  want  %s\n  got   %s", v.ID, v.File, v.Line, v.Ref, req, want, have)
		}
	}
	if failed > 60 {
		t.Errorf("%d more failures not shown", failed-60)
	}
	t.Logf("passed per op: %v", passed)
}

// refCall calls f, turning a panic into a failed answer so that one panic
// does not hide the other vectors' results.
func refCall(f func(vectors.Request) vectors.Response, r vectors.Request) (resp vectors.Response) {
	defer func() {
		if p := recover(); p != nil {
			resp = vectors.Response{Error: "panic", Message: fmt.Sprint(p)}
		}
	}()
	return f(r)
}

func sameResult(want, got vectors.Response) bool {
	if want.Error != "" || got.Error != "" {
		return want.Error == got.Error
	}
	return cmp.Equal(want.Out, got.Out) && cmp.Equal(want.OutHex, got.OutHex) // nil and empty differ
}
