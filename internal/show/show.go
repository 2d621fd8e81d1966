// Package show writes the inputs and answers of the vector format for
// people. It is the one renderer of pctest's reports: conformance's
// failure messages, the laws' and the oracle's counterexamples, the text,
// HTML and matrix reports of cmd/pctest, and the survey all use it, so
// that a value looks the same wherever it is shown.
//
// Text (UTF-16 code units) is written both ways: as a double-quoted string
// in which every unprintable code point and every lone surrogate is an
// escape, and as its code units in hex, as "a\uD800" [0061 D800]. Octets
// are written as a Go-like literal and in hex, as "a\xff" hex [61 ff].
package show

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/pctest/pctest/vectors"
)

const lowerHex = "0123456789abcdef"

// MaxUnits is how many code units or octets Text and Octets list in hex.
const MaxUnits = 96

func isHigh(c uint16) bool { return c >= 0xD800 && c <= 0xDBFF }
func isLow(c uint16) bool  { return c >= 0xDC00 && c <= 0xDFFF }

// HasLoneSurrogate reports whether u holds a surrogate code unit that is
// not part of a high-low pair, that is, whether u is not well-formed
// UTF-16 (Unicode §3.8, D71 and D72).
func HasLoneSurrogate(u []uint16) bool {
	for i := 0; i < len(u); i++ {
		switch c := u[i]; {
		case isHigh(c) && i+1 < len(u) && isLow(u[i+1]):
			i++
		case isHigh(c), isLow(c):
			return true
		}
	}
	return false
}

// LoneToFFFD returns a copy of u with every lone surrogate replaced by
// U+FFFD, as a lossy UTF-16 decoder does.
func LoneToFFFD(u []uint16) []uint16 {
	out := slices.Clone(u)
	for i := 0; i < len(out); i++ {
		switch c := out[i]; {
		case isHigh(c) && i+1 < len(out) && isLow(out[i+1]):
			i++
		case isHigh(c), isLow(c):
			out[i] = 0xFFFD
		}
	}
	return out
}

