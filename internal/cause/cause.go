// Package cause groups failures into causes: the same op and the same
// relation between the expected and the actual answer, such as "every
// escape left undecoded" or "hex digits in lowercase". A badly broken
// implementation fails hundreds of vectors for a handful of reasons; the
// reports of pctest (conformance.Run and Check, the text and HTML reports
// of cmd/pctest) list those reasons, biggest first, each with its count,
// its shortest example and the spec step it involves.
//
// [Classify] iterates [Table], a fixed and documented list of rules, in
// order: the first rule that holds names the relation. The last, a
// generic relation ("a different answer"), holds always. The relation ids
// are also what registries of known divergences (vectors/deviations.json,
// the survey's verdicts.json files) name in their "relation" field.
package cause

import (
	"bytes"
	"cmp"
	"fmt"
	"slices"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/pctest/pctest/internal/show"
	"github.com/pctest/pctest/vectors"
)

// A Failure is one vector (or one fuzz finding) that an implementation
// failed: the request, the answer expected and the answer given.
type Failure struct {
	// ID names the failure in reports: a vector's id.
	ID  string
	Req vectors.Request
	// Want is the expected answer; Got the actual one, unless NoAnswer is
	// set: then the implementation gave none, and NoAnswer says why.
	Want, Got vectors.Response
	NoAnswer  string
	// NoAnswerKind is "panic", "output" (an answer the vector format
	// cannot hold, such as text that is not valid UTF-8), another kind of
	// incident ("crash", "timeout", "protocol": the failures of one kind
	// are one cause), or "" (the cause is then NoAnswer's first line).
	NoAnswerKind string
	// Ref is the spec reference of the vector, if any.
	Ref string
	// Level is the vector's level (vectors.Levels), or "" (a fuzz
	// finding has none). Group keeps failures of different levels apart.
	Level string
}

// A Relation is how an actual answer departs from the expected one.
type Relation struct {
	// ID is a short stable name, such as "lowercase-hex".
	ID string
	// Title says it in words, for a person. Relations about error kinds
	// have the kinds in it ("URIError expected, got a string").
	Title string
	// Step is the spec step (or rule) that the relation departs from.
	Step string
}

