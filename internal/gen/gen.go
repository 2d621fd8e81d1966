// Package gen holds the input generators of pctest's property laws, its
// differential oracle and the runner's fuzz command: rapid generators of
// text, percent-encoded text, octets, encode-set names and whole requests,
// built to reach the corners of the specs, and the tables of corners they
// draw from. It is internal: conformance's laws and oracle use the
// generators, and package testee's plain fuzz generator draws from the same
// tables.
package gen

import (
	"slices"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"

	"pgregory.net/rapid"

	"github.com/pctest/pctest/codec"
	"github.com/pctest/pctest/vectors"
)

// The generators build their values from tokens, each a small piece chosen
// to reach a corner of some spec: reserved and mark characters, '%' in
// every malformed position, escapes of every octet (so of every UTF-8 lead
// byte), escape sequences of whole code points in either hex case, broken
// sequences (overlong, surrogate, above U+10FFFF, cut short), characters of
// every UTF-8 length, and lone surrogates next to escapes. Faults are few
// per value, so that one fault does not hide another corner behind an
// error. rapid shrinks a failing value by dropping tokens and moving each
// toward the first choice of its kind, so counterexamples come out short
// and plain ('a', "%00").

// CornerASCII is the ASCII that encode sets and decoders treat specially,
// simplest first: alphanumerics, the marks of ECMA-262 and RFC 3986, the
// reserved characters, '%', space, the characters WHATWG sets add, and
// controls.
const CornerASCII = "aZ09-_.~!*'();/?:@&=+$,#[]% \"<>\\^`{|}\t\n\r\x00\x1f\x7f"

// CornerRunes are code points at UTF-8 and UTF-16 boundaries, and ones
// engines treat specially.
var CornerRunes = []rune{
	0xE9, 0x80, 0x7FF, 0x800, 0xA0, 0xFF, 0x100, 0x2028, 0x20AC, 0xD7FF, 0xE000,
	0xFEFF, 0xFFFD, 0xFFFE, 0xFFFF, 0x10000, 0x1F600, 0x10FFFF,
}

// genRune draws a code point (never a surrogate): a corner one, or one
// of a random UTF-8 length.
func genRune(t *rapid.T) rune {
	switch rapid.IntRange(0, 4).Draw(t, "band") {
	case 0:
		return rune(rapid.SampledFrom([]byte(CornerASCII)).Draw(t, "ascii"))
	case 1:
		return rapid.SampledFrom(CornerRunes).Draw(t, "corner")
	case 2:
		return rune(rapid.IntRange(0x80, 0x7FF).Draw(t, "r2"))
	case 3:
		r := rune(rapid.IntRange(0x800, 0xFFFF-0x800).Draw(t, "r3"))
		if r >= 0xD800 {
			r += 0x800 // skip the surrogates
		}
		return r
	default:
		return rune(rapid.IntRange(0x10000, 0x10FFFF).Draw(t, "r4"))
	}
}

// Escape appends the %XY escape of b to u; lower selects the hex case of
// each digit (bit 0 the first digit, bit 1 the second).
func Escape(u []uint16, b byte, lower int) []uint16 {
	const upper = "0123456789ABCDEF"
	hi, lo := upper[b>>4], upper[b&15]
	if lower&1 != 0 {
		hi = lowerHex[b>>4]
	}
	if lower&2 != 0 {
		lo = lowerHex[b&15]
	}
	return append(u, '%', uint16(hi), uint16(lo))
}

// escapeAll appends the escapes of p to u, in a hex case drawn once.
func escapeAll(t *rapid.T, u []uint16, p []byte) []uint16 {
	lower := rapid.IntRange(0, 3).Draw(t, "case")
	for _, b := range p {
		u = Escape(u, b, lower)
	}
	return u
}