// Quote writes UTF-16 text as a double-quoted string: printable characters
// as they are, '"' and '\' escaped, \n \t \r as such, and controls, format
// characters, combining marks, non-ASCII spaces, U+FFFD, lone surrogates
// and other unprintable code points as JavaScript escapes (\uXXXX,
// \u{XXXXX}), so that every code unit is visible.
func Quote(u []uint16) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(u); i++ {
		c := u[i]
		r := rune(c)
		if isHigh(c) && i+1 < len(u) && isLow(u[i+1]) {
			r = utf16.DecodeRune(r, rune(u[i+1]))
			i++
		} else if isHigh(c) || isLow(c) {
			fmt.Fprintf(&b, `\u%04X`, c)
			continue
		}
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\r':
			b.WriteString(`\r`)
		case r < utf8.RuneSelf && unicode.IsPrint(r),
			r >= utf8.RuneSelf && unicode.IsGraphic(r) && !unicode.In(r, unicode.Mn, unicode.Zs) && r != utf8.RuneError:
			b.WriteRune(r)
		case r > 0xFFFF:
			fmt.Fprintf(&b, `\u{%X}`, r)
		default:
			fmt.Fprintf(&b, `\u%04X`, r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// QuoteOctets writes octets as a double-quoted Go-like literal: printable
// ASCII as it is, '"' and '\' escaped, and every other octet as \xHH.
func QuoteOctets(p []byte) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, c := range p {
		switch {
		case c == '"' || c == '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c >= 0x20 && c < 0x7F:
			b.WriteByte(c)
		default:
			b.WriteString(`\x`)
			b.WriteByte(lowerHex[c>>4])
			b.WriteByte(lowerHex[c&15])
		}
	}
	b.WriteByte('"')
	return b.String()
}

// hexList lists n units in brackets, each written by unit, cut after
// MaxUnits.
func hexList(n int, unit func(b *strings.Builder, i int)) string {
	var b strings.Builder
	b.WriteByte('[')
	for i := range n {
		if i == MaxUnits {
			fmt.Fprintf(&b, " … %d more", n-i)
			break
		}
		if i > 0 {
			b.WriteByte(' ')
		}
		unit(&b, i)
	}
	b.WriteByte(']')
	return b.String()
}

// Text writes UTF-16 text both ways: Quote, then its code units as four
// hex digits each, as "\"a\\uD800\" [0061 D800]".
func Text(u []uint16) string {
	return Quote(u) + " " + hexList(len(u), func(b *strings.Builder, i int) { fmt.Fprintf(b, "%04X", u[i]) })
}

// Octets writes octets both ways: QuoteOctets, then "hex" and the octets
// as two hex digits each, as "\"a\\xff\" hex [61 ff]".
func Octets(p []byte) string {
	return QuoteOctets(p) + " hex " + hexList(len(p), func(b *strings.Builder, i int) {
		b.WriteByte(lowerHex[p[i]>>4])
		b.WriteByte(lowerHex[p[i]&15])
	})
}

// takesOctets reports whether req's input is octets: by its op, or, for
// an op the format does not know, by which input it has.
func takesOctets(req vectors.Request) bool {
	if o, ok := req.Op.Info(); ok {
		return o.In == vectors.Octets
	}
	return req.InHex != nil
}

// Input writes req's input, by its op's input kind, with Text or Octets,
// then each arg as key="value" in name order.
func Input(req vectors.Request) string {
	if takesOctets(req) {
		return Octets(req.InHex) + args(req)
	}
	return Text(req.In) + args(req)
}

// args writes req's args as " key=\"value\"" in name order.
func args(req vectors.Request) string {
	var s string
	for _, k := range slices.Sorted(maps.Keys(req.Args)) {
		s += " " + k + "=" + strconv.Quote(req.Args[k])
	}
	return s
}

// InputField writes req's input as Input does, after "in=" or "in_hex=",
// the names the vector format gives the two kinds of input.
func InputField(req vectors.Request) string {
	if takesOctets(req) {
		return "in_hex=" + Input(req)
	}
	return "in=" + Input(req)
}

// Answer writes r, an answer to op, in one line: "unsupported", the error
// kind and its message ("error URIError (\"msg\")"), or the output by the
// op's output kind (Text or Octets), with any output of the other kind
// after it. An answer with no output at all is "(empty response)" when
// the op is not known.
func Answer(op vectors.Op, r vectors.Response) string {
	switch {
	case r.Unsupported:
		return "unsupported"
	case r.Error != "":
		if r.Message != "" {
			return "error " + r.Error + " (" + strconv.Quote(r.Message) + ")"
		}
		return "error " + r.Error
	}
	kind := vectors.Kind(0)
	if o, ok := op.Info(); ok {
		kind = o.Out
	}
	switch {
	case kind == 0 && r.Out == nil && r.OutHex == nil:
		return "(empty response)"
	case kind == vectors.Octets || kind == 0 && r.OutHex != nil:
		s := Octets(r.OutHex)
		if len(r.Out) > 0 {
			s += " and text " + Text(r.Out)
		}
		return s
	default:
		s := Text(r.Out)
		if len(r.OutHex) > 0 {
			s += " and octets " + Octets(r.OutHex)
		}
		return s
	}
}

// Result writes r as Answer does, or, when err stood in for an answer (a
// crash, a timeout, a protocol error), err in parentheses.
func Result(op vectors.Op, r vectors.Response, err error) string {
	if err != nil {
		return "(" + err.Error() + ")"
	}
	return Answer(op, r)
}

// Brief writes req's input in one short line: Quote or QuoteOctets, without
// the units in hex, then the args as Input writes them.
func Brief(req vectors.Request) string {
	if takesOctets(req) {
		return QuoteOctets(req.InHex) + args(req)
	}
	return Quote(req.In) + args(req)
}

// BriefAnswer writes r as Answer does, without the units in hex.
func BriefAnswer(op vectors.Op, r vectors.Response) string {
	if r.Unsupported || r.Error != "" {
		return Answer(op, r)
	}
	kind := vectors.Kind(0)
	if o, ok := op.Info(); ok {
		kind = o.Out
	}
	if kind == vectors.Octets || kind == 0 && r.OutHex != nil {
		return QuoteOctets(r.OutHex)
	}
	return Quote(r.Out)
}

// Level writes a vector's level (vectors.Levels) as the reports mark a
// line with it, in capitals as RFC 2119 writes its key words: "MUST",
// "SHOULD", "IMPLEMENTATION-DEFINED"; "" for no level (a fuzz finding).
func Level(level string) string { return strings.ToUpper(level) }

// LevelRank orders levels for the reports, strongest first: must 0, should
// 1, implementation-defined 2, and anything else (no level) after them.
func LevelRank(level string) int {
	if i := slices.Index(vectors.Levels(), level); i >= 0 {
		return i
	}
	return len(vectors.Levels())
}

// Clip cuts s to n runes, marking the cut with "…".
func Clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

// Count writes n and the noun for it: "1 finding", "3 findings" (one for
// n == 1, else many).
func Count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}
