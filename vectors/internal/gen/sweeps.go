package main

import (
	"github.com/pctest/pctest/internal/spec"

	"fmt"
	"strings"
	"unicode/utf16"

	"github.com/pctest/pctest/vectors"
)

// This file lists the systematic vectors of each area. Expected values come
// from model; the sweeps only choose inputs and ids.

var sweeps = map[string]func(*builder){
	"ecmascript": ecmascriptSweeps,
	"rfc3986":    rfc3986Sweeps,
	"whatwg":     whatwgSweeps,
	"form":       formSweeps,
	"neturl":     neturlSweeps,
	"iri":        iriSweeps,
	"annexb":     annexbSweeps,
	"encoding":   encodingSweeps,
}

// textReq and hexReq build requests.
func textReq(op vectors.Op, in []uint16) vectors.Request { return vectors.Request{Op: op, In: in} }
func hexReq(op vectors.Op, in []byte) vectors.Request    { return vectors.Request{Op: op, InHex: in} }

// u builds UTF-16 text from strings (as UTF-8) and single code units
// (int), so that lone surrogates can be written.
func u(parts ...any) []uint16 {
	out := []uint16{}
	for _, p := range parts {
		switch p := p.(type) {
		case string:
			out = append(out, spec.Units(p)...)
		case int:
			out = append(out, uint16(p))
		case rune:
			out = utf16.AppendRune(out, p)
		case []uint16:
			out = append(out, p...)
		default:
			panic(fmt.Sprintf("u: %T", p))
		}
	}
	return out
}

// escapes writes every octet of b as %XY, uppercase or lowercase hex.
func escapes(b []byte, lower bool) string {
	digits := spec.UpperHex
	if lower {
		digits = "0123456789abcdef"
	}
	var s strings.Builder
	for _, c := range b {
		s.WriteByte('%')
		s.WriteByte(digits[c>>4])
		s.WriteByte(digits[c&15])
	}
	return s.String()
}

func hasHexLetter(b []byte) bool {
	for _, c := range b {
		if c>>4 >= 10 || c&15 >= 10 {
			return true
		}
	}
	return false
}

// pctForm is one way of writing an escape sequence.
type pctForm struct {
	slug, text string
}

// pctForms returns %XX for the octets b in uppercase and, when a digit is a
// letter, in lowercase too; slugs are "<name>" or "<name>-upper" and
// "<name>-lower".
func pctForms(name string, b []byte) []pctForm {
	if !hasHexLetter(b) {
		return []pctForm{{name, escapes(b, false)}}
	}
	return []pctForm{{name + "-upper", escapes(b, false)}, {name + "-lower", escapes(b, true)}}
}

// everyEscape calls f with every %XX from %00 to %FF, in both cases.
func everyEscape(f func(slug, text string)) {
	for c := 0; c < 256; c++ {
		for _, p := range pctForms(fmt.Sprintf("pct-%02x", c), []byte{byte(c)}) {
			f(p.slug, p.text)
		}
	}
}

// boundaries are the code points at the UTF-8 length boundaries, and a few
// more of interest.
var boundaries = []rune{0x7F, 0x80, 0x7FF, 0x800, 0xD7FF, 0xE000, 0xFFFD, 0xFFFF, 0x10000, 0x10FFFF}

func boundarySlug(r rune) string { return fmt.Sprintf("utf8-u%04x", r) }

// malformedEscapes lists every way a '%' can fail to start a valid escape,
// at the start, in the middle and at the end of the input.
var malformedEscapes = []struct {
	slug string
	in   []uint16
}{
	{"pct-alone", u("%")},
	{"pct-at-end", u("abc%")},
	{"pct-one-hex-at-end", u("%4")},
	{"pct-one-hex-at-end-after-text", u("ab%4")},
	{"pct-one-nonhex-at-end", u("%G")},
	{"pct-first-nonhex", u("%G1")},
	{"pct-second-nonhex", u("%1G")},
	{"pct-both-nonhex", u("%zz")},
	{"pct-nonhex-in-middle", u("a%GGb")},
	{"pct-pct", u("%%")},
	{"pct-pct-escape", u("%%41")},
	{"pct-space", u("% 41")},
	{"pct-plus", u("%+1")},
	{"pct-minus", u("%-1")},
	{"pct-0x", u("%0x")},
	{"pct-non-ascii", u("%é")},
	{"pct-fullwidth-digits", u("%\uff11\uff11")},
	{"pct-arabic-indic-digits", u("%\u0661\u0662")},
	{"pct-truncated-before-escape", u("%4%41")},
	{"pct-after-escape-at-end", u("%41%")},
	{"pct-hex-then-nonhex-at-end", u("a%4G")},
}