// Octet sequences that are not UTF-8 (RFC 3629 §3, §4), by the check a
// decoder must make: overlong forms, surrogates, values above U+10FFFF,
// and the rest (lone continuations, bytes never used, a lead byte followed
// by something else).
var (
	OverlongUTF8  = [][]byte{{0xC0, 0xAF}, {0xC1, 0xBF}, {0xE0, 0x80, 0xAF}, {0xE0, 0x9F, 0xBF}, {0xF0, 0x80, 0x80, 0xAF}, {0xF0, 0x8F, 0xBF, 0xBF}}
	SurrogateUTF8 = [][]byte{{0xED, 0xA0, 0x80}, {0xED, 0xBF, 0xBF}, {0xED, 0xB0, 0x80}, {0xED, 0xAF, 0xBF}}
	OtherBadUTF8  = [][]byte{{0xF4, 0x90, 0x80, 0x80}, {0x80}, {0xBF}, {0xF5, 0x80, 0x80, 0x80}, {0xF8, 0x88, 0x80, 0x80, 0x80},
		{0xFE}, {0xFF}, {0xC3, 0x41}, {0xE2, 0x28, 0xA1}}
	BrokenUTF8 = slices.Concat(OverlongUTF8, SurrogateUTF8, OtherBadUTF8)
)

// CornerOctets are single octets at the edges of ASCII and of the UTF-8
// lead-byte classes.
var CornerOctets = []byte{'a', '%', ' ', '+', '~', '/', '#', '?', '*', 0x00, 0x1F, 0x7F, 0x80, 0xBF,
	0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF}

// ReservedEscapes are characters whose escapes decoders must keep or
// treat specially: decodeURI's reserved set (uriReserved and '#'), '%',
// space, and the rest of RFC 3986's reserved characters.
const ReservedEscapes = "/#;?:@&=+$,% !'()*[]"

// Malformed are '%' forms that are not escapes of RFC 3986 or §15.1.3, with
// the %uWXYZ forms that unescape (ECMA-262 Annex B.2.2) reads or keeps.
var Malformed = []string{"%", "%4", "%G1", "%%", "%4G", "%%41", "%-1", "% 1", "%\u00e9", "%u0041", "%uD800", "%U0041", "%u12", "%u00G1"}

// URIChars are the characters the ECMAScript sets and RFC 3986 treat
// specially: uriReserved, '#', the uriMarks and the gen-delims left.
const URIChars = ";/?:@&=+$,#-_.!~*'()[]"

// cleanToken draws a token that is not a fault: for encoded text (input to
// decoders) it never makes a decoder fail; for text (input to encoders) it
// may hold '%' in any position, since encoders take '%' as a character
// like any other. With plain set it holds no '%' at all.
func cleanToken(t *rapid.T, encoded, plain bool) []uint16 {
	var u []uint16
	kinds := 9
	if plain {
		kinds = 5
	}
	k := rapid.IntRange(0, kinds-1).Draw(t, "kind")
	switch k {
	case 0: // a corner ASCII character
		c := rapid.SampledFrom([]byte(CornerASCII)).Draw(t, "c")
		if encoded && c == '%' {
			c = 'a'
		}
		return append(u, uint16(c))
	case 1: // a reserved or mark character
		return append(u, uint16(rapid.SampledFrom([]byte(URIChars)).Draw(t, "c")))
	case 2: // any code point, literally
		return utf16.AppendRune(u, genRune(t))
	case 3: // a supplementary character: a surrogate pair
		return utf16.AppendRune(u, rune(rapid.IntRange(0x10000, 0x10FFFF).Draw(t, "supp")))
	case 4: // '+', which form and query decoders read as a space
		return append(u, '+')
	}
	if !encoded {
		switch k {
		case 5: // what looks like an escape, as text
			b := byte(rapid.IntRange(0, 255).Draw(t, "octet"))
			return Escape(u, b, rapid.IntRange(0, 3).Draw(t, "case"))
		case 6, 7: // a malformed '%'
			return append(u, units(rapid.SampledFrom(Malformed).Draw(t, "Malformed"))...)
		default:
			return append(u, '%')
		}
	}
	switch k {
	case 5: // the escapes of a whole code point's UTF-8
		return escapeAll(t, u, utf8.AppendRune(nil, genRune(t)))
	case 6, 7: // the escape of a reserved character
		b := rapid.SampledFrom([]byte(ReservedEscapes)).Draw(t, "reserved")
		return Escape(u, b, rapid.IntRange(0, 3).Draw(t, "case"))
	default: // the escape of an ASCII octet
		b := byte(rapid.IntRange(0, 0x7F).Draw(t, "ascii"))
		return Escape(u, b, rapid.IntRange(0, 3).Draw(t, "case"))
	}
}

