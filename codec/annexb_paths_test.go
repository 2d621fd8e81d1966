package codec

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf16"
)

// refEscape is Annex B.2.1 step by step over the code units s, the
// reference the escape paths are held to.
func refEscape(s []uint16) string {
	var b strings.Builder
	for _, c := range s {
		switch {
		case c < 0x80 && EscapeKeep.Contains(byte(c)): // steps 7, 13
			b.WriteByte(byte(c))
		case c < 256: // steps 8, 11
			fmt.Fprintf(&b, "%%%02X", c)
		default: // step 9
			fmt.Fprintf(&b, "%%u%04X", c)
		}
	}
	return b.String()
}

// escapeCutText is text with every kind of code point escape meets, in runs
// long and short: kept and escaped ASCII, Latin-1, code points from 256 on,
// a pair, and (in its string form) invalid UTF-8.
var escapeCutText = strings.Repeat("abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOP@*_+-./", 2) +
	" ~%é\u00ff\u0080ü«»あ€😀" + strings.Repeat("x", 70) + strings.Repeat("éü", 40) + "日本語\u0100" +
	strings.Repeat("A ", 40)

// checkEscapeEveryCut checks Escape, AppendEscape (into dst of every spare
// capacity up to 8 and of none) and EscapeString against refEscape on every
// cut s[i:j] of escapeCutText's code units at every start and a spread of
// lengths, and on its UTF-8 bytes, with invalid bytes spliced in.
func checkEscapeEveryCut(t *testing.T) {
	t.Helper()
	u := utf16.Encode([]rune(escapeCutText))
	for i := 0; i <= len(u); i++ {
		for j := i; j <= len(u); j += 1 + (j-i)/8 {
			s := u[i:j]
			want := refEscape(s)
			if got := Escape(s); got != want {
				t.Fatalf("Escape(u[%d:%d]) = %q, want %q", i, j, got, want)
			}
			for spare := 0; spare <= 8; spare += 4 {
				dst := make([]byte, 1, 1+spare)
				dst[0] = '>'
				if got := string(AppendEscape(dst, s)); got != ">"+want {
					t.Fatalf("AppendEscape(spare %d, u[%d:%d]) = %q, want %q", spare, i, j, got, ">"+want)
				}
			}
		}
	}
	b := escapeCutText
	for i := 0; i <= len(b); i++ {
		for j := i; j <= len(b); j += 1 + (j-i)/8 {
			s := b[i:j] // cuts inside a rune make invalid UTF-8
			want := refEscape(utf16.Encode([]rune(s)))
			if got := EscapeString(s); got != want {
				t.Fatalf("EscapeString(%q) = %q, want %q", s, got, want)
			}
			s = s + "\xc3" + s[:len(s)/2] + "\x80\xc2" + s
			want = refEscape(utf16.Encode([]rune(s)))
			if got := EscapeString(s); got != want {
				t.Fatalf("EscapeString(%q) = %q, want %q", s, got, want)
			}
		}
	}
}

// TestEscapeEveryCut holds the escape functions to refEscape on every cut
// of a text with every kind of code point, in the build's paths (the plain
// ones under -tags purego).
func TestEscapeEveryCut(t *testing.T) {
	checkEscapeEveryCut(t)
}

// TestEscapeLong holds the escape functions to refEscape on texts long
// enough for the bulk paths and the sized allocations: ASCII, Latin-1 and
// mixed, of 10,000 code units and more.
func TestEscapeLong(t *testing.T) {
	for _, s := range []string{
		strings.Repeat("abc~", 3000),
		strings.Repeat("é~\u00ffa", 3000),
		strings.Repeat(escapeCutText, 30),
		strings.Repeat("a\xffé\xc3", 3000),
	} {
		u := utf16.Encode([]rune(s))
		want := refEscape(u)
		if got := Escape(u); got != want {
			t.Fatalf("Escape of %d units differs from the reference", len(u))
		}
		if got := string(AppendEscape(nil, u)); got != want {
			t.Fatalf("AppendEscape of %d units differs from the reference", len(u))
		}
		if got := EscapeString(s); got != want {
			t.Fatalf("EscapeString of %d bytes differs from the reference", len(s))
		}
	}
}
