package codec

import (
	"encoding/binary"
	"math"
	"math/bits"
	"slices"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// This file holds escape and unescape of ECMA-262 5.1 Annex B.2.1 and
// B.2.2, the legacy global functions that every engine still ships. They
// work on UTF-16 code units, as the Annex words them; step numbers in the
// comments are those of the 5.1 text. Neither function can fail: escape
// encodes every code unit, lone surrogates included, and unescape keeps a
// '%' that does not start a well-formed escape as it is.
//
// 5.1 says "hexadecimal digits" without a case. ES2015 (B.2.1.1 step
// 6.b/6.c, "formatted as an uppercase hexadecimal number") makes escape's
// digits uppercase, as every engine wrote them before; this file does
// too. unescape reads either case in every edition.

// EscapeKeep is the set escape leaves as it is (Annex B.2.1 step 7): the 69
// nonblank characters "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789@*_+-./".
//
//	escape-keep = ALPHA / DIGIT / "@" / "*" / "_" / "+" / "-" / "." / "/"
var EscapeKeep = alnum.With("@*_+-./")

// escapeKeepSet is EscapeKeep as this package uses it: copied at start-up,
// so that a program that assigns to EscapeKeep changes neither what Escape
// does nor the tables made once from it.
var escapeKeepSet = EscapeKeep

// Escape returns escape(s) of ECMA-262 5.1 Annex B.2.1, for the string of
// UTF-16 code units s: each code unit of [EscapeKeep] as it is (step 13),
// any other below 256 as "%XY" (step 11), and every other, a lone surrogate
// as much as half of a pair, as "%uWXYZ" (step 9), with uppercase digits.
// It allocates once, the exact length: with the AVX-512 escape
// (useEscape512) sized by escapedLen's vector count and escaped into; in
// other builds, whose count is a plain loop, a short s is escaped into a
// buffer on the stack and converted, a long one sized first.
func Escape(s []uint16) string {
	if len(s) == 0 {
		return ""
	}
	if !useEscape512 && 6*len(s) <= escapeStackMax { // 6: the longest step
		var buf [escapeStackMax]byte
		return string(appendEscape(buf[:0], s))
	}
	b := appendEscape(make([]byte, 0, escapedLen(s)), s) // the exact length
	return unsafeString(b)                               // b is new and not kept
}

// escapeStackMax is the longest result Escape builds on its stack where
// there is no vector count to size it.
const escapeStackMax = 8192

// EscapeString is [Escape] on the UTF-16 form of the Go string s. Each byte
// of s that is not part of a valid UTF-8 sequence is taken as U+FFFD, as a
// for-range loop over s takes it. When every byte of s is in [EscapeKeep],
// it returns s itself; otherwise, for valid UTF-8 where the CPU has the
// AVX-512 escape (useEscapeUTF8512), it allocates once, the exact length
// (a vector count), and escapes into it. Otherwise a short s is escaped
// into a buffer on the stack and converted (with append's growth when its
// invalid bytes outgrow the buffer), a long s sized first.
func EscapeString(s string) string {
	i := indexNotIn(s, &escapeKeepSet)
	if i == len(s) {
		return s
	}
	if useEscapeUTF8512 && validUTF8(s[i:]) {
		// Valid UTF-8: sized exactly (a vector count with AVX-512) and
		// escaped straight into the result.
		b := make([]byte, i, i+escapedLenUTF8(s[i:]))
		copy(b, s[:i])
		return unsafeString(appendEscapeUTF8(b, s[i:])) // new and not kept
	}
	if 3*len(s) <= encodeStackMax {
		// Valid UTF-8 escapes to at most three bytes a byte: escape into
		// a buffer on the stack and convert once. Invalid bytes, six
		// bytes each, may outgrow it, into append's allocations.
		var buf [encodeStackMax]byte
		return string(appendEscapeString(append(buf[:0], s[:i]...), s[i:]))
	}
	n := i + escapedStringLen(s[i:])
	b := append(make([]byte, 0, n), s[:i]...)
	return unsafeString(appendEscapeString(b, s[i:])) // new and not kept
}

// escapeUTF8Room is the room escapeUTF8AVX512 needs to escape a chunk.
const escapeUTF8Room = 176

// appendEscapeUTF8 appends escape of the UTF-16 form of the valid UTF-8 s
// to b, which must have room for it (escapedLenUTF8); it never grows b. It
// takes s in runs: 64 ASCII bytes and more through escapeLatin1; with
// AVX-512, 64 bytes and more decoded to UTF-16 by Decode's kernel and
// escaped by appendEscape (appendEscapeUTF8Vector, escapeUTF16AVX512); the
// rest through escapeUTF8Units (escapeUTF8AVX512) straight into b's room,
// and, where that room is short of a chunk's, s starts with a four-byte
// character or there is no vector path, a chunk of up to 32 bytes through
// a buffer on the stack (a character at a time when escapeUTF8Units takes
// none of it).
func appendEscapeUTF8(b []byte, s string) []byte {
	for len(s) > 0 {
		if len(s) >= 64 && ascii64(s) {
			a := 64 + asciiPrefix(s[64:]) // ascii64 read the first 64
			b = escapeLatin1(b, s[:a])
			s = s[a:]
			continue
		}
		if useUTF8ToUTF16512 && len(s) >= 64 {
			var used int
			if b, used = appendEscapeUTF8Vector(b, s); used > 0 {
				s = s[used:]
				continue
			}
		}
		if used, wrote := escapeUTF8Units(b[len(b):cap(b)], s); used > 0 {
			b, s = b[:len(b)+wrote], s[used:]
			continue
		}
		var buf [escapeUTF8Room + 80]byte
		j := min(len(s), 32)
		for j < len(s) && !utf8.RuneStart(s[j]) {
			j-- // a chunk of whole characters
		}
		used, wrote := escapeUTF8Units(buf[:], s[:j])
		if used == 0 {
			// No vector path, or a four-byte character first: the
			// chunk a character at a time.
			for used < j {
				r, size := utf8.DecodeRuneInString(s[used:])
				wrote += putEscapedRune(buf[wrote:wrote+16], r)
				used += size
			}
		}
		b, s = append(b, buf[:wrote]...), s[used:]
	}
	return b
}

// escapeBlock is the size of the buffer on the stack through which the
// escape loops write: each step writes at most 12 bytes, as 8-byte stores,
// and the loops flush the buffer before it holds escapeBlock bytes.
const escapeBlock = 1024

// latin1Bulk is the shortest run of code units below 256 that the escape
// loops escape in bulk, as the octet encoders do (escapeLatin1), rather
// than a unit at a time through their buffer on the stack.
const latin1Bulk = 64

// latin1Dense is the run of code points below 256 in a Go string shorter
// than which appendEscapeString takes what follows in UTF-16, as text
// dense with code points from 256 on.
const latin1Dense = 32

// escapeLatin1 appends escape of the code units b, each below 256 and held
// as one byte, to dst. For these units escape is the octet encoders'
// percent-encoding with the kept octets [EscapeKeep]: a unit of the set as
// it is (steps 7 and 13), any other as "%XY" (steps 8 and 11), which is
// the escape of the octet of the same value. So it is escapeOctets, their
// vector path (64 octets at a time with AVX-512, 32 with AVX2).
func escapeLatin1[S string | []byte](dst []byte, b S) []byte {
	return escapeOctets(dst, b, &escapeKeepSet)
}

// ascii64 reports whether the first 64 bytes of s, which must have them,
// are ASCII, with no branch before the answer.
func ascii64(s string) bool {
	return (load64(s, 0)|load64(s, 8)|load64(s, 16)|load64(s, 24)|
		load64(s, 32)|load64(s, 40)|load64(s, 48)|load64(s, 56))&0x8080808080808080 == 0
}

// asciiPrefix returns the length of the run of ASCII bytes at the start of
// s, eight at a time.
func asciiPrefix(s string) int {
	i := 0
	for ; i+8 <= len(s); i += 8 {
		if m := load64(s, i) & 0x8080808080808080; m != 0 {
			return i + bits.TrailingZeros64(m)>>3
		}
	}
	for i < len(s) && s[i] < utf8.RuneSelf {
		i++
	}
	return i
}

// escapeUTF8Table is what appendEscapeString writes for each byte of a Go
// string, by the class of the byte before it (escapeUTF8Class), as the
// escapes' bytes in the low six bytes and their number in the top byte:
// after any but a lead 0xC2 or 0xC3, an ASCII byte as escapeUnitTable
// writes it, such a lead as nothing, and a byte that cannot start a
// sequence there (a continuation byte, 0xC0, 0xC1, 0xF5 to 0xFF) as the
// escape of U+FFFD (step 9); after one of them, a continuation byte as the
// escape of the code point of the two, 0x80 to 0xFF (step 11). Every other
// byte, which starts or ends something longer, has escapeStop set.
var escapeUTF8Table = func() (t [4 * 256]uint64) {
	for i := 3 * 256; i < len(t); i++ {
		t[i] = escapeStop // no row: there for the loops' index mask
	}
	unit := func(c int) uint64 {
		v := escapeUnitTable[c]
		return uint64(v&0xFFFFFF) | uint64(v>>24)<<56
	}
	for c := range 256 {
		switch {
		case c < utf8.RuneSelf:
			t[c] = unit(c)
		case c == 0xC2 || c == 0xC3:
			t[c] = 0 // nothing yet
		case c < 0xC2 || c > 0xF4:
			t[c] = escapeU(0xFFFD) | 6<<56
		default:
			t[c] = escapeStop
		}
		for lead := 1; lead <= 2; lead++ {
			if c&0xC0 == 0x80 {
				t[lead<<8|c] = unit((lead+1)<<6&0xC0 | c&0x3F)
			} else {
				t[lead<<8|c] = escapeStop
			}
		}
	}
	return t
}()

// escapeStop marks a byte of escapeUTF8Table that its loops leave to the
// rune by rune one.
const escapeStop = 1 << 63

// escapeStreak is how many bytes in a row that escapeUTF8Latin1 takes the
// rune loops of appendEscapeString and escapedStringLen take themselves
// before they hand over to it.
const escapeStreak = 8

// escapeUTF8At returns escapeUTF8Table's entry for the code point at the
// start of s, which escapeUTF8Takes, and its length, 1 or 2.
func escapeUTF8At(s string) (uint64, int) {
	if row := int(escapeUTF8Class[s[0]]); row != 0 {
		return escapeUTF8Table[row|int(s[1])], 2
	}
	return escapeUTF8Table[s[0]], 1
}

// validAt reports whether s starts with a valid UTF-8 sequence.
func validAt(s string) bool {
	if s[0] < utf8.RuneSelf {
		return true
	}
	_, size := runeAt(s, 0)
	return size > 0
}

// escapeUTF8Takes reports whether escapeUTF8Latin1 takes the first byte of
// s, which must not be empty: it is in escapeUTF8Table without escapeStop,
// and not a lead 0xC2 or 0xC3 without its continuation byte.
func escapeUTF8Takes(s string) bool {
	return escapeUTF8Table[s[0]]&escapeStop == 0 && (s[0]&0xFE != 0xC2 || len(s) > 1 && s[1]&0xC0 == 0x80)
}

// escapeUTF8Class is the row of escapeUTF8Table for the byte after each
// byte: 256 after 0xC2, 512 after 0xC3, else 0.
var escapeUTF8Class = func() (t [256]uint16) {
	t[0xC2], t[0xC3] = 256, 512
	return t
}()

// escapeUTF8Latin1 writes escape of the code points below 256 at the start
// of s to buf from k on, ASCII bytes and valid two-byte UTF-8 sequences,
// and of the bytes that cannot start a sequence, as U+FFFD, while k is at
// most limit, through escapeUTF8Table. It returns the bytes
// of s it read and the new k. Each byte's entry depends on that byte and
// the one before only, so the loop has no branch on which a byte is, as
// random text has them in no order a branch predictor could follow.
func escapeUTF8Latin1(buf *[escapeBlock + 16]byte, k, limit int, s string) (int, int) {
	row, i := 0, 0
	for ; i < len(s) && k <= limit; i++ {
		c := s[i]
		v := escapeUTF8Table[(row|int(c))&1023]
		if v&escapeStop != 0 {
			break
		}
		binary.LittleEndian.PutUint64(buf[k&(escapeBlock-1):], v)
		k += int(v >> 56)
		row = int(escapeUTF8Class[c])
	}
	if row != 0 {
		i-- // a lead without its continuation byte: for the rune loop
	}
	return i, k
}

// appendEscapeString appends escape of the UTF-16 form of s to b, each byte
// not part of a valid UTF-8 sequence taken as U+FFFD. Up to the first
// such byte, appendEscapeRuns escapes it; from there on, long runs of ASCII
// go through escapeLatin1 as they are; other code points below 256 through
// escapeUTF8Latin1, into a buffer on the stack; at a code point from 256
// on, the next 255 code units in UTF-16 through appendEscape where the CPU
// has AVX-512 (until it meets invalid UTF-8, which random bytes are full
// of), else the rest rune by rune into the buffer, as "%uWXYZ".
func appendEscapeString(b []byte, s string) []byte {
	if b, s = appendEscapeRuns(b, s); len(s) == 0 {
		return b
	}
	var buf [escapeBlock + 16]byte
	k := 0
	run := latin1Dense // the code points below 256 since the last from 256 on
	invalid := false   // whether s held a byte the rune loop took as U+FFFD
	for len(s) > 0 {
		if len(s) >= latin1Bulk && ascii64(s) {
			a := 64 + asciiPrefix(s[64:]) // ascii64 read the first 64
			b = escapeLatin1(append(b, buf[:k]...), s[:a])
			k = 0
			s = s[a:]
			run += a
		}
		used, k1 := escapeUTF8Latin1(&buf, k, escapeBlock-16, s)
		k = k1
		s = s[used:]
		run += used
		if k > escapeBlock-16 {
			b = append(b, buf[:k]...)
			k = 0
			continue // the buffer was full, not s at a code point from 256 on
		}
		if len(s) > 0 && useEscape512 && run < latin1Dense && !invalid && validAt(s) {
			// Code points from 256 on, or invalid bytes, after a short
			// run below 256: with AVX-512, the UTF-16 form of the next
			// 255 code units, whatever they are, through appendEscape's
			// vector path.
			var u [256]uint16
			n, used := utf16Prefix(&u, s)
			b = appendEscape(append(b, buf[:k]...), u[:n])
			k, run = 0, 0
			s = s[used:]
			continue
		}
		// Code points from 256 on and invalid bytes, up to a run of
		// those below 256 (taken here too, through the same table, as
		// random bytes have them in runs too short to leave this loop).
		for streak := 0; len(s) > 0 && k <= escapeBlock-16; {
			if escapeUTF8Takes(s) {
				if streak++; streak > escapeStreak {
					break
				}
				v, size := escapeUTF8At(s)
				binary.LittleEndian.PutUint64(buf[k:k+8], v)
				k += int(v >> 56)
				s = s[size:]
				continue
			}
			streak = 0
			r, size := runeAt(s, 0)
			if size == 0 { // U+FFFD
				r, size = utf8.RuneError, 1
				invalid = true
			}
			k += putEscapedRune(buf[k:k+16], r)
			s = s[size:]
			run = 0
		}
		if k > escapeBlock-16 {
			b = append(b, buf[:k]...)
			k = 0
		}
	}
	return append(b, buf[:k]...)
}

// asciiBulk is the shortest run of ASCII bytes that appendEscapeRuns
// escapes through escapeLatin1; a shorter one goes through
// escapeUnitTable a byte at a time.
const asciiBulk = 64

// appendEscapeRuns appends escape of the start of s to b, up to the first
// byte of s that is not part of a valid UTF-8 sequence, and returns the
// rest of s from that byte on (empty when s is valid). It takes s in runs:
// a run of ASCII bytes, found a word at a time, through escapeLatin1 when
// long and escapeUnitTable when short; then the characters up to the next
// ASCII byte one at a time, decoded in line, as "%XY" below 256 (step 11)
// and as "%uWXYZ" for each code unit from 256 on (step 9). It writes
// straight into b, grown when it has no room (never for a valid s when b
// has room for three bytes a byte of s, as EscapeString gives it).
func appendEscapeRuns(b []byte, s string) ([]byte, string) {
	retry := len(s) // the length of s from which to try the vector path
	for len(s) > 0 {
		if useUTF8ToUTF16512 && len(s) >= 64 && len(s) <= retry && !ascii64(s) {
			var used int
			if b, used = appendEscapeUTF8Vector(b, s); used > 0 {
				s = s[used:]
				continue
			}
			// It takes nothing here (a four-byte character, say): not
			// again for 256 bytes, so that text dense with them does not
			// pay for a try at each of its runs.
			retry = len(s) - 256
		}
		if j := asciiPrefix(s); j > 0 {
			if cap(b)-len(b) < 3*j+8 {
				b = slices.Grow(b, 3*j+8)
			}
			if j >= asciiBulk {
				b = escapeLatin1(b, s[:j])
			} else {
				out := b[len(b):cap(b)]
				k := 0
				for _, c := range []byte(s[:j]) { // steps 13 and 11
					v := escapeUnitTable[c]
					binary.LittleEndian.PutUint32(out[k:k+4], v)
					k += int(v >> 24)
				}
				b = b[:len(b)+k]
			}
			s = s[j:]
		}
		for len(s) > 0 && s[0] >= utf8.RuneSelf {
			if cap(b)-len(b) < 16 {
				b = slices.Grow(b, 16)
			}
			out := b[len(b) : len(b)+16]
			var r rune
			size := 0
			c := s[0]
			if c&0xE0 == 0xC0 && len(s) > 1 && s[1]&0xC0 == 0x80 && c >= 0xC2 {
				r, size = rune(c&0x1F)<<6|rune(s[1]&0x3F), 2
			} else if c&0xF0 == 0xE0 && len(s) > 2 && s[1]&0xC0 == 0x80 && s[2]&0xC0 == 0x80 {
				r, size = rune(c&0x0F)<<12|rune(s[1]&0x3F)<<6|rune(s[2]&0x3F), 3
				if r < 0x800 || (r >= surrHighMin && r <= surrLowMax) {
					size = 0 // overlong or a surrogate
				}
			} else if c&0xF8 == 0xF0 && len(s) > 3 && s[1]&0xC0 == 0x80 && s[2]&0xC0 == 0x80 && s[3]&0xC0 == 0x80 {
				r, size = rune(c&0x07)<<18|rune(s[1]&0x3F)<<12|rune(s[2]&0x3F)<<6|rune(s[3]&0x3F), 4
				if r < 0x10000 || r > utf8.MaxRune {
					size = 0 // overlong or beyond U+10FFFF
				}
			} else {
				size = 0 // a byte that cannot start a sequence, or a short one
			}
			if size == 0 {
				return b, s // not valid UTF-8: for the caller's loops
			}
			b = b[:len(b)+putEscapedRune(out, r)]
			s = s[size:]
		}
	}
	return b, s
}

// appendEscapeUTF8Vector appends escape of the start of s to b through
// the vector paths: utf8ToUTF16Units decodes it to UTF-16, 512 code units
// at a time, and appendEscape escapes those (escapeUTF16AVX512). It
// returns the bytes of s it took, none when utf8ToUTF16Units takes none.
func appendEscapeUTF8Vector(b []byte, s string) ([]byte, int) {
	var u [512 + 64]uint16
	taken := 0
	for {
		used, n := utf8ToUTF16Units(u[:], s[taken:])
		if used == 0 {
			return b, taken
		}
		b = appendEscape(b, u[:n])
		taken += used
	}
}

// utf16Prefix writes the UTF-16 form of the start of s to u, each byte not
// part of a valid UTF-8 sequence as U+FFFD, up to 255 code units, and
// returns how many it wrote and how many bytes of s it read.
func utf16Prefix(u *[256]uint16, s string) (n, used int) {
	for used < len(s) && n < len(u)-1 {
		if c := s[used]; c < utf8.RuneSelf {
			u[n] = uint16(c)
			n++
			used++
			continue
		}
		if c := s[used]; c < 0xC2 || c > 0xF4 {
			// A byte that cannot start a sequence: U+FFFD.
			u[n] = utf8.RuneError
			n++
			used++
			continue
		} else if c < 0xE0 && used+1 < len(s) && s[used+1]&0xC0 == 0x80 {
			u[n] = uint16(c&0x1F)<<6 | uint16(s[used+1]&0x3F) // two bytes, in line
			n++
			used += 2
			continue
		} else if c&0xF0 == 0xE0 && used+2 < len(s) {
			// Three bytes, in line: valid unless overlong or a
			// surrogate, which the rune below takes care of.
			c1, c2 := s[used+1], s[used+2]
			r := uint16(c&0x0F)<<12 | uint16(c1&0x3F)<<6 | uint16(c2&0x3F)
			if c1&0xC0 == 0x80 && c2&0xC0 == 0x80 && r >= 0x800 && (r < surrHighMin || r > surrLowMax) {
				u[n] = r
				n++
				used += 3
				continue
			}
		}
		r, size := runeAt(s, used)
		if size == 0 {
			r, size = utf8.RuneError, 1
		}
		if r >= 0x10000 {
			hi, lo := utf16.EncodeRune(r)
			u[n], u[n+1] = uint16(hi), uint16(lo)
			n += 2
		} else {
			u[n] = uint16(r)
			n++
		}
		used += size
	}
	return n, used
}

// escapedStringLen is the length of appendEscapeString's output for s. It
// counts the runs escapeUTF8Latin1 takes with escapeUTF8Latin1 itself,
// which writes them, over and over, to a scratch buffer on the stack.
func escapedStringLen(s string) int {
	var scratch [escapeBlock + 16]byte
	n := 0
	for len(s) > 0 {
		used, k := escapeUTF8Latin1(&scratch, n, math.MaxInt-8, s)
		n = k
		s = s[used:]
		for streak := 0; len(s) > 0; {
			if escapeUTF8Takes(s) {
				if streak++; streak > escapeStreak {
					break
				}
				v, size := escapeUTF8At(s)
				n += int(v >> 56)
				s = s[size:]
				continue
			}
			streak = 0
			if r, size := runeAt(s, 0); size == 0 {
				n += 6 // U+FFFD
				s = s[1:]
			} else {
				n += escapedRuneLen(r)
				s = s[size:]
			}
		}
	}
	return n
}

// escapeUnitTable is what escape writes for each code unit below 256, as
// an encTable: the unit itself for [EscapeKeep] (step 13), else "%XY"
// (step 11).
var escapeUnitTable = func() (t encTable) {
	t.fill(&escapeKeepSet, false)
	return t
}()

// hexPairs holds the two uppercase hexadecimal digits of each byte, the
// first in the low byte.
var hexPairs = func() (t [256]uint16) {
	for c := range t {
		t[c] = uint16(upperHex[c>>4]) | uint16(upperHex[c&15])<<8
	}
	return t
}()

// escapeU returns "%uWXYZ" for the code unit c (step 9) in the low six
// bytes of a little-endian word.
func escapeU(c uint16) uint64 {
	return '%' | 'u'<<8 | uint64(hexPairs[c>>8])<<16 | uint64(hexPairs[c&255])<<32
}

// putEscapedRune writes escape of the code units of the rune r to out,
// which must have 16 bytes, and returns how many bytes it wrote: below 256
// as escapeUnitTable has it (step 13 or 11), else "%uWXYZ" for each code
// unit, one or two (step 9; putEscapedPair). It is the one home of escape
// a rune at a time; escapedRuneLen is its length.
func putEscapedRune(out []byte, r rune) int {
	if uint32(r) >= 0x10000 {
		return putEscapedPair(out, r)
	}
	if r < 0x100 { // step 13 or 11
		v := escapeUnitTable[byte(r)]
		binary.LittleEndian.PutUint32(out, v)
		return int(v >> 24)
	}
	binary.LittleEndian.PutUint64(out, escapeU(uint16(r))) // step 9
	return 6
}

// putEscapedPair is putEscapedRune for r from 0x10000 on: step 9 for each
// code unit of its surrogate pair, 12 bytes.
func putEscapedPair(out []byte, r rune) int {
	hi, lo := utf16.EncodeRune(r)
	binary.LittleEndian.PutUint64(out[:8], escapeU(uint16(hi)))
	binary.LittleEndian.PutUint64(out[6:14], escapeU(uint16(lo)))
	return 12
}

// escapedRuneLen is the length of escape's output for the code units of
// the rune r, which is not ASCII.
func escapedRuneLen(r rune) int {
	switch {
	case r < 0x100:
		return 3 // step 11
	case r < 0x10000:
		return 6 // step 9
	}
	return 12 // two code units
}

// escapeLenTable is the length of what escape writes for each octet of
// valid UTF-8, which the vector counts sum (escapeLenUTF8AVX512; for
// UTF-16 its ASCII half, escapeLenUTF16AVX512): for ASCII, 1 or 3 (steps
// 13 and 11); for a continuation octet 0x80 to 0xBF, nothing (its lead
// counts the character); for a lead 0xC2 or 0xC3 of a code point below 256,
// 3 (step 11); for a lead of two or three octets from 0xC4 on, 6 (step
// 9); for a four-octet one, 12 (two code units); and 6 for an octet no
// valid UTF-8 holds (U+FFFD), which the counts are never given.
var escapeLenTable = func() (t [256]byte) {
	for c := range utf8.RuneSelf {
		t[c] = byte(escapeUnitTable[c] >> 24)
	}
	for c := 0xC0; c < len(t); c++ {
		t[c] = byte(escapedRuneLen(utf8.RuneError)) // a lead no valid UTF-8 holds
	}
	// Each lead that valid UTF-8 holds: escapedRuneLen of the code points
	// it leads, which is the same for all of them. Every 64th code point
	// meets every lead (a lead carries the code point's bits from bit 6 on).
	for r := rune(utf8.RuneSelf); r <= utf8.MaxRune; r += 1 << 6 {
		if !utf16.IsSurrogate(r) {
			var b [utf8.UTFMax]byte
			utf8.EncodeRune(b[:], r)
			t[b[0]] = byte(escapedRuneLen(r))
		}
	}
	return t
}()

// escapedLenUTF8Plain is the length of escape of the UTF-16 form of the
// valid UTF-8 s: the sum of escapeLenTable over its bytes.
func escapedLenUTF8Plain(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		n += int(escapeLenTable[s[i]])
	}
	return n
}