// specialToken draws a token at a corner where implementations go wrong:
// for encoded text a decoding fault (a malformed '%', the escape of any
// octet — so of every lead byte —, the escapes of an octet sequence that
// is not UTF-8 or is cut short); and, unless valid, a lone surrogate,
// alone, reversed, or next to an escape. It returns nil when there is no
// such token (valid plain text).
func specialToken(t *rapid.T, valid, encoded bool) (tok []uint16, atEnd bool) {
	var u []uint16
	kinds := 0
	if encoded {
		kinds = 7
	}
	if !valid {
		kinds += 4
	}
	if kinds == 0 {
		return nil, false
	}
	k := rapid.IntRange(0, kinds-1).Draw(t, "special")
	if !encoded {
		k += 7
	}
	switch k {
	case 0: // a malformed '%'
		return append(u, units(rapid.SampledFrom(Malformed).Draw(t, "Malformed"))...), false
	case 1: // a '%' at the end with fewer than two hex digits after it
		return units(rapid.SampledFrom([]string{"%", "%4", "%e"}).Draw(t, "end")), true
	case 2: // the escape of any octet, so of every lead byte
		b := byte(rapid.IntRange(0, 255).Draw(t, "octet"))
		return Escape(u, b, rapid.IntRange(0, 3).Draw(t, "case")), false
	case 3: // the escapes of an overlong form
		return escapeAll(t, u, rapid.SampledFrom(OverlongUTF8).Draw(t, "overlong")), false
	case 4: // the escapes of a surrogate's UTF-8 form
		return escapeAll(t, u, rapid.SampledFrom(SurrogateUTF8).Draw(t, "surrogate")), false
	case 5: // the escapes of another octet sequence that is not UTF-8
		return escapeAll(t, u, rapid.SampledFrom(OtherBadUTF8).Draw(t, "broken")), false
	case 6: // the escapes of a code point's UTF-8, cut short
		p := utf8.AppendRune(nil, rune(rapid.IntRange(0x80, 0x10FFFF).Draw(t, "r")))
		return escapeAll(t, u, p[:rapid.IntRange(1, len(p)-1).Draw(t, "cut")]), false
	case 7: // a lone high surrogate
		return append(u, uint16(rapid.IntRange(0xD800, 0xDBFF).Draw(t, "high"))), false
	case 8: // a lone low surrogate
		return append(u, uint16(rapid.IntRange(0xDC00, 0xDFFF).Draw(t, "low"))), false
	case 9: // a reversed pair
		lo := uint16(rapid.IntRange(0xDC00, 0xDFFF).Draw(t, "low"))
		return append(u, lo, uint16(rapid.IntRange(0xD800, 0xDBFF).Draw(t, "high"))), false
	default: // a lone surrogate right next to an escape
		hi := uint16(rapid.IntRange(0xD800, 0xDBFF).Draw(t, "high"))
		lo := uint16(rapid.IntRange(0xDC00, 0xDFFF).Draw(t, "low"))
		switch rapid.IntRange(0, 3).Draw(t, "where") {
		case 0:
			return append(u, hi, '%', '4', '1'), false
		case 1:
			return append(u, '%', 'C', '3', '%', 'A', '9', lo), false
		case 2:
			return append(u, '%', '2', 'F', hi), false
		default:
			return append(u, '%', 'E', '2', '%', '8', '2', '%', 'A', 'C', hi), false
		}
	}
}

