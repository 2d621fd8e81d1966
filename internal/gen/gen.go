// Package gen is the one generator of op inputs that pctest's property
// laws, its differential oracle and the runner's fuzz command all draw
// from: text, percent-encoded text, octets, encode-set names and whole
// requests, built to reach the corners of the specs, and the tables of
// corners it draws from.
//
// A Generator takes every choice from a Source, a small interface that
// math/rand/v2's *rand.Rand satisfies and that Rapid makes of a *rapid.T,
// so that the same code makes the fuzz engine's requests (one seed and
// case number, one request; see Seeded) and rapid's values (which rapid
// shrinks by shrinking the choices; see Request, Text and the others).
// It is internal: conformance's laws and oracle and the fuzz engine use it.
package gen

import (
	"slices"
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

// HostLabels are host labels for IRIs: ASCII, U-labels, an A-label, and
// ones IDNA maps or rejects.
var HostLabels = []string{"example", "b\u00fccher", "\u65e5\u672c", "xn--bcher-kva", "EXAMPLE",
	"\u00df", "\u0131", "xn--", "a-", "\u2488", "\uff21", "%C3%BC"}

const lowerHex = "0123456789abcdef"
