package codec

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf16"

	"pgregory.net/rapid"
)

// TestEscapeUnescape checks escape and unescape on inputs worked out by
// hand from ECMA-262 5.1 Annex B.2.1 and B.2.2 (the corpus in
// vectors/annexb.json holds many more, checked against node and goja).
func TestEscapeUnescape(t *testing.T) {
	u := func(s string) []uint16 { return utf16.Encode([]rune(s)) }
	for _, tc := range []struct {
		in   []uint16
		want string
	}{
		{u("AZaz09@*_+-./"), "AZaz09@*_+-./"},            // step 7: kept
		{u(" !~%"), "%20%21%7E%25"},                      // step 11
		{u("\u00e9\u00ff\u0100"), "%E9%FF%u0100"},        // steps 8, 9
		{[]uint16{0xD800, 'a', 0xDE00}, "%uD800a%uDE00"}, // lone surrogates
		{u("\U0001F600"), "%uD83D%uDE00"},                // a pair: two units
		{nil, ""},
	} {
		if got := Escape(tc.in); got != tc.want {
			t.Errorf("Escape(%x) = %q, want %q", tc.in, got, tc.want)
		}
		if back := Unescape(u(tc.want)); !slices.Equal(back, tc.in) && len(tc.in) > 0 {
			t.Errorf("Unescape(%q) = %x, want %x", tc.want, back, tc.in)
		}
	}
	for _, tc := range []struct{ in, want []uint16 }{
		{u("%41%u0042"), u("AB")},
		{u("%u00e9%E9%e9"), u("ééé")},
		{u("%uD800"), []uint16{0xD800}},
		{u("%"), u("%")},                         // step 14: too short
		{u("%4"), u("%4")},                       // step 14
		{u("%4G"), u("%4G")},                     // step 15
		{u("%u123"), u("%u123")},                 // step 8: too short for %u, then %u1 is no %XY
		{u("%u12G4"), u("%u12G4")},               // step 10 → 14 → 15: 'u' is no hex digit
		{u("%U0041"), u("%U0041")},               // step 9: only a lowercase u
		{u("%%41"), u("%A")},                     // the first '%' kept, then %41
		{u("%u%41"), u("%uA")},                   // a kept "%u", then %41
		{u("%\uff11\uff12"), u("%\uff11\uff12")}, // fullwidth digits are not hex digits
	} {
		if got := Unescape(tc.in); !slices.Equal(got, tc.want) {
			t.Errorf("Unescape(%q) = %q, want %q", string(utf16.Decode(tc.in)), string(utf16.Decode(got)), string(utf16.Decode(tc.want)))
		}
	}
	if got := EscapeString("a é😀\xff"); got != "a%20%E9%uD83D%uDE00%uFFFD" {
		t.Errorf("EscapeString = %q", got)
	}
	if got := UnescapeString("%u00E9%uD800x"); got != "é\uFFFDx" {
		t.Errorf("UnescapeString = %q", got)
	}
}

// TestAnnexBStringFormsMatchUnits checks EscapeString and UnescapeString,
// which work on the bytes of a Go string, against Escape and Unescape on
// its UTF-16 form, on strings made of escapes, surrogate escapes, hex
// digits, non-ASCII and invalid UTF-8.
func TestAnnexBStringFormsMatchUnits(t *testing.T) {
	piece := rapid.SampledFrom([]string{"%", "%u", "u", "%uD83D", "%uDE00", "%udc00", "%uD800", "%41", "%e9", "%FF", "%u00E9", "%uFFFF",
		"A", "f", "0", "G", "~", " ", "@*_+-./", "é", "あ", "😀", "\xff", "\xe3\x81", strings.Repeat("x", 40)})
	rapid.Check(t, func(t *rapid.T) {
		s := strings.Join(rapid.SliceOfN(piece, 0, 16).Draw(t, "pieces"), "")
		u := utf16.Encode([]rune(s))
		if got, want := EscapeString(s), Escape(u); got != want {
			t.Fatalf("EscapeString(%q) = %q, Escape = %q", s, got, want)
		}
		if got, want := string(AppendEscape([]byte("x"), u)), "x"+Escape(u); got != want {
			t.Fatalf("AppendEscape(%q) = %q, want %q", s, got, want)
		}
		if got, want := UnescapeString(s), string(utf16.Decode(Unescape(u))); got != want {
			t.Fatalf("UnescapeString(%q) = %q, Unescape = %q", s, got, want)
		}
	})
}

// TestLongStringFormsMatchUnits checks the string forms of escape,
// unescape, encodeURI and encodeURIComponent against their []uint16 forms on inputs
// long enough to fill their stack buffers several times over, with
// invalid UTF-8 among valid runes of every length.
func TestLongStringFormsMatchUnits(t *testing.T) {
	piece := rapid.SampledFrom([]string{"\xff", "\x80", "\xc3", "\xe2\x82", "\xed\xa0\x80", "\xf0\x9f\x98", "é", "あ", "€", "😀",
		"\uFFFD", "A", "%", " ", "/", "@*_+-./", "~", "\x00", "\u0100", strings.Repeat("x", 70),
		"%u65E5", "%u00e9", "%uD83D", "%uDE00", "%41", "%7f", "%C3", "%u12", "%G1"})
	rapid.Check(t, func(t *rapid.T) {
		s := strings.Join(rapid.SliceOfN(piece, 300, 1500).Draw(t, "pieces"), "")
		u := utf16.Encode([]rune(s))
		if got, want := EscapeString(s), Escape(u); got != want {
			t.Fatalf("EscapeString(%q) = %q, Escape = %q", s, got, want)
		}
		if got, want := string(AppendEscape(nil, u)), Escape(u); got != want {
			t.Fatalf("AppendEscape(%q) = %q, Escape = %q", s, got, want)
		}
		if got, want := UnescapeString(s), string(utf16.Decode(Unescape(u))); got != want {
			t.Fatalf("UnescapeString(%q) = %q, Unescape = %q", s, got, want)
		}
		for _, f := range []struct {
			name  string
			str   func(string) (string, error)
			units func([]uint16) (string, error)
		}{
			{"EncodeURIString", EncodeURIString, EncodeURI},
			{"EncodeURIComponentString", EncodeURIComponentString, EncodeURIComponent},
		} {
			got, gerr := f.str(s)
			want, werr := f.units(u)
			if gerr != nil || werr != nil || got != want {
				t.Fatalf("%s(%q) = %q, %v; the []uint16 form: %q, %v", f.name, s, got, gerr, want, werr)
			}
		}
	})
}
