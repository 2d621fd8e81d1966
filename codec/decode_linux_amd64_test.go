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
			b := pageEnd(mem, fill, n)
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

// TestDecodeOctetsEndKernel holds decodeOctetsEndAVX512 itself to what
// scan_amd64.go says of it, which its callers cannot show, since decodeInto
// decodes whatever it leaves: on inputs that end at an unreadable page
// (escapes, '+', plain text, with a malformed '%' or an escape cut short
// around the ends of the 64-byte blocks), into room of several sizes that
// ends before another, with '+' read as space and not, it returns a prefix
// of its input that holds no malformed '%' and does not end inside an
// escape, decoded into the room (decodeReference's octets); and it stops
// before the end of its input only at a block of 64 bytes that holds a
// malformed '%', or whose octets do not fit in the room left (so less than
// 64 bytes of it are): its last blocks, loaded and stored with masks, take
// it to the end. (An input of 256 bytes into room for one octet checks that
// the tail's block length is held to 66, which BZHI reads the low byte of:
// without that, the kernel loops for ever on an empty block.)
func TestDecodeOctetsEndKernel(t *testing.T) {
	if !useAVX512 {
		t.Skip("no AVX-512: decodeOctetsEndAVX512 is not used")
	}
	mem, omem := readableBeforeGuard(t), readableBeforeGuard(t)
	page := len(mem)
	bads := []string{"%", "%4", "%G1", "%%41", "%4+"}
	check := func(s string) {
		t.Helper()
		src := mem[page-len(s) : page]
		copy(src, s)
		for _, plus := range []byte{'+', '%'} {
			mode := decodeMode(0)
			if plus == '+' {
				mode = decodePlus
			}
			_, bad := decodeReference(s, &Set{}, mode) // the first malformed '%', or -1
			full, _ := decodeReference(s, &Set{}, mode|decodeLenient)
			for _, room := range []int{len(full) + 3, len(full), len(full) - 1, len(full) / 2, 1} {
				if room < 1 {
					continue
				}
				out := omem[page-room : page]
				used, wrote := decodeOctetsEndAVX512(&out[0], room, &src[0], len(s), plus, &octetDecodeAVX2Consts)
				if used < 0 || used > len(s) || wrote < 0 || wrote > room {
					t.Fatalf("decodeOctetsEndAVX512(%q, plus %q) into %d bytes: used %d, wrote %d", s, plus, room, used, wrote)
				}
				want, wantBad := decodeReference(s[:used], &Set{}, mode)
				if wantBad != -1 || string(out[:wrote]) != want {
					t.Fatalf("decodeOctetsEndAVX512(%q, plus %q) into %d bytes: used %d (malformed or cut at %d), wrote %q; want %q",
						s, plus, room, used, wantBad, out[:wrote], want)
				}
				if used < len(s) && !(bad >= 0 && used > bad-64) && wrote+64 <= room {
					t.Fatalf("decodeOctetsEndAVX512(%q, plus %q) into %d bytes stopped at %d of %d (wrote %d), with no malformed '%%' in the next 64 bytes (first at %d) and room for 64",
						s, plus, room, used, len(s), wrote, bad)
				}
			}
		}
	}
	for n := 1; n <= 330; n++ {
		for _, base := range []string{denseEscapes(n, n), formText(n, n), strings.Repeat("abcdefg+", n/8+1)[:n]} {
			check(base)
			for _, p := range []int{n, n - 1, n - 2, 62, 63, 64, 127, n / 2} {
				if p < 0 || p > n {
					continue
				}
				for _, in := range bads {
					check(base[:p] + in + base[p:])
				}
			}
		}
	}
}
