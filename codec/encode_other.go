//go:build !amd64 || purego

package codec

import "math"

// useEncodeOctets, useEncodeOctets512, encodeOctetsMin, octetVector (init,
// initWide), octetsEncodedLen, octetsIndex and encodeOctets stand for the
// vector paths of the octet encoders in encode_amd64.go, which this build
// does not have.
const useEncodeOctets, useEncodeOctets512 = false, false

const encodeOctetsMin = math.MaxInt

type octetVector struct{}

func (v *octetVector) init(k *Set, plus bool) {}

func (v *octetVector) initWide(w0, w1, w2, w3 uint64, plus bool) {}

func octetsEncodedLen[S string | []byte](v *octetVector, s S) int { return 0 }

func octetsIndex[S string | []byte](v *octetVector, s S) int { return 0 }

func encodeOctets[S string | []byte](dst []byte, s S, v *octetVector) ([]byte, S) { return dst, s }
