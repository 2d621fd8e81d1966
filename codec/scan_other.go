//go:build !amd64 || purego

package codec

// indexNotInWide is the wide scan of scan_amd64.go where there is none: it
// leaves the whole scan to the byte-by-byte loop.
func indexNotInWide[S string | []byte](s S, k *Set) int { return 0 }
