package report

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// A ReadError says why a JSON report did not read back (ReadRunReport,
// ReadFuzzReport, ReadCheckReport): which report, where (the byte offset
// of a JSON fault, or the item at fault) and what is wrong.
type ReadError struct {
	// Report names the report: "pctest run", "pctest fuzz", "pctest check".
	Report string
	// Offset is the byte offset of the fault in the input; -1 when it is
	// not one place (a count that does not add up, a missing member).
	Offset int64
	// Item is the part at fault, such as "result 3" or "finding 2"; ""
	// for the report as a whole.
	Item string
	// Reason says what is wrong.
	Reason string
	// Err is the underlying error (a *json.SyntaxError, say), or nil.
	Err error
}

// Error returns "pctest run JSON report: at byte N: item: reason".
func (e *ReadError) Error() string {
	s := e.Report + " JSON report: "
	if e.Offset >= 0 {
		s += fmt.Sprintf("at byte %d: ", e.Offset)
	}
	if e.Item != "" {
		s += e.Item + ": "
	}
	return s + e.Reason
}

// Unwrap returns the underlying error.
func (e *ReadError) Unwrap() error { return e.Err }

// decodeReport reads from rd exactly one JSON object into v: not null,
// not another kind of value, nothing after it but white space. Its
// errors are *ReadError values that name report.
func decodeReport(rd io.Reader, v any, report string) error {
	data, err := io.ReadAll(rd)
	if err != nil {
		return &ReadError{Report: report, Offset: -1, Reason: err.Error(), Err: err}
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	var raw json.RawMessage
	if err := dec.Decode(&raw); err != nil {
		return jsonReadError(report, err, -1)
	}
	start := int64(len(data) - len(bytes.TrimLeft(data, " \t\r\n")))
	if raw[0] != '{' {
		return &ReadError{Report: report, Offset: start, Reason: fmt.Sprintf("want a JSON object, got %.20s", raw)}
	}
	if _, err := dec.Token(); err != io.EOF {
		end := start + int64(len(raw))
		end += int64(len(data[end:]) - len(bytes.TrimLeft(data[end:], " \t\r\n")))
		return &ReadError{Report: report, Offset: end, Reason: "more after the report's object: one report per input"}
	}
	if err := json.Unmarshal(raw, v); err != nil {
		return jsonReadError(report, err, start)
	}
	return nil
}

// jsonReadError makes err, from encoding/json, a *ReadError, with the
// offset of a syntax or type error (relative to base, the object's start
// in the input, when not -1).
func jsonReadError(report string, err error, base int64) *ReadError {
	off := int64(-1)
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		off = se.Offset
	case errors.As(err, &te):
		off = te.Offset
	}
	if off >= 0 && base > 0 {
		off += base
	}
	return &ReadError{Report: report, Offset: off, Reason: err.Error(), Err: err}
}
