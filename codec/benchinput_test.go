package codec_test

import (
	"math/rand/v2"
	"strings"
	"unicode/utf8"
)

// benchASCII returns the "ascii" benchmark input of issue 2: 1024 bytes of
// letters, digits and "-._~" only, cycling through all 66 of them.
func benchASCII() string {
	const unreserved = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
	b := make([]byte, 1024)
	for i := range b {
		b[i] = unreserved[i*7%len(unreserved)]
	}
	return string(b)
}

// benchMixed returns the "mixed" benchmark input of issue 2:
// strings.Repeat("/files/my document.pdf?name=Tom&Jerry&q=100% あ é~", 40)
// cut to at most 1024 bytes at a rune boundary.
func benchMixed() string {
	s := strings.Repeat("/files/my document.pdf?name=Tom&Jerry&q=100% あ é~", 40)
	n := min(1024, len(s))
	for n > 0 && n < len(s) && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// benchEncoded returns the "encoded" input of issue 40, mostly-encoded
// text: Japanese and accented text with spaces and punctuation, nearly every
// byte of which an encoder escapes, cut to at most 1024 bytes at a rune
// boundary.
func benchEncoded() string {
	return cutRunes(strings.Repeat("日本語のテキスト、「ü」と «é» & ?=", 40), 1024)
}

// benchRandom returns the "random" input of issue 40: 1 MiB of random
// bytes from a fixed seed (math/rand/v2's PCG seeded 40, 40), the same in
// every run. As UTF-16 (the ECMAScript functions) it is read as Go reads
// a string, each invalid byte as U+FFFD.
func benchRandom() string {
	r := rand.New(rand.NewPCG(40, 40))
	b := make([]byte, 1<<20)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return string(b)
}

// cutRunes returns s cut to at most n bytes at a rune boundary.
func cutRunes(s string, n int) string {
	n = min(n, len(s))
	for n > 0 && n < len(s) && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// benchInputs4 are the four inputs of issue 40, in the order of its table.
var benchInputs4 = []struct {
	name string
	text func() string
}{
	{"ascii", benchASCII},
	{"mixed", benchMixed},
	{"encoded", benchEncoded},
	{"random", benchRandom},
}