// escapedLenPlain is the length of escape(s), a code unit at a time.
func escapedLenPlain(s []uint16) int {
	n := 0
	for _, c := range s {
		if c < 256 {
			n += int(escapeUnitTable[c] >> 24) // step 13 or 11
		} else {
			n += 6 // step 9
		}
	}
	return n
}

// AppendEscape appends [Escape] of s to dst and returns the extended
// buffer. It grows dst at most once, by exactly what is missing, and does
// not size the result when dst has room for the longest; with AVX-512 it
// escapes into dst's room first, while that lasts, and sizes only the
// rest. It uses dst[len(dst):cap(dst)] as scratch: those bytes may change
// past the result's end, and where dst has too little room, even though
// the result is then a new array.
func AppendEscape(dst []byte, s []uint16) []byte {
	if room := cap(dst) - len(dst); room < 6*len(s) { // 6: the longest step
		used, wrote := escapeUnits512(dst[len(dst):cap(dst)], s)
		dst, s = dst[:len(dst)+wrote], s[used:]
		if len(s) == 0 {
			return dst
		}
		if n := escapedLen(s); cap(dst)-len(dst) < n {
			dst = slices.Grow(dst, n)
		}
	}
	return appendEscape(dst, s)
}

// appendEscape is Annex B.2.1 steps 5 to 16 over s: 32 units at a time
// through escapeUnits512 where the CPU has AVX-512 and dst has room, and
// the rest through appendEscapeBuffered.
func appendEscape(dst []byte, s []uint16) []byte {
	for len(s) > 0 { // steps 5, 6, 15, 16
		used, wrote := escapeUnits512(dst[len(dst):cap(dst)], s)
		if used > 0 {
			dst = dst[:len(dst)+wrote]
		} else {
			dst, used = appendEscapeBuffered(dst, s)
		}
		s = s[used:]
	}
	return dst
}

