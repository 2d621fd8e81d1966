package conformance

import (
	"context"
	"fmt"

	"github.com/pctest/pctest/internal/reference"
	"github.com/pctest/pctest/internal/show"
	"github.com/pctest/pctest/vectors"
)

// Funcs is an Implementation made of Go functions, so that a Go library
// can plug in just the functions it has:
//
//	conformance.Run(t, conformance.Funcs{
//		Label:           "mylib",
//		GoQueryUnescape: mylib.Unescape,
//		GoQueryEscape:   func(s string) (string, error) { return mylib.Escape(s), nil },
//	})
//
// A nil field is an op the implementation does not have: its vectors are
// skipped, never passed.
//
// The functions take and return Go strings, as Go libraries do:
//
//   - Text input is passed as its UTF-8. A Go string cannot hold a lone
//     surrogate, so a request whose text holds one (the ECMAScript vectors
//     that test them) is never passed to the function: Do answers it
//     Unsupported, and the vector is skipped.
//   - Octet input (percentEncode, percentEncodeSet, utf8DecodeReplace) is
//     passed as a string holding exactly those bytes.
//   - Text output must be valid UTF-8; a function that returns anything
//     else for a text op fails the vector with an *AnswerError of Kind "output" (it is not
//     repaired to U+FFFD, which could hide the bug). Octet output is the
//     bytes of the returned string.
//   - A non-nil error is the op's error kind (vectors.Op.Errors, such as
//     URIError for the ECMAScript functions and EscapeError for the Go
//     unescapers), with the error's text as the message. An op that has no
//     error kind fails its vector when its function returns an error.
//
// A panic in a function is caught and fails the vector.
type Funcs struct {
	// Label names the implementation in reports (it is what Name
	// returns); "funcs" if empty.
	Label string

	// ECMA-262 5.1 §15.1.3.
	EncodeURI          func(string) (string, error)
	EncodeURIComponent func(string) (string, error)
	DecodeURI          func(string) (string, error)
	DecodeURIComponent func(string) (string, error)

	// RFC 3986. PercentEncode and PercentEncodeSet take octets;
	// PercentDecode returns octets. PercentEncodeSet gets the set's name
	// (args.set, one of the sets of vectors/sets.json) as its second argument.
	PercentEncode    func(string) (string, error)
	PercentDecode    func(string) (string, error)
	PercentEncodeSet func(s, set string) (string, error)
	Normalize        func(string) (string, error)
	Equivalent       func(a, b string) (bool, error)
	EncodeNoDouble   func(string) (string, error)

	// WHATWG URL and Encoding. PercentDecodeLenient returns octets;
	// UTF8DecodeReplace takes octets.
	PercentDecodeLenient func(string) (string, error)
	UTF8DecodeReplace    func(string) (string, error)

	// application/x-www-form-urlencoded, one name or value.
	FormEncode func(string) (string, error)
	FormDecode func(string) (string, error)

	// Go net/url. The unescapers return octets.
	GoQueryEscape   func(string) (string, error)
	GoPathEscape    func(string) (string, error)
	GoQueryUnescape func(string) (string, error)
	GoPathUnescape  func(string) (string, error)

	// RFC 3987.
	IRIToURI func(string) (string, error)
	URIToIRI func(string) (string, error)

	// ECMA-262 5.1 Annex B.2.1 and B.2.2.
	Escape   func(string) (string, error)
	Unescape func(string) (string, error)

	// WHATWG URL §1.3 percent-encode after encoding with a legacy encoding:
	// QueryEncode is the query of a special URL (§4.4, the special-query
	// percent-encode set), FormEncodeLegacy the §5.2 serializer for one
	// name or value. Each gets the input and the WHATWG encoding label
	// (args.encoding).
	QueryEncode      func(s, encoding string) (string, error)
	FormEncodeLegacy func(s, encoding string) (string, error)
	// QueryEncodeScheme is the query of a URL of any scheme (§4.4 steps 1
	// and 2): it gets the input, the label and the scheme (args.scheme).
	QueryEncodeScheme func(s, encoding, scheme string) (string, error)
}

// Name returns f.Label, or "funcs".
func (f Funcs) Name() string {
	if f.Label == "" {
		return "funcs"
	}
	return f.Label
}

// unary returns the function of f for op, or nil.
func (f Funcs) unary(op vectors.Op) func(string) (string, error) {
	switch op {
	case vectors.OpEncodeURI:
		return f.EncodeURI
	case vectors.OpEncodeURIComponent:
		return f.EncodeURIComponent
	case vectors.OpDecodeURI:
		return f.DecodeURI
	case vectors.OpDecodeURIComponent:
		return f.DecodeURIComponent
	case vectors.OpPercentEncode:
		return f.PercentEncode
	case vectors.OpPercentDecode:
		return f.PercentDecode
	case vectors.OpNormalize:
		return f.Normalize
	case vectors.OpEncodeNoDouble:
		return f.EncodeNoDouble
	case vectors.OpPercentDecodeLenient:
		return f.PercentDecodeLenient
	case vectors.OpUTF8DecodeReplace:
		return f.UTF8DecodeReplace
	case vectors.OpFormEncode:
		return f.FormEncode
	case vectors.OpFormDecode:
		return f.FormDecode
	case vectors.OpGoQueryEscape:
		return f.GoQueryEscape
	case vectors.OpGoPathEscape:
		return f.GoPathEscape
	case vectors.OpGoQueryUnescape:
		return f.GoQueryUnescape
	case vectors.OpGoPathUnescape:
		return f.GoPathUnescape
	case vectors.OpIRIToURI:
		return f.IRIToURI
	case vectors.OpURIToIRI:
		return f.URIToIRI
	case vectors.OpEscape:
		return f.Escape
	case vectors.OpUnescape:
		return f.Unescape
	}
	return nil
}

