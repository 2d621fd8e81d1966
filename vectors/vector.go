package vectors

import (
	"maps"
	"slices"
)

// A Request is what an implementation is asked: an op and its input. It is
// the shape of both a vector's input and the runner's request to a testee.
type Request struct {
	Op Op
	// In is the text input (UTF-16 code units, lone surrogates allowed) of an
	// op whose input Kind is Text; InHex is the octet input of one whose
	// input Kind is Octets. The other is nil.
	In    []uint16
	InHex []byte
	// Args holds the op's extra parameters, such as "set" for
	// percentEncodeSet.
	Args map[string]string
}

// A Response is what an implementation answers: exactly one of a text
// result (Out), an octet result (OutHex), an error kind (Error), or
// Unsupported.
type Response struct {
	Out    []uint16
	OutHex []byte
	// Error is an error kind such as ErrURIError; empty for a result.
	Error string
	// Message is an optional human-readable detail of Error, or why an
	// Unsupported answer declined the input (testee/PROTOCOL.md).
	Message string
	// Unsupported says the implementation does not have this op.
	Unsupported bool
}

// A Vector is one test: a request and the response the spec requires.
type Vector struct {
	// ID is stable, unique and readable, such as
	// "ecma.decodeURI.reserved-escape-keeps-case".
	ID string
	Request
	// Expect is the response the spec requires: Out or OutHex (by the op's
	// output Kind), or Error.
	Expect Response
	// Ref names the spec and section or step, such as
	// "ECMA-262 5.1 §15.1.3 Decode step 4.d.vii.5".
	Ref string
	// Level is LevelMust or LevelShould (RFC 2119), or
	// LevelImplementationDefined when the input lies outside the domain of
	// the clause Ref names and Expect is only the suite's recommendation
	// (README.md, "Levels").
	Level string
	// Note is optional prose.
	Note string
	// Source is optional: an https URL of the upstream report, thread or
	// fix the vector comes from (a bug users reported against some
	// implementation), such as "https://github.com/psf/requests/issues/5461".
	// Like Ref and Note it is not part of what the vector asks and expects
	// ([Vector.Digest]).
	Source string
	// File and Line say where the vector stands: the vectors file's name and
	// the 1-based line of its opening brace.
	File string
	Line int
}

// Levels of a vector (README.md, "Levels").
const (
	// LevelMust: the expected value is what the spec in Ref requires.
	LevelMust = "must"
	// LevelShould: the expected value rests on a SHOULD of that spec.
	LevelShould = "should"
	// LevelImplementationDefined: the spec leaves the answer open for this
	// input (it is not in the domain of the clause Ref names, such as a
	// '%' that starts no escape given to a URI normalizer). Expect is the
	// suite's recommendation, Note says why; a different answer is not a
	// failure unless the vectors of this level are asked for by name.
	LevelImplementationDefined = "implementation-defined"
)

// Levels returns the levels a vector may have, strongest first.
func Levels() []string {
	return []string{LevelMust, LevelShould, LevelImplementationDefined}
}

// Clone returns a copy of r that shares no memory with it.
func (r Request) Clone() Request {
	r.In, r.InHex = slices.Clone(r.In), slices.Clone(r.InHex)
	r.Args = maps.Clone(r.Args)
	return r
}

// Clone returns a copy of r that shares no memory with it.
func (r Response) Clone() Response {
	r.Out, r.OutHex = slices.Clone(r.Out), slices.Clone(r.OutHex)
	return r
}