// appendEscapeBuffered appends escape of the start of s to dst through
// buffers on the stack, and returns the units it took. Runs of code units
// below 256 are gathered into bytes 32 at a time (narrowLatin1Blocks) and,
// when long, escaped through escapeLatin1; the other units go 32 at a time
// through escapeUnits512 into a buffer on the stack where the CPU has
// AVX-512 (where dst's room is short of the escape of the next 32), else
// one at a time. With AVX-512 it takes the runs below 256 at the start of s, or
// else one buffer, so that appendEscape goes on straight into dst; else
// all of s.
func appendEscapeBuffered(dst []byte, s []uint16) ([]byte, int) {
	var lat [512]byte
	var buf [escapeBlock + 16]byte
	k, used := 0, 0
	for used < len(s) {
		rest := s[used:]
		if len(rest) >= latin1Bulk {
			if n := narrowLatin1Blocks(lat[:], rest); n >= latin1Bulk {
				dst = escapeLatin1(append(dst, buf[:k]...), lat[:n])
				k = 0
				used += n
				continue
			}
		}
		if useEscape512 && used > 0 {
			break // after runs below 256: back to appendEscape's loop
		}
		if u, w := escapeUnits512(buf[k:], rest[:min(len(rest), 128)]); u > 0 {
			k += w
			used += u
			break
		}
		m := min(len(rest), 32)
		for _, c := range rest[:m] {
			if c < 256 { // steps 7 → 13, 8 → 11
				v := escapeUnitTable[c]
				binary.LittleEndian.PutUint32(buf[k:k+4], v)
				k += int(v >> 24)
			} else { // step 9
				binary.LittleEndian.PutUint64(buf[k:k+8], escapeU(c))
				k += 6
			}
		}
		used += m
		if k > escapeBlock-6*32 {
			dst = append(dst, buf[:k]...)
			k = 0
		}
	}
	return append(dst, buf[:k]...), used
}

