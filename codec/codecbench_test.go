package codec_test

import (
	"net/url"
	"slices"
	"testing"
	"unicode/utf16"

	"github.com/dop251/goja"

	"github.com/pctest/pctest/codec"
)

// BenchmarkCodec is issue 40's table in Go: each public encode and decode
// function of the codec, in each of its forms, on the four inputs of
// benchinput_test.go (decoders on those inputs encoded), beside the Go peers
// that compute the same thing and a copy of the same bytes. Its names are
//
//	BenchmarkCodec/FUNCTION/INPUT/FORM
//
// FUNCTION is the codec's function without its form (PercentDecode for
// PercentDecodeString and AppendPercentDecode); INPUT is ascii, mixed,
// encoded or random; FORM is string (the function on a Go string), append
// (the Append form into a reused buffer with room for the longest result:
// 3 bytes a byte for the octet encoders, 9 a code unit for the ECMAScript
// ones, the input's length for decoders), units (the []uint16 form that
// returns a new result), a peer (neturl, goja: the peer's function named
// in benchFuncs) or copy (copy of as many bytes into a buffer, the ceiling).
// MB/s counts the bytes of the Go string input: the text for an encoder, its
// encoding for a decoder. Each form is checked against the others before it
// is timed.
func BenchmarkCodec(b *testing.B) {
	for _, fn := range benchFuncs {
		b.Run(fn.name, func(b *testing.B) {
			for _, in := range benchInputs4 {
				b.Run(in.name, func(b *testing.B) {
					s := fn.input(in.text())
					forms := fn.forms(b, s)
					forms = append(forms, benchForm{"copy", copyOf(s)})
					for _, f := range forms {
						b.Run(f.name, func(b *testing.B) {
							b.ReportAllocs()
							b.SetBytes(int64(len(s)))
							for b.Loop() {
								f.run()
							}
						})
					}
				})
			}
		})
	}
}

// A benchForm is one sub-benchmark: run does one call.
type benchForm struct {
	name string
	run  func()
}

// A benchFunc is one codec function: input makes its input from a text of
// benchInputs4, forms its forms and peers on that input.
type benchFunc struct {
	name  string
	input func(text string) string
	forms func(b *testing.B, s string) []benchForm
}

func copyOf(s string) func() {
	src := []byte(s)
	dst := make([]byte, len(s))
	return func() { copy(dst, src) }
}

func textIn(s string) string { return s }

// units is s as UTF-16 code units, each invalid byte as U+FFFD.
func units(s string) []uint16 { return utf16.Encode([]rune(s)) }

// checkSame fails b when got is not want.
func checkSame(b *testing.B, what, got, want string) {
	b.Helper()
	if got != want {
		b.Fatalf("%s: %.40q… (%d bytes), want %.40q… (%d bytes)", what, got, len(got), want, len(want))
	}
}

// octetEncode is a benchFunc for an octet encoder with a net/url peer.
func octetEncode(name string, str func(string) string, app func(dst, src []byte) []byte, peer func(string) string) benchFunc {
	return benchFunc{name, textIn, func(b *testing.B, s string) []benchForm {
		want := str(s)
		src := []byte(s)
		buf := app(make([]byte, 0, 3*len(src)), src)
		checkSame(b, name+" append", string(buf), want)
		forms := []benchForm{
			{"string", func() { sinkString = str(s) }},
			{"append", func() { buf = app(buf[:0], src) }},
		}
		if peer != nil {
			checkSame(b, name+" peer", peer(s), want)
			forms = append(forms, benchForm{"neturl", func() { sinkString = peer(s) }})
		}
		return forms
	}}
}

