package spec

import (
	"sort"
	"strings"
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
}

// NamedSets are the keep sets under the names the vectors give them (args
// "set" of percentEncodeSet), each with the reference that defines it.
var NamedSets = map[string]NamedSet{
	"rfc3986.unreserved": {Unreserved, "RFC 3986 §2.3 unreserved", true},
	"rfc3986.gen-delims": {GenDelims, "RFC 3986 §2.2 gen-delims", true},
	"rfc3986.sub-delims": {SubDelims, "RFC 3986 §2.2 sub-delims", true},
	"rfc3986.reserved":   {Reserved, "RFC 3986 §2.2 reserved", true},
	"rfc3986.pchar":      {PChar, "RFC 3986 §3.3 pchar", true},
	"rfc3986.path":       {PChar.With("/"), "RFC 3986 §3.3 path (pchar and \"/\")", true},
	"rfc3986.query":      {PChar.With("/?"), "RFC 3986 §3.4 query", true},
	"rfc3986.fragment":   {PChar.With("/?"), "RFC 3986 §3.5 fragment", true},
	"rfc3986.userinfo":   {Unreserved.Or(SubDelims).With(":"), "RFC 3986 §3.2.1 userinfo", true},
	"rfc3986.reg-name":   {Unreserved.Or(SubDelims), "RFC 3986 §3.2.2 reg-name", true},

	"whatwg.c0-control":      {WHATWGC0ControlEnc.Complement(), "WHATWG URL §1.3 C0 control percent-encode set", false},
	"whatwg.fragment":        {WHATWGFragmentEnc.Complement(), "WHATWG URL §1.3 fragment percent-encode set", false},
	"whatwg.query":           {WHATWGQueryEnc.Complement(), "WHATWG URL §1.3 query percent-encode set", false},
	"whatwg.special-query":   {WHATWGSpecialQueryEnc.Complement(), "WHATWG URL §1.3 special-query percent-encode set", false},
	"whatwg.path":            {WHATWGPathEnc.Complement(), "WHATWG URL §1.3 path percent-encode set", false},
	"whatwg.userinfo":        {WHATWGUserinfoEnc.Complement(), "WHATWG URL §1.3 userinfo percent-encode set", false},
	"whatwg.component":       {WHATWGComponentEnc.Complement(), "WHATWG URL §1.3 component percent-encode set", false},
	"whatwg.form-urlencoded": {WHATWGFormEnc.Complement(), "WHATWG URL §1.3 application/x-www-form-urlencoded percent-encode set", false},

	"ecma.uriUnescaped": {URIUnescaped, "ECMA-262 5.1 §15.1.3 uriUnescaped (encodeURIComponent, §15.1.3.4)", false},
	"ecma.encodeURI":    {URIReserved.Or(URIUnescaped).With("#"), "ECMA-262 5.1 §15.1.3.3 uriReserved, uriUnescaped and \"#\"", false},

	"go.path":         {GoKeep(GoEncodePath), "Go net/url shouldEscape(encodePath)", false},
	"go.path-segment": {GoKeep(GoEncodePathSegment), "Go net/url shouldEscape(encodePathSegment)", false},
	"go.host":         {GoKeep(GoEncodeHost), "Go net/url shouldEscape(encodeHost)", false},
	"go.zone":         {GoKeep(GoEncodeZone), "Go net/url shouldEscape(encodeZone)", false},
	"go.userpassword": {GoKeep(GoEncodeUserPassword), "Go net/url shouldEscape(encodeUserPassword)", false},
	"go.query":        {GoKeep(GoEncodeQueryComponent), "Go net/url shouldEscape(encodeQueryComponent)", false},
	"go.fragment":     {GoKeep(GoEncodeFragment), "Go net/url shouldEscape(encodeFragment)", false},
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

// SetString describes s for notes: printable members as they are.
func SetString(s Set) string {
	var b strings.Builder
	for c := 0x21; c < 0x7f; c++ {
		if s[c] {
			b.WriteByte(byte(c))
		}
	}
	return b.String()
}
