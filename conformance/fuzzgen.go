package conformance

import (
	"math/rand/v2"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/pctest/pctest/internal/gen"

	"github.com/pctest/pctest/codec"
	"github.com/pctest/pctest/vectors"
)

// The fuzz generator builds inputs from tokens, each a small piece chosen
// to reach a corner of some spec, as conformance's property generators do:
// reserved and mark characters, '%' in every malformed position, escapes of
// every octet (so of every UTF-8 lead byte), escape sequences of whole code
// points in either hex case, broken sequences (overlong, surrogate, above
// U+10FFFF, cut short), characters of every UTF-8 length, and lone
// surrogates next to escapes. It is plain code over math/rand/v2: one
// seed gives one request, and it allocates nothing once its buffers have
// grown.

var (
	endPercents    = []string{"%", "%4", "%e"}
	octetEscapes   = []string{"%41", "%7e", "%2F", "%", "%zz", "%%"}
	setNames       = codec.SetNames()
	iriPrefix      = "http://xn--bcher-kva.example/"
	maxTextTokens  = 24
	maxOctetTokens = 16
)

// inputKind is what a generator makes for an op.
type inputKind uint8

const (
	genText         inputKind = iota // text for the ECMAScript encoders, lone surrogates too
	genEncoded                       // encoded text for the ECMAScript decoders
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
	case vectors.OpDecodeURI, vectors.OpDecodeURIComponent, vectors.OpUnescape:
		return genEncoded, true
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
	return 0, false
}

// A generator makes the requests of one op from seeds. The request it
// returns shares its buffers, and is valid until the next call: a caller
// that keeps one clones it. A generator is not safe for concurrent use.
type generator struct {
	op   vectors.Op
	kind inputKind
	src  rand.PCG
	r    *rand.Rand
	u    []uint16 // the text being built
	tok  []uint16 // token scratch
	end  []uint16 // the token put at the end
	pos  []int    // where each token starts in u
	b    []byte   // octets, and UTF-8 scratch
	u2   []uint16 // the second text of a pair
	args map[string]string
}

// newGenerator returns the generator of op's requests, and false if there
// is none for op.
func newGenerator(op vectors.Op) (*generator, bool) {
	k, ok := kindOf(op)
	if !ok {
		return nil, false
	}
	g := &generator{op: op, kind: k}
	g.r = rand.New(&g.src)
	return g, true
}

// request returns the request that case i of a run with seed makes.
func (g *generator) request(seed uint64, i int64) vectors.Request {
	g.src.Seed(seed, uint64(i))
	req := vectors.Request{Op: g.op}
	switch g.kind {
	case genText:
		req.In = g.units(false, false)
	case genEncoded:
		req.In = g.units(false, true)
	case genValidText:
		req.In = g.units(true, false)
	case genValidEncoded:
		req.In = g.units(true, true)
	case genOctets:
		req.InHex = g.octets()
	case genOctetsSet:
		req.InHex = g.octets()
		req.Args = g.arg("set", setNames[g.r.IntN(len(setNames))])
	case genEquivalent:
		a := g.units(true, true)
		var b []uint16
		switch g.r.IntN(3) {
		case 0:
			b = a
		case 1:
			b = g.reencode(a)
		default:
			g.u2 = append(g.u2[:0], a...)
			b = g.units(true, true) // a new text in g.u
			a = g.u2
		}
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
		rest := g.units(true, true)
		if g.r.IntN(2) == 0 {
			g.u2 = appendString(g.u2[:0], iriPrefix)
			g.u2 = append(g.u2, rest...)
			rest = g.u2
		}
		req.In = rest
	case genLegacy:
		req.In = g.units(true, false)
		for range g.r.IntN(4) {
			c := gen.LegacyCorners[g.r.IntN(len(gen.LegacyCorners))]
			at := len(req.In)
			if k := g.r.IntN(len(g.pos) + 1); k < len(g.pos) {
				at = g.pos[k] // a token boundary: never inside a pair
			}
			g.tok = appendString(g.tok[:0], c)
			req.In = insert(req.In, at, g.tok)
			g.u = req.In
			for j := range g.pos {
				if g.pos[j] > at {
					g.pos[j] += len(g.tok)
				}
			}
		}
		req.Args = g.arg("encoding", gen.EncodingLabels[g.r.IntN(len(gen.EncodingLabels))])
		if g.op == vectors.OpQueryEncodeScheme {
			req.Args["scheme"] = gen.Schemes[g.r.IntN(len(gen.Schemes))]
		}
	}
	return req
}

