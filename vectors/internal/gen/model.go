package main

import (
	"github.com/pctest/pctest/internal/spec"

	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/pctest/pctest/vectors"
)

// modelResult is what the spec transcriptions give for a request.
type modelResult struct {
	resp  vectors.Response
	level string
	ref   string
	note  string
	// known is false when the model does not compute the answer (IDNA
	// mapping of hosts).
	known bool
}

var ecmaOps = map[string]struct {
	section string
	decode  bool
	set     spec.Set
}{
	string(vectors.OpEncodeURI):          {"§15.1.3.3 encodeURI", false, spec.URIReserved.Or(spec.URIUnescaped).With("#")},
	string(vectors.OpEncodeURIComponent): {"§15.1.3.4 encodeURIComponent", false, spec.URIUnescaped},
	string(vectors.OpDecodeURI):          {"§15.1.3.1 decodeURI", true, spec.URIReserved.With("#")},
	string(vectors.OpDecodeURIComponent): {"§15.1.3.2 decodeURIComponent", true, spec.Set{}},
}

var ecmaThrowReasons = map[string]string{
	"4.d.i":       "lone low surrogate",
	"4.d.iii.2":   "high surrogate at the end of the string",
	"4.d.iii.4":   "high surrogate not followed by a low surrogate",
	"4.d.ii":      "'%' without two characters after it",
	"4.d.iii":     "'%' not followed by two hex digits",
	"4.d.vii.2":   "escaped octet is 10xxxxxx or has more than four leading 1 bits",
	"4.d.vii.5":   "too few characters left for the escapes of the UTF-8 sequence",
	"4.d.vii.7.b": "UTF-8 continuation is not an escape",
	"4.d.vii.7.c": "continuation '%' not followed by two hex digits",
	"4.d.vii.7.e": "escaped octet is not a continuation byte 10xxxxxx",
	"4.d.vii.8":   "octets are not the valid UTF-8 of a code point (RFC 3629)",
}

func text(u []uint16) vectors.Response { return vectors.Response{Out: u} }
func octets(b []byte) vectors.Response { return vectors.Response{OutHex: b} }
func fails(kind string) vectors.Response {
	return vectors.Response{Error: kind}
}

// shouldIf returns "should" when cond holds, else "must".
func shouldIf(cond bool) string {
	if cond {
		return vectors.LevelShould
	}
	return vectors.LevelMust
}

