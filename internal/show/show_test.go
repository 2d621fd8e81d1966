package show

import (
	"testing"
	"unicode/utf16"

	"github.com/pctest/pctest/vectors"
)

func units(s string) []uint16 { return utf16.Encode([]rune(s)) }

func TestText(t *testing.T) {
	for _, tc := range []struct {
		in   []uint16
		want string
	}{
		{units(`a"b\c`), `"a\"b\\c" [0061 0022 0062 005C 0063]`},
		{[]uint16{0xD800, 'x', 0xDC00}, `"\uD800x\uDC00" [D800 0078 DC00]`},
		{units("\U0001F600é"), `"😀é" [D83D DE00 00E9]`},
		{units("\x00\n\u0301\u202E\u00A0\uFFFD"), `"\u0000\n\u0301\u202E\u00A0\uFFFD" [0000 000A 0301 202E 00A0 FFFD]`},
		{units("\U000E0001"), `"\u{E0001}" [DB40 DC01]`},
	} {
		if got := Text(tc.in); got != tc.want {
			t.Errorf("Text(%x) = %s, want %s", tc.in, got, tc.want)
		}
	}
	if got := Octets([]byte{0xe3, 0x81, 0x82, 0xff, '"'}); got != `"\xe3\x81\x82\xff\"" hex [e3 81 82 ff 22]` {
		t.Errorf("Octets = %s", got)
	}
}

func TestInputAndAnswer(t *testing.T) {
	for _, tc := range []struct{ got, want string }{
		{InputField(vectors.Request{Op: vectors.OpPercentEncodeSet, InHex: []byte("a"), Args: map[string]string{"set": "path"}}),
			`in_hex="a" hex [61] set="path"`},
		{InputField(vectors.Request{Op: vectors.OpDecodeURI, In: units("%41")}), `in="%41" [0025 0034 0031]`},
		{Answer(vectors.OpDecodeURI, vectors.Response{Error: vectors.ErrURIError, Message: "bad\n"}), `error URIError ("bad\n")`},
		{Answer(vectors.OpPercentDecode, vectors.Response{OutHex: []byte{0xff}}), `"\xff" hex [ff]`},
		{Answer(vectors.OpDecodeURI, vectors.Response{Out: units("a"), OutHex: []byte{1}}), `"a" [0061] and octets "\x01" hex [01]`},
		{Answer("noSuchOp", vectors.Response{}), "(empty response)"},
		{Answer(vectors.OpDecodeURI, vectors.Response{Unsupported: true}), "unsupported"},
	} {
		if tc.got != tc.want {
			t.Errorf("got %s, want %s", tc.got, tc.want)
		}
	}
}
