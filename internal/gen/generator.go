package gen

import (
	"math/bits"
	"math/rand/v2"
	"sync"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/pctest/pctest/codec"
	"github.com/pctest/pctest/internal/spec"
	"github.com/pctest/pctest/vectors"
)

// A Source gives a Generator its choices. IntN returns a number in
// [0, n), n > 0; a Generator reads the first choice of each kind as the
// simplest, so a source that shrinks its choices toward 0 (as rapid does)
// shrinks the values toward short, plain ones. math/rand/v2's *rand.Rand
// is a Source; Rapid makes one of a *rapid.T.
type Source interface {
	IntN(n int) int
}

var (
	endPercents    = []string{"%", "%4", "%e"}
	octetEscapes   = []string{"%41", "%7e", "%2F", "%", "%zz", "%%"}
	setNames       = sync.OnceValue(namedSetNames) // parsed on first use, not at start-up
	iriPrefix      = "http://xn--bcher-kva.example/"
	maxTextTokens  = 24
	maxOctetTokens = 16
)

// namedSetNames returns the names of vectors/sets.json's sets, sorted.
func namedSetNames() []string {
	sets, err := vectors.NamedSets()
	if err != nil {
		panic(err) // the embedded file; vectors' tests check it parses
	}
	names := make([]string, len(sets))
	for i, s := range sets {
		names[i] = s.Name
	}
	return names
}

// inputKind is what a generator makes for an op.
type inputKind uint8

const (
	genText         inputKind = iota // text for the ECMAScript encoders, lone surrogates too
	genEncoded                       // encoded text for the ECMAScript decoders
	genUnescapable                   // encoded text, or %uXXXX escapes and their near misses, for unescape
	genValidText                     // well-formed text
	genValidEncoded                  // well-formed encoded text
	genOctets                        // octets
	genOctetsSet                     // octets and a set name
	genEquivalent                    // two often equivalent texts
	genIRI                           // URL-shaped text for iriToURI
	genURI                           // encoded text, often after an authority, for uriToIRI
	genLegacy                        // well-formed text with legacy-encoding corners, and a label
)

// kindOf returns the generator kind of op, and false for an op it has
// none for.
func kindOf(op vectors.Op) (inputKind, bool) {
	switch op {
	case vectors.OpEncodeURI, vectors.OpEncodeURIComponent, vectors.OpEscape:
		return genText, true
	case vectors.OpDecodeURI, vectors.OpDecodeURIComponent:
		return genEncoded, true
	case vectors.OpUnescape:
		return genUnescapable, true
	case vectors.OpFormEncode, vectors.OpGoQueryEscape, vectors.OpGoPathEscape:
		return genValidText, true
	case vectors.OpPercentDecode, vectors.OpPercentDecodeLenient, vectors.OpNormalize, vectors.OpEncodeNoDouble,
		vectors.OpFormDecode, vectors.OpGoQueryUnescape, vectors.OpGoPathUnescape:
		return genValidEncoded, true
	case vectors.OpPercentEncode, vectors.OpUTF8DecodeReplace:
		return genOctets, true
	case vectors.OpPercentEncodeSet:
		return genOctetsSet, true
	case vectors.OpEquivalent:
		return genEquivalent, true
	case vectors.OpIRIToURI:
		return genIRI, true
	case vectors.OpURIToIRI:
		return genURI, true
	case vectors.OpQueryEncode, vectors.OpFormEncodeLegacy, vectors.OpQueryEncodeScheme:
		return genLegacy, true
	}
	return defaultKind(op)
}

// defaultKind returns the kind that the op table's entry for op implies,
// for an op kindOf does not name: octets for octet input, encoded text
// (lone surrogates too) for the ops over UTF-16 code units, well-formed
// encoded text for every other text op, which holds plain characters and
// escapes both. An op with args has no default: its args need a kind of
// their own. So a new op of an existing shape is fuzzed with no edit here;
// naming it above gives it a sharper kind.
func defaultKind(op vectors.Op) (inputKind, bool) {
	info, ok := op.Info()
	switch {
	case !ok || len(info.Args) > 0:
		return 0, false
	case info.In == vectors.Octets:
		return genOctets, true
	case info.Units:
		return genEncoded, true
	}
	return genValidEncoded, true
}

