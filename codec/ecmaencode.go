package codec

import (
	"encoding/binary"
	"unicode/utf8"
)

// The Encode operation of ECMA-262 5.1 §15.1.3 (encodeURI,
// encodeURIComponent) over UTF-16 code units and over Go strings; the
// public functions are in ecmascript.go.

// appendEncode is Encode step 4 over s, appending to dst. On a fault it
// returns the offset of the unpaired surrogate.
//
// It writes into the room dst has; when the rest of the output does not
// fit there, it grows dst once, by exactly the rest's length (encodedLen).
// Where the CPU has AVX-512 (useEncodeUTF8), inputs of scanMin units or
// more go through UTF-8 and the octet encoder (appendEncodeUTF8). Else,
// where it has AVX2, vector instructions encode runs of code units
// below 0x80, 8 at a time, and the steps of a group of 8 that holds a two-
// or three-octet unit (vectorEncoder); encodeSteps writes the other steps
// (surrogate pairs, short inputs, everything without AVX2) while there is
// room for the longest output of one step; the last steps, without that
// room, go through appendEncodeStepwise.
func appendEncode(dst []byte, s []uint16, keep *Set) ([]byte, int, uriFault) {
	if useEncodeUTF8 && len(s) >= scanMin {
		return appendEncodeUTF8(dst, s, keep)
	}
	set := asciiOf(keep)
	var vec vectorEncoder
	vec.initEncode(keep, len(s))
	n := len(dst)
	buf := dst[:cap(dst)]
	k := 0
	var f uriFault
	for k < len(s) {
		end := len(s)
		if vec.ok {
			used, wrote := vec.encode(buf[n:], s[k:])
			k += used
			n += wrote
			end = min(k+8, len(s)) // past the unit that stopped the run
		}
		if n, k, f = encodeSteps(buf, n, s, k, end, set); f != faultNone {
			return dst, k, f
		}
		if k < end { // no room for a whole step
			m, off, f := encodedLen(s[k:], set, &vec)
			if f != faultNone {
				return dst, k + off, f
			}
			if m <= len(buf)-n {
				break // the rest fits: one step at a time below
			}
			// Make room for exactly the rest.
			grown := make([]byte, n+m) // not slices.Grow: it allocates twice under -race
			copy(grown, buf[:n])
			buf = grown
		}
	}
	out, off, f := appendEncodeStepwise(buf[:n], s, k, set)
	if f != faultNone {
		return dst, off, f
	}
	return out, 0, faultNone
}

// appendEncodeUTF8 is appendEncode through UTF-8, as encodeString encodes a
// Go string (encodeUTF8Into). When dst has room for at least one byte a
// code unit, the least Encode writes, it encodes into that room at once;
// when the result does not fit there (or dst has less room), it sizes the
// result with encodedLen, grows dst once, by exactly what is missing, and
// encodes into that.
func appendEncodeUTF8(dst []byte, s []uint16, keep *Set) ([]byte, int, uriFault) {
	k := *keep
	k.bits[2], k.bits[3] = 0, 0
	if cap(dst)-len(dst) >= len(s) {
		out, ok, off, f := encodeUTF8Into(dst, s, &k)
		if f != faultNone {
			return dst, off, f
		}
		if ok {
			return out, 0, faultNone
		}
	}
	grown, off, f := growEncoded(dst, s, &k)
	if f != faultNone {
		return dst, off, f
	}
	out, ok, _, _ := encodeUTF8Into(grown, s, &k)
	if !ok { // never: grown has the room; the plain path, should the octet encoder want more
		out, _, _ = appendEncodeStepwise(grown, s, 0, asciiOf(&k))
	}
	return out, 0, faultNone
}

// encodeNew is Encode(s, keep) as a new string, allocated once, of the
// exact length, or the offset of the unpaired surrogate that makes Encode
// throw, and the fault. Where appendEncode goes through UTF-8, an input
// whose every unit is kept ASCII (keptASCIILen, which stops at the first
// unit that is not) is narrowed straight into the result; else an input of
// up to encodeStackMax/2 code units is encoded into a buffer on the stack
// (encodeUTF8Into), and the string made from it: no pass to size the
// result. Otherwise, or when the result does not fit there, the result is
// sized first (appendEncode into no room).
func encodeNew(s []uint16, keep *Set) (string, int, uriFault) {
	k := *keep
	k.bits[2], k.bits[3] = 0, 0
	if useEncodeUTF8 && len(s) >= scanMin && keptASCIILen(s, &k) == len(s) {
		// Every unit is copied (step 4.c): the result is s as bytes.
		b := make([]byte, len(s))
		keptASCII(b, s, &k)
		return unsafeString(b), 0, faultNone // b is new and not kept
	}
	if useEncodeUTF8 && len(s) >= scanMin && len(s) <= encodeStackMax/2 {
		var buf [encodeStackMax]byte
		out, ok, off, f := encodeUTF8Into(buf[:0], s, &k)
		if f != faultNone {
			return "", off, f
		}
		if ok {
			return string(out), 0, faultNone
		}
	}
	b, off, f := appendEncode(nil, s, keep)
	if f != faultNone {
		return "", off, f
	}
	return unsafeString(b), 0, faultNone // b is new and not kept
}