// badUTF8 lists every kind of invalid UTF-8.
var badUTF8 = []struct {
	slug string
	b    []byte
}{
	{"truncated-2-of-2", []byte{0xC3}},
	{"truncated-2-of-3", []byte{0xE3, 0x81}},
	{"truncated-1-of-3", []byte{0xE3}},
	{"truncated-3-of-4", []byte{0xF0, 0x9F, 0x98}},
	{"truncated-2-of-4", []byte{0xF0, 0x9F}},
	{"truncated-1-of-4", []byte{0xF0}},
	{"truncated-then-ascii", []byte{0xE3, 0x81, 0x41}},
	{"overlong-c0-80", []byte{0xC0, 0x80}},
	{"overlong-c1-bf", []byte{0xC1, 0xBF}},
	{"overlong-slash-c0-af", []byte{0xC0, 0xAF}},
	{"overlong-e0-80-80", []byte{0xE0, 0x80, 0x80}},
	{"overlong-e0-9f-bf", []byte{0xE0, 0x9F, 0xBF}},
	{"overlong-slash-e0-80-af", []byte{0xE0, 0x80, 0xAF}},
	{"overlong-f0-80-80-80", []byte{0xF0, 0x80, 0x80, 0x80}},
	{"overlong-f0-8f-bf-bf", []byte{0xF0, 0x8F, 0xBF, 0xBF}},
	{"surrogate-d800", []byte{0xED, 0xA0, 0x80}},
	{"surrogate-dbff", []byte{0xED, 0xAF, 0xBF}},
	{"surrogate-dc00", []byte{0xED, 0xB0, 0x80}},
	{"surrogate-dfff", []byte{0xED, 0xBF, 0xBF}},
	{"surrogate-pair-cesu8", []byte{0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80}},
	{"above-10ffff-f4-90", []byte{0xF4, 0x90, 0x80, 0x80}},
	{"above-10ffff-f5", []byte{0xF5, 0x80, 0x80, 0x80}},
	{"above-10ffff-f7", []byte{0xF7, 0xBF, 0xBF, 0xBF}},
	{"bad-continuation-ascii", []byte{0xC3, 0x41}},
	{"bad-continuation-lead", []byte{0xC3, 0xC3, 0xA9}},
	{"bad-continuation-second-of-3", []byte{0xE3, 0x41, 0x81}},
	{"bad-continuation-third-of-3", []byte{0xE3, 0x81, 0x41}},
	{"bad-continuation-fourth-of-4", []byte{0xF0, 0x9F, 0x98, 0x41}},
	{"bad-continuation-c0", []byte{0xC3, 0xC0}},
	{"lone-continuation-80", []byte{0x80}},
	{"lone-continuation-bf", []byte{0xBF}},
	{"lone-continuations", []byte{0x80, 0x80}},
	{"continuation-after-complete", []byte{0xC3, 0xA9, 0xA9}},
	{"5-byte-lead-f8", []byte{0xF8, 0x88, 0x80, 0x80, 0x80}},
	{"5-byte-lead-fb", []byte{0xFB, 0xBF, 0xBF, 0xBF, 0xBF}},
	{"6-byte-lead-fc", []byte{0xFC, 0x84, 0x80, 0x80, 0x80, 0x80}},
	{"6-byte-lead-fd", []byte{0xFD, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF}},
	{"fe", []byte{0xFE}},
	{"ff", []byte{0xFF}},
	{"fe-ff", []byte{0xFE, 0xFF}},
	{"ff-fe", []byte{0xFF, 0xFE}},
}

