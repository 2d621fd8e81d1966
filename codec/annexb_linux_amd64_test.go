//go:build !purego

package codec

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf16"
	"unsafe"
)

// TestAnnexBUTF16KernelsInBounds runs Annex B's escape and unescape of
// UTF-16 (Escape, AppendEscape, Unescape, AppendUnescape, and the kernels
// escapeUTF16AVX512 and unescapeUTF16AVX512 themselves) on code units that
// end where an unreadable page begins, into dst whose capacity ends where
// another begins: a read past the input or a write past dst's capacity
// would fault. Unlike TestAnnexBKernelsReadInBounds, whose code units are
// the bytes of UTF-8 text taken two at a time (so none is a '%', and
// Unescape returns before its vector path), the units here are text of
// every kind: escapes well-formed and cut at the end, runs below 256,
// units from 256 on, and units whose low byte is '%', 'u' or a digit.
// Each answer is held to refEscape or refUnescape, and where
// escapeUTF16AVX512 stops (with room for none, some or all of the escape)
// to escape512Stop.
func TestAnnexBUTF16KernelsInBounds(t *testing.T) {
	in := readableBeforeGuard(t)
	out := readableBeforeGuard(t)
	page := len(in)
	units := func(b []byte, n int) []uint16 {
		return unsafe.Slice((*uint16)(unsafe.Pointer(unsafe.SliceData(b[len(b)-2*n:]))), n)
	}
	fills := [][]uint16{
		utf16.Encode([]rune("%u3042%41%")),
		utf16.Encode([]rune("%E3%81%82%u")),
		utf16.Encode([]rune("%uD83D%uDE00x%4")),
		utf16.Encode([]rune("abc/é~ あ%7")),
		utf16.Encode([]rune("éüÿ a-é~\u0080")),
		utf16.Encode([]rune("あいう€\uffff")),
		{'%', 0x0125, 0x8025, 'u', 0x0175, '4', 0x0141, 0xD800, '%', 'u', 'A', 'b', '0', '9'},
		// Literal runs longer than a window of 64 units, then escapes.
		utf16.Encode([]rune(strings.Repeat("literal-run_", 6) + "%u3042%41%e")),
	}
	for _, fill := range fills {
		for n := 0; n <= 300; n++ {
			s := units(in, n)
			for i := range s {
				s[i] = fill[i%len(fill)]
			}
			want := refEscape(s)
			if got := Escape(s); got != want {
				t.Fatalf("Escape(%04X) at a page's end = %q, want %q", s, got, want)
			}
			for _, c := range []int{0, 1, escape512Room - 1, escape512Room, len(want) - 7, len(want) - 1, len(want), len(want) + 64, 6*n + escape512Room} {
				if c < 0 {
					continue
				}
				if c > page {
					continue
				}
				dst := out[page-c : page-c : page] // its capacity ends at the guard
				if got := AppendEscape(dst, s); string(got) != want {
					t.Fatalf("AppendEscape(cap %d, %04X) = %q, want %q", c, s, got, want)
				}
				if useAVX512 && n > 0 && c > 0 {
					used, wrote := escapeUTF16AVX512(&out[page-c], c, &s[0], n, &escapeAVX512Consts)
					if used != escape512Stop(s, c) || wrote > c || string(out[page-c:page-c+wrote]) != refEscape(s[:used]) {
						t.Fatalf("escapeUTF16AVX512(room %d, %04X) used %d units, wrote %q", c, s, used, out[page-c:page-c+wrote])
					}
				}
			}
			wantU := refUnescape(s)
			if got := Unescape(s); !slices.Equal(got, wantU) {
				t.Fatalf("Unescape(%04X) at a page's end = %04X, want %04X", s, got, wantU)
			}
			for _, c := range []int{n, n + 7} {
				dst := units(out, c)[:0] // its capacity ends at the guard
				if got := AppendUnescape(dst, s); !slices.Equal(got, wantU) {
					t.Fatalf("AppendUnescape(cap %d, %04X) = %04X, want %04X", c, s, got, wantU)
				}
			}
			if useAVX512 && n > 0 {
				dst := units(out, n) // room for n units, up to the guard
				used, wrote := unescapeUTF16AVX512(&dst[0], &s[0], n, &unescapeAVX512Consts)
				if used != n || !slices.Equal(dst[:wrote], wantU) {
					t.Fatalf("unescapeUTF16AVX512(%04X) used %d, wrote %04X, want %04X", s, used, dst[:wrote], wantU)
				}
			}
		}
	}
}
