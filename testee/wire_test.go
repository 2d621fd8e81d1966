package testee

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/pctest/pctest/vectors"
)

func TestAppendRequestJSON(t *testing.T) {
	for _, tt := range []struct {
		id       int64
		req      vectors.Request
		utf16Hex bool
		want     string
	}{
		{17, vectors.Request{Op: "decodeURI", In: []uint16{'%', '2', 'f', 0xD800}}, false,
			`{"id":17,"op":"decodeURI","in":"%2f\ud800"}`},
		{17, vectors.Request{Op: "decodeURI", In: []uint16{'%', 0xD800}}, true,
			`{"id":17,"op":"decodeURI","in_utf16":"0025d800"}`},
		{18, vectors.Request{Op: "percentEncode", InHex: []byte{0xE3, 0x81, 0x82}}, true,
			`{"id":18,"op":"percentEncode","in_hex":"e38182"}`},
		{19, vectors.Request{Op: "percentEncodeSet", InHex: []byte{0x2F, 0x20}, Args: map[string]string{"set": "rfc3986.pchar"}}, false,
			`{"id":19,"op":"percentEncodeSet","in_hex":"2f20","args":{"set":"rfc3986.pchar"}}`},
		{20, vectors.Request{Op: "percentEncode"}, false, `{"id":20,"op":"percentEncode","in_hex":""}`},
		{21, vectors.Request{Op: "encodeURI"}, false, `{"id":21,"op":"encodeURI","in":""}`},
		{22, vectors.Request{Op: "futureOp", InHex: []byte{1}, Args: map[string]string{"b": "2", "a": "\"1\""}}, false,
			`{"id":22,"op":"futureOp","in_hex":"01","args":{"a":"\"1\"","b":"2"}}`},
	} {
		got := string(AppendRequestJSON(nil, tt.id, tt.req, tt.utf16Hex))
		if got != tt.want {
			t.Errorf("AppendRequestJSON = %s\nwant %s", got, tt.want)
			continue
		}
		id, req, err := ParseRequestJSON([]byte(got))
		if err != nil || id != tt.id || cmp.Diff(tt.req, req, cmpopts.EquateEmpty()) != "" {
			t.Errorf("ParseRequestJSON(%s) = %d, %+v, %v", got, id, req, err)
		}
	}
}

func TestResponseJSONRoundTrip(t *testing.T) {
	for _, resp := range []vectors.Response{
		{Out: []uint16{}},
		{Out: []uint16{'%', '2', 'F', 0xD800, 0xDE00, 0xD83D, 0xDE00}},
		{OutHex: []byte{}},
		{OutHex: []byte{0, 0xFF}},
		{Error: vectors.ErrURIError},
		{Error: vectors.ErrURIError, Message: "URI malformed \"x\" \u2028"},
		{Unsupported: true},
	} {
		for _, utf16Hex := range []bool{false, true} {
			line := AppendResponseJSON(nil, 1<<53-1, resp, utf16Hex)
			id, got, err := ParseResponseJSON(line)
			if err != nil || id != 1<<53-1 || cmp.Diff(resp, got) != "" {
				t.Errorf("ParseResponseJSON(%s) = %d, %+v, %v; want %+v", line, id, got, err, resp)
			}
		}
	}
}