// ecmaThrows lists, for every step of Encode and Decode that throws, inputs
// that reach it: each step has at least three, one where the fault is at
// the very start and one where it is at the very end of the string.
var ecmaThrows = []struct {
	decode bool
	step   string
	slug   string
	in     []uint16
}{
	{false, "4.d.i", "low-alone", u(0xDC00)},
	{false, "4.d.i", "low-dfff-alone", u(0xDFFF)},
	{false, "4.d.i", "low-at-start", u(0xDC00, "ab")},
	{false, "4.d.i", "low-at-end", u("ab", 0xDC00)},
	{false, "4.d.i", "low-after-pair", u(0xD83D, 0xDE00, 0xDE00)},
	{false, "4.d.i", "low-then-high", u(0xDC00, 0xD800)},
	{false, "4.d.iii.2", "high-alone", u(0xD800)},
	{false, "4.d.iii.2", "high-dbff-alone", u(0xDBFF)},
	{false, "4.d.iii.2", "high-at-end", u("ab", 0xD83D)},
	{false, "4.d.iii.2", "high-after-pair", u(0xD83D, 0xDE00, 0xD83D)},
	{false, "4.d.iii.4", "high-then-ascii-at-start", u(0xD800, "a")},
	{false, "4.d.iii.4", "high-then-high", u(0xD800, 0xD800)},
	{false, "4.d.iii.4", "high-then-high-low", u(0xD800, 0xD800, 0xDC00)},
	{false, "4.d.iii.4", "high-then-e000", u("a", 0xDBFF, 0xE000)},
	{false, "4.d.iii.4", "high-then-d7ff", u(0xD800, 0xD7FF)},
	{false, "4.d.iii.4", "high-then-ascii-at-end", u("ab", 0xD800, "c")},

	{true, "4.d.ii", "pct-alone", u("%")},
	{true, "4.d.ii", "pct-pct", u("%%")},
	{true, "4.d.ii", "pct-one-hex", u("%4")},
	{true, "4.d.ii", "pct-at-end", u("abc%")},
	{true, "4.d.ii", "pct-one-hex-at-end", u("ab%4")},
	{true, "4.d.ii", "pct-after-escape", u("%41%")},
	{true, "4.d.iii", "first-nonhex-at-start", u("%G1")},
	{true, "4.d.iii", "second-nonhex", u("%1G")},
	{true, "4.d.iii", "both-nonhex-at-end", u("a%zz")},
	{true, "4.d.iii", "pct-pct-hex", u("%%41")},
	{true, "4.d.iii", "space", u("% 41")},
	{true, "4.d.iii", "plus-sign", u("%+1")},
	{true, "4.d.iii", "fullwidth-digits", u("%\uff11\uff11")},
	{true, "4.d.iii", "arabic-indic-digits", u("%\u0661\u0662")},
	{true, "4.d.iii", "lone-surrogate", u("%4", 0xD800)},
	{true, "4.d.iii", "surrogate-pair", u("%", 0xD83D, 0xDE00)},
	{true, "4.d.iii", "second-escape", u("%41%G0")},
	{true, "4.d.iii", "truncated-before-escape", u("%4%41")},
	{true, "4.d.vii.2", "lone-80", u("%80")},
	{true, "4.d.vii.2", "lone-bf-lower", u("%bf")},
	{true, "4.d.vii.2", "continuation-at-start", u("%80abc")},
	{true, "4.d.vii.2", "continuation-at-end", u("abc%8F")},
	{true, "4.d.vii.2", "continuation-after-complete", u("%C3%A9%A9")},
	{true, "4.d.vii.2", "5-byte-lead-f8", u("%F8%88%80%80%80")},
	{true, "4.d.vii.2", "5-byte-lead-fb", u("%FB%BF%BF%BF%BF")},
	{true, "4.d.vii.2", "6-byte-lead-fc", u("%FC%84%80%80%80%80")},
	{true, "4.d.vii.2", "6-byte-lead-fd", u("%fd%bf%bf%bf%bf%bf")},
	{true, "4.d.vii.2", "fe", u("%FE")},
	{true, "4.d.vii.2", "ff-at-end", u("a%FF")},
	{true, "4.d.vii.2", "fe-ff", u("%FE%FF")},
	{true, "4.d.vii.5", "truncated-2-of-2", u("%C3")},
	{true, "4.d.vii.5", "truncated-2-of-3", u("%E3%81")},
	{true, "4.d.vii.5", "truncated-3-of-4", u("%F0%9F%98")},
	{true, "4.d.vii.5", "truncated-at-end", u("abc%C3")},
	{true, "4.d.vii.5", "truncated-at-start", u("%E3%81ab")},
	{true, "4.d.vii.5", "one-hex-short", u("%C3%A")},
	{true, "4.d.vii.5", "pct-short", u("%C3%")},
	{true, "4.d.vii.5", "two-chars-short", u("%C3ab")},
	{true, "4.d.vii.5", "f5-short", u("%F5%80%80")},
	{true, "4.d.vii.7.b", "ascii-at-start", u("%C3abc")},
	{true, "4.d.vii.7.b", "ascii-at-end", u("xyz%C3abc")},
	{true, "4.d.vii.7.b", "third-of-3", u("%E3%81abc")},
	{true, "4.d.vii.7.b", "lone-surrogate", u("%C3", 0xDC00, "ab")},
	{true, "4.d.vii.7.b", "plus-sign", u("%C3+A9")},
	{true, "4.d.vii.7.c", "first-nonhex-at-start", u("%C3%G9")},
	{true, "4.d.vii.7.c", "second-nonhex", u("%C3%9G")},
	{true, "4.d.vii.7.c", "third-of-3-at-end", u("a%E3%81%ZZ")},
	{true, "4.d.vii.7.c", "pct-pct", u("%C3%%41")},
	{true, "4.d.vii.7.e", "ascii-escape-at-start", u("%C3%41")},
	{true, "4.d.vii.7.e", "lead-escape", u("%C3%C3")},
	{true, "4.d.vii.7.e", "second-of-3", u("%E3%41%81")},
	{true, "4.d.vii.7.e", "third-of-3", u("%E3%81%41")},
	{true, "4.d.vii.7.e", "fourth-of-4-at-end", u("abc%F0%9F%98%41")},
	{true, "4.d.vii.7.e", "nul", u("%C3%00")},
	{true, "4.d.vii.7.e", "ff-lower", u("%c3%ff")},
	{true, "4.d.vii.8", "overlong-c0-80-at-start", u("%C0%80abc")},
	{true, "4.d.vii.8", "overlong-c1-bf", u("%C1%BF")},
	{true, "4.d.vii.8", "overlong-slash", u("%C0%AF")},
	{true, "4.d.vii.8", "overlong-e0-80-80", u("%E0%80%80")},
	{true, "4.d.vii.8", "overlong-e0-9f-bf", u("%E0%9F%BF")},
	{true, "4.d.vii.8", "overlong-f0-80-80-80", u("%F0%80%80%80")},
	{true, "4.d.vii.8", "overlong-f0-8f-bf-bf-at-end", u("abc%F0%8F%BF%BF")},
	{true, "4.d.vii.8", "surrogate-d800", u("%ED%A0%80")},
	{true, "4.d.vii.8", "surrogate-dfff-lower", u("%ed%bf%bf")},
	{true, "4.d.vii.8", "surrogate-pair-cesu8", u("%ED%A0%BD%ED%B8%80")},
	{true, "4.d.vii.8", "above-10ffff-f4-90", u("%F4%90%80%80")},
	{true, "4.d.vii.8", "above-10ffff-f5", u("%F5%80%80%80")},
	{true, "4.d.vii.8", "above-10ffff-f7-at-end", u("x%F7%BF%BF%BF")},
}

