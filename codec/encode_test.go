package codec_test

import (
	"fmt"
	"math/rand/v2"
	"net/url"
	"strings"
	"testing"
	"unsafe"

	"github.com/pctest/pctest/codec"
)

// encodeOracle is percent-encoding written out the slow way, straight from
// RFC 3986 §2.1 (and WHATWG URL §1.3 with spaceAsPlus when plus is set),
// to check the table-driven encoder against.
func encodeOracle(s string, keep codec.Set, plus bool) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case plus && c == ' ':
			b.WriteByte('+')
		case keep.Contains(c):
			b.WriteByte(c)
		default:
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

// randomOctets returns n bytes drawn mostly from the octets that matter to
// percent-encoding: '%', hex digits, '+', space, other ASCII, and octets at
// or above 0x80, some of them forming UTF-8.
func randomOctets(r *rand.Rand, n int) []byte {
	const special = "%%%+ 0123456789abcdefABCDEFgG/?#&=~"
	b := make([]byte, 0, n)
	for len(b) < n {
		switch r.IntN(6) {
		case 0, 1:
			b = append(b, special[r.IntN(len(special))])
		case 2:
			b = append(b, byte(r.IntN(0x80)))
		case 3:
			b = append(b, byte(0x80+r.IntN(0x80)))
		case 4:
			b = append(b, string(rune(0x80+r.IntN(0x10FFFF-0x80)))...)
		default:
			b = append(b, byte(r.IntN(256)))
		}
	}
	return b[:n]
}

// randomSet returns a set of octets, each in it with probability p.
func randomSet(r *rand.Rand, p float64) codec.Set {
	var chars []byte
	for c := 0; c < 256; c++ {
		if r.Float64() < p {
			chars = append(chars, byte(c))
		}
	}
	return codec.SetOf(string(chars))
}

func TestEncodeTable(t *testing.T) {
	cases := []struct {
		name string
		in   string
		keep codec.Set
		plus bool
		want string
	}{
		{"RFC3986 §2.1 empty", "", codec.Unreserved, false, ""},
		{"RFC3986 §2.3 unreserved kept", "AZaz09-._~", codec.Unreserved, false, "AZaz09-._~"},
		{"RFC3986 §2.1 space", "a b", codec.Unreserved, false, "a%20b"},
		{"RFC3986 §2.1 uppercase hex", "\xff\xab\x0a", codec.Unreserved, false, "%FF%AB%0A"},
		{"RFC3986 §2.4 percent itself", "100%", codec.Unreserved, false, "100%25"},
		{"RFC3986 §2.5 UTF-8 of é", "é", codec.Unreserved, false, "%C3%A9"},
		{"RFC3986 §2.2 reserved escaped", ":/?#[]@!$&'()*+,;=", codec.Unreserved, false,
			"%3A%2F%3F%23%5B%5D%40%21%24%26%27%28%29%2A%2B%2C%3B%3D"},
		{"RFC3986 §3.3 path keeps pchar and /", "/a:b@c;d=e/f?g", codec.Path, false, "/a:b@c;d=e/f%3Fg"},
		{"empty set escapes all", "az", codec.Set{}, false, "%61%7A"},
		{"full set keeps all", "\x00\xff%", codec.Set{}.Complement(), false, "\x00\xff%"},
		{"WHATWG URL §5.2 form space", "a b+c", codec.WHATWGFormURLEncoded, true, "a+b%2Bc"},
		{"WHATWG URL §1.3 form set keeps *-._", "*-._~!'()", codec.WHATWGFormURLEncoded, true, "*-._%7E%21%27%28%29"},
		{"form space wins over keep", "a b", codec.SetOf("ab "), true, "a+b"},
		{"form plus kept when in keep", "a+b", codec.SetOf("ab+"), true, "a+b"},
		{"WHATWG URL §1.3 path set", "/a b?#{}^`\"<>", codec.WHATWGPath, false, "/a%20b%3F%23%7B%7D%5E%60%22%3C%3E"},
		// Long enough for the table-driven path (see tableMin).
		{"long mixed", strings.Repeat("a b/é", 20), codec.GoQuery, true, strings.Repeat("a+b%2F%C3%A9", 20)},
		{"long all kept but last", strings.Repeat("a", 100) + " ", codec.Unreserved, false, strings.Repeat("a", 100) + "%20"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var got string
			var gotAppend []byte
			if tc.plus {
				got = codec.FormEncodeString(tc.in, tc.keep)
				gotAppend = codec.AppendFormEncode([]byte("x"), []byte(tc.in), tc.keep)
			} else {
				got = codec.PercentEncodeString(tc.in, tc.keep)
				gotAppend = codec.AppendPercentEncode([]byte("x"), []byte(tc.in), tc.keep)
			}
			if got != tc.want {
				t.Errorf("string form = %q, want %q", got, tc.want)
			}
			if string(gotAppend) != "x"+tc.want {
				t.Errorf("Append form = %q, want %q", gotAppend, "x"+tc.want)
			}
			if o := encodeOracle(tc.in, tc.keep, tc.plus); o != tc.want {
				t.Errorf("oracle = %q, want %q (the test's oracle is wrong)", o, tc.want)
			}
		})
	}
}

