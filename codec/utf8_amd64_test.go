//go:build !purego

package codec

import (
	"testing"
	"unsafe"
)

// TestUTF8ValidConstsLayout checks the offsets of utf8ValidConsts that
// utf8_amd64.h and decodeform_amd64.s read.
func TestUTF8ValidConstsLayout(t *testing.T) {
	var k utf8ValidConsts
	got := [4]uintptr{unsafe.Offsetof(k.high1), unsafe.Offsetof(k.low1), unsafe.Offsetof(k.high2), unsafe.Offsetof(k.iota)}
	if want := [4]uintptr{0, 64, 128, 192}; got != want {
		t.Fatalf("utf8ValidConsts offsets = %v, want %v", got, want)
	}
}