// ecmaLoneSurrogates are decode inputs with literal lone surrogates, which
// Decode copies as they are (step 4.c), with and without escapes that get
// decoded.
var ecmaLoneSurrogates = []struct {
	slug string
	in   []uint16
}{
	{"lone-high", u(0xD800)},
	{"lone-low", u(0xDFFF)},
	{"lone-high-in-text", u("a", 0xDBFF, "b")},
	{"lone-low-then-high", u(0xDC00, 0xD800)},
	{"lone-high-then-escape", u(0xD800, "%41")},
	{"escape-then-lone-low", u("%41", 0xDC00)},
	{"lone-high-then-escaped-pair", u(0xD83D, "%F0%9F%98%80")},
	{"escaped-pair-then-lone-low", u("%F0%9F%98%80", 0xDE00)},
	{"lone-high-then-escaped-3-octets", u(0xD800, "%E2%82%AC")},
	{"lone-high-then-reserved-escape", u(0xD800, "%2F%23")},
	{"literal-pair-then-escape", u(0xD83D, 0xDE00, "%20")},
}

func ecmascriptSweeps(b *builder) {
	for _, op := range []vectors.Op{vectors.OpEncodeURI, vectors.OpEncodeURIComponent} {
		for c := 0; c < 0x80; c++ {
			b.add(fmt.Sprintf("ascii-%02x", c), textReq(op, u(c)), "")
		}
		for _, r := range boundaries {
			b.add(boundarySlug(r), textReq(op, u(r)), "")
		}
		b.add("high-low-max", textReq(op, u(0xDBFF, 0xDFFF)), "U+10FFFF as a surrogate pair")
		b.add("high-low-min", textReq(op, u(0xD800, 0xDC00)), "U+10000 as a surrogate pair")
	}
	for _, op := range []vectors.Op{vectors.OpDecodeURI, vectors.OpDecodeURIComponent} {
		everyEscape(func(slug, t string) { b.add(slug, textReq(op, u(t)), "") })
		for _, r := range boundaries {
			for _, p := range pctForms(boundarySlug(r), spec.UTF8Transform(r)) {
				b.add(p.slug, textReq(op, u(p.text)), "")
			}
		}
	}
	for _, op := range []vectors.Op{vectors.OpEncodeURI, vectors.OpEncodeURIComponent, vectors.OpDecodeURI, vectors.OpDecodeURIComponent} {
		dec := ecmaOps[string(op)].decode
		for _, t := range ecmaThrows {
			if t.decode != dec {
				continue
			}
			resp := b.add("throws-"+t.step+"."+t.slug, textReq(op, t.in), "")
			if resp.Error != vectors.ErrURIError {
				b.errorf("%s %s: want a throw at step %s", op, t.slug, t.step)
			} else if m := model(textReq(op, t.in)); !strings.HasSuffix(m.ref, " step "+t.step) {
				b.errorf("%s %s: throws at %s, listed under step %s", op, t.slug, m.ref, t.step)
			}
		}
	}
	for _, op := range []vectors.Op{vectors.OpDecodeURI, vectors.OpDecodeURIComponent} {
		for _, t := range ecmaLoneSurrogates {
			b.add(t.slug, textReq(op, t.in), "")
		}
		for _, t := range badUTF8 {
			for _, p := range pctForms("invalid-utf8-"+t.slug, t.b) {
				b.add(p.slug, textReq(op, u(p.text)), "")
			}
		}
	}
}

