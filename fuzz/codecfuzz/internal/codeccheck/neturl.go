package codeccheck

import (
	"errors"
	"fmt"
	"net/url"

	"github.com/pctest/pctest/codec"
)

// This file is the differential check of the codec against Go's net/url:
// its escapers through the codec's go.* encode sets, its unescapers through
// the codec's strict decodes, errors included.

// NetURLEscape checks that the codec, given net/url's encode sets,
// escapes s exactly as net/url does: url.QueryEscape (FormEncodeString with
// GoQuery), url.PathEscape (PercentEncodeString with GoPathSegment), the path of
// URL.EscapedPath (GoPath) and the fragment of URL.EscapedFragment
// (GoFragment).
func NetURLEscape(s string) error {
	for _, c := range [...]struct {
		name      string
		got, want string
	}{
		{"QueryEscape", codec.FormEncodeString(s, codec.GoQuery), url.QueryEscape(s)},
		{"PathEscape", codec.PercentEncodeString(s, codec.GoPathSegment), url.PathEscape(s)},
		{"URL.EscapedFragment", codec.PercentEncodeString(s, codec.GoFragment), (&url.URL{Fragment: s}).EscapedFragment()},
	} {
		if c.got != c.want {
			return fmt.Errorf("net/url %s(%q) = %q; the codec with its go.* set gives %q", c.name, s, c.want, c.got)
		}
	}
	if s != "*" { // EscapedPath writes the path "*" as it is
		if got, want := codec.PercentEncodeString(s, codec.GoPath), (&url.URL{Path: s}).EscapedPath(); got != want {
			return fmt.Errorf("net/url URL.EscapedPath of the path %q = %q; the codec with go.path gives %q", s, want, got)
		}
	}
	return nil
}

// NetURLUnescape checks that url.QueryUnescape agrees with
// QueryUnescapeString and url.PathUnescape with the strict percent-decode
// (PercentDecodeString with no verbatim octets): the same result, or an error in
// both, where the codec's *codec.EscapeError holds the text of net/url's
// url.EscapeError.
func NetURLUnescape(s string) error {
	for _, c := range [...]struct {
		name   string
		decode func(string) (string, error)
		ref    func(string) (string, error)
	}{
		{"QueryUnescape", codec.QueryUnescapeString, url.QueryUnescape},
		{"PathUnescape", func(s string) (string, error) { return codec.PercentDecodeString(s, codec.Set{}) }, url.PathUnescape},
	} {
		got, err := c.decode(s)
		want, wantErr := c.ref(s)
		if wantErr == nil {
			if err != nil || got != want {
				return fmt.Errorf("net/url %s(%q) = %q; the codec gives %q, %v", c.name, s, want, got, err)
			}
			continue
		}
		var ue url.EscapeError
		if !errors.As(wantErr, &ue) {
			return fmt.Errorf("net/url %s(%q) failed with %v (%T), not an url.EscapeError", c.name, s, wantErr, wantErr)
		}
		var ee *codec.EscapeError
		if !errors.As(err, &ee) {
			return fmt.Errorf("net/url %s(%q) fails (%v); the codec gives %q, %v, not a *codec.EscapeError", c.name, s, wantErr, got, err)
		}
		if ee.Text != string(ue) || ee.Offset < 0 || ee.Offset >= len(s) || s[ee.Offset] != '%' {
			return fmt.Errorf("net/url %s(%q) fails on %q; the codec's EscapeError is {%d, %q}", c.name, s, string(ue), ee.Offset, ee.Text)
		}
	}
	return nil
}
