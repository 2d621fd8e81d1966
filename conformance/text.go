package conformance

import (
	"slices"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/pctest/pctest/internal/show"
)

// This file converts between the vector format's text (UTF-16 code units)
// and Go strings; package internal/show writes them for people.

// isHigh and isLow report whether c is a high (lead) or low (trail)
// surrogate code unit (Unicode §3.8, D71 and D72).
func isHigh(c uint16) bool { return c >= 0xD800 && c <= 0xDBFF }
func isLow(c uint16) bool  { return c >= 0xDC00 && c <= 0xDFFF }

// hasLoneSurrogate reports whether u is not well-formed UTF-16.
func hasLoneSurrogate(u []uint16) bool { return show.HasLoneSurrogate(u) }

// toUTF8 returns the UTF-8 form of u, and false if u holds a lone surrogate
// and so has none.
func toUTF8(u []uint16) (string, bool) {
	if hasLoneSurrogate(u) {
		return "", false
	}
	var b strings.Builder
	b.Grow(len(u))
	for i := 0; i < len(u); i++ {
		c := u[i]
		if isHigh(c) {
			b.WriteRune(utf16.DecodeRune(rune(c), rune(u[i+1])))
			i++
			continue
		}
		b.WriteRune(rune(c))
	}
	return b.String(), true
}

// toUTF16 returns the UTF-16 form of s, and false if s is not valid UTF-8.
// The result is not nil, also for an empty s.
func toUTF16(s string) ([]uint16, bool) {
	if !utf8.ValidString(s) {
		return nil, false
	}
	u := make([]uint16, 0, len(s))
	for _, r := range s {
		u = utf16.AppendRune(u, r)
	}
	return u, true
}

// asciiUnits returns the code units of s, which must be ASCII (or is taken
// byte by byte). The result is not nil.
func asciiUnits(s string) []uint16 {
	return appendASCII(make([]uint16, 0, len(s)), s)
}

// appendASCII appends the code units of s, which must be ASCII (or is
// taken byte by byte), to u, growing u at most once.
func appendASCII[T string | []byte](u []uint16, s T) []uint16 {
	u = slices.Grow(u, len(s))
	for i := 0; i < len(s); i++ {
		u = append(u, uint16(s[i]))
	}
	return u
}

// mustUTF16 returns the UTF-16 form of the valid UTF-8 string s.
func mustUTF16(s string) []uint16 {
	u, _ := toUTF16(s)
	if u == nil {
		u = []uint16{}
	}
	return u
}
