//go:build !purego

package codec

import (
	"testing"
	"unsafe"
)

// TestUTF8ValidConstsLayout checks the offsets of utf8ValidConsts that
// utf8_amd64.s reads.
func TestUTF8ValidConstsLayout(t *testing.T) {
	var k utf8ValidConsts
	got := [6]uintptr{unsafe.Offsetof(k.idx1), unsafe.Offsetof(k.idx2), unsafe.Offsetof(k.idx3),
		unsafe.Offsetof(k.high1), unsafe.Offsetof(k.low1), unsafe.Offsetof(k.high2)}
	if want := [6]uintptr{0, 64, 128, 192, 208, 224}; got != want {
		t.Fatalf("utf8ValidConsts offsets = %v, want %v", got, want)
	}
}
