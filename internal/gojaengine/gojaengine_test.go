package gojaengine

import (
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// TestCallAndCallAllAgree checks that one input at a time and many in one
// call give the same answers, lone surrogates and long inputs included,
// with the spec's answers on a few known inputs (ECMA-262 5.1 §15.1.3).
func TestCallAndCallAllAgree(t *testing.T) {
	vm, err := New()
	if err != nil {
		t.Fatal(err)
	}
	long := utf16.Encode([]rune(strings.Repeat("\u00e9", 70000)))
	ins := [][]uint16{{}, {'a'}, {0xD83D, 0xDE00}, {'a', 0xDC00}, {'%'}, {'x', 0xDBFF}, long, {'%', 'u', '0', '0', 'e', '9'}}
	want := map[string][]Answer{
		"encodeURIComponent": {
			{Out: []uint16{}}, {Out: []uint16{'a'}}, {Out: utf16.Encode([]rune("%F0%9F%98%80"))},
			{Thrown: true, Name: "URIError"}, {Out: utf16.Encode([]rune("%25"))}, {Thrown: true, Name: "URIError"},
			{Out: utf16.Encode([]rune(strings.Repeat("%C3%A9", 70000)))}, {Out: utf16.Encode([]rune("%25u00e9"))},
		},
		"decodeURIComponent": {
			{Out: []uint16{}}, {Out: []uint16{'a'}}, {Out: []uint16{0xD83D, 0xDE00}},
			{Out: []uint16{'a', 0xDC00}}, {Thrown: true, Name: "URIError"}, {Out: []uint16{'x', 0xDBFF}},
			{Out: long}, {Thrown: true, Name: "URIError"},
		},
		"unescape": {
			{Out: []uint16{}}, {Out: []uint16{'a'}}, {Out: []uint16{0xD83D, 0xDE00}},
			{Out: []uint16{'a', 0xDC00}}, {Out: []uint16{'%'}}, {Out: []uint16{'x', 0xDBFF}},
			{Out: long}, {Out: []uint16{0xE9}},
		},
	}
	for name, want := range want {
		all, err := vm.CallAll(name, ins)
		if err != nil {
			t.Fatal(err)
		}
		for i, in := range ins {
			one, err := vm.Call(name, in)
			if err != nil {
				t.Fatal(err)
			}
			for how, got := range map[string]Answer{"Call": one, "CallAll": all[i]} {
				if diff := cmp.Diff(want[i], got, cmpopts.IgnoreFields(Answer{}, "Message")); diff != "" {
					t.Errorf("%s %s(input %d) (-want +got):\n%s", how, name, i, diff)
				}
				if got.Thrown && !strings.HasPrefix(got.Message, "URIError") {
					t.Errorf("%s %s(input %d): message %q", how, name, i, got.Message)
				}
			}
		}
	}
	if _, err := vm.Call("eval", []uint16{'1'}); err == nil {
		t.Error("Call of eval: no error")
	}
	if _, err := vm.CallAll("eval", nil); err == nil {
		t.Error("CallAll of eval: no error")
	}
}
