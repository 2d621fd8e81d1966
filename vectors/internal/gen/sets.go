package main

import (
	"sort"
	"strings"
)

// This file transcribes the character sets of the specs, as keep sets: the
// octets an encoder leaves as they are. It is written from the spec texts,
// independently of package codec.

// octetSet is a set of octets.
type octetSet [256]bool

func setOf(chars string) octetSet {
	var s octetSet
	for i := 0; i < len(chars); i++ {
		s[chars[i]] = true
	}
	return s
}

func setRange(lo, hi int) octetSet {
	var s octetSet
	for c := lo; c <= hi; c++ {
		s[c] = true
	}
	return s
}

func (s octetSet) or(t octetSet) octetSet {
	for i := range s {
		s[i] = s[i] || t[i]
	}
	return s
}

func (s octetSet) with(chars string) octetSet { return s.or(setOf(chars)) }

func (s octetSet) without(chars string) octetSet {
	for i := 0; i < len(chars); i++ {
		s[chars[i]] = false
	}
	return s
}

// complementASCII returns the octets 0x00–0xFF not in s (the WHATWG sets are
// written as what is encoded; their keep sets are the complement).
func (s octetSet) complement() octetSet {
	for i := range s {
		s[i] = !s[i]
	}
	return s
}

// RFC 3986 §2 and §3 (ABNF of appendix A).
var (
	alpha      = setRange('A', 'Z').or(setRange('a', 'z'))
	digit      = setRange('0', '9')
	hexdig     = digit.or(setRange('A', 'F')).or(setRange('a', 'f'))
	unreserved = alpha.or(digit).with("-._~")        // §2.3
	genDelims  = setOf(":/?#[]@")                    // §2.2
	subDelims  = setOf("!$&'()*+,;=")                // §2.2
	reserved   = genDelims.or(subDelims)             // §2.2
	pchar      = unreserved.or(subDelims).with(":@") // §3.3, pct-encoded aside
)

// WHATWG URL §1.3, percent-encode sets as the Standard writes them (what is
// encoded). "C0 control" is U+0000–U+001F; every code point above U+007E is
// in every set, so octets 0x7F–0xFF are too.
var (
	whatwgC0ControlEnc    = setRange(0x00, 0x1F).or(setRange(0x7F, 0xFF))
	whatwgFragmentEnc     = whatwgC0ControlEnc.with(" \"<>`")
	whatwgQueryEnc        = whatwgC0ControlEnc.with(" \"#<>")
	whatwgSpecialQueryEnc = whatwgQueryEnc.with("'")
	whatwgPathEnc         = whatwgQueryEnc.with("?^`{}")
	whatwgUserinfoEnc     = whatwgPathEnc.with("/:;=@").or(setRange('[', '^')).with("|")
	whatwgComponentEnc    = whatwgUserinfoEnc.or(setRange('$', '&')).with("+,")
	whatwgFormEnc         = whatwgComponentEnc.with("!").or(setRange('\'', ')')).with("~")
)

// ECMA-262 5.1 §15.1.3.
var (
	uriReserved  = setOf(";/?:@&=+$,")
	uriAlpha     = alpha
	uriMark      = setOf("-_.!~*'()")
	uriUnescaped = uriAlpha.or(digit).or(uriMark)
)

// goEncoding is a mode of Go's net/url (gen_encoding_table.go).
type goEncoding int

const (
	goEncodePath goEncoding = iota
	goEncodePathSegment
	goEncodeHost
	goEncodeZone
	goEncodeUserPassword
	goEncodeQueryComponent
	goEncodeFragment
)

// goShouldEscape transcribes shouldEscape of net/url's
// gen_encoding_table.go (Go 1.26): whether c is escaped in mode.
func goShouldEscape(c byte, mode goEncoding) bool {
	if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' {
		return false
	}
	if mode == goEncodeHost || mode == goEncodeZone {
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
		case goEncodePath:
			return c == '?'
		case goEncodePathSegment:
			return c == '/' || c == ';' || c == ',' || c == '?'
		case goEncodeUserPassword:
			return c == '@' || c == '/' || c == '?' || c == ':'
		case goEncodeQueryComponent:
			return true
		case goEncodeFragment:
			return false
		}
	}
	if mode == goEncodeFragment {
		switch c {
		case '!', '(', ')', '*':
			return false
		}
	}
	return true
}

