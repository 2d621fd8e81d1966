package conformance

import (
	"context"

	"github.com/pctest/pctest/vectors"
)

// An Implementation answers the ops of the vector format (see
// [vectors.Ops]). Text travels as UTF-16 code units and octets as bytes.
//
// Do answers one request. For an op it does not have, it returns a
// [vectors.Response] with Unsupported set, so that the op is reported as
// skipped, never as passed. A non-nil error means the implementation could
// not answer at all (a crashed or hung subprocess, a protocol error); it is
// reported as a failure of that vector with the error's text. Do must be safe
// for concurrent use.
type Implementation interface {
	Name() string
	Do(ctx context.Context, req vectors.Request) (vectors.Response, error)
}
