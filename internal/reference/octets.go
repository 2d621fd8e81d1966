package reference

import (
	"errors"

	"github.com/pctest/pctest/codec"
	"github.com/pctest/pctest/internal/show"
	"github.com/pctest/pctest/vectors"
)

// octets answers the ops outside ECMAScript with the codec's octet layer,
// each after the spec step its vectors.Op.Doc names.
func octets(req vectors.Request) (vectors.Response, error) {
	op, _ := req.Op.Info()
	var in string
	if op.In == vectors.Octets {
		in = string(req.InHex)
	} else {
		s, ok := UTF8(req.In)
		if !ok {
			return vectors.Response{}, &Error{Op: req.Op, Kind: "input", Reason: "the input holds a lone surrogate, so it has no UTF-8"}
		}
		in = s
	}
	switch req.Op {
	case vectors.OpPercentEncode: // RFC 3986 §2.1, §2.3
		return textResult(req.Op, codec.PercentEncodeString(in, codec.Unreserved))
	case vectors.OpPercentEncodeSet:
		name := req.Args["set"]
		set, ok := codec.SetByName(name)
		if !ok {
			return vectors.Response{}, &Error{Op: req.Op, Kind: "input", Reason: "unknown encode set " + name}
		}
		return textResult(req.Op, codec.PercentEncodeString(in, set))
	case vectors.OpQueryEncode, vectors.OpFormEncodeLegacy: // WHATWG URL §1.3 with §4.4 or §5.2
		keep, plus := codec.WHATWGSpecialQuery, false
		if req.Op == vectors.OpFormEncodeLegacy {
			keep, plus = codec.WHATWGFormURLEncoded, true
		}
		out, err := codec.PercentEncodeAfterEncodingString(req.Args["encoding"], in, keep, plus)
		if err != nil {
			return vectors.Response{}, &Error{Op: req.Op, Kind: "input", Reason: err.Error()}
		}
		return textResult(req.Op, out)
	case vectors.OpQueryEncodeScheme: // WHATWG URL §4.4 query state
		out, err := codec.QueryEncodeString(req.Args["encoding"], req.Args["scheme"], in)
		if err != nil {
			return vectors.Response{}, &Error{Op: req.Op, Kind: "input", Reason: err.Error()}
		}
		return textResult(req.Op, out)
	case vectors.OpPercentDecode: // RFC 3986 §2.1, strict
		out, err := codec.PercentDecodeString(in, codec.Set{})
		return octetResult(out, err, vectors.ErrMalformedEscape)
	case vectors.OpNormalize: // RFC 3986 §6.2.2.1, §6.2.2.2
		return textResult(req.Op, codec.Normalize(in))
	case vectors.OpEquivalent: // RFC 3986 §6.2.2
		if codec.Equivalent(in, req.Args["other"]) {
			return textResult(req.Op, "true")
		}
		return textResult(req.Op, "false")
	case vectors.OpEncodeNoDouble: // RFC 3986 §2.4
		return textResult(req.Op, codec.PercentEncodeNoDouble(in, codec.Reserved.Union(codec.Unreserved)))
	case vectors.OpPercentDecodeLenient: // WHATWG URL §1.3 percent-decode
		return vectors.Response{OutHex: []byte(codec.PercentDecodeLenientString(in, codec.Set{}))}, nil
	case vectors.OpUTF8DecodeReplace: // WHATWG Encoding §8.1.1, replacement
		return textResult(req.Op, codec.UTF8ReplaceString(in))
	case vectors.OpFormEncode: // WHATWG URL §5.2
		return textResult(req.Op, codec.FormEncodeString(in, codec.WHATWGFormURLEncoded))
	case vectors.OpFormDecode: // WHATWG URL §5.1 steps 3.4, 3.5
		return textResult(req.Op, codec.FormDecodeString(in))
	case vectors.OpGoQueryEscape: // url.QueryEscape: encodeQueryComponent
		return textResult(req.Op, codec.FormEncodeString(in, codec.GoQuery))
	case vectors.OpGoPathEscape: // url.PathEscape: encodePathSegment
		return textResult(req.Op, codec.PercentEncodeString(in, codec.GoPathSegment))
	case vectors.OpGoQueryUnescape: // url.QueryUnescape: '+' is a space, strict
		out, err := codec.QueryUnescapeString(in)
		return octetResult(out, err, vectors.ErrEscapeError)
	case vectors.OpGoPathUnescape: // url.PathUnescape: strict
		out, err := codec.PercentDecodeString(in, codec.Set{})
		return octetResult(out, err, vectors.ErrEscapeError)
	case vectors.OpIRIToURI: // RFC 3987 §3.1
		out, err := codec.IRIToURI(in)
		if err != nil {
			var ie *codec.IDNAError
			if errors.As(err, &ie) {
				return vectors.Response{Error: vectors.ErrIDNA, Message: err.Error()}, nil
			}
			return vectors.Response{}, err
		}
		return textResult(req.Op, out)
	case vectors.OpURIToIRI: // RFC 3987 §3.2
		out, err := codec.URIToIRI(in)
		if err != nil {
			return vectors.Response{}, err
		}
		return textResult(req.Op, out)
	}
	return vectors.Response{Unsupported: true, Message: "unknown op"}, nil
}

// textResult answers op's text result s, which must be valid UTF-8.
func textResult(op vectors.Op, s string) (vectors.Response, error) {
	u, ok := UTF16(s)
	if !ok {
		return vectors.Response{}, &Error{Op: op, Kind: "output", Reason: "the codec returned invalid UTF-8 " + show.QuoteOctets([]byte(s)), Value: []byte(s)}
	}
	return vectors.Response{Out: u}, nil
}

// octetResult answers the octets out, or the error kind for a
// *codec.EscapeError; any other error is the codec's fault.
func octetResult(out string, err error, kind string) (vectors.Response, error) {
	if err != nil {
		var ee *codec.EscapeError
		if errors.As(err, &ee) {
			return vectors.Response{Error: kind, Message: err.Error()}, nil
		}
		return vectors.Response{}, err
	}
	return vectors.Response{OutHex: []byte(out)}, nil
}
