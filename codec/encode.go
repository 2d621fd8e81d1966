package codec

import (
	"encoding/binary"
	"math/bits"
	"slices"
	"unsafe"
)

// This file holds percent-encoding, RFC 3986 §2.1: an octet outside the
// encode set becomes "%" HEXDIG HEXDIG, written with the uppercase digits
// §2.1 asks producers to use. Form encoding (application/x-www-form-urlencoded,
// WHATWG URL §5.2, and Go's url.QueryEscape) is the same with space written
// as '+'.

// AppendPercentEncode appends src to dst percent-encoded (RFC 3986 §2.1):
// each octet in keep is copied, and every other octet becomes "%XX" with
// uppercase hex digits. It returns the extended buffer, and allocates
// nothing when dst has room for the result.
func AppendPercentEncode(dst, src []byte, keep Set) []byte {
	return appendPctEncode(dst, src, keep, false)
}

// PercentEncodeString returns s percent-encoded as [AppendPercentEncode]
// encodes it. When every byte of s is in keep, it returns s itself and
// allocates nothing.
func PercentEncodeString(s string, keep Set) string {
	return pctEncodeString(s, keep, false)
}

// AppendFormEncode appends src to dst encoded as application/x-www-form-
// urlencoded encodes a name or value (WHATWG URL §1.3 percent-encode with
// spaceAsPlus set, as the §5.2 serializer calls it): space becomes '+',
// whether or not keep holds it; each other octet in keep is copied; every
// other octet becomes "%XX" with uppercase hex digits. With
// [WHATWGFormURLEncoded] this is the WHATWG serializer for one name or value;
// with [GoQuery] it is url.QueryEscape. A '+' in keep is copied and so will
// read back as a space. AppendFormEncode allocates nothing when dst has
// room for the result.
func AppendFormEncode(dst, src []byte, keep Set) []byte {
	return appendPctEncode(dst, src, keep, true)
}

// FormEncodeString returns s encoded as [AppendFormEncode] encodes it. When
// s holds no space and every byte of it is in keep, it returns s itself and
// allocates nothing.
func FormEncodeString(s string, keep Set) string {
	return pctEncodeString(s, keep, true)
}

// formKeep returns the octets an encoder copies: keep, less space when
// space is written as '+'.
func formKeep(keep Set, plus bool) Set {
	k := keep
	if plus {
		k.bits[0] &^= 1 << ' '
	}
	return k
}

// appendPctEncode is the encoder behind AppendPercentEncode and
// AppendFormEncode. The sets here and
// below are passed by value: the exported wrappers inline into their
// callers, and a pointer passed from there into a generic function makes the
// set escape to the heap.
func appendPctEncode[S string | []byte](dst []byte, src S, keep Set, plus bool) []byte {
	if useEncodeOctets512 && len(src) >= encodeOctetsMin && cap(dst)-len(dst) >= len(src) {
		// Room for src as it is: the kernel stores a block with nothing
		// to encode as it is, so no pass first to find the first octet
		// to encode. The set's words are read one at a time (initWide),
		// not copied whole after formKeep changed one: a load of 16
		// bytes over a store of 8 stalls.
		var v octetVector
		v.initWide(keep.bits[0], keep.bits[1], keep.bits[2], keep.bits[3], plus)
		dst, rest := encodeOctets(dst, src, &v)
		if len(rest) == 0 {
			return dst
		}
		k := formKeep(keep, plus)
		return appendOctets(dst, rest, 0, &v, &k, plus)
	}
	k := formKeep(keep, plus)
	if useEncodeOctets512 && len(src) >= encodeOctetsMin {
		var v octetVector
		if i := readyOctets(&v, src, &k, plus); i < len(src) {
			return appendOctets(dst, src, i, &v, &k, plus)
		}
		return append(dst, src...)
	}
	i := indexNotIn(src, &k)
	if i == len(src) {
		return append(dst, src...)
	}
	rest := src[i:]
	// Without room for the worst case, find the exact length, so that a dst
	// with room for the result is used as it is.
	worst := cap(dst)-len(dst) < i+3*len(rest)
	if useEncodeOctets && len(rest) >= encodeOctetsMin {
		var v octetVector
		v.init(&k, plus)
		return appendOctets(dst, src, i, &v, &k, plus)
	}
	if len(rest) < tableMin {
		if worst {
			dst = slices.Grow(dst, i+pctEncodedLen(rest, &k, plus))
		}
		return encodeShort(append(dst, src[:i]...), rest, &k, plus)
	}
	var t encTable
	t.fill(&k, plus)
	if worst {
		dst = slices.Grow(dst, i+tableEncodedLen(rest, &t))
	}
	return encodeWithTable(append(dst, src[:i]...), rest, &t)
}