// narrowLatin1Plain is narrowLatin1AVX2 in Go: it writes to buf, one byte
// each, the code units of s in whole blocks of 32 from the start, up to
// the first block that holds a unit from 256 on, and returns how many.
func narrowLatin1Plain(buf []byte, s []uint16) int {
	n := min(len(buf), len(s)) &^ 31
	i := 0
	for ; i < n; i += 32 {
		var or uint16
		for _, c := range s[i : i+32] {
			or |= c
		}
		if or>>8 != 0 {
			break
		}
		for j, c := range s[i : i+32] {
			buf[i+j] = byte(c)
		}
	}
	return i
}

// Unescape returns unescape(s) of ECMA-262 5.1 Annex B.2.2, for the string
// of UTF-16 code units s: "%uWXYZ" with four hexadecimal digits becomes the
// code unit 0xWXYZ (steps 8 to 12), which may be a lone surrogate; "%XY"
// with two becomes the code unit 0x00XY (steps 14 to 16); every other code
// unit, a '%' that starts neither among them, is kept as it is (step 18).
//
// When s holds no '%', nothing changes and it returns s itself: the result
// shares s's memory then; use AppendUnescape(nil, s) for a copy. Otherwise
// the result is new, allocated once: for a short s unescaped on the stack
// and copied, the result's length, else the length of s.
func Unescape(s []uint16) []uint16 {
	i := indexPct16(s)
	if i < 0 {
		return s // step 18 for every code unit
	}
	if len(s) <= unescapeStackMax {
		var buf [unescapeStackMax]uint16
		return slices.Clone(appendUnescape(buf[:0], s, i)) // one allocation, the result's length
	}
	return appendUnescape(make([]uint16, 0, len(s)), s, i)
}