// genUnits builds text from up to 24 clean tokens, with no, one or two
// special tokens put in at random places (a stray '%' at the end), so that
// about half the values reach exactly one corner and the rest of the value
// cannot hide it: a decoder that fails on one fault fails on the whole
// input.
func genUnits(valid, encoded bool) *rapid.Generator[[]uint16] {
	return rapid.Custom(func(t *rapid.T) []uint16 {
		// One value in six holds no '%' but in its special tokens: the
		// path on which decoders have nothing to decode.
		plain := rapid.IntRange(0, 5).Draw(t, "plain") == 5
		n := rapid.IntRange(0, 24).Draw(t, "tokens")
		parts := make([][]uint16, 0, n+2)
		for range n {
			parts = append(parts, cleanToken(t, encoded, plain))
		}
		var end []uint16
		// Encoded text has a special token in three values of four, so
		// that decoders meet their faults; text for encoders in one of
		// two, so that half the values encode without an error.
		counts := [...]int{0, 1, 1, 2}
		if !encoded {
			counts = [...]int{0, 0, 1, 2}
		}
		specials := counts[rapid.IntRange(0, 3).Draw(t, "specials")]
		for range specials {
			tok, atEnd := specialToken(t, valid, encoded)
			switch {
			case atEnd:
				end = tok
			case tok != nil:
				at := rapid.IntRange(0, len(parts)).Draw(t, "at")
				parts = slices.Insert(parts, at, tok)
			}
		}
		u := []uint16{}
		for _, p := range parts {
			u = append(u, p...)
		}
		return append(u, end...)
	})
}

// Text returns a generator of text (UTF-16 code units) for the
// ECMAScript encoders: corner ASCII, reserved and mark characters, code
// points of every UTF-8 length, surrogate pairs, '+', and '%' alone, in
// malformed forms and in what looks like escapes; about half the values
// also hold one or two lone surrogates — high, low, reversed, or right
// next to an escape. Values need not be well-formed UTF-16.
func Text() *rapid.Generator[[]uint16] { return genUnits(false, false) }

// ValidText returns a generator of well-formed UTF-16 text with the
// tokens of Text but the lone surrogates, for ops that take the UTF-8
// of their input and for round trips.
func ValidText() *rapid.Generator[[]uint16] { return genUnits(true, false) }

// Encoded returns a generator of percent-encoded text for decoders. The
// bulk of a value decodes cleanly: literal characters, '+', escapes of
// reserved characters and of ASCII octets, and escape sequences of whole
// code points, in either hex case. About half the values hold one or two
// corners besides: a malformed '%', the escape of any octet (so of every
// UTF-8 lead byte), the escapes of an octet sequence that is not UTF-8
// (overlong, surrogate, above U+10FFFF) or that is cut short, or a lone
// surrogate, also next to an escape; and some end in a '%' with fewer than
// two hex digits after it.
func Encoded() *rapid.Generator[[]uint16] { return genUnits(false, true) }

// ValidEncoded returns Encoded's generator without lone surrogates,
// for decoders that take the UTF-8 of their input.
func ValidEncoded() *rapid.Generator[[]uint16] { return genUnits(true, true) }

// Unescapable returns a generator of text for unescape (ECMA-262 5.1
// Annex B.2.2): each token is, about as often as the others, a %uWXYZ
// escape (either case of hex digit), a %XY escape, a form unescape must
// keep ("%U0041", "%u12" at the end, a '%' of Malformed), a lone
// surrogate, or a plain or non-ASCII character.
func Unescapable() *rapid.Generator[[]uint16] {
	return rapid.Custom(func(t *rapid.T) []uint16 {
		const hex = "0123456789ABCDEFabcdef"
		digits := func(n int) string {
			b := make([]byte, n)
			for i := range b {
				b[i] = hex[rapid.IntRange(0, len(hex)-1).Draw(t, "digit")]
			}
			return string(b)
		}
		u := []uint16{}
		for range rapid.IntRange(0, 12).Draw(t, "tokens") {
			switch rapid.IntRange(0, 7).Draw(t, "kind") {
			case 0:
				u = append(u, units("%u"+digits(4))...)
			case 1:
				u = append(u, units("%"+digits(2))...)
			case 2:
				u = append(u, units(rapid.SampledFrom([]string{"%U", "%u", "%u0", "%u00", "%u004", "%x"}).Draw(t, "almost")+digits(4))...)
			case 3:
				u = append(u, units(rapid.SampledFrom(Malformed).Draw(t, "malformed"))...)
			case 4:
				u = append(u, uint16(rapid.IntRange(0xD800, 0xDFFF).Draw(t, "surrogate")))
			case 5:
				u = utf16.AppendRune(u, genRune(t))
			default:
				u = append(u, uint16(rapid.SampledFrom([]byte("aZ09@*_+-./% ~")).Draw(t, "ascii")))
			}
		}
		return u
	})
}