// The relations of [Relations], in the order Classify tries them.
var (
	NoAnswer = Relation{"no-answer", "no answer: %s",
		"the implementation must answer every request (PROTOCOL.md; conformance.Implementation)"}
	Panicked = Relation{"panic", "panicked",
		"the implementation must answer every request, with an error kind when the op has one"}
	BadText = Relation{"invalid-utf8", "answered text that is not valid UTF-8",
		"a text result is a string: Go strings are UTF-8 here (conformance.Funcs)"}
	WrongError = Relation{"wrong-error", "%s expected, got %s",
		"the op's error kinds (vectors.Op.Errors)"}
	LoneSurrogateEncoded = Relation{"lone-surrogate-encoded", "%s expected for a lone surrogate, got a string",
		"ECMA-262 5.1 §15.1.3 Encode step 4.d.i and 4.d.iii: a lone surrogate throws URIError"}
	ReplacedInvalid = Relation{"replaced-invalid", "answered U+FFFD for octets that are not UTF-8 where %s was expected",
		"ECMA-262 5.1 §15.1.3 Decode step 4.d.vii: octets that are not the UTF-8 of a code point throw URIError, none is replaced"}
	OverlongAccepted = Relation{"overlong-accepted", "decoded an overlong UTF-8 form where %s was expected",
		"ECMA-262 5.1 §15.1.3 Decode step 4.d.vii.8; RFC 3629 §3: overlong forms are not UTF-8"}
	SurrogateUTF8Accepted = Relation{"surrogate-utf8-accepted", "decoded a UTF-8-encoded surrogate (ED A0–BF) where %s was expected",
		"ECMA-262 5.1 §15.1.3 Decode step 4.d.vii.8; RFC 3629 §3: D800–DFFF are not UTF-8"}
	MalformedAccepted = Relation{"malformed-accepted", "passed a malformed '%%' through where %s was expected",
		"ECMA-262 5.1 §15.1.3 Decode steps 4.d.ii and 4.d.iii; RFC 3986 §2.1: '%' must start two hex digits"}
	ErrorExpected = Relation{"error-expected", "%s expected, got %s",
		"the op's error clause; see the example's spec reference"}
	EndEscapeRejected = Relation{"end-escape-rejected", "%s on an escape that ends the input (off by one)",
		"ECMA-262 5.1 §15.1.3 Decode step 4.d.i (k+2 < strLen); RFC 3986 §2.1"}
	UnexpectedError = Relation{"unexpected-error", "%s where an answer was expected",
		"the op's answer; see the example's spec reference"}
	Unchanged = Relation{"unchanged", "returned the input unchanged",
		"the op changes this input; see the example's spec reference"}
	Undecoded = Relation{"undecoded", "every escape left undecoded",
		"ECMA-262 5.1 §15.1.3 Decode step 4.d; RFC 3986 §2.1; WHATWG URL §1.3 percent-decode"}
	LowercaseHex = Relation{"lowercase-hex", "hex digits in lowercase",
		"RFC 3986 §2.1 (uppercase hex digits); ECMA-262 5.1 §15.1.3 Encode step 4.d.v.3 (\"two uppercase hexadecimal digits\")"}
	HexCaseChanged = Relation{"hex-case-changed", "changed the hex case of an escape that must be kept as written",
		"ECMA-262 5.1 §15.1.3 Decode step 4.d.vi.3 (a reserved escape is kept as its substring); RFC 3986 §6.2.2.1"}
	FFFDForSurrogate = Relation{"fffd-for-surrogate", "U+FFFD where a lone surrogate was expected",
		"a lone surrogate is a code unit like any other: ECMA-262 5.1 §15.1.3 Decode step 4.c copies it as it is, Annex B.2.1 escape writes it as %uXXXX"}
	ReplacementCount = Relation{"replacement-count", "a different number of U+FFFD",
		"WHATWG Encoding §4.3 and §8.1.1: one U+FFFD per maximal subpart (Unicode §3.9)"}
	DoubleDecoded = Relation{"double-decoded", "decoded twice",
		"ECMA-262 5.1 §15.1.3 Decode; RFC 3986 §2.4: decode once, the result is not decoded again"}
	DoubleEncoded = Relation{"double-encoded", "encoded the '%' of an existing escape (double encoding)",
		"RFC 3986 §2.4: an existing escape is not encoded again; RFC 3987 §3.1"}
	PlusForSpace = Relation{"plus-not-space", "'+' kept where a space was expected",
		"WHATWG URL §5.1 application/x-www-form-urlencoded parser: '+' is a space"}
	PlusAsSpace = Relation{"plus-as-space", "decoded '+' as a space",
		"RFC 3986 §2.1, ECMA-262 §15.1.3: '+' is an ordinary character, not a space"}
	SpaceAs20 = Relation{"space-as-%20", "a space written as %20 where '+' was expected",
		"WHATWG URL §5.2 serializer; Go net/url QueryEscape: a space is '+'"}
	SpaceAsPlus = Relation{"space-as-plus", "a space written as '+' where %20 was expected",
		"RFC 3986 §2.1: a space is %20"}
	Latin1Encoded = Relation{"latin1-encoded", "encoded characters as Latin-1 octets instead of UTF-8",
		"ECMA-262 5.1 §15.1.3 Encode step 4.d.v; RFC 3986 §2.5: characters are encoded as UTF-8"}
	CESU8Encoded = Relation{"cesu8-encoded", "encoded a surrogate pair as two 3-octet sequences (CESU-8)",
		"ECMA-262 5.1 §15.1.3 Encode step 4.d.iv: a pair is one code point, four UTF-8 octets"}
	Latin1Decoded = Relation{"latin1-decoded", "decoded octets as Latin-1 instead of UTF-8",
		"ECMA-262 5.1 §15.1.3 Decode step 4.d.vii; WHATWG URL §5.1 (UTF-8 decode without BOM)"}
	KeptMustEncode = Relation{"kept-must-encode", "kept a character that must be encoded",
		"the op's encode set; see the example's spec reference"}
	EncodedMustKeep = Relation{"encoded-must-keep", "encoded a character that must be kept",
		"the op's unreserved set; see the example's spec reference"}
	DecodedReserved = Relation{"decoded-reserved", "decoded a reserved escape",
		"ECMA-262 5.1 §15.1.3.1 decodeURI (reservedURISet plus '#'); RFC 3986 §2.2 and §6.2.2.2: escapes of reserved characters are kept"}
	LeftEscape = Relation{"left-escape", "left an escape undecoded",
		"ECMA-262 5.1 §15.1.3 Decode step 4.d; RFC 3986 §6.2.2.2: escapes of unreserved characters are decoded"}
	FalseEquivalent = Relation{"false-equivalent", "said two equivalent strings differ",
		"RFC 3986 §6.2.2.1 (hex case) and §6.2.2.2 (unreserved escapes)"}
	TrueEquivalent = Relation{"true-equivalent", "said two different strings are equivalent",
		"RFC 3986 §6.2.2"}
	Different = Relation{"different", "a different answer",
		"see the example's spec reference"}
)

// A Rule is one line of the table Classify tries: the relation it names
// and the condition under which it holds. A relation may have several
// rules (an encoder that kept a '%' and one that kept other characters both
// "kept a character that must be encoded").
type Rule struct {
	Relation Relation
	// When says the condition in words, for the documentation.
	When string
	// holds reports whether the rule holds for f, and returns the
	// arguments of the relation's title.
	holds func(f *facts) (bool, []any)
}

