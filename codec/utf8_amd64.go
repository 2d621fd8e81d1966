//go:build !purego

package codec

// The one check of UTF-8 with AVX-512, utf8ValidAVX512 (utf8_amd64.s):
// the lookup algorithm of Keiser and Lemire, 64 octets at a time, for
// every check of UTF-8 through validUTF8: ECMAScript Decode's octet path
// (ecmadecode.go), Encode's and EscapeString's string forms, the UTF-8
// decode of utf8.go and the form decode (AppendFormDecode, formDecodeInto's
// chunks); its plain twin is utf8.Valid (validUTF8Plain), which
// -tags purego and other GOARCHes use (utf8_other.go), and
// utf8valid_test.go holds the two to the same answers.

// utf8ValidAVX512 reports whether the n octets at p are valid UTF-8 (RFC
// 3629), 64 at a time (see utf8_amd64.s).
//
//go:noescape
func utf8ValidAVX512(p *byte, n int, k *utf8ValidConsts) bool

// validUTF8 reports whether b is valid UTF-8, as utf8.Valid does (RFC
// 3629): with utf8ValidAVX512 where the CPU has AVX-512 (useAVX512).
func validUTF8[S string | []byte](b S) bool {
	if !useAVX512 || len(b) == 0 {
		return validUTF8Plain(b)
	}
	return utf8ValidAVX512(dataPtr(b), len(b), &utf8ValidAVX512Consts)
}

// utf8ValidConsts are the constants of UTF8CHECK (utf8_amd64.s): the
// three nibble tables of Keiser and Lemire's check, each spread to 64
// entries for one VPERMB (high1 and high2 indexed by the octet shifted
// right by 2, so entry i is the nibble i>>2's; low1 by the octet's low 6
// bits, so entry i is the nibble i&15's). The offsets (0, 64, 128) are
// written in utf8_amd64.s.
type utf8ValidConsts struct {
	high1, low1, high2 [64]byte
}

var utf8ValidAVX512Consts = func() (k utf8ValidConsts) {
	// The bits of the tables: an error that a pair of octets shows.
	const (
		tooShort   = 1 << 0 // a lead, or ASCII, after a lead
		tooLong    = 1 << 1 // a continuation after ASCII
		overlong3  = 1 << 2 // E0 80-9F
		tooLarge   = 1 << 3 // F4 90-BF, F5-FF
		surrogate  = 1 << 4 // ED A0-BF
		overlong2  = 1 << 5 // C0-C1
		tooLarge1k = 1 << 6 // F5-FF 80-8F
		twoConts   = 1 << 7 // a continuation after a continuation
		overlong4  = 1 << 6 // F0 80-8F
		carry      = tooShort | tooLong | twoConts
		large      = carry | tooLarge | tooLarge1k
	)
	high1 := [16]byte{
		tooLong, tooLong, tooLong, tooLong, tooLong, tooLong, tooLong, tooLong,
		twoConts, twoConts, twoConts, twoConts,
		tooShort | overlong2, tooShort, tooShort | overlong3 | surrogate,
		tooShort | tooLarge | tooLarge1k | overlong4,
	}
	low1 := [16]byte{
		carry | overlong3 | overlong2 | overlong4, carry | overlong2, carry, carry,
		carry | tooLarge, large, large, large, large, large, large, large, large,
		large | surrogate, large, large,
	}
	high2 := [16]byte{
		tooShort, tooShort, tooShort, tooShort, tooShort, tooShort, tooShort, tooShort,
		tooLong | overlong2 | twoConts | overlong3 | tooLarge1k | overlong4,
		tooLong | overlong2 | twoConts | overlong3 | tooLarge,
		tooLong | overlong2 | twoConts | surrogate | tooLarge,
		tooLong | overlong2 | twoConts | surrogate | tooLarge,
		tooShort, tooShort, tooShort, tooShort,
	}
	for i := range 64 {
		k.high1[i], k.low1[i], k.high2[i] = high1[i>>2], low1[i&15], high2[i>>2]
	}
	return k
}()