func rfc3986Sweeps(b *builder) {
	for c := 0; c < 256; c++ {
		b.add(fmt.Sprintf("octet-%02x", c), hexReq(vectors.OpPercentEncode, []byte{byte(c)}), "")
	}
	b.add("empty", hexReq(vectors.OpPercentEncode, []byte{}), "")
	for _, r := range boundaries {
		b.add(boundarySlug(r), hexReq(vectors.OpPercentEncode, spec.UTF8Transform(r)), "")
	}
	for _, name := range spec.SetNames() {
		args := map[string]string{"set": name}
		for c := 0; c < 128; c++ {
			b.add(fmt.Sprintf("%s.octet-%02x", name, c), vectors.Request{Op: vectors.OpPercentEncodeSet, InHex: []byte{byte(c)}, Args: args}, "")
		}
		var high []byte
		for c := 0x80; c < 256; c++ {
			high = append(high, byte(c))
		}
		b.add(name+".octets-80-ff", vectors.Request{Op: vectors.OpPercentEncodeSet, InHex: high, Args: args}, "")
		b.add(name+".empty", vectors.Request{Op: vectors.OpPercentEncodeSet, InHex: []byte{}, Args: args}, "")
	}

	for _, op := range []vectors.Op{vectors.OpPercentDecode, vectors.OpNormalize} {
		everyEscape(func(slug, t string) { b.add(slug, textReq(op, u(t)), "") })
		for _, m := range malformedEscapes {
			b.add("malformed-"+m.slug, textReq(op, m.in), "")
		}
		for _, r := range boundaries {
			for _, p := range pctForms(boundarySlug(r), spec.UTF8Transform(r)) {
				b.add(p.slug, textReq(op, u(p.text)), "")
			}
			b.add(boundarySlug(r)+"-literal", textReq(op, u(r)), "")
		}
	}
	for _, t := range badUTF8 {
		b.add("invalid-utf8-"+t.slug, textReq(vectors.OpPercentDecode, u(escapes(t.b, false))),
			"percentDecode returns octets and does not check UTF-8")
	}

	for c := 0; c < 128; c++ {
		up := escapes([]byte{byte(c)}, false)
		if lo := escapes([]byte{byte(c)}, true); lo != up {
			b.add(fmt.Sprintf("hex-case-%02x", c),
				vectors.Request{Op: vectors.OpEquivalent, In: u(up), Args: map[string]string{"other": lo}}, "")
		}
		if c > 0x20 && c < 0x7f {
			b.add(fmt.Sprintf("escape-vs-char-%02x", c),
				vectors.Request{Op: vectors.OpEquivalent, In: u(up), Args: map[string]string{"other": string(rune(c))}}, "")
		}
	}

	for c := 0; c < 128; c++ {
		b.add(fmt.Sprintf("ascii-%02x", c), textReq(vectors.OpEncodeNoDouble, u(c)), "")
	}
	for _, m := range malformedEscapes {
		b.add("malformed-"+m.slug, textReq(vectors.OpEncodeNoDouble, m.in), "")
	}
	for _, r := range boundaries {
		b.add(boundarySlug(r), textReq(vectors.OpEncodeNoDouble, u(r)), "")
	}
}

