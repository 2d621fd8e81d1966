package codec_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/pctest/pctest/codec"
	"github.com/pctest/pctest/internal/gojaengine"
	"github.com/pctest/pctest/vectors"
)

// This file checks the codec's ECMAScript functions against goja, in
// process, over whole classes of inputs. Inputs go into goja as UTF-16
// (goja.StringFromUTF16) and results come back as code units (CharAt), so
// that lone surrogates survive both ways. Where goja and the codec disagree,
// the disagreement must be one listed in vectors/deviations.json, where
// each entry is proven against the spec text and node.

// ecmaGoja is a goja Runtime, through pctest's goja adapter.
type ecmaGoja struct{ vm *gojaengine.VM }

func newECMAGoja(t testing.TB) *ecmaGoja {
	t.Helper()
	vm, err := gojaengine.New()
	if err != nil {
		t.Fatal(err)
	}
	return &ecmaGoja{vm: vm}
}

// run calls the global function op on every input, in one call into
// goja, and returns goja's answers, in order: results as code units,
// exceptions by name.
func (g *ecmaGoja) run(t testing.TB, op vectors.Op, inputs [][]uint16) []vectors.Response {
	t.Helper()
	answers, err := g.vm.CallAll(string(op), inputs)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]vectors.Response, len(inputs))
	for i, a := range answers {
		if a.Thrown {
			out[i] = vectors.Response{Error: a.Name, Message: a.Message}
		} else {
			out[i] = vectors.Response{Out: a.Out}
		}
	}
	return out
}

// ecmaReference answers a request with the codec.
func ecmaReference(op vectors.Op, in []uint16) vectors.Response {
	var (
		enc string
		dec []uint16
		err error
	)
	switch op {
	case "encodeURI":
		enc, err = codec.EncodeURI(in)
	case "encodeURIComponent":
		enc, err = codec.EncodeURIComponent(in)
	case "decodeURI":
		dec, err = codec.DecodeURI(in)
	case "decodeURIComponent":
		dec, err = codec.DecodeURIComponent(in)
	default:
		panic("unknown op " + op)
	}
	if op == "encodeURI" || op == "encodeURIComponent" {
		// The append form into a buffer with room to spare takes the
		// encoder's word-store path for every step, while the form above
		// (an exact buffer) takes it for none of a short input's steps:
		// both must give the same answer.
		set := codec.URIUnescaped
		if op == "encodeURI" {
			set = codec.EncodeURIUnescaped
		}
		roomy, rerr := codec.AppendEncodeUTF16(make([]byte, 0, 12*len(in)+16), in, set)
		if string(roomy) != enc || (rerr == nil) != (err == nil) {
			return vectors.Response{Error: fmt.Sprintf("codec forms disagree: %q, %v with room to spare; %q, %v without", roomy, rerr, enc, err)}
		}
	}
	if err != nil {
		return vectors.Response{Error: vectors.ErrURIError, Message: err.Error()}
	}
	if dec == nil {
		dec = make([]uint16, len(enc))
		for i := 0; i < len(enc); i++ {
			dec[i] = uint16(enc[i])
		}
	}
	return vectors.Response{Out: dec}
}

func ecmaSameResponse(a, b vectors.Response) bool {
	return a.Error == b.Error && a.Unsupported == b.Unsupported && slices.Equal(a.Out, b.Out)
}

// ecmaCompare runs inputs through op in the codec and in goja and reports
// every disagreement that no deviation covers. It returns how many inputs
// each deviation covered.
type ecmaComparer struct {
	g        *ecmaGoja
	devs     []vectors.Deviation
	covered  map[string]int
	compared int
}

func (c *ecmaComparer) compare(t *testing.T, op vectors.Op, inputs [][]uint16) {
	t.Helper()
	const batch = 1 << 14
	reported := 0
	for len(inputs) > 0 {
		n := min(batch, len(inputs))
		got := c.g.run(t, op, inputs[:n])
		for i, in := range inputs[:n] {
			want := ecmaReference(op, in)
			if ecmaSameResponse(want, got[i]) {
				continue
			}
			req := vectors.Request{Op: op, In: in}
			if d, ok := vectors.FindDeviation(c.devs, "goja", req, want, got[i]); ok {
				c.covered[d.ID]++
				continue
			}
			if reported++; reported <= 20 {
				t.Errorf("%s(%s): codec %s, goja %s, and no deviation covers it",
					op, ecmaUnitsString(in), ecmaResponseString(want), ecmaResponseString(got[i]))
			}
		}
		c.compared += n
		inputs = inputs[n:]
	}
	if reported > 20 {
		t.Errorf("%s: %d more uncovered disagreements", op, reported-20)
	}
}

