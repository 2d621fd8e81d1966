//go:build !amd64 || purego

package codec

// useEncodeUTF8, transcodeUTF8, keptASCII and keptASCIILen stand for the AVX-512 Encode of
// ecmaenc_amd64.go, which this build does not have: appendEncode keeps to
// its own steps, and appendEncodeUTF8, when tests call it, transcodes one
// code unit at a time.
var useEncodeUTF8 = false

func transcodeUTF8(out []byte, s []uint16) (used, wrote int) { return 0, 0 }

func keptASCII(out []byte, s []uint16, keep *Set) int { return 0 }

func keptASCIILen(s []uint16, keep *Set) int { return 0 }

// octetVectorOf returns v: this build has no vector path to ready.
func octetVectorOf(k *Set, v *octetVector) *octetVector { return v }

// encodeUTF16Octets stands for the AVX-512 Encode of ecmaenc_amd64.go: it
// uses nothing.
func encodeUTF16Octets(room []byte, s []uint16, v *octetVector) (used, wrote int, short bool) {
	return 0, 0, false
}
