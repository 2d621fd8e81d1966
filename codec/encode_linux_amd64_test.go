//go:build !purego

package codec

import (
	"slices"
	"strings"
	"syscall"
	"testing"
	"unsafe"
)

// readableBeforeGuard returns a page of memory that an unreadable page
// follows, unmapped when t ends; t skips where mmap or mprotect fails.
func readableBeforeGuard(t *testing.T) []byte {
	page := syscall.Getpagesize()
	mem, err := syscall.Mmap(-1, 0, 2*page, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		t.Skipf("mmap: %v", err)
	}
	t.Cleanup(func() { syscall.Munmap(mem) })
	if err := syscall.Mprotect(mem[page:], syscall.PROT_NONE); err != nil {
		t.Skipf("mprotect: %v", err)
	}
	return mem[:page:page]
}

// pageEnd fills the last n bytes of mem (from readableBeforeGuard) with
// fill repeated and returns them: an input that ends where the unreadable
// page begins.
func pageEnd(mem []byte, fill string, n int) []byte {
	b := mem[len(mem)-n:]
	for i := range b {
		b[i] = fill[i%len(fill)]
	}
	return b
}

// TestOctetKernelsReadInBounds runs the octet encoders' vector paths on
// inputs that end where an unreadable page begins, with blocks of every
// kind before the end (none, a few and many octets to escape): a read past
// the input would fault.
func TestOctetKernelsReadInBounds(t *testing.T) {
	mem := readableBeforeGuard(t)
	for _, p := range octetPaths() {
		withOctetPath(t, p.name, p.vec, p.wide, func(t *testing.T) {
			for _, k := range []Set{Unreserved, WHATWGFragment, SetRange(0, 0xFF)} {
				for _, fill := range []string{"abcdefgh", "abc/defghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ", "a b/c?d&", "\xff\x00"} {
					for n := 0; n <= 300; n++ {
						src := pageEnd(mem, fill, n)
						want := string(encodeShort(nil, src, &k, false))
						if got := appendPctEncode(make([]byte, 0, len(want)), src, k, false); string(got) != want {
							t.Fatalf("set %v: appendPctEncode(%q) = %q, want %q", k, src, got, want)
						}
						if got := appendPctEncode(nil, src, k, false); string(got) != want {
							t.Fatalf("set %v: appendPctEncode(%q) = %q, want %q", k, src, got, want)
						}
					}
				}
			}
		})
	}
}

// TestAnnexBKernelsReadInBounds runs Annex B's escape and unescape, whose
// vector paths read 32 or 64 bytes at a time, on inputs that end where an
// unreadable page begins (text of every kind, valid UTF-8 and not, escapes
// cut at the end): a read past the input would fault. Each answer is the
// one the same function gives for a copy of the input in other memory.
func TestAnnexBKernelsReadInBounds(t *testing.T) {
	mem := readableBeforeGuard(t)
	fills := []string{"abcdefgh", "a b/c?d&é€😀", "データ/ファイル?q=«€ 100%»", "\xff\xe3\x81", "%u3042%41%", "%E3%81%82%u"}
	for _, fill := range fills {
		for n := 0; n <= 300; n++ {
			b := pageEnd(mem, fill, n)
			s := unsafe.String(unsafe.SliceData(b), n)
			if got, want := EscapeString(s), EscapeString(strings.Clone(s)); got != want {
				t.Fatalf("EscapeString(%q) at a page's end = %q, want %q", s, got, want)
			}
			if got, want := UnescapeString(s), UnescapeString(strings.Clone(s)); got != want {
				t.Fatalf("UnescapeString(%q) at a page's end = %q, want %q", s, got, want)
			}
			if n%2 != 0 {
				continue
			}
			u := unsafe.Slice((*uint16)(unsafe.Pointer(unsafe.SliceData(b))), n/2)
			if got, want := Escape(u), Escape(slices.Clone(u)); got != want {
				t.Fatalf("Escape(%04X) at a page's end = %q, want %q", u, got, want)
			}
			if got, want := string(AppendEscape(nil, u)), Escape(slices.Clone(u)); got != want {
				t.Fatalf("AppendEscape(%04X) at a page's end = %q, want %q", u, got, want)
			}
			if got, want := Unescape(u), Unescape(slices.Clone(u)); !slices.Equal(got, want) {
				t.Fatalf("Unescape(%04X) at a page's end = %04X, want %04X", u, got, want)
			}
		}
	}
}