func TestParseResponseJSON(t *testing.T) {
	for _, tt := range []struct {
		line string
		id   int64
		want vectors.Response
	}{
		{`{"id": 17, "out": "%2fA"}`, 17, vectors.Response{Out: []uint16{'%', '2', 'f', 'A'}}},
		{`{"id":18,"out_hex":"E38182"}`, 18, vectors.Response{OutHex: []byte{0xE3, 0x81, 0x82}}},
		{`{"id":19,"out_utf16":"D800dc00"}`, 19, vectors.Response{Out: []uint16{0xD800, 0xDC00}}},
		{`{"id":20,"error":"URIError","message":"URI malformed"}`, 20, vectors.Response{Error: "URIError", Message: "URI malformed"}},
		{`{"id":21,"unsupported":true}`, 21, vectors.Response{Unsupported: true}},
		{`{"id":22,"out":"\ud800","later":{"x":[1,2]}}` + "\r", 22, vectors.Response{Out: []uint16{0xD800}}},
		{` {"out":"","id":1} `, 1, vectors.Response{Out: []uint16{}}},
	} {
		id, got, err := ParseResponseJSON([]byte(tt.line))
		if err != nil || id != tt.id || cmp.Diff(tt.want, got) != "" {
			t.Errorf("ParseResponseJSON(%s) = %d, %+v, %v; want %d, %+v", tt.line, id, got, err, tt.id, tt.want)
		}
	}
}

func TestParseResponseJSONRejects(t *testing.T) {
	for _, tt := range []struct {
		line, field string
		id          int64 // the id returned with the error, when readable
	}{
		{``, "", 0},
		{`not json`, "", 0},
		{`[1]`, "", 0},
		{`{"out":"x"}`, "id", 0},
		{`{"id":0,"out":"x"}`, "id", 0},
		{`{"id":-1,"out":"x"}`, "id", 0},
		{`{"id":1.5,"out":"x"}`, "id", 0},
		{`{"id":9007199254740992,"out":"x"}`, "id", 0},
		{`{"id":"1","out":"x"}`, "id", 0},
		{`{"id":3}`, "out", 3},
		{`{"id":3,"out":"x","error":"URIError"}`, "error", 3},
		{`{"id":3,"out":"x","out_hex":"00"}`, "out_hex", 3},
		{`{"id":3,"out":1}`, "out", 3},
		{`{"id":3,"out_hex":"0"}`, "out_hex", 3},
		{`{"id":3,"out_hex":"zz"}`, "out_hex", 3},
		{`{"id":3,"out_utf16":"d80"}`, "out_utf16", 3},
		{`{"id":3,"error":""}`, "error", 3},
		{`{"id":3,"error":"URIError\u001b[31mRED"}`, "error", 3},
		{`{"id":3,"error":"URIError\u0085"}`, "error", 3},
		{`{"id":3,"unsupported":false}`, "unsupported", 3},
		{`{"id":3,"error":"URIError","message":7}`, "message", 3},
		{`{"id":3,"out":"a","out":"b"}`, "", 0},
		{`{"id":3,"out":"x"} {}`, "", 0},
	} {
		id, _, err := ParseResponseJSON([]byte(tt.line))
		var fe *vectors.FormatError
		if !errors.As(err, &fe) {
			t.Errorf("ParseResponseJSON(%s) error = %v, want a *vectors.FormatError", tt.line, err)
			continue
		}
		if fe.Field != tt.field || id != tt.id {
			t.Errorf("ParseResponseJSON(%s): field %q, id %d (%v); want field %q, id %d", tt.line, fe.Field, id, err, tt.field, tt.id)
		}
	}
}

func TestParseRequestJSONRejects(t *testing.T) {
	for _, tt := range []struct{ line, field string }{
		{`{"id":1,"in":"x"}`, "op"},
		{`{"id":1,"op":"decodeURI"}`, "in"},
		{`{"id":1,"op":"percentEncode"}`, "in_hex"},
		{`{"id":1,"op":"decodeURI","in":"x","in_utf16":"0041"}`, "in_utf16"},
		{`{"id":1,"op":"decodeURI","in_hex":"41"}`, "in_hex"},
		{`{"id":1,"op":"percentEncode","in":"41"}`, "in"},
		{`{"id":1,"op":"decodeURI","in_utf16":"004"}`, "in_utf16"},
		{`{"id":1,"op":"percentEncodeSet","in_hex":"41","args":{"set":1}}`, "args.set"},
		{`{"id":1,"op":"percentEncodeSet","in_hex":"41","args":[]}`, "args"},
	} {
		_, _, err := ParseRequestJSON([]byte(tt.line))
		var fe *vectors.FormatError
		if !errors.As(err, &fe) || fe.Field != tt.field {
			t.Errorf("ParseRequestJSON(%s) error = %v, want a *vectors.FormatError on field %q", tt.line, err, tt.field)
		}
	}
}