// arg returns the one-entry args map, reused.
func (g *generator) arg(k, v string) map[string]string {
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
func pick[T any](r *rand.Rand, s []T) T { return s[r.IntN(len(s))] }

// rune draws a code point (never a surrogate): a corner one, or one of a
// random UTF-8 length.
func (g *generator) rune() rune {
	switch g.r.IntN(5) {
	case 0:
		return rune(gen.CornerASCII[g.r.IntN(len(gen.CornerASCII))])
	case 1:
		return pick(g.r, gen.CornerRunes)
	case 2:
		return rune(0x80 + g.r.IntN(0x800-0x80))
	case 3:
		r := rune(0x800 + g.r.IntN(0xFFFF-0x800-0x800+1))
		if r >= 0xD800 {
			r += 0x800
		}
		return r
	}
	return rune(0x10000 + g.r.IntN(0x110000-0x10000))
}

func (g *generator) escapeAll(u []uint16, p []byte) []uint16 {
	lower := g.r.IntN(4)
	for _, b := range p {
		u = gen.Escape(u, b, lower)
	}
	return u
}

// cleanToken appends a token that is not a fault (see conformance's
// generators): for encoded text, one no decoder fails on; for text, '%'
// anywhere; with plain set, no '%' at all.
func (g *generator) cleanToken(u []uint16, encoded, plain bool) []uint16 {
	kinds := 9
	if plain {
		kinds = 5
	}
	k := g.r.IntN(kinds)
	switch k {
	case 0:
		c := gen.CornerASCII[g.r.IntN(len(gen.CornerASCII))]
		if encoded && c == '%' {
			c = 'a'
		}
		return append(u, uint16(c))
	case 1:
		return append(u, uint16(gen.URIChars[g.r.IntN(len(gen.URIChars))]))
	case 2:
		return utf16.AppendRune(u, g.rune())
	case 3:
		return utf16.AppendRune(u, rune(0x10000+g.r.IntN(0x110000-0x10000)))
	case 4:
		return append(u, '+')
	}
	if !encoded {
		switch k {
		case 5:
			return gen.Escape(u, byte(g.r.IntN(256)), g.r.IntN(4))
		case 6, 7:
			return appendString(u, pick(g.r, gen.Malformed))
		}
		return append(u, '%')
	}
	switch k {
	case 5:
		g.b = utf8.AppendRune(g.b[:0], g.rune())
		return g.escapeAll(u, g.b)
	case 6, 7:
		return gen.Escape(u, gen.ReservedEscapes[g.r.IntN(len(gen.ReservedEscapes))], g.r.IntN(4))
	}
	return gen.Escape(u, byte(g.r.IntN(0x80)), g.r.IntN(4))
}

// specialToken appends a token at a corner where implementations go wrong:
// for encoded text a decoding fault; unless valid, a lone surrogate, alone,
// reversed, or next to an escape. ok is false when there is none (valid
// plain text); atEnd when the token belongs at the end.
func (g *generator) specialToken(u []uint16, valid, encoded bool) (_ []uint16, atEnd, ok bool) {
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
	case 0:
		return appendString(u, pick(g.r, gen.Malformed)), false, true
	case 1:
		return appendString(u, pick(g.r, endPercents)), true, true
	case 2:
		return gen.Escape(u, byte(g.r.IntN(256)), g.r.IntN(4)), false, true
	case 3:
		return g.escapeAll(u, pick(g.r, gen.OverlongUTF8)), false, true
	case 4:
		return g.escapeAll(u, pick(g.r, gen.SurrogateUTF8)), false, true
	case 5:
		return g.escapeAll(u, pick(g.r, gen.OtherBadUTF8)), false, true
	case 6:
		g.b = utf8.AppendRune(g.b[:0], rune(0x80+g.r.IntN(0x110000-0x80)))
		if r, _ := utf8.DecodeRune(g.b); r == utf8.RuneError && len(g.b) == 1 {
			g.b = utf8.AppendRune(g.b[:0], 0xE9) // a surrogate drawn: take another
		}
		return g.escapeAll(u, g.b[:1+g.r.IntN(len(g.b)-1)]), false, true
	case 7:
		return append(u, uint16(0xD800+g.r.IntN(0x400))), false, true
	case 8:
		return append(u, uint16(0xDC00+g.r.IntN(0x400))), false, true
	case 9:
		return append(u, uint16(0xDC00+g.r.IntN(0x400)), uint16(0xD800+g.r.IntN(0x400))), false, true
	}
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

// units builds text in g.u from up to 24 clean tokens with no, one or two
// special tokens put in at random token boundaries (one that belongs at
// the end goes there).
func (g *generator) units(valid, encoded bool) []uint16 {
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
			at := len(g.u)
			if k := g.r.IntN(len(g.pos) + 1); k < len(g.pos) {
				at = g.pos[k]
			}
			g.u = insert(g.u, at, g.tok)
		}
	}
	return append(g.u, g.end...)
}

