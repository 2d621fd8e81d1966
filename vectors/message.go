package vectors

import (
	"bytes"
	"encoding/hex"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// This file holds the JSON forms of Request and Response: the members a
// vector has (see README.md), which are also the members of the runner's
// wire messages (testee/PROTOCOL.md §3; package testee adds the "id" and
// the framing), and the members only wire messages carry: "in_utf16",
// "out_utf16", "message" and "unsupported".

// A FormatError is a vectors file, a vector or a wire message that is not in
// the vector format: it names where (file, line, vector id) and what (field)
// is wrong.
type FormatError struct {
	// File is the vectors file's name; empty for a wire message.
	File string
	// Line is the 1-based line of the fault; 0 when not known.
	Line int
	// ID is the id of the vector at fault, when it has one.
	ID string
	// Field is the JSON member at fault, such as "out_hex" or "args.set";
	// empty when the fault is not in one member.
	Field string
	// Reason says what is wrong.
	Reason string
	// Err is the underlying error, such as a [*SyntaxError], or nil.
	Err error
}

// Error returns "file:line: vector "id": field "f": reason", leaving out
// the parts that are not known.
func (e *FormatError) Error() string {
	var b strings.Builder
	if e.File != "" {
		b.WriteString(e.File)
		if e.Line > 0 {
			b.WriteByte(':')
			b.WriteString(strconv.Itoa(e.Line))
		}
		b.WriteString(": ")
	} else if e.Line > 0 {
		b.WriteString("line ")
		b.WriteString(strconv.Itoa(e.Line))
		b.WriteString(": ")
	}
	if e.ID != "" {
		b.WriteString("vector ")
		b.WriteString(strconv.Quote(e.ID))
		b.WriteString(": ")
	}
	if e.Field != "" {
		b.WriteString("field ")
		b.WriteString(strconv.Quote(e.Field))
		b.WriteString(": ")
	}
	b.WriteString(e.Reason)
	return b.String()
}

// Unwrap returns Err.
func (e *FormatError) Unwrap() error { return e.Err }

// wireError returns a FormatError for a wire message.
func wireError(field, reason string) *FormatError {
	return &FormatError{Field: field, Reason: reason}
}

// appendRequestFields appends the input and args members, each with a
// leading comma.
func appendRequestFields(dst []byte, req Request, utf16Hex bool) []byte {
	octets := req.InHex != nil
	if op, ok := req.Op.Info(); ok {
		octets = op.In == Octets
	}
	switch {
	case octets:
		dst = append(dst, `,"in_hex":"`...)
		dst = hex.AppendEncode(dst, req.InHex)
		dst = append(dst, '"')
	case utf16Hex:
		dst = append(dst, `,"in_utf16":"`...)
		dst = appendUTF16Hex(dst, req.In)
		dst = append(dst, '"')
	default:
		dst = append(dst, `,"in":`...)
		dst = AppendJSONText(dst, req.In)
	}
	if len(req.Args) > 0 {
		dst = append(dst, `,"args":{`...)
		for i, k := range slices.Sorted(maps.Keys(req.Args)) {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = appendJSONString(dst, k)
			dst = append(dst, ':')
			dst = appendJSONString(dst, req.Args[k])
		}
		dst = append(dst, '}')
	}
	return dst
}

// appendResponseMembers appends the members of resp, the first without a
// leading comma.
func appendResponseMembers(dst []byte, resp Response, utf16Hex bool) []byte {
	switch {
	case resp.Unsupported:
		dst = append(dst, `"unsupported":true`...)
	case resp.Error != "":
		dst = append(dst, `"error":`...)
		dst = appendJSONString(dst, resp.Error)
		if resp.Message != "" {
			dst = append(dst, `,"message":`...)
			dst = appendJSONString(dst, resp.Message)
		}
	case resp.OutHex != nil:
		dst = append(dst, `"out_hex":"`...)
		dst = hex.AppendEncode(dst, resp.OutHex)
		dst = append(dst, '"')
	case utf16Hex:
		dst = append(dst, `"out_utf16":"`...)
		dst = appendUTF16Hex(dst, resp.Out)
		dst = append(dst, '"')
	default:
		dst = append(dst, `"out":`...)
		dst = AppendJSONText(dst, resp.Out)
	}
	return dst
}

func appendUTF16Hex(dst []byte, u []uint16) []byte {
	for _, c := range u {
		dst = append(dst, lowerHex[c>>12], lowerHex[c>>8&15], lowerHex[c>>4&15], lowerHex[c&15])
	}
	return dst
}

// parseUTF16Hex reads four hex digits (either case) per code unit.
func parseUTF16Hex(s []uint16) ([]uint16, bool) {
	if len(s)%4 != 0 {
		return nil, false
	}
	u := make([]uint16, 0, len(s)/4)
	for i := 0; i < len(s); i += 4 {
		var v uint16
		for _, c := range s[i : i+4] {
			if c >= 0x80 {
				return nil, false
			}
			d, ok := unhex(byte(c))
			if !ok {
				return nil, false
			}
			v = v<<4 | uint16(d)
		}
		u = append(u, v)
	}
	return u, true
}

// parseHexText reads two hex digits (either case) per octet. The result is
// non-nil.
func parseHexText(s []uint16) ([]byte, bool) {
	if len(s)%2 != 0 {
		return nil, false
	}
	b := make([]byte, 0, len(s)/2)
	for i := 0; i < len(s); i += 2 {
		if s[i] >= 0x80 || s[i+1] >= 0x80 {
			return nil, false
		}
		hi, ok1 := unhex(byte(s[i]))
		lo, ok2 := unhex(byte(s[i+1]))
		if !ok1 || !ok2 {
			return nil, false
		}
		b = append(b, hi<<4|lo)
	}
	return b, true
}

// syntaxError returns the FormatError of a line that does not parse as
// JSON: a line that starts as an object is a malformed JSON object, and
// says where; any other is not a JSON object.
func syntaxError(line []byte, err error) *FormatError {
	if t := bytes.TrimLeft(line, " \t\r\n"); len(t) > 0 && t[0] == '{' {
		return &FormatError{Reason: "malformed JSON object: " + err.Error(), Err: err}
	}
	return &FormatError{Reason: "not a JSON object", Err: err}
}

// member returns the value of v's member name.
func member(v jsonValue, name string) (jsonValue, bool) {
	for _, m := range v.members {
		if m.name == name {
			return m.val, true
		}
	}
	return jsonValue{}, false
}

// fieldError is a fault in one member of a request, response or vector
// object; the caller adds the file, line and id.
type fieldError struct {
	field, reason string
	off           int
}

func (e *fieldError) Error() string { return e.field + ": " + e.reason }

func fieldErr(field string, v jsonValue, reason string) *fieldError {
	return &fieldError{field: field, reason: reason, off: v.off}
}

// asFormatError turns a *fieldError into a wire *FormatError.
func asFormatError(err error) error {
	var fe *fieldError
	if errors.As(err, &fe) {
		return wireError(fe.field, fe.reason)
	}
	return err
}

// requestFromJSON reads the request members of v: "op", one input member,
// and "args". With wire set, "in_utf16" is allowed as well.
func requestFromJSON(v jsonValue, wire bool) (Request, error) {
	req, err := requestMembers(v, wire)
	if wire {
		err = asFormatError(err)
	}
	return req, err
}

func requestMembers(v jsonValue, wire bool) (Request, error) {
	var req Request
	opv, ok := member(v, "op")
	if !ok {
		return req, &fieldError{field: "op", reason: "missing", off: v.off}
	}
	if opv.kind != jsonString {
		return req, fieldErr("op", opv, "want a string, got "+opv.kind.String())
	}
	req.Op = Op(utf16String(opv.str))
	op, known := req.Op.Info()

	var inputs []string
	for _, name := range []string{"in", "in_hex", "in_utf16"} {
		if _, ok := member(v, name); ok && (name != "in_utf16" || wire) {
			inputs = append(inputs, name)
		}
	}
	if len(inputs) != 1 {
		f := "in"
		if known && op.In == Octets {
			f = "in_hex"
		}
		if len(inputs) == 0 {
			return req, &fieldError{field: f, reason: "missing", off: v.off}
		}
		return req, &fieldError{field: inputs[1], reason: "more than one input member (" + strings.Join(inputs, ", ") + ")", off: v.off}
	}
	name := inputs[0]
	in, _ := member(v, name)
	if in.kind != jsonString {
		return req, fieldErr(name, in, "want a string, got "+in.kind.String())
	}
	if known {
		if want := op.In; (want == Octets) != (name == "in_hex") {
			return req, fieldErr(name, in, "op "+string(op.Name)+" takes "+want.String()+" input")
		}
	}
	switch name {
	case "in":
		req.In = in.str
	case "in_hex":
		b, ok := parseHexText(in.str)
		if !ok {
			return req, fieldErr(name, in, "want two hex digits per octet")
		}
		req.InHex = b
	case "in_utf16":
		u, ok := parseUTF16Hex(in.str)
		if !ok {
			return req, fieldErr(name, in, "want four hex digits per code unit")
		}
		req.In = u
	}

	if a, ok := member(v, "args"); ok {
		if a.kind != jsonObject {
			return req, fieldErr("args", a, "want an object, got "+a.kind.String())
		}
		req.Args = make(map[string]string, len(a.members))
		for _, m := range a.members {
			if m.val.kind != jsonString {
				return req, fieldErr("args."+m.name, m.val, "want a string, got "+m.val.kind.String())
			}
			req.Args[m.name] = utf16String(m.val.str)
		}
	}
	return req, nil
}

// responseFromJSON reads the response members of v. With wire set the
// members "out_utf16", "message" and "unsupported" are allowed as well.
func responseFromJSON(v jsonValue, wire bool) (Response, error) {
	resp, err := responseMembers(v, wire)
	if wire {
		err = asFormatError(err)
	}
	return resp, err
}

func responseMembers(v jsonValue, wire bool) (Response, error) {
	var resp Response
	var results []string
	for _, name := range []string{"out", "out_hex", "out_utf16", "error", "unsupported"} {
		if _, ok := member(v, name); ok {
			if !wire && (name == "out_utf16" || name == "unsupported") {
				continue
			}
			results = append(results, name)
		}
	}
	if len(results) != 1 {
		if len(results) == 0 {
			return resp, &fieldError{field: "out", reason: "missing: want one of out, out_hex, error", off: v.off}
		}
		return resp, &fieldError{field: results[1], reason: "more than one result member (" + strings.Join(results, ", ") + ")", off: v.off}
	}
	name := results[0]
	r, _ := member(v, name)
	if name == "unsupported" {
		if r.kind != jsonBool || !r.b {
			return resp, fieldErr(name, r, "want true")
		}
		resp.Unsupported = true
		return resp, wireMessage(v, wire, &resp)
	}
	if r.kind != jsonString {
		return resp, fieldErr(name, r, "want a string, got "+r.kind.String())
	}
	switch name {
	case "out":
		resp.Out = r.str
	case "out_hex":
		b, ok := parseHexText(r.str)
		if !ok {
			return resp, fieldErr(name, r, "want two hex digits per octet")
		}
		resp.OutHex = b
	case "out_utf16":
		u, ok := parseUTF16Hex(r.str)
		if !ok {
			return resp, fieldErr(name, r, "want four hex digits per code unit")
		}
		resp.Out = u
	case "error":
		if len(r.str) == 0 {
			return resp, fieldErr(name, r, "want an error kind, got an empty string")
		}
		resp.Error = utf16String(r.str)
		if i := strings.IndexFunc(resp.Error, func(r rune) bool { return !IsErrorKindRune(r) }); i >= 0 {
			c, _ := utf8.DecodeRuneInString(resp.Error[i:])
			return Response{}, fieldErr(name, r, fmt.Sprintf("want an error kind (such as URIError, with no control character), got %q, which holds %q", resp.Error, c))
		}
	}
	return resp, wireMessage(v, wire, &resp)
}

// IsErrorKindRune reports whether r may be in an error kind, such as
// URIError or a library's exception class (PHP's Vendor\Exception): any
// character but a control character (C0, DEL, C1), so that no escape
// sequence reaches a report.
func IsErrorKindRune(r rune) bool { return r >= 0x20 && !(0x7F <= r && r <= 0x9F) }

// wireMessage reads the "message" member of a wire response into resp:
// the detail of an error, or why an input was declined ("unsupported").
func wireMessage(v jsonValue, wire bool, resp *Response) error {
	if m, ok := member(v, "message"); ok && wire {
		if m.kind != jsonString {
			return fieldErr("message", m, "want a string, got "+m.kind.String())
		}
		resp.Message = utf16String(m.str)
	}
	return nil
}

// AppendJSON appends r as one JSON object without white space: "op", the
// input member and "args", and returns the extended buffer. The input is
// written by the op's input Kind: "in_hex" (lowercase) for octets; for
// text "in", or "in_utf16" (four lowercase hex digits per code unit) when
// utf16Hex is set (PROTOCOL.md §4). For an op not in [Ops] it writes
// "in_hex" when r.InHex is non-nil and text otherwise. "args" is written,
// with sorted keys, only when r.Args is not empty. Package testee puts the
// wire message's "id" in front of these members.
func (r Request) AppendJSON(dst []byte, utf16Hex bool) []byte {
	dst = append(dst, `{"op":`...)
	dst = appendJSONString(dst, string(r.Op))
	dst = appendRequestFields(dst, r, utf16Hex)
	return append(dst, '}')
}

// MarshalJSON returns r.AppendJSON(nil, false).
func (r Request) MarshalJSON() ([]byte, error) { return r.AppendJSON(nil, false), nil }

// UnmarshalJSON reads r from a JSON object: "op", exactly one of "in",
// "in_hex" and "in_utf16", and "args", keeping lone surrogates. Members it
// does not know, such as a wire message's "id", are ignored, as the
// protocol requires of testees. It never panics; an error is a
// [*FormatError], wrapping a [*SyntaxError] when data is not JSON.
func (r *Request) UnmarshalJSON(data []byte) error { return unmarshalObject(data, requestFromJSON, r) }

// AppendJSON appends r as one JSON object without white space and returns
// the extended buffer. It writes exactly one of "unsupported", "error"
// (with "message" when there is one), "out_hex", and "out" — or "out_utf16" when utf16Hex is set — in
// that order of precedence.
func (r Response) AppendJSON(dst []byte, utf16Hex bool) []byte {
	dst = appendResponseMembers(append(dst, '{'), r, utf16Hex)
	return append(dst, '}')
}

// MarshalJSON returns r.AppendJSON(nil, false).
func (r Response) MarshalJSON() ([]byte, error) { return r.AppendJSON(nil, false), nil }

// UnmarshalJSON reads r from a JSON object: exactly one of "out",
// "out_hex", "out_utf16", "error" (with an optional "message") and
// "unsupported": true (with an optional "message"), keeping lone
// surrogates. Members it does not know, such as a wire message's "id", are
// ignored, so that later protocol versions can add optional ones. It never
// panics; an error is a [*FormatError], wrapping a [*SyntaxError] when
// data is not JSON.
func (r *Response) UnmarshalJSON(data []byte) error {
	return unmarshalObject(data, responseFromJSON, r)
}

// unmarshalObject parses data, which must be one JSON object, with the
// wire members allowed, and stores what from reads of it in dst.
func unmarshalObject[T any](data []byte, from func(jsonValue, bool) (T, error), dst *T) error {
	v, err := parseJSON(data)
	if err != nil {
		return syntaxError(data, err)
	}
	if v.kind != jsonObject {
		return wireError("", "not a JSON object")
	}
	msg, err := from(v, true)
	if err != nil {
		return err
	}
	*dst = msg
	return nil
}
