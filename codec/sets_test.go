package codec_test

import (
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/pctest/pctest/codec"
)

// specSet is an encode set written down from its spec's text, independently
// of sets.go: the ASCII characters it keeps. Every octet at or above 0x80 is
// outside every set the specs define.
type specSet func(c byte) bool

func chars(s string) specSet { return func(c byte) bool { return strings.IndexByte(s, c) >= 0 } }

func span(lo, hi byte) specSet { return func(c byte) bool { return lo <= c && c <= hi } }

func or(sets ...specSet) specSet {
	return func(c byte) bool {
		for _, s := range sets {
			if s(c) {
				return true
			}
		}
		return false
	}
}

// not turns a WHATWG percent-encode set (the code points it encodes) into
// the octets it keeps.
func not(s specSet) specSet { return func(c byte) bool { return !s(c) } }

// RFC 3986 §2 and §3, from the ABNF (pct-encoded left out: '%' is never
// kept as an octet).
var (
	rfcALPHA      = or(span(0x41, 0x5A), span(0x61, 0x7A)) // RFC 2234 B.1 ALPHA
	rfcDIGIT      = span(0x30, 0x39)                       // RFC 2234 B.1 DIGIT
	rfcUnreserved = or(rfcALPHA, rfcDIGIT, chars("-._~"))  // §2.3
	rfcGenDelims  = chars(":/?#[]@")                       // §2.2
	rfcSubDelims  = chars("!$&'()*+,;=")                   // §2.2
	rfcPChar      = or(rfcUnreserved, rfcSubDelims, chars(":@"))
)

// WHATWG URL §1.3, the percent-encode sets as the Standard writes them (what
// is encoded), over octets: a code point above U+007E is encoded as UTF-8
// octets 0x80-0xFF, and U+007F is 0x7F.
var (
	whatwgC0Control = or(span(0x00, 0x1F), span(0x7F, 0xFF))
	whatwgFragment  = or(whatwgC0Control, chars(" \"<>`"))
	whatwgQuery     = or(whatwgC0Control, chars(" \"#<>"))
	whatwgSpecialQ  = or(whatwgQuery, chars("'"))
	whatwgPath      = or(whatwgQuery, chars("?^`{}"))
	whatwgUserinfo  = or(whatwgPath, chars("/:;=@"), span(0x5B, 0x5E), chars("|"))
	whatwgComponent = or(whatwgUserinfo, span(0x24, 0x26), chars("+,"))
	whatwgForm      = or(whatwgComponent, chars("!"), span(0x27, 0x29), chars("~"))
)

// ECMA-262 5.1 §15.1.3.
var (
	ecmaURIReserved  = chars(";/?:@&=+$,")
	ecmaURIUnescaped = or(rfcALPHA, rfcDIGIT, chars("-_.!~*'()")) // uriAlpha, DecimalDigit, uriMark
)

// Go net/url gen_encoding_table.go shouldEscape (Go 1.26), read mode by
// mode: alphanumerics and "-_.~" are never escaped; then per mode the
// reserved characters "$&+,/:;=?@" it allows, and the extra characters of
// the host and fragment modes.
var (
	goBase         = or(rfcALPHA, rfcDIGIT, chars("-_.~"))
	goQueryComp    = goBase                                  // encodeQueryComponent: "escape everything" reserved
	goPathSegment  = or(goBase, chars("$&+:=@"))             // encodePathSegment: escape / ; , ?
	goPath         = or(goBase, chars("$&+,/:;=@"))          // encodePath: escape only ?
	goUserPassword = or(goBase, chars("$&+,;="))             // encodeUserPassword: escape @ / ? :
	goFragment     = or(goBase, chars("$&+,/:;=?@!()*"))     // encodeFragment: reserved and ! ( ) *
	goHost         = or(goBase, chars("!$&'()*+,;=:[]<>\"")) // encodeHost, encodeZone
)

