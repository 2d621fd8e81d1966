package fuzz

import (
	"fmt"
	"slices"
	"strconv"
	"unicode/utf16"

	"github.com/pctest/pctest/codec"
	"github.com/pctest/pctest/fuzz/internal/fuzzinput"
)

// This file checks escape and unescape of ECMA-262 5.1 Annex B.2.1 and
// B.2.2 over fuzzed UTF-16, against models built from the standard
// library: modelEscape (fmt's %02X) and fmt's %04X for the escapes escape
// writes, strconv's ParseUint for the hex digits unescape reads.

// escapeModel is Annex B.2.1 the slow way: each code unit kept when it is
// one of the 69 characters of step 7, else modelEscape's "%XY" below 256
// (step 11) and fmt's "%%u%04X" from 256 (step 9).
func escapeModel(s []uint16) string {
	var out []byte
	for _, c := range s {
		switch {
		case c < 0x80 && codec.EscapeKeep.Contains(byte(c)):
			out = append(out, byte(c))
		case c < 256:
			out = append(out, modelEscape(byte(c))...)
		default:
			out = fmt.Appendf(out, "%%u%04X", c)
		}
	}
	return string(out)
}

// hexModel returns the value of the hex digits s (0-9, A-F, a-f only:
// strconv's base 16 takes no sign and no underscore), and whether s is
// all hex digits.
func hexModel(s []uint16) (uint16, bool) {
	b := make([]byte, len(s))
	for i, c := range s {
		if c > 0x7F || c == '+' || c == '-' || c == '_' {
			return 0, false
		}
		b[i] = byte(c)
	}
	v, err := strconv.ParseUint(string(b), 16, 16)
	return uint16(v), err == nil
}

// unescapeModel is Annex B.2.2 with hexModel for the digits.
func unescapeModel(s []uint16) []uint16 {
	out := []uint16{}
	for k := 0; k < len(s); k++ {
		if s[k] == '%' {
			if k+6 <= len(s) && s[k+1] == 'u' {
				if v, ok := hexModel(s[k+2 : k+6]); ok {
					out = append(out, v)
					k += 5
					continue
				}
			}
			if k+3 <= len(s) {
				if v, ok := hexModel(s[k+1 : k+3]); ok {
					out = append(out, v)
					k += 2
					continue
				}
			}
		}
		out = append(out, s[k])
	}
	return out
}

// checkAnnexB checks escape and unescape on s: escape as escapeModel,
// AppendEscape the same after what dst held, EscapeString the same on s's
// UTF-8 when s is valid UTF-16, unescape(escape(s)) = s; and unescape of
// s itself as unescapeModel, with AppendUnescape the same after what dst
// held.
func checkAnnexB(s []uint16) error {
	in := fuzzinput.UnitsString(s)
	esc := codec.Escape(s)
	if want := escapeModel(s); esc != want {
		return fmt.Errorf("escape(%s) = %q, want %q", in, esc, want)
	}
	if app := codec.AppendEscape([]byte("pre"), s); string(app) != "pre"+esc {
		return fmt.Errorf("AppendEscape(\"pre\", %s) = %q, want %q", in, app, "pre"+esc)
	}
	if fuzzinput.FirstLoneSurrogate(s) < 0 {
		if str := codec.EscapeString(string(utf16.Decode(s))); str != esc {
			return fmt.Errorf("EscapeString of %s = %q, escape gives %q", in, str, esc)
		}
	}
	back := make([]uint16, len(esc))
	for i := range len(esc) {
		back[i] = uint16(esc[i])
	}
	if got := codec.Unescape(back); !slices.Equal(got, s) && len(s) > 0 {
		return fmt.Errorf("unescape(escape(%s)) = %s", in, fuzzinput.UnitsString(got))
	}
	got := codec.Unescape(s)
	if want := unescapeModel(s); !slices.Equal(got, want) {
		return fmt.Errorf("unescape(%s) = %s, want %s", in, fuzzinput.UnitsString(got), fuzzinput.UnitsString(want))
	}
	if app := codec.AppendUnescape([]uint16{'p'}, s); !slices.Equal(app, append([]uint16{'p'}, got...)) {
		return fmt.Errorf("AppendUnescape(\"p\", %s) = %s", in, fuzzinput.UnitsString(app))
	}
	return nil
}
