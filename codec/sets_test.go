package codec_test

import (
	"net/url"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/pctest/pctest/codec"
	"github.com/pctest/pctest/vectors"
)

// exportedSets binds each exported set of sets.go to the name vectors give
// it; what each keeps comes from vectors/sets.json (written from the spec
// transcriptions of internal/spec, never from this package).
var exportedSets = []struct {
	name string
	set  codec.Set
}{
	{"rfc3986.unreserved", codec.Unreserved},
	{"rfc3986.gen-delims", codec.GenDelims},
	{"rfc3986.sub-delims", codec.SubDelims},
	{"rfc3986.reserved", codec.Reserved},
	{"rfc3986.pchar", codec.PChar},
	{"rfc3986.path", codec.Path},
	{"rfc3986.query", codec.Query},
	{"rfc3986.fragment", codec.Fragment},
	{"rfc3986.userinfo", codec.UserInfo},
	{"rfc3986.reg-name", codec.RegName},
	{"whatwg.c0-control", codec.WHATWGC0Control},
	{"whatwg.fragment", codec.WHATWGFragment},
	{"whatwg.query", codec.WHATWGQuery},
	{"whatwg.special-query", codec.WHATWGSpecialQuery},
	{"whatwg.path", codec.WHATWGPath},
	{"whatwg.userinfo", codec.WHATWGUserInfo},
	{"whatwg.component", codec.WHATWGComponent},
	{"whatwg.form-urlencoded", codec.WHATWGFormURLEncoded},
	{"ecma.uriUnescaped", codec.URIUnescaped},
	{"ecma.encodeURI", codec.EncodeURIUnescaped},
	{"go.query", codec.GoQuery},
	{"go.path-segment", codec.GoPathSegment},
	{"go.path", codec.GoPath},
	{"go.userpassword", codec.GoUserPassword},
	{"go.fragment", codec.GoFragment},
	{"go.host", codec.GoHost},
	{"go.zone", codec.GoHost},
}

// TestNamedSetsBytewise checks every set of vectors/sets.json on all 256
// octets against the set SetByName gives for its name, and that the codec
// knows exactly the names of that file.
func TestNamedSetsBytewise(t *testing.T) {
	sets, err := vectors.NamedSets()
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, want := range sets {
		names = append(names, want.Name)
		t.Run(want.Name, func(t *testing.T) {
			got, ok := codec.SetByName(want.Name)
			if !ok {
				t.Fatalf("SetByName(%q): no such set (vectors/sets.json has it, %s §%s)", want.Name, want.Ref.Document, want.Ref.Section)
			}
			for c := 0; c < 256; c++ {
				if got.Contains(byte(c)) != want.Contains(byte(c)) {
					t.Errorf("Contains(%#02x %q) = %v, vectors/sets.json says %v", c, rune(c), got.Contains(byte(c)), want.Contains(byte(c)))
				}
			}
		})
	}
	if diff := cmp.Diff(names, codec.SetNames()); diff != "" {
		t.Errorf("codec.SetNames() against the names of vectors/sets.json (-file +codec):\n%s", diff)
	}
}

// TestExportedSets checks that each exported set is the named set
// SetByName gives, and that every name of SetNames has an exported set.
func TestExportedSets(t *testing.T) {
	var bound []string
	for _, tc := range exportedSets {
		bound = append(bound, tc.name)
		if byName, ok := codec.SetByName(tc.name); !ok || byName != tc.set {
			t.Errorf("SetByName(%q) = %v, %v; want %v", tc.name, byName, ok, tc.set)
		}
	}
	for _, name := range codec.SetNames() {
		if !slices.Contains(bound, name) {
			t.Errorf("named set %q has no exported set in exportedSets", name)
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