// Covers reports whether the generator makes requests of op.
func Covers(op vectors.Op) bool {
	_, ok := kindOf(op)
	return ok
}

// A Generator makes inputs from the choices of its Source. The values it
// returns share its buffers and are valid until its next call: a caller
// that keeps one copies it. A Generator is not safe for concurrent use.
type Generator struct {
	r    Source
	u    []uint16 // the text being built
	tok  []uint16 // token scratch
	end  []uint16 // the token put at the end
	pos  []int    // where each token starts in u
	b    []byte   // octets, and UTF-8 scratch
	u2   []uint16 // the second text of a pair
	args map[string]string
}

// New returns a Generator that takes its choices from src.
func New(src Source) *Generator { return &Generator{r: src} }

// Request returns a request of op drawn for op's corners: Text for the
// ECMAScript encoders and escape, Encoded for their decoders, Unescapable
// for unescape, Octets for the ops that take octets (with a set name for
// percentEncodeSet), ValidText and ValidEncoded for the other text ops,
// two often equivalent texts for equivalent, URL-shaped text for the IRI
// ops, and ValidText with legacy-encoding corners and a label of
// EncodingLabels for queryEncode and formEncodeLegacy (and a scheme of
// Schemes for queryEncodeScheme). It returns false for an op it has no
// generator for (see Covers).
func (g *Generator) Request(op vectors.Op) (vectors.Request, bool) {
	k, ok := kindOf(op)
	if !ok {
		return vectors.Request{}, false
	}
	return g.requestOfKind(op, k), true
}

// requestOfKind makes a request of op with input of kind k.
func (g *Generator) requestOfKind(op vectors.Op, k inputKind) vectors.Request {
	req := vectors.Request{Op: op}
	switch k {
	case genText:
		req.In = g.Text()
	case genEncoded:
		req.In = g.Encoded()
	case genUnescapable:
		req.In = g.Unescapable()
	case genValidText:
		req.In = g.ValidText()
	case genValidEncoded:
		req.In = g.ValidEncoded()
	case genOctets:
		req.InHex = g.Octets()
	case genOctetsSet:
		req.InHex = g.Octets()
		req.Args = g.arg("set", g.SetName())
	case genEquivalent:
		a, b := g.EquivalentPair()
		g.b = g.b[:0]
		for i := 0; i < len(b); i++ {
			r := rune(b[i])
			if utf16.IsSurrogate(r) && i+1 < len(b) {
				r = utf16.DecodeRune(r, rune(b[i+1]))
				i++
			}
			g.b = utf8.AppendRune(g.b, r)
		}
		req.In = a
		req.Args = g.arg("other", string(g.b))
	case genIRI:
		req.In = g.iri()
	case genURI:
		rest := g.ValidEncoded()
		if g.r.IntN(2) == 0 {
			g.u2 = appendString(g.u2[:0], iriPrefix)
			g.u2 = append(g.u2, rest...)
			rest = g.u2
		}
		req.In = rest
	case genLegacy:
		req.In = g.LegacyText()
		req.Args = g.arg("encoding", EncodingLabels[g.r.IntN(len(EncodingLabels))])
		if op == vectors.OpQueryEncodeScheme {
			req.Args["scheme"] = Schemes[g.r.IntN(len(Schemes))]
		}
	}
	return req
}

// Text returns text (UTF-16 code units) for the ECMAScript encoders:
// corner ASCII, reserved and mark characters, code points of every UTF-8
// length, surrogate pairs, '+', and '%' alone, in malformed forms and in
// what looks like escapes; about half the values also hold one or two
// lone surrogates — high, low, reversed, or right next to an escape.
// Values need not be well-formed UTF-16.
func (g *Generator) Text() []uint16 { return g.units(false, false) }

// ValidText returns well-formed UTF-16 text with the tokens of Text but
// the lone surrogates, for ops that take the UTF-8 of their input and for
// round trips.
func (g *Generator) ValidText() []uint16 { return g.units(true, false) }

// Encoded returns percent-encoded text for decoders. The bulk of a value
// decodes cleanly: literal characters, '+', escapes of reserved
// characters and of ASCII octets, and escape sequences of whole code
// points, in either hex case. Most values hold one or two corners
// besides: a malformed '%', the escape of any octet (so of every UTF-8
// lead byte), the escapes of an octet sequence that is not UTF-8
// (overlong, surrogate, above U+10FFFF) or that is cut short, or a lone
// surrogate, also next to an escape; and some end in a '%' with fewer
// than two hex digits after it.
func (g *Generator) Encoded() []uint16 { return g.units(false, true) }

