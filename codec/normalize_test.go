package codec_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/pctest/pctest/codec"
)

func TestNormalizeTable(t *testing.T) {
	cases := []struct {
		name string
		in   string
		want string
	}{
		{"RFC3986 §6.2.2.2 tilde", "/%7Euser", "/~user"},
		{"RFC3986 §6.2.2.2 lowercase tilde", "/%7euser", "/~user"},
		{"RFC3986 §2.3 every unreserved class", "%41%7a%30%2D%2e%5F%7E", "Az0-._~"},
		{"RFC3986 §6.2.2.1 uppercase hex of reserved", "%3a%2f%3F", "%3A%2F%3F"},
		{"RFC3986 §6.2.2.1 uppercase hex of non-ASCII", "%c3%a9", "%C3%A9"},
		{"RFC3986 §6.2.2.2 never decode reserved", "/path%3Fkey=value", "/path%3Fkey=value"},
		{"RFC3986 §6.2.2.2 %25 stays", "%25%2541", "%25%2541"},
		{"RFC3986 §6.2.2 example, escapes only", "eXAMPLE://a/./b/../b/%63/%7bfoo%7d", "eXAMPLE://a/./b/../b/c/%7Bfoo%7D"},
		{"malformed % left alone", "100%", "100%"},
		{"malformed %zz left alone", "%zz%7e", "%zz~"},
		{"text outside escapes untouched", "AbC é", "AbC é"},
		{"not idempotent on non-URIs", "%%341", "%41"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := codec.Normalize(tc.in); got != tc.want {
				t.Errorf("Normalize(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

func TestEquivalentTable(t *testing.T) {
	cases := []struct {
		name string
		a, b string
		want bool
	}{
		{"RFC3986 §6.2.2.2 /~user vs /%7Euser", "/~user", "/%7Euser", true},
		{"RFC3986 §6.2.2.2 /~user vs /%7euser", "/~user", "/%7euser", true},
		{"RFC3986 §6.2.2.1 /%7Euser vs /%7euser", "/%7Euser", "/%7euser", true},
		{"RFC3986 §2.2 reserved ? vs %3F", "/path?key=value", "/path%3Fkey=value", false},
		{"RFC3986 §6.2.2.1 case of hex only", "%3a", "%3A", true},
		{"RFC3986 §6.2.2.1 case outside escapes counts", "/A", "/a", false},
		{"RFC3986 §2.4 %25 is not %", "100%25", "100%", false},
		{"different lengths", "a", "ab", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := codec.Equivalent(tc.a, tc.b); got != tc.want {
				t.Errorf("Equivalent(%q, %q) = %v, want %v", tc.a, tc.b, got, tc.want)
			}
			if got := codec.Equivalent(tc.b, tc.a); got != tc.want {
				t.Errorf("Equivalent(%q, %q) = %v, want %v (not symmetric)", tc.b, tc.a, got, tc.want)
			}
		})
	}
}

// TestNormalizeProperties checks Normalize on random inputs against what
// §6.2.2 says it must and must not do. Where the input is not a valid
// percent-encoded string (a '%' starts no escape), only equivalence is
// checked: see the "not idempotent" case above.
func TestNormalizeProperties(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 18))
	for n := 0; n < 1000; n++ {
		in := string(randomOctets(r, n%50))
		got := codec.Normalize(in)
		if !codec.Equivalent(in, got) {
			t.Fatalf("Equivalent(%q, Normalize = %q) = false", in, got)
		}
		want, err := codec.PercentDecodeString(in, codec.Set{})
		if err != nil {
			continue
		}
		// The same octets: normalization does not change what the
		// string means.
		if dec, err := codec.PercentDecodeString(got, codec.Set{}); err != nil || dec != want {
			t.Fatalf("Normalize(%q) = %q decodes to %q, %v; the input to %q", in, got, dec, err, want)
		}
		// Every escape left is of an octet outside unreserved, with
		// uppercase hex; and Normalize is idempotent.
		for i := 0; i < len(got); i++ {
			if got[i] != '%' {
				continue
			}
			v, err := codec.PercentDecodeString(got[i:min(i+3, len(got))], codec.Set{})
			if err != nil || codec.Unreserved.Contains(v[0]) || strings.ContainsAny(got[i+1:i+3], "abcdef") {
				t.Fatalf("Normalize(%q) = %q leaves %q at %d", in, got, got[i:min(i+3, len(got))], i)
			}
			i += 2
		}
		if again := codec.Normalize(got); again != got {
			t.Fatalf("Normalize(%q) = %q, and again %q", in, got, again)
		}
	}
}

func TestPercentEncodeNoDoubleTable(t *testing.T) {
	uri := codec.Reserved.Union(codec.Unreserved) // the set of the encodeNoDouble op
	cases := []struct {
		name string
		in   string
		want string
	}{
		{"RFC3986 §2.4 100%", "100%", "100%25"},
		{"RFC3986 §2.4 valid escape kept", "100%25", "100%25"},
		{"RFC3986 §2.4 lowercase escape kept as is", "%7e%2f", "%7e%2f"},
		{"RFC3986 §2.4 %% and escape", "%%41", "%25%41"},
		{"RFC3986 §2.4 one digit", "%4", "%254"},
		{"RFC3986 §2.1 space and non-ASCII", "a b/é?", "a%20b/%C3%A9?"},
		{"RFC3986 §2.2 reserved kept", ":/?#[]@!$&'()*+,;=", ":/?#[]@!$&'()*+,;="},
		{"empty", "", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := codec.PercentEncodeNoDouble(tc.in, uri)
			if got != tc.want {
				t.Errorf("PercentEncodeNoDouble(%q) = %q, want %q", tc.in, got, tc.want)
			}
			if again := codec.PercentEncodeNoDouble(got, uri); again != got {
				t.Errorf("PercentEncodeNoDouble twice = %q, once = %q", again, got)
			}
		})
	}
}

// TestPercentEncodeNoDoubleProperties checks on random inputs and sets that
// PercentEncodeNoDouble is idempotent, leaves no '%' that starts no escape
// and no octet outside keep, means the same octets as its input, and returns
// its input itself when nothing changes.
func TestPercentEncodeNoDoubleProperties(t *testing.T) {
	r := rand.New(rand.NewPCG(19, 20))
	for n := 0; n < 1000; n++ {
		in := string(randomOctets(r, n%60))
		keep := randomSet(r, r.Float64())
		once := codec.PercentEncodeNoDouble(in, keep)
		if twice := codec.PercentEncodeNoDouble(once, keep); twice != once {
			t.Fatalf("PercentEncodeNoDouble(%q): once %q, twice %q", in, once, twice)
		}
		for i := 0; i < len(once); i++ {
			c := once[i]
			if c == '%' {
				if i+2 >= len(once) || !isHex(once[i+1]) || !isHex(once[i+2]) {
					t.Fatalf("PercentEncodeNoDouble(%q) = %q: '%%' at %d starts no escape", in, once, i)
				}
				i += 2
			} else if !keep.Contains(c) {
				t.Fatalf("PercentEncodeNoDouble(%q) = %q: %q at %d is not in keep", in, once, c, i)
			}
		}
		if a, b := codec.PercentDecodeLenientString(in, codec.Set{}), codec.PercentDecodeLenientString(once, codec.Set{}); a != b {
			t.Fatalf("PercentEncodeNoDouble(%q) = %q changes the decoded octets: %q vs %q", in, once, a, b)
		}
		if once == in && !sameData(once, in) {
			t.Fatalf("PercentEncodeNoDouble(%q) unchanged but not returned itself", in)
		}
	}
	s := "/a%20b/c?d=e"
	if allocs := testing.AllocsPerRun(100, func() {
		sinkString = codec.PercentEncodeNoDouble(s, codec.Reserved.Union(codec.Unreserved))
		sinkString = codec.Normalize(s)
	}); allocs != 0 {
		t.Errorf("PercentEncodeNoDouble/Normalize unchanged: %v allocs, want 0", allocs)
	}
}
