package codec_test

import (
	"errors"
	"math/rand/v2"
	"net/url"
	"strings"
	"testing"
	"unsafe"

	"github.com/google/go-cmp/cmp"

	"github.com/pctest/pctest/codec"
)

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func hexVal(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c <= 'F':
		return c - 'A' + 10
	}
	return c - 'a' + 10
}

// decodeOracle is the WHATWG URL §1.3 "percent-decode" algorithm written
// out step by step, with a strict mode that stops at the first '%' without
// two hex digits (RFC 3986 §2.1), escapes of octets in keep copied as
// written, and '+' read as space first when plus is set. It returns the
// offset of the malformed '%' in strict mode, or -1.
func decodeOracle(in string, keep codec.Set, strict, plus bool) (string, int) {
	var out []byte
	for i := 0; i < len(in); i++ {
		b := in[i]
		switch {
		case b != '%': // step 1.1
			if plus && b == '+' {
				b = ' '
			}
			out = append(out, b)
		case i+2 >= len(in) || !isHex(in[i+1]) || !isHex(in[i+2]): // step 1.2
			if strict {
				return "", i
			}
			out = append(out, b)
		default: // step 1.3
			v := hexVal(in[i+1])<<4 | hexVal(in[i+2])
			if keep.Contains(v) {
				out = append(out, in[i:i+3]...)
			} else {
				out = append(out, v)
			}
			i += 2
		}
	}
	return string(out), -1
}

func TestDecodeStrictTable(t *testing.T) {
	cases := []struct {
		name    string
		in      string
		keep    codec.Set
		want    string
		errAt   int    // -1 for no error
		errText string // EscapeError.Text
	}{
		{"RFC3986 §2.1 empty", "", codec.Set{}, "", -1, ""},
		{"RFC3986 §2.1 no escapes", "a+b c", codec.Set{}, "a+b c", -1, ""},
		{"RFC3986 §2.1 uppercase", "%41%4A", codec.Set{}, "AJ", -1, ""},
		{"RFC3986 §2.1 lowercase hex equivalent", "%4a%7e", codec.Set{}, "J~", -1, ""},
		{"RFC3986 §2.1 any octet", "%00%FF%80", codec.Set{}, "\x00\xff\x80", -1, ""},
		{"RFC3986 §2.4 %25 once", "%2541", codec.Set{}, "%41", -1, ""},
		{"RFC3986 §2.5 UTF-8 octets", "%C3%A9", codec.Set{}, "é", -1, ""},
		{"non-ASCII bytes copied", "é%20\xff", codec.Set{}, "é \xff", -1, ""},
		{"RFC3986 §2.1 bare %", "100%", codec.Set{}, "", 3, "%"},
		{"RFC3986 §2.1 one digit at end", "a%4", codec.Set{}, "", 1, "%4"},
		{"RFC3986 §2.1 non-hex", "ab%zz", codec.Set{}, "", 2, "%zz"},
		{"RFC3986 §2.1 second not hex", "%4G", codec.Set{}, "", 0, "%4G"},
		{"RFC3986 §2.1 %% ", "%%41", codec.Set{}, "", 0, "%%4"},
		{"RFC3986 §2.1 first bad after good", "%41%4", codec.Set{}, "", 3, "%4"},
		{"RFC3986 §2.1 space not hex", "% 41", codec.Set{}, "", 0, "% 4"},
		{"RFC3986 §2.1 fullwidth digit not hex", "%\uff10\uff10", codec.Set{}, "", 0, "%\xef\xbc"},
		{"ECMA-262 §15.1.3.1 verbatim keeps case", "%2f%2F%41%23", codec.SetOf("/#"), "%2f%2FA%23", -1, ""},
		{"RFC3986 §6.2.2.2 verbatim of all but unreserved", "%7e%3a", codec.Unreserved.Complement(), "~%3a", -1, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := codec.PercentDecodeString(tc.in, tc.keep)
			app, appErr := codec.AppendPercentDecode([]byte("x"), []byte(tc.in), tc.keep)
			if o, at := decodeOracle(tc.in, tc.keep, true, false); o != tc.want || at != tc.errAt {
				t.Errorf("oracle = %q, %d; want %q, %d (the test's oracle is wrong)", o, at, tc.want, tc.errAt)
			}
			if tc.errAt < 0 {
				if err != nil || got != tc.want {
					t.Errorf("PercentDecodeString = %q, %v; want %q", got, err, tc.want)
				}
				if appErr != nil || string(app) != "x"+tc.want {
					t.Errorf("AppendPercentDecode = %q, %v; want %q", app, appErr, "x"+tc.want)
				}
				return
			}
			for _, e := range []error{err, appErr} {
				var ee *codec.EscapeError
				if !errors.As(e, &ee) {
					t.Errorf("error = %#v, want an *EscapeError", e)
				} else if diff := cmp.Diff(&codec.EscapeError{Offset: tc.errAt, Text: tc.errText}, ee); diff != "" {
					t.Errorf("error (-want +got):\n%s", diff)
				}
			}
			if got != "" || string(app) != "x" {
				t.Errorf("on error: PercentDecodeString = %q (want \"\"), AppendPercentDecode = %q (want dst unchanged)", got, app)
			}
			// net/url reports the same text for the same '%'.
			if _, uerr := url.PathUnescape(tc.in); uerr == nil || uerr.Error() != url.EscapeError(tc.errText).Error() {
				t.Errorf("url.PathUnescape error = %v, want EscapeError(%q)", uerr, tc.errText)
			}
		})
	}
}

