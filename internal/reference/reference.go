// Package reference answers a request of the vector format with pctest's
// reference codec (package codec): each op of vectors.Ops goes to the codec
// function for the spec step its vectors.Op.Doc names. It is the one home
// of that mapping. conformance.Reference wraps it as an Implementation; the
// goja fuzz targets (fuzz/gojadiff) take the spec's answers from it
// directly, so that their fuzzing binary does not link package conformance
// and what it brings (rapid, the reports), whose coverage counters the
// fuzz engine would copy after every execution.
package reference

import (
	"errors"

	"github.com/pctest/pctest/codec"
	"github.com/pctest/pctest/vectors"
)

// An Error is why the reference codec gave no answer to a request:
//   - Kind "input": the request cannot be passed to the codec (text with a
//     lone surrogate for an op that takes the text's UTF-8, an unknown
//     encode set or encoding label). No vector makes one.
//   - Kind "output": the codec returned text that is not valid UTF-8 for a
//     text result; Value holds its octets ([]byte).
//
// conformance.Reference returns it as a conformance.AnswerError of the same
// Op, Kind, Reason and Value.
type Error struct {
	Op     vectors.Op
	Kind   string
	Reason string
	Value  any
}

// Error returns the op and the reason.
func (e *Error) Error() string { return string(e.Op) + ": " + e.Reason }

// AppendDo answers req with the reference codec. The code units of the
// answer to an ECMAScript op (encodeURI, encodeURIComponent, decodeURI,
// decodeURIComponent, escape, unescape) are appended to dst, the answer's
// Out being that part of the extended buffer, which it returns; on an
// error, or for another op, dst comes back as it was. A caller answering
// many requests gives it the same memory again once done with the
// answers: they then cost no allocation.
//
// The ECMAScript ops take the UTF-16 text as it is, lone surrogates
// included; a URIError of the codec is the answer's error kind URIError.
// The other text ops take the text's UTF-8 (an *Error of Kind "input" when
// it has a lone surrogate, and so none, or names an unknown set or
// label). An op AppendDo does not know is answered Unsupported. A text
// result that is not valid UTF-8 is an *Error of Kind "output"; any other
// error is the codec's fault, returned as it is.
func AppendDo(req vectors.Request, dst []uint16) (vectors.Response, []uint16, error) {
	k := len(dst)
	// The encoders' ASCII goes to memory on the stack first (most
	// answers fit).
	var buf [256]byte
	var b []byte
	var err error
	switch req.Op {
	case vectors.OpEncodeURI:
		b, err = codec.AppendEncodeURI(buf[:0], req.In)
		dst = AppendASCII(dst, b)
	case vectors.OpEncodeURIComponent:
		b, err = codec.AppendEncodeURIComponent(buf[:0], req.In)
		dst = AppendASCII(dst, b)
	case vectors.OpDecodeURI:
		dst, err = codec.AppendDecodeURI(dst, req.In)
	case vectors.OpDecodeURIComponent:
		dst, err = codec.AppendDecodeURIComponent(dst, req.In)
	case vectors.OpEscape: // ECMA-262 5.1 Annex B.2.1
		dst = AppendASCII(dst, codec.AppendEscape(buf[:0], req.In))
	case vectors.OpUnescape: // ECMA-262 5.1 Annex B.2.2
		dst = codec.AppendUnescape(dst, req.In)
	default:
		if _, ok := req.Op.Info(); !ok {
			return vectors.Response{Unsupported: true, Message: "unknown op"}, dst, nil
		}
		resp, err := octets(req)
		return resp, dst, err
	}
	if err != nil {
		resp, err := uriError(err)
		return resp, dst[:k], err
	}
	out := dst[k:len(dst):len(dst)]
	if out == nil {
		out = []uint16{}
	}
	return vectors.Response{Out: out}, dst, nil
}

// uriError answers a *codec.URIError as the error kind URIError; any other
// error is the codec's fault and is returned as it is.
func uriError(err error) (vectors.Response, error) {
	if _, ok := err.(*codec.URIError); ok { // what the codec returns: no errors.As, which allocates
		return vectors.Response{Error: vectors.ErrURIError, Message: err.Error()}, nil
	}
	var ue *codec.URIError
	if errors.As(err, &ue) {
		return vectors.Response{Error: vectors.ErrURIError, Message: err.Error()}, nil
	}
	return vectors.Response{}, err
}
