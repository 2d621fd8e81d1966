//go:build !amd64 || purego

package codec

// validUTF8 reports whether b is valid UTF-8: utf8.Valid here, where there
// is no utf8ValidAVX512 (utf8_amd64.go).
func validUTF8[S string | []byte](b S) bool { return validUTF8Plain(b) }
