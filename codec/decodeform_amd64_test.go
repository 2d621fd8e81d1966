//go:build !purego

package codec

import "testing"

// TestFormDecodePlain runs the form decode's boundary test without the
// vector kernel (decodeOctetsEndAVX512), on the plain path (decodeInto, then
// validUTF8), where the CPU has AVX-512 (TestFormDecodeBoundaries runs it
// with the kernel there, and on the plain path elsewhere).
//
// As TestFormDecodeBoundaries, it runs without -race (make test).
func TestFormDecodePlain(t *testing.T) {
	if RaceDetector {
		t.Skip("one goroutine: run without -race (make test does)")
	}
	if !useDecodeForm {
		t.Skip("the plain path is this build's: TestFormDecodeBoundaries runs it")
	}
	defer func(u bool) { useDecodeForm = u }(useDecodeForm)
	useDecodeForm = false
	testFormDecodeBoundaries(t)
}
