package vectors

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"
	"unicode/utf16"

	"github.com/google/go-cmp/cmp"
)

// TestLoneSurrogateSurvives is the reason this package has its own JSON
// reader: encoding/json turns "\ud800" into U+FFFD, ParseJSONText and the
// loader keep it as the single code unit 0xD800.
func TestLoneSurrogateSurvives(t *testing.T) {
	var viaStd string
	if err := json.Unmarshal([]byte(`"\ud800"`), &viaStd); err != nil {
		t.Fatal(err)
	}
	if viaStd != "\uFFFD" {
		t.Logf("encoding/json now gives %q for \"\\ud800\"", viaStd)
	}

	got, err := ParseJSONText([]byte(`"\ud800"`))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]uint16{0xD800}, got); diff != "" {
		t.Fatalf(`ParseJSONText("\ud800") (-want +got):\n%s`, diff)
	}

	file := `{"area":"ecmascript","vectors":[
{"id":"ecma.decodeURIComponent.x","op":"decodeURIComponent","in":"\ud800","out":"\uD800","ref":"r","level":"must"}
]}`
	vs, err := LoadFile("lone.json", []byte(file))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([2][]uint16{{0xD800}, {0xD800}}, [2][]uint16{vs[0].In, vs[0].Expect.Out}); diff != "" {
		t.Fatalf("LoadFile: [in, out] (-want +got):\n%s", diff)
	}
}

func TestParseJSONText(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want []uint16
	}{
		{`""`, []uint16{}},
		{`"a"`, []uint16{'a'}},
		{`"\"\\\/\b\f\n\r\t"`, []uint16{'"', '\\', '/', '\b', '\f', '\n', '\r', '\t'}},
		{`"\u0000\u001F\u007f"`, []uint16{0, 0x1F, 0x7F}},
		{`"\uDC00\ud800"`, []uint16{0xDC00, 0xD800}},
		{`"\ud83d\ude00"`, []uint16{0xD83D, 0xDE00}},
		{`"😀"`, []uint16{0xD83D, 0xDE00}},
		{`"é中"`, []uint16{0xE9, 0x4E2D}},
		{`"\uFFFF\uffFe"`, []uint16{0xFFFF, 0xFFFE}},
	} {
		got, err := ParseJSONText([]byte(tt.in))
		if err != nil {
			t.Errorf("ParseJSONText(%s): %v", tt.in, err)
			continue
		}
		if diff := cmp.Diff(tt.want, got); got == nil || diff != "" {
			t.Errorf("ParseJSONText(%s) = %04x (-want +got):\n%s", tt.in, got, diff)
		}
	}
}

func TestParseJSONTextRejects(t *testing.T) {
	for _, in := range []string{
		``, `"`, `a`, `"a`, `"a" `, ` "a"`, `"\"`, `"\x"`, `"\u12"`, `"\u12G4"`, `"\U0041"`,
		"\"\x01\"", "\"\n\"", "\"\xff\"", "\"\xed\xa0\x80\"", "\"\xc3\"", `'a'`, `"a""b"`,
	} {
		_, err := ParseJSONText([]byte(in))
		var se *SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("ParseJSONText(%q) error = %v, want a *SyntaxError", in, err)
		}
	}
}

// TestAppendParseJSONText checks that AppendParseJSONText appends what
// ParseJSONText returns after what dst holds, into dst's spare capacity
// when there is room (a literal of n bytes has at most n-2 code units), and
// that on an error it returns dst as it was.
func TestAppendParseJSONText(t *testing.T) {
	for _, in := range []string{`""`, `"a"`, `"\u0041\ud800é😀\n"`, `"abc"`} {
		want, err := ParseJSONText([]byte(in))
		if err != nil {
			t.Fatal(err)
		}
		buf := make([]uint16, 2, 2+len(in)-2)
		buf[0], buf[1] = 'x', 'y'
		got, err := AppendParseJSONText(buf, []byte(in))
		if err != nil || !slices.Equal(got[:2], []uint16{'x', 'y'}) || !slices.Equal(got[2:], want) {
			t.Errorf("AppendParseJSONText(xy, %s) = %04x, %v; want xy then %04x", in, got, err, want)
		}
		if &got[0] != &buf[0] {
			t.Errorf("AppendParseJSONText(xy, %s) moved: %d units fit in the spare capacity %d", in, len(got)-2, cap(buf)-2)
		}
	}
	for _, in := range []string{`"a`, `"\x"`, `"a" `, `a`} {
		dst := []uint16{'x'}
		got, err := AppendParseJSONText(dst, []byte(in))
		var se *SyntaxError
		if !errors.As(err, &se) || !slices.Equal(got, dst) {
			t.Errorf("AppendParseJSONText(x, %q) = %04x, %v; want x and a *SyntaxError", in, got, err)
		}
	}
}