// ecmaUnitsString shows code units as a Go-like quoted string, with every
// non-ASCII unit as \uXXXX.
func ecmaUnitsString(u []uint16) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, c := range u {
		if c >= 0x20 && c < 0x7F && c != '"' && c != '\\' {
			b.WriteByte(byte(c))
		} else {
			fmt.Fprintf(&b, `\u%04X`, c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

func ecmaResponseString(r vectors.Response) string {
	if r.Error != "" {
		return "throws " + r.Error
	}
	return "returns " + ecmaUnitsString(r.Out)
}

// ecmaHexPair is the two hex digits of o, uppercase or lowercase.
func ecmaHexPair(o byte, lower bool) (uint16, uint16) {
	digits := "0123456789ABCDEF"
	if lower {
		digits = "0123456789abcdef"
	}
	return uint16(digits[o>>4]), uint16(digits[o&15])
}

// ecmaEscapes returns the escapes of the octets, uppercase.
func ecmaEscapes(octets ...byte) []uint16 {
	u := make([]uint16, 0, 3*len(octets))
	for _, o := range octets {
		h, l := ecmaHexPair(o, false)
		u = append(u, '%', h, l)
	}
	return u
}

// TestECMAGojaExhaustive compares the codec with goja over the classes of
// input named in each subtest; the time each class takes is logged. It runs
// in one goroutine, so the race detector can find nothing in it and only
// makes it seven times slower (84 s against 11 s here): under -race it
// skips, and make test runs it in a second step without -race.
func TestECMAGojaExhaustive(t *testing.T) {
	if codec.RaceDetector {
		t.Skip("one goroutine: run without -race (make test does: go test -run TestECMAGojaExhaustive ./codec)")
	}
	devs, err := vectors.Deviations()
	if err != nil {
		t.Fatal(err)
	}
	c := &ecmaComparer{g: newECMAGoja(t), devs: devs, covered: map[string]int{}}
	encoders := []vectors.Op{vectors.OpEncodeURI, vectors.OpEncodeURIComponent}
	decoders := []vectors.Op{vectors.OpDecodeURI, vectors.OpDecodeURIComponent}
	run := func(name string, ops []vectors.Op, inputs [][]uint16) {
		t.Run(name, func(t *testing.T) {
			start := time.Now()
			for _, op := range ops {
				c.compare(t, op, inputs)
			}
			t.Logf("%d inputs × %d ops in %v", len(inputs), len(ops), time.Since(start))
		})
	}

	// Every code unit 0x0000-0xFFFF on its own: Encode 4.c, 4.d.i-ii and
	// 4.d.iii.2, and every one- to three-octet UTF-8 form.
	units := make([][]uint16, 0x10000)
	for u := range units {
		units[u] = []uint16{uint16(u)}
	}
	run("encode/every-unit", encoders, units)

	// Every code unit but the surrogates again, in texts long enough for
	// the encoders' vector path (runs of units below 0x80, 8 at a time):
	// each ASCII unit at each position of a group of 8, between runs of
	// other units.
	var long [][]uint16
	for shift := range 8 {
		text := make([]uint16, shift, 0x90)
		for i := range text {
			text[i] = 'a'
		}
		for c := range uint16(0x80) {
			text = append(text, c)
		}
		long = append(long, text)
	}
	var text []uint16
	for u := 0; u < 0x10000; u++ {
		if u >= 0xD800 && u <= 0xDFFF {
			continue
		}
		text = append(text, uint16(u), uint16(u&0x7F), 'x', uint16(u*7&0x7F))
		if len(text) >= 96 {
			long = append(long, text)
			text = nil
		}
	}
	run("encode/every-unit-in-long-text", encoders, long)

	// Every code unit as a literal before an escape, through the decoders:
	// Decode 4.c copies each unit, lone surrogates included.
	literal := make([][]uint16, 0x10000)
	for u := range literal {
		literal[u] = []uint16{uint16(u), '%', '4', '1'}
	}
	run("decode/every-unit-literal", decoders, literal)

	// Surrogate pairs and near-pairs around every surrogate boundary: each
	// unit of the band D7F0-D80F, DBF0-DC0F, DFF0-E00F before each other;
	// every high before some lows, and some highs before every low.
	var band []uint16
	for _, lo := range []uint16{0xD7F0, 0xDBF0, 0xDFF0} {
		for u := lo; u < lo+0x20; u++ {
			band = append(band, u)
		}
	}
	var pairs [][]uint16
	for _, a := range band {
		for _, b := range band {
			pairs = append(pairs, []uint16{a, b})
		}
	}
	someLows := []uint16{0xDC00, 0xDC01, 0xDE00, 0xDFFE, 0xDFFF}
	someHighs := []uint16{0xD800, 0xD801, 0xD83D, 0xDBFE, 0xDBFF}
	for h := uint16(0xD800); h <= 0xDBFF; h++ {
		for _, l := range someLows {
			pairs = append(pairs, []uint16{h, l})
		}
	}
	for _, h := range someHighs {
		for l := uint16(0xDC00); l <= 0xDFFF; l++ {
			pairs = append(pairs, []uint16{h, l})
		}
	}
	run("encode/surrogate-pairs", encoders, pairs)

	// Every %XX, with each hex letter in either case; and '%' before every
	// code unit in each digit position.
	var pct [][]uint16
	for o := 0; o < 256; o++ {
		for v := 0; v < 4; v++ {
			h, _ := ecmaHexPair(byte(o), v&1 != 0)
			_, l := ecmaHexPair(byte(o), v&2 != 0)
			in := []uint16{'%', h, l}
			if !slices.ContainsFunc(pct, func(p []uint16) bool { return slices.Equal(p, in) }) {
				pct = append(pct, in)
			}
		}
	}
	for u := 0; u < 0x10000; u += 1 {
		pct = append(pct, []uint16{'%', uint16(u), 'A'}, []uint16{'%', '4', uint16(u)})
	}
	pct = append(pct, []uint16{'%'}, []uint16{'%', '4'}, []uint16{'a', '%'}, []uint16{'%', '%', '4', '1'})
	run("decode/every-pct-xx", decoders, pct)

	// Long texts, for the decoders' vector path (16 units at a time, with
	// two- and three-octet sequences between): the escapes of code points
	// of every UTF-8 length, in either hex case, with literal units between;
	// and each short input above put at every position of a long text.
	var longDec [][]uint16
	var cur []uint16
	for cp := rune(0); cp <= 0x10FFFF; cp += 97 {
		if cp >= 0xD800 && cp <= 0xDFFF {
			continue
		}
		for _, o := range utf8.AppendRune(nil, cp) {
			h, l := ecmaHexPair(o, cp&1 != 0)
			cur = append(cur, '%', h, l)
		}
		cur = append(cur, uint16(cp&0x3F)+'0')
		if len(cur) >= 200 {
			longDec = append(longDec, cur)
			cur = nil
		}
	}
	for i, in := range pct {
		if i%13 != 0 && (len(in) != 3 || in[1] >= 0x80 || in[2] >= 0x80) {
			continue // every input of ASCII units, a sample of the others
		}
		at := i % 40
		text := make([]uint16, 0, 100)
		for range at {
			text = append(text, 'a')
		}
		text = append(text, in...)
		for len(text) < 80 {
			text = append(text, '%', '4', '1')
		}
		longDec = append(longDec, text)
	}
	run("decode/long-text", decoders, longDec)

	// Every two-escape sequence whose first octet is C0-FF, continuations
	// 00-FF.
	var two [][]uint16
	for lead := 0xC0; lead <= 0xFF; lead++ {
		for c := 0; c < 256; c++ {
			two = append(two, ecmaEscapes(byte(lead), byte(c)))
		}
	}
	run("decode/two-escapes", decoders, two)

	// Three-escape sequences with first octet C0-FF: every (first, second)
	// octet with a cover of third octets that holds each class the third
	// octet can fall in (ASCII, reserved, the 80-BF continuation range at
	// both ends and inside, and C0-FF), plus the third octet exhaustive for
	// the first octets where its value decides validity (E0, ED, EF, F0, F4).
	thirds := []byte{0x00, 0x23, 0x2F, 0x41, 0x7F, 0x80, 0x81, 0x8F, 0x90, 0x9F, 0xA0, 0xBD, 0xBE, 0xBF, 0xC0, 0xC3, 0xE0, 0xFF}
	var three [][]uint16
	for lead := 0xC0; lead <= 0xFF; lead++ {
		for c := 0; c < 256; c++ {
			for _, d := range thirds {
				three = append(three, ecmaEscapes(byte(lead), byte(c), d))
			}
		}
	}
	for _, lead := range []byte{0xE0, 0xED, 0xEF, 0xF0, 0xF4} {
		for c := 0x80; c <= 0xBF; c++ {
			for d := 0; d < 256; d++ {
				if !slices.Contains(thirds, byte(d)) {
					three = append(three, ecmaEscapes(lead, byte(c), byte(d)))
				}
			}
		}
	}
	run("decode/three-escapes", decoders, three)

	// A random sample of four-escape sequences, most with continuation
	// octets so that the UTF-8 checks are reached, and some lowercase.
	rng := rand.New(rand.NewPCG(3, 15))
	var four [][]uint16
	for i := 0; i < 40000; i++ {
		oct := []byte{byte(0xC0 + rng.IntN(64)), 0, 0, 0}
		for j := 1; j < 4; j++ {
			if rng.IntN(8) == 0 {
				oct[j] = byte(rng.IntN(256))
			} else {
				oct[j] = byte(0x80 + rng.IntN(64))
			}
		}
		in := ecmaEscapes(oct...)
		if i%5 == 0 {
			for k := range in {
				if in[k] >= 'A' && in[k] <= 'F' {
					in[k] += 'a' - 'A'
				}
			}
		}
		four = append(four, in)
	}
	run("decode/four-escapes-sample", decoders, four)

	// Random mixtures of the pieces above, so that literals, lone
	// surrogates, pairs, kept and decoded escapes and broken escapes meet
	// each other.
	mixed := ecmaRandomTexts(rand.New(rand.NewPCG(7, 9)), 20000)
	run("encode/random-mixed", encoders, mixed)
	run("decode/random-mixed", decoders, mixed)

	t.Logf("compared %d inputs; deviations covered: %v", c.compared, c.covered)
}

// ecmaRandomTexts returns n random texts of up to 24 pieces, each piece a
// code unit of some class or an escape sequence, whole or broken.
func ecmaRandomTexts(rng *rand.Rand, n int) [][]uint16 {
	pieces := []func() []uint16{
		func() []uint16 { return []uint16{uint16(0x20 + rng.IntN(0x5F))} },
		func() []uint16 { return []uint16{uint16(0x80 + rng.IntN(0xD800-0x80))} },
		func() []uint16 { return []uint16{uint16(0xD800 + rng.IntN(0x800))} },
		func() []uint16 { return []uint16{uint16(0xD800 + rng.IntN(0x400)), uint16(0xDC00 + rng.IntN(0x400))} },
		func() []uint16 { return []uint16{uint16(0xE000 + rng.IntN(0x2000))} },
		func() []uint16 { return ecmaEscapes(byte(rng.IntN(0x80))) },
		func() []uint16 { return ecmaEscapes(";/?:@&=+$,#"[rng.IntN(11)]) },
		func() []uint16 {
			r := rune(0x80 + rng.IntN(0x10FFFF-0x80))
			if r >= 0xD800 && r <= 0xDFFF {
				r = 0xFFFD
			}
			var b [4]byte
			m := utf8.EncodeRune(b[:], r)
			return ecmaEscapes(b[:m]...)
		},
		func() []uint16 { return ecmaEscapes(byte(0x80 + rng.IntN(0x80))) },
		func() []uint16 { return []uint16{'%'} },
		func() []uint16 { return []uint16{'%', uint16("0123456789abcdefGZ"[rng.IntN(18)])} },
	}
	texts := make([][]uint16, n)
	for i := range texts {
		var in []uint16
		for k := rng.IntN(25); k > 0; k-- {
			in = append(in, pieces[rng.IntN(len(pieces))]()...)
		}
		texts[i] = in
	}
	return texts
}

// TestECMAGojaDeviationsHold checks that goja still deviates as each goja
// entry of vectors/deviations.json says, on the entry's example: when goja
// is fixed, the entry must go.
func TestECMAGojaDeviationsHold(t *testing.T) {
	devs, err := vectors.Deviations()
	if err != nil {
		t.Fatal(err)
	}
	g := newECMAGoja(t)
	for _, d := range devs {
		if !slices.Contains(d.Rows, "goja") {
			continue
		}
		for _, e := range d.Examples {
			req, want, got, err := e.Parse()
			if err != nil {
				t.Fatalf("%s: %v", d.ID, err)
			}
			if ref := ecmaReference(e.Op, req.In); !ecmaSameResponse(ref, want) {
				t.Errorf("%s: example wants %s, the codec %s", d.ID, ecmaResponseString(want), ecmaResponseString(ref))
			}
			if g := g.run(t, e.Op, [][]uint16{req.In})[0]; !ecmaSameResponse(g, got) {
				t.Errorf("%s: example says goja %s, goja now %s", d.ID, ecmaResponseString(got), ecmaResponseString(g))
			}
		}
	}
}

// TestECMAGojaTable runs the hand-worked table of ecmascript_test.go
// through goja: goja must give the table's answer, or deviate only as
// vectors/deviations.json says.
func TestECMAGojaTable(t *testing.T) {
	devs, err := vectors.Deviations()
	if err != nil {
		t.Fatal(err)
	}
	g := newECMAGoja(t)
	for _, c := range ecmaCases() {
		want := vectors.Response{Out: c.out}
		if c.step != "" {
			want = vectors.Response{Error: vectors.ErrURIError}
		}
		got := g.run(t, vectors.Op(c.op), [][]uint16{c.in})[0]
		if ecmaSameResponse(got, want) {
			continue
		}
		req := vectors.Request{Op: vectors.Op(c.op), In: c.in}
		if _, ok := vectors.FindDeviation(devs, "goja", req, want, got); !ok {
			t.Errorf("goja: %s(%s) %s, table %s", c.op, ecmaUnitsString(c.in), ecmaResponseString(got), ecmaResponseString(want))
		}
	}
}
