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

// A vectorEncoder is the vector Encode of scan_amd64.go, which this build
// does not have: init leaves ok false.
type vectorEncoder struct{ ok bool }

func (w *vectorEncoder) init(keep *Set, n int) {}

func (w *vectorEncoder) initEncode(keep *Set, n int) {}

func (w *vectorEncoder) encode(room []byte, s []uint16) (used, wrote int) { return 0, 0 }

func (w *vectorEncoder) count(s []uint16) (used, length int) { return 0, 0 }

// decodeVectorMin and decodeVector stand for the vector Decode of
// scan_amd64.go, which this build does not have: decodeVector does nothing.
const decodeVectorMin = math.MaxInt

func decodeVector(out, s []uint16) (used, wrote int) { return 0, 0 }

// indexSpecial returns the index of the first byte of s that is '%' or
// second, or len(s): this build scans a word at a time (indexSpecialWord).
func indexSpecial[S string | []byte](s S, second byte) int {
	return indexSpecialWord(s, second)
}

// decodeOctetsMin, useDecodeOctets and decodeOctets stand for the vector
// octet decode of scan_amd64.go, which this build does not have.
const decodeOctetsMin = math.MaxInt

const useDecodeOctets = false

func decodeOctets[S string | []byte](out []byte, src S, plus byte, keep *ecmaKeepTable) (used, wrote int) {
	return 0, 0
}

// useDecodeForm, decodeFormMin and decodeFormKernel stand for the vector
// form decode of scan_amd64.go, which this build does not have.
const useDecodeForm = false

const decodeFormMin = 32

func decodeFormKernel[S string | []byte](out []byte, src S) (used, wrote int) {
	return 0, 0
}