// ValidEncoded returns Encoded's text without lone surrogates, for
// decoders that take the UTF-8 of their input.
func (g *Generator) ValidEncoded() []uint16 { return g.units(true, true) }

// Unescapable returns text for unescape (ECMA-262 5.1 Annex B.2.2): half
// the values are Encoded's text (the decoders' corners, which unescape
// keeps or reads as %XY), the other half are built of tokens that are,
// about as often as each other, a %uWXYZ escape (either case of hex
// digit), a %XY escape, a form unescape must keep ("%U0041", "%u12" at
// the end, a '%' of Malformed), a lone surrogate, or a plain or non-ASCII
// character.
func (g *Generator) Unescapable() []uint16 {
	if g.r.IntN(2) == 0 {
		return g.Encoded()
	}
	const hex = "0123456789ABCDEFabcdef"
	digits := func(u []uint16, n int) []uint16 {
		for range n {
			u = append(u, uint16(hex[g.r.IntN(len(hex))]))
		}
		return u
	}
	u := g.u[:0]
	if u == nil {
		u = make([]uint16, 0, 128)
	}
	for range g.r.IntN(13) {
		switch g.r.IntN(8) {
		case 0:
			u = digits(append(u, '%', 'u'), 4)
		case 1:
			u = digits(append(u, '%'), 2)
		case 2:
			u = digits(appendString(u, pick(g.r, []string{"%U", "%u", "%u0", "%u00", "%u004", "%x"})), 4)
		case 3:
			u = appendString(u, pick(g.r, Malformed))
		case 4:
			u = append(u, uint16(0xD800+g.r.IntN(0x800)))
		case 5:
			u = utf16.AppendRune(u, g.rune())
		default:
			u = append(u, uint16("aZ09@*_+-./% ~"[g.r.IntN(14)]))
		}
	}
	g.u = u
	return u
}

// Octets returns an octet string for encoders that take octets and for
// UTF-8 decoders: corner octets (ASCII specials, UTF-8 lead and
// continuation bytes, bytes never used), any octet, the UTF-8 of code
// points of every length, sequences that are not UTF-8, and ASCII text
// that looks like escapes.
func (g *Generator) Octets() []byte {
	g.b = g.b[:0]
	for range g.r.IntN(maxOctetTokens + 1) {
		switch g.r.IntN(5) {
		case 0:
			g.b = append(g.b, pick(g.r, CornerOctets))
		case 1:
			g.b = append(g.b, byte(g.r.IntN(256)))
		case 2:
			g.b = utf8.AppendRune(g.b, g.rune())
		case 3:
			g.b = append(g.b, pick(g.r, BrokenUTF8)...)
		default:
			g.b = append(g.b, pick(g.r, octetEscapes)...)
		}
	}
	if g.b == nil {
		g.b = []byte{}
	}
	return g.b
}

// SetName returns the name of an encode set percentEncodeSet takes (the
// sets of vectors/sets.json).
func (g *Generator) SetName() string {
	names := setNames()
	return names[g.r.IntN(len(names))]
}

// LegacyText returns text for queryEncode and formEncodeLegacy: ValidText
// with up to three LegacyCorners put in at token boundaries.
func (g *Generator) LegacyText() []uint16 {
	g.ValidText()
	for range g.r.IntN(4) {
		c := LegacyCorners[g.r.IntN(len(LegacyCorners))]
		g.tok = appendString(g.tok[:0], c)
		g.insertToken(g.tok)
	}
	return g.u
}

// EquivalentPair returns two texts that are often equivalent under
// RFC 3986 §6.2.2 percent-encoding normalization: the same text, the text
// re-encoded (unreserved characters escaped, escapes of unreserved octets
// decoded, hex case changed), or two texts drawn apart.
func (g *Generator) EquivalentPair() (a, b []uint16) {
	a = g.ValidEncoded()
	switch g.r.IntN(3) {
	case 0:
		b = a
	case 1:
		b = g.reencode(a)
	default:
		g.u2 = append(g.u2[:0], a...)
		b = g.ValidEncoded() // a new text in g.u
		a = g.u2
	}
	return a, b
}

