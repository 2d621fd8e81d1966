package vectors

import (
	"bytes"
	"slices"
)

// SameAnswer reports whether got answers op as want does: both
// Unsupported, the same error kind (the message is not compared), or no
// error and the same output of the op's output Kind and none of the other
// Kind. For an op the format does not know, both outputs are compared. An
// empty output matches an expected empty output whether or not it is nil.
//
// It is how a vector's expected answer is compared with an
// implementation's (package conformance), and how the fuzzer compares two
// implementations.
func SameAnswer(op Op, want, got Response) bool {
	if want.Unsupported || got.Unsupported {
		return want.Unsupported == got.Unsupported
	}
	if want.Error != "" || got.Error != "" {
		return want.Error == got.Error
	}
	kind := Kind(0)
	if o, ok := op.Info(); ok {
		kind = o.Out
	}
	switch kind {
	case Text:
		return slices.Equal(want.Out, got.Out) && len(got.OutHex) == 0
	case Octets:
		return bytes.Equal(want.OutHex, got.OutHex) && len(got.Out) == 0
	}
	return slices.Equal(want.Out, got.Out) && bytes.Equal(want.OutHex, got.OutHex)
}
