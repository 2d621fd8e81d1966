//go:build !purego

package codec

import (
	"math/rand/v2"
	"testing"
	"unsafe"
)

// TestEncodeUTF16ReadInBounds runs Encode (EncodeUTF16 and
// AppendEncodeUTF16) on code units that end where an unreadable page
// begins, of every length up to 300 and around the blocks of 64 units up
// to 2047, on every path (appendEncodeUTF8's vector path, whose last block
// encodeUTF16OctetsAVX512 reads with a masked load, and the plain one): a
// read past the input would fault. Each answer is appendEncodeStepwise's.
func TestEncodeUTF16ReadInBounds(t *testing.T) {
	mem := readableBeforeGuard(t)
	page := len(mem)
	r := rand.New(rand.NewPCG(40, 43))
	mixes := [][]int{{0}, {0, 1}, {0, 2}, {2}, {0, 1, 2}}
	saved := useEncodeUTF8
	defer func() { useEncodeUTF8 = saved }()
	for _, vec := range []bool{saved, false} {
		useEncodeUTF8 = vec
		for _, set := range []Set{URIUnescaped, EncodeURIUnescaped, {}} {
			for n := 0; n < page/2; n++ {
				if n > 300 && n%64 > 1 && n%64 < 63 {
					continue
				}
				mix := mixes[n%len(mixes)]
				s := unsafe.Slice((*uint16)(unsafe.Pointer(unsafe.SliceData(mem[page-2*n:]))), n)
				for i := range s {
					s[i] = ecmaencUnit(r, mix[r.IntN(len(mix))])
				}
				want, _, _ := appendEncodeStepwise(nil, s, 0, asciiOf(&set))
				if got, err := EncodeUTF16(s, set); err != nil || got != string(want) {
					t.Fatalf("vector %v, set %v: EncodeUTF16 of %d units at a page's end = %q, %v; want %q", vec, set, n, got, err, want)
				}
				if got, err := AppendEncodeUTF16(make([]byte, 0, len(want)), s, set); err != nil || string(got) != string(want) {
					t.Fatalf("vector %v, set %v: AppendEncodeUTF16 of %d units at a page's end = %q, %v; want %q", vec, set, n, got, err, want)
				}
			}
		}
	}
}
