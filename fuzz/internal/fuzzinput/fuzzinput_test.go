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