// unescapeStackMax is the longest s whose unescape Unescape builds on its
// stack.
const unescapeStackMax = 4096

// UnescapeString is [Unescape] on the UTF-16 form of the Go string s,
// returned as UTF-8. Each byte of s that is not part of a valid UTF-8
// sequence is taken as U+FFFD, and a lone surrogate in the result (from
// "%uD800", say, which a Go string cannot hold) is written as U+FFFD.
// When s is valid UTF-8 without '%', it returns s itself; otherwise it
// allocates once for a valid s (a short s unescaped on the stack and
// copied, the result's length, a long one the length of s) and thrice for
// an invalid one, which it first makes valid.
//
// It works on the bytes of s: the escapes are ASCII, so they are the same
// code units there, and a surrogate pair of the result can only come from
// two "%u" escapes in a row (a literal character of s is never a lone
// surrogate). An invalid byte, never part of an escape, is the same as the
// U+FFFD it stands for.
func UnescapeString(s string) string {
	i := strings.IndexByte(s, '%')
	ascii := asciiPrefix(s) == len(s) // and so valid UTF-8
	if !ascii && !utf8.ValidString(s) {
		s = string([]rune(s)) // each invalid byte a U+FFFD
		i = strings.IndexByte(s, '%')
	}
	if i < 0 {
		return s
	}
	if len(s) <= encodeStackMax {
		var buf [encodeStackMax]byte
		return string(buf[:unescapeInto(buf[:len(s)], s, i, ascii)]) // one allocation, the result's length
	}
	b := make([]byte, len(s))
	return unsafeString(b[:unescapeInto(b, s, i, ascii)]) // b is new and not kept
}