// Table is the fixed, ordered table that Classify iterates: the first rule
// that holds names the failure's cause. The last rule, Different, holds
// always. Relations lists the table's relations.
var Table = []Rule{
	{Panicked, "the implementation panicked", func(f *facts) (bool, []any) { return f.NoAnswerKind == "panic", nil }},
	{BadText, "it answered output the vector format cannot hold", func(f *facts) (bool, []any) { return f.NoAnswerKind == "output", nil }},
	{NoAnswer, "another kind of incident (crash, timeout, protocol)", func(f *facts) (bool, []any) {
		return f.NoAnswerKind != "", []any{f.NoAnswerKind}
	}},
	{NoAnswer, "no answer, for the reason given", func(f *facts) (bool, []any) {
		return f.NoAnswer != "", []any{firstLine(f.NoAnswer)}
	}},
	{WrongError, "both are errors, of different kinds", func(f *facts) (bool, []any) {
		return f.want.Error != "" && f.got.Error != "", []any{f.want.Error, f.got.Error}
	}},
	{LoneSurrogateEncoded, "an encoder answered an input with a lone surrogate", func(f *facts) (bool, []any) {
		return f.errorExpected() && f.dir == encodes && show.HasLoneSurrogate(f.in), []any{f.want.Error}
	}},
	{Latin1Decoded, "a decoder answered, as a Latin-1 decoder would, where an error was expected", func(f *facts) (bool, []any) {
		return f.errorExpected() && f.dir == decodes && isLatin1Decode(f.op, f.in, outUnits(f.op, f.got)), nil
	}},
	{MalformedAccepted, "a decoder answered an input holding a malformed '%' (which answering at all passed over, whatever else the input holds)", func(f *facts) (bool, []any) {
		return f.errorExpected() && f.dir == decodes && hasMalformed(f.in), []any{f.want.Error}
	}},
	{ReplacedInvalid, "a decoder answered, with more U+FFFD than its input stands for, an input with no malformed '%'", func(f *facts) (bool, []any) {
		return f.errorExpected() && f.dir == decodes && countUnit(f.g, 0xFFFD) > inputFFFD(f.in, f.g), []any{f.want.Error}
	}},
	{OverlongAccepted, "a decoder answered an input holding an overlong form, and no malformed '%'", func(f *facts) (bool, []any) {
		return f.errorExpected() && f.dir == decodes && hasOverlong(f.in), []any{f.want.Error}
	}},
	{SurrogateUTF8Accepted, "a decoder answered an input holding a UTF-8-encoded surrogate, and no malformed '%'", func(f *facts) (bool, []any) {
		return f.errorExpected() && f.dir == decodes && hasSurrogateUTF8(f.in), []any{f.want.Error}
	}},
	{ErrorExpected, "an error was expected, and any other answer came", func(f *facts) (bool, []any) {
		return f.want.Error != "", []any{f.want.Error, f.gotWhat()}
	}},
	{EndEscapeRejected, "a decoder threw on an input that ends with an escape", func(f *facts) (bool, []any) {
		return f.got.Error != "" && f.dir == decodes && endsWithEscape(f.in), []any{f.got.Error}
	}},
	{UnexpectedError, "an error where an answer was expected", func(f *facts) (bool, []any) {
		return f.got.Error != "", []any{f.got.Error}
	}},
	{Different, "either side is \"unsupported\"", func(f *facts) (bool, []any) {
		return f.want.Unsupported || f.got.Unsupported, nil
	}},
	{FalseEquivalent, "equivalent: true expected, false given", func(f *facts) (bool, []any) {
		return f.op == vectors.OpEquivalent && equalString(f.w, "true") && equalString(f.g, "false"), nil
	}},
	{TrueEquivalent, "equivalent: false expected, true given", func(f *facts) (bool, []any) {
		return f.op == vectors.OpEquivalent && equalString(f.w, "false") && equalString(f.g, "true"), nil
	}},
	{LowercaseHex, "the answer is the expected one with its hex digits in lowercase", func(f *facts) (bool, []any) {
		return slices.Equal(mapHex(f.w, toLower), f.g), nil
	}},
	{HexCaseChanged, "the answers differ in the case of hex digits only", func(f *facts) (bool, []any) {
		return slices.Equal(mapHex(f.w, toUpper), mapHex(f.g, toUpper)), nil
	}},
	{FFFDForSurrogate, "the answer is the expected one with every lone surrogate as U+FFFD", func(f *facts) (bool, []any) {
		return show.HasLoneSurrogate(f.w) && slices.Equal(show.LoneToFFFD(f.w), f.g), nil
	}},
	{FFFDForSurrogate, "escape's answer is the expected one with every %uXXXX of a lone surrogate as %uFFFD (its answer for the input with U+FFFD in its place)", func(f *facts) (bool, []any) {
		w, ok := loneEscapesToFFFD(f.w)
		return f.op == vectors.OpEscape && ok && slices.Equal(w, f.g), nil
	}},
	{ReplacementCount, "the answers differ in their U+FFFD only", func(f *facts) (bool, []any) {
		return slices.Contains(f.g, 0xFFFD) && slices.Contains(f.w, 0xFFFD) &&
			slices.Equal(without(f.w, 0xFFFD), without(f.g, 0xFFFD)), nil
	}},
	{DoubleDecoded, "a decoder answered the expected answer with its ASCII escapes decoded, on an input holding %25", func(f *facts) (bool, []any) {
		return f.dir == decodes && slices.Equal(decodeASCII(f.w), f.g) && containsFold(f.in, "%25"), nil
	}},
	{DoubleEncoded, "an encoder answered more %25 than expected, and is otherwise the same", func(f *facts) (bool, []any) {
		return f.dir == encodes && count(f.g, "%25") > count(f.w, "%25") && slices.Equal(collapse25(f.w), collapse25(f.g)), nil
	}},
	{KeptMustEncode, "an encoder answered fewer %25 than expected (kept the '%' of what looks like an escape), and is otherwise the same", func(f *facts) (bool, []any) {
		return f.dir == encodes && count(f.w, "%25") > count(f.g, "%25") && slices.Equal(collapse25(f.w), collapse25(f.g)), nil
	}},
	{PlusForSpace, "the answer has '+' where the expected one has spaces, and nothing else differs", func(f *facts) (bool, []any) {
		return onlySubst(f.w, f.g, ' ', '+'), nil
	}},
	{PlusAsSpace, "the answer has spaces where the expected one has '+', and nothing else differs", func(f *facts) (bool, []any) {
		return onlySubst(f.w, f.g, '+', ' '), nil
	}},
	{SpaceAs20, "the answer is the expected one with every '+' as %20", func(f *facts) (bool, []any) {
		return slices.Equal(replace(f.w, "+", "%20"), f.g), nil
	}},
	{SpaceAsPlus, "the answer is the expected one with every %20 as '+'", func(f *facts) (bool, []any) {
		return slices.Equal(replace(f.w, "%20", "+"), f.g), nil
	}},
	{Undecoded, "a decoder answered its input, which holds escapes, unchanged", func(f *facts) (bool, []any) {
		return f.inUnchanged() && f.dir == decodes && countEscapes(f.in) > 0, nil
	}},
	{Unchanged, "an op that neither encodes nor decodes answered its input unchanged", func(f *facts) (bool, []any) {
		return f.inUnchanged() && f.dir == other, nil
	}},
	{Latin1Encoded, "an encoder's octets, read as Latin-1, are the text whose UTF-8 is expected", func(f *facts) (bool, []any) {
		return f.dir == encodes && latin1Equal(f.gOct, f.wOct) && !bytes.Equal(f.gOct, f.wOct), nil
	}},
	{CESU8Encoded, "an encoder's octets hold a UTF-8-encoded surrogate that the expected ones do not", func(f *facts) (bool, []any) {
		return f.dir == encodes && hasSurrogateUTF8Octets(f.gOct) && !hasSurrogateUTF8Octets(f.wOct), nil
	}},
	{CESU8Encoded, "a decoder that answers octets holds a UTF-8-encoded surrogate in them that the expected ones do not (its literal text written out as CESU-8)", func(f *facts) (bool, []any) {
		o, ok := f.op.Info()
		return ok && o.Out == vectors.Octets && f.dir == decodes && f.got.Error == "" &&
			hasSurrogateUTF8Octets(f.got.OutHex) && !hasSurrogateUTF8Octets(f.want.OutHex), nil
	}},
	{Latin1Decoded, "a decoder answered its input with every escape decoded as a Latin-1 character", func(f *facts) (bool, []any) {
		return f.dir == decodes && isLatin1Decode(f.op, f.in, f.g), nil
	}},
	{KeptMustEncode, "an encoder's answer stands for the same octets with fewer escapes", func(f *facts) (bool, []any) {
		return f.sameOctets() && f.gEsc < f.wEsc && f.dir == encodes, nil
	}},
	{EncodedMustKeep, "an encoder's answer stands for the same octets with more escapes", func(f *facts) (bool, []any) {
		return f.sameOctets() && f.gEsc > f.wEsc && f.dir == encodes, nil
	}},
	{DecodedReserved, "an answer that stands for the same octets with fewer escapes", func(f *facts) (bool, []any) {
		return f.sameOctets() && f.gEsc < f.wEsc, nil
	}},
	{LeftEscape, "an answer that stands for the same octets with more escapes", func(f *facts) (bool, []any) {
		return f.sameOctets() && f.gEsc > f.wEsc, nil
	}},
	{Different, "none of the above", func(*facts) (bool, []any) { return true, nil }},
}

