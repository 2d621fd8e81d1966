package conformance

import (
	"context"
	"errors"

	"github.com/pctest/pctest/internal/reference"
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
func Reference() Implementation { return referenceImpl{} }

// referenceImpl is Reference: package internal/reference, where the
// mapping of each op to the codec lives, with its errors as AnswerErrors.
type referenceImpl struct{}

// Name returns "reference".
func (referenceImpl) Name() string { return "reference" }

// Do answers req with the reference codec.
func (r referenceImpl) Do(ctx context.Context, req vectors.Request) (vectors.Response, error) {
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
func (referenceImpl) AppendDo(ctx context.Context, req vectors.Request, dst []uint16) (vectors.Response, []uint16, error) {
	if err := ctx.Err(); err != nil {
		return vectors.Response{}, dst, err
	}
	resp, dst, err := reference.AppendDo(req, dst)
	if err != nil {
		err = answerError(err)
	}
	return resp, dst, err
}

// answerError returns a *reference.Error as an *AnswerError of the same
// Op, Kind, Reason and Value, and any other error (the codec's fault) as
// it is. It is apart from AppendDo, which must not allocate: errors.As
// moves its target to the heap.
func answerError(err error) error {
	var re *reference.Error
	if errors.As(err, &re) {
		return &AnswerError{Op: re.Op, Kind: re.Kind, Reason: re.Reason, Value: re.Value}
	}
	return err
}
