package codec

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"
)

// annexBBenchInputs are the inputs of the peer table (codec/internal/
// benchpeers) as the text functions read them: ASCII (letters, digits and
// -._~, as the table's), mixed and mostly-encoded
// text cut to 1024 bytes at a character, and random bytes read as Latin-1
// (every byte one code point), 64 KiB of them here.
func annexBBenchInputs() []struct{ name, s string } {
	cut := func(s string) string {
		r := strings.Repeat(s, 1024/len(s)+1)
		n := 1024
		for !utf8.RuneStart(r[n]) {
			n--
		}
		return r[:n]
	}
	rng := rand.New(rand.NewPCG(40, 40))
	var latin1 []rune
	for range 1 << 16 {
		latin1 = append(latin1, rune(byte(rng.Uint32())))
	}
	const unreserved = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
	ascii := make([]byte, 1024)
	for i := range ascii {
		ascii[i] = unreserved[i*7%len(unreserved)]
	}
	return []struct{ name, s string }{
		{"ascii", string(ascii)},
		{"mixed", cut("/files/my document.pdf?name=Tom&Jerry&q=100% あ é~")},
		{"encoded", cut("データ/ファイル?q=«€ 100%»&x=<>{}|^ ")},
		{"latin1", string(latin1)},
	}
}

var benchSinkString string

// BenchmarkAnnexB times EscapeString, AppendEscape, UnescapeString and
// AppendUnescape on the peer table's inputs, beside a copy of the same
// bytes (the table's ceiling): BenchmarkAnnexB/INPUT/FORM.
func BenchmarkAnnexB(b *testing.B) {
	for _, in := range annexBBenchInputs() {
		s := in.s
		u := utf16.Encode([]rune(s))
		esc := EscapeString(s)
		eu := utf16.Encode([]rune(esc))
		b.Run(in.name, func(b *testing.B) {
			run := func(name string, n int, f func()) {
				b.Run(name, func(b *testing.B) {
					b.ReportAllocs()
					b.SetBytes(int64(n))
					for b.Loop() {
						f()
					}
				})
			}
			src, dst := []byte(s), make([]byte, len(s))
			run("copy", len(s), func() { copy(dst, src) })
			run("EscapeString", len(s), func() { benchSinkString = EscapeString(s) })
			var buf []byte
			run("AppendEscape", len(s), func() { buf = AppendEscape(buf[:0], u) })
			run("Escape", len(s), func() { benchSinkString = Escape(u) })
			run("UnescapeString", len(esc), func() { benchSinkString = UnescapeString(esc) })
			var ubuf []uint16
			run("AppendUnescape", len(esc), func() { ubuf = AppendUnescape(ubuf[:0], eu) })
		})
	}
}