func whatwgSweeps(b *builder) {
	everyEscape(func(slug, t string) { b.add(slug, textReq(vectors.OpPercentDecodeLenient, u(t)), "") })
	for _, m := range malformedEscapes {
		b.add("malformed-"+m.slug, textReq(vectors.OpPercentDecodeLenient, m.in), "")
	}
	for _, t := range badUTF8 {
		b.add("invalid-utf8-"+t.slug, textReq(vectors.OpPercentDecodeLenient, u(escapes(t.b, false))), "")
	}
	for _, r := range boundaries {
		for _, p := range pctForms(boundarySlug(r), spec.UTF8Transform(r)) {
			b.add(p.slug, textReq(vectors.OpPercentDecodeLenient, u(p.text)), "")
		}
	}

	const op = vectors.OpUTF8DecodeReplace
	for c := 0; c < 256; c++ {
		b.add(fmt.Sprintf("octet-%02x", c), hexReq(op, []byte{byte(c)}), "")
	}
	for _, r := range boundaries {
		if r >= 0xD800 && r <= 0xDFFF {
			continue
		}
		b.add(boundarySlug(r), hexReq(op, spec.UTF8Transform(r)), "")
	}
	for _, t := range badUTF8 {
		b.add("invalid-"+t.slug, hexReq(op, t.b), "")
	}
	// Every lead byte followed by the lowest and highest continuation byte,
	// and by ASCII, cut short and complete.
	for lead := 0xC0; lead < 0x100; lead++ {
		for _, tail := range [][]byte{{0x80}, {0xBF}, {0x80, 0x80}, {0xBF, 0xBF, 0xBF}, {0x41}} {
			in := append([]byte{byte(lead)}, tail...)
			b.add(fmt.Sprintf("lead-%02x-then-%x", lead, tail), hexReq(op, in), "")
		}
	}
	// The second byte of the leads with special boundaries (Encoding §8.1.1
	// step 3), around each boundary.
	for _, lead := range []byte{0xE0, 0xED, 0xF0, 0xF4} {
		for _, second := range []byte{0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0} {
			in := []byte{lead, second, 0x80, 0x80}
			if lead < 0xF0 {
				in = in[:3]
			}
			b.add(fmt.Sprintf("boundary-%02x-%02x", lead, second), hexReq(op, in), "")
		}
	}
}

