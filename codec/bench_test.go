package codec_test

import (
	"net/url"
	"testing"

	"github.com/pctest/pctest/codec"
)

// The octet benchmarks of issue 2: the codec against net/url on the same
// inputs (benchinput_test.go). The codec side runs the Append form into a
// buffer that is reused, as fuzzing campaigns run it; net/url has only
// string forms. TestBenchInputsMatchNetURL checks that both sides compute
// the same thing. Reproduce the README table with:
//
//	go test -run '^$' -bench 'QueryEscape|PathEscape|QueryUnescape' -benchtime 200ms -count 5 ./codec/

var benchInputs = []struct {
	name string
	in   func() string
}{
	{"ascii", benchASCII},
	{"mixed", benchMixed},
}

func BenchmarkQueryEscape(b *testing.B) {
	benchEscape(b, func(dst, src []byte) []byte { return codec.AppendFormEncode(dst, src, codec.GoQuery) }, url.QueryEscape)
}

func BenchmarkPathEscape(b *testing.B) {
	benchEscape(b, func(dst, src []byte) []byte { return codec.AppendPercentEncode(dst, src, codec.GoPathSegment) }, url.PathEscape)
}

// benchEscape runs an escaper as {ascii,mixed}/{codec,neturl}: the codec's
// Append form into a reused buffer with room for the worst case (3× the
// input), and net/url's string function.
func benchEscape(b *testing.B, appendEscape func(dst, src []byte) []byte, netURLEscape func(string) string) {
	for _, in := range benchInputs {
		s := in.in()
		src := []byte(s)
		b.Run(in.name+"/codec", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(src)))
			buf := make([]byte, 0, 3*len(src))
			for b.Loop() {
				buf = appendEscape(buf[:0], src)
			}
		})
		b.Run(in.name+"/neturl", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(s)))
			for b.Loop() {
				sinkString = netURLEscape(s)
			}
		})
	}
}

func BenchmarkQueryUnescape(b *testing.B) {
	for _, in := range benchInputs {
		s := url.QueryEscape(in.in())
		src := []byte(s)
		b.Run(in.name+"/codec", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(src)))
			buf := make([]byte, 0, len(src))
			var err error
			for b.Loop() {
				if buf, err = codec.AppendQueryUnescape(buf[:0], src); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(in.name+"/neturl", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(s)))
			var err error
			for b.Loop() {
				if sinkString, err = url.QueryUnescape(s); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestBenchInputsMatchNetURL checks that on the benchmark inputs the codec
// computes what net/url computes, in both its forms, and that the inputs are
// what issue 2 describes.
func TestBenchInputsMatchNetURL(t *testing.T) {
	ascii, mixed := benchASCII(), benchMixed()
	if len(ascii) != 1024 || codec.PercentEncodeString(ascii, codec.Unreserved) != ascii {
		t.Errorf("benchASCII: %d bytes, or not all unreserved", len(ascii))
	}
	if len(mixed) > 1024 || len(mixed) < 1020 || codec.ValidateUTF8String(mixed) != nil {
		t.Errorf("benchMixed: %d bytes, or cut inside a rune", len(mixed))
	}
	for _, in := range benchInputs {
		s := in.in()
		if got, want := string(codec.AppendFormEncode(nil, []byte(s), codec.GoQuery)), url.QueryEscape(s); got != want {
			t.Errorf("%s: AppendFormEncode(GoQuery) = %q, url.QueryEscape = %q", in.name, got, want)
		}
		if got, want := codec.FormEncodeString(s, codec.GoQuery), url.QueryEscape(s); got != want {
			t.Errorf("%s: FormEncodeString(GoQuery) = %q, url.QueryEscape = %q", in.name, got, want)
		}
		if got, want := string(codec.AppendPercentEncode(nil, []byte(s), codec.GoPathSegment)), url.PathEscape(s); got != want {
			t.Errorf("%s: AppendPercentEncode(GoPathSegment) = %q, url.PathEscape = %q", in.name, got, want)
		}
		if got, want := codec.PercentEncodeString(s, codec.GoPathSegment), url.PathEscape(s); got != want {
			t.Errorf("%s: PercentEncodeString(GoPathSegment) = %q, url.PathEscape = %q", in.name, got, want)
		}
		q := url.QueryEscape(s)
		want, uerr := url.QueryUnescape(q)
		got, err := codec.AppendQueryUnescape(nil, []byte(q))
		if err != nil || uerr != nil || string(got) != want || want != s {
			t.Errorf("%s: AppendQueryUnescape = %q, %v; url.QueryUnescape = %q, %v", in.name, got, err, want, uerr)
		}
		if got, err := codec.QueryUnescapeString(q); err != nil || got != want {
			t.Errorf("%s: QueryUnescapeString = %q, %v; url.QueryUnescape = %q", in.name, got, err, want)
		}
	}
}
