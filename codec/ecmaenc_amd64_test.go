//go:build !purego

package codec

import (
	"testing"
	"unsafe"
)

// TestUTF16ToUTF8ConstsLayout checks the offsets at which ecmaenc_amd64.s
// reads the fields of utf16ToUTF8Consts.
func TestUTF16ToUTF8ConstsLayout(t *testing.T) {
	var k utf16ToUTF8Consts
	for _, f := range []struct {
		name     string
		got, off uintptr
	}{
		{"nonASCII", unsafe.Offsetof(k.nonASCII), 0}, {"multi", unsafe.Offsetof(k.multi), 4},
		{"surr", unsafe.Offsetof(k.surr), 8}, {"bits2", unsafe.Offsetof(k.bits2), 12},
		{"lead2", unsafe.Offsetof(k.lead2), 16}, {"lead3", unsafe.Offsetof(k.lead3), 20},
		{"bits3", unsafe.Offsetof(k.bits3), 24}, {"shift2", unsafe.Offsetof(k.shift2), 32},
		{"shift3", unsafe.Offsetof(k.shift3), 40}, {"bitSel", unsafe.Offsetof(k.bitSel), 64},
	} {
		if f.got != f.off {
			t.Errorf("%s at %d, the assembly reads it at %d", f.name, f.got, f.off)
		}
	}
}
