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
// holds a lone surrogate has none, and Do returns an *InputError (no
// vector makes one). An unknown encode set name in percentEncodeSet is an
// *InputError too, and so is an encoding label the WHATWG Encoding Standard
// does not know in queryEncode and formEncodeLegacy.
func Reference() Implementation { return reference{} }

type reference struct{}

// Name returns "reference".
func (reference) Name() string { return "reference" }

// Do answers req with the reference codec.
func (reference) Do(ctx context.Context, req vectors.Request) (vectors.Response, error) {
	if err := ctx.Err(); err != nil {
		return vectors.Response{}, err
	}
	// The encoders write to memory on the stack (most answers fit), and
	// only the code units are allocated.
	var buf [256]byte
	switch req.Op {
	case vectors.OpEncodeURI:
		return ecmaEncoded(codec.AppendEncodeURI(buf[:0], req.In))
	case vectors.OpEncodeURIComponent:
		return ecmaEncoded(codec.AppendEncodeURIComponent(buf[:0], req.In))
	case vectors.OpDecodeURI:
		return ecmaDecoded(codec.DecodeURI(req.In))
	case vectors.OpDecodeURIComponent:
		return ecmaDecoded(codec.DecodeURIComponent(req.In))
	case vectors.OpEscape: // ECMA-262 5.1 Annex B.2.1
		return vectors.Response{Out: asciiUnits(codec.AppendEscape(buf[:0], req.In))}, nil
	case vectors.OpUnescape: // ECMA-262 5.1 Annex B.2.2
		return vectors.Response{Out: codec.AppendUnescape([]uint16{}, req.In)}, nil
	}
	if _, ok := req.Op.Info(); !ok {
		return unsupported("unknown op"), nil
	}
	return referenceOctets(req)
}

func ecmaEncoded(s []byte, err error) (vectors.Response, error) {
	if err != nil {
		return uriError(err)
	}
	return vectors.Response{Out: asciiUnits(s)}, nil
}

func ecmaDecoded(u []uint16, err error) (vectors.Response, error) {
	if err != nil {
		return uriError(err)
	}
	if u == nil {
		u = []uint16{}
	}
	return vectors.Response{Out: u}, nil
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
