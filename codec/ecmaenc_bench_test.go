package codec_test

import (
	"testing"
	"unicode/utf16"

	"github.com/pctest/pctest/codec"
)

// BenchmarkECMAEncodeForms runs every public form of encodeURI and
// encodeURIComponent (the append forms into a reused buffer, the string and
// []uint16 forms that return a new result) on the inputs of the peer table,
// beside a copy of the same UTF-8 bytes into a preallocated buffer and the
// octet encoder the ECMAScript encoders call (AppendPercentEncode with
// encodeURIComponent's set), the ceilings they are read against. SetBytes
// is the UTF-8 length of the text.
func BenchmarkECMAEncodeForms(b *testing.B) {
	inputs := []struct {
		name string
		text string
	}{
		{"ascii", benchASCII()},
		{"mixed", benchMixed()},
		{"encoded", benchEncoded()},
	}
	for _, in := range inputs {
		text, u := in.text, utf16.Encode([]rune(in.text))
		run := func(name string, f func()) {
			b.Run(in.name+"/"+name, func(b *testing.B) {
				b.SetBytes(int64(len(text)))
				for b.Loop() {
					f()
				}
			})
		}
		cp := make([]byte, len(text))
		run("copy", func() { copy(cp, text) })
		var dst []byte
		run("octets", func() { dst = codec.AppendPercentEncode(dst[:0], []byte(text), codec.URIUnescaped) })
		run("AppendEncodeURIComponent", func() { dst, _ = codec.AppendEncodeURIComponent(dst[:0], u) })
		run("AppendEncodeURI", func() { dst, _ = codec.AppendEncodeURI(dst[:0], u) })
		run("EncodeURIComponent", func() { _, _ = codec.EncodeURIComponent(u) })
		run("EncodeURI", func() { _, _ = codec.EncodeURI(u) })
		run("EncodeURIComponentString", func() { _, _ = codec.EncodeURIComponentString(text) })
		run("EncodeURIString", func() { _, _ = codec.EncodeURIString(text) })
	}
}
