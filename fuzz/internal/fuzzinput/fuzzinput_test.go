package fuzzinput

import (
	"slices"
	"testing"

	"github.com/pctest/pctest/vectors"
)

// TestSeedVectorsExist checks that the ops the targets seed from have
// vectors: a target seeded from nothing would fuzz from an empty corpus
// without saying so.
func TestSeedVectorsExist(t *testing.T) {
	for _, op := range vectors.Ops() {
		vs, err := Vectors(op.Name)
		if err != nil {
			t.Fatal(err)
		}
		if len(vs) == 0 {
			t.Errorf("op %s has no vectors to seed from", op.Name)
		}
	}
}

// TestUnitsOf checks the UTF-16 builder: UnitsBytes inverts it, and it
// makes lone surrogates from single bytes.
func TestUnitsOf(t *testing.T) {
	for _, s := range [][]uint16{
		{},
		{'a', '%', '4', '1'},
		{0xD800},
		{0xDC00, 'x', 0xD83D, 0xDE00},
		{0x80, 0xFFFF, 0x00A0, 0xFF00, 0x7F},
	} {
		if got := Units(UnitsBytes(s)); !slices.Equal(got, s) {
			t.Errorf("Units(UnitsBytes(%s)) = %s", UnitsString(s), UnitsString(got))
		}
	}
	for _, c := range []struct {
		in   []byte
		want []uint16
	}{
		{[]byte{'%', 0x80, 'A'}, []uint16{'%', 0xD800, 'A'}},
		{[]byte{0x88}, []uint16{0xDC00}},
		{[]byte{0x95}, []uint16{0xFFFD}},
		{[]byte{0xA0, 0xD8}, []uint16{0xD800}},
		{[]byte{0xFF}, []uint16{0}},
	} {
		if got := Units(c.in); !slices.Equal(got, c.want) {
			t.Errorf("Units(%q) = %s, want %s", c.in, UnitsString(got), UnitsString(c.want))
		}
	}
	if got := FirstLoneSurrogate(Units([]byte{0x80, 0x88, 0x88})); got != 2 {
		t.Errorf("FirstLoneSurrogate of a pair then a low surrogate = %d, want 2", got)
	}
}

// TestReadCorpusFile reads files as go test -fuzz writes them.
func TestReadCorpusFile(t *testing.T) {
	for _, c := range []struct {
		file string
		want []any
	}{
		{"go test fuzz v1\nbyte('\\x15')\n[]byte(\"\\xef88%\")\n", []any{byte(0x15), []byte("\xef88%")}},
		{"go test fuzz v1\nbyte('A')\n[]byte(\"\")\n", []any{byte('A'), []byte{}}},
		{"go test fuzz v1\nbyte('\\u00e9')\n[]byte(\"x\")\n", []any{byte(0xE9), []byte("x")}},
		{"go test fuzz v1\nstring(\"a\\\"b\")\nstring(\"%zz\")\n", []any{"a\"b", "%zz"}},
	} {
		got, err := ReadCorpusFile([]byte(c.file))
		if err != nil || len(got) != len(c.want) {
			t.Errorf("ReadCorpusFile(%q) = %#v, %v; want %#v", c.file, got, err, c.want)
			continue
		}
		for i := range got {
			g, w := got[i], c.want[i]
			if gb, ok := g.([]byte); ok {
				g = "bytes " + string(gb)
			}
			if wb, ok := w.([]byte); ok {
				w = "bytes " + string(wb)
			}
			if g != w {
				t.Errorf("ReadCorpusFile(%q)[%d] = %#v, want %#v", c.file, i, got[i], c.want[i])
			}
		}
	}
	if _, err := ReadCorpusFile([]byte("go test fuzz v1\nint(3)\n")); err == nil {
		t.Error("ReadCorpusFile accepted an int argument")
	}
}