// TestEncodeEveryOctet encodes each of the 256 octets alone with every named
// set: kept as it is when the set holds it, else "%XX" with uppercase hex.
func TestEncodeEveryOctet(t *testing.T) {
	for _, name := range codec.SetNames() {
		keep, _ := codec.SetByName(name)
		for c := 0; c < 256; c++ {
			in := string([]byte{byte(c)})
			want := in
			if !keep.Contains(byte(c)) {
				want = "%" + strings.ToUpper(fmt.Sprintf("%02x", c))
			}
			if got := codec.PercentEncodeString(in, keep); got != want {
				t.Errorf("%s: PercentEncodeString(%q) = %q, want %q", name, in, got, want)
			}
		}
	}
}

// TestEncodeAgainstOracle compares both forms with the oracle on random
// inputs and sets, at every length around the table-driven path's bounds.
func TestEncodeAgainstOracle(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for n := 0; n < 300; n++ {
		in := randomOctets(r, n%140)
		keep := randomSet(r, r.Float64())
		plus := n%2 == 1
		want := encodeOracle(string(in), keep, plus)
		var got string
		var app []byte
		if plus {
			got = codec.FormEncodeString(string(in), keep)
			app = codec.AppendFormEncode(nil, in, keep)
		} else {
			got = codec.PercentEncodeString(string(in), keep)
			app = codec.AppendPercentEncode(nil, in, keep)
		}
		if got != want || string(app) != want {
			t.Fatalf("encode(%q, %v, plus=%v):\n string %q\n append %q\n want   %q", in, keep, plus, got, app, want)
		}
	}
}

// TestAppendPercentEncodeExactRoom gives AppendPercentEncode a dst with room
// for exactly the result, for every input length up to 100: the encoder must
// then neither allocate nor write past the room (which would panic).
func TestAppendPercentEncodeExactRoom(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for n := 0; n <= 100; n++ {
		for range 5 {
			in := randomOctets(r, n)
			keep := randomSet(r, r.Float64())
			want := encodeOracle(string(in), keep, false)
			dst := make([]byte, 2, 2+len(want))
			copy(dst, "ab")
			got := codec.AppendPercentEncode(dst, in, keep)
			if string(got) != "ab"+want {
				t.Fatalf("AppendPercentEncode(%q) = %q, want %q", in, got, "ab"+want)
			}
			if unsafe.SliceData(got) != unsafe.SliceData(dst) {
				t.Fatalf("AppendPercentEncode(%q) reallocated a dst with exact room", in)
			}
		}
	}
}

