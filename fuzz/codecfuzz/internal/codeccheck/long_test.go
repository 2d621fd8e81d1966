package codeccheck

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf16"

	"pgregory.net/rapid"

	"github.com/pctest/pctest/codec"
	"github.com/pctest/pctest/fuzz/internal/fuzzinput"
)

// The fuzz targets clip their input to fuzzinput.MaxLen (160 bytes): two
// blocks of the codec's widest vector path and a tail. What a kernel
// carries from one block to the next (an escape cut by a block's edge, a
// surrogate pair across it, a UTF-8 sequence of escapes across several
// blocks, a long run of one class that keeps a fast path going for many
// blocks) shows only on longer input. TestLongUnits draws such input, up
// to 8,000 code units in runs of one class each, and puts it to the same
// checks as the targets: the models of internal/spec, the Append and
// string forms, the round trips.

// unitClasses are the runs that longUnits draws from, each a function of
// the run's length n and a draw of one unit or code point.
var unitClasses = []struct {
	name string
	// weight is how often the class is drawn, out of the sum of weights.
	weight int
	// throws: the class makes encodeURI or decodeURI throw (a lone
	// surrogate, a '%' that starts no escape, %uXXXX). Such a class is rare, and
	// half the inputs have none, so that most inputs run to their end.
	throws bool
	run    func(t *rapid.T, n int) []uint16
}{
	{"unreserved", 6, false, repeatPicked("ABCXYZabcxyz0189-_.!~*'()")},
	{"reserved", 4, false, repeatPicked(";/?:@&=+$,#")},
	{"other-ascii", 3, false, repeatPicked(" \"<>\\^`{|}\x00\x1f\x7f")},
	{"mixed-ascii", 4, false, func(t *rapid.T, n int) []uint16 {
		return fuzzinput.ASCIIUnits(strings.Repeat("/files/my document.pdf?name=Tom&Jerry&q=100%25 ", n/40+1)[:n])
	}},
	{"latin1", 3, false, pickRunes(0x80, 0xFF)},
	{"bmp", 3, false, pickRunes(0x100, 0xD7FF)},
	{"bmp-high", 2, false, pickRunes(0xE000, 0xFFFF)},
	{"astral", 2, false, pickRunes(0x10000, 0x10FFFF)},
	{"escapes-ascii", 4, false, escapes(0x00, 0x7F)},
	{"escapes-2", 3, false, escapes(0x80, 0x7FF)},
	{"escapes-3", 3, false, escapes(0x800, 0xFFFF)},
	{"escapes-4", 2, false, escapes(0x10000, 0x10FFFF)},
	{"u-escapes", 3, true, func(t *rapid.T, n int) []uint16 {
		var b strings.Builder
		for b.Len() < n {
			fmt.Fprintf(&b, "%%u%04X", rapid.Uint16().Draw(t, "u"))
		}
		return fuzzinput.ASCIIUnits(b.String())
	}},
	{"escapes-text", 3, false, func(t *rapid.T, n int) []uint16 {
		// encodeURIComponent of a mixed text, as the benchmarks decode.
		s, _ := codec.EncodeURIComponentString(strings.Repeat("/files/my document.pdf?name=Tom&Jerry&q=100% あ é~", n/50+1))
		s = s[:n]
		if i := strings.LastIndexByte(s, '%'); i >= 0 && i > n-3 {
			s = s[:i] // not an escape cut short
		}
		return fuzzinput.ASCIIUnits(s)
	}},
	{"percent-junk", 1, true, repeatPicked("%%%zZ9uU")},
	{"lone-surrogate", 1, true, func(t *rapid.T, n int) []uint16 {
		return []uint16{rapid.Uint16Range(0xD800, 0xDFFF).Draw(t, "surrogate")}
	}},
}

// repeatPicked returns a class of runs of units drawn from set.
func repeatPicked(set string) func(*rapid.T, int) []uint16 {
	u := fuzzinput.ASCIIUnits(set)
	return func(t *rapid.T, n int) []uint16 {
		if rapid.Bool().Draw(t, "one unit") {
			c := rapid.SampledFrom(u).Draw(t, "unit")
			r := make([]uint16, n)
			for i := range r {
				r[i] = c
			}
			return r
		}
		r := make([]uint16, 0, n)
		for range n {
			r = append(r, u[rapid.IntRange(0, len(u)-1).Draw(t, "unit")])
		}
		return r
	}
}

// pickRunes returns a class of runs of code points in [lo, hi], as UTF-16
// (surrogate pairs above U+FFFF).
func pickRunes(lo, hi rune) func(*rapid.T, int) []uint16 {
	return func(t *rapid.T, n int) []uint16 {
		var r []uint16
		for len(r) < n {
			r = utf16.AppendRune(r, rapid.Int32Range(lo, hi).Draw(t, "rune"))
		}
		return r
	}
}

// escapes returns a class of runs of the %XX escapes of the UTF-8 of code
// points in [lo, hi] (surrogates come out as U+FFFD's, an invalid input
// being another class), in upper or lower case.
func escapes(lo, hi rune) func(*rapid.T, int) []uint16 {
	return func(t *rapid.T, n int) []uint16 {
		var b strings.Builder
		lower := rapid.Bool().Draw(t, "lower case")
		for b.Len() < n {
			for _, o := range []byte(string(rapid.Int32Range(lo, hi).Draw(t, "rune"))) {
				if lower {
					fmt.Fprintf(&b, "%%%02x", o)
				} else {
					fmt.Fprintf(&b, "%%%02X", o)
				}
			}
		}
		return fuzzinput.ASCIIUnits(b.String())
	}
}

// longUnits draws up to maxUnits code units: runs of 0 to 300 units (a run
// of 0 puts two runs side by side), each of a class of unitClasses; in half
// the inputs, none of a class that throws.
func longUnits(t *rapid.T, maxUnits int) []uint16 {
	var weighted []int
	clean := rapid.Bool().Draw(t, "no class that throws")
	for i, c := range unitClasses {
		if clean && c.throws {
			continue
		}
		for range c.weight {
			weighted = append(weighted, i)
		}
	}
	var s []uint16
	for pieces := rapid.IntRange(1, 60).Draw(t, "runs"); pieces > 0 && len(s) < maxUnits; pieces-- {
		c := unitClasses[rapid.SampledFrom(weighted).Draw(t, "class")]
		s = append(s, c.run(t, rapid.IntRange(0, 300).Draw(t, "run length "+c.name))...)
	}
	return s[:min(len(s), maxUnits)]
}

// TestLongUnits puts long inputs of runs of one class each to the checks
// of the ECMAScript encode and decode targets and the Annex B target
// (ECMAEncode, ECMADecode, AnnexB), unclipped. (The
// targets' names appear only in the files that declare them: fuzzlint.)
func TestLongUnits(t *testing.T) {
	checks := []struct {
		name  string
		check func([]uint16) error
	}{
		{"ECMAEncode", ECMAEncode},
		{"ECMADecode", ECMADecode},
		{"AnnexB", AnnexB},
	}
	for _, c := range checks {
		t.Run(c.name, func(t *testing.T) {
			var longest int
			rapid.Check(t, func(t *rapid.T) {
				s := longUnits(t, 8000)
				longest = max(longest, len(s))
				if err := c.check(s); err != nil {
					t.Fatal(err)
				}
			})
			// Not the same as the targets' clipped input.
			if longest <= fuzzinput.MaxLen {
				t.Errorf("the longest input drawn had %d code units: no longer than the targets' %d", longest, fuzzinput.MaxLen)
			}
		})
	}
}