// Relations lists the relations of Table, each once, in the order of its
// first rule; Different, the fallback, is last.
var Relations = func() []Relation {
	var out []Relation
	for _, r := range Table {
		if r.Relation.ID != Different.ID && !slices.ContainsFunc(out, func(o Relation) bool { return o.ID == r.Relation.ID }) {
			out = append(out, r.Relation)
		}
	}
	return append(out, Different)
}()

// Lookup returns the relation of Relations whose ID is id.
func Lookup(id string) (Relation, bool) {
	i := slices.IndexFunc(Relations, func(r Relation) bool { return r.ID == id })
	if i < 0 {
		return Relation{}, false
	}
	return Relations[i], true
}

// direction says whether an op encodes, decodes or does something else.
type direction uint8

const (
	other direction = iota
	encodes
	decodes
)

var directions = map[vectors.Op]direction{
	vectors.OpEncodeURI: encodes, vectors.OpEncodeURIComponent: encodes,
	vectors.OpPercentEncode: encodes, vectors.OpPercentEncodeSet: encodes,
	vectors.OpEncodeNoDouble: encodes, vectors.OpFormEncode: encodes,
	vectors.OpGoQueryEscape: encodes, vectors.OpGoPathEscape: encodes,
	vectors.OpIRIToURI: encodes, vectors.OpEscape: encodes,
	vectors.OpQueryEncode: encodes, vectors.OpFormEncodeLegacy: encodes, vectors.OpQueryEncodeScheme: encodes,
	vectors.OpDecodeURI: decodes, vectors.OpDecodeURIComponent: decodes,
	vectors.OpPercentDecode: decodes, vectors.OpPercentDecodeLenient: decodes,
	vectors.OpFormDecode: decodes, vectors.OpGoQueryUnescape: decodes,
	vectors.OpGoPathUnescape: decodes, vectors.OpURIToIRI: decodes, vectors.OpUnescape: decodes,
	vectors.OpUTF8DecodeReplace: decodes,
}

