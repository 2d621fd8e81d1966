package report

import (
	"encoding/hex"
	"maps"
	"slices"
	"strconv"
	"unicode/utf8"

	"github.com/pctest/pctest/vectors"
)

// This file writes a Record of the run's JSON report without reflection:
// byte for byte what writeJSON's encoding/json Encoder writes for it as an
// element of the report's results (TestWriteJSONStreamsAsReport and
// TestAppendRecordJSON compare them). A full run's report holds thousands
// of records; writing them is most of what writing the report costs.

// recordIndent and responseIndent start a line of a record's members and
// of its responses' members, as an element of the report's results.
const (
	recordIndent   = "\n      "
	responseIndent = "\n        "
)

// appendRecordJSON appends rec as writeJSON writes it as an element of
// the report's results, from its '{' to its '}'. The error is that of a
// Status with no text form, as encoding/json fails with it.
func appendRecordJSON(b []byte, rec *Record) ([]byte, error) {
	status, err := rec.Status.MarshalText()
	if err != nil {
		return b, err
	}
	o := jsonObject{b: append(b, '{'), indent: recordIndent}
	o.str("id", rec.ID)
	o.str("op", string(rec.Op))
	o.strOmit("level", rec.Level)
	o.strOmit("ref", rec.Ref)
	o.strOmit("file", rec.File)
	if rec.Line != 0 {
		o.key("line")
		o.b = strconv.AppendInt(o.b, int64(rec.Line), 10)
	}
	o.key("status")
	o.b = appendJSONString(o.b, string(status))
	o.textOrHex("in", rec.In, "in_hex", rec.InHex)
	if len(rec.Args) > 0 {
		o.key("args")
		args := jsonObject{b: append(o.b, '{'), indent: responseIndent}
		for _, k := range slices.Sorted(maps.Keys(rec.Args)) {
			args.str(k, rec.Args[k])
		}
		o.b = args.end(recordIndent)
	}
	o.key("expected")
	o.b = appendResponseJSON(o.b, rec.Expected)
	if rec.Got != nil {
		o.key("got")
		o.b = appendResponseJSON(o.b, rec.Got)
	}
	o.strOmit("error", rec.Error)
	o.strOmit("why", rec.Why)
	o.strOmit("request_line", rec.RequestLine)
	o.strOmit("rerun", rec.Rerun)
	return o.end("\n    "), nil
}

// appendResponseJSON appends r as a member of a record, null for nil.
func appendResponseJSON(b []byte, r *Response) []byte {
	if r == nil {
		return append(b, "null"...)
	}
	o := jsonObject{b: append(b, '{'), indent: responseIndent}
	o.textOrHex("out", r.Out, "out_hex", r.OutHex)
	o.strOmit("error", r.Error)
	o.strOmit("message", r.Message)
	if r.Unsupported {
		o.key("unsupported")
		o.b = append(o.b, "true"...)
	}
	return o.end(recordIndent)
}

// textOrHex writes the members k: text and hexKey: octets, each unless
// nil (omitempty): text as Text's MarshalJSON writes it, octets as Hex's
// MarshalText does.
func (o *jsonObject) textOrHex(k string, text *Text, hexKey string, octets *Hex) {
	if text != nil {
		o.key(k)
		o.b = vectors.AppendJSONText(o.b, *text)
	}
	if octets != nil {
		o.key(hexKey)
		o.b = append(hex.AppendEncode(append(o.b, '"'), *octets), '"')
	}
}

// A jsonObject is an indented JSON object being written, its '{' written:
// each member on a line that starts with indent.
type jsonObject struct {
	b      []byte
	indent string
	n      int // members written
}

// key starts a member named k (a name that needs no escape).
func (o *jsonObject) key(k string) {
	if o.n > 0 {
		o.b = append(o.b, ',')
	}
	o.n++
	o.b = append(o.b, o.indent...)
	o.b = appendJSONString(o.b, k)
	o.b = append(o.b, ':', ' ')
}

// str writes the member k: s.
func (o *jsonObject) str(k, s string) {
	o.key(k)
	o.b = appendJSONString(o.b, s)
}

// strOmit writes the member k: s unless s is empty (omitempty).
func (o *jsonObject) strOmit(k, s string) {
	if s != "" {
		o.str(k, s)
	}
}

// end closes the object, its '}' on a line that starts with outer, and
// returns the buffer; an object without members is "{}".
func (o *jsonObject) end(outer string) []byte {
	if o.n == 0 {
		return append(o.b, '}')
	}
	return append(append(o.b, outer...), '}')
}

// appendJSONString appends s as a JSON string as encoding/json writes it
// with SetEscapeHTML(false): '"' and '\\' escaped with a backslash, as
// are \b, \f, \n, \r and \t; other bytes below 0x20 as \u00XX; invalid
// UTF-8 as \ufffd; U+2028 and U+2029 as \u2028 and \u2029.
func appendJSONString(b []byte, s string) []byte {
	const hexDigits = "0123456789abcdef"
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '\\', '"':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
