package conformance

import (
	"context"
	"errors"
	"net/url"

	"github.com/pctest/pctest/internal/reference"
	"github.com/pctest/pctest/vectors"
)

// NetURL returns Go's net/url escapers as an Implementation named "neturl":
//
//	goQueryEscape    url.QueryEscape
//	goPathEscape     url.PathEscape
//	goQueryUnescape  url.QueryUnescape (error kind EscapeError)
//	goPathUnescape   url.PathUnescape  (error kind EscapeError)
//	percentDecode    url.PathUnescape  (error kind MalformedEscape)
//
// percentDecode is RFC 3986 §2.1's strict decode, and url.PathUnescape is
// documented to do exactly that: turn each "%AB" into the octet 0xAB and
// fail if any '%' is not followed by two hex digits, touching nothing else
// ('+' included). No other op has a net/url function with exactly its
// semantics (QueryEscape writes a space as '+' and PathEscape keeps
// sub-delims, so neither is percentEncode), so every other op is answered
// Unsupported.
//
// The functions take the UTF-8 of the text input; a request whose text
// holds a lone surrogate has no UTF-8, and Do returns an *AnswerError of
// Kind "input".
func NetURL() Implementation { return netURL{} }

type netURL struct{}

// Name returns "neturl".
func (netURL) Name() string { return "neturl" }

// Do calls the net/url function for req.Op.
func (netURL) Do(ctx context.Context, req vectors.Request) (vectors.Response, error) {
	if err := ctx.Err(); err != nil {
		return vectors.Response{}, err
	}
	var (
		escape   func(string) string
		unescape func(string) (string, error)
		kind     = vectors.ErrEscapeError
	)
	switch req.Op {
	case vectors.OpGoQueryEscape:
		escape = url.QueryEscape
	case vectors.OpGoPathEscape:
		escape = url.PathEscape
	case vectors.OpGoQueryUnescape:
		unescape = url.QueryUnescape
	case vectors.OpGoPathUnescape:
		unescape = url.PathUnescape
	case vectors.OpPercentDecode:
		unescape, kind = url.PathUnescape, vectors.ErrMalformedEscape
	default:
		return unsupported(""), nil
	}
	s, ok := reference.UTF8(req.In)
	if !ok {
		return vectors.Response{}, &AnswerError{Op: req.Op, Kind: "input", Reason: "the input holds a lone surrogate, so it has no UTF-8"}
	}
	if escape != nil {
		return vectors.Response{Out: asciiUnits(escape(s))}, nil
	}
	out, err := unescape(s)
	if err != nil {
		var ee url.EscapeError
		if errors.As(err, &ee) {
			return vectors.Response{Error: kind, Message: err.Error()}, nil
		}
		return vectors.Response{}, err
	}
	return vectors.Response{OutHex: []byte(out)}, nil
}