// with returns r with its title's verbs filled in.
func (r Relation) with(args ...any) Relation {
	r.Title = fmt.Sprintf(r.Title, args...)
	return r
}

// facts are what the rules of Table look at: the failure, and its input
// and answers as units and as the octets they stand for.
type facts struct {
	Failure
	op         vectors.Op
	dir        direction
	in         []uint16
	want, got  vectors.Response
	w, g       []uint16 // the answers' output as units
	wOct, gOct []byte   // the octets they stand for (decodedOctets)
	wEsc, gEsc int      // how many escapes they hold
}

func newFacts(f Failure) *facts {
	x := &facts{Failure: f, op: f.Req.Op, dir: directions[f.Req.Op], in: inputUnits(f.Req), want: f.Want, got: f.Got}
	x.w, x.g = outUnits(x.op, f.Want), outUnits(x.op, f.Got)
	x.wOct, x.wEsc = decodedOctets(x.w)
	x.gOct, x.gEsc = decodedOctets(x.g)
	return x
}

// errorExpected reports whether an error was expected and the
// implementation gave an answer it supports.
func (f *facts) errorExpected() bool { return f.want.Error != "" && !f.got.Unsupported }

// gotWhat names the kind of answer given, for a title.
func (f *facts) gotWhat() string {
	if f.got.Unsupported {
		return "unsupported"
	}
	if o, ok := f.op.Info(); ok && o.Out == vectors.Octets {
		return "octets"
	}
	return "a string"
}

// inUnchanged reports whether the answer is the input itself, where the
// expected answer is not (an op from octets to text has no such answer).
func (f *facts) inUnchanged() bool {
	if o, ok := f.op.Info(); ok && o.In == vectors.Octets && o.Out == vectors.Text {
		return false
	}
	return f.in != nil && slices.Equal(f.g, f.in) && !slices.Equal(f.w, f.in)
}

// sameOctets reports whether both answers stand for the same octets.
func (f *facts) sameOctets() bool { return bytes.Equal(f.wOct, f.gOct) }

// Classify returns the relation between f's expected and actual answers:
// the relation of the first rule of [Table] that holds.
func Classify(f Failure) Relation {
	x := newFacts(f)
	for _, r := range Table {
		if ok, args := r.holds(x); ok {
			if len(args) > 0 {
				return r.Relation.with(args...)
			}
			return r.Relation
		}
	}
	return Different // unreachable: the last rule holds always
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}

// A Cause is a group of failures of one op and one level with one
// relation.
type Cause struct {
	Op       vectors.Op
	Relation Relation
	// Level is the level of the vectors that failed (vectors.Levels), or
	// "" for failures that have none (fuzz findings).
	Level string
	// Failures are the indexes, in the slice given to Group, of the
	// failures of the cause, in order.
	Failures []int
	// Example is the failure of the cause with the shortest input (the
	// first of those).
	Example Failure
}

// Count returns the number of failures of the cause.
func (c Cause) Count() int { return len(c.Failures) }

// Step returns the spec step the cause involves: the relation's, and the
// example's spec reference when the relation defers to it, or beside it
// when it says more than the op's spec in general (a fuzz finding's
// reference, the op's Doc, says nothing of the relation's step).
func (c Cause) Step() string {
	s := c.Relation.Step
	if c.Example.Ref != "" && strings.Contains(s, "example's spec reference") {
		return c.Example.Ref
	}
	if o, ok := c.Example.Req.Op.Info(); ok && c.Example.Ref == o.Doc {
		return s
	}
	if c.Example.Ref != "" && c.Example.Ref != s {
		return s + " (example: " + c.Example.Ref + ")"
	}
	return s
}

