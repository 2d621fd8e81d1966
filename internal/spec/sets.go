package spec

import (
	"sort"
)

// This file transcribes the character sets of the specs, as keep sets: the
// octets an encoder leaves as they are. It is written from the spec texts,
// independently of package codec.

// Set is a set of octets.
type Set [256]bool

// Of returns the set of the octets of chars.
func Of(chars string) Set {
	var s Set
	for i := 0; i < len(chars); i++ {
		s[chars[i]] = true
	}
	return s
}

// Range returns the set of the octets lo to hi.
func Range(lo, hi int) Set {
	var s Set
	for c := lo; c <= hi; c++ {
		s[c] = true
	}
	return s
}

// Or returns the union of s and t.
func (s Set) Or(t Set) Set {
	for i := range s {
		s[i] = s[i] || t[i]
	}
	return s
}

// With returns s and the octets of chars.
func (s Set) With(chars string) Set { return s.Or(Of(chars)) }

// Without returns s less the octets of chars.
func (s Set) Without(chars string) Set {
	for i := 0; i < len(chars); i++ {
		s[chars[i]] = false
	}
	return s
}

// Complement returns the octets 0x00–0xFF not in s (the WHATWG sets are
// written as what is encoded; their keep sets are the complement).
func (s Set) Complement() Set {
	for i := range s {
		s[i] = !s[i]
	}
	return s
}

// RFC 3986 §2 and §3 (ABNF of appendix A).
var (
	Alpha      = Range('A', 'Z').Or(Range('a', 'z'))
	Digit      = Range('0', '9')
	HexDig     = Digit.Or(Range('A', 'F')).Or(Range('a', 'f'))
	Unreserved = Alpha.Or(Digit).With("-._~")        // §2.3
	GenDelims  = Of(":/?#[]@")                       // §2.2
	SubDelims  = Of("!$&'()*+,;=")                   // §2.2
	Reserved   = GenDelims.Or(SubDelims)             // §2.2
	PChar      = Unreserved.Or(SubDelims).With(":@") // §3.3, pct-encoded aside
)

// WHATWG URL §1.3, percent-encode sets as the Standard writes them (what is
// encoded). "C0 control" is U+0000–U+001F; every code point above U+007E is
// in every set, so octets 0x7F–0xFF are too.
var (
	WHATWGC0ControlEnc    = Range(0x00, 0x1F).Or(Range(0x7F, 0xFF))
	WHATWGFragmentEnc     = WHATWGC0ControlEnc.With(" \"<>`")
	WHATWGQueryEnc        = WHATWGC0ControlEnc.With(" \"#<>")
	WHATWGSpecialQueryEnc = WHATWGQueryEnc.With("'")
	WHATWGPathEnc         = WHATWGQueryEnc.With("?^`{}")
	WHATWGUserinfoEnc     = WHATWGPathEnc.With("/:;=@").Or(Range('[', '^')).With("|")
	WHATWGComponentEnc    = WHATWGUserinfoEnc.Or(Range('$', '&')).With("+,")
	WHATWGFormEnc         = WHATWGComponentEnc.With("!").Or(Range('\'', ')')).With("~")
)

// ECMA-262 5.1 §15.1.3.
var (
	URIReserved  = Of(";/?:@&=+$,")
	URIAlpha     = Alpha
	URIMark      = Of("-_.!~*'()")
	URIUnescaped = URIAlpha.Or(Digit).Or(URIMark)
)

// GoEncoding is a mode of Go's net/url (gen_encoding_table.go).
type GoEncoding int

const (
	GoEncodePath GoEncoding = iota
	GoEncodePathSegment
	GoEncodeHost
	GoEncodeZone
	GoEncodeUserPassword
	GoEncodeQueryComponent
	GoEncodeFragment
)