// TestEncodeMatchesNetURL checks that FormEncodeString with GoQuery is
// url.QueryEscape and PercentEncodeString with GoPathSegment is
// url.PathEscape, on random inputs of every kind of octet.
func TestEncodeMatchesNetURL(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for n := 0; n < 500; n++ {
		s := string(randomOctets(r, n%200))
		if got, want := codec.FormEncodeString(s, codec.GoQuery), url.QueryEscape(s); got != want {
			t.Fatalf("FormEncodeString(%q, GoQuery) = %q, url.QueryEscape = %q", s, got, want)
		}
		if got, want := codec.PercentEncodeString(s, codec.GoPathSegment), url.PathEscape(s); got != want {
			t.Fatalf("PercentEncodeString(%q, GoPathSegment) = %q, url.PathEscape = %q", s, got, want)
		}
		if got, want := "/"+codec.PercentEncodeString(s, codec.GoPath), (&url.URL{Path: "/" + s}).EscapedPath(); got != want {
			t.Fatalf("PercentEncodeString(%q, GoPath) = %q, URL.EscapedPath = %q", s, got, want)
		}
	}
}

// TestPercentEncodeStringUnchanged checks that a string needing no encoding
// comes back as the very same string, without an allocation.
func TestPercentEncodeStringUnchanged(t *testing.T) {
	for _, s := range []string{"", "abc", strings.Repeat("Az09-._~", 40)} {
		if got := codec.PercentEncodeString(s, codec.Unreserved); unsafe.StringData(got) != unsafe.StringData(s) || got != s {
			t.Errorf("PercentEncodeString(%q) returned a different string", s)
		}
		if got := codec.FormEncodeString(s, codec.GoQuery); unsafe.StringData(got) != unsafe.StringData(s) || got != s {
			t.Errorf("FormEncodeString(%q) returned a different string", s)
		}
		allocs := testing.AllocsPerRun(100, func() {
			sinkString = codec.PercentEncodeString(s, codec.Unreserved)
			sinkString = codec.FormEncodeString(s, codec.GoQuery)
		})
		if allocs != 0 {
			t.Errorf("PercentEncodeString/FormEncodeString(%.20q...) unchanged: %v allocs, want 0", s, allocs)
		}
	}
}

// TestAppendPercentEncodeAllocs checks that the Append forms allocate
// nothing when dst has room.
func TestAppendPercentEncodeAllocs(t *testing.T) {
	src := []byte(benchMixed())
	dst := make([]byte, 0, 4*len(src))
	allocs := testing.AllocsPerRun(100, func() {
		sinkBytes = codec.AppendPercentEncode(dst[:0], src, codec.GoPathSegment)
		sinkBytes = codec.AppendFormEncode(dst[:0], src, codec.GoQuery)
		sinkBytes = codec.AppendPercentEncode(dst[:0], src[:20], codec.Unreserved)
	})
	if allocs != 0 {
		t.Errorf("AppendPercentEncode/AppendFormEncode with room: %v allocs, want 0", allocs)
	}
}

var (
	sinkString string
	sinkBytes  []byte
)

// sameData reports whether a and b share their bytes: whether a function
// returned its input itself.
func sameData(a, b string) bool { return unsafe.StringData(a) == unsafe.StringData(b) }

// TestEncodeLongRuns encodes long runs of kept octets with one octet to
// escape at each position in turn, for every named set: the inputs where
// the encoder's wide scan for the first octet to escape does the work.
func TestEncodeLongRuns(t *testing.T) {
	r := rand.New(rand.NewPCG(25, 26))
	for _, name := range codec.SetNames() {
		keep, _ := codec.SetByName(name)
		members, outside := keep.Bytes(), keep.Complement().Bytes()
		for _, n := range []int{63, 64, 65, 100, 160} {
			for pos := 0; pos <= n; pos++ {
				b := make([]byte, n)
				for i := range b {
					b[i] = members[r.IntN(len(members))]
				}
				if pos < n {
					b[pos] = outside[r.IntN(len(outside))]
				}
				s := string(b)
				want := encodeOracle(s, keep, false)
				if got := codec.PercentEncodeString(s, keep); got != want {
					t.Fatalf("%s: PercentEncodeString(%q) = %q, want %q", name, s, got, want)
				}
				if got := codec.AppendPercentEncode(nil, b, keep); string(got) != want {
					t.Fatalf("%s: AppendPercentEncode(%q) = %q, want %q", name, s, got, want)
				}
			}
		}
	}
}
