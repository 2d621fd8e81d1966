//go:build !amd64 || purego

package codec

import "math"

// scanMin is the shortest input worth building the table of
// indexNotInTable.
const scanMin = 64

// indexNotInWide is the wide scan of scan_amd64.go where there is no vector
// one: a scan through a table of bools for long inputs.
func indexNotInWide[S string | []byte](s S, k *Set) int {
	if len(s) < scanMin {
		return 0
	}
	return indexNotInTable(s, k)
}

// A wideEncoder is the vector Encode of scan_amd64.go, which this build
// does not have: init leaves ok false.
type wideEncoder struct{ ok bool }

func (w *wideEncoder) init(unescaped *Set, n int) {}

func (w *wideEncoder) encode(room []byte, s []uint16) (used, wrote int) { return 0, 0 }

func (w *wideEncoder) count(s []uint16) (used, length int) { return 0, 0 }

// decodeWideMin and decodeWide stand for the vector Decode of
// scan_amd64.go, which this build does not have: decodeWide does nothing.
const decodeWideMin = math.MaxInt

func decodeWide(out, s []uint16) (used, wrote int) { return 0, 0 }