// arg returns the one-entry args map, reused.
func (g *Generator) arg(k, v string) map[string]string {
	if g.args == nil {
		g.args = make(map[string]string, 1)
	}
	clear(g.args)
	g.args[k] = v
	return g.args
}

func appendString(u []uint16, s string) []uint16 {
	for _, r := range s {
		u = utf16.AppendRune(u, r)
	}
	return u
}

// pick returns an element of s.
func pick[T any](r Source, s []T) T { return s[r.IntN(len(s))] }

// rune draws a code point (never a surrogate): a corner one, or one of a
// random UTF-8 length.
func (g *Generator) rune() rune {
	switch g.r.IntN(5) {
	case 0:
		return rune(CornerASCII[g.r.IntN(len(CornerASCII))])
	case 1:
		return pick(g.r, CornerRunes)
	case 2:
		return rune(0x80 + g.r.IntN(0x800-0x80))
	case 3:
		r := rune(0x800 + g.r.IntN(0xFFFF-0x800-0x800+1))
		if r >= 0xD800 {
			r += 0x800 // skip the surrogates
		}
		return r
	}
	return rune(0x10000 + g.r.IntN(0x110000-0x10000))
}

// escapeAll appends the escapes of p to u, in a hex case drawn once.
func (g *Generator) escapeAll(u []uint16, p []byte) []uint16 {
	lower := g.r.IntN(4)
	for _, b := range p {
		u = Escape(u, b, lower)
	}
	return u
}

// cleanToken appends a token that is not a fault: for encoded text (input
// to decoders) one no decoder fails on; for text (input to encoders) it
// may hold '%' in any position, since encoders take '%' as a character
// like any other. With plain set it holds no '%' at all.
func (g *Generator) cleanToken(u []uint16, encoded, plain bool) []uint16 {
	kinds := 9
	if plain {
		kinds = 5
	}
	k := g.r.IntN(kinds)
	switch k {
	case 0: // a corner ASCII character
		c := CornerASCII[g.r.IntN(len(CornerASCII))]
		if encoded && c == '%' {
			c = 'a'
		}
		return append(u, uint16(c))
	case 1: // a reserved or mark character
		return append(u, uint16(URIChars[g.r.IntN(len(URIChars))]))
	case 2: // any code point, literally
		return utf16.AppendRune(u, g.rune())
	case 3: // a supplementary character: a surrogate pair
		return utf16.AppendRune(u, rune(0x10000+g.r.IntN(0x110000-0x10000)))
	case 4: // '+', which form and query decoders read as a space
		return append(u, '+')
	}
	if !encoded {
		switch k {
		case 5: // what looks like an escape, as text
			return Escape(u, byte(g.r.IntN(256)), g.r.IntN(4))
		case 6, 7: // a malformed '%'
			return appendString(u, pick(g.r, Malformed))
		}
		return append(u, '%')
	}
	switch k {
	case 5: // the escapes of a whole code point's UTF-8
		g.b = utf8.AppendRune(g.b[:0], g.rune())
		return g.escapeAll(u, g.b)
	case 6, 7: // the escape of a reserved character
		return Escape(u, ReservedEscapes[g.r.IntN(len(ReservedEscapes))], g.r.IntN(4))
	}
	return Escape(u, byte(g.r.IntN(0x80)), g.r.IntN(4)) // the escape of an ASCII octet
}