// growEncoded returns dst with room for Encode(s, k) (encodedLen), grown
// by exactly what is missing when it has less, or the offset of the
// unpaired surrogate that makes Encode throw, and the fault.
func growEncoded(dst []byte, s []uint16, k *Set) ([]byte, int, uriFault) {
	var vec vectorEncoder
	vec.init(k, len(s))
	m, off, f := encodedLen(s, asciiOf(k), &vec)
	if f != faultNone {
		return dst, off, f
	}
	if cap(dst)-len(dst) < m {
		grown := make([]byte, len(dst), len(dst)+m) // not slices.Grow: it rounds up
		copy(grown, dst)
		dst = grown
	}
	return dst, 0, faultNone
}

// encodeUTF8Into appends Encode(s, k) to dst, for the ASCII set k, in the
// room dst has, which it never passes: the kept ASCII units at the start
// of s, when the first is one, are copied to dst (keptASCII); then the
// UTF-8 octets of the rest (step 4.d.v) are escaped by the octet encoder
// with the ASCII members of k, which writes exactly the octets of step 4.c
// and the escapes of steps 4.d.vi-vii. With AVX-512, encodeUTF16Octets
// does both, in one assembly function, up to the first block of 64 units
// with a surrogate; encodeUTF8Rest does the rest. ok is false when the
// result does not fit dst's room; on a fault, off is the offset of the
// unpaired surrogate. Either way dst's room may have been written.
func encodeUTF8Into(dst []byte, s []uint16, k *Set) (out []byte, ok bool, off int, f uriFault) {
	// The units at the start that are copied (step 4.c), straight to dst,
	// when the first is one of them.
	i := 0
	if len(s) > 0 && s[0] < utf8.RuneSelf && k.has(byte(s[0])) {
		i = keptASCII(dst[len(dst):cap(dst)], s, k)
	}
	out = dst[:len(dst)+i]
	if i == len(s) {
		return out, true, 0, faultNone
	}
	var own octetVector
	v := octetVectorOf(k, &own)
	used, wrote, short := encodeUTF16Octets(out[len(out):cap(out)], s[i:], v)
	i += used
	out = out[:len(out)+wrote]
	switch {
	case short:
		return dst, false, 0, faultNone
	case i == len(s):
		return out, true, 0, faultNone
	}
	return encodeUTF8Rest(dst, out, s, i, k, v)
}

// encodeUTF8Rest is encodeUTF8Into from s[i] on, whose output before it
// is out (dst is its dst, returned when it fails): the UTF-8 octets,
// gathered a chunk at a time in a buffer on the stack, are escaped by
// escapeOctetsRoom with v, readied for k. transcodeUTF8 writes the octets
// of whole blocks of code units without a surrogate, and utf8.EncodeRune
// those of the units it leaves (surrogate pairs, the ends of blocks,
// everything in the purego build), with surrogateAt's faults.
func encodeUTF8Rest(dst, out []byte, s []uint16, i int, k *Set, v *octetVector) (_ []byte, ok bool, off int, f uriFault) {
	const chunk = 1024 // octets escaped at once
	var buf [chunk + utf8Room]byte
	n := 0
	for i < len(s) {
		used, wrote := transcodeUTF8(buf[n:], s[i:])
		i += used
		n += wrote
		// The units transcodeUTF8 left, up to a block's worth.
		for end := min(i+64, len(s)); i < end && n < chunk; i++ {
			r := rune(s[i])
			if r >= surrHighMin && r <= surrLowMax {
				if r, f = surrogateAt(s, i); f != faultNone {
					return dst, false, i, f
				}
				i++
			}
			n += utf8.EncodeRune(buf[n:], r)
		}
		if n >= chunk || i == len(s) {
			// Escape whole blocks of 64 octets, for the octet encoder's
			// vector path, and keep the rest for the next chunk.
			m := n
			if i < len(s) {
				m = n &^ 63
			}
			var rest []byte
			if out, rest = escapeOctetsRoom(out, buf[:m], k, v); len(rest) > 0 {
				return dst, false, 0, faultNone
			}
			n = copy(buf[:], buf[m:n])
		}
	}
	return out, true, 0, faultNone
}