// Octets returns a generator of octet strings for encoders that take
// octets and for UTF-8 decoders: corner octets (ASCII specials, UTF-8 lead
// and continuation bytes, bytes never used), any octet, the UTF-8 of code
// points of every length, sequences that are not UTF-8, and ASCII text that
// looks like escapes.
func Octets() *rapid.Generator[[]byte] {
	return rapid.Custom(func(t *rapid.T) []byte {
		p := []byte{}
		n := rapid.IntRange(0, 16).Draw(t, "tokens")
		for range n {
			switch rapid.IntRange(0, 4).Draw(t, "kind") {
			case 0:
				p = append(p, rapid.SampledFrom(CornerOctets).Draw(t, "octet"))
			case 1:
				p = append(p, byte(rapid.IntRange(0, 255).Draw(t, "any")))
			case 2:
				p = utf8.AppendRune(p, genRune(t))
			case 3:
				p = append(p, rapid.SampledFrom(BrokenUTF8).Draw(t, "broken")...)
			default:
				p = append(p, rapid.SampledFrom([]string{"%41", "%7e", "%2F", "%", "%zz", "%%"}).Draw(t, "escape")...)
			}
		}
		return p
	})
}

// SetName returns a generator of the names of the encode sets
// percentEncodeSet takes (codec.SetNames).
func SetName() *rapid.Generator[string] {
	return rapid.SampledFrom(codec.SetNames())
}

// EncodingLabels are the WHATWG encoding labels that queryEncode and
// formEncodeLegacy are fuzzed with: one per encoding of the Encoding
// Standard (replacement and UTF-16 among them, which encode as UTF-8), and
// a few aliases written with other case and whitespace.
var EncodingLabels = []string{
	"utf-8", "ibm866", "iso-8859-2", "iso-8859-3", "iso-8859-4", "iso-8859-5", "iso-8859-6",
	"iso-8859-7", "iso-8859-8", "iso-8859-8-i", "iso-8859-10", "iso-8859-13", "iso-8859-14",
	"iso-8859-15", "iso-8859-16", "koi8-r", "koi8-u", "macintosh", "windows-874", "windows-1250",
	"windows-1251", "windows-1252", "windows-1253", "windows-1254", "windows-1255", "windows-1256",
	"windows-1257", "windows-1258", "x-mac-cyrillic", "gbk", "gb18030", "big5", "euc-jp",
	"iso-2022-jp", "shift_jis", "euc-kr", "replacement", "utf-16be", "utf-16le", "x-user-defined",
	"latin1", " SJIS ", "GB2312",
}

// Schemes are the schemes queryEncodeScheme is fuzzed with: the special
// ones of WHATWG URL §4.1 and some that are not.
var Schemes = []string{"http", "https", "ftp", "file", "ws", "wss", "foo", "data", "javascript", "mailto"}

// LegacyCorners are code points at the corners of the legacy encoders
// (WHATWG Encoding §9-§14): the special cases of the Japanese encoders
// (U+00A5, U+203E, U+2212, halfwidth katakana, U+0080), the ISO-2022-JP
// escapes, gb18030's U+E5E5, U+E7C7, U+1E3F and its table, a Big5 code
// point with a last pointer, HKSCS-only and index jis0212-only ones, C1
// controls, the euro sign, and text in each script.
var LegacyCorners = []string{
	"\u00a5", "\u203e", "\u2212", "\uff61", "\uff9f", "\uff71", "\u0080", "\u0081", "\u009d",
	"\u000e", "\u001b", "\ue5e5", "\ue7c7", "\u1e3f", "\ue78d", "\ufe10", "\u2550", "\u00ca",
	"\u00a6", "\u2170", "\u20ac", "\u3042", "\u4e2d", "\ud55c", "\u00e9", "\uf7e9",
	"\U0001f600", "~\\", " ", "'",
}

