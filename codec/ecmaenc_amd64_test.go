//go:build !purego

package codec

import (
	"testing"
	"unsafe"
)

// TestUTF8ConstsLayout checks the offsets at which ecmaenc_amd64.s reads
// the fields of utf8Consts and utf8ValidConsts.
func TestUTF8ConstsLayout(t *testing.T) {
	var k utf8Consts
	var v utf8ValidConsts
	for _, f := range []struct {
		name     string
		got, off uintptr
	}{
		{"nonASCII", unsafe.Offsetof(k.nonASCII), 0}, {"multi", unsafe.Offsetof(k.multi), 4},
		{"surr", unsafe.Offsetof(k.surr), 8}, {"bits2", unsafe.Offsetof(k.bits2), 12},
		{"lead2", unsafe.Offsetof(k.lead2), 16}, {"lead3", unsafe.Offsetof(k.lead3), 20},
		{"bits3", unsafe.Offsetof(k.bits3), 24}, {"shift2", unsafe.Offsetof(k.shift2), 32},
		{"shift3", unsafe.Offsetof(k.shift3), 40}, {"bitSel", unsafe.Offsetof(k.bitSel), 64},
		{"valid.bitSel", unsafe.Offsetof(v.bitSel), 0}, {"valid.byte1High", unsafe.Offsetof(v.byte1High), 64},
		{"valid.byte1Low", unsafe.Offsetof(v.byte1Low), 128}, {"valid.byte2", unsafe.Offsetof(v.byte2), 192},
		{"valid.prev1", unsafe.Offsetof(v.prev1), 256}, {"valid.prev2", unsafe.Offsetof(v.prev2), 320},
		{"valid.prev3", unsafe.Offsetof(v.prev3), 384}, {"valid.third", unsafe.Offsetof(v.third), 448},
		{"valid.fourth", unsafe.Offsetof(v.fourth), 449}, {"valid.high", unsafe.Offsetof(v.high), 450},
	} {
		if f.got != f.off {
			t.Errorf("%s at %d, the assembly reads it at %d", f.name, f.got, f.off)
		}
	}
}