// GoShouldEscape transcribes shouldEscape of net/url's
// gen_encoding_table.go (Go 1.26): whether c is escaped in mode.
func GoShouldEscape(c byte, mode GoEncoding) bool {
	if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' {
		return false
	}
	if mode == GoEncodeHost || mode == GoEncodeZone {
		switch c {
		case '!', '$', '&', '\'', '(', ')', '*', '+', ',', ';', '=', ':', '[', ']', '<', '>', '"':
			return false
		}
	}
	switch c {
	case '-', '_', '.', '~':
		return false
	case '$', '&', '+', ',', '/', ':', ';', '=', '?', '@':
		switch mode {
		case GoEncodePath:
			return c == '?'
		case GoEncodePathSegment:
			return c == '/' || c == ';' || c == ',' || c == '?'
		case GoEncodeUserPassword:
			return c == '@' || c == '/' || c == '?' || c == ':'
		case GoEncodeQueryComponent:
			return true
		case GoEncodeFragment:
			return false
		}
	}
	if mode == GoEncodeFragment {
		switch c {
		case '!', '(', ')', '*':
			return false
		}
	}
	return true
}

// GoKeep returns the octets net/url's escape keeps in mode (those
// GoShouldEscape does not escape).
func GoKeep(mode GoEncoding) Set {
	var s Set
	for c := 0; c < 256; c++ {
		s[c] = !GoShouldEscape(byte(c), mode)
	}
	return s
}

// NamedSet is a keep set under the name vectors use for it (args "set"),
// with the reference that defines it.
type NamedSet struct {
	Keep Set
	Ref  string
	// rfc says the set is RFC 3986's, whose uppercase hex and unreserved
	// rules are SHOULDs (see level).
	RFC bool
	// Document and Section say where the set is defined, and Quote is its
	// definition as the document words it (ABNF, prose or source); vectors'
	// sets.json carries all three.
	Document, Section, Quote string
}

// The documents the named sets come from, as sets.json names them.
const (
	docRFC3986 = "RFC 3986"
	docWHATWG  = "WHATWG URL Standard"
	docECMA    = "ECMA-262 5.1"
	docGo      = "Go net/url gen_encoding_table.go (Go 1.26)"
)