// LegacyText returns a generator of text for queryEncode and
// formEncodeLegacy: ValidText with LegacyCorners mixed in.
func LegacyText() *rapid.Generator[[]uint16] {
	return rapid.Custom(func(t *rapid.T) []uint16 {
		u := ValidText().Draw(t, "text")
		for range rapid.IntRange(0, 6).Draw(t, "corners") {
			c := units(rapid.SampledFrom(LegacyCorners).Draw(t, "corner"))
			at := rapid.IntRange(0, len(u)).Draw(t, "at")
			for at > 0 && at < len(u) && utf16.IsSurrogate(rune(u[at])) && u[at] >= 0xDC00 {
				at-- // not inside a surrogate pair
			}
			u = append(u[:at:at], append(c, u[at:]...)...)
		}
		return u
	})
}

// EquivalentPair draws two texts that are often equivalent under
// RFC 3986 §6.2.2 percent-encoding normalization: the same text, the text
// re-encoded (unreserved characters escaped, escapes of unreserved octets
// decoded, hex case flipped), or two texts drawn apart.
func EquivalentPair(t *rapid.T) (a, b []uint16) {
	a = ValidEncoded().Draw(t, "a")
	switch rapid.IntRange(0, 2).Draw(t, "pair") {
	case 0:
		return a, a
	case 1:
		return a, reencode(t, a)
	default:
		return a, ValidEncoded().Draw(t, "b")
	}
}

// reencode returns u with some unreserved characters escaped, some escapes
// of unreserved octets decoded, and the hex case of some escapes flipped.
func reencode(t *rapid.T, u []uint16) []uint16 {
	out := []uint16{}
	for i := 0; i < len(u); i++ {
		c := u[i]
		if c == '%' && i+2 < len(u) && u[i+1] < 0x80 && u[i+2] < 0x80 {
			n, err := strconv.ParseUint(string([]byte{byte(u[i+1]), byte(u[i+2])}), 16, 8)
			if err != nil {
				out = append(out, c)
				continue
			}
			b := byte(n)
			switch rapid.IntRange(0, 2).Draw(t, "escape") {
			case 1:
				if codec.Unreserved.Contains(b) {
					out = append(out, uint16(b))
				} else {
					out = Escape(out, b, rapid.IntRange(0, 3).Draw(t, "case"))
				}
			case 2:
				out = Escape(out, b, rapid.IntRange(0, 3).Draw(t, "case"))
			default:
				out = append(out, u[i:i+3]...)
			}
			i += 2
			continue
		}
		if c < 0x80 && codec.Unreserved.Contains(byte(c)) && rapid.Bool().Draw(t, "encode") {
			out = Escape(out, byte(c), rapid.IntRange(0, 3).Draw(t, "case"))
			continue
		}
		out = append(out, c)
	}
	return out
}

// HostLabels are host labels for IRIs: ASCII, U-labels, an A-label, and
// ones IDNA maps or rejects.
var HostLabels = []string{"example", "b\u00fccher", "\u65e5\u672c", "xn--bcher-kva", "EXAMPLE",
	"\u00df", "\u0131", "xn--", "a-", "\u2488", "\uff21", "%C3%BC"}

// genIRI draws an IRI: valid text, often after a scheme and a host of
// HostLabels.
func genIRI(t *rapid.T) []uint16 {
	var u []uint16
	if rapid.Bool().Draw(t, "authority") {
		u = append(u, units("http://")...)
		n := rapid.IntRange(1, 3).Draw(t, "labels")
		for i := range n {
			if i > 0 {
				u = append(u, '.')
			}
			u = append(u, units(rapid.SampledFrom(HostLabels).Draw(t, "label"))...)
		}
		u = append(u, '/')
	}
	return append(u, ValidEncoded().Draw(t, "rest")...)
}

