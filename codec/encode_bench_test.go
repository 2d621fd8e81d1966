package codec_test

import (
	"testing"
	"time"

	"github.com/pctest/pctest/codec"
)

// BenchmarkOctetEncodeCopies times the octet encoders of issue 40's peer
// table (each function and set that make bench-peers runs) against a copy
// of the same bytes in the same benchmark (copiesMetric): "copies" is the
// encoder's time over the copy's, so 8 copies is 1/8 of a copy. Its names are
//
//	BenchmarkOctetEncodeCopies/FUNCTION(SET)/INPUT/FORM
//
// with FORM append (into a reused buffer with room for the result, as the
// first call left it), append-room (into a buffer with room for the
// longest result, 3 bytes an octet) or string. MB/s counts the input's bytes.
func BenchmarkOctetEncodeCopies(b *testing.B) {
	for _, fn := range octetEncoders {
		for _, in := range benchInputs4 {
			s := in.text()
			src := []byte(s)
			want := fn.str(s)
			buf := fn.app(nil, src)
			checkSame(b, fn.name+" append", string(buf), want)
			roomy := make([]byte, 0, 3*len(src))
			cp := make([]byte, len(src))
			for _, form := range []struct {
				name string
				run  func()
			}{
				{"append", func() { buf = fn.app(buf[:0], src) }},
				{"append-room", func() { roomy = fn.app(roomy[:0], src) }},
				{"string", func() { sinkString = fn.str(s) }},
			} {
				b.Run(fn.name+"/"+in.name+"/"+form.name, func(b *testing.B) {
					b.SetBytes(int64(len(src)))
					b.ReportAllocs()
					copiesMetric(b, form.run, func() { copy(cp, src) })
				})
			}
		}
	}
}

// octetEncoders are the octet encoders of make bench-peers' encode ops, in
// their two forms.
var octetEncoders = []struct {
	name string
	str  func(string) string
	app  func(dst, src []byte) []byte
}{
	{"PercentEncode(Unreserved)",
		func(s string) string { return codec.PercentEncodeString(s, codec.Unreserved) },
		func(d, s []byte) []byte { return codec.AppendPercentEncode(d, s, codec.Unreserved) }},
	{"PercentEncode(GoPathSegment)",
		func(s string) string { return codec.PercentEncodeString(s, codec.GoPathSegment) },
		func(d, s []byte) []byte { return codec.AppendPercentEncode(d, s, codec.GoPathSegment) }},
	{"FormEncode(GoQuery)",
		func(s string) string { return codec.FormEncodeString(s, codec.GoQuery) },
		func(d, s []byte) []byte { return codec.AppendFormEncode(d, s, codec.GoQuery) }},
	{"FormEncode(WHATWGFormURLEncoded)",
		func(s string) string { return codec.FormEncodeString(s, codec.WHATWGFormURLEncoded) },
		func(d, s []byte) []byte { return codec.AppendFormEncode(d, s, codec.WHATWGFormURLEncoded) }},
	{"PercentEncode(WHATWGFragment)",
		func(s string) string { return codec.PercentEncodeString(s, codec.WHATWGFragment) },
		func(d, s []byte) []byte { return codec.AppendPercentEncode(d, s, codec.WHATWGFragment) }},
}

// copiesMetric runs f b.N times in short rounds that alternate with as
// many calls of copying, and reports f's time over copying's, each the
// least of its rounds (with less of the machine's other load in it than a
// mean has), as "copies", and f's least time as "best-ns/op".
func copiesMetric(b *testing.B, f, copying func()) {
	const per = 32
	best := [2]time.Duration{1 << 62, 1 << 62}
	for done := 0; done < b.N; done += per {
		for i, g := range [2]func(){f, copying} {
			t0 := time.Now()
			for range per {
				g()
			}
			best[i] = min(best[i], time.Since(t0))
		}
	}
	b.ReportMetric(float64(best[0])/float64(best[1]), "copies")
	b.ReportMetric(float64(best[0])/per, "best-ns/op")
}