// Do answers req with the function of f for req.Op (see Funcs).
func (f Funcs) Do(ctx context.Context, req vectors.Request) (vectors.Response, error) {
	if err := ctx.Err(); err != nil {
		return vectors.Response{}, err
	}
	op, ok := req.Op.Info()
	if !ok {
		return unsupported("unknown op"), nil
	}
	var (
		fn  func(string) (string, error)
		arg string
	)
	switch req.Op {
	case vectors.OpPercentEncodeSet:
		if f.PercentEncodeSet == nil {
			return unsupported(""), nil
		}
		arg = req.Args["set"]
		fn = func(s string) (string, error) { return f.PercentEncodeSet(s, arg) }
	case vectors.OpQueryEncode, vectors.OpFormEncodeLegacy:
		g := f.QueryEncode
		if req.Op == vectors.OpFormEncodeLegacy {
			g = f.FormEncodeLegacy
		}
		if g == nil {
			return unsupported(""), nil
		}
		arg = req.Args["encoding"]
		fn = func(s string) (string, error) { return g(s, arg) }
	case vectors.OpQueryEncodeScheme:
		if f.QueryEncodeScheme == nil {
			return unsupported(""), nil
		}
		enc, scheme := req.Args["encoding"], req.Args["scheme"]
		fn = func(s string) (string, error) { return f.QueryEncodeScheme(s, enc, scheme) }
	case vectors.OpEquivalent:
		if f.Equivalent == nil {
			return unsupported(""), nil
		}
		fn = func(s string) (string, error) {
			eq, err := f.Equivalent(s, req.Args["other"])
			if eq {
				return "true", err
			}
			return "false", err
		}
	default:
		fn = f.unary(req.Op)
		if fn == nil {
			return unsupported(""), nil
		}
	}
	var in string
	if op.In == vectors.Octets {
		in = string(req.InHex)
	} else {
		s, ok := reference.UTF8(req.In)
		if !ok {
			return unsupported("the input holds a lone surrogate, which a Go string cannot carry"), nil
		}
		in = s
	}
	out, err := fn(in)
	if err != nil {
		kind := "Error"
		if len(op.Errors) > 0 {
			kind = op.Errors[0]
		}
		return vectors.Response{Error: kind, Message: err.Error()}, nil
	}
	if op.Out == vectors.Octets {
		return vectors.Response{OutHex: []byte(out)}, nil
	}
	u, ok := reference.UTF16(out)
	if !ok {
		return vectors.Response{}, &AnswerError{Op: req.Op, Kind: "output", Reason: "returned " + show.QuoteOctets([]byte(out)) + ", which is not valid UTF-8, for a text result", Value: []byte(out)}
	}
	return vectors.Response{Out: u}, nil
}

// An AnswerError is why an implementation gave no answer to a request:
// the error of Do, and so Result.Err of a vector that fails with no
// answer. The in-process adapters return it, and [Results] makes one of a
// panic. (A subprocess runner has errors of its own: a crash, a timeout.)
type AnswerError struct {
	Op vectors.Op
	// Kind says what went wrong:
	//   - "input": the adapter cannot pass the request to its
	//     implementation, such as text with a lone surrogate for an op that
	//     takes the text's UTF-8, or an unknown encode set. Vectors never
	//     make one.
	//   - "output": the answer cannot be put in the vector format, such as
	//     a text result that is not valid UTF-8.
	//   - "panic": Do panicked; Value is what it panicked with, and Stack
	//     the goroutine's stack where it panicked.
	//
	// For "output", Value is the answer as it was, when the adapter has
	// it: the octets ([]byte) of text that is not valid UTF-8.
	Kind   string
	Reason string
	Value  any
	// Stack is, for a panic, the stack of the goroutine that panicked
	// (runtime/debug.Stack), from the function that called panic down;
	// Error leaves it out, and the full description of a failing vector
	// (VectorError, Run) shows it.
	Stack string
}

// IncidentKind returns Kind: what report.ErrorKind, and so every report's
// causes, name the error by.
func (e *AnswerError) IncidentKind() string { return e.Kind }

// Error returns the op and the reason, or what it panicked with.
func (e *AnswerError) Error() string {
	if e.Kind == "panic" {
		return fmt.Sprintf("%s panicked: %v", e.Op, e.Value)
	}
	return string(e.Op) + ": " + e.Reason
}

// unsupported returns an Unsupported answer with an optional reason.
func unsupported(why string) vectors.Response {
	return vectors.Response{Unsupported: true, Message: why}
}
