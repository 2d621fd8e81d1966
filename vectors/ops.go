package vectors

import "slices"

// Kind says whether an op's input or output is text or octets.
type Kind uint8

const (
	// Text is a sequence of UTF-16 code units; in JSON it is a string (field
	// "in" or "out"), with lone surrogates written as \uXXXX escapes.
	Text Kind = iota + 1
	// Octets is a sequence of bytes; in JSON it is lowercase or uppercase hex
	// (field "in_hex" or "out_hex").
	Octets
)

// String returns "text" or "octets".
func (k Kind) String() string {
	switch k {
	case Text:
		return "text"
	case Octets:
		return "octets"
	}
	return "invalid"
}

// Error kinds: the values of a vector's "error" field and of a testee's
// "error" response.
const (
	// ErrURIError is the URIError that ECMA-262 §15.1.3 throws.
	ErrURIError = "URIError"
	// ErrMalformedEscape is a '%' not followed by two hex digits, under a
	// strict decode (RFC 3986 §2.1).
	ErrMalformedEscape = "MalformedEscape"
	// ErrEscapeError is net/url's EscapeError.
	ErrEscapeError = "EscapeError"
	// ErrIDNA is a host that IDNA (UTS #46 / RFC 5891) cannot convert.
	ErrIDNA = "IDNAError"
)

// An Op names an operation that vectors exercise and testees implement, as
// in a vector's or a request's "op" field. The names are fixed: third-party
// testees answer requests by them. [Op.Info] describes an op.
type Op string

// The ops, in the order of [Ops]. Each one's [OpInfo.Doc] names the spec
// section or step it follows.
const (
	OpEncodeURI            Op = "encodeURI"
	OpEncodeURIComponent   Op = "encodeURIComponent"
	OpDecodeURI            Op = "decodeURI"
	OpDecodeURIComponent   Op = "decodeURIComponent"
	OpPercentEncode        Op = "percentEncode"
	OpPercentDecode        Op = "percentDecode"
	OpPercentEncodeSet     Op = "percentEncodeSet"
	OpNormalize            Op = "normalize"
	OpEquivalent           Op = "equivalent"
	OpEncodeNoDouble       Op = "encodeNoDouble"
	OpPercentDecodeLenient Op = "percentDecodeLenient"
	OpUTF8DecodeReplace    Op = "utf8DecodeReplace"
	OpFormEncode           Op = "formEncode"
	OpFormDecode           Op = "formDecode"
	OpGoQueryEscape        Op = "goQueryEscape"
	OpGoPathEscape         Op = "goPathEscape"
	OpGoQueryUnescape      Op = "goQueryUnescape"
	OpGoPathUnescape       Op = "goPathUnescape"
	OpIRIToURI             Op = "iriToURI"
	OpURIToIRI             Op = "uriToIRI"
	OpEscape               Op = "escape"
	OpUnescape             Op = "unescape"
	OpQueryEncode          Op = "queryEncode"
	OpQueryEncodeScheme    Op = "queryEncodeScheme"
	OpFormEncodeLegacy     Op = "formEncodeLegacy"
)

// An OpInfo describes an op: its area, the kinds of its input and output,
// its error kinds and its arguments.
type OpInfo struct {
	Name Op     // as in the "op" field
	Area string // the vectors file it lives in, without ".json"
	In   Kind   // what "in" or "in_hex" holds
	Out  Kind   // what "out" or "out_hex" holds
	// Errors lists the error kinds the op may answer with.
	Errors []string
	// Args lists the names of the op's required "args" entries.
	Args []string
	// Units is true for the ECMAScript ops, which read text input as
	// UTF-16 code units, lone surrogates included; every other text op
	// takes the input's UTF-8, so its vectors hold no lone surrogate.
	Units bool
	// Doc says in one sentence what the op computes and after which spec.
	Doc string
}