// Group classifies fs and returns their causes: the failures of one op,
// one level and one relation. Causes come by level, strongest first (must,
// should, implementation-defined, then none), and within a level biggest
// first; causes of equal size come in the order of their first failure.
func Group(fs []Failure) []Cause {
	var causes []Cause
	index := map[string]int{}
	for i, f := range fs {
		r := Classify(f)
		key := string(f.Req.Op) + "\x00" + f.Level + "\x00" + r.Title
		k, ok := index[key]
		if !ok {
			k = len(causes)
			index[key] = k
			causes = append(causes, Cause{Op: f.Req.Op, Relation: r, Level: f.Level, Example: f})
		}
		c := &causes[k]
		c.Failures = append(c.Failures, i)
		if InputLen(f.Req) < InputLen(c.Example.Req) {
			c.Example = f
		}
	}
	slices.SortStableFunc(causes, func(a, b Cause) int {
		return cmp.Or(cmp.Compare(show.LevelRank(a.Level), show.LevelRank(b.Level)), cmp.Compare(b.Count(), a.Count()))
	})
	return causes
}

// InputLen is the length of a request's input, in code units or octets.
func InputLen(r vectors.Request) int { return len(r.In) + len(r.InHex) }

// Write writes causes for a test log or a text report: a heading line, then
// three lines per cause: its count, level (in capitals, when it has one),
// op and title; its shortest example; its spec step. Each line starts with
// indent. Causes come in the order of Group: when they are of several
// levels, the heading says so.
func Write(b *strings.Builder, causes []Cause, indent string) {
	n := 0
	levels := map[string]bool{}
	for _, c := range causes {
		n += c.Count()
		levels[c.Level] = true
	}
	order := ""
	if len(levels) > 1 {
		order = " by level (must, then should, then implementation-defined),"
	}
	fmt.Fprintf(b, "%s%s of %s,%s biggest first:\n", indent, show.Count(len(causes), "cause", "causes"), show.Count(n, "failure", "failures"), order)
	for _, c := range causes {
		level := ""
		if c.Level != "" {
			level = show.Level(c.Level) + " "
		}
		fmt.Fprintf(b, "%s%6d  %s%s: %s\n", indent, c.Count(), level, c.Op, c.Relation.Title)
		fmt.Fprintf(b, "%s        e.g. %s\n", indent, Example(c.Example))
		fmt.Fprintf(b, "%s        spec: %s\n", indent, c.Step())
	}
}

// Example writes f in one line: its id, input, expected and actual answer.
func Example(f Failure) string {
	got := show.Answer(f.Req.Op, f.Got)
	if f.NoAnswer != "" {
		got = "no answer (" + firstLine(f.NoAnswer) + ")"
	}
	return fmt.Sprintf("%s: input %s, want %s, got %s", f.ID, show.Input(f.Req), show.Answer(f.Req.Op, f.Want), got)
}

// inputUnits returns the request's input as units: text as it is, octets
// one unit each.
func inputUnits(r vectors.Request) []uint16 {
	if r.InHex != nil && r.In == nil {
		return bytesToUnits(r.InHex)
	}
	return r.In
}

// outUnits returns an answer's output as units, by the op's output kind.
func outUnits(op vectors.Op, r vectors.Response) []uint16 {
	if o, ok := op.Info(); ok && o.Out == vectors.Octets {
		return bytesToUnits(r.OutHex)
	}
	if r.Out == nil && r.OutHex != nil {
		return bytesToUnits(r.OutHex)
	}
	return r.Out
}

func bytesToUnits(p []byte) []uint16 {
	u := make([]uint16, len(p))
	for i, b := range p {
		u[i] = uint16(b)
	}
	return u
}

func equalString(u []uint16, s string) bool { return string(runes(u)) == s }

func runes(u []uint16) []rune { return utf16.Decode(u) }

func isHex(c uint16) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

func unhex(c uint16) byte {
	switch {
	case c >= '0' && c <= '9':
		return byte(c - '0')
	case c >= 'a' && c <= 'f':
		return byte(c - 'a' + 10)
	}
	return byte(c - 'A' + 10)
}

func isEscape(u []uint16, i int) bool {
	return u[i] == '%' && i+2 < len(u) && isHex(u[i+1]) && isHex(u[i+2])
}

func countEscapes(u []uint16) int {
	n := 0
	for i := range u {
		if isEscape(u, i) {
			n++
		}
	}
	return n
}

func hasMalformed(u []uint16) bool {
	for i, c := range u {
		if c == '%' && !isEscape(u, i) {
			return true
		}
	}
	return false
}

func endsWithEscape(u []uint16) bool { return len(u) >= 3 && isEscape(u, len(u)-3) }

func without(u []uint16, c uint16) []uint16 {
	return slices.DeleteFunc(slices.Clone(u), func(x uint16) bool { return x == c })
}

func toLower(c uint16) uint16 {
	if c >= 'A' && c <= 'F' {
		return c + 'a' - 'A'
	}
	return c
}

func toUpper(c uint16) uint16 {
	if c >= 'a' && c <= 'f' {
		return c - ('a' - 'A')
	}
	return c
}