// unescapeInto writes UnescapeString of the valid UTF-8 s, whose first '%'
// is at i, to b, which must be as long as s, and returns its length; ascii
// says s is all ASCII (for unescapeVector). Every
// escape is at least as long as its UTF-8: "%XY" is 3 bytes for one or two,
// "%uWXYZ" 6 for at most three (U+FFFD for a surrogate), two of them 12 for
// a pair's four.
func unescapeInto(b []byte, s string, i int, ascii bool) int {
	w := copy(b, s[:i])
	retry := i // where to try unescapeVector again
	for k := i; k < len(s); {
		if s[k] != '%' { // after unescapeVector: the literal run
			j := strings.IndexByte(s[k:], '%')
			if j < 0 {
				j = len(s) - k
			}
			w += copy(b[w:], s[k:k+j])
			k += j
			continue
		}
		if useUnescape512 && len(s)-k >= unescapeVectorMin && k >= retry {
			if k1, w1 := unescapeVector(b, w, s, k, ascii); k1 > k {
				k, w = k1, w1
				continue
			}
			retry = k + unescapeChunk // not again in the chunk it looked at
		}
		v, n := unescapeAt(s[k:]) // s[k] is '%'
		switch {
		case n == 0: // step 18: the '%' as it is
			b[w] = '%'
			w++
			k++
		case v < utf8.RuneSelf:
			b[w] = byte(v)
			w++
			k += n
		case v < 0x800:
			b[w], b[w+1] = 0xC0|byte(v>>6), 0x80|byte(v)&0x3F
			w += 2
			k += n
		case !utf16.IsSurrogate(rune(v)):
			b[w], b[w+1], b[w+2] = 0xE0|byte(v>>12), 0x80|byte(v>>6)&0x3F, 0x80|byte(v)&0x3F
			w += 3
			k += n
		default:
			r := utf8.RuneError
			if u, m := unescapeAt(s[k+n:]); m == 6 && v < surrLowMin && u >= surrLowMin && u <= surrLowMax {
				r = utf16.DecodeRune(rune(v), rune(u))
				n += m
			}
			w += utf8.EncodeRune(b[w:], r)
			k += n
		}
		if k < len(s) && s[k] == '%' {
			continue // escapes in a row
		}
		// The literal characters up to the next '%': a few copied
		// here, a longer run found with IndexByte and copied whole.
		for end := min(len(s), k+8); k < end && s[k] != '%'; k++ {
			b[w] = s[k]
			w++
		}
		if k < len(s) && s[k] != '%' {
			j := strings.IndexByte(s[k:], '%')
			if j < 0 {
				j = len(s) - k
			}
			w += copy(b[w:], s[k:k+j])
			k += j
		}
	}
	return w
}

