package vectors

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// TestRequestAppendJSON checks the JSON object of a request, in both text
// forms, and that UnmarshalJSON reads it back.
func TestRequestAppendJSON(t *testing.T) {
	for _, tt := range []struct {
		req      Request
		utf16Hex bool
		want     string
	}{
		{Request{Op: "decodeURI", In: []uint16{'%', '2', 'f', 0xD800}}, false,
			`{"op":"decodeURI","in":"%2f\ud800"}`},
		{Request{Op: "decodeURI", In: []uint16{'%', 0xD800}}, true,
			`{"op":"decodeURI","in_utf16":"0025d800"}`},
		{Request{Op: "percentEncode", InHex: []byte{0xE3, 0x81, 0x82}}, true,
			`{"op":"percentEncode","in_hex":"e38182"}`},
		{Request{Op: "percentEncodeSet", InHex: []byte{0x2F, 0x20}, Args: map[string]string{"set": "rfc3986.pchar"}}, false,
			`{"op":"percentEncodeSet","in_hex":"2f20","args":{"set":"rfc3986.pchar"}}`},
		{Request{Op: "percentEncode"}, false, `{"op":"percentEncode","in_hex":""}`},
		{Request{Op: "encodeURI"}, false, `{"op":"encodeURI","in":""}`},
		{Request{Op: "futureOp", InHex: []byte{1}, Args: map[string]string{"b": "2", "a": "\"1\""}}, false,
			`{"op":"futureOp","in_hex":"01","args":{"a":"\"1\"","b":"2"}}`},
	} {
		got := string(tt.req.AppendJSON([]byte("prefix"), tt.utf16Hex))
		if got != "prefix"+tt.want {
			t.Errorf("AppendJSON = %s\nwant prefix%s", got, tt.want)
			continue
		}
		var req Request
		if err := req.UnmarshalJSON([]byte(tt.want)); err != nil || !sameRequest(req, tt.req) {
			t.Errorf("UnmarshalJSON(%s) = %+v, %v", tt.want, req, err)
		}
	}
}

// sameRequest and sameResponse compare by cmp.Diff: a request's empty
// input or args is the same as a missing one, but a response's nil Out or
// OutHex says which member it has, so it is not the same as an empty one.
func sameRequest(a, b Request) bool { return cmp.Diff(a, b, cmpopts.EquateEmpty()) == "" }

func sameResponse(a, b Response) bool { return cmp.Diff(a, b) == "" }

// TestResponseAppendJSON checks that every kind of response, in both text
// forms, reads back as itself.
func TestResponseAppendJSON(t *testing.T) {
	for _, resp := range []Response{
		{Out: []uint16{}},
		{Out: []uint16{'%', '2', 'F', 0xD800, 0xDE00, 0xD83D, 0xDE00}},
		{OutHex: []byte{}},
		{OutHex: []byte{0, 0xFF}},
		{Error: ErrURIError},
		{Error: ErrURIError, Message: "URI malformed \"x\" \u2028"},
		{Unsupported: true},
	} {
		for _, utf16Hex := range []bool{false, true} {
			b := resp.AppendJSON(nil, utf16Hex)
			var got Response
			if err := got.UnmarshalJSON(b); err != nil || !sameResponse(got, resp) {
				t.Errorf("UnmarshalJSON(%s) = %+v, %v; want %+v", b, got, err, resp)
			}
		}
	}
	if got, want := string(Response{Error: "E", Message: "m"}.AppendJSON(nil, false)), `{"error":"E","message":"m"}`; got != want {
		t.Errorf("AppendJSON = %s, want %s", got, want)
	}
}

// TestEncodingJSONMethods checks that Request, Response and Vector keep lone
// surrogates through encoding/json, by their MarshalJSON and UnmarshalJSON
// methods.
func TestEncodingJSONMethods(t *testing.T) {
	req := Request{Op: "decodeURIComponent", In: []uint16{0xD800, '%', '4', '1'}}
	b, err := json.Marshal(req)
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"op":"decodeURIComponent","in":"\ud800%41"}`; string(b) != want {
		t.Errorf("json.Marshal(Request) = %s, want %s", b, want)
	}
	var req2 Request
	if err := json.Unmarshal(b, &req2); err != nil || !sameRequest(req, req2) {
		t.Errorf("json.Unmarshal(Request) = %+v, %v", req2, err)
	}

	resp := Response{Out: []uint16{0xDFFF}}
	b, err = json.Marshal(resp)
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"out":"\udfff"}`; string(b) != want {
		t.Errorf("json.Marshal(Response) = %s, want %s", b, want)
	}
	var resp2 Response
	if err := json.Unmarshal(b, &resp2); err != nil || !sameResponse(resp, resp2) {
		t.Errorf("json.Unmarshal(Response) = %+v, %v", resp2, err)
	}

	v := Vector{ID: "ecma.decodeURIComponent.x", Request: req, Expect: Response{Out: []uint16{0xD800, 'A'}},
		Ref: "ECMA-262 5.1 §15.1.3 Decode step 4.c", Level: LevelMust, Note: "n"}
	b, err = json.Marshal([]Vector{v})
	if err != nil {
		t.Fatal(err)
	}
	want := `[{"id":"ecma.decodeURIComponent.x","op":"decodeURIComponent","in":"\ud800%41","out":"\ud800A","ref":"ECMA-262 5.1 §15.1.3 Decode step 4.c","level":"must","note":"n"}]`
	if string(b) != want {
		t.Errorf("json.Marshal([]Vector) = %s\nwant %s", b, want)
	}
	var vs []Vector
	if err := json.Unmarshal(b, &vs); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]Vector{v}, vs); diff != "" {
		t.Errorf("json.Unmarshal([]Vector) (-want +got):\n%s", diff)
	}
	var bad Vector
	err = json.Unmarshal([]byte(`{"id":"x","op":"encodeURI","in":"","ref":"r","level":"must"}`), &bad)
	var fe *FormatError
	if !errors.As(err, &fe) || fe.Field != "out" || fe.ID != "x" {
		t.Errorf("json.Unmarshal(vector without out) error = %v, want a *FormatError on field out", err)
	}
}
