package codec_test

import (
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/pctest/pctest/codec"
)

// TestReassignedSetsChangeNothing assigns other sets to the exported
// variables of ECMA-262's sets and checks that encodeURI, decodeURI, their
// kin and escape still compute the spec's results: the package uses copies
// made at start-up, so a program's assignment cannot make one path (a
// table made once) disagree with another (the set read on each call).
func TestReassignedSetsChangeNothing(t *testing.T) {
	saved := [...]codec.Set{codec.URIUnescaped, codec.EncodeURIUnescaped, codec.DecodeURIReserved, codec.EscapeKeep}
	defer func() {
		codec.URIUnescaped, codec.EncodeURIUnescaped, codec.DecodeURIReserved, codec.EscapeKeep = saved[0], saved[1], saved[2], saved[3]
	}()
	codec.URIUnescaped, codec.EncodeURIUnescaped, codec.DecodeURIReserved, codec.EscapeKeep = codec.Set{}, codec.Set{}, codec.Set{}, codec.Set{}

	in := strings.Repeat("a-~;#/ é", 12)
	u := utf16.Encode([]rune(in))
	checks := []struct {
		name string
		got  func() (string, error)
		want string
	}{
		{"EncodeURIComponent", func() (string, error) { return codec.EncodeURIComponent(u) }, strings.Repeat("a-~%3B%23%2F%20%C3%A9", 12)},
		{"EncodeURI", func() (string, error) { return codec.EncodeURI(u) }, strings.Repeat("a-~;#/%20%C3%A9", 12)},
		{"EncodeURIComponentString", func() (string, error) { return codec.EncodeURIComponentString(in) }, strings.Repeat("a-~%3B%23%2F%20%C3%A9", 12)},
		{"EncodeURIString", func() (string, error) { return codec.EncodeURIString(in) }, strings.Repeat("a-~;#/%20%C3%A9", 12)},
		{"DecodeURIString", func() (string, error) { return codec.DecodeURIString(strings.Repeat("%61%3B%23%2f%C3%A9", 12)) }, strings.Repeat("a%3B%23%2fé", 12)},
		{"DecodeURI", func() (string, error) {
			d, err := codec.DecodeURI(utf16.Encode([]rune(strings.Repeat("%61%3B%23%2f%C3%A9", 12))))
			return string(utf16.Decode(d)), err
		}, strings.Repeat("a%3B%23%2fé", 12)},
		{"EscapeString", func() (string, error) { return codec.EscapeString(in), nil }, strings.Repeat("a-%7E%3B%23/%20%E9", 12)},
		{"Escape", func() (string, error) { return codec.Escape(u), nil }, strings.Repeat("a-%7E%3B%23/%20%E9", 12)},
	}
	for _, c := range checks {
		got, err := c.got()
		if err != nil || got != c.want {
			t.Errorf("%s after the exported sets were reassigned = %q, %v; want %q, nil", c.name, got, err, c.want)
		}
	}
}