// specialToken appends a token at a corner where implementations go
// wrong: for encoded text a decoding fault (a malformed '%', the escape
// of any octet — so of every lead byte —, the escapes of an octet
// sequence that is not UTF-8 or is cut short); and, unless valid, a lone
// surrogate, alone, reversed, or next to an escape. ok is false when
// there is no such token (valid plain text); atEnd when the token belongs
// at the end.
func (g *Generator) specialToken(u []uint16, valid, encoded bool) (_ []uint16, atEnd, ok bool) {
	kinds := 0
	if encoded {
		kinds = 7
	}
	if !valid {
		kinds += 4
	}
	if kinds == 0 {
		return u, false, false
	}
	k := g.r.IntN(kinds)
	if !encoded {
		k += 7
	}
	switch k {
	case 0: // a malformed '%'
		return appendString(u, pick(g.r, Malformed)), false, true
	case 1: // a '%' at the end with fewer than two hex digits after it
		return appendString(u, pick(g.r, endPercents)), true, true
	case 2: // the escape of any octet, so of every lead byte
		return Escape(u, byte(g.r.IntN(256)), g.r.IntN(4)), false, true
	case 3: // the escapes of an overlong form
		return g.escapeAll(u, pick(g.r, OverlongUTF8)), false, true
	case 4: // the escapes of a surrogate's UTF-8 form
		return g.escapeAll(u, pick(g.r, SurrogateUTF8)), false, true
	case 5: // the escapes of another octet sequence that is not UTF-8
		return g.escapeAll(u, pick(g.r, OtherBadUTF8)), false, true
	case 6: // the escapes of a code point's UTF-8, cut short
		g.b = utf8.AppendRune(g.b[:0], rune(0x80+g.r.IntN(0x110000-0x80)))
		if r, _ := utf8.DecodeRune(g.b); r == utf8.RuneError && len(g.b) == 1 {
			g.b = utf8.AppendRune(g.b[:0], 0xE9) // a surrogate drawn: take another
		}
		return g.escapeAll(u, g.b[:1+g.r.IntN(len(g.b)-1)]), false, true
	case 7: // a lone high surrogate
		return append(u, uint16(0xD800+g.r.IntN(0x400))), false, true
	case 8: // a lone low surrogate
		return append(u, uint16(0xDC00+g.r.IntN(0x400))), false, true
	case 9: // a reversed pair
		return append(u, uint16(0xDC00+g.r.IntN(0x400)), uint16(0xD800+g.r.IntN(0x400))), false, true
	}
	// a lone surrogate right next to an escape
	hi := uint16(0xD800 + g.r.IntN(0x400))
	lo := uint16(0xDC00 + g.r.IntN(0x400))
	switch g.r.IntN(4) {
	case 0:
		return append(u, hi, '%', '4', '1'), false, true
	case 1:
		return append(u, '%', 'C', '3', '%', 'A', '9', lo), false, true
	case 2:
		return append(u, '%', '2', 'F', hi), false, true
	}
	return append(u, '%', 'E', '2', '%', '8', '2', '%', 'A', 'C', hi), false, true
}

// units builds text in g.u from up to 24 clean tokens, with no, one or two
// special tokens put in at random token boundaries (one that belongs at
// the end goes there), so that most values reach one corner and the rest
// of the value cannot hide it: a decoder that fails on one fault fails on
// the whole input.
func (g *Generator) units(valid, encoded bool) []uint16 {
	// One value in six holds no '%' but in its special tokens: the path
	// on which decoders have nothing to decode.
	plain := g.r.IntN(6) == 5
	n := g.r.IntN(maxTextTokens + 1)
	if g.u == nil {
		g.u = make([]uint16, 0, 128)
	}
	g.u, g.pos = g.u[:0], g.pos[:0]
	for range n {
		g.pos = append(g.pos, len(g.u))
		g.u = g.cleanToken(g.u, encoded, plain)
	}
	// Encoded text has a special token in three values of four, so that
	// decoders meet their faults; text for encoders in one of two, so
	// that half the values encode without an error.
	counts := [...]int{0, 1, 1, 2}
	if !encoded {
		counts = [...]int{0, 0, 1, 2}
	}
	g.end = g.end[:0]
	for range counts[g.r.IntN(4)] {
		var atEnd, ok bool
		g.tok, atEnd, ok = g.specialToken(g.tok[:0], valid, encoded)
		switch {
		case !ok:
		case atEnd:
			g.end = append(g.end[:0], g.tok...)
		default:
			g.insertToken(g.tok)
		}
	}
	return append(g.u, g.end...)
}

// insertToken puts tok into g.u at a token boundary (so never inside a
// surrogate pair) or at the end, and moves the boundaries after it.
func (g *Generator) insertToken(tok []uint16) {
	at := len(g.u)
	if k := g.r.IntN(len(g.pos) + 1); k < len(g.pos) {
		at = g.pos[k]
	}
	g.u = insert(g.u, at, tok)
	for j := range g.pos {
		if g.pos[j] > at {
			g.pos[j] += len(tok)
		}
	}
}

