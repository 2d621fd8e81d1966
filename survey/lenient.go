package main

import (
	"slices"
	"unicode/utf16"

	"github.com/pctest/pctest/codec"
)

// Checks a cause may ask for beyond its regular expressions, computed on
// the divergence (Cause.Check).
var checks = map[string]func(r *Result) bool{
	// got-is-lenient-text-decode: the answer is the input percent-decoded
	// the lenient way and read back as UTF-8 with replacement, what a
	// decoder that "does not throw" documents.
	"got-is-lenient-text-decode": func(r *Result) bool {
		return r.Got.Out != nil && slices.Equal(r.Got.Out, lenientTextDecode(r.Vector.Request.In, false))
	},
	"got-is-not-lenient-text-decode": func(r *Result) bool {
		return r.Got.Out != nil && !slices.Equal(r.Got.Out, lenientTextDecode(r.Vector.Request.In, false))
	},
	// same-but-replacement-runs: the answer and the expected text differ
	// only in how many U+FFFD stand for a run of ill-formed octets.
	"same-but-replacement-runs": func(r *Result) bool {
		return r.Got.Out != nil && r.Vector.Expect.Out != nil && !slices.Equal(r.Got.Out, r.Vector.Expect.Out) &&
			slices.Equal(collapseFFFD(r.Got.Out), collapseFFFD(r.Vector.Expect.Out))
	},
	// same-octets: the answer differs from the expected text only in
	// which octets it percent-encodes: both percent-decode to the same
	// octets. An encoder with another encode set (or one that writes
	// every octet of an encoded character as %XX) shows it.
	"same-octets": func(r *Result) bool {
		if r.Got.Out == nil || r.Vector.Expect.Out == nil || slices.Equal(r.Got.Out, r.Vector.Expect.Out) {
			return false
		}
		got, want := string(utf16.Decode(r.Got.Out)), string(utf16.Decode(r.Vector.Expect.Out))
		return codec.PercentDecodeLenientString(got, codec.Set{}) == codec.PercentDecodeLenientString(want, codec.Set{})
	},
	// got-is-input-plus-as-space: the answer is the input with '+' turned
	// into space and nothing decoded.
	"got-is-input-plus-as-space": func(r *Result) bool {
		if r.Got.Out == nil || len(r.Got.Out) != len(r.Vector.Request.In) {
			return false
		}
		for i, c := range r.Vector.Request.In {
			if c == '+' {
				c = ' '
			}
			if r.Got.Out[i] != c {
				return false
			}
		}
		return true
	},
}

// collapseFFFD returns s with each run of U+FFFD cut to one.
func collapseFFFD(s []uint16) []uint16 {
	var out []uint16
	for i, c := range s {
		if c == 0xFFFD && i > 0 && s[i-1] == 0xFFFD {
			continue
		}
		out = append(out, c)
	}
	return out
}

// lenientTextDecode returns the text that the UTF-8 of in decodes to under
// WHATWG URL §1.3 percent-decode (a malformed '%' stays) and WHATWG
// Encoding §8.1.1 UTF-8 decode (U+FFFD per maximal subpart); with plus set
// '+' becomes space first, as in URL §5.1. A lone surrogate of in counts as
// U+FFFD, as a USVString conversion makes it. It is the survey's own small
// model, used only to tell two causes of a divergence apart; the UTF-8
// decode is the codec's (codec.AppendUTF8Replace).
func lenientTextDecode(in []uint16, plus bool) []uint16 {
	src := []byte(string(utf16.Decode(in)))
	var octets []byte
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case c == '+' && plus:
			octets = append(octets, ' ')
		case c == '%' && i+2 < len(src) && unhex(src[i+1]) >= 0 && unhex(src[i+2]) >= 0:
			octets = append(octets, byte(unhex(src[i+1])<<4|unhex(src[i+2])))
			i += 2
		default:
			octets = append(octets, c)
		}
	}
	return utf16.Encode([]rune(string(codec.AppendUTF8Replace(nil, octets))))
}

func unhex(c byte) int {
	switch {
	case '0' <= c && c <= '9':
		return int(c - '0')
	case 'a' <= c && c <= 'f':
		return int(c-'a') + 10
	case 'A' <= c && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}