// TestWireRoundTripRandom sends random requests and responses through the
// wire form in both text encodings.
func TestWireRoundTripRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	all := vectors.Ops()
	for range 2000 {
		op := all[r.IntN(len(all))]
		req := vectors.Request{Op: op.Name}
		if op.In == vectors.Octets {
			req.InHex = make([]byte, r.IntN(6))
			for i := range req.InHex {
				req.InHex[i] = byte(r.IntN(256))
			}
		} else {
			req.In = make([]uint16, r.IntN(6))
			for i := range req.In {
				req.In[i] = uint16(r.IntN(0x10000))
			}
		}
		if len(op.Args) > 0 {
			req.Args = map[string]string{op.Args[0]: string(rune(0xE9))}
		}
		id := 1 + r.Int64N(1<<53-1)
		line := AppendRequestJSON(nil, id, req, r.IntN(2) == 0)
		gotID, got, err := ParseRequestJSON(line)
		if err != nil || gotID != id || cmp.Diff(req, got, cmpopts.EquateEmpty()) != "" {
			t.Fatalf("request %s: got %d %+v %v, want %+v", line, gotID, got, err, req)
		}
	}
}

// TestParseResponseFastMatchesGeneral: on every line the fast path takes,
// it returns what the general parser returns; it takes the shapes testees
// write. The lines are the shapes, and mutations of them.
func TestParseResponseFastMatchesGeneral(t *testing.T) {
	seeds := []string{
		`{"id":17,"out":"%2fA\u00e9\ud800\"\\ \u2028é😀"}`,
		`{"id":18,"out_hex":"E38182"}`,
		`{"id":19,"out_utf16":"D800dc00"}`,
		`{"id":20,"error":"URIError","message":"URI malformed \ud800"}`,
		`{"id":20,"error":"URIError"}`,
		`{"id":20,"error":"URIError","message":"URI malformed"}`,
		`{"id":20,"error":"URIError","message":"URI malformed"}`,
		`{"id":20,"error":"URIErr\u006fr","message":"URI malform\u00e9d é"}`,
		`{"id":20,"error":"URIError","message":"URI malformed é"}`,
		// A decoded message equal to the next line's literal, which
		// decodes to something else.
		`{"id":20,"error":"URIError","message":"a\\u0041"}`,
		`{"id":20,"error":"URIError","message":"a\u0041"}`,
		`{"id":20,"error":"URI\\u0045rror"}`,
		`{"id":20,"error":"URI\u0045rror"}`,
		`{"id":17,"out":"%E4%B8%AD%E6%96%87%F0%9F%98%80abc-._~"}`,
		`{"id":17,"out":"中文😀abc-._~\t"}`,
		`{"id":17,"out":"aÿþb"}`,
		"{\"id\":17,\"out\":\"a\u00ed\u00a0\u0080b\"}",
		`{"id":21,"unsupported":true}`,
		`{"id":9007199254740991,"out":""}`,
		`{"id":1,"out":"a","out":"b"}`,
		`{"id":1,"error":"E","message":"a","message":"b"}`,
		`{"id":1,"error":"E","out":"a"}`,
	}
	took := 0
	// The reader's arena, shared by every line as a reader's is: what a
	// line reads from it must not change with the lines after it.
	var arena textArena
	var kept []vectors.Response
	var keptWant []vectors.Response
	check := func(line []byte) {
		id, resp, ok := parseResponseFast(line, nil)
		aid, aresp, aok := parseResponseFast(line, &arena)
		if aok != ok || aid != id || cmp.Diff(resp, aresp) != "" {
			t.Fatalf("%s: fast path %d, %+v, %v; with an arena %d, %+v, %v", line, id, resp, ok, aid, aresp, aok)
		}
		if !ok {
			return
		}
		took++
		gid, gresp, err := parseResponseGeneral(line)
		if err != nil || gid != id || cmp.Diff(gresp, resp) != "" {
			t.Fatalf("%s: fast path %d, %+v; general parser %d, %+v, %v", line, id, resp, gid, gresp, err)
		}
		if aresp.Out != nil {
			kept, keptWant = append(kept, aresp), append(keptWant, gresp)
		}
	}
	for _, s := range seeds {
		check([]byte(s))
		for _, id := range []int64{1, 7, 123456789} {
			check(AppendResponseJSON(nil, id, vectors.Response{Out: []uint16{'a', 0xDFFF}}, false))
			check(AppendResponseJSON(nil, id, vectors.Response{Out: []uint16{'a', 0xDFFF}}, true))
			check(AppendResponseJSON(nil, id, vectors.Response{OutHex: []byte{1, 2}}, false))
			check(AppendResponseJSON(nil, id, vectors.Response{Error: "E", Message: "m\"x"}, false))
			check(AppendResponseJSON(nil, id, vectors.Response{Unsupported: true}, false))
		}
	}
	// A fresh arena's first text, empty: empty as the general parser's,
	// not nil (no answer).
	for _, line := range []string{`{"id":1,"out":""}`, `{"id":1,"out":"","error":"E"}`} {
		var fresh textArena
		_, resp, ok := parseResponseFast([]byte(line), &fresh)
		_, gresp, err := parseResponseGeneral([]byte(line))
		if err == nil && (!ok || resp.Out == nil || cmp.Diff(gresp, resp) != "") {
			t.Errorf("%s with a fresh arena: %+v (nil out: %v), %v; general parser %+v", line, resp, resp.Out == nil, ok, gresp)
		}
	}
	if took < len(seeds)-3 {
		t.Fatalf("the fast path took %d lines of the seeds", took)
	}
	defer func() {
		// A caller appending to an answer's text must not write into
		// the next one's.
		for _, k := range kept {
			_ = append(k.Out, 0xFFFF)
		}
		if diff := cmp.Diff(keptWant, kept); diff != "" {
			t.Errorf("the answers read with the arena changed as more lines were read (-want +got):\n%s", diff)
		}
	}()
	r := rand.New(rand.NewPCG(7, 8))
	for range 200000 {
		b := []byte(seeds[r.IntN(len(seeds))])
		for range 1 + r.IntN(3) {
			if len(b) == 0 {
				break
			}
			switch i := r.IntN(len(b)); r.IntN(3) {
			case 0:
				b[i] = `{}":,\u0123 a9xtrue`[r.IntN(19)]
			case 1:
				b = append(b[:i], b[i+1:]...)
			default:
				b = slices.Insert(b, i, `"{}[],:\u0 `[r.IntN(11)])
			}
		}
		check(b)
	}
}

