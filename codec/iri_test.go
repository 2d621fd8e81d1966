package codec_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/pctest/pctest/codec"
)

func TestIRIToURITable(t *testing.T) {
	cases := []struct {
		name string
		in   string
		want string
	}{
		{"issue 2 seed example", "http://例え.jp/引き出し", "http://xn--r8jz45g.jp/%E5%BC%95%E3%81%8D%E5%87%BA%E3%81%97"},
		{"RFC3987 §3.1 ireg-name by ToASCII", "http://r\u00e9sum\u00e9.example.org", "http://xn--rsum-bpad.example.org"},
		{"RFC3987 §3.1 note: escapes not encoded further", "http://www.example.org/red%09ros\u00e9#red", "http://www.example.org/red%09ros%C3%A9#red"},
		{"RFC3987 §3.1 note: non-BMP", "http://example.com/\U00010300\U00010301\U00010302", "http://example.com/%F0%90%8C%80%F0%90%8C%81%F0%90%8C%82"},
		{"RFC3987 §3.1 identity on URIs", "http://a/b%20c?d#e", "http://a/b%20c?d#e"},
		{"RFC3987 §3.1 printable ASCII not allowed in URIs converted", "http://a/b c<d>", "http://a/b%20c%3Cd%3E"},
		{"RFC3987 §3.1 all ten printable characters", "/ \"<>\\^`{|}", "/%20%22%3C%3E%5C%5E%60%7B%7C%7D"},
		{"RFC3987 §3.1 # % [ ] MUST NOT be converted", "http://[::1]/a[b]%zz%41#c#d", "http://[::1]/a[b]%zz%41#c#d"},
		{"RFC3987 §3.1 controls and DEL kept", "/a\tb\x00c\x7f", "/a\tb\x00c\x7f"},
		{"RFC3987 §3.1 step 2 in an ASCII label beside an IDN", "http://a b.例え.jp/", "http://a%20b.xn--r8jz45g.jp/"},
		{"RFC3987 §3.1 step 2 in an ASCII host", "http://a{b}/", "http://a%7Bb%7D/"},
		{"RFC3987 §3.1 step 2 in userinfo, port kept", "http://us\u00e9r:p\u00e4ss@例え.jp:8080/", "http://us%C3%A9r:p%C3%A4ss@xn--r8jz45g.jp:8080/"},
		{"RFC3987 §3.1 only non-ASCII labels converted", "http://WWW.例え.JP/", "http://WWW.xn--r8jz45g.JP/"},
		{"RFC3986 §3.2.2 IP literal left alone", "http://[::1]/\u00e9", "http://[::1]/%C3%A9"},
		{"RFC3987 §3.1 query and fragment", "http://a/?q=\u00e9#\u00e9", "http://a/?q=%C3%A9#%C3%A9"},
		{"RFC3987 §3.1 iprivate encoded", "http://a/?\ue000", "http://a/?%EE%80%80"},
		{"no authority: no IDNA", "mailto:user@例え.jp", "mailto:user@%E4%BE%8B%E3%81%88.jp"},
		{"relative reference with authority", "//例え.jp/x", "//xn--r8jz45g.jp/x"},
		{"relative path", "引き出し?x", "%E5%BC%95%E3%81%8D%E5%87%BA%E3%81%97?x"},
		{"bytes that are not UTF-8 outside the host", "http://a/\xff", "http://a/%FF"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := codec.IRIToURI(tc.in)
			if err != nil || got != tc.want {
				t.Errorf("IRIToURI(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
			}
		})
	}
}

