//go:build !purego

package codec

// The WHATWG form decode with AVX-512 (decodeform_amd64.s), to the end of
// its input, for formDecodeInto (and the octet decoders' decodeOctets): the plain path, decodeInto, is what the
// default build runs without AVX-512 and what -tags purego builds
// (decodeform_other.go); decodeform_test.go holds the two to the same
// answers.

// decodeOctetsEndAVX512 decodes the n bytes at src into the room bytes at
// dst as decodeInto does with no escape kept and plus read as space ('%'
// for none), 64 bytes at a time to the end of src, up to a block with a
// '%' not followed by two hex digits or that does not fit in room (see
// decodeform_amd64.s). It returns the bytes it used and wrote. It is
// decodeOctetsAVX512 with no keep table and its last blocks loaded and
// stored with masks, for the form decode (decodeFormKernel) and the octet
// decoders (decodeOctets).
//
//go:noescape
func decodeOctetsEndAVX512(dst *byte, room int, src *byte, n int, plus byte, k *octetDecodeConsts) (used, wrote int)

// useDecodeForm says whether the form decode (formDecodeInto) decodes
// with decodeOctetsEndAVX512 (with AVX-512); tests turn it off to compare
// the paths.
var useDecodeForm = useAVX512

// decodeFormMin is the shortest input for which AppendFormDecode decodes
// with formDecodeInto.
const decodeFormMin = 32

// decodeFormKernel runs decodeOctetsEndAVX512 over src into out with '+'
// read as space, with useDecodeForm; otherwise it does nothing.
func decodeFormKernel[S string | []byte](out []byte, src S) (used, wrote int) {
	if !useDecodeForm || len(src) == 0 || len(out) == 0 {
		return 0, 0
	}
	return decodeOctetsEndAVX512(&out[0], len(out), dataPtr(src), len(src), '+', &octetDecodeAVX2Consts)
}