// TestParseResponseUnsupportedMessage checks that the reason a testee
// gives with "unsupported" is kept, in either member order, and that a
// message that is not a string is refused.
func TestParseResponseUnsupportedMessage(t *testing.T) {
	for _, line := range []string{
		`{"id":3,"unsupported":true,"message":"'#' starts the fragment"}`,
		`{"id":3,"message":"'#' starts the fragment","unsupported":true}`,
	} {
		id, resp, err := ParseResponseJSON([]byte(line))
		if err != nil || id != 3 || !resp.Unsupported || resp.Message != "'#' starts the fragment" {
			t.Errorf("%s: id %d, %+v, %v; want id 3, unsupported, the message", line, id, resp, err)
		}
	}
	if _, _, err := ParseResponseJSON([]byte(`{"id":3,"unsupported":true,"message":7}`)); err == nil {
		t.Error("a message that is a number was accepted")
	}
}

// TestWireNeverPanics sends mangled requests and responses through both
// parsers: each returns a message or a *vectors.FormatError, and never
// panics.
func TestWireNeverPanics(t *testing.T) {
	seeds := []string{
		`{"id":1,"op":"decodeURI","in":"%2f\ud800","args":{"set":"x"}}`,
		`{"id":2,"op":"percentEncode","in_hex":"e3"}`,
		`{"id": 3, "out": "a\u00e9", "later": [1, {"x": null}]}`,
		`{"id":4,"error":"URIError","message":"m"}`,
	}
	r := rand.New(rand.NewPCG(5, 6))
	for range 20000 {
		b := []byte(seeds[r.IntN(len(seeds))])
		for range 1 + r.IntN(4) {
			if len(b) == 0 {
				break
			}
			switch i := r.IntN(len(b)); r.IntN(3) {
			case 0:
				b[i] = byte(r.IntN(256))
			case 1:
				b = append(b[:i], b[i+1:]...)
			default:
				b = slices.Insert(b, i, `"{}[],:\u`[r.IntN(9)])
			}
		}
		var fe *vectors.FormatError
		if _, _, err := ParseRequestJSON(b); err != nil && !errors.As(err, &fe) {
			t.Fatalf("ParseRequestJSON(%q): %T %v, want a *vectors.FormatError", b, err, err)
		}
		if _, _, err := ParseResponseJSON(b); err != nil && !errors.As(err, &fe) {
			t.Fatalf("ParseResponseJSON(%q): %T %v, want a *vectors.FormatError", b, err, err)
		}
	}
}

