package reference

import (
	"bytes"
	"errors"
	"slices"
	"testing"
	"unicode/utf16"

	"github.com/pctest/pctest/vectors"
)

func units(s string) []uint16 { return utf16.Encode([]rune(s)) }

// TestAppendDo checks the answers and errors AppendDo's doc comment names:
// an ECMAScript answer appended to dst, a URIError as the error kind, an
// *Error of Kind "input" for text with no UTF-8, Unsupported for an
// unknown op.
func TestAppendDo(t *testing.T) {
	dst := units("x")
	resp, dst, err := AppendDo(vectors.Request{Op: vectors.OpEncodeURIComponent, In: units("a b")}, dst)
	if err != nil || string(utf16.Decode(resp.Out)) != "a%20b" || string(utf16.Decode(dst)) != "xa%20b" {
		t.Errorf("encodeURIComponent(\"a b\") onto \"x\" = %+v, %q, %v; want a%%20b, xa%%20b", resp, string(utf16.Decode(dst)), err)
	}
	resp, dst2, err := AppendDo(vectors.Request{Op: vectors.OpDecodeURIComponent, In: units("%E0%A4%A")}, dst)
	if err != nil || resp.Error != vectors.ErrURIError || len(dst2) != len(dst) {
		t.Errorf("decodeURIComponent(\"%%E0%%A4%%A\") = %+v, %d units, %v; want the error kind URIError and dst as it was", resp, len(dst2), err)
	}
	resp, _, err = AppendDo(vectors.Request{Op: vectors.OpNormalize, In: []uint16{'a', 0xDC00}}, nil)
	var e *Error
	if !errors.As(err, &e) || e.Kind != "input" || e.Op != vectors.OpNormalize || resp.Out != nil {
		t.Errorf("normalize of a lone surrogate = %+v, %v (%T); want an *Error of Kind input", resp, err, err)
	}
	if resp, _, err := AppendDo(vectors.Request{Op: "noSuchOp"}, nil); err != nil || !resp.Unsupported {
		t.Errorf("an unknown op = %+v, %v; want Unsupported", resp, err)
	}
}

// TestText checks UTF8 and UTF16 on a pair, a lone surrogate and invalid
// UTF-8, and AppendASCII.
func TestText(t *testing.T) {
	u := []uint16{'a', 0xD83D, 0xDE00, 0xE9}
	s, ok := UTF8(u)
	if !ok || s != "a\U0001F600é" {
		t.Errorf("UTF8(%04X) = %q, %v", u, s, ok)
	}
	if back, ok := UTF16(s); !ok || !slices.Equal(back, u) {
		t.Errorf("UTF16(%q) = %04X, %v; want %04X", s, back, ok, u)
	}
	for _, lone := range [][]uint16{{0xD83D}, {'a', 0xDE00}, {0xDE00, 0xD83D}} {
		if s, ok := UTF8(lone); ok {
			t.Errorf("UTF8(%04X) = %q, true; want false (a lone surrogate)", lone, s)
		}
	}
	if u, ok := UTF16("a\xff"); ok {
		t.Errorf("UTF16(invalid) = %04X, true; want false", u)
	}
	if u, ok := UTF16(""); !ok || u == nil {
		t.Errorf("UTF16(\"\") = %#v, %v; want an empty non-nil slice", u, ok)
	}
	if got := AppendASCII([]uint16{'x'}, []byte("%2F")); string(utf16.Decode(got)) != "x%2F" {
		t.Errorf("AppendASCII = %04X", got)
	}
}

// TestOutputError checks the error of a text result that is not valid
// UTF-8 (which only a bug of the codec makes): an *Error of Kind "output"
// naming the request's op, with the octets as its Value.
func TestOutputError(t *testing.T) {
	resp, err := textResult(vectors.OpNormalize, "a\xff")
	var e *Error
	if !errors.As(err, &e) || e.Kind != "output" || e.Op != vectors.OpNormalize || !bytes.Equal(asBytes(e.Value), []byte("a\xff")) || resp.Out != nil {
		t.Errorf("textResult(normalize, invalid UTF-8) = %+v, %#v; want an *Error of Kind output for normalize with the octets", resp, err)
	}
	if resp, err := textResult(vectors.OpNormalize, "é"); err != nil || string(utf16.Decode(resp.Out)) != "é" {
		t.Errorf("textResult(normalize, é) = %+v, %v", resp, err)
	}
}

func asBytes(v any) []byte { b, _ := v.([]byte); return b }