var namedSetCases = []struct {
	name string
	set  codec.Set
	spec specSet
}{
	{"rfc3986.unreserved", codec.Unreserved, rfcUnreserved},                                         // RFC 3986 §2.3
	{"rfc3986.gen-delims", codec.GenDelims, rfcGenDelims},                                           // §2.2
	{"rfc3986.sub-delims", codec.SubDelims, rfcSubDelims},                                           // §2.2
	{"rfc3986.reserved", codec.Reserved, or(rfcGenDelims, rfcSubDelims)},                            // §2.2
	{"rfc3986.pchar", codec.PChar, rfcPChar},                                                        // §3.3
	{"rfc3986.path", codec.Path, or(rfcPChar, chars("/"))},                                          // §3.3
	{"rfc3986.query", codec.Query, or(rfcPChar, chars("/?"))},                                       // §3.4
	{"rfc3986.fragment", codec.Fragment, or(rfcPChar, chars("/?"))},                                 // §3.5
	{"rfc3986.userinfo", codec.UserInfo, or(rfcUnreserved, rfcSubDelims, chars(":"))},               // §3.2.1
	{"rfc3986.reg-name", codec.RegName, or(rfcUnreserved, rfcSubDelims)},                            // §3.2.2
	{"whatwg.c0-control", codec.WHATWGC0Control, not(whatwgC0Control)},                              // URL §1.3
	{"whatwg.fragment", codec.WHATWGFragment, not(whatwgFragment)},                                  // URL §1.3
	{"whatwg.query", codec.WHATWGQuery, not(whatwgQuery)},                                           // URL §1.3
	{"whatwg.special-query", codec.WHATWGSpecialQuery, not(whatwgSpecialQ)},                         // URL §1.3
	{"whatwg.path", codec.WHATWGPath, not(whatwgPath)},                                              // URL §1.3
	{"whatwg.userinfo", codec.WHATWGUserInfo, not(whatwgUserinfo)},                                  // URL §1.3
	{"whatwg.component", codec.WHATWGComponent, not(whatwgComponent)},                               // URL §1.3
	{"whatwg.form-urlencoded", codec.WHATWGFormURLEncoded, not(whatwgForm)},                         // URL §1.3
	{"ecma.uriUnescaped", codec.URIUnescaped, ecmaURIUnescaped},                                     // ECMA-262 §15.1.3.4
	{"ecma.encodeURI", codec.EncodeURIUnescaped, or(ecmaURIReserved, ecmaURIUnescaped, chars("#"))}, // §15.1.3.3
	{"go.query", codec.GoQuery, goQueryComp},
	{"go.path-segment", codec.GoPathSegment, goPathSegment},
	{"go.path", codec.GoPath, goPath},
	{"go.userpassword", codec.GoUserPassword, goUserPassword},
	{"go.fragment", codec.GoFragment, goFragment},
	{"go.host", codec.GoHost, goHost},
	{"go.zone", codec.GoHost, goHost},
}

// TestNamedSetsBytewise checks every named set on all 256 octets against its
// spec's table, and that SetByName knows it by its name.
func TestNamedSetsBytewise(t *testing.T) {
	for _, tc := range namedSetCases {
		t.Run(tc.name, func(t *testing.T) {
			for c := 0; c < 256; c++ {
				want := c < 0x80 && tc.spec(byte(c))
				if got := tc.set.Contains(byte(c)); got != want {
					t.Errorf("Contains(%#02x %q) = %v, want %v", c, rune(c), got, want)
				}
			}
			byName, ok := codec.SetByName(tc.name)
			if !ok || byName != tc.set {
				t.Errorf("SetByName(%q) = %v, %v; want %v", tc.name, byName, ok, tc.set)
			}
		})
	}
}