// mapHex returns u with the hex digits of every escape mapped by f.
func mapHex(u []uint16, f func(uint16) uint16) []uint16 {
	out := slices.Clone(u)
	for i := range out {
		switch {
		case isEscape(out, i):
			out[i+1], out[i+2] = f(out[i+1]), f(out[i+2])
		case isUEscape(out, i): // escape's %uWXYZ (ECMA-262 Annex B.2.1)
			for j := i + 2; j < i+6; j++ {
				out[j] = f(out[j])
			}
		}
	}
	return out
}

// isUEscape reports whether u[i:] starts with a %uWXYZ escape.
func isUEscape(u []uint16, i int) bool {
	if i+6 > len(u) || u[i] != '%' || u[i+1] != 'u' {
		return false
	}
	for _, c := range u[i+2 : i+6] {
		if !isHex(c) {
			return false
		}
	}
	return true
}

// replace returns u with every old replaced by new (both ASCII).
func replace(u []uint16, old, new string) []uint16 {
	var out []uint16
	for i := 0; i < len(u); i++ {
		if i+len(old) <= len(u) && equalString(u[i:i+len(old)], old) {
			for j := 0; j < len(new); j++ {
				out = append(out, uint16(new[j]))
			}
			i += len(old) - 1
			continue
		}
		out = append(out, u[i])
	}
	if out == nil {
		out = []uint16{}
	}
	return out
}

// decodeASCII returns u with every escape of an ASCII octet decoded.
func decodeASCII(u []uint16) []uint16 {
	var out []uint16
	for i := 0; i < len(u); i++ {
		if isEscape(u, i) {
			if b := unhex(u[i+1])<<4 | unhex(u[i+2]); b < 0x80 {
				out = append(out, uint16(b))
				i += 2
				continue
			}
		}
		out = append(out, u[i])
	}
	return out
}

// utf8Of returns the UTF-8 of u, a lone surrogate as its three-octet
// (WTF-8) form, so that distinct texts have distinct octets.
func utf8Of(u []uint16) []byte {
	var p []byte
	for i := 0; i < len(u); i++ {
		c := u[i]
		if i+1 < len(u) {
			if r := utf16.DecodeRune(rune(c), rune(u[i+1])); r != utf8.RuneError {
				p = utf8.AppendRune(p, r)
				i++
				continue
			}
		}
		if utf16.IsSurrogate(rune(c)) {
			p = append(p, 0xE0|byte(c>>12), 0x80|byte(c>>6&0x3F), 0x80|byte(c&0x3F))
			continue
		}
		p = utf8.AppendRune(p, rune(c))
	}
	return p
}

// decodedOctets returns the octets u stands for, every escape decoded and
// every other character as its UTF-8, and how many escapes it has.
func decodedOctets(u []uint16) ([]byte, int) {
	var p []byte
	n := 0
	start := 0
	for i := 0; i < len(u); i++ {
		if isEscape(u, i) {
			p = append(p, utf8Of(u[start:i])...)
			p = append(p, unhex(u[i+1])<<4|unhex(u[i+2]))
			n++
			i += 2
			start = i + 1
		}
	}
	return append(p, utf8Of(u[start:])...), n
}

// latin1Equal reports whether latin, read as Latin-1, is the text whose
// UTF-8 is utf.
func latin1Equal(latin, utf []byte) bool {
	if !utf8.Valid(utf) {
		return false
	}
	var s []byte
	for _, b := range latin {
		s = utf8.AppendRune(s, rune(b))
	}
	return bytes.Equal(s, utf)
}

func hasSurrogateUTF8Octets(p []byte) bool {
	for i := 0; i+1 < len(p); i++ {
		if p[i] == 0xED && p[i+1] >= 0xA0 && p[i+1] <= 0xBF {
			return true
		}
	}
	return false
}

// escapedOctets returns the octets of the escapes of u, in order, with
// every other unit as a zero (a break between sequences).
func escapedOctets(u []uint16) []byte {
	var p []byte
	for i := 0; i < len(u); i++ {
		if isEscape(u, i) {
			p = append(p, unhex(u[i+1])<<4|unhex(u[i+2]))
			i += 2
			continue
		}
		p = append(p, 0)
	}
	return p
}

func hasOverlong(u []uint16) bool {
	p := escapedOctets(u)
	for i := 0; i+1 < len(p); i++ {
		switch {
		case p[i] == 0xC0 || p[i] == 0xC1:
			return true
		case p[i] == 0xE0 && p[i+1] >= 0x80 && p[i+1] <= 0x9F:
			return true
		case p[i] == 0xF0 && p[i+1] >= 0x80 && p[i+1] <= 0x8F:
			return true
		}
	}
	return false
}

func hasSurrogateUTF8(u []uint16) bool { return hasSurrogateUTF8Octets(escapedOctets(u)) }

// containsFold reports whether u holds the ASCII string s, letters in
// either case.
func containsFold(u []uint16, s string) bool { return countFold(u, s) > 0 }

// countUnit returns how many times the code unit c is in u.
func countUnit(u []uint16, c uint16) int {
	n := 0
	for _, x := range u {
		if x == c {
			n++
		}
	}
	return n
}