func formSweeps(b *builder) {
	for c := 0; c < 128; c++ {
		b.add(fmt.Sprintf("ascii-%02x", c), textReq(vectors.OpFormEncode, u(c)), "")
	}
	for _, r := range boundaries {
		b.add(boundarySlug(r), textReq(vectors.OpFormEncode, u(r)), "")
	}
	everyEscape(func(slug, t string) { b.add(slug, textReq(vectors.OpFormDecode, u(t)), "") })
	for _, m := range malformedEscapes {
		b.add("malformed-"+m.slug, textReq(vectors.OpFormDecode, m.in), "")
	}
	for _, t := range badUTF8 {
		b.add("invalid-utf8-"+t.slug, textReq(vectors.OpFormDecode, u(escapes(t.b, false))), "")
	}
	for _, r := range boundaries {
		for _, p := range pctForms(boundarySlug(r), spec.UTF8Transform(r)) {
			b.add(p.slug, textReq(vectors.OpFormDecode, u(p.text)), "")
		}
	}
}

func neturlSweeps(b *builder) {
	for _, op := range []vectors.Op{vectors.OpGoQueryEscape, vectors.OpGoPathEscape} {
		for c := 0; c < 128; c++ {
			b.add(fmt.Sprintf("ascii-%02x", c), textReq(op, u(c)), "")
		}
		for _, r := range boundaries {
			b.add(boundarySlug(r), textReq(op, u(r)), "")
		}
	}
	for _, op := range []vectors.Op{vectors.OpGoQueryUnescape, vectors.OpGoPathUnescape} {
		everyEscape(func(slug, t string) { b.add(slug, textReq(op, u(t)), "") })
		for _, m := range malformedEscapes {
			b.add("malformed-"+m.slug, textReq(op, m.in), "")
		}
		for _, t := range badUTF8 {
			b.add("invalid-utf8-"+t.slug, textReq(op, u(escapes(t.b, false))), "net/url does not check UTF-8")
		}
		for _, r := range boundaries {
			for _, p := range pctForms(boundarySlug(r), spec.UTF8Transform(r)) {
				b.add(p.slug, textReq(op, u(p.text)), "")
			}
		}
	}
}

func iriSweeps(b *builder) {
	const base = "http://example.com/"
	everyEscape(func(slug, t string) {
		b.add("path-"+slug, textReq(vectors.OpURIToIRI, u(base+t)), "")
	})
	for _, r := range append(boundaries, 0xA0, 0x9F, 0xF8FF, 0xF900, 0xFDCF, 0xFDD0, 0xFDEF, 0xFDF0, 0xFFEF, 0xFFF0,
		0x1FFFD, 0x1FFFE, 0xE0FFF, 0xE1000, 0xEFFFD, 0xF0000, 0x10FFFD) {
		for _, p := range pctForms(boundarySlug(r), spec.UTF8Transform(r)) {
			b.add("path-"+p.slug, textReq(vectors.OpURIToIRI, u(base+p.text)), "")
			if spec.IPrivate(r) {
				b.add("query-"+p.slug, textReq(vectors.OpURIToIRI, u(base+"?"+p.text)), "")
			}
		}
	}
	for _, t := range badUTF8 {
		b.add("path-invalid-utf8-"+t.slug, textReq(vectors.OpURIToIRI, u(base+escapes(t.b, false))), "")
	}
	for c := 0; c < 0x80; c++ {
		note := ""
		if strings.IndexByte(spec.NotInURIPrintable, byte(c)) >= 0 {
			note = "RFC 3987 §3.1 lets step 2 convert the printable ASCII a URI does not allow; the op does"
		}
		b.add(fmt.Sprintf("path-ascii-%02x", c), textReq(vectors.OpIRIToURI, u(base, rune(c), "x")), note)
	}
	for _, r := range []rune{0xA0, 0x7FF, 0x800, 0xD7FF, 0xF900, 0xFDCF, 0xFDF0, 0xFFEF, 0x10000, 0x1FFFD, 0xE1000, 0xEFFFD} {
		b.add("path-"+boundarySlug(r), textReq(vectors.OpIRIToURI, u(base, r)), "")
	}
	for _, r := range []rune{0xE000, 0xF8FF, 0xF0000, 0x10FFFD} {
		b.add("query-"+boundarySlug(r), textReq(vectors.OpIRIToURI, u(base+"?", r)), "iprivate is allowed in the query")
	}
}

