package conformance

import (
	"context"
	"errors"

	"github.com/pctest/pctest/codec"
	"github.com/pctest/pctest/vectors"
)

// Reference returns pctest's reference codec (package codec) as an
// Implementation named "reference" that answers every op of vectors.Ops.
// It is what the vectors are checked against and what the runner's fuzzer
// takes as the spec's answer.
//
// The ECMAScript ops take the UTF-16 text as it is, lone surrogates
// included. The other text ops take the text's UTF-8; a request whose text
// holds a lone surrogate has none, and Do returns an *AnswerError of Kind
// "input" (no vector makes one). So does an unknown encode set name in
// percentEncodeSet, and an encoding label the WHATWG Encoding Standard does
// not know in queryEncode, queryEncodeScheme and formEncodeLegacy.
func Reference() Implementation { return reference{} }

type reference struct{}

// Name returns "reference".
func (reference) Name() string { return "reference" }

// Do answers req with the reference codec.
func (r reference) Do(ctx context.Context, req vectors.Request) (vectors.Response, error) {
	resp, _, err := r.AppendDo(ctx, req, nil)
	return resp, err
}

// AppendDo is Do, but that the code units of the answer to an ECMAScript
// op (encodeURI, encodeURIComponent, decodeURI, decodeURIComponent,
// escape, unescape) are appended to dst, the answer's Out being that part
// of the extended buffer, which it returns; on an error, or for another op,
// it returns Do's answer and dst as it was. A caller answering many
// requests gives it the same memory again once done with the answers, as
// the fuzz engine does: the answers then cost no allocation.
func (reference) AppendDo(ctx context.Context, req vectors.Request, dst []uint16) (vectors.Response, []uint16, error) {
	if err := ctx.Err(); err != nil {
		return vectors.Response{}, dst, err
	}
	k := len(dst)
	// The encoders' ASCII goes to memory on the stack first (most
	// answers fit).
	var buf [256]byte
	var b []byte
	var err error
	switch req.Op {
	case vectors.OpEncodeURI:
		b, err = codec.AppendEncodeURI(buf[:0], req.In)
		dst = appendASCII(dst, b)
	case vectors.OpEncodeURIComponent:
		b, err = codec.AppendEncodeURIComponent(buf[:0], req.In)
		dst = appendASCII(dst, b)
	case vectors.OpDecodeURI:
		dst, err = codec.AppendDecodeURI(dst, req.In)
	case vectors.OpDecodeURIComponent:
		dst, err = codec.AppendDecodeURIComponent(dst, req.In)
	case vectors.OpEscape: // ECMA-262 5.1 Annex B.2.1
		dst = appendASCII(dst, codec.AppendEscape(buf[:0], req.In))
	case vectors.OpUnescape: // ECMA-262 5.1 Annex B.2.2
		dst = codec.AppendUnescape(dst, req.In)
	default:
		if _, ok := req.Op.Info(); !ok {
			return unsupported("unknown op"), dst, nil
		}
		resp, err := referenceOctets(req)
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