func TestDecodeLenientTable(t *testing.T) {
	cases := []struct {
		name string
		in   string
		keep codec.Set
		want string
	}{
		// The examples of WHATWG URL §1.3 "percent-decode a string".
		{"WHATWG URL §1.3 example %25%s%1G", "%25%s%1G", codec.Set{}, "%%s%1G"},
		{"WHATWG URL §1.3 example ‽%25%2E", "‽%25%2E", codec.Set{}, "\xe2\x80\xbd%."},
		{"WHATWG URL §1.3 step 1.2 bare % at end", "100%", codec.Set{}, "100%"},
		{"WHATWG URL §1.3 step 1.2 one digit", "%4", codec.Set{}, "%4"},
		{"WHATWG URL §1.3 step 1.2 %% then escape", "%%41", codec.Set{}, "%A"},
		{"WHATWG URL §1.3 step 1.3 lowercase", "%c3%a9", codec.Set{}, "é"},
		{"verbatim keeps case", "%2f%zz%2F", codec.SetOf("/"), "%2f%zz%2F"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := codec.PercentDecodeLenientString(tc.in, tc.keep); got != tc.want {
				t.Errorf("PercentDecodeLenientString = %q, want %q", got, tc.want)
			}
			if got := codec.AppendPercentDecodeLenient([]byte("x"), []byte(tc.in), tc.keep); string(got) != "x"+tc.want {
				t.Errorf("AppendPercentDecodeLenient = %q, want %q", got, "x"+tc.want)
			}
			if o, _ := decodeOracle(tc.in, tc.keep, false, false); o != tc.want {
				t.Errorf("oracle = %q, want %q (the test's oracle is wrong)", o, tc.want)
			}
		})
	}
}

func TestFormDecodeTable(t *testing.T) {
	cases := []struct {
		name string
		in   string
		want string // strict (url.QueryUnescape)
		errT string // strict error text, "" when none
		lax  string // FormPercentDecodeLenientString
		form string // FormDecodeString
	}{
		{"WHATWG URL §5.1 step 3.4 plus", "a+b", "a b", "", "a b", "a b"},
		{"WHATWG URL §5.1 %2B stays plus", "a%2Bb", "a+b", "", "a+b", "a+b"},
		{"WHATWG URL §5.1 %20 and +", "%20+", "  ", "", "  ", "  "},
		{"WHATWG URL §5.1 malformed", "100%+", "", "%+", "100% ", "100% "},
		{"WHATWG URL §5.1 UTF-8 decode", "%C3%A9+%E3%81%82", "é あ", "", "é あ", "é あ"},
		{"WHATWG Encoding §8.1.1 replacement", "%E3%81+%FF", "\xe3\x81 \xff", "", "\xe3\x81 \xff", "\ufffd \ufffd"},
		{"no change", "abc", "abc", "", "abc", "abc"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := codec.QueryUnescapeString(tc.in)
			want, uerr := url.QueryUnescape(tc.in)
			if tc.errT == "" {
				if err != nil || got != tc.want || uerr != nil || want != tc.want {
					t.Errorf("QueryUnescapeString = %q, %v; url.QueryUnescape = %q, %v; want %q", got, err, want, uerr, tc.want)
				}
			} else {
				var ee *codec.EscapeError
				if !errors.As(err, &ee) || ee.Text != tc.errT || uerr == nil || uerr.Error() != url.EscapeError(tc.errT).Error() {
					t.Errorf("QueryUnescapeString error = %v, url.QueryUnescape error = %v; want text %q", err, uerr, tc.errT)
				}
			}
			if got := codec.FormPercentDecodeLenientString(tc.in); got != tc.lax {
				t.Errorf("FormPercentDecodeLenientString = %q, want %q", got, tc.lax)
			}
			if got := codec.AppendFormPercentDecodeLenient(nil, []byte(tc.in)); string(got) != tc.lax {
				t.Errorf("AppendFormPercentDecodeLenient = %q, want %q", got, tc.lax)
			}
			if got := codec.FormDecodeString(tc.in); got != tc.form {
				t.Errorf("FormDecodeString = %q, want %q", got, tc.form)
			}
			if got := codec.AppendFormDecode([]byte("x"), []byte(tc.in)); string(got) != "x"+tc.form {
				t.Errorf("AppendFormDecode = %q, want %q", got, "x"+tc.form)
			}
		})
	}
}