// count returns how many times the string s is in u, read as runes (a
// lone surrogate as U+FFFD).
func count(u []uint16, s string) int { return strings.Count(string(runes(u)), s) }

// inputFFFD returns how many U+FFFD an answer g to the input in may hold
// that stand for the input itself, not for octets replaced: the input's
// own U+FFFD, its lone surrogates (a JSON library's U+FFFD), and its
// escaped U+FFFD (%EF%BF%BD) that g does not hold as written.
func inputFFFD(in, g []uint16) int {
	// count decodes in as runes does, each lone surrogate to U+FFFD.
	return count(in, "\uFFFD") + max(0, countFold(in, "%EF%BF%BD")-countFold(g, "%EF%BF%BD"))
}

// countFold returns how many times the ASCII string s is in u, letters in
// either case.
func countFold(u []uint16, s string) int {
	return strings.Count(strings.ToUpper(string(runes(u))), strings.ToUpper(s))
}

// loneEscapesToFFFD returns u with every %uXXXX escape (Annex B escape's
// form of a code unit) of a lone surrogate written as %uFFFD: a high one
// not followed by the escape of a low one, or a low one not preceded by
// the escape of a high one. It reports whether there was one.
func loneEscapesToFFFD(u []uint16) ([]uint16, bool) {
	unit := func(i int) (uint16, bool) { // the unit %uXXXX at u[i:] stands for
		if i < 0 || i+6 > len(u) || u[i] != '%' || u[i+1] != 'u' {
			return 0, false
		}
		var v uint16
		for _, c := range u[i+2 : i+6] {
			if !isHex(c) {
				return 0, false
			}
			v = v<<4 | uint16(unhex(c))
		}
		return v, true
	}
	high := func(c uint16, ok bool) bool { return ok && c >= 0xD800 && c <= 0xDBFF }
	low := func(c uint16, ok bool) bool { return ok && c >= 0xDC00 && c <= 0xDFFF }
	out := slices.Clone(u)
	found := false
	for i := 0; i+6 <= len(u); i++ {
		c, ok := unit(i)
		switch {
		case high(c, ok) && low(unit(i+6)):
			i += 11 // the pair's two escapes
		case high(c, ok), low(c, ok):
			copy(out[i+2:i+6], []uint16{'F', 'F', 'F', 'D'})
			found = true
			i += 5
		}
	}
	return out, found
}

// collapse25 returns u with every run of "25" right after a '%' left out,
// so that an escape and its double encoding look the same.
func collapse25(u []uint16) []uint16 {
	var out []uint16
	for i := 0; i < len(u); i++ {
		out = append(out, u[i])
		if u[i] == '%' {
			for i+2 < len(u)+0 && u[i+1] == '2' && u[i+2] == '5' {
				i += 2
			}
		}
	}
	return out
}

// onlySubst reports whether got is want with at least one from, and
// nothing else, turned into to.
func onlySubst(want, got []uint16, from, to uint16) bool {
	if len(want) != len(got) {
		return false
	}
	n := 0
	for i := range want {
		if want[i] != got[i] {
			if want[i] != from || got[i] != to {
				return false
			}
			n++
		}
	}
	return n > 0
}

// isLatin1Decode reports whether got is in with every escape decoded to
// the code unit of its octet, as a Latin-1 decoder would (and '+' as a
// space for formDecode).
func isLatin1Decode(op vectors.Op, in, got []uint16) bool {
	if o, ok := op.Info(); !ok || o.Out != vectors.Text || countEscapes(in) == 0 {
		return false
	}
	var out []uint16
	high := false // an escape of a non-ASCII octet: only it tells Latin-1 from UTF-8
	for i := 0; i < len(in); i++ {
		switch {
		case isEscape(in, i):
			high = high || unhex(in[i+1]) >= 8
			out = append(out, uint16(unhex(in[i+1])<<4|unhex(in[i+2])))
			i += 2
		case in[i] == '+' && op == vectors.OpFormDecode:
			out = append(out, ' ')
		default:
			out = append(out, in[i])
		}
	}
	return high && slices.Equal(out, got)
}

// FoldHexCase returns units with the hex digits of every escape ("%xx",
// and "%uxxxx" of Annex B) in uppercase: the same for two inputs that
// differ only in the case of their escapes' hex digits, which a bug
// treats alike. It returns units itself when nothing changes.
func FoldHexCase[T uint16 | byte](units []T) []T {
	var out []T
	for i := 0; i < len(units); i++ {
		if units[i] != '%' {
			continue
		}
		j, n := i+1, 2
		if j < len(units) && units[j] == 'u' {
			j, n = j+1, 4
		}
		if j+n > len(units) {
			continue
		}
		ok := true
		for _, c := range units[j : j+n] {
			ok = ok && isHex(uint16(c))
		}
		if !ok {
			continue
		}
		for k := j; k < j+n; k++ {
			if c := units[k]; c >= 'a' && c <= 'f' {
				if out == nil {
					out = slices.Clone(units)
				}
				out[k] = c - 'a' + 'A'
			}
		}
		i = j + n - 1
	}
	if out == nil {
		return units
	}
	return out
}
