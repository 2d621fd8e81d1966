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
	got := [3]uintptr{unsafe.Offsetof(k.high1), unsafe.Offsetof(k.low1), unsafe.Offsetof(k.high2)}
	if want := [3]uintptr{0, 64, 128}; got != want {
		t.Fatalf("utf8ValidConsts offsets = %v, want %v", got, want)
	}
}