// TestDecodeAgainstOracle compares every decoder with the oracle on random
// inputs and keep sets.
func TestDecodeAgainstOracle(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for n := 0; n < 1000; n++ {
		in := string(randomOctets(r, n%80))
		keep := randomSet(r, r.Float64()/2)
		// Strict, with a keep set.
		want, at := decodeOracle(in, keep, true, false)
		got, err := codec.PercentDecodeString(in, keep)
		app, appErr := codec.AppendPercentDecode(nil, []byte(in), keep)
		if at >= 0 {
			var e1, e2 *codec.EscapeError
			if !errors.As(err, &e1) || !errors.As(appErr, &e2) || e1.Offset != at || e2.Offset != at {
				t.Fatalf("PercentDecodeString(%q): errors %v, %v; want offset %d", in, err, appErr, at)
			}
		} else if err != nil || appErr != nil || got != want || string(app) != want {
			t.Fatalf("PercentDecodeString(%q, %v) = %q, %v; Append %q, %v; want %q", in, keep, got, err, app, appErr, want)
		}
		// Lenient.
		want, _ = decodeOracle(in, keep, false, false)
		if got := codec.PercentDecodeLenientString(in, keep); got != want {
			t.Fatalf("PercentDecodeLenientString(%q, %v) = %q, want %q", in, keep, got, want)
		}
		if got := codec.AppendPercentDecodeLenient(nil, []byte(in), keep); string(got) != want {
			t.Fatalf("AppendPercentDecodeLenient(%q, %v) = %q, want %q", in, keep, got, want)
		}
		// Form, lenient.
		want, _ = decodeOracle(in, codec.Set{}, false, true)
		if got := codec.FormPercentDecodeLenientString(in); got != want {
			t.Fatalf("FormPercentDecodeLenientString(%q) = %q, want %q", in, got, want)
		}
		// Form, the whole WHATWG parse: then UTF-8 decode with replacement.
		want = codec.UTF8ReplaceString(want)
		if got := codec.FormDecodeString(in); got != want {
			t.Fatalf("FormDecodeString(%q) = %q, want %q", in, got, want)
		}
		if got := codec.AppendFormDecode([]byte("x"), []byte(in)); string(got) != "x"+want {
			t.Fatalf("AppendFormDecode(%q) = %q, want %q", in, got, "x"+want)
		}
	}
}

// TestDecodeMatchesNetURL checks QueryUnescapeString against url.QueryUnescape
// and PercentDecodeString with no escape kept against url.PathUnescape, error
// texts included, on random inputs.
func TestDecodeMatchesNetURL(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	check := func(name, in, got string, err error, want string, uerr error) {
		t.Helper()
		if (err == nil) != (uerr == nil) || err == nil && got != want {
			t.Fatalf("%s(%q) = %q, %v; net/url gives %q, %v", name, in, got, err, want, uerr)
		}
		if err != nil {
			var ee *codec.EscapeError
			if !errors.As(err, &ee) || url.EscapeError(ee.Text).Error() != uerr.Error() {
				t.Fatalf("%s(%q) error %v; net/url gives %v", name, in, err, uerr)
			}
		}
	}
	for n := 0; n < 1000; n++ {
		in := string(randomOctets(r, n%60))
		got, err := codec.QueryUnescapeString(in)
		want, uerr := url.QueryUnescape(in)
		check("QueryUnescapeString", in, got, err, want, uerr)
		app, err := codec.AppendQueryUnescape(nil, []byte(in))
		check("AppendQueryUnescape", in, string(app), err, want, uerr)
		got, err = codec.PercentDecodeString(in, codec.Set{})
		want, uerr = url.PathUnescape(in)
		check("PercentDecodeString", in, got, err, want, uerr)
	}
}