// utf8Room is the room transcodeUTF8 needs in out: the 64-byte stores of a
// block of 64 code units, up to 3 octets each.
const utf8Room = 256

// escapeOctets appends the octets b to out escaped as the octet encoders
// escape them for the ASCII set k, with no '+' for space, growing out when
// it lacks the room (escapeOctetsRoom is the same within out's room).
func escapeOctets[S string | []byte](out []byte, b S, k *Set) []byte {
	i := indexNotIn(b, k)
	out, rest := append(out, b[:i]...), b[i:]
	if useEncodeOctets && len(rest) >= encodeOctetsMin {
		var v octetVector
		v.init(k, false)
		out, rest = encodeOctets(out, rest, &v)
	}
	return encodeShort(out, rest, k, false)
}

// escapeOctetsRoom appends the octets b to out escaped as the octet
// encoders escape them for the ASCII set k, with no '+' for space, in the
// room out has: the octets up to the first outside k are copied, the rest
// go through the octet encoders' vector path (encodeOctets, with v, which
// init has readied for k where useEncodeOctets) where there is one, and
// encodeShort has what it leaves. It returns the octets of b that did not
// fit, none when all did.
func escapeOctetsRoom[S string | []byte](out []byte, b S, k *Set, v *octetVector) ([]byte, S) {
	i := indexNotIn(b, k)
	if i > cap(out)-len(out) {
		return out, b
	}
	out, b = append(out, b[:i]...), b[i:]
	if useEncodeOctets && len(b) >= encodeOctetsMin {
		out, b = encodeOctets(out, b, v)
	}
	if room := cap(out) - len(out); 3*len(b) <= room || pctEncodedLen(b, k, false) <= room {
		out, b = encodeShort(out, b, k, false), b[len(b):]
	}
	return out, b
}

// surrogateAt is Encode steps 4.d.i to 4.d.iii.5 for the surrogate s[k]:
// the code point of the pair it starts, or the fault that makes Encode
// throw.
func surrogateAt(s []uint16, k int) (rune, uriFault) {
	c := s[k]
	switch {
	case c >= surrLowMin: // 4.d.i
		return 0, faultLoneLow
	case k+1 == len(s): // 4.d.iii.1-2
		return 0, faultHighAtEnd
	}
	d := s[k+1] // 4.d.iii.3
	if d < surrLowMin || d > surrLowMax {
		return 0, faultHighUnpaired // 4.d.iii.4
	}
	return (rune(c)-surrHighMin)<<10 + (rune(d) - surrLowMin) + 0x10000, faultNone // 4.d.iii.5
}

// appendEncodeStepwise is Encode step 4 over s from s[k] on, appended to
// dst one step at a time: each step's octets are written to a small buffer
// by encodeSteps and appended from there. On a fault it returns the offset
// of the unpaired surrogate. appendEncode finishes with it.
func appendEncodeStepwise(dst []byte, s []uint16, k int, set asciiSet) ([]byte, int, uriFault) {
	var step [12]byte
	for k < len(s) {
		m, next, f := encodeSteps(step[:], 0, s, k, k+1, set)
		if f != faultNone {
			return dst, next, f
		}
		dst = append(dst, step[:m]...)
		k = next
	}
	return dst, 0, faultNone
}

