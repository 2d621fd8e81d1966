package codec_test

import (
	"slices"
	"testing"
	"unicode/utf16"

	"github.com/dop251/goja"

	"github.com/pctest/pctest/codec"
)

// The ECMAScript benchmarks run on the "ascii" and "mixed" inputs of
// benchinput_test.go: as UTF-16 code units for the codec, as a JS string
// (goja.StringFromUTF16) for goja, whose built-in is called directly from
// Go. "codec" is the append form into a reused buffer; "codec-alloc" is the
// form that returns a new result. SetBytes is the UTF-8 length of the text
// that is encoded or decoded, the same for every implementation.

var ecmaBenchInputs = []struct {
	name string
	text func() string
}{
	{"ascii", benchASCII},
	{"mixed", benchMixed},
}

// ecmaGojaFunc returns the global function name of a new goja runtime.
func ecmaGojaFunc(b *testing.B, name string) goja.Callable {
	b.Helper()
	f, ok := goja.AssertFunction(goja.New().Get(name))
	if !ok {
		b.Fatalf("goja has no function %s", name)
	}
	return f
}

func BenchmarkEncodeURIComponent(b *testing.B) {
	for _, in := range ecmaBenchInputs {
		text := in.text()
		u := utf16.Encode([]rune(text))
		want, err := codec.EncodeURIComponent(u)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(in.name+"/codec", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(text)))
			dst := make([]byte, 0, len(want))
			for b.Loop() {
				dst, _ = codec.AppendEncodeURIComponent(dst[:0], u)
			}
			if string(dst) != want {
				b.Fatalf("AppendEncodeURIComponent = %q, want %q", dst, want)
			}
		})
		b.Run(in.name+"/codec-alloc", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(text)))
			for b.Loop() {
				_, _ = codec.EncodeURIComponent(u)
			}
		})
		b.Run(in.name+"/goja", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(text)))
			f := ecmaGojaFunc(b, "encodeURIComponent")
			arg := goja.StringFromUTF16(u)
			var got goja.Value
			for b.Loop() {
				got, _ = f(goja.Undefined(), arg)
			}
			if got.String() != want {
				b.Fatalf("goja encodeURIComponent = %q, want %q", got, want)
			}
		})
	}
}

func BenchmarkDecodeURIComponent(b *testing.B) {
	for _, in := range ecmaBenchInputs {
		text := in.text()
		want := utf16.Encode([]rune(text))
		enc, err := codec.EncodeURIComponent(want)
		if err != nil {
			b.Fatal(err)
		}
		u := utf16.Encode([]rune(enc))
		b.Run(in.name+"/codec", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(enc)))
			dst := make([]uint16, 0, len(u))
			for b.Loop() {
				dst, _ = codec.AppendDecodeURIComponent(dst[:0], u)
			}
			if !slices.Equal(dst, want) {
				b.Fatal("AppendDecodeURIComponent does not give the text back")
			}
		})
		b.Run(in.name+"/codec-alloc", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(enc)))
			for b.Loop() {
				_, _ = codec.DecodeURIComponent(u)
			}
		})
		b.Run(in.name+"/goja", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(enc)))
			f := ecmaGojaFunc(b, "decodeURIComponent")
			arg := goja.StringFromUTF16(u)
			var got goja.Value
			for b.Loop() {
				got, _ = f(goja.Undefined(), arg)
			}
			if got.String() != text {
				b.Fatal("goja decodeURIComponent does not give the text back")
			}
		})
	}
}