// insert inserts tok into u at i, in place when u has room.
func insert(u []uint16, i int, tok []uint16) []uint16 {
	n := len(u)
	u = append(u, tok...)
	copy(u[i+len(tok):], u[i:n])
	copy(u[i:], tok)
	return u
}

// octets builds an octet string in g.b.
func (g *generator) octets() []byte {
	g.b = g.b[:0]
	for range g.r.IntN(maxOctetTokens + 1) {
		switch g.r.IntN(5) {
		case 0:
			g.b = append(g.b, pick(g.r, gen.CornerOctets))
		case 1:
			g.b = append(g.b, byte(g.r.IntN(256)))
		case 2:
			g.b = utf8.AppendRune(g.b, g.rune())
		case 3:
			g.b = append(g.b, pick(g.r, gen.BrokenUTF8)...)
		default:
			g.b = append(g.b, pick(g.r, octetEscapes)...)
		}
	}
	if g.b == nil {
		g.b = []byte{}
	}
	return g.b
}

// reencode returns, in g.u2, a with some unreserved characters escaped,
// some escapes of unreserved octets decoded, and the hex case of some
// escapes changed.
func (g *generator) reencode(a []uint16) []uint16 {
	out := g.u2[:0]
	for i := 0; i < len(a); i++ {
		c := a[i]
		if c == '%' && i+2 < len(a) && gen.IsHexUnit(a[i+1]) && gen.IsHexUnit(a[i+2]) {
			b := byte(gen.UnhexUnit(a[i+1])<<4 | gen.UnhexUnit(a[i+2]))
			switch g.r.IntN(3) {
			case 1:
				if codec.Unreserved.Contains(b) {
					out = append(out, uint16(b))
				} else {
					out = gen.Escape(out, b, g.r.IntN(4))
				}
			case 2:
				out = gen.Escape(out, b, g.r.IntN(4))
			default:
				out = append(out, a[i:i+3]...)
			}
			i += 2
			continue
		}
		if c < 0x80 && codec.Unreserved.Contains(byte(c)) && g.r.IntN(2) == 0 {
			out = gen.Escape(out, byte(c), g.r.IntN(4))
			continue
		}
		out = append(out, c)
	}
	g.u2 = out
	return out
}

// iri builds URL-shaped text: well-formed encoded text, often after a
// scheme and a host of gen.HostLabels.
func (g *generator) iri() []uint16 {
	rest := g.units(true, true)
	if g.r.IntN(2) == 0 {
		return rest
	}
	u := appendString(g.u2[:0], "http://")
	for i := range 1 + g.r.IntN(3) {
		if i > 0 {
			u = append(u, '.')
		}
		u = appendString(u, pick(g.r, gen.HostLabels))
	}
	u = append(u, '/')
	u = append(u, rest...)
	g.u2 = u
	return u
}
