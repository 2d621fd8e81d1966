package codec

import (
	"maps"
	"slices"
)

// Character classes of RFC 3986 §2, as sets.
var (
	alpha = SetRange('A', 'Z').Union(SetRange('a', 'z'))
	digit = SetRange('0', '9')
	alnum = alpha.Union(digit)
)

// The sets of RFC 3986 §2 and the component sets of §3. Each is an encode set:
// the octets a producer may leave as they are in that component. '%' is in
// none of them, since it always introduces an escape (§2.4).
var (
	// Unreserved is unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"
	// (RFC 3986 §2.3).
	Unreserved = alnum.With("-._~")
	// GenDelims is gen-delims = ":" / "/" / "?" / "#" / "[" / "]" / "@"
	// (RFC 3986 §2.2).
	GenDelims = SetOf(":/?#[]@")
	// SubDelims is sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" /
	// "+" / "," / ";" / "=" (RFC 3986 §2.2).
	SubDelims = SetOf("!$&'()*+,;=")
	// Reserved is reserved = gen-delims / sub-delims (RFC 3986 §2.2).
	Reserved = GenDelims.Union(SubDelims)
	// PChar is pchar = unreserved / pct-encoded / sub-delims / ":" / "@"
	// (RFC 3986 §3.3), less the escapes themselves; it is also the set for
	// one path segment.
	PChar = Unreserved.Union(SubDelims).With(":@")
	// Path is a whole path: pchar and "/" (RFC 3986 §3.3).
	Path = PChar.With("/")
	// Query is query = *( pchar / "/" / "?" ) (RFC 3986 §3.4).
	Query = PChar.With("/?")
	// Fragment is fragment = *( pchar / "/" / "?" ) (RFC 3986 §3.5).
	Fragment = PChar.With("/?")
	// UserInfo is userinfo = *( unreserved / pct-encoded / sub-delims / ":" )
	// (RFC 3986 §3.2.1).
	UserInfo = Unreserved.Union(SubDelims).With(":")
	// RegName is reg-name = *( unreserved / pct-encoded / sub-delims )
	// (RFC 3986 §3.2.2).
	RegName = Unreserved.Union(SubDelims)
)

// The percent-encode sets of the WHATWG URL Standard §1.3, as the octets they
// leave alone (the complement of the Standard's sets). Octets 0x80-0xFF are in
// every WHATWG set as the Standard writes it, so they are kept by none of
// these.
var (
	// WHATWGC0Control keeps what the C0 control percent-encode set does not
	// encode: U+0020 to U+007E.
	WHATWGC0Control = SetRange(0x20, 0x7e)
	// WHATWGFragment is the fragment percent-encode set's complement: the C0
	// control set and space, ", <, > and `.
	WHATWGFragment = WHATWGC0Control.Without(" \"<>`")
	// WHATWGQuery is the query percent-encode set's complement: the C0
	// control set and space, ", #, < and >.
	WHATWGQuery = WHATWGC0Control.Without(" \"#<>")
	// WHATWGSpecialQuery is the special-query percent-encode set's
	// complement: the query set and '.
	WHATWGSpecialQuery = WHATWGQuery.Without("'")
	// WHATWGPath is the path percent-encode set's complement: the query set
	// and ?, ^, `, { and }.
	WHATWGPath = WHATWGQuery.Without("?^`{}")
	// WHATWGUserInfo is the userinfo percent-encode set's complement: the
	// path set and /, :, ;, =, @, [ to ^, and |.
	WHATWGUserInfo = WHATWGPath.Without("/:;=@[\\]^|")
	// WHATWGComponent is the component percent-encode set's complement: the
	// userinfo set and $ to &, + and ,.
	WHATWGComponent = WHATWGUserInfo.Without("$%&+,")
	// WHATWGFormURLEncoded is the application/x-www-form-urlencoded
	// percent-encode set's complement: the component set and !, ' to ), and
	// ~. What is left is ASCII alphanumerics and *-._ (space is written as
	// '+' by the form serializer, not by the set).
	WHATWGFormURLEncoded = WHATWGComponent.Without("!'()~")
)

// The sets of ECMA-262 5.1 §15.1.3.
var (
	// URIReserved is uriReserved: ; / ? : @ & = + $ , (§15.1.3).
	URIReserved = SetOf(";/?:@&=+$,")
	// URIUnescaped is uriUnescaped = uriAlpha, DecimalDigit and uriMark
	// (- _ . ! ~ * ' ( )): the octets encodeURIComponent leaves alone
	// (§15.1.3.4).
	URIUnescaped = alnum.With("-_.!~*'()")
	// EncodeURIUnescaped is uriReserved, uriUnescaped and "#": the octets
	// encodeURI leaves alone (§15.1.3.3).
	EncodeURIUnescaped = URIReserved.Union(URIUnescaped).With("#")
	// DecodeURIReserved is uriReserved and "#": the characters whose escapes
	// decodeURI keeps as written (§15.1.3.1).
	DecodeURIReserved = URIReserved.With("#")
)