// unescapeVectorMin is the shortest chunk of s that unescapeVector takes,
// and unescapeChunk the longest.
const (
	unescapeVectorMin = 64
	unescapeChunk     = 512
)

// unescapeVector writes UnescapeString of a chunk of the valid UTF-8 s from
// s[k] on, a '%', to b from w on, through the UTF-16 vector paths: the
// chunk widened to code units (widenASCII), unescaped (appendUnescape,
// unescapeUTF16AVX512) and written as UTF-8 (transcodeUTF8, which stops at
// a surrogate; a pair or a lone one, as U+FFFD, is written here). The chunk
// is up to unescapeChunk bytes, cut before the first byte from 0x80 on
// (only ASCII widens to its code units; no need to look when ascii says s
// is all ASCII) and, unless s ends there, before a
// '%' among its last five bytes (so it cuts no escape) and before an
// escape of a high surrogate at its end (so it cuts no pair). It takes the chunk only
// when at least one byte in 16 of it is a '%': the scalar loop copies
// sparse escapes' literal runs faster. It returns the new k and w; k as it
// was when it takes nothing, and then it writes nothing.
func unescapeVector(b []byte, w int, s string, k int, ascii bool) (int, int) {
	chunk := s[k:min(len(s), k+unescapeChunk)]
	if !ascii {
		chunk = chunk[:asciiPrefix(chunk)]
	}
	for k+len(chunk) < len(s) && len(chunk) >= unescapeVectorMin {
		t := len(chunk) - 6
		if j := strings.IndexByte(chunk[t+1:], '%'); j >= 0 {
			chunk = chunk[:t+1+j]
		} else if h := chunk[t+3] | 0x20; chunk[t] == '%' && chunk[t+1] == 'u' && chunk[t+2]|0x20 == 'd' &&
			(h == '8' || h == '9' || h == 'a' || h == 'b') {
			chunk = chunk[:t] // "%uD800" to "%uDBFF", maybe the first of a pair
		} else {
			break
		}
	}
	if len(chunk) < unescapeVectorMin || 16*strings.Count(chunk, "%") < len(chunk) {
		return k, w
	}
	var u, v [unescapeChunk]uint16
	widenASCII(u[:], chunk)
	units := appendUnescape(v[:0], u[:len(chunk)], 0)
	for len(units) > 0 {
		used, wrote := transcodeUTF8(b[w:], units)
		w += wrote
		units = units[used:]
		// A surrogate, or units transcodeUTF8 left for want of room.
		for n := min(len(units), 64); n > 0; n-- {
			c := units[0]
			switch {
			case c < utf8.RuneSelf:
				b[w] = byte(c)
				w++
			case c < 0x800:
				b[w], b[w+1] = 0xC0|byte(c>>6), 0x80|byte(c)&0x3F
				w += 2
			case !utf16.IsSurrogate(rune(c)):
				b[w], b[w+1], b[w+2] = 0xE0|byte(c>>12), 0x80|byte(c>>6)&0x3F, 0x80|byte(c)&0x3F
				w += 3
			default:
				r := utf8.RuneError
				if len(units) > 1 && c < surrLowMin && units[1] >= surrLowMin && units[1] <= surrLowMax {
					r = utf16.DecodeRune(rune(c), rune(units[1]))
					units = units[1:]
					n--
				}
				w += utf8.EncodeRune(b[w:], r)
			}
			units = units[1:]
		}
	}
	return k + len(chunk), w
}

