package conformance

import (
	"github.com/pctest/pctest/internal/reference"
	"github.com/pctest/pctest/internal/show"
)

// The vector format's text (UTF-16 code units) and Go strings: package
// internal/reference converts between them (reference.UTF8,
// reference.UTF16, reference.AppendASCII) for the reference and the
// adapters here; package internal/show writes them for people.

// hasLoneSurrogate reports whether u is not well-formed UTF-16.
func hasLoneSurrogate(u []uint16) bool { return show.HasLoneSurrogate(u) }

// asciiUnits returns the code units of s, which must be ASCII (or is taken
// byte by byte). The result is not nil.
func asciiUnits(s string) []uint16 {
	return reference.AppendASCII(make([]uint16, 0, len(s)), s)
}

// mustUTF16 returns the UTF-16 form of the valid UTF-8 string s.
func mustUTF16(s string) []uint16 {
	u, _ := reference.UTF16(s)
	if u == nil {
		u = []uint16{}
	}
	return u
}
