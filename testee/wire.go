package testee

import (
	"bytes"
	"encoding/hex"
	"errors"
	"strconv"
	"strings"
	"unicode/utf16"

	"github.com/pctest/pctest/vectors"
)

// This file holds the messages of PROTOCOL.md §3, for both sides: the
// runner writes requests and reads responses with them, and a testee
// written in Go may read requests and write responses with them. A
// message's members other than "id" are a vector's (vectors/README.md),
// read and written by the methods of vectors.Request and vectors.Response,
// the same code that reads the vectors files.

// maxID bounds request ids: 1 ≤ id < 2⁵³, so that they are exact in every
// JSON implementation (RFC 8259 §6).
const maxID = 1 << 53

// AppendRequestJSON appends req as a one-line request with the given id
// (PROTOCOL.md §3), without a trailing newline, and returns the extended
// buffer: "id", then the members [vectors.Request.AppendJSON] writes,
// with the text input as "in_utf16" when utf16Hex is set (§4).
func AppendRequestJSON(dst []byte, id int64, req vectors.Request, utf16Hex bool) []byte {
	return withID(dst, id, func(dst []byte) []byte { return req.AppendJSON(dst, utf16Hex) })
}

// AppendResponseJSON appends resp as a one-line response with the given id
// (PROTOCOL.md §3), without a trailing newline, and returns the extended
// buffer: "id", then the member [vectors.Response.AppendJSON] writes, with
// the text output as "out_utf16" when utf16Hex is set (§4).
func AppendResponseJSON(dst []byte, id int64, resp vectors.Response, utf16Hex bool) []byte {
	return withID(dst, id, func(dst []byte) []byte { return resp.AppendJSON(dst, utf16Hex) })
}

// withID appends {"id":id, and the members of the object that object
// appends.
func withID(dst []byte, id int64, object func([]byte) []byte) []byte {
	dst = append(dst, `{"id":`...)
	dst = strconv.AppendInt(dst, id, 10)
	n := len(dst)
	dst = object(dst)
	dst[n] = ',' // in place of the object's '{'
	return dst
}

// ParseRequestJSON parses a one-line request (PROTOCOL.md §3): its id, op,
// exactly one of "in", "in_hex" and "in_utf16", and "args". Members it does
// not know are ignored, as the protocol requires of testees. It never
// panics; an error is a [*vectors.FormatError], wrapping a
// [*vectors.SyntaxError] when the line is not JSON. When the id could be
// read it is returned also with an error.
func ParseRequestJSON(line []byte) (id int64, req vectors.Request, err error) {
	err = req.UnmarshalJSON(line)
	return withParsedID(line, err, req)
}

// ParseResponseJSON parses a one-line response (PROTOCOL.md §3): its id and
// exactly one of "out", "out_hex", "out_utf16", "error" (with an optional
// "message") and "unsupported": true (with an optional "message"). Members
// it does not know are ignored, so that later protocol versions can add
// optional ones. It never panics; an error is a [*vectors.FormatError],
// wrapping a [*vectors.SyntaxError] when the line is not JSON. When the id
// could be read it is returned also with an error.
func ParseResponseJSON(line []byte) (id int64, resp vectors.Response, err error) {
	return parseResponse(line, nil)
}

// parseResponse is ParseResponseJSON, taking the memory of the text it
// reads from a, when a is not nil (see [textArena]).
func parseResponse(line []byte, a *textArena) (id int64, resp vectors.Response, err error) {
	if id, resp, ok := parseResponseFast(line, a); ok {
		return id, resp, nil
	}
	return parseResponseGeneral(line)
}

// parseResponseGeneral is ParseResponseJSON for any line.
func parseResponseGeneral(line []byte) (id int64, resp vectors.Response, err error) {
	err = resp.UnmarshalJSON(line)
	return withParsedID(line, err, resp)
}

// withParsedID returns the id of line, whose members other than the id
// were parsed into msg with the error err. A line that is not a JSON
// object is reported as such, then a missing or bad id, then err.
func withParsedID[M any](line []byte, err error, msg M) (int64, M, error) {
	var zero M
	var fe *vectors.FormatError
	if errors.As(err, &fe) && fe.Field == "" {
		return 0, zero, err // not a JSON object
	}
	id, idErr := parseID(line)
	if idErr != nil {
		return 0, zero, idErr
	}
	if err != nil {
		return id, zero, err
	}
	return id, msg, nil
}

