package codec_test

import (
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