// The sets of ECMA-262 5.1 §15.1.3 as this package uses them: copied at
// start-up, so that a program that assigns to URIUnescaped,
// EncodeURIUnescaped or DecodeURIReserved changes neither what encodeURI,
// decodeURI and their kin do nor which tables made once their vector
// paths pick (a path compares keep with these copies, not with the
// variables).
var (
	uriUnescapedSet       = URIUnescaped
	encodeURIUnescapedSet = EncodeURIUnescaped
	decodeURIReservedSet  = DecodeURIReserved
)

// The sets behind Go's net/url escapers, one for each encoding mode of its
// shouldEscape (net/url gen_encoding_table.go, Go 1.26): the octets that
// net/url's escape(s, mode) copies as they are. Every one holds the ASCII
// alphanumerics and "-", "_", ".", "~" (RFC 3986 §2.3 unreserved); they
// differ in which reserved characters (§2.2) they also keep. None holds an
// octet at or above 0x80.
var (
	// GoQuery is the set of encodeQueryComponent, behind url.QueryEscape:
	// unreserved only. QueryEscape writes space as '+', which is
	// [FormEncodeString] with this set.
	GoQuery = alnum.With("-_.~")
	// GoPathSegment is the set of encodePathSegment, behind url.PathEscape:
	// unreserved and "$", "&", "+", ":", "=", "@" ("/", ";", "," and "?" are
	// escaped, so that the result is one path segment; RFC 3986 §3.3).
	GoPathSegment = GoQuery.With("$&+:=@")
	// GoPath is the set of encodePath, behind URL.EscapedPath: unreserved and
	// every reserved character that shouldEscape looks at but "?"
	// ("$&+,/:;=@").
	GoPath = GoQuery.With("$&+,/:;=@")
	// GoUserPassword is the set of encodeUserPassword, behind
	// Userinfo.String: unreserved and "$", "&", "+", ",", ";", "=" ("@",
	// "/", "?" and ":" are escaped; RFC 3986 §3.2.1).
	GoUserPassword = GoQuery.With("$&+,;=")
	// GoFragment is the set of encodeFragment, behind URL.EscapedFragment:
	// unreserved, "$&+,/:;=?@", and the sub-delims "!", "(", ")", "*".
	GoFragment = GoQuery.With("$&+,/:;=?@!()*")
	// GoHost is the set of encodeHost, behind the host in URL.String, which
	// encodeZone shares: unreserved, the sub-delims, and ":", "[", "]", "<",
	// ">", '"'. It is only the encoding side of net/url's host handling:
	// when net/url decodes a host it also refuses escapes of ASCII octets
	// other than %25 (and, in an IPv6 zone, escapes of octets outside this
	// set other than space), which is not a property of an encode set.
	GoHost = GoQuery.With("!$&'()*+,;=:[]<>\"")
)

// namedSets maps the stable names used in vectors (args "set") to sets.
var namedSets = map[string]Set{
	"rfc3986.unreserved":     Unreserved,
	"rfc3986.gen-delims":     GenDelims,
	"rfc3986.sub-delims":     SubDelims,
	"rfc3986.reserved":       Reserved,
	"rfc3986.pchar":          PChar,
	"rfc3986.path":           Path,
	"rfc3986.query":          Query,
	"rfc3986.fragment":       Fragment,
	"rfc3986.userinfo":       UserInfo,
	"rfc3986.reg-name":       RegName,
	"whatwg.c0-control":      WHATWGC0Control,
	"whatwg.fragment":        WHATWGFragment,
	"whatwg.query":           WHATWGQuery,
	"whatwg.special-query":   WHATWGSpecialQuery,
	"whatwg.path":            WHATWGPath,
	"whatwg.userinfo":        WHATWGUserInfo,
	"whatwg.component":       WHATWGComponent,
	"whatwg.form-urlencoded": WHATWGFormURLEncoded,
	"ecma.uriUnescaped":      URIUnescaped,
	"ecma.encodeURI":         EncodeURIUnescaped,
	"go.query":               GoQuery,
	"go.path-segment":        GoPathSegment,
	"go.path":                GoPath,
	"go.userpassword":        GoUserPassword,
	"go.fragment":            GoFragment,
	"go.host":                GoHost,
	"go.zone":                GoHost,
}

// SetByName returns the named set that vectors refer to by name (for example
// "rfc3986.pchar", "whatwg.path" or "go.query"), and whether there is one.
func SetByName(name string) (Set, bool) {
	s, ok := namedSets[name]
	return s, ok
}

// SetNames returns the names that [SetByName] knows, sorted.
func SetNames() []string {
	return slices.Sorted(maps.Keys(namedSets))
}
