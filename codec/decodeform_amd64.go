//go:build !purego

package codec

// The WHATWG form decode with AVX-512 (decodeform_amd64.s), to the end of
// its input, for formDecodeInto: the plain path, decodeInto, is what the
// default build runs without AVX-512 and what -tags purego builds
// (decodeform_other.go); decodeform_test.go holds the two to the same
// answers.

// decodeFormAVX512 decodes the n bytes at src into the room bytes at dst
// as decodeInto does with '+' read as space and the lenient decode, up to
// a block with a '%' not followed by two hex digits or that does not fit
// in room (see decodeform_amd64.s). It returns the bytes it used and
// wrote.
//
//go:noescape
func decodeFormAVX512(dst *byte, room int, src *byte, n int, k *octetDecodeConsts) (used, wrote int)

// useDecodeForm says whether the form decode (formDecodeInto) decodes
// with decodeFormAVX512 (with AVX-512); tests turn it off to compare the
// paths.
var useDecodeForm = useAVX512

// decodeFormMin is the shortest input for which AppendFormDecode decodes
// with formDecodeInto.
const decodeFormMin = 32

// decodeFormKernel runs decodeFormAVX512 over src into out, with
// useDecodeForm; otherwise it does nothing.
func decodeFormKernel[S string | []byte](out []byte, src S) (used, wrote int) {
	if !useDecodeForm || len(src) == 0 || len(out) == 0 {
		return 0, 0
	}
	return decodeFormAVX512(&out[0], len(out), dataPtr(src), len(src), &octetDecodeAVX2Consts)
}
