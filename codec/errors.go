package codec

import "strconv"

// An EscapeError is a '%' that is not followed by two hex digits, found by a
// strict decode: RFC 3986 §2.1 allows '%' only as the start of
// pct-encoded = "%" HEXDIG HEXDIG.
type EscapeError struct {
	// Offset is the byte offset of the '%' in the input.
	Offset int
	// Text is the '%' and at most two bytes after it, the same text that
	// net/url's EscapeError holds for the same input.
	Text string
}

// Error returns the offending text, quoted, and its offset.
func (e *EscapeError) Error() string {
	return "invalid URL escape " + strconv.Quote(e.Text) + " at offset " + strconv.Itoa(e.Offset)
}

// newEscapeError returns the [*EscapeError] for the '%' at s[i].
func newEscapeError[S string | []byte](s S, i int) *EscapeError {
	return &EscapeError{Offset: i, Text: string(s[i:min(i+3, len(s))])}
}

// A UTF8Error is an octet sequence that is not well-formed UTF-8 (RFC 3629
// §4; Unicode §3.9 Table 3-7).
type UTF8Error struct {
	// Offset is the byte offset of the first ill-formed byte.
	Offset int
	// Text is the maximal subpart that starts there (Unicode §3.9 D93b): the
	// longest prefix of a well-formed sequence found at Offset, or the
	// single byte when no well-formed sequence starts with it. It is 1 to 3
	// bytes long, and it is what the Encoding Standard's UTF-8 decoder
	// replaces with one U+FFFD.
	Text string
}

// Error returns the ill-formed bytes, quoted, and their offset.
func (e *UTF8Error) Error() string {
	return "invalid UTF-8 " + strconv.Quote(e.Text) + " at offset " + strconv.Itoa(e.Offset)
}

// An IDNAError is a host label that IDNA (UTS #46 processing, as
// golang.org/x/net/idna implements it) cannot convert to an A-label, or
// that is not UTF-8, found
// by [IRIToURI] (RFC 3987 §3.1, ToASCII on each label of ireg-name).
type IDNAError struct {
	// Offset is the byte offset of the label in the input.
	Offset int
	// Label is the label as it stands in the input.
	Label string
	// Err is the error that golang.org/x/net/idna returned, or a
	// [*UTF8Error] when the label is not well-formed UTF-8.
	Err error
}

// Error returns the label, its offset and the IDNA error.
func (e *IDNAError) Error() string {
	return "IDNA cannot convert host label " + strconv.Quote(e.Label) + " at offset " +
		strconv.Itoa(e.Offset) + ": " + e.Err.Error()
}

// Unwrap returns the IDNA error.
func (e *IDNAError) Unwrap() error { return e.Err }