// insert inserts tok into u at i, in place when u has room.
func insert(u []uint16, i int, tok []uint16) []uint16 {
	n := len(u)
	u = append(u, tok...)
	copy(u[i+len(tok):], u[i:n])
	copy(u[i:], tok)
	return u
}

// reencode returns, in g.u2, a with some unreserved characters escaped,
// some escapes of unreserved octets decoded, and the hex case of some
// escapes changed.
func (g *Generator) reencode(a []uint16) []uint16 {
	out := g.u2[:0]
	for i := 0; i < len(a); i++ {
		c := a[i]
		if c == '%' && i+2 < len(a) && spec.IsHexUnit(a[i+1]) && spec.IsHexUnit(a[i+2]) {
			b := byte(spec.HexUnitValue(a[i+1])<<4 | spec.HexUnitValue(a[i+2]))
			switch g.r.IntN(3) {
			case 1:
				if codec.Unreserved.Contains(b) {
					out = append(out, uint16(b))
				} else {
					out = Escape(out, b, g.r.IntN(4))
				}
			case 2:
				out = Escape(out, b, g.r.IntN(4))
			default:
				out = append(out, a[i:i+3]...)
			}
			i += 2
			continue
		}
		if c < 0x80 && codec.Unreserved.Contains(byte(c)) && g.r.IntN(2) == 0 {
			out = Escape(out, byte(c), g.r.IntN(4))
			continue
		}
		out = append(out, c)
	}
	if out == nil {
		out = []uint16{}
	}
	g.u2 = out
	return out
}

// iri builds URL-shaped text: well-formed encoded text, often after a
// scheme and a host of HostLabels.
func (g *Generator) iri() []uint16 {
	rest := g.ValidEncoded()
	if g.r.IntN(2) == 0 {
		return rest
	}
	u := appendString(g.u2[:0], "http://")
	for i := range 1 + g.r.IntN(3) {
		if i > 0 {
			u = append(u, '.')
		}
		u = appendString(u, pick(g.r, HostLabels))
	}
	u = append(u, '/')
	u = append(u, rest...)
	g.u2 = u
	return u
}

// Seeded makes the requests of one op for the fuzz engine, each from a
// seed and a case number through math/rand/v2's PCG: one (seed, case)
// gives one request, whatever was made before, and once its buffers have
// grown it allocates nothing. The request it returns shares its buffers
// and is valid until the next call. It is not safe for concurrent use.
type Seeded struct {
	op  vectors.Op
	src pcgSource
	g   Generator
}

// pcgSource is math/rand/v2's Rand.IntN over a PCG with the PCG called
// directly: the same numbers as rand.New(&pcg).IntN, without the Rand's
// call through its Source interface for each draw (the fuzz engine makes
// about fifty draws a case). Where a uint is 32 bits Rand draws otherwise,
// and pcgSource calls it.
type pcgSource struct {
	pcg rand.PCG
	r   *rand.Rand // over pcg, for 32-bit platforms
}

// IntN returns what rand.New(&s.pcg).IntN(n) returns.
func (s *pcgSource) IntN(n int) int {
	if bits.UintSize == 32 || n <= 0 {
		return s.r.IntN(n)
	}
	u := uint64(n)
	if u&(u-1) == 0 { // a power of two: a mask
		return int(s.pcg.Uint64() & (u - 1))
	}
	// Lemire's multiply-shift, rejecting as Rand.uint64n does.
	hi, lo := bits.Mul64(s.pcg.Uint64(), u)
	if lo < u {
		thresh := -u % u
		for lo < thresh {
			hi, lo = bits.Mul64(s.pcg.Uint64(), u)
		}
	}
	return int(hi)
}

// NewSeeded returns the Seeded generator of op's requests, and false if
// there is none for op (see Covers).
func NewSeeded(op vectors.Op) (*Seeded, bool) {
	if !Covers(op) {
		return nil, false
	}
	s := &Seeded{op: op}
	s.src.r = rand.New(&s.src.pcg)
	s.g.r = &s.src
	return s, true
}

// Request returns the request that case i of a run with seed makes.
func (s *Seeded) Request(seed uint64, i int64) vectors.Request {
	s.src.pcg.Seed(seed, uint64(i))
	req, _ := s.g.Request(s.op)
	return req
}
