package main

import (
	"slices"
	"unicode/utf16"
	"unicode/utf8"
)

// Checks a cause may ask for beyond its regular expressions, computed on
// the divergence (Cause.Check).
var checks = map[string]func(r *Result) bool{
	// got-is-lenient-text-decode: the answer is the input percent-decoded
	// the lenient way and read back as UTF-8 with replacement, what a
	// decoder that "does not throw" documents.
	"got-is-lenient-text-decode": func(r *Result) bool {
		return r.Got.Out != nil && slices.Equal(r.Got.Out, lenientTextDecode(r.Req.In, false))
	},
	"got-is-not-lenient-text-decode": func(r *Result) bool {
		return r.Got.Out != nil && !slices.Equal(r.Got.Out, lenientTextDecode(r.Req.In, false))
	},
	// same-but-replacement-runs: the answer and the expected text differ
	// only in how many U+FFFD stand for a run of ill-formed octets.
	"same-but-replacement-runs": func(r *Result) bool {
		return r.Got.Out != nil && r.Want.Out != nil && !slices.Equal(r.Got.Out, r.Want.Out) &&
			slices.Equal(collapseFFFD(r.Got.Out), collapseFFFD(r.Want.Out))
	},
	// got-is-input-plus-as-space: the answer is the input with '+' turned
	// into space and nothing decoded.
	"got-is-input-plus-as-space": func(r *Result) bool {
		if r.Got.Out == nil || len(r.Got.Out) != len(r.Req.In) {
			return false
		}
		for i, c := range r.Req.In {
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
// model, used only to tell two causes of a divergence apart.
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
	return utf16.Encode(utf8DecodeReplace(octets))
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

// utf8DecodeReplace decodes b as WHATWG Encoding §8.1.1 says: each maximal
// subpart of an ill-formed sequence becomes one U+FFFD. (Go's own decoding
// replaces each octet of a truncated sequence instead.)
func utf8DecodeReplace(b []byte) []rune {
	var out []rune
	var cp rune
	need, seen := 0, 0
	lower, upper := byte(0x80), byte(0xBF)
	for i := 0; i < len(b); i++ {
		c := b[i]
		if need == 0 {
			switch {
			case c <= 0x7F:
				out = append(out, rune(c))
			case 0xC2 <= c && c <= 0xDF:
				need, cp = 1, rune(c&0x1F)
			case 0xE0 <= c && c <= 0xEF:
				if c == 0xE0 {
					lower = 0xA0
				} else if c == 0xED {
					upper = 0x9F
				}
				need, cp = 2, rune(c&0xF)
			case 0xF0 <= c && c <= 0xF4:
				if c == 0xF0 {
					lower = 0x90
				} else if c == 0xF4 {
					upper = 0x8F
				}
				need, cp = 3, rune(c&0x7)
			default:
				out = append(out, utf8.RuneError)
			}
			continue
		}
		if c < lower || c > upper {
			cp, need, seen, lower, upper = 0, 0, 0, 0x80, 0xBF
			out = append(out, utf8.RuneError)
			i-- // the octet starts over
			continue
		}
		lower, upper = 0x80, 0xBF
		cp = cp<<6 | rune(c&0x3F)
		if seen++; seen == need {
			out = append(out, cp)
			cp, need, seen = 0, 0, 0
		}
	}
	if need > 0 {
		out = append(out, utf8.RuneError)
	}
	return out
}