// encodeSteps runs Encode step 4 for the code units s[k:end] while buf has
// room after n for the longest output of one step (12 octets, the escapes
// of a surrogate pair), writing each step's octets with whole-word stores
// from escapeWord. It returns the new n and the first code unit it did not
// encode (past end when a pair ends there), or, on a fault, the offset of
// the unpaired surrogate.
func encodeSteps(buf []byte, n int, s []uint16, k, end int, set asciiSet) (int, int, uriFault) {
	for ; k < end && len(buf)-n >= 12; k++ {
		o := buf[n : n+12]
		c := s[k]
		if c < utf8.RuneSelf {
			if set.has(c) { // 4.c
				o[0] = byte(c)
				n++
			} else { // 4.d.ii.1, 4.d.iv-vi: one octet
				binary.LittleEndian.PutUint32(o, escapeWord[c])
				n += 3
			}
			continue
		}
		switch {
		case c < 0x800: // two octets
			binary.LittleEndian.PutUint64(o, uint64(escapeWord[0xC0|c>>6])|uint64(escapeWord[0x80|c&0x3F])<<24)
			n += 6
		case c < surrHighMin || c > surrLowMax: // three octets
			e2 := escapeWord[0x80|c&0x3F]
			binary.LittleEndian.PutUint64(o, uint64(escapeWord[0xE0|c>>12])|uint64(escapeWord[0x80|c>>6&0x3F])<<24|uint64(e2)<<48)
			o[8] = byte(e2 >> 16)
			n += 9
		default: // 4.d.i-iii
			v, f := surrogateAt(s, k)
			if f != faultNone {
				return n, k, f
			}
			k++
			e2 := escapeWord[0x80|v>>6&0x3F]
			binary.LittleEndian.PutUint64(o, uint64(escapeWord[0xF0|v>>18])|uint64(escapeWord[0x80|v>>12&0x3F])<<24|uint64(e2)<<48)
			binary.LittleEndian.PutUint32(o[8:], e2>>16|escapeWord[0x80|v&0x3F]<<8)
			n += 12
		}
	}
	return n, k, faultNone
}

// escapeWord holds, for each octet, its escape "%XY" (uppercase hex) as the
// three low bytes of a little-endian word, for encodeSteps' stores.
var escapeWord = func() (t [256]uint32) {
	for b := range t {
		t[b] = '%' | uint32(upperHex[b>>4])<<8 | uint32(upperHex[b&15])<<16
	}
	return t
}()

// encodedLen returns the length of Encode(s, keep), or the offset of the
// unpaired surrogate that makes Encode throw, and the fault; set and vec
// are those of keep, as appendEncode made them.
//
// Where the CPU has them, vector instructions count runs of code units
// without a surrogate (AVX-512) or below 0x80 (AVX2), 32 at a time
// (vectorEncoder.count); the units between those runs, and all units
// elsewhere, are counted one step at a time.
func encodedLen(s []uint16, set asciiSet, vec *vectorEncoder) (n, off int, f uriFault) {
	for k := 0; k < len(s); {
		end := len(s)
		if vec.ok {
			used, m := vec.count(s[k:])
			k += used
			n += m
			end = min(k+32, len(s)) // past the unit that stopped the run
		}
		for ; k < end; k++ {
			c := s[k]
			switch {
			case c < utf8.RuneSelf:
				n += 3
				if set.has(c) {
					n -= 2
				}
			case c < 0x800:
				n += 6
			case c < surrHighMin || c > surrLowMax:
				n += 9
			default: // 4.d.i-iii
				if _, f := surrogateAt(s, k); f != faultNone {
					return 0, k, f
				}
				k++
				n += 12
			}
		}
	}
	return n, 0, faultNone
}

// asciiSet is the ASCII half of a Set, held in two words so that the hot
// loops test membership in registers.
type asciiSet struct{ lo, hi uint64 }

func asciiOf(s *Set) asciiSet { return asciiSet{s.bits[0], s.bits[1]} }

// has reports whether c, which must be below 0x80, is in the set.
func (a asciiSet) has(c uint16) bool {
	w := a.lo
	if c >= 64 {
		w = a.hi
	}
	return w>>(c&63)&1 != 0
}

// encodeString is Encode over the UTF-16 form of s, each invalid UTF-8 byte
// taken as U+FFFD. The UTF-8 of a valid rune is the same octets Encode
// writes for its code units, so valid UTF-8 (validUTF8) is escaped as it
// stands, by the octet encoder (pctEncodeString).
func encodeString(s string, keep *Set) string {
	// The ASCII members of keep are the unescaped set; for valid UTF-8,
	// Encode writes the escapes of exactly the octets of s outside it,
	// which is what the octet encoder writes.
	k := *keep
	k.bits[2], k.bits[3] = 0, 0
	i := indexNotIn(s, &k)
	if i == len(s) {
		return s
	}
	if validUTF8(s[i:]) {
		return pctEncodeString(s, k, false)
	}
	var t byteEscapes
	t.fill(&k, 9, replacementEscape)
	return encodeInvalidString(s, i, &t)
}