// readyOctets readies v for the kept octets k, and space as '+' when plus
// is set, and returns the index of the first octet of s (not empty) that v
// does not copy as it is, or len(s): with the AVX-512 kernels, whose set
// finds it faster than indexNotIn's scan table, built for each call.
func readyOctets[S string | []byte](v *octetVector, s S, k *Set, plus bool) int {
	v.init(k, plus)
	if !k.has(s[0]) {
		return 0 // without the kernel's call
	}
	return octetsIndex(v, s)
}

// appendOctets appends src to dst encoded by v, whose octets before i it
// copies, through the vector path, and encodeShort for what that leaves.
func appendOctets[S string | []byte](dst []byte, src S, i int, v *octetVector, k *Set, plus bool) []byte {
	rest := src[i:]
	if cap(dst)-len(dst) < i+len(rest) {
		// Too little room for any result: size it.
		dst = slices.Grow(dst, i+octetsEncodedLen(v, rest))
	}
	// Encode while dst has room, and size only what is left, if
	// anything: a dst reused for results of one size is not counted.
	dst, rest = encodeOctets(append(dst, src[:i]...), rest, v)
	if len(rest) > 0 {
		dst = slices.Grow(dst, octetsEncodedLen(v, rest))
		dst, rest = encodeOctets(dst, rest, v)
	}
	return encodeShort(dst, rest, k, plus)
}

// encodeStackMax is the longest result pctEncodeString builds on its stack,
// and encodeStackSmall the longest it builds in a small buffer there (Go
// zeroes a buffer on the stack, so a short result takes a short one).
const encodeStackMax, encodeStackSmall = 4096, 256

// pctEncodeString is the encoder behind PercentEncodeString and
// FormEncodeString. It returns s itself when nothing is encoded, and
// otherwise allocates once, the exact length. A rest to encode (from the
// first octet not kept) of at least encodeOctetsMin octets with the
// AVX-512 kernels is sized first by their count (much faster than a
// result's zeroed buffer on the stack and its copy); otherwise a result of
// at most encodeStackMax bytes is encoded into a buffer on the stack and
// converted, a longer one sized first.
func pctEncodeString(s string, keep Set, plus bool) string {
	k := formKeep(keep, plus)
	// indexNotIn, not readyOctets: s is often all kept, and then the
	// kernels' set would be readied for nothing.
	i := indexNotIn(s, &k)
	if i == len(s) {
		return s
	}
	rest := s[i:]
	vector := useEncodeOctets && len(rest) >= encodeOctetsMin
	if n := i + 3*len(rest); n <= encodeStackSmall && !vector {
		var buf [encodeStackSmall]byte
		return string(encodeWithin(append(buf[:0], s[:i]...), rest, &k, plus))
	} else if n <= encodeStackMax && !(vector && useEncodeOctets512) {
		// Encode into a buffer on the stack, with room for the worst
		// case, and convert once: no pass to size the result.
		var buf [encodeStackMax]byte
		return string(encodeWithin(append(buf[:0], s[:i]...), rest, &k, plus))
	}
	if vector {
		var v octetVector
		v.init(&k, plus)
		return octetsString(s, i, &v, &k, plus)
	}
	if len(rest) < tableMin {
		b := make([]byte, i, i+pctEncodedLen(rest, &k, plus))
		copy(b, s)
		return unsafeString(encodeShort(b, rest, &k, plus))
	}
	var t encTable
	t.fill(&k, plus)
	b := make([]byte, i, i+tableEncodedLen(rest, &t))
	copy(b, s)
	return unsafeString(encodeWithTable(b, rest, &t))
}

// octetsString returns s encoded by v, whose octets before i it copies,
// in one allocation sized by v's count, through the vector path, and
// encodeShort for what that leaves.
func octetsString(s string, i int, v *octetVector, k *Set, plus bool) string {
	b := make([]byte, i, i+octetsEncodedLen(v, s[i:]))
	copy(b, s)
	b, rest := encodeOctets(b, s[i:], v)
	return unsafeString(encodeShort(b, rest, k, plus))
}

// encodeWithin appends s encoded with the kept octets k, and space as '+'
// when plus is set, to b, which has room for the worst case, three bytes
// an octet: through the vector path where there is one, else by a table
// or octet by octet.
func encodeWithin(b []byte, s string, k *Set, plus bool) []byte {
	if useEncodeOctets && len(s) >= encodeOctetsMin {
		var v octetVector
		v.init(k, plus)
		b, s = encodeOctets(b, s, &v)
		return encodeShort(b, s, k, plus)
	}
	if len(s) < tableMin {
		return encodeShort(b, s, k, plus)
	}
	var t encTable
	t.fill(k, plus)
	return encodeWithTable(b, s, &t)
}

