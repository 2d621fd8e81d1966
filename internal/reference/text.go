package reference

import (
	"slices"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/pctest/pctest/internal/show"
)

// This file converts between the vector format's text (UTF-16 code units)
// and Go strings, for the reference and for package conformance's adapters;
// package internal/show writes them for people.

// UTF8 returns the UTF-8 form of u, and false if u holds a lone surrogate
// and so has none.
func UTF8(u []uint16) (string, bool) {
	if show.HasLoneSurrogate(u) {
		return "", false
	}
	var b strings.Builder
	b.Grow(len(u))
	for i := 0; i < len(u); i++ {
		c := u[i]
		if utf16.IsSurrogate(rune(c)) { // a high surrogate: a pair, as u has no lone one
			b.WriteRune(utf16.DecodeRune(rune(c), rune(u[i+1])))
			i++
			continue
		}
		b.WriteRune(rune(c))
	}
	return b.String(), true
}

// UTF16 returns the UTF-16 form of s, and false if s is not valid UTF-8.
// The result is not nil, also for an empty s.
func UTF16(s string) ([]uint16, bool) {
	if !utf8.ValidString(s) {
		return nil, false
	}
	u := make([]uint16, 0, len(s))
	for _, r := range s {
		u = utf16.AppendRune(u, r)
	}
	return u, true
}

// AppendASCII appends the code units of s, which must be ASCII (or is taken
// byte by byte), to u, growing u at most once.
func AppendASCII[T string | []byte](u []uint16, s T) []uint16 {
	u = slices.Grow(u, len(s))
	for i := 0; i < len(s); i++ {
		u = append(u, uint16(s[i]))
	}
	return u
}