var ops = []OpInfo{
	{Name: OpEncodeURI, Area: "ecmascript", In: Text, Out: Text, Units: true, Errors: []string{ErrURIError},
		Doc: "ECMA-262 5.1 §15.1.3.3 encodeURI"},
	{Name: OpEncodeURIComponent, Area: "ecmascript", In: Text, Out: Text, Units: true, Errors: []string{ErrURIError},
		Doc: "ECMA-262 5.1 §15.1.3.4 encodeURIComponent"},
	{Name: OpDecodeURI, Area: "ecmascript", In: Text, Out: Text, Units: true, Errors: []string{ErrURIError},
		Doc: "ECMA-262 5.1 §15.1.3.1 decodeURI"},
	{Name: OpDecodeURIComponent, Area: "ecmascript", In: Text, Out: Text, Units: true, Errors: []string{ErrURIError},
		Doc: "ECMA-262 5.1 §15.1.3.2 decodeURIComponent"},

	{Name: OpPercentEncode, Area: "rfc3986", In: Octets, Out: Text,
		Doc: "RFC 3986 §2.1/§2.3: every octet but unreserved becomes %XX, uppercase hex"},
	{Name: OpPercentDecode, Area: "rfc3986", In: Text, Out: Octets, Errors: []string{ErrMalformedEscape},
		Doc: "RFC 3986 §2.1 strict decode of the input's UTF-8: a '%' not followed by two hex digits is an error"},
	{Name: OpPercentEncodeSet, Area: "rfc3986", In: Octets, Out: Text, Args: []string{"set"},
		Doc: "every octet outside the named encode set (args.set) becomes %XX, uppercase hex"},
	{Name: OpNormalize, Area: "rfc3986", In: Text, Out: Text,
		Doc: "RFC 3986 §6.2.2.1 and §6.2.2.2: uppercase escape hex, decode escapes of unreserved octets"},
	{Name: OpEquivalent, Area: "rfc3986", In: Text, Out: Text, Args: []string{"other"},
		Doc: `RFC 3986 §6.2.2: "true" if in and args.other are equivalent under percent-encoding normalization, else "false"`},
	{Name: OpEncodeNoDouble, Area: "rfc3986", In: Text, Out: Text,
		Doc: "RFC 3986 §2.4: encode the input's UTF-8 octets outside reserved and unreserved, and every '%' that does not start a valid %XX, leaving valid escapes as they are"},

	{Name: OpPercentDecodeLenient, Area: "whatwg", In: Text, Out: Octets,
		Doc: "WHATWG URL §1.3 percent-decode of the input's UTF-8: a malformed '%' stays as it is"},
	{Name: OpUTF8DecodeReplace, Area: "whatwg", In: Octets, Out: Text,
		Doc: "WHATWG Encoding §8.1.1 UTF-8 decode without BOM: U+FFFD for each maximal subpart of an invalid sequence"},

	{Name: OpFormEncode, Area: "form", In: Text, Out: Text,
		Doc: "WHATWG URL §5.2 application/x-www-form-urlencoded serializer for one name or value: UTF-8, space to '+', others outside alnum and *-._ to %XX"},
	{Name: OpFormDecode, Area: "form", In: Text, Out: Text,
		Doc: "WHATWG URL §5.1 application/x-www-form-urlencoded parser for one name or value: '+' to space, lenient percent-decode, UTF-8 decode with replacement"},

	{Name: OpGoQueryEscape, Area: "neturl", In: Text, Out: Text,
		Doc: "Go net/url QueryEscape of the input's UTF-8"},
	{Name: OpGoPathEscape, Area: "neturl", In: Text, Out: Text,
		Doc: "Go net/url PathEscape of the input's UTF-8"},
	{Name: OpGoQueryUnescape, Area: "neturl", In: Text, Out: Octets, Errors: []string{ErrEscapeError},
		Doc: "Go net/url QueryUnescape of the input's UTF-8"},
	{Name: OpGoPathUnescape, Area: "neturl", In: Text, Out: Octets, Errors: []string{ErrEscapeError},
		Doc: "Go net/url PathUnescape of the input's UTF-8"},

	{Name: OpIRIToURI, Area: "iri", In: Text, Out: Text, Errors: []string{ErrIDNA},
		Doc: "RFC 3987 §3.1: host to A-labels (IDNA); step 2: other non-ASCII, and the printable ASCII a URI does not allow (< > \" space { } | \\ ^ `, which §3.1 lets step 2 convert and else says the conversion SHOULD fail), to %XX of its UTF-8; existing escapes, # % [ ] and controls kept"},
	{Name: OpURIToIRI, Area: "iri", In: Text, Out: Text,
		Doc: "RFC 3987 §3.2: step 2 decodes escapes of unreserved ASCII and of octets 0x80-0xFF, keeps those of %, reserved and ASCII not allowed in URIs as written; steps 3-4 re-encode (uppercase hex) octets not in valid UTF-8 or of characters an IRI does not allow there; A-labels to U-labels"},

	{Name: OpEscape, Area: "annexb", In: Text, Out: Text, Units: true,
		Doc: "ECMA-262 5.1 Annex B.2.1 escape: code units outside A-Z a-z 0-9 @*_+-./ to %XY below 256, else %uWXYZ, uppercase hex"},
	{Name: OpUnescape, Area: "annexb", In: Text, Out: Text, Units: true,
		Doc: "ECMA-262 5.1 Annex B.2.2 unescape: %uWXYZ and %XY to the code unit, any other '%' kept as it is"},

	{Name: OpQueryEncode, Area: "encoding", In: Text, Out: Text, Args: []string{"encoding"},
		Doc: "WHATWG URL §4.4 query state of a special URL: percent-encode after encoding (§1.3) with the output encoding of the WHATWG label args.encoding and the special-query percent-encode set; a code point the encoding lacks becomes %26%23NNNN%3B"},
	{Name: OpQueryEncodeScheme, Area: "encoding", In: Text, Out: Text, Args: []string{"encoding", "scheme"},
		Doc: "WHATWG URL §4.4 query state of a URL whose scheme is args.scheme, parsed with the encoding of the label args.encoding: UTF-8 instead when the URL is not special or is ws or wss (step 1), the special-query percent-encode set for a special URL and the query percent-encode set otherwise (step 2.1)"},
	{Name: OpFormEncodeLegacy, Area: "encoding", In: Text, Out: Text, Args: []string{"encoding"},
		Doc: "WHATWG URL §5.2 application/x-www-form-urlencoded serializer for one name or value with the output encoding of the WHATWG label args.encoding: percent-encode after encoding (§1.3), space as '+'; a code point the encoding lacks becomes %26%23NNNN%3B"},
}

// Ops describes every op, in a fixed order (by area, then as listed in the
// vector format).
func Ops() []OpInfo {
	return slices.Clone(ops)
}

// Info describes op, and reports whether it is a known op.
func (op Op) Info() (OpInfo, bool) {
	if i, ok := opIndex[op]; ok {
		return ops[i], true
	}
	return OpInfo{}, false
}

// opIndex is each op's index in ops: Info is asked for every request
// written and every answer compared (a fuzz case asks twice).
var opIndex = func() map[Op]int {
	m := make(map[Op]int, len(ops))
	for i, o := range ops {
		m[o.Name] = i
	}
	return m
}()
