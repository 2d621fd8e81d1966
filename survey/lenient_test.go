package main

import (
	"testing"
	"unicode/utf16"

	"github.com/pctest/pctest/vectors"
)

// TestSameOctets holds the check same-octets to its definition: the
// answer and the expected text differ, and only in which octets they
// percent-encode.
func TestSameOctets(t *testing.T) {
	units := func(s string) []uint16 { return utf16.Encode([]rune(s)) }
	for _, c := range []struct {
		want, got string
		same      bool
	}{
		{"*%7E", "%2A~", true},                     // another set: '*' and '~' swapped
		{"%1B%24B%24%22", "%1B%24%42%24%22", true}, // every octet escaped
		{"%A3%E1", "%a3%e1", true},                 // hex case only
		{"%26%239731%3B", "&%239731;", true},       // the same octets, fewer escapes
		{"%E9", "%E9", false},                      // no divergence
		{"%80", "%26%238364%3B", false},            // other octets
		{"%26%239731%3B", "%26%23x2603%3B", false}, // another reference
		{"a+b", "a%20b", false},                    // '+' is not an escape
	} {
		r := testResult("", vectors.Request{}, vectors.Response{Out: units(c.want)}, vectors.Response{Out: units(c.got)})
		if got := checks["same-octets"](r); got != c.same {
			t.Errorf("same-octets(want %q, got %q) = %v, want %v", c.want, c.got, got, c.same)
		}
	}
	if checks["same-octets"](testResult("", vectors.Request{}, vectors.Response{Out: units("*")}, vectors.Response{Error: "URIError"})) {
		t.Error("same-octets holds for an error answer")
	}
}