// octetDecode is a benchFunc for an octet decoder, on input encoded by enc,
// with a net/url peer.
func octetDecode(name string, enc func(string) string, str func(string) (string, error), app func(dst, src []byte) ([]byte, error), peer func(string) (string, error)) benchFunc {
	return benchFunc{name, enc, func(b *testing.B, s string) []benchForm {
		want, err := str(s)
		if err != nil {
			b.Fatal(err)
		}
		src := []byte(s)
		buf, err := app(make([]byte, 0, len(src)), src)
		if err != nil {
			b.Fatal(err)
		}
		checkSame(b, name+" append", string(buf), want)
		forms := []benchForm{
			{"string", func() { sinkString, _ = str(s) }},
			{"append", func() { buf, _ = app(buf[:0], src) }},
		}
		if peer != nil {
			got, err := peer(s)
			if err != nil {
				b.Fatal(err)
			}
			checkSame(b, name+" peer", got, want)
			forms = append(forms, benchForm{"neturl", func() { sinkString, _ = peer(s) }})
		}
		return forms
	}}
}

// noErr lifts a function that cannot fail to the octetDecode signatures.
func noErr(f func(string) string) func(string) (string, error) {
	return func(s string) (string, error) { return f(s), nil }
}

func noErrAppend(f func(dst, src []byte) []byte) func(dst, src []byte) ([]byte, error) {
	return func(dst, src []byte) ([]byte, error) { return f(dst, src), nil }
}

// gojaCall returns a call of the global function name of a new goja runtime
// on s, as a JS string, and the result as a Go string.
func gojaCall(b *testing.B, name string, s []uint16) (func(), string) {
	f, ok := goja.AssertFunction(goja.New().Get(name))
	if !ok {
		b.Fatalf("goja has no function %s", name)
	}
	arg := goja.StringFromUTF16(s)
	v, err := f(goja.Undefined(), arg)
	if err != nil {
		b.Fatalf("goja %s: %v", name, err)
	}
	return func() { _, _ = f(goja.Undefined(), arg) }, v.String()
}

// ecmaResults returns s as code units, the []uint16 form's result on them
// and the string form's on s, failing b on an error.
func ecmaResults[R any](b *testing.B, s string, str func(string) (string, error), unitsForm func([]uint16) (R, error)) ([]uint16, R, string) {
	b.Helper()
	u := units(s)
	want, err := unitsForm(u)
	if err != nil {
		b.Fatal(err)
	}
	got, err := str(s)
	if err != nil {
		b.Fatal(err)
	}
	return u, want, got
}

// ecmaEncode is a benchFunc for an ECMAScript encoder with a goja peer.
func ecmaEncode(name, js string, str func(string) (string, error), unitsForm func([]uint16) (string, error), app func([]byte, []uint16) ([]byte, error)) benchFunc {
	return benchFunc{name, textIn, func(b *testing.B, s string) []benchForm {
		u, want, got := ecmaResults(b, s, str, unitsForm)
		checkSame(b, name+" string", got, want)
		buf, _ := app(make([]byte, 0, 9*len(u)), u)
		checkSame(b, name+" append", string(buf), want)
		peer, pgot := gojaCall(b, js, u)
		checkSame(b, name+" goja", pgot, want)
		return []benchForm{
			{"string", func() { sinkString, _ = str(s) }},
			{"units", func() { sinkString, _ = unitsForm(u) }},
			{"append", func() { buf, _ = app(buf[:0], u) }},
			{"goja", peer},
		}
	}}
}

// ecmaDecode is a benchFunc for an ECMAScript decoder with a goja peer, on
// input encoded by enc.
func ecmaDecode(name, js string, enc func(string) string, str func(string) (string, error), unitsForm func([]uint16) ([]uint16, error), app func(dst, s []uint16) ([]uint16, error)) benchFunc {
	return benchFunc{name, enc, func(b *testing.B, s string) []benchForm {
		u, want, got := ecmaResults(b, s, str, unitsForm)
		checkSame(b, name+" string", got, string(utf16.Decode(want)))
		buf, _ := app(make([]uint16, 0, len(u)), u)
		if !slices.Equal(buf, want) {
			b.Fatalf("%s: append and units forms differ", name)
		}
		peer, pgot := gojaCall(b, js, u)
		checkSame(b, name+" goja", pgot, string(utf16.Decode(want)))
		return []benchForm{
			{"string", func() { sinkString, _ = str(s) }},
			{"units", func() { sinkUnits, _ = unitsForm(u) }},
			{"append", func() { buf, _ = app(buf[:0], u) }},
			{"goja", peer},
		}
	}}
}