// annexbSweeps: every code unit below 0x100 and the boundaries of the
// three forms through escape; every %XY and %uXYZW form, and every way a
// '%' or "%u" sequence is malformed, through unescape.
func annexbSweeps(b *builder) {
	for c := 0; c < 0x100; c++ {
		b.add(fmt.Sprintf("u%04x", c), textReq(vectors.OpEscape, u(c)), "")
	}
	for _, c := range []int{0x100, 0x7FF, 0x800, 0xD7FF, 0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0xE000, 0xFEFF, 0xFFFD, 0xFFFF} {
		b.add(fmt.Sprintf("u%04x", c), textReq(vectors.OpEscape, u(c)), "")
	}
	b.add("pair-u1f600", textReq(vectors.OpEscape, u(0xD83D, 0xDE00)), "a pair is escaped one code unit at a time")
	b.add("reversed-pair", textReq(vectors.OpEscape, u(0xDE00, 0xD83D)), "")
	for c := 0; c < 0x100; c++ {
		for _, lower := range []bool{false, true} {
			t := escapes([]byte{byte(c)}, lower)
			if lower && !hasHexLetter([]byte{byte(c)}) {
				continue
			}
			b.add("pct-"+t[1:], textReq(vectors.OpUnescape, u(t)), "")
		}
	}
	for _, t := range []string{"0000", "0041", "00e9", "00E9", "0100", "4e2d", "D800", "dbff", "DC00", "dfff", "FFFD", "ffff", "FfFf"} {
		b.add("pct-u"+t, textReq(vectors.OpUnescape, u("%u"+t)), "")
	}
	for _, m := range []struct{ slug, in string }{
		{"lone-percent", "%"}, {"percent-one-digit", "%4"}, {"percent-bad-second", "%4G"}, {"percent-bad-first", "%G4"},
		{"percent-space", "% 4"}, {"percent-percent", "%%41"}, {"percent-u-alone", "%u"}, {"percent-u-one", "%u1"},
		{"percent-u-two", "%u12"}, {"percent-u-three", "%u123"}, {"percent-u-bad-last", "%u123G"}, {"percent-u-bad-first", "%uG123"},
		{"percent-u-then-pct", "%u%41"}, {"percent-capital-u", "%U0041"}, {"percent-u-plus", "%u+123"},
		{"percent-u-dash", "%u-123"}, {"percent-x", "%x41"}, {"trailing-percent", "a%"}, {"trailing-percent-digit", "a%4"},
		{"percent-u-short-at-end", "a%u004"}, {"percent-u-exact-end", "a%u0041"}, {"percent-u-uppercase-hex-lowercase-u", "%uABCD"},
		{"percent-fullwidth-digits", "%\uff11\uff12"}, {"percent-arabic-digits", "%\u0661\u0662"}, {"percent-u-fullwidth", "%u\uff10041"},
		{"double-encoded", "%2541"}, {"mixed", "a%41b%u0042c%zz%u00"},
	} {
		b.add(m.slug, textReq(vectors.OpUnescape, u(m.in)), "")
	}
	for _, t := range []struct {
		slug string
		in   []uint16
	}{
		{"lone-high-kept", u(0xD800, "%41")}, {"lone-low-kept", u("%41", 0xDC00)},
		{"pair-kept", u(0xD83D, 0xDE00)}, {"non-ascii-kept", u("é中%41")},
	} {
		b.add(t.slug, textReq(vectors.OpUnescape, t.in), "")
	}
}
