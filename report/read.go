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
	start := skipSpace(data, 0)
	if start == int64(len(data)) || data[start] != '{' {
		return &ReadError{Report: report, Offset: start, Reason: fmt.Sprintf("want a JSON object, got %.20s", data[start:])}
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(v); err != nil {
		return jsonReadError(report, err)
	}
	if end := skipSpace(data, dec.InputOffset()); end < int64(len(data)) {
		return &ReadError{Report: report, Offset: end, Reason: "more after the report's object: one report per input"}
	}
	return nil
}

// skipSpace returns the offset of the first byte of data from off on that
// is not JSON white space, or len(data).
func skipSpace(data []byte, off int64) int64 {
	return int64(len(data) - len(bytes.TrimLeft(data[off:], " \t\r\n")))
}

// jsonReadError makes err, from a json.Decoder, a *ReadError, with the
// offset in the input of a syntax or type error.
func jsonReadError(report string, err error) *ReadError {
	off := int64(-1)
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		off = se.Offset
	case errors.As(err, &te):
		off = te.Offset
	}
	return &ReadError{Report: report, Offset: off, Reason: err.Error(), Err: err}
}