// runeAt returns the rune that the valid UTF-8 sequence starting at the
// non-ASCII byte s[i] encodes and its length, or a length of 0 when s[i]
// starts none (a for-range loop and utf8.DecodeRuneInString take that byte
// alone as U+FFFD). Most bytes that start none are told by their value and
// the next byte's, and two- and three-byte sequences are decoded in line.
func runeAt(s string, i int) (rune, int) {
	c := s[i]
	if c < 0xC2 || c > 0xF4 || i+1 >= len(s) || s[i+1]&0xC0 != 0x80 {
		// A continuation byte, an overlong lead, a lead beyond U+10FFFF,
		// or a lead without a continuation byte next: every valid second
		// byte is one, whatever the lead.
		return utf8.RuneError, 0
	}
	c1 := rune(s[i+1] & 0x3F)
	if c < 0xE0 {
		return rune(c&0x1F)<<6 | c1, 2
	}
	if c < 0xF0 && i+2 < len(s) && s[i+2]&0xC0 == 0x80 {
		// Valid unless overlong (below U+0800) or a surrogate.
		if r := rune(c&0x0F)<<12 | c1<<6 | rune(s[i+2]&0x3F); r >= 0x800 && (r < surrHighMin || r > surrLowMax) {
			return r, 3
		}
		return utf8.RuneError, 0
	}
	if r, size := utf8.DecodeRuneInString(s[i:]); size > 1 {
		return r, size
	}
	return utf8.RuneError, 0
}

// byteEscapes says what the string encoders write for each byte of a Go
// string that may not be valid UTF-8, read a byte at a time: w holds the
// first eight bytes written, n their number. A byte from 0x80 that cannot
// start a valid sequence (a continuation byte, 0xC0, 0xC1, 0xF5 and up) is
// always invalid there, as U+FFFD; a byte that can (0xC2 to 0xF4) has n 0,
// for the encoder to decode what follows it. Reading the tables, one
// branch a byte is taken only at such a lead byte.
type byteEscapes struct {
	w [256]uint64
	n [256]uint8
}

// fill makes t write the ASCII bytes of k as they are, every other ASCII
// byte as "%XY" and an invalid byte as the first eight bytes of repl, of
// length n.
func (t *byteEscapes) fill(k *Set, n uint8, repl uint64) {
	for c := range 256 {
		switch {
		case c < utf8.RuneSelf && k.has(byte(c)):
			t.w[c], t.n[c] = uint64(c), 1
		case c < utf8.RuneSelf:
			t.w[c], t.n[c] = uint64(escapeTable[c]&0xFFFFFF), 3
		case c >= 0xC2 && c <= 0xF4:
			t.w[c], t.n[c] = 0, 0
		default:
			t.w[c], t.n[c] = repl, n
		}
	}
}

// encodeInvalidString is encodeString for an s that is not valid UTF-8,
// with nothing to encode before s[i]: the octets of each valid rune escaped,
// each invalid byte as the escapes of U+FFFD's three octets, "%EF%BF%BD".
// It sizes the result first and writes it through a buffer on the stack,
// as encodeWithTable does.
func encodeInvalidString(s string, i int, t *byteEscapes) string {
	n := i
	for j := i; j < len(s); {
		if m := t.n[s[j]]; m != 0 {
			n += int(m)
			j++
		} else if _, size := runeAt(s, j); size > 0 {
			n += 3 * size
			j += size
		} else {
			n += 9
			j++
		}
	}
	const block, mask = 1024, 1023
	b := append(make([]byte, 0, n), s[:i]...)
	var buf [block + 16]byte
	k := 0
	for j := i; j < len(s); {
		p := k & mask
		c := s[j]
		if m := t.n[c]; m != 0 {
			binary.LittleEndian.PutUint64(buf[p:p+8], t.w[c])
			buf[p+8] = 'D' // the ninth byte of "%EF%BF%BD"; else overwritten
			k += int(m)
			j++
		} else if _, size := runeAt(s, j); size > 0 {
			for _, o := range []byte(s[j : j+size]) { // at most 4: 12 bytes
				binary.LittleEndian.PutUint32(buf[p:p+4], escapeTable[o])
				p += 3
			}
			k += 3 * size
			j += size
		} else {
			binary.LittleEndian.PutUint64(buf[p:p+8], replacementEscape)
			buf[p+8] = 'D'
			k += 9
			j++
		}
		if k > block-16 {
			b = append(b, buf[:k]...)
			k = 0
		}
	}
	return unsafeString(append(b, buf[:k]...)) // b is new and not kept
}

// replacementEscape is "%EF%BF%B", the first eight bytes of the escapes
// of U+FFFD's UTF-8 (its ninth is 'D'), as a little-endian word.
var replacementEscape = binary.LittleEndian.Uint64([]byte("%EF%BF%BD"))