// BenchmarkParseResponseJSON reads the two shapes of response: the one the
// fast path takes (no white space, "id" first) and Python's json.dumps
// shape, which the general parser reads.
func BenchmarkParseResponseJSON(b *testing.B) {
	for _, bb := range []struct{ name, line string }{
		{"compact", `{"id":123456,"out":"%E4%B8%AD%E6%96%87%F0%9F%98%80abc-._~"}`},
		{"spaced", `{"id": 123456, "out": "%E4%B8%AD%E6%96%87%F0%9F%98%80abc-._~"}`},
	} {
		b.Run(bb.name, func(b *testing.B) {
			line := []byte(bb.line)
			for b.Loop() {
				if _, _, err := ParseResponseJSON(line); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkAppendRequestJSON writes a text request.
func BenchmarkAppendRequestJSON(b *testing.B) {
	req := vectors.Request{Op: vectors.OpEncodeURIComponent, In: []uint16{'a', 0x4E2D, 0xD83D, 0xDE00, ' ', '%'}}
	var buf []byte
	for b.Loop() {
		buf = AppendRequestJSON(buf[:0], 123456, req, false)
	}
}

// TestTextArenaCommit checks that commit takes out of the chunk only text
// that take cut from it and that is still there: text too long for the
// chunk, allocated alone, and text that grew out of what take gave, leave
// the chunk's free room as it was.
func TestTextArenaCommit(t *testing.T) {
	var a textArena
	u := append(a.take(3), 'a', 'b', 'c')
	a.commit(u)
	if len(a.chunk) != 3 || &a.chunk[0] != &u[0] {
		t.Fatalf("after committing 3 units cut from the chunk, it holds %d", len(a.chunk))
	}
	long := a.take(arenaChunk)
	long = append(long, 'x', 'y')
	a.commit(long)
	if len(a.chunk) != 3 {
		t.Errorf("committing text allocated alone moved the chunk to %d units", len(a.chunk))
	}
	grown := append(a.take(1), 'p', 'q') // past the 1 unit asked for: still in the chunk
	a.commit(grown)
	if len(a.chunk) != 5 {
		t.Errorf("committing 2 units still in the chunk: it holds %d, want 5", len(a.chunk))
	}
	a.chunk = a.chunk[: len(a.chunk) : len(a.chunk)+1] // one unit of room
	out := append(a.take(1), 'r', 's')                 // grew out of the chunk
	a.commit(out)
	if len(a.chunk) != 5 {
		t.Errorf("committing text that grew out of the chunk moved it to %d units", len(a.chunk))
	}
}