func TestIRIToURIErrors(t *testing.T) {
	cases := []struct {
		name   string
		in     string
		offset int
		label  string
	}{
		{"UTS46 STD3: underscore", "http://a.\u00e9_x.com/", 9, "\u00e9_x"},
		{"UTS46 bidi rule", "http://\u05d0a.com/", 7, "\u05d0a"},
		{"UTS46 disallowed: RLO", "http://x@\u00e9\u202e.org", 9, "\u00e9\u202e"},
		{"escape in a non-ASCII label", "http://例%41.jp/", 7, "例%41"},
		{"not UTF-8", "http://a\xff\u00e9.jp/", 7, "a\xff\u00e9"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := codec.IRIToURI(tc.in)
			var ie *codec.IDNAError
			if !errors.As(err, &ie) || ie.Offset != tc.offset || ie.Label != tc.label || ie.Err == nil || got != "" {
				t.Errorf("IRIToURI(%q) = %q, %#v; want *IDNAError{Offset: %d, Label: %q}", tc.in, got, err, tc.offset, tc.label)
			}
		})
	}
	_, err := codec.IRIToURI("http://a\xff\u00e9.jp/")
	var ue *codec.UTF8Error
	if !errors.As(err, &ue) || ue.Offset != 8 {
		t.Errorf("IRIToURI of a host that is not UTF-8: %v, want a wrapped *UTF8Error at offset 8", err)
	}
}