// parseID returns the "id" member of line, a JSON object that package
// vectors has parsed: an integer from 1 to 2⁵³-1. It walks the object's
// members at its top level, skipping their values.
func parseID(line []byte) (int64, error) {
	i := bytes.IndexByte(line, '{') + 1
	for {
		i = skipSpace(line, i)
		name, next, ok := fastString(line, i)
		if !ok {
			return 0, &vectors.FormatError{Field: "id", Reason: "missing"}
		}
		i = skipSpace(line, next) + 1 // ':'
		start := skipSpace(line, i)
		i = skipValue(line, start)
		if u, err := vectors.ParseJSONText(name); err != nil || string(utf16.Decode(u)) != "id" {
			i = skipSpace(line, i) + 1 // ',' or '}'
			continue
		}
		raw := string(line[start:i])
		got := map[byte]string{'"': "a string", '{': "an object", '[': "an array", 't': "a boolean", 'f': "a boolean", 'n': "null"}[raw[0]]
		if got != "" {
			return 0, &vectors.FormatError{Field: "id", Reason: "want an integer, got " + got}
		}
		id, err := strconv.ParseInt(raw, 10, 64)
		if err != nil || id < 1 || id >= maxID {
			return 0, &vectors.FormatError{Field: "id", Reason: "want an integer from 1 to 2^53-1, got " + raw}
		}
		return id, nil
	}
}

// skipSpace returns the index of the first byte at or after i in line that
// is not JSON white space.
func skipSpace(line []byte, i int) int {
	for i < len(line) && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r' || line[i] == '\n') {
		i++
	}
	return i
}

// skipValue returns the index just after the JSON value that starts at
// line[i], in a line that is valid JSON.
func skipValue(line []byte, i int) int {
	depth := 0
	for ; i < len(line); i++ {
		switch line[i] {
		case '"':
			_, end, ok := fastString(line, i)
			if !ok {
				return len(line)
			}
			i = end - 1
		case '{', '[':
			depth++
		case '}', ']':
			if depth == 0 {
				return i
			}
			depth--
		case ',', ' ', '\t', '\r', '\n':
			if depth == 0 {
				return i
			}
		}
		if depth == 0 && (line[i] == '"' || line[i] == '}' || line[i] == ']') {
			return i + 1
		}
	}
	return i
}

// parseResponseFast parses the responses most testees write, in the one
// shape they write them: no white space, "id" first (an integer without a
// leading zero), then "out", "out_hex" or "out_utf16" with a string,
// "error" with a non-empty string and an optional "message" string after
// it, or "unsupported": true, and nothing else. It returns what
// parseResponseGeneral returns for such a line, and false for any other
// line, which that parser then reads (and reports on).
//
// With a not nil, the code units of "out" are cut from a, and "error" and
// "message" strings equal to the last ones a saw are that string again.
func parseResponseFast(line []byte, a *textArena) (id int64, resp vectors.Response, ok bool) {
	const head = `{"id":`
	if !bytes.HasPrefix(line, []byte(head)) {
		return 0, resp, false
	}
	i := len(head)
	start := i
	for i < len(line) && line[i] >= '0' && line[i] <= '9' && i-start < 16 {
		id = id*10 + int64(line[i]-'0')
		i++
	}
	if i == start || line[start] == '0' || id >= maxID || i >= len(line) || line[i] != ',' {
		return 0, resp, false
	}
	name, i := fastName(line, i+1)
	if name == "unsupported" {
		return id, vectors.Response{Unsupported: true}, string(line[i:]) == "true}"
	}
	str, i, ok := fastString(line, i)
	if !ok {
		return 0, resp, false
	}
	switch name {
	case "out":
		resp.Out, ok = fastText(str, a)
	case "out_hex":
		resp.OutHex, ok = fastHex(str, 2)
	case "out_utf16":
		var b []byte
		b, ok = fastHex(str, 4)
		resp.Out = make([]uint16, len(b)/2)
		for k := range resp.Out {
			resp.Out[k] = uint16(b[2*k])<<8 | uint16(b[2*k+1])
		}
	case "error":
		resp.Error, ok = a.text(str, false)
		ok = ok && resp.Error != "" && !strings.ContainsFunc(resp.Error, func(r rune) bool { return !vectors.IsErrorKindRune(r) }) // else the full parser says why
		if ok && i < len(line) && line[i] == ',' {
			var m string
			if m, i = fastName(line, i+1); m != "message" {
				return 0, resp, false
			}
			if str, i, ok = fastString(line, i); ok {
				resp.Message, ok = a.text(str, true)
			}
		}
	default:
		return 0, resp, false
	}
	if !ok || i != len(line)-1 || line[i] != '}' {
		return 0, vectors.Response{}, false
	}
	return id, resp, true
}

// fastName reads a member name of plain ASCII lowercase letters, digits
// and '_' in quotes, and the ':' after it, at line[i:]; it returns the
// name and where its value starts, or "" when there is no such name.
func fastName(line []byte, i int) (string, int) {
	if i >= len(line) || line[i] != '"' {
		return "", i
	}
	start := i + 1
	for i = start; i < len(line) && line[i] != '"'; i++ {
		if c := line[i]; !(c >= 'a' && c <= 'z' || c == '_' || c >= '0' && c <= '9') {
			return "", i
		}
	}
	if i+1 >= len(line) || line[i+1] != ':' {
		return "", i
	}
	return string(line[start:i]), i + 2
}

