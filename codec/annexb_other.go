//go:build !amd64 || purego

package codec

// narrowLatin1Blocks is the narrowing of annexb_amd64.go where there is no
// vector one: narrowLatin1Plain.
func narrowLatin1Blocks(buf []byte, s []uint16) int { return narrowLatin1Plain(buf, s) }