// TestEncodeDecodeRoundTrip checks that decoding undoes encoding for any
// octets and any encode set (RFC 3986 §2.1, §2.4).
func TestEncodeDecodeRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for n := 0; n < 500; n++ {
		in := randomOctets(r, n%100)
		keep := randomSet(r, r.Float64()).Without("%+")
		enc := codec.PercentEncodeString(string(in), keep)
		if dec, err := codec.PercentDecodeString(enc, codec.Set{}); err != nil || dec != string(in) {
			t.Fatalf("PercentDecodeString(PercentEncodeString(%q)) = %q, %v", in, dec, err)
		}
		fenc := codec.AppendFormEncode(nil, in, keep)
		if dec, err := codec.AppendQueryUnescape(nil, fenc); err != nil || string(dec) != string(in) {
			t.Fatalf("AppendQueryUnescape(AppendFormEncode(%q)) = %q, %v", in, dec, err)
		}
	}
}

// TestDecodeUnchanged checks that decoding a string with nothing to decode
// returns the very same string, without an allocation.
func TestDecodeUnchanged(t *testing.T) {
	s := benchASCII()
	withKept := "a%2Fb%zz"
	same := func(name, got, want string) {
		t.Helper()
		if got != want || unsafe.StringData(got) != unsafe.StringData(want) {
			t.Errorf("%s returned a different string", name)
		}
	}
	got, _ := codec.PercentDecodeString(s, codec.Set{})
	same("PercentDecodeString", got, s)
	got, _ = codec.QueryUnescapeString(s)
	same("QueryUnescapeString", got, s)
	same("PercentDecodeLenientString", codec.PercentDecodeLenientString(withKept, codec.SetOf("/")), withKept)
	same("FormPercentDecodeLenientString", codec.FormPercentDecodeLenientString(s), s)
	malformed := "100%"
	same("FormPercentDecodeLenientString of a malformed %", codec.FormPercentDecodeLenientString(malformed), malformed)
	same("FormDecodeString", codec.FormDecodeString(s), s)
	allocs := testing.AllocsPerRun(100, func() {
		sinkString, _ = codec.PercentDecodeString(s, codec.Set{})
		sinkString, _ = codec.QueryUnescapeString(s)
		sinkString = codec.PercentDecodeLenientString(withKept, codec.SetOf("/"))
		sinkString = codec.FormDecodeString(s)
	})
	if allocs != 0 {
		t.Errorf("decoding unchanged strings: %v allocs, want 0", allocs)
	}
}

// TestAppendDecodeAllocs checks that the Append forms allocate nothing when
// dst has room for len(src) more bytes.
func TestAppendDecodeAllocs(t *testing.T) {
	src := []byte(url.QueryEscape(benchMixed()))
	dst := make([]byte, 0, len(src))
	allocs := testing.AllocsPerRun(100, func() {
		sinkBytes, _ = codec.AppendPercentDecode(dst, src, codec.SetOf("/"))
		sinkBytes, _ = codec.AppendQueryUnescape(dst, src)
		sinkBytes = codec.AppendPercentDecodeLenient(dst, src, codec.Set{})
		sinkBytes = codec.AppendFormPercentDecodeLenient(dst, src)
		sinkBytes = codec.AppendFormDecode(dst, src) // valid UTF-8 once decoded
	})
	if allocs != 0 {
		t.Errorf("Append decoders with room: %v allocs, want 0", allocs)
	}
}

func TestEscapeErrorMessage(t *testing.T) {
	_, err := codec.PercentDecodeString("ab%zz", codec.Set{})
	if got, want := err.Error(), `invalid URL escape "%zz" at offset 2`; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
	if !strings.HasPrefix(err.Error(), url.EscapeError("%zz").Error()) {
		t.Errorf("Error() = %q does not start as net/url's message %q", err, url.EscapeError("%zz").Error())
	}
}