// unsafeString returns the bytes of b as a string without copying them, as
// strings.Builder does. The caller must not use b again.
func unsafeString(b []byte) string {
	return unsafe.String(unsafe.SliceData(b), len(b))
}

// has is Contains for the hot loops: through a pointer it reads one word of
// the set, where Contains, with its value receiver, copies all four.
func (s *Set) has(c byte) bool {
	return s.bits[c>>6]&(1<<(c&63)) != 0
}

// indexNotIn returns the index of the first byte of s that is not in k, or
// len(s) when there is none.
func indexNotIn[S string | []byte](s S, k *Set) int {
	if len(s) > 0 && !k.has(s[0]) {
		return 0 // without building the wide scan's table
	}
	for i := indexNotInWide(s, k); i < len(s); i++ {
		if !k.has(s[i]) {
			return i
		}
	}
	return len(s)
}

// indexNotInTable is indexNotIn through a table of 256 bools, one load per
// byte where the Set takes a shift and a mask more: the wide scan where
// there is no vector one.
func indexNotInTable[S string | []byte](s S, k *Set) int {
	var t [256]bool
	for w, word := range k.bits {
		for word != 0 {
			t[w<<6|bits.TrailingZeros64(word)] = true
			word &= word - 1
		}
	}
	for i := 0; i < len(s); i++ {
		if !t[s[i]] {
			return i
		}
	}
	return len(s)
}

// pctEncodedLen returns the length of s encoded with the kept octets k, and
// space as '+' when plus is set.
func pctEncodedLen[S string | []byte](s S, k *Set, plus bool) int {
	escaped, spaces := 0, 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		escaped += int(^(k.bits[c>>6] >> (c & 63)) & 1)
		if c == ' ' {
			spaces++
		}
	}
	if plus {
		escaped -= spaces // spaces are not in k; each is one '+'
	}
	return len(s) + 2*escaped
}

// tableMin is the input length from which the encoders build a table of
// what to write for each octet: below it, building the table costs more
// than the table saves.
const tableMin = 48

// encodeShort appends s encoded to dst, octet by octet.
func encodeShort[S string | []byte](dst []byte, s S, k *Set, plus bool) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case k.has(c):
			dst = append(dst, c)
		case plus && c == ' ':
			dst = append(dst, '+')
		default:
			dst = append(dst, '%', upperHex[c>>4], upperHex[c&15])
		}
	}
	return dst
}

// An encTable says what an encoder writes for each octet: up to three bytes,
// packed little-endian in the low 24 bits, and their number (1 or 3) in the
// top 8 bits.
type encTable [256]uint32

// escapeTable writes every octet as its escape.
var escapeTable = func() (t encTable) {
	for c := range t {
		t[c] = '%' | uint32(upperHex[c>>4])<<8 | uint32(upperHex[c&15])<<16 | 3<<24
	}
	return t
}()

// fill makes t the table for the kept octets k, with space written as '+'
// when plus is set.
func (t *encTable) fill(k *Set, plus bool) {
	*t = escapeTable
	for w, word := range k.bits {
		for word != 0 {
			c := w<<6 | bits.TrailingZeros64(word)
			t[c] = uint32(c) | 1<<24
			word &= word - 1
		}
	}
	if plus {
		t[' '] = '+' | 1<<24
	}
}

// tableEncodedLen returns the length of s encoded by t.
func tableEncodedLen[S string | []byte](s S, t *encTable) int {
	n := 0
	for i := 0; i < len(s); i++ {
		n += int(t[s[i]] >> 24)
	}
	return n
}

// encodeWithTable appends s encoded by t to dst. It encodes 64 octets at a
// time into a buffer on the stack, writing each octet's bytes with one
// 4-byte store whose extra bytes the next octet overwrites; the buffer's
// indexes are masked so that the stores need no bounds checks.
func encodeWithTable[S string | []byte](dst []byte, s S, t *encTable) []byte {
	const block = 64 // at most 3*64 = 192 bytes out, below the mask
	var buf [256 + 4]byte
	for len(s) > 0 {
		n := min(len(s), block)
		k := 0
		for i := 0; i < n; i++ {
			v := t[s[i]]
			binary.LittleEndian.PutUint32(buf[k&255:k&255+4], v)
			k += int(v >> 24)
		}
		dst = append(dst, buf[:k]...)
		s = s[n:]
	}
	return dst
}
