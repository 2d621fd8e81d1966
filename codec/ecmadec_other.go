//go:build !amd64 || purego

package codec

// The plain stand-ins of ecmadec_amd64.go's kernels, for -tags purego and
// other GOARCHes: the octet path is off by default (useECMAOctets), and
// when tests turn it on it runs the plain twins.

var useECMAOctets = false

// hasECMAKernels is false here: there are no kernels to call, and
// useECMAKernels stays false.
const hasECMAKernels = false

var useECMAKernels = false

func narrowASCII(dst []byte, src []uint16) int { return narrowASCIIPlain(dst, src) }

func utf8ToUTF16Kernel(out []uint16, b []byte) (used, wrote int) { return 0, 0 }

func decodedUnitsKernel(s []uint16, kept bool) (scanned, delta int) { return 0, 0 }

func unitOctetsKernel(out []byte, src []uint16, kt *ecmaKeepTable) (used, wrote int) { return 0, 0 }

func ecmaOctetsPadded(out, src []byte, kt *ecmaKeepTable) (used, wrote int) { return 0, 0 }