func TestURIToIRITable(t *testing.T) {
	cases := []struct {
		name string
		in   string
		want string
	}{
		{"issue 2 seed example back", "http://xn--r8jz45g.jp/%E5%BC%95%E3%81%8D%E5%87%BA%E3%81%97", "http://例え.jp/引き出し"},
		{"RFC3987 §3.2.1 D%C3%BCrst", "http://www.example.org/D%C3%BCrst", "http://www.example.org/D\u00fcrst"},
		{"RFC3987 §3.2.1 D%FCrst not UTF-8", "http://www.example.org/D%FCrst", "http://www.example.org/D%FCrst"},
		// §3.2.1 shows the escape uppercased in step 4 ("case may not be
		// preserved"). The label may be converted by ToUnicode, which the
		// example then shows.
		{"RFC3987 §3.2.1 RLO re-encoded, xn--99zt52a converted", "http://xn--99zt52a.example.org/%e2%80%ae", "http://\u7d0d\u8c46.example.org/%E2%80%AE"},
		{"RFC3987 §3.2 step 2 unreserved ASCII decoded, %25 reserved and space kept", "http://a/%41%7e%25%2F%20", "http://a/A~%25%2F%20"},
		{"RFC3987 §3.2 step 2 every unreserved kind", "/%61%5A%30%2D%2e%5F%7e", "/aZ0-._~"},
		{"RFC3987 §3.2 step 2 reserved kept as written", "/%3a%2f%3F%23%5b%5D%40%21%24%26%27%28%29%2a%2B%2c%3B%3d", "/%3a%2f%3F%23%5b%5D%40%21%24%26%27%28%29%2a%2B%2c%3B%3d"},
		{"RFC3987 §3.2 step 2 not allowed in URIs kept as written", "/%3c%3E%22%7b%7D%7c%5C%5e%60%00%1f%7F", "/%3c%3E%22%7b%7D%7c%5C%5e%60%00%1f%7F"},
		{"RFC3987 §3.2 step 2 in the host", "http://%77ww.example.com/", "http://www.example.com/"},
		{"RFC3987 §3.2 step 3 re-encodes in uppercase", "/D%fcrst%e2%82", "/D%FCrst%E2%82"},
		{"RFC3987 §3.2 step 3 octet then decoded ASCII", "/%C3%41", "/%C3A"},
		{"RFC3987 §3.2 step 4 re-encodes in uppercase", "/%c2%85%ee%80%80?%ee%80%80", "/%C2%85%EE%80%80?\ue000"},
		{"RFC3987 §3.2 step 3 truncated", "http://a/%E5%BC", "http://a/%E5%BC"},
		{"RFC3987 §3.2 step 3 overlong", "http://a/%C0%AF", "http://a/%C0%AF"},
		{"RFC3987 §3.2 step 3 surrogate", "http://a/%ED%A0%80", "http://a/%ED%A0%80"},
		{"RFC3987 §3.2 step 3 then valid", "http://a/%FF%C3%A9", "http://a/%FF\u00e9"},
		{"RFC3987 §3.2 step 3 escape then literal", "http://a/%C3x%A9", "http://a/%C3x%A9"},
		{"RFC3987 §2.2 ucschar starts at U+00A0", "/%C2%9F%C2%A0", "/%C2%9F\u00a0"},
		{"RFC3987 §2.2 U+D7FF in, U+E000 iprivate out of query", "/%ED%9F%BF%EE%80%80", "/\ud7ff%EE%80%80"},
		{"RFC3987 §2.2 iprivate in query", "/%EE%80%80?%EE%80%80#%EE%80%80", "/%EE%80%80?\ue000#%EE%80%80"},
		{"RFC3987 §2.2 plane 15 iprivate in query", "?%F3%B0%80%80", "?\U000F0000"},
		{"RFC3987 §2.2 FDD0-FDEF not ucschar", "/%EF%B7%90%EF%B7%B0", "/%EF%B7%90\ufdf0"},
		{"RFC3987 §2.2 U+FFFE not ucschar", "/%EF%BF%BE%EF%BF%AF", "/%EF%BF%BE\uffef"},
		{"RFC3987 §2.2 U+1FFFE not ucschar", "/%F0%9F%BF%BE%F0%9F%BF%BD", "/%F0%9F%BF%BE\U0001fffd"},
		{"RFC3987 §2.2 U+E0000 not ucschar, U+E1000 is", "/%F3%A0%80%80%F3%A1%80%80", "/%F3%A0%80%80\U000e1000"},
		{"RFC3987 §4.1 LRM RLM", "/%E2%80%8E%E2%80%8F", "/%E2%80%8E%E2%80%8F"},
		{"RFC3987 §4.1 LRE..RLO", "/%E2%80%AA%E2%80%AB%E2%80%AC%E2%80%AD%E2%80%AE", "/%E2%80%AA%E2%80%AB%E2%80%AC%E2%80%AD%E2%80%AE"},
		{"RFC3987 §3.2 reg-name escapes decoded", "http://%E4%BE%8B.jp/", "http://\u4f8b.jp/"},
		{"RFC3986 §3.2.2 IP literal left alone", "http://[fe80::1%25eth0]/%C3%A9", "http://[fe80::1%25eth0]/\u00e9"},
		{"RFC3987 §3.2.1 invalid A-label kept", "http://xn--zz.example/", "http://xn--zz.example/"},
		{"RFC3987 §3.2.1 uppercase A-label", "http://XN--R8JZ45G.jp/", "http://例え.jp/"},
		{"A-label outside the host kept", "http://a/xn--r8jz45g", "http://a/xn--r8jz45g"},
		{"userinfo and port", "http://%C3%A9@xn--r8jz45g.jp:80/", "http://\u00e9@例え.jp:80/"},
		{"malformed % kept", "/100%", "/100%"},
		{"literal non-ASCII copied", "/\u00e9%C3%A9", "/\u00e9\u00e9"},
		{"nothing to do", "http://example.com/a?b#c", "http://example.com/a?b#c"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := codec.URIToIRI(tc.in)
			if err != nil || got != tc.want {
				t.Errorf("URIToIRI(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
			}
		})
	}
	s := "http://example.com/a%2Fb?c=%3D%FC%ZZ"
	if got, _ := codec.URIToIRI(s); !sameData(got, s) {
		t.Errorf("URIToIRI(%q) unchanged but not returned itself", s)
	}
}

