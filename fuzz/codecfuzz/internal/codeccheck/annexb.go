package codeccheck

import (
	"fmt"
	"slices"

	"github.com/pctest/pctest/codec"
	"github.com/pctest/pctest/fuzz/internal/fuzzinput"
	"github.com/pctest/pctest/internal/spec"
)

// This file checks escape and unescape of ECMA-262 5.1 Annex B.2.1 and
// B.2.2 over fuzzed UTF-16, against the transcriptions of internal/spec
// (spec.Escape, spec.Unescape), which the annexb vectors come from too.

// AnnexB checks escape and unescape on s: escape as spec.Escape,
// AppendEscape the same after what dst held, EscapeString the same on s's
// UTF-8 when s is valid UTF-16, unescape(escape(s)) = s; and unescape of
// s itself as spec.Unescape, with AppendUnescape the same after what dst
// held.
func AnnexB(s []uint16) error {
	in := unitsText(s) // written out only for a failure's message
	esc := codec.Escape(s)
	if want := spec.Escape(s); !equalUnits(esc, want) {
		return fmt.Errorf("escape(%s) = %q, want %s", in, esc, unitsText(want))
	}
	if app := codec.AppendEscape([]byte("pre"), s); !hasPrefixRest(app, "pre", esc) {
		return fmt.Errorf("AppendEscape(\"pre\", %s) = %q, want %q", in, app, "pre"+esc)
	}
	if fuzzinput.FirstLoneSurrogate(s) < 0 {
		if str := codec.EscapeString(string(appendUTF16AsUTF8(nil, s))); str != esc {
			return fmt.Errorf("EscapeString of %s = %q, escape gives %q", in, str, esc)
		}
	}
	if got := codec.Unescape(fuzzinput.ASCIIUnits(esc)); !slices.Equal(got, s) && len(s) > 0 {
		return fmt.Errorf("unescape(escape(%s)) = %s", in, fuzzinput.UnitsString(got))
	}
	got := codec.Unescape(s)
	if want := spec.Unescape(s); !slices.Equal(got, want) {
		return fmt.Errorf("unescape(%s) = %s, want %s", in, fuzzinput.UnitsString(got), fuzzinput.UnitsString(want))
	}
	if app := codec.AppendUnescape([]uint16{'p'}, s); len(app) == 0 || app[0] != 'p' || !slices.Equal(app[1:], got) {
		return fmt.Errorf("AppendUnescape(\"p\", %s) = %s", in, fuzzinput.UnitsString(app))
	}
	return nil
}

// unitsText formats code units for a failure message, as
// fuzzinput.UnitsString writes them, when fmt asks for them: the checks
// hand it to fmt's %s and pay nothing when they pass.
type unitsText []uint16

// String writes u as fuzzinput.UnitsString does.
func (u unitsText) String() string { return fuzzinput.UnitsString(u) }