// Request returns a generator of requests for op, drawing the input
// from the generator that reaches op's corners: Text for the ECMAScript
// encoders and escape, Encoded for their decoders, Unescapable for
// unescape, Octets for ops that take
// octets, ValidText and ValidEncoded for the other text ops, pairs
// that are often equivalent for equivalent, and URL-shaped text for the
// IRI ops, and LegacyText with a label of EncodingLabels for queryEncode
// and formEncodeLegacy (and a scheme of Schemes for queryEncodeScheme). It returns nil for an op it does not know.
func Request(op vectors.Op) *rapid.Generator[vectors.Request] {
	text := func(g *rapid.Generator[[]uint16]) *rapid.Generator[vectors.Request] {
		return rapid.Custom(func(t *rapid.T) vectors.Request {
			return vectors.Request{Op: op, In: g.Draw(t, "in")}
		})
	}
	switch op {
	case vectors.OpEncodeURI, vectors.OpEncodeURIComponent, vectors.OpEscape:
		return text(Text())
	case vectors.OpDecodeURI, vectors.OpDecodeURIComponent:
		return text(Encoded())
	case vectors.OpUnescape:
		return text(Unescapable())
	case vectors.OpFormEncode, vectors.OpGoQueryEscape, vectors.OpGoPathEscape:
		return text(ValidText())
	case vectors.OpPercentDecode, vectors.OpPercentDecodeLenient, vectors.OpNormalize, vectors.OpEncodeNoDouble,
		vectors.OpFormDecode, vectors.OpGoQueryUnescape, vectors.OpGoPathUnescape:
		return text(ValidEncoded())
	case vectors.OpPercentEncode, vectors.OpUTF8DecodeReplace:
		return rapid.Custom(func(t *rapid.T) vectors.Request {
			return vectors.Request{Op: op, InHex: Octets().Draw(t, "in_hex")}
		})
	case vectors.OpPercentEncodeSet:
		return rapid.Custom(func(t *rapid.T) vectors.Request {
			set := SetName().Draw(t, "set")
			return vectors.Request{Op: op, InHex: Octets().Draw(t, "in_hex"), Args: map[string]string{"set": set}}
		})
	case vectors.OpQueryEncode, vectors.OpFormEncodeLegacy:
		return rapid.Custom(func(t *rapid.T) vectors.Request {
			label := rapid.SampledFrom(EncodingLabels).Draw(t, "encoding")
			return vectors.Request{Op: op, In: LegacyText().Draw(t, "in"), Args: map[string]string{"encoding": label}}
		})
	case vectors.OpQueryEncodeScheme:
		return rapid.Custom(func(t *rapid.T) vectors.Request {
			label := rapid.SampledFrom(EncodingLabels).Draw(t, "encoding")
			scheme := rapid.SampledFrom(Schemes).Draw(t, "scheme")
			return vectors.Request{Op: op, In: LegacyText().Draw(t, "in"), Args: map[string]string{"encoding": label, "scheme": scheme}}
		})
	case vectors.OpEquivalent:
		return rapid.Custom(func(t *rapid.T) vectors.Request {
			a, b := EquivalentPair(t)
			other := string(utf16.Decode(b))
			return vectors.Request{Op: op, In: a, Args: map[string]string{"other": other}}
		})
	case vectors.OpIRIToURI:
		return rapid.Custom(func(t *rapid.T) vectors.Request {
			return vectors.Request{Op: op, In: genIRI(t)}
		})
	case vectors.OpURIToIRI:
		return rapid.Custom(func(t *rapid.T) vectors.Request {
			u := ValidEncoded().Draw(t, "in")
			if rapid.Bool().Draw(t, "authority") {
				u = append(units("http://xn--bcher-kva.example/"), u...)
			}
			return vectors.Request{Op: op, In: u}
		})
	}
	return nil
}

const lowerHex = "0123456789abcdef"

// units returns the UTF-16 form of the valid UTF-8 string s; never nil.
func units(s string) []uint16 {
	u := utf16.Encode([]rune(s))
	if u == nil {
		u = []uint16{}
	}
	return u
}

// IsHexUnit reports whether c is an ASCII hex digit (RFC 3986 §2.1 HEXDIG,
// either case).
func IsHexUnit(c uint16) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// UnhexUnit returns the value of c, an ASCII hex digit (see IsHexUnit).
func UnhexUnit(c uint16) uint16 {
	switch {
	case c >= 'a':
		return c - 'a' + 10
	case c >= 'A':
		return c - 'A' + 10
	}
	return c - '0'
}
