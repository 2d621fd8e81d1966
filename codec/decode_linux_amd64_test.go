//go:build !purego

package codec

import (
	"strings"
	"testing"
	"unicode/utf8"
	"unsafe"
)

// TestDecodeKernelsReadInBounds runs the octet and form decodes, whose
// vector paths (decodeOctetsEndAVX512, utf8ValidAVX512) read 64 bytes at a
// time and the last blocks with masks, on inputs that end where an
// unreadable page begins (escapes, '+', multi-octet characters, ill-formed
// UTF-8, escapes cut at the end), and writes their results into exactly the
// room they take before another unreadable page: a read past the input or a
// write past the room would fault. Each answer is decodeReference's (and
// appendUTF8Replace's, utf8.Valid's).
func TestDecodeKernelsReadInBounds(t *testing.T) {
	mem, omem := readableBeforeGuard(t), readableBeforeGuard(t)
	page := len(mem)
	fills := []string{"abcdefgh", "a+b%41%42", "%E3%81%82%C3%A9+", "é€😀 a+b", "%e3%81%82%E3%81", "\xff\xe3\x81%", "%41%4", "%4%41%%",
		"%C3%A9%F0%9F%98%80xyz%"}
	for _, fill := range fills {
		for n := 0; n <= 300; n++ {
			b := mem[page-n : page]
			for i := range b {
				b[i] = fill[i%len(fill)]
			}
			s := unsafe.String(unsafe.SliceData(b), n)
			c := strings.Clone(s)
			octets, _ := decodeReference(c, &Set{}, decodePlus|decodeLenient)
			want := string(appendUTF8Replace(nil, octets))
			if got := FormDecodeString(s); got != want {
				t.Fatalf("FormDecodeString(%q) at a page's end = %q, want %q", s, got, want)
			}
			if got := AppendFormDecode(nil, b); string(got) != want {
				t.Fatalf("AppendFormDecode(%q) at a page's end = %q, want %q", s, got, want)
			}
			if got := validUTF8(b); got != utf8.Valid(b) {
				t.Fatalf("validUTF8(%q) at a page's end = %v", s, got)
			}
			out := omem[page-len(octets) : page]
			if m, _, bad := formDecodeInto(out, s); bad != -1 || string(out[:m]) != octets {
				t.Fatalf("formDecodeInto(%q) into its room before a page's end = %q, bad %d; want %q", s, out[:m], bad, octets)
			}
			for _, mode := range []decodeMode{0, decodePlus, decodeLenient, decodePlus | decodeLenient} {
				octets, wantBad := decodeReference(c, &Set{}, mode)
				out := omem[page-len(octets) : page]
				if wantBad != -1 {
					out = omem[page-n : page]
				}
				if m, bad := decodeInto(out, s, &Set{}, mode); bad != wantBad || wantBad == -1 && string(out[:m]) != octets {
					t.Fatalf("decodeInto(%q, mode %d) at a page's end = %q, bad %d; want %q, bad %d", s, mode, out[:m], bad, octets, wantBad)
				}
			}
		}
	}
}