func TestAppendJSONText(t *testing.T) {
	for _, tt := range []struct {
		in   []uint16
		want string
	}{
		{[]uint16{}, `""`},
		{nil, `""`},
		{[]uint16{0xD800}, `"\ud800"`},
		{[]uint16{0xDFFF, 'a', 0xDBFF}, `"\udfffa\udbff"`},
		{[]uint16{0xD83D, 0xDE00}, `"😀"`},
		{[]uint16{0xDE00, 0xD83D}, `"\ude00\ud83d"`},
		{[]uint16{'"', '\\', '/', 0, '\n', 0x1F, 0x7F, 0x85, 0x9F, 0xA0}, `"\"\\/\u0000\u000a\u001f\u007f\u0085\u009f\u00a0"`},
		{[]uint16{0x2028, 0x2029, 0xFEFF, 0xFDD0, 0xFFFE, 0xFFFF, 0xFFFD}, `"\u2028\u2029\ufeff\ufdd0\ufffe\uffff` + "\uFFFD\""},
		{[]uint16{0xDBFF, 0xDFFF, 0xD83F, 0xDFFE}, `"\udbff\udfff\ud83f\udffe"`},
		{[]uint16{0xE9, 0x4F8B, 0xA1}, `"é例¡"`},
		{[]uint16{0x0301, 0x200E, 0xE000, 0xDB80, 0xDC00, 0xDB40, 0xDD00}, `"\u0301\u200e\ue000\udb80\udc00\udb40\udd00"`},
	} {
		got := string(AppendJSONText(nil, tt.in))
		if got != tt.want {
			t.Errorf("AppendJSONText(%04x) = %s, want %s", tt.in, got, tt.want)
		}
	}
	if got := string(AppendJSONText([]byte("x="), []uint16{'y'})); got != `x="y"` {
		t.Errorf("AppendJSONText does not append: %s", got)
	}
}

// randomUnits returns n code units biased towards the interesting ones.
func randomUnits(r *rand.Rand, n int) []uint16 {
	pool := []uint16{0, 0x1F, ' ', '"', '\\', '/', '%', 'a', 0x7F, 0x80, 0x9F, 0xA0, 0xE9, 0x2028, 0x4E2D,
		0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0xD83D, 0xDE00, 0xE000, 0xFDD0, 0xFEFF, 0xFFFD, 0xFFFE, 0xFFFF}
	u := make([]uint16, n)
	for i := range u {
		if r.IntN(3) == 0 {
			u[i] = uint16(r.IntN(0x10000))
		} else {
			u[i] = pool[r.IntN(len(pool))]
		}
	}
	return u
}

func TestJSONTextRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 3000 {
		in := randomUnits(r, r.IntN(12))
		enc := AppendJSONText(nil, in)
		got, err := ParseJSONText(enc)
		if err != nil {
			t.Fatalf("ParseJSONText(AppendJSONText(%04x) = %s): %v", in, enc, err)
		}
		if !slices.Equal(got, in) {
			t.Fatalf("round trip of %04x via %s gave %04x", in, enc, got)
		}
		// What AppendJSONText writes is valid JSON, and where the text is
		// well-formed UTF-16 encoding/json reads the same string.
		if !json.Valid(enc) {
			t.Fatalf("AppendJSONText(%04x) = %s is not valid JSON", in, enc)
		}
		for _, c := range enc {
			if c == '\n' || c == '\r' {
				t.Fatalf("AppendJSONText(%04x) = %q holds a line break", in, enc)
			}
		}
		if firstLoneSurrogate(in) < 0 {
			var s string
			if err := json.Unmarshal(enc, &s); err != nil || s != string(utf16.Decode(in)) {
				t.Fatalf("encoding/json reads %s as %q (%v), want %q", enc, s, err, string(utf16.Decode(in)))
			}
		}
	}
}

// TestParseJSONTextMatchesStdlib checks the reader against encoding/json on
// well-formed strings written by encoding/json itself.
func TestParseJSONTextMatchesStdlib(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 2000 {
		in := randomUnits(r, r.IntN(10))
		s := string(utf16.Decode(in)) // lone surrogates become U+FFFD
		enc, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		got, err := ParseJSONText(enc)
		if err != nil {
			t.Fatalf("ParseJSONText(%s): %v", enc, err)
		}
		if want := utf16.Encode([]rune(s)); !slices.Equal(got, want) && !(len(got) == 0 && len(want) == 0) {
			t.Fatalf("ParseJSONText(%s) = %04x, want %04x", enc, got, want)
		}
	}
}

func TestParseJSONNeverPanics(t *testing.T) {
	seeds := [][]byte{
		[]byte(`{"id":1,"op":"decodeURI","in":"%2f\ud800","args":{"set":"x"}}`),
		[]byte(`{"area":"ecmascript","vectors":[{"id":"a","op":"encodeURI","in":"","out":"","ref":"r","level":"must"}]}`),
		[]byte(`[1,-2.5e+3,true,false,null,"\u0041",{}]`),
	}
	r := rand.New(rand.NewPCG(5, 6))
	for range 20000 {
		b := slices.Clone(seeds[r.IntN(len(seeds))])
		for range 1 + r.IntN(4) {
			switch i := r.IntN(len(b)); r.IntN(3) {
			case 0:
				b[i] = byte(r.IntN(256))
			case 1:
				b = append(b[:i], b[i+1:]...)
			default:
				b = slices.Insert(b, i, `"{}[],:\u`[r.IntN(9)])
			}
			if len(b) == 0 {
				break
			}
		}
		_, _ = parseJSON(b)
		_ = new(Response).UnmarshalJSON(b)
		_ = new(Request).UnmarshalJSON(b)
		_, _ = LoadFile("fuzz.json", b)
		_, _ = ParseJSONText(b)
	}
	deep := make([]byte, 0, 20000)
	for range 10000 {
		deep = append(deep, '[')
	}
	if _, err := parseJSON(deep); err == nil {
		t.Error("parseJSON accepted 10000 unclosed brackets")
	}
}

func FuzzParseJSONText(f *testing.F) {
	f.Add([]byte(`"\ud800"`))
	f.Add([]byte(`"a\u0000é😀"`))
	f.Fuzz(func(t *testing.T, b []byte) {
		u, err := ParseJSONText(b)
		if err != nil {
			return
		}
		back, err := ParseJSONText(AppendJSONText(nil, u))
		if err != nil || !slices.Equal(back, u) {
			t.Fatalf("%q: round trip gave %04x, %v; want %04x", b, back, err, u)
		}
	})
}