var sinkUnits []uint16

func pathEnc(s string) string  { return codec.PercentEncodeString(s, codec.Unreserved) }
func queryEnc(s string) string { return url.QueryEscape(s) }
func componentEnc(s string) string {
	e, _ := codec.EncodeURIComponentString(s)
	return e
}
func escapeEnc(s string) string { return codec.EscapeString(s) }

// benchFuncs are the functions of BenchmarkCodec.
var benchFuncs = []benchFunc{
	octetEncode("PercentEncode",
		func(s string) string { return codec.PercentEncodeString(s, codec.GoPathSegment) },
		func(dst, src []byte) []byte { return codec.AppendPercentEncode(dst, src, codec.GoPathSegment) },
		url.PathEscape),
	octetEncode("FormEncode",
		func(s string) string { return codec.FormEncodeString(s, codec.GoQuery) },
		func(dst, src []byte) []byte { return codec.AppendFormEncode(dst, src, codec.GoQuery) },
		url.QueryEscape),
	octetDecode("PercentDecode", pathEnc,
		func(s string) (string, error) { return codec.PercentDecodeString(s, codec.Set{}) },
		func(dst, src []byte) ([]byte, error) { return codec.AppendPercentDecode(dst, src, codec.Set{}) },
		url.PathUnescape),
	octetDecode("PercentDecodeLenient", pathEnc,
		noErr(func(s string) string { return codec.PercentDecodeLenientString(s, codec.Set{}) }),
		noErrAppend(func(dst, src []byte) []byte { return codec.AppendPercentDecodeLenient(dst, src, codec.Set{}) }),
		nil),
	octetDecode("QueryUnescape", queryEnc, codec.QueryUnescapeString, codec.AppendQueryUnescape, url.QueryUnescape),
	octetDecode("FormPercentDecodeLenient", queryEnc,
		noErr(codec.FormPercentDecodeLenientString), noErrAppend(codec.AppendFormPercentDecodeLenient), nil),
	octetDecode("FormDecode", queryEnc, noErr(codec.FormDecodeString), noErrAppend(codec.AppendFormDecode), nil),
	ecmaEncode("EncodeURIComponent", "encodeURIComponent", codec.EncodeURIComponentString, codec.EncodeURIComponent, codec.AppendEncodeURIComponent),
	ecmaEncode("EncodeURI", "encodeURI", codec.EncodeURIString, codec.EncodeURI, codec.AppendEncodeURI),
	ecmaDecode("DecodeURIComponent", "decodeURIComponent", componentEnc, codec.DecodeURIComponentString, codec.DecodeURIComponent, codec.AppendDecodeURIComponent),
	ecmaDecode("DecodeURI", "decodeURI", componentEnc, codec.DecodeURIString, codec.DecodeURI, codec.AppendDecodeURI),
	ecmaEncode("Escape", "escape",
		func(s string) (string, error) { return codec.EscapeString(s), nil },
		func(u []uint16) (string, error) { return codec.Escape(u), nil },
		func(dst []byte, u []uint16) ([]byte, error) { return codec.AppendEscape(dst, u), nil }),
	ecmaDecode("Unescape", "unescape", escapeEnc,
		func(s string) (string, error) { return codec.UnescapeString(s), nil },
		func(u []uint16) ([]uint16, error) { return codec.Unescape(u), nil },
		func(dst, u []uint16) ([]uint16, error) { return codec.AppendUnescape(dst, u), nil }),
}
