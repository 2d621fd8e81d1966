//go:build !pctest_plantbug

package codec

// plantedBug is false: see plantbug.go. As a constant it compiles the
// planted branch in decodeInto away.
const plantedBug = false
