package lfbuild

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// TestDecode checks Decode against what go-fuzz-headers' ConsumeFuzzer
// does (consumer.go at the version go-118-fuzz-build pins): a []byte takes
// a big-endian length, 0 meaning 30, modulo the bytes left unless equal to
// them; a string takes a length that must fit; a byte takes one byte.
func TestDecode(t *testing.T) {
	for _, c := range []struct {
		data  string
		types []string
		want  []any
	}{
		{"\x00\x00\x00\x02ab", []string{"[]byte"}, []any{[]byte("ab")}},
		{"\x00\x00\x00\x05ab", []string{"[]byte"}, []any{[]byte("a")}},    // 5 mod 2
		{"\x00\x00\x00\x00ab", []string{"[]byte"}, []any{[]byte("")}},     // 30 mod 2
		{"\x00\x00\x00\x00abcd", []string{"[]byte"}, []any{[]byte("ab")}}, // 30 mod 4
		{"\x00\x00\x00\x01ab", []string{"[]uint8"}, []any{[]byte("a")}},
		{"\x07\x00\x00\x00\x01x", []string{"byte", "[]byte"}, []any{byte(7), []byte("x")}},
		{"\x07\x00\x00\x00\x01xyz", []string{"uint8", "string"}, []any{byte(7), "x"}},
		{"\x00\x00\x00\x01a\x00\x00\x00\x01b", []string{"string", "string"}, []any{"a", "b"}},
		{"\x00\x00\x00\x00\x00\x00\x00\x00\x00", []string{"string", "string"}, []any{"", ""}},
	} {
		got, err := Decode([]byte(c.data), c.types)
		if diff := cmp.Diff(c.want, got); err != nil || diff != "" {
			t.Errorf("Decode(%q, %v): %v, (-want +got):\n%s", c.data, c.types, err, diff)
		}
	}
	for _, c := range []struct {
		data  string
		types []string
		arg   int
	}{
		{"", []string{"byte"}, 0},
		{"\x00\x00\x00", []string{"[]byte"}, 0},
		{"\x00\x00\x00\x00", []string{"[]byte"}, 0},   // no byte after the length
		{"\x00\x00\x00\x03ab", []string{"string"}, 0}, // 3 > 2 left
		{"\x00\x00\x00\x00", []string{"string"}, 0},   // GetString wants a byte left
		{"\x01", []string{"byte", "string"}, 1},
	} {
		_, err := Decode([]byte(c.data), c.types)
		var de *DecodeError
		if !errors.As(err, &de) || de.Arg != c.arg {
			t.Errorf("Decode(%q, %v) error = %v; want a *DecodeError for argument %d", c.data, c.types, err, c.arg)
		}
	}
	if _, err := Decode([]byte("\x00\x00\x00\x00\x00\x00\x00\x01"), []string{"int"}); err == nil {
		t.Error("Decode accepted a parameter of type int")
	}
}

// TestEncodeDecode checks that Decode gives back what Encode encoded, for
// any list of byte, []byte and string arguments, empty ones included.
func TestEncodeDecode(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 4).Draw(t, "n")
		var args []any
		var types []string
		for range n {
			switch rapid.IntRange(0, 2).Draw(t, "kind") {
			case 0:
				args = append(args, rapid.Byte().Draw(t, "byte"))
				types = append(types, "byte")
			case 1:
				args = append(args, rapid.SliceOfN(rapid.Byte(), 0, 300).Draw(t, "bytes"))
				types = append(types, "[]byte")
			default:
				args = append(args, rapid.StringN(0, 100, -1).Draw(t, "string"))
				types = append(types, "string")
			}
		}
		data, err := Encode(args)
		if err != nil {
			t.Fatal(err)
		}
		got, err := Decode(data, types)
		if err != nil {
			t.Fatalf("Decode(Encode(%#v) = %q): %v", args, data, err)
		}
		for i := range args {
			if b, ok := args[i].([]byte); ok && len(b) == 0 {
				args[i] = []byte{}
			}
		}
		if diff := cmp.Diff(args, got); diff != "" {
			t.Fatalf("Decode(Encode(%#v) = %q) (-want +got):\n%s", args, data, diff)
		}
	})
	if _, err := Encode([]any{3}); err == nil {
		t.Error("Encode accepted an int argument")
	}
}