// TestSetNamesCovered checks that every name SetByName knows is tested
// above, so that a set added later gets a table too.
func TestSetNamesCovered(t *testing.T) {
	var tested []string
	for _, tc := range namedSetCases {
		tested = append(tested, tc.name)
	}
	for _, name := range codec.SetNames() {
		if !slices.Contains(tested, name) {
			t.Errorf("named set %q has no byte table in namedSetCases", name)
		}
	}
}

// TestGoSetsAgainstNetURL checks the go.* sets on every octet against what
// net/url itself does with that octet: the exported escapers for the query
// and path-segment modes, and the URL and Userinfo methods that escape with
// the other modes.
func TestGoSetsAgainstNetURL(t *testing.T) {
	observe := []struct {
		name string
		set  codec.Set
		// escape returns what net/url makes of the one-byte string s, and
		// the string it would be if s were kept.
		escape func(s string) (got, kept string)
	}{
		{"go.query", codec.GoQuery, func(s string) (string, string) { return url.QueryEscape(s), s }},
		{"go.path-segment", codec.GoPathSegment, func(s string) (string, string) { return url.PathEscape(s), s }},
		{"go.path", codec.GoPath, func(s string) (string, string) {
			return (&url.URL{Path: "/a" + s}).EscapedPath(), "/a" + s
		}},
		{"go.fragment", codec.GoFragment, func(s string) (string, string) {
			return (&url.URL{Fragment: s}).EscapedFragment(), s
		}},
		{"go.userpassword", codec.GoUserPassword, func(s string) (string, string) {
			return url.User(s).String(), s
		}},
		{"go.host", codec.GoHost, func(s string) (string, string) {
			return (&url.URL{Host: "a" + s}).String(), "//a" + s
		}},
	}
	for _, o := range observe {
		t.Run(o.name, func(t *testing.T) {
			for c := 0; c < 256; c++ {
				s := string([]byte{byte(c)})
				got, kept := o.escape(s)
				if want := got == kept; o.set.Contains(byte(c)) != want {
					t.Errorf("octet %#02x: net/url gives %q, set says kept = %v", c, got, !want)
				}
			}
		})
	}
}

// TestSetAlgebra checks the Set constructors and operations on all octets
// against their definitions.
func TestSetAlgebra(t *testing.T) {
	a := codec.SetOf("abc\x00\xff")
	b := codec.SetRange('b', 'z')
	for c := 0; c < 256; c++ {
		x := byte(c)
		inA := x == 'a' || x == 'b' || x == 'c' || x == 0 || x == 0xff
		inB := 'b' <= x && x <= 'z'
		checks := []struct {
			op   string
			got  bool
			want bool
		}{
			{"SetOf", a.Contains(x), inA},
			{"SetRange", b.Contains(x), inB},
			{"Union", a.Union(b).Contains(x), inA || inB},
			{"Intersect", a.Intersect(b).Contains(x), inA && inB},
			{"Minus", a.Minus(b).Contains(x), inA && !inB},
			{"Complement", a.Complement().Contains(x), !inA},
			{"With", a.With("z").Contains(x), inA || x == 'z'},
			{"Without", a.Without("a").Contains(x), inA && x != 'a'},
		}
		for _, ch := range checks {
			if ch.got != ch.want {
				t.Errorf("%s: Contains(%#02x) = %v, want %v", ch.op, c, ch.got, ch.want)
			}
		}
	}
	if n := a.Len(); n != 5 {
		t.Errorf("Len = %d, want 5", n)
	}
	if diff := cmp.Diff([]byte("\x00abc\xff"), a.Bytes()); diff != "" {
		t.Errorf("Bytes (-want +got):\n%s", diff)
	}
	if got := codec.SetRange('z', 'a'); got.Len() != 0 {
		t.Errorf("SetRange('z', 'a') = %v, want empty", got)
	}
	if got, want := codec.Unreserved.String(), `[\x2D.0-9A-Z_a-z~]`; got != want {
		t.Errorf("Unreserved.String() = %s, want %s", got, want)
	}
}