// NamedSets are the keep sets under the names the vectors give them (args
// "set" of percentEncodeSet), each with the reference that defines it.
var NamedSets = map[string]NamedSet{
	"rfc3986.unreserved": {Keep: Unreserved, Ref: "RFC 3986 §2.3 unreserved", RFC: true,
		Document: docRFC3986, Section: "2.3", Quote: `unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"`},
	"rfc3986.gen-delims": {Keep: GenDelims, Ref: "RFC 3986 §2.2 gen-delims", RFC: true,
		Document: docRFC3986, Section: "2.2", Quote: `gen-delims = ":" / "/" / "?" / "#" / "[" / "]" / "@"`},
	"rfc3986.sub-delims": {Keep: SubDelims, Ref: "RFC 3986 §2.2 sub-delims", RFC: true,
		Document: docRFC3986, Section: "2.2", Quote: `sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="`},
	"rfc3986.reserved": {Keep: Reserved, Ref: "RFC 3986 §2.2 reserved", RFC: true,
		Document: docRFC3986, Section: "2.2", Quote: `reserved = gen-delims / sub-delims`},
	"rfc3986.pchar": {Keep: PChar, Ref: "RFC 3986 §3.3 pchar", RFC: true,
		Document: docRFC3986, Section: "3.3", Quote: `pchar = unreserved / pct-encoded / sub-delims / ":" / "@"`},
	"rfc3986.path": {Keep: PChar.With("/"), Ref: "RFC 3986 §3.3 path (pchar and \"/\")", RFC: true,
		Document: docRFC3986, Section: "3.3", Quote: `path-abempty = *( "/" segment ); segment = *pchar`},
	"rfc3986.query": {Keep: PChar.With("/?"), Ref: "RFC 3986 §3.4 query", RFC: true,
		Document: docRFC3986, Section: "3.4", Quote: `query = *( pchar / "/" / "?" )`},
	"rfc3986.fragment": {Keep: PChar.With("/?"), Ref: "RFC 3986 §3.5 fragment", RFC: true,
		Document: docRFC3986, Section: "3.5", Quote: `fragment = *( pchar / "/" / "?" )`},
	"rfc3986.userinfo": {Keep: Unreserved.Or(SubDelims).With(":"), Ref: "RFC 3986 §3.2.1 userinfo", RFC: true,
		Document: docRFC3986, Section: "3.2.1", Quote: `userinfo = *( unreserved / pct-encoded / sub-delims / ":" )`},
	"rfc3986.reg-name": {Keep: Unreserved.Or(SubDelims), Ref: "RFC 3986 §3.2.2 reg-name", RFC: true,
		Document: docRFC3986, Section: "3.2.2", Quote: `reg-name = *( unreserved / pct-encoded / sub-delims )`},

	"whatwg.c0-control": {Keep: WHATWGC0ControlEnc.Complement(), Ref: "WHATWG URL §1.3 C0 control percent-encode set",
		Document: docWHATWG, Section: "1.3", Quote: "The C0 control percent-encode set is a percent-encode set consisting of C0 controls and all code points greater than U+007E (~)."},
	"whatwg.fragment": {Keep: WHATWGFragmentEnc.Complement(), Ref: "WHATWG URL §1.3 fragment percent-encode set",
		Document: docWHATWG, Section: "1.3", Quote: "The fragment percent-encode set is a percent-encode set consisting of the C0 control percent-encode set and U+0020 SPACE, U+0022 (\"), U+003C (<), U+003E (>), and U+0060 (`)."},
	"whatwg.query": {Keep: WHATWGQueryEnc.Complement(), Ref: "WHATWG URL §1.3 query percent-encode set",
		Document: docWHATWG, Section: "1.3", Quote: "The query percent-encode set is a percent-encode set consisting of the C0 control percent-encode set and U+0020 SPACE, U+0022 (\"), U+0023 (#), U+003C (<), and U+003E (>)."},
	"whatwg.special-query": {Keep: WHATWGSpecialQueryEnc.Complement(), Ref: "WHATWG URL §1.3 special-query percent-encode set",
		Document: docWHATWG, Section: "1.3", Quote: "The special-query percent-encode set is a percent-encode set consisting of the query percent-encode set and U+0027 (')."},
	"whatwg.path": {Keep: WHATWGPathEnc.Complement(), Ref: "WHATWG URL §1.3 path percent-encode set",
		Document: docWHATWG, Section: "1.3", Quote: "The path percent-encode set is a percent-encode set consisting of the query percent-encode set and U+003F (?), U+005E (^), U+0060 (`), U+007B ({), and U+007D (})."},
	"whatwg.userinfo": {Keep: WHATWGUserinfoEnc.Complement(), Ref: "WHATWG URL §1.3 userinfo percent-encode set",
		Document: docWHATWG, Section: "1.3", Quote: "The userinfo percent-encode set is a percent-encode set consisting of the path percent-encode set and U+002F (/), U+003A (:), U+003B (;), U+003D (=), U+0040 (@), U+005B ([) to U+005D (]), inclusive, and U+007C (|)."},
	"whatwg.component": {Keep: WHATWGComponentEnc.Complement(), Ref: "WHATWG URL §1.3 component percent-encode set",
		Document: docWHATWG, Section: "1.3", Quote: "The component percent-encode set is a percent-encode set consisting of the userinfo percent-encode set and U+0024 ($) to U+0026 (&), inclusive, U+002B (+), and U+002C (,)."},
	"whatwg.form-urlencoded": {Keep: WHATWGFormEnc.Complement(), Ref: "WHATWG URL §1.3 application/x-www-form-urlencoded percent-encode set",
		Document: docWHATWG, Section: "1.3", Quote: "The application/x-www-form-urlencoded percent-encode set is a percent-encode set consisting of the component percent-encode set and U+0021 (!), U+0027 (') to U+0029 RIGHT PARENTHESIS, inclusive, and U+007E (~)."},

	"ecma.uriUnescaped": {Keep: URIUnescaped, Ref: "ECMA-262 5.1 §15.1.3 uriUnescaped (encodeURIComponent, §15.1.3.4)",
		Document: docECMA, Section: "15.1.3.4", Quote: "Let unescapedURIComponentSet be a String containing one instance of each character valid in uriUnescaped. (§15.1.3: uriUnescaped ::: uriAlpha DecimalDigit uriMark; uriMark ::: one of - _ . ! ~ * ' ( ))"},
	"ecma.encodeURI": {Keep: URIReserved.Or(URIUnescaped).With("#"), Ref: "ECMA-262 5.1 §15.1.3.3 uriReserved, uriUnescaped and \"#\"",
		Document: docECMA, Section: "15.1.3.3", Quote: "Let unescapedURISet be a String containing one instance of each character valid in uriReserved and uriUnescaped plus \"#\". (§15.1.3: uriReserved ::: one of ; / ? : @ & = + $ ,)"},

	"go.path": {Keep: GoKeep(GoEncodePath), Ref: "Go net/url shouldEscape(encodePath)",
		Document: docGo, Section: "shouldEscape, encodePath", Quote: "The RFC allows : @ & = + $ but saves / ; , for assigning meaning to individual path segments. This package only manipulates the path as a whole, so we allow those last three as well. That leaves only ? to escape."},
	"go.path-segment": {Keep: GoKeep(GoEncodePathSegment), Ref: "Go net/url shouldEscape(encodePathSegment)",
		Document: docGo, Section: "shouldEscape, encodePathSegment", Quote: "The RFC allows : @ & = + $ but saves / ; , for assigning meaning to individual path segments."},
	"go.host": {Keep: GoKeep(GoEncodeHost), Ref: "Go net/url shouldEscape(encodeHost)",
		Document: docGo, Section: "shouldEscape, encodeHost", Quote: "§3.2.2 Host allows sub-delims = \"!\" / \"$\" / \"&\" / \"'\" / \"(\" / \")\" / \"*\" / \"+\" / \",\" / \";\" / \"=\" as part of reg-name. We add : because we include :port as part of host. We add [ ] because we include [ipv6]:port as part of host. We add < > because they're the only characters left that we could possibly allow, and Parse will reject them if we escape them (because hosts can't use %-encoding for ASCII bytes)."},
	"go.zone": {Keep: GoKeep(GoEncodeZone), Ref: "Go net/url shouldEscape(encodeZone)",
		Document: docGo, Section: "shouldEscape, encodeZone", Quote: "if mode == encodeHost || mode == encodeZone { ... } (the zone shares the host's set)"},
	"go.userpassword": {Keep: GoKeep(GoEncodeUserPassword), Ref: "Go net/url shouldEscape(encodeUserPassword)",
		Document: docGo, Section: "shouldEscape, encodeUserPassword", Quote: "The RFC allows ';', ':', '&', '=', '+', '$', and ',' in userinfo, so we must escape only '@', '/', and '?'. The parsing of userinfo treats ':' as special so we must escape that too."},
	"go.query": {Keep: GoKeep(GoEncodeQueryComponent), Ref: "Go net/url shouldEscape(encodeQueryComponent)",
		Document: docGo, Section: "shouldEscape, encodeQueryComponent", Quote: "The RFC reserves (so we must escape) everything."},
	"go.fragment": {Keep: GoKeep(GoEncodeFragment), Ref: "Go net/url shouldEscape(encodeFragment)",
		Document: docGo, Section: "shouldEscape, encodeFragment", Quote: "The RFC text is silent but the grammar allows everything, so escape nothing."},
}

// SetNames returns the names of NamedSets, sorted.
func SetNames() []string {
	names := make([]string, 0, len(NamedSets))
	for n := range NamedSets {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}