// fastString returns the JSON string literal, quotes included, that starts
// at line[i], and where it ends.
func fastString(line []byte, i int) ([]byte, int, bool) {
	if i >= len(line) || line[i] != '"' {
		return nil, i, false
	}
	for j := i + 1; j < len(line); j++ {
		switch line[j] {
		case '\\':
			j++
		case '"':
			return line[i : j+1], j + 1, true
		}
	}
	return nil, i, false
}

// fastText returns the code units of a JSON string literal, cut from a
// when a is not nil, as vectors.AppendParseJSONText reads it; false when
// it is not valid JSON text.
func fastText(quoted []byte, a *textArena) ([]uint16, bool) {
	// At most a code unit per byte between the quotes; fastString ended
	// the literal at its first quote not escaped.
	u, err := vectors.AppendParseJSONText(a.take(len(quoted)-2), quoted)
	if err != nil {
		return nil, false
	}
	a.commit(u)
	if u == nil {
		// A fresh arena's empty text: empty, as the general parser's, not
		// nil (which the report reads as no answer).
		u = []uint16{}
	}
	return u[:len(u):len(u)], true
}

// general returns the code units of a JSON string literal, as
// vectors.ParseJSONText reads it.
func general(quoted []byte) ([]uint16, bool) {
	u, err := vectors.ParseJSONText(quoted)
	return u, err == nil
}

// A textArena is memory for the code units of the responses a reader
// parses, cut from chunks, so that a response costs no allocation of its
// own; each response's text is capped at its length, and a chunk is
// never written again once cut, so that responses may be kept as long as
// anyone likes. It remembers the last error and message strings read, as
// a testee sends the same ones again and again. The zero value is ready
// to use; a nil *textArena allocates each text alone.
type textArena struct {
	chunk                  []uint16
	lastError, lastMessage string
}

// arenaChunk is how many code units a textArena allocates at a time.
const arenaChunk = 4096

// take returns an empty slice with room for n code units.
func (a *textArena) take(n int) []uint16 {
	if a == nil || n > arenaChunk/4 {
		return make([]uint16, 0, n)
	}
	if cap(a.chunk)-len(a.chunk) < n {
		a.chunk = make([]uint16, 0, arenaChunk)
	}
	return a.chunk[len(a.chunk):len(a.chunk):cap(a.chunk)]
}

// commit takes u, the slice take returned last with code units appended,
// out of the chunk, if it was cut from it and is still there: text that
// take allocated alone, or that grew out of the chunk, leaves the chunk
// as it is.
func (a *textArena) commit(u []uint16) {
	if a == nil || len(u) == 0 {
		return
	}
	if free := a.chunk[len(a.chunk):cap(a.chunk)]; len(u) <= len(free) && &free[:1][0] == &u[0] {
		a.chunk = a.chunk[:len(a.chunk)+len(u)]
	}
}

// text returns the JSON string literal quoted, an "error" or, with
// message set, a "message", as a Go string, as the general parser reads
// it (its code units, lone surrogates as U+FFFD, as utf16.Decode makes
// them), and whether it could be read; the last plain one of its kind
// again when equal to it.
func (a *textArena) text(quoted []byte, message bool) (string, bool) {
	s := quoted[1 : len(quoted)-1]
	if !plainASCII(s) {
		u, ok := general(quoted)
		if !ok {
			return "", false
		}
		return string(utf16.Decode(u)), true
	}
	if a == nil {
		return string(s), true
	}
	// Only plain literals are kept, which mean their own bytes: a kept
	// decoded one could equal another line's literal that decodes to
	// something else.
	last := &a.lastError
	if message {
		last = &a.lastMessage
	}
	if string(s) != *last {
		*last = string(s)
	}
	return *last, true
}

// plainASCII reports whether s is printable ASCII with no '\\': a JSON
// string literal's contents that mean themselves.
func plainASCII(s []byte) bool {
	for _, c := range s {
		if c < 0x20 || c >= 0x7f || c == '\\' {
			return false
		}
	}
	return true
}

// fastHex decodes a JSON string literal of plain hex digits (either case),
// digits per decoded unit of two or four; the result is non-nil.
func fastHex(quoted []byte, digits int) ([]byte, bool) {
	s := quoted[1 : len(quoted)-1]
	if len(s)%digits != 0 {
		return nil, false
	}
	b := make([]byte, len(s)/2)
	_, err := hex.Decode(b, s)
	return b, err == nil
}