// unescapeAt returns the code unit of the escape "%uWXYZ" (steps 8 to 12)
// or "%XY" (steps 14 to 16) at the start of s and its length, or a length
// of 0 when s does not start with one.
func unescapeAt(s string) (uint16, int) {
	if len(s) >= 6 && s[0] == '%' && s[1] == 'u' {
		if v, ok := hex4(s[2], s[3], s[4], s[5]); ok {
			return v, 6
		}
	}
	if len(s) >= 3 && s[0] == '%' {
		if h, l := unhex[s[1]], unhex[s[2]]; h|l <= 0xF {
			return uint16(h)<<4 | uint16(l), 3
		}
	}
	return 0, 0
}

// AppendUnescape appends [Unescape] of s to dst and returns the extended
// buffer. It grows dst at most once, by what the longest result needs (the
// length of s), and copies the runs between escapes whole.
func AppendUnescape(dst, s []uint16) []uint16 {
	i := indexPct16(s)
	if i < 0 {
		return append(dst, s...) // step 18 for every code unit
	}
	return appendUnescape(dst, s, i)
}

// appendUnescape is Annex B.2.2 steps 4 to 20 over s, whose first '%' is at
// i, appended to dst.
func appendUnescape(dst, s []uint16, i int) []uint16 {
	dst = slices.Grow(dst, len(s)) // step 18 at most once a unit
	out := dst[len(dst) : len(dst)+len(s)]
	w := copy(out, s[:i])
	n := len(s)          // step 2
	for k := i; k < n; { // steps 4, 5, 19, 20
		if s[k] != '%' { // steps 6, 7
			// Step 18 for the units up to the next '%': a few copied
			// here, a longer run found with indexPct16 and copied whole.
			for end := min(n, k+8); k < end && s[k] != '%'; k++ {
				out[w] = s[k]
				w++
			}
			if k < n && s[k] != '%' {
				j := indexPct16(s[k:])
				if j < 0 {
					j = n - k
				}
				w += copy(out[w:], s[k:k+j])
				k += j
			}
			continue
		}
		if useUnescape512 {
			// The rest, in windows of 64 units, with AVX-512.
			if used, wrote := unescapeUnits512(out[w:], s[k:]); used > 0 {
				k, w = k+used, w+wrote
				continue
			}
		}
		v, m := uint16('%'), 1 // step 18: the '%' as it is, unless
		if k <= n-6 && s[k+1] == 'u' {
			// Steps 8 to 11: "u" and four hexadecimal digits.
			a, b, c, d := s[k+2], s[k+3], s[k+4], s[k+5]
			if x, ok := hex4(byte(a), byte(b), byte(c), byte(d)); ok && (a|b|c|d)>>8 == 0 {
				v, m = x, 6
			}
		}
		if m == 1 && k <= n-3 {
			// Steps 14 to 16: two hexadecimal digits.
			if x, ok := hexPair(s[k+1], s[k+2]); ok {
				v, m = uint16(x), 3
			}
		}
		out[w] = v // step 18
		w++
		k += m // steps 12, 17
	}
	return dst[:len(dst)+w]
}

// hex4 returns the value of the hexadecimal digits a, b, c and d, and
// whether they all are (0-9, A-F, a-f).
func hex4(a, b, c, d byte) (uint16, bool) {
	h1, l1, h2, l2 := unhex[a], unhex[b], unhex[c], unhex[d]
	return uint16(h1)<<12 | uint16(l1)<<8 | uint16(h2)<<4 | uint16(l2), h1|l1|h2|l2 <= 0xF
}
