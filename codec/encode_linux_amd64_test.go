//go:build !purego

package codec

import (
	"syscall"
	"testing"
)

// TestOctetKernelsReadInBounds runs the octet encoders' vector paths on
// inputs that end where an unreadable page begins, with blocks of every
// kind before the end (none, a few and many octets to escape): a read past
// the input would fault.
func TestOctetKernelsReadInBounds(t *testing.T) {
	page := syscall.Getpagesize()
	mem, err := syscall.Mmap(-1, 0, 2*page, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		t.Skipf("mmap: %v", err)
	}
	defer syscall.Munmap(mem)
	if err := syscall.Mprotect(mem[page:], syscall.PROT_NONE); err != nil {
		t.Skipf("mprotect: %v", err)
	}
	for _, p := range octetPaths() {
		withOctetPath(t, p.name, p.vec, p.wide, func(t *testing.T) {
			for _, k := range []Set{Unreserved, WHATWGFragment, SetRange(0, 0xFF)} {
				for _, fill := range []string{"abcdefgh", "abc/defghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ", "a b/c?d&", "\xff\x00"} {
					for n := 0; n <= 300; n++ {
						src := mem[page-n : page]
						for i := range src {
							src[i] = fill[i%len(fill)]
						}
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