func goKeep(mode goEncoding) octetSet {
	var s octetSet
	for c := 0; c < 256; c++ {
		s[c] = !goShouldEscape(byte(c), mode)
	}
	return s
}

// namedSet is a keep set under the name vectors use for it (args "set"),
// with the reference that defines it.
type namedSet struct {
	keep octetSet
	ref  string
	// rfc says the set is RFC 3986's, whose uppercase hex and unreserved
	// rules are SHOULDs (see level).
	rfc bool
}

var namedSets = map[string]namedSet{
	"rfc3986.unreserved": {unreserved, "RFC 3986 §2.3 unreserved", true},
	"rfc3986.gen-delims": {genDelims, "RFC 3986 §2.2 gen-delims", true},
	"rfc3986.sub-delims": {subDelims, "RFC 3986 §2.2 sub-delims", true},
	"rfc3986.reserved":   {reserved, "RFC 3986 §2.2 reserved", true},
	"rfc3986.pchar":      {pchar, "RFC 3986 §3.3 pchar", true},
	"rfc3986.path":       {pchar.with("/"), "RFC 3986 §3.3 path (pchar and \"/\")", true},
	"rfc3986.query":      {pchar.with("/?"), "RFC 3986 §3.4 query", true},
	"rfc3986.fragment":   {pchar.with("/?"), "RFC 3986 §3.5 fragment", true},
	"rfc3986.userinfo":   {unreserved.or(subDelims).with(":"), "RFC 3986 §3.2.1 userinfo", true},
	"rfc3986.reg-name":   {unreserved.or(subDelims), "RFC 3986 §3.2.2 reg-name", true},

	"whatwg.c0-control":      {whatwgC0ControlEnc.complement(), "WHATWG URL §1.3 C0 control percent-encode set", false},
	"whatwg.fragment":        {whatwgFragmentEnc.complement(), "WHATWG URL §1.3 fragment percent-encode set", false},
	"whatwg.query":           {whatwgQueryEnc.complement(), "WHATWG URL §1.3 query percent-encode set", false},
	"whatwg.special-query":   {whatwgSpecialQueryEnc.complement(), "WHATWG URL §1.3 special-query percent-encode set", false},
	"whatwg.path":            {whatwgPathEnc.complement(), "WHATWG URL §1.3 path percent-encode set", false},
	"whatwg.userinfo":        {whatwgUserinfoEnc.complement(), "WHATWG URL §1.3 userinfo percent-encode set", false},
	"whatwg.component":       {whatwgComponentEnc.complement(), "WHATWG URL §1.3 component percent-encode set", false},
	"whatwg.form-urlencoded": {whatwgFormEnc.complement(), "WHATWG URL §1.3 application/x-www-form-urlencoded percent-encode set", false},

	"ecma.uriUnescaped": {uriUnescaped, "ECMA-262 5.1 §15.1.3 uriUnescaped (encodeURIComponent, §15.1.3.4)", false},
	"ecma.encodeURI":    {uriReserved.or(uriUnescaped).with("#"), "ECMA-262 5.1 §15.1.3.3 uriReserved, uriUnescaped and \"#\"", false},

	"go.path":         {goKeep(goEncodePath), "Go net/url shouldEscape(encodePath)", false},
	"go.path-segment": {goKeep(goEncodePathSegment), "Go net/url shouldEscape(encodePathSegment)", false},
	"go.host":         {goKeep(goEncodeHost), "Go net/url shouldEscape(encodeHost)", false},
	"go.zone":         {goKeep(goEncodeZone), "Go net/url shouldEscape(encodeZone)", false},
	"go.userpassword": {goKeep(goEncodeUserPassword), "Go net/url shouldEscape(encodeUserPassword)", false},
	"go.query":        {goKeep(goEncodeQueryComponent), "Go net/url shouldEscape(encodeQueryComponent)", false},
	"go.fragment":     {goKeep(goEncodeFragment), "Go net/url shouldEscape(encodeFragment)", false},
}

func setNames() []string {
	names := make([]string, 0, len(namedSets))
	for n := range namedSets {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// setString describes s for notes: printable members as they are.
func setString(s octetSet) string {
	var b strings.Builder
	for c := 0x21; c < 0x7f; c++ {
		if s[c] {
			b.WriteByte(byte(c))
		}
	}
	return b.String()
}
