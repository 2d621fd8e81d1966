package codec

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"
)

// validUTF8 (utf8_amd64.go, utf8_other.go) against utf8.Valid, in the
// default build and under -tags purego.

// TestValidUTF8 holds validUTF8 (utf8ValidAVX512 where the CPU has
// AVX-512) to utf8.Valid, on strings and on byte slices: on every
// string of one and two bytes, every three-byte string whose first byte is
// a lead byte, after 0 to 70 bytes of ASCII (so that each falls across
// the blocks and the tail), and on random strings of valid UTF-8 of every
// length up to 300 bytes with one byte changed or cut at each position.
func TestValidUTF8(t *testing.T) {
	r := rand.New(rand.NewPCG(46, 47))
	check := func(s string) {
		t.Helper()
		want := utf8.ValidString(s)
		if got, gotb := validUTF8(s), validUTF8([]byte(s)); got != want || gotb != want {
			t.Fatalf("validUTF8(%q) = %v (string), %v ([]byte); want %v", s, got, gotb, want)
		}
	}
	for a := range 256 {
		check(string([]byte{byte(a)}))
		for b := range 256 {
			check(string([]byte{byte(a), byte(b)}))
		}
	}
	for _, pad := range []int{0, 1, 30, 60, 61, 62, 63, 64, 65, 70, 125, 126} {
		prefix := bytes.Repeat([]byte{'a'}, pad)
		for a := 0xC0; a < 0x100; a++ {
			for b := 0x70; b < 0xD0; b++ {
				for _, c := range []byte{'a', 0x80, 0x9F, 0xA0, 0xBF, 0xC0} {
					s := append(append([]byte(nil), prefix...), byte(a), byte(b), c)
					check(string(s))
					check(string(s[:len(s)-1]))
				}
			}
		}
	}
	pieces := []string{"a", "~", " ", "é", "ß", "あ", "€", "\U0001F600", "\U0010FFFF", "\uFFFD", "\u0800", "\uD7FF", "\uE000"}
	for n := range 300 {
		var b []byte
		for len(b) < n {
			b = append(b, pieces[r.IntN(len(pieces))]...)
		}
		check(string(b))
		for pos := range b {
			c := append([]byte(nil), b...)
			c[pos] = byte(r.IntN(256))
			check(string(c))
			check(string(b[:pos]))
		}
	}
}

// TestValidUTF8Long holds validUTF8 to utf8.Valid on long texts (many
// 64-octet blocks, ASCII blocks between others) with an invalid piece at
// random positions, and cut at random lengths.
func TestValidUTF8Long(t *testing.T) {
	r := rand.New(rand.NewPCG(46, 47))
	good := []string{"é", "あ", "😀", "\U0010FFFF", strings.Repeat("a", 70), "b"}
	bad := []string{"\x80", "\xC0\x80", "\xED\xA0\x80", "\xF4\x90\x80\x80", "\xC3", "\xE3\x81", "\xF0\x9F\x98", "\xFF"}
	for range 300 {
		var b strings.Builder
		for b.Len() < 2000 {
			b.WriteString(good[r.IntN(len(good))])
		}
		text := b.String()
		p := r.IntN(len(text))
		ins := []string{text, text[:p] + bad[r.IntN(len(bad))] + text[p:], text[:p]}
		for _, in := range ins {
			if got, want := validUTF8(in), utf8.ValidString(in); got != want {
				t.Fatalf("validUTF8(%q) = %v, want %v", in, got, want)
			}
		}
	}
}