// TestIRIRoundTrip builds random IRIs from characters an IRI allows and
// checks that URIToIRI undoes IRIToURI (RFC 3987 §3.2: "will always result
// in an IRI that maps back to the URI"), both ways.
func TestIRIRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	pieces := []string{"a", "Z", "0", "-", "~", "/", ":", "@", "!", "=", "%41", "%2F", "%25",
		"\u00e9", "\u00a0", "\u4f8b", "\ud7ff", "\uf900", "\ufdf0", "\uffef", "\U00010300", "\U000e1000", "\U0001fffd"}
	private := []string{"\ue000", "\uf8ff", "\U000f0000", "\U0010fffd"}
	gen := func(n int, query bool) string {
		var b strings.Builder
		for range n {
			if query && r.IntN(5) == 0 {
				b.WriteString(private[r.IntN(len(private))])
			} else {
				b.WriteString(pieces[r.IntN(len(pieces))])
			}
		}
		return b.String()
	}
	hosts := []string{"example.com", "例え.jp", "r\u00e9sum\u00e9.example.org", "[::1]", "納豆.example"}
	for range 300 {
		iri := "http://" + hosts[r.IntN(len(hosts))] + "/" + gen(r.IntN(8), false) +
			"?" + gen(r.IntN(8), true) + "#" + gen(r.IntN(8), false)
		uri, err := codec.IRIToURI(iri)
		if err != nil {
			t.Fatalf("IRIToURI(%q): %v", iri, err)
		}
		for i := 0; i < len(uri); i++ {
			if uri[i] >= utf8.RuneSelf {
				t.Fatalf("IRIToURI(%q) = %q is not ASCII", iri, uri)
			}
		}
		// "... except for potential case differences in percent-encoding
		// and for potential percent-encoded unreserved characters": the
		// pieces' only such escape is %41, which §3.2 step 2 decodes.
		back, err := codec.URIToIRI(uri)
		if want := strings.ReplaceAll(iri, "%41", "A"); err != nil || back != want {
			t.Fatalf("URIToIRI(IRIToURI(%q)) = %q, %v (URI %q); want %q", iri, back, err, uri, want)
		}
		if again, err := codec.IRIToURI(back); err != nil || again != strings.ReplaceAll(uri, "%41", "A") {
			t.Fatalf("IRIToURI(URIToIRI(%q)) = %q, %v", uri, again, err)
		}
		if again, _ := codec.IRIToURI(uri); again != uri {
			t.Fatalf("IRIToURI is not idempotent on %q: %q", uri, again)
		}
	}
}

// TestURIToIRIKeepsOtherASCII checks on random URIs, where every
// unreserved character is written as it is, that every ASCII escape (of
// "%", reserved or not allowed in URIs) survives URIToIRI as written.
func TestURIToIRIKeepsOtherASCII(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 24))
	for n := 0; n < 500; n++ {
		in := codec.PercentEncodeString(string(randomOctets(r, n%40)), codec.Unreserved)
		got, err := codec.URIToIRI(in)
		if err != nil {
			t.Fatal(err)
		}
		if want := countASCIIEscapes(in); countASCIIEscapes(got) != want {
			t.Fatalf("URIToIRI(%q) = %q: %d ASCII escapes, want %d", in, got, countASCIIEscapes(got), want)
		}
		if back, err := codec.IRIToURI(got); err != nil || back != in {
			t.Fatalf("IRIToURI(URIToIRI(%q)) = %q, %v", in, back, err)
		}
	}
}

func countASCIIEscapes(s string) int {
	n := 0
	for i := 0; i+2 < len(s); i++ {
		if s[i] == '%' && isHex(s[i+1]) && isHex(s[i+2]) {
			if s[i+1] < '8' {
				n++
			}
			i += 2
		}
	}
	return n
}

// TestURIToIRIEveryEscape checks "/%XY" for every octet and both hex cases
// against RFC 3987 §3.2 written out here: step 2 converts the escapes of
// unreserved characters (RFC 3986 §2.3) and of octets 0x80-0xFF; step 3
// re-percent-encodes the latter, none being UTF-8 alone, in uppercase; the
// other escapes stay as written.
func TestURIToIRIEveryEscape(t *testing.T) {
	const unreserved = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
	for c := 0; c < 256; c++ {
		for _, f := range []string{"/%%%02X", "/%%%02x"} {
			in := fmt.Sprintf(f, c)
			var want string
			switch {
			case c < 0x80 && strings.IndexByte(unreserved, byte(c)) >= 0:
				want = "/" + string(rune(c))
			case c < 0x80:
				want = in
			default:
				want = strings.ToUpper(in)
			}
			if got, err := codec.URIToIRI(in); err != nil || got != want {
				t.Errorf("URIToIRI(%q) = %q, %v; want %q", in, got, err, want)
			}
		}
	}
}
