//go:build !amd64 || purego

package codec

// narrowLatin1Blocks is the narrowing of annexb_amd64.go where there is no
// vector one: narrowLatin1Plain.
func narrowLatin1Blocks(buf []byte, s []uint16) int { return narrowLatin1Plain(buf, s) }

// escapeUnits512 is the vector escape of annexb_amd64.go, which this build
// does not have: it escapes nothing.
func escapeUnits512(room []byte, s []uint16) (used, wrote int) { return 0, 0 }

// unescapeUnits512 is the vector unescape of annexb_amd64.go, which this
// build does not have: it unescapes nothing.
func unescapeUnits512(out, s []uint16) (used, wrote int) { return 0, 0 }

// useEscape512 is false: this build has no vector escape of UTF-16.
const useEscape512 = false

// utf8ToUTF16Units is the vector transcoding of annexb_amd64.go, which this
// build does not have: it writes nothing.
func utf8ToUTF16Units(u []uint16, s string) (used, wrote int) { return 0, 0 }

// useUTF8ToUTF16512 is false: this build has no vector transcoding.
const useUTF8ToUTF16512 = false

// widenASCII writes the ASCII bytes s to u as code units, which must have
// room for them, one by one: this build has no vector widening.
func widenASCII(u []uint16, s string) {
	u = u[:len(s)]
	for i := range len(s) {
		u[i] = uint16(s[i])
	}
}

// useUnescape512 is false: this build has no vector unescape.
const useUnescape512 = false

// useEscapeUTF8512 is false: this build has no vector escape of UTF-8.
const useEscapeUTF8512 = false

// escapeUTF8Units is the vector escape of UTF-8 of annexb_amd64.go, which
// this build does not have: it escapes nothing.
func escapeUTF8Units(room []byte, s string) (used, wrote int) { return 0, 0 }

// escapedLenUTF8 is escapedLenUTF8Plain: this build has no vector count.
func escapedLenUTF8(s string) int { return escapedLenUTF8Plain(s) }

// escapedLen is escapedLenPlain: this build has no vector count.
func escapedLen(s []uint16) int { return escapedLenPlain(s) }