// model answers req by the spec transcriptions of this package.
//
// Levels: a vector is "implementation-defined" when its input lies outside
// the domain of the clause the op follows, or that clause leaves a choice
// (vectors.Request.Open): RFC 3986 ops on text that is not URI text (a '%' that starts
// no escape, a character no URI holds), iriToURI on text that is not an
// IRI (controls, non-ASCII outside ucschar and iprivate) and on a non-ASCII
// host (§3.1 MAY convert it with ToASCII), uriToIRI on text that is not a
// URI and on an A-label (MAY convert with ToUnicode). Otherwise a vector is
// "should" exactly when its expected value rests on a
// SHOULD of the spec it cites: uppercase hex in an escape the op writes
// under RFC 3986 (§2.1: percentEncode, percentEncodeSet with an rfc3986.*
// set, encodeNoDouble) or RFC 3987 (§3.1 step 2.2: iriToURI; §3.2 steps 3
// and 4: an escape uriToIRI re-encodes that the input wrote in lowercase),
// iriToURI converting a printable
// ASCII character a URI does not allow (§3.1: "MAY", or else "SHOULD
// fail"), and normalize changing its input (§6.2.2.1 and §6.2.2.2 say escapes "should
// be normalized" and "should be decoded"). Everything else is "must".
func model(req vectors.Request) modelResult {
	r := modelResult{known: true, level: vectors.LevelMust}
	switch req.Op {
	case vectors.OpEncodeURI, vectors.OpEncodeURIComponent, vectors.OpDecodeURI, vectors.OpDecodeURIComponent:
		e := ecmaOps[string(req.Op)]
		var res spec.ECMAResult
		name := "Encode"
		if e.decode {
			res, name = spec.ECMADecode(req.In, e.set), "Decode"
		} else {
			res = spec.ECMAEncode(req.In, e.set)
		}
		if res.Throws != "" {
			r.resp = fails(vectors.ErrURIError)
			r.ref = "ECMA-262 5.1 §15.1.3 " + name + " step " + res.Throws
			r.note = "throws at code unit " + strconv.Itoa(res.At) + ": " + ecmaThrowReasons[res.Throws]
			return r
		}
		r.resp = text(res.Out)
		r.ref = "ECMA-262 5.1 " + e.section
		if len(res.Steps) > 0 {
			w := " step "
			if len(res.Steps) > 1 {
				w = " steps "
			}
			r.ref += "; §15.1.3 " + name + w + strings.Join(res.Steps, ", ")
		}
		return r

	case vectors.OpPercentEncode:
		out, letters := spec.EncodeWith(req.InHex, spec.Unreserved)
		r.resp, r.level = text(spec.FromUTF8(out)), shouldIf(letters)
		r.ref = "RFC 3986 §2.1, §2.3"
	case vectors.OpPercentEncodeSet:
		ns, ok := spec.NamedSets[req.Args["set"]]
		if !ok {
			r.known = false
			return r
		}
		out, letters := spec.EncodeWith(req.InHex, ns.Keep)
		r.resp, r.level = text(spec.FromUTF8(out)), shouldIf(letters && ns.RFC)
		r.ref = ns.Ref + "; RFC 3986 §2.1"
	case vectors.OpPercentDecode:
		out, errAt := spec.Decode(spec.ToUTF8(req.In), spec.Set{}, false)
		ok := errAt < 0
		if ok {
			r.resp = octets(out)
		} else {
			r.resp = fails(vectors.ErrMalformedEscape)
		}
		r.ref = "RFC 3986 §2.1"
		rec := ": take the octets of what is not an escape as they are"
		if !ok {
			rec = ": reject the input (MalformedEscape), as a strict decoder does; a lenient one keeps such a '%'"
		}
		r.leaveOpenIf(req, rec)
	case vectors.OpNormalize:
		out := spec.FromUTF8(spec.Normalize(spec.ToUTF8(req.In)))
		r.resp, r.level = text(out), shouldIf(!slices.Equal(out, req.In))
		r.ref = "RFC 3986 §6.2.2.1, §6.2.2.2"
		r.leaveOpenIf(req, ": normalize the escapes as in a URI, leave the rest as it is")
	case vectors.OpEquivalent:
		a := spec.Normalize(spec.ToUTF8(req.In))
		b := spec.Normalize([]byte(req.Args["other"]))
		ans := "false"
		if string(a) == string(b) {
			ans = "true"
		}
		r.resp = text(spec.Units(ans))
		r.ref = "RFC 3986 §6.2.2, §2.1, §2.2, §2.3"
		r.leaveOpenIf(req, ": compare the two after normalize")
	case vectors.OpEncodeNoDouble:
		out, letters := spec.EncodeNoDouble(spec.ToUTF8(req.In), spec.Reserved.Or(spec.Unreserved))
		r.resp, r.level = text(spec.FromUTF8(out)), shouldIf(letters)
		r.ref = "RFC 3986 §2.4"

	case vectors.OpPercentDecodeLenient:
		r.resp = octets(spec.PercentDecode(spec.ToUTF8(req.In), spec.Set{}))
		r.ref = "WHATWG URL §1.3 percent-decode"
	case vectors.OpUTF8DecodeReplace:
		r.resp = text(spec.UTF8DecodeWithoutBOM(req.InHex))
		r.ref = "WHATWG Encoding §4.3 UTF-8 decode without BOM, §8.1.1 UTF-8 decoder"

	case vectors.OpFormEncode:
		r.resp = text(spec.FormSerialize(req.In))
		r.ref = "WHATWG URL §5.2 application/x-www-form-urlencoded serializer"
	case vectors.OpFormDecode:
		r.resp = text(spec.FormParse(req.In))
		r.ref = "WHATWG URL §5.1 application/x-www-form-urlencoded parser"

	case vectors.OpGoQueryEscape:
		r.resp = text(spec.FromUTF8(spec.GoEscape(spec.ToUTF8(req.In), spec.GoEncodeQueryComponent)))
		r.ref = "Go net/url QueryEscape (shouldEscape, encodeQueryComponent)"
	case vectors.OpGoPathEscape:
		r.resp = text(spec.FromUTF8(spec.GoEscape(spec.ToUTF8(req.In), spec.GoEncodePathSegment)))
		r.ref = "Go net/url PathEscape (shouldEscape, encodePathSegment)"
	case vectors.OpGoQueryUnescape, vectors.OpGoPathUnescape:
		mode, fn := spec.GoEncodeQueryComponent, "QueryUnescape"
		if req.Op == vectors.OpGoPathUnescape {
			mode, fn = spec.GoEncodePathSegment, "PathUnescape"
		}
		out, ok := spec.GoUnescape(spec.ToUTF8(req.In), mode)
		if ok {
			r.resp = octets(out)
		} else {
			r.resp = fails(vectors.ErrEscapeError)
		}
		r.ref = "Go net/url " + fn + " (unescape)"

	case vectors.OpIRIToURI:
		out, should := spec.IRIToURI(req.In)
		r.resp, r.level = text(out), shouldIf(should)
		r.ref = iriToURIRef(req.In)
		rec := " A-labels (IDNA, UTS #46)" // for a non-ASCII host
		if clause, _ := req.Open(); clause == "RFC 3987 §3.1 (converts IRIs only)" {
			rec = ": leave it as it is"
			if strings.ContainsFunc(string(spec.ToUTF8(req.In)), func(c rune) bool { return c >= 0x80 && !spec.UCSChar(c) && !spec.IPrivate(c) }) {
				rec = ": percent-encode its UTF-8 as step 2 does for ucschar"
			}
		}
		r.leaveOpenIf(req, rec)
	case vectors.OpURIToIRI:
		out, lowered := spec.URIToIRI(req.In)
		r.resp, r.level = text(out), shouldIf(lowered)
		r.ref = "RFC 3987 §3.2"
		rec := " U-labels" // for an A-label host
		if clause, _ := req.Open(); clause == "RFC 3987 §3.2 (converts URIs only)" {
			rec = ": convert its escapes as in a URI, leave the rest as it is"
		}
		r.leaveOpenIf(req, rec)

	case vectors.OpEscape:
		r.resp = text(spec.Escape(req.In))
		r.ref = "ECMA-262 5.1 Annex B.2.1; ES2015 B.2.1.1 (uppercase hex)"
	case vectors.OpUnescape:
		r.resp = text(spec.Unescape(req.In))
		r.ref = "ECMA-262 5.1 Annex B.2.2"

	case vectors.OpQueryEncodeScheme:
		name, ok := spec.GetEncoding(req.Args["encoding"])
		scheme := req.Args["scheme"]
		if !ok || scheme != strings.ToLower(scheme) {
			r.known = false
			return r
		}
		enc := spec.GetOutputEncoding(name)
		special := map[string]bool{"ftp": true, "file": true, "http": true, "https": true, "ws": true, "wss": true}[scheme] // URL §4.1
		step1, refName := "", name
		if enc != "UTF-8" && (!special || scheme == "ws" || scheme == "wss") { // §4.4 query state step 1
			enc, step1, refName = "UTF-8", " step 1 (UTF-8 for a URL that is not special, or ws or wss),", "UTF-8"
		}
		set, setName := spec.WHATWGQueryEnc, "query"
		if special { // step 2.1
			set, setName = spec.WHATWGSpecialQueryEnc, "special-query"
		}
		out, errs := spec.PercentEncodeAfterEncoding(enc, []rune(string(spec.ToUTF8(req.In))), set, false)
		r.resp = text(spec.Units(out))
		r.ref = "WHATWG URL §4.4 query state" + step1 + " step 2 with the " + setName + " percent-encode set, §1.3 percent-encode after encoding; WHATWG Encoding " + spec.EncoderRef(refName, enc)
		if len(errs) > 0 {
			var cps []string
			for _, c := range errs {
				cps = append(cps, fmt.Sprintf("U+%04X", c))
			}
			r.note = enc + " cannot encode " + strings.Join(cps, ", ") + " (&#NNNN;)"
		}
	case vectors.OpQueryEncode, vectors.OpFormEncodeLegacy:
		name, ok := spec.GetEncoding(req.Args["encoding"])
		if !ok {
			r.known = false
			return r
		}
		enc := spec.GetOutputEncoding(name)
		set, where := spec.WHATWGSpecialQueryEnc, "URL §4.4 query state, §1.3 percent-encode after encoding with the special-query percent-encode set"
		if req.Op == vectors.OpFormEncodeLegacy {
			set, where = spec.WHATWGFormEnc, "URL §5.2 urlencoded serializer, §1.3 percent-encode after encoding with the application/x-www-form-urlencoded percent-encode set"
		}
		out, errs := spec.PercentEncodeAfterEncoding(enc, []rune(string(spec.ToUTF8(req.In))), set, req.Op == vectors.OpFormEncodeLegacy)
		r.resp = text(spec.Units(out))
		r.ref = "WHATWG " + where + "; WHATWG Encoding " + spec.EncoderRef(name, enc)
		if len(errs) > 0 {
			var cps []string
			for _, c := range errs {
				cps = append(cps, fmt.Sprintf("U+%04X", c))
			}
			r.note = enc + " cannot encode " + strings.Join(cps, ", ") + " (&#NNNN;)"
		}
	default:
		r.known = false
	}
	return r
}
