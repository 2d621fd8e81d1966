//go:build !amd64 || purego

package codec

// useDecodeForm, decodeFormMin and decodeFormKernel stand for the vector
// form decode of decodeform_amd64.go, which this build does not have.
const useDecodeForm = false

const decodeFormMin = 32

func decodeFormKernel[S string | []byte](out []byte, src S) (used, wrote int) {
	return 0, 0
}
