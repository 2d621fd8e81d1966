package codec

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"
	"unsafe"
)

// The Decode operation of ECMA-262 5.1 §15.1.3 (decodeURI,
// decodeURIComponent) over UTF-16 code units and over Go strings; the
// public functions are in ecmascript.go.

// appendDecode is Decode step 4 over s, appending to dst. The result is
// never longer than s, so dst is grown once to hold len(s) more units. On a
// fault it returns the offset described at URIError.Offset.
func appendDecode(dst, s []uint16, keep *Set) ([]uint16, int, uriFault) {
	n0 := len(dst)
	dst = slices.Grow(dst, len(s))
	out := dst[n0 : n0+len(s)]
	w, k := 0, 0
	// With AVX-512, the octet path decodes as much as it can (all of s,
	// unless s holds a fault); the steps go on from where it stops.
	if useECMAOctets && len(s) >= octetPathMin {
		w, k = decodeOctetPath(out, s, keep)
	}
	w, off, f := decodeSteps(out, s, keep, w, k)
	if f != faultNone {
		return dst, off, f
	}
	return dst[:n0+w], 0, faultNone
}

// decodeSteps is Decode step 4 over s from s[k] on, which starts a step
// (k is 0 or where the octet path stopped), writing to out, which holds
// the w units of s[:k] and has room for len(s)-k more. It returns the units
// written in all, or the fault and its offset (URIError.Offset).
func decodeSteps(out, s []uint16, keep *Set, w, k int) (int, int, uriFault) {
	set := asciiOf(keep)
	// Where the CPU has them, vector instructions decode the literal
	// units and the escapes of octets below 0x80, 16 units at a time,
	// when no escape is to be kept (decodeURIComponent); they stop at each
	// other escape, which the steps below decode, and go on after it.
	vec := set == asciiSet{} && len(s)-k >= decodeVectorMin
	for ; k < len(s); k++ {
		if vec {
			used, wrote := decodeVector(out[w:], s[k:])
			k += used
			w += wrote
			if k >= len(s) {
				break
			}
			vec = len(s)-k >= 18
		}
		if c := s[k]; c != '%' {
			out[w] = c // 4.c.i
			w++
			continue
		}
		if k+2 >= len(s) {
			return w, k, faultShortEscape // 4.d.ii
		}
		b, ok := hexPair(s[k+1], s[k+2]) // 4.d.iv
		if !ok {
			return w, k, faultBadHex // 4.d.iii
		}
		switch {
		case b < utf8.RuneSelf && set.has(uint16(b)): // 4.d.vi.3.a
			copy(out[w:w+3], s[k:k+3])
			w += 3
			k += 2
		case b < utf8.RuneSelf: // 4.d.vi.2.a
			out[w] = uint16(b)
			w++
			k += 2
		default:
			// The common two- and three-octet sequences are written out
			// here; anything else, errors included, goes to
			// decodeSequence, which follows the steps one by one.
			if b >= 0xC2 && b < 0xE0 && k+5 < len(s) && s[k+3] == '%' {
				if c, ok := hexPair(s[k+4], s[k+5]); ok && c&0xC0 == 0x80 {
					out[w] = uint16(b&0x1F)<<6 | uint16(c&0x3F)
					w++
					k += 5
					continue
				}
			} else if b >= 0xE0 && b < 0xF0 && k+8 < len(s) && s[k+3] == '%' && s[k+6] == '%' {
				c1, ok1 := hexPair(s[k+4], s[k+5])
				c2, ok2 := hexPair(s[k+7], s[k+8])
				v := uint16(b&0x0F)<<12 | uint16(c1&0x3F)<<6 | uint16(c2&0x3F)
				if ok1 && ok2 && c1&0xC0 == 0x80 && c2&0xC0 == 0x80 && v >= 0x800 && (v < surrHighMin || v > surrLowMax) {
					out[w] = v
					w++
					k += 8
					continue
				}
			}
			v, last, f := decodeSequence(s, k, b)
			if f != faultNone {
				return w, last, f
			}
			if v < 0x10000 { // 4.d.vii.9.b.i
				out[w] = uint16(v)
				w++
			} else { // 4.d.vii.10
				v -= 0x10000
				_ = out[w+1]
				out[w] = uint16(surrHighMin + v>>10)
				out[w+1] = uint16(surrLowMin + v&0x3FF)
				w += 2
			}
			k = last
		}
	}
	return w, 0, faultNone
}

// scanEscape runs Decode steps 4.d.i to 4.d.vii.8 on the escape sequence
// that starts with the '%' at s[start]. It returns the code point (or, for
// an ASCII octet, that octet), and the index of the sequence's last code
// unit. On a fault it returns the offset described at URIError.Offset in
// place of the last index.
func scanEscape(s []uint16, start int) (v rune, last int, f uriFault) {
	if start+2 >= len(s) {
		return 0, start, faultShortEscape // 4.d.ii
	}
	h, l := hexValue16(s[start+1]), hexValue16(s[start+2])
	if h|l > 0xF {
		return 0, start, faultBadHex // 4.d.iii
	}
	if b := h<<4 | l; b >= utf8.RuneSelf {
		return decodeSequence(s, start, b)
	}
	return rune(h<<4 | l), start + 2, faultNone // 4.d.vi
}

// decodeSequence runs Decode steps 4.d.vii.1 to 4.d.vii.8 for the escape at
// s[start] of the octet b, whose high bit is set. It returns the code point
// and the index of the sequence's last code unit, or the fault and its
// offset.
func decodeSequence(s []uint16, start int, b byte) (v rune, last int, f uriFault) {
	n := int(utf8SeqLen[b]) // 4.d.vii.1
	if n == 0 {
		return 0, start, faultBadLead // 4.d.vii.2: n = 1 or n > 4
	}
	k := start + 2
	if k+3*(n-1) >= len(s) {
		return 0, start, faultTruncated // 4.d.vii.5
	}
	v = rune(b) & (0x7F >> n) // the payload bits of the first octet
	for j := 1; j < n; j++ {  // 4.d.vii.6-7
		k++
		if s[k] != '%' {
			return 0, k, faultNotPercent // 4.d.vii.7.b
		}
		h, l := hexValue16(s[k+1]), hexValue16(s[k+2])
		if h|l > 0xF {
			return 0, k, faultContinuationHex // 4.d.vii.7.c
		}
		c := h<<4 | l
		if c&0xC0 != 0x80 {
			return 0, k, faultNotContinuation // 4.d.vii.7.e
		}
		k += 2
		v = v<<6 | rune(c&0x3F)
	}
	// 4.d.vii.8: the octets must be the UTF-8 of a code point (RFC 3629 §3).
	switch {
	case v < utf8MinForLen[n]:
		return 0, start, faultOverlong
	case v >= surrHighMin && v <= surrLowMax:
		return 0, start, faultSurrogate
	case v > utf8.MaxRune:
		return 0, start, faultTooLarge
	}
	return v, k, faultNone
}

// utf8SeqLen is n of Decode step 4.d.vii.1, the number of leading 1 bits,
// for the first octets C0-F7 with n from 2 to 4, and 0 for the octets that
// step 4.d.vii.2 rejects (80-BF with n = 1, F8-FF with n > 4).
var utf8SeqLen = func() (t [256]uint8) {
	for b := 0xC0; b < 0xF8; b++ {
		t[b] = uint8(bits.LeadingZeros8(^uint8(b)))
	}
	return t
}()

// utf8MinForLen is the smallest code point whose UTF-8 form has n octets.
var utf8MinForLen = [5]rune{2: 0x80, 3: 0x800, 4: 0x10000}

// hexPair returns the octet that the hex digits hi and lo represent, and
// whether both are hex digits (0-9, A-F, a-f: HexDigit of ES5.1 §7.8.3,
// the same digits as unhex holds).
func hexPair(hi, lo uint16) (byte, bool) {
	h, l := unhex[byte(hi)], unhex[byte(lo)]
	return h<<4 | l, h|l <= 0xF && hi|lo <= 0xFF
}

// indexPct16 returns the index of the first '%' in s, or -1 when there is
// none, by looking for its low byte with bytes.IndexByte (vector
// instructions where the CPU has them) in the bytes of s.
func indexPct16(s []uint16) int {
	if len(s) == 0 {
		return -1
	}
	// The bytes of s, read here only and not kept: the same memory, as
	// long as s's, in either byte order; every unit is two of them.
	b := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s))), 2*len(s))
	for off := 0; ; {
		j := bytes.IndexByte(b[off:], '%')
		if j < 0 {
			return -1
		}
		j += off
		if s[j>>1] == '%' { // not a byte of some other unit
			return j >> 1
		}
		off = j + 1
	}
}

// hexValue16 returns the value of the hex digit c, or 0xFF when c is not
// one.
func hexValue16(c uint16) byte {
	if c > 0xFF {
		return 0xFF
	}
	return unhex[byte(c)]
}

// decodeString is Decode over the UTF-16 form of s (invalid UTF-8 bytes
// taken as U+FFFD), returned as UTF-8. Offsets in errors are byte offsets.
// When s is valid UTF-8 the result is never longer than s: with AVX-512 it
// is decoded by the octet path (decodeOctetString), and where that fails
// (a fault, which it leaves to the steps to name) or without AVX-512, by
// decodeValidString, into a buffer on the stack, converted once, or for a
// long s into one allocation of the result's length (exact for an empty
// keep); when nothing is decoded, s itself is returned.
func decodeString(s string, keep *Set) (string, error) {
	i := strings.IndexByte(s, '%')
	if !validUTF8(s) {
		return decodeStringStepwise(s, keep)
	}
	if i < 0 {
		return s, nil
	}
	if useECMAOctets {
		if r, ok := decodeOctetString(s, i, keep); ok {
			return r, nil
		}
	}
	if len(s) <= decodeStackMax {
		var buf [decodeStackMax]byte
		b, err := decodeValidString(buf[:0], s, i, keep)
		if err != nil {
			return "", err
		}
		if len(b) == len(s) {
			return s, nil // every escape kept: nothing changed
		}
		return string(b), nil
	}
	n := len(s)
	if *keep == (Set{}) {
		n = unescapedLen(s, i) // each escape is one octet
	}
	b, err := decodeValidString(make([]byte, 0, n), s, i, keep)
	if err != nil {
		return "", err
	}
	if len(b) == len(s) {
		return s, nil
	}
	return unsafeString(b), nil // b is new and not kept
}

// decodeValidString appends Decode of s, valid UTF-8 whose first '%' is
// s[i], to b. Literal runs, which are their own UTF-8, are found with
// strings.IndexByte and copied as they stand. An escape of an ASCII octet,
// and a sequence of n escapes whose octets are valid UTF-8 (which is what
// Decode steps 4.d.vii.1 to 4.d.vii.8 accept: RFC 3629, as utf8.DecodeRune
// checks it), are written here as their octets; anything else, every fault
// included, goes to decodeEscapeWindow, which follows the steps.
func decodeValidString(b []byte, s string, i int, keep *Set) ([]byte, error) {
	b = append(b, s[:i]...)
	for {
		// s[i] is '%'.
		if i+2 < len(s) {
			h, l := unhex[s[i+1]], unhex[s[i+2]]
			v := h<<4 | l
			switch {
			case h|l > 0xF:
			case v < utf8.RuneSelf && keep.has(v): // 4.d.vi.3
				b = append(b, s[i:i+3]...)
				i += 3
				goto next
			case v < utf8.RuneSelf: // 4.d.vi.2
				b = append(b, v)
				i += 3
				goto next
			default:
				n := int(utf8SeqLen[v])
				if n == 0 || i+3*n > len(s) {
					break
				}
				oct := [4]byte{v}
				for k := 1; k < n; k++ {
					p := i + 3*k
					h, l := unhex[s[p+1]], unhex[s[p+2]]
					if s[p] != '%' || h|l > 0xF {
						goto window
					}
					oct[k] = h<<4 | l
				}
				if seqValid(&oct, n) {
					b = append(b, oct[:n]...)
					i += 3 * n
					goto next
				}
			}
		}
	window:
		{
			var err error
			if b, i, err = decodeEscapeWindow(b, s, i, keep); err != nil {
				return nil, err
			}
		}
	next:
		if i < len(s) && s[i] == '%' {
			continue
		}
		j := strings.IndexByte(s[i:], '%')
		if j < 0 {
			return append(b, s[i:]...), nil
		}
		b = append(b, s[i:i+j]...)
		i += j
	}
}

// seqValid reports whether the n octets oct, n being what utf8SeqLen says
// of oct[0], are one valid UTF-8 sequence, as utf8.DecodeRune decides:
// in line for two and three octets.
func seqValid(oct *[4]byte, n int) bool {
	switch n {
	case 2:
		return oct[0] >= 0xC2 && oct[1]&0xC0 == 0x80
	case 3:
		if oct[1]&0xC0 != 0x80 || oct[2]&0xC0 != 0x80 {
			return false
		}
		r := rune(oct[0]&0x0F)<<12 | rune(oct[1]&0x3F)<<6 | rune(oct[2]&0x3F)
		return r >= 0x800 && (r < surrHighMin || r > surrLowMax)
	}
	_, size := utf8.DecodeRune(oct[:n])
	return size == n
}

// decodeEscapeWindow decodes the escape sequence at the '%' s[i] in the
// way of the []uint16 form, appending the result to b. It returns b and the
// index after the sequence, or a [*URIError] with a byte offset.
func decodeEscapeWindow(b []byte, s string, i int, keep *Set) ([]byte, int, error) {
	// Decode looks at most 12 code units from the '%' (four escapes). Take
	// that window of s as UTF-16, as the []uint16 form would see it, with
	// each unit's byte offset.
	var w [12]uint16
	var at [12]int
	m := 0
	for j := i; m < len(w) && j < len(s); {
		r, size := rune(s[j]), 1
		if r >= utf8.RuneSelf {
			r, size = utf8.DecodeRuneInString(s[j:]) // U+FFFD, 1 when invalid
		}
		if r >= 0x10000 {
			r -= 0x10000
			w[m], at[m] = uint16(surrHighMin+r>>10), j
			m++
			if m < len(w) {
				w[m], at[m] = uint16(surrLowMin+r&0x3FF), j
				m++
			}
		} else {
			w[m], at[m] = uint16(r), j
			m++
		}
		j += size
	}
	v, last, f := scanEscape(w[:m], 0)
	if f != faultNone {
		return nil, 0, f.at(at[last])
	}
	end := at[last] + 1 // every unit of a whole sequence is one ASCII byte
	if v < utf8.RuneSelf && keep.Contains(byte(v)) {
		b = append(b, s[i:end]...)
	} else {
		b = utf8.AppendRune(b, v)
	}
	return b, end, nil
}

// decodeStringStepwise is decodeString for an s that is not valid UTF-8:
// its result can be longer than s, as each invalid byte becomes U+FFFD.
func decodeStringStepwise(s string, keep *Set) (string, error) {
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '%':
			var err error
			if b, i, err = decodeEscapeWindow(b, s, i, keep); err != nil {
				return "", err
			}
		case c < utf8.RuneSelf:
			b = append(b, c)
			i++
		default:
			r, size := utf8.DecodeRuneInString(s[i:])
			b = utf8.AppendRune(b, r) // U+FFFD for an invalid byte
			i += size
		}
	}
	return unsafeString(b), nil // b is new and not kept
}

// The octet path of Decode. Where every literal unit is ASCII, Decode is
// the octet decode of the escapes (each '%' with two hex digits becomes its
// octet; an escape of an ASCII octet in the reserved set stays as written)
// followed by reading the octets as UTF-8: a sequence of octets is either
// all escapes or all literal bytes (a literal byte is ASCII here, or in a
// valid UTF-8 string, follows the literal bytes of its own character), so
// when the octets are valid UTF-8 (RFC 3629, as utf8.Valid decides, which
// is what steps 4.d.vii.1 to 4.d.vii.8 accept), Decode's result is those
// octets as text, and when they are not, or a '%' is malformed, Decode
// throws. The octet path decodes the escapes in bulk (ecmaOctets, 64 bytes
// at a time with AVX-512) and checks the octets as UTF-8 in bulk; where
// they are not valid, or a '%' is malformed, it leaves the input to the
// steps (appendDecode's loop, decodeValidString), which say what and where.

// ecmaKeepTable is a reserved set as decodeOctetsAVX512 reads it: byte c>>3
// of bits has bit c&7 for each ASCII octet c of the set (0 from byte 16
// on), sel[i] is 1<<(i&7), low5 is 0x1F in every byte.
type ecmaKeepTable struct {
	bits, sel, low5 [64]byte
}

var ecmaKeepTemplate = func() (t ecmaKeepTable) {
	for i := range 64 {
		t.sel[i], t.low5[i] = 1<<(i&7), 0x1F
	}
	return t
}()

// fill makes t the table of the ASCII octets of keep.
func (t *ecmaKeepTable) fill(keep *Set) {
	*t = ecmaKeepTemplate
	binary.LittleEndian.PutUint64(t.bits[0:], keep.bits[0])
	binary.LittleEndian.PutUint64(t.bits[8:], keep.bits[1])
}

// ecmaKeepTableOf returns the keep table of keep for the octet path: nil
// when keep has no ASCII member (no escape stays as written, and the
// kernels skip the test), the one made once for DecodeURIReserved, or else
// t, filled.
func ecmaKeepTableOf(keep *Set, t *ecmaKeepTable) *ecmaKeepTable {
	switch {
	case asciiOf(keep) == asciiSet{}:
		return nil
	case *keep == decodeURIReservedSet:
		return &decodeURIKeepTable
	}
	t.fill(keep)
	return t
}

// decodeURIKeepTable is the keep table of DecodeURIReserved, made once.
var decodeURIKeepTable = func() (t ecmaKeepTable) {
	t.fill(&decodeURIReservedSet)
	return t
}()

// ecmaOctets decodes the escapes of src into out, which has room for the
// result (len(src) bytes are always enough): each '%' followed by two hex
// digits becomes its octet (Decode steps 4.d.iv, 4.d.vi.2, and the octets
// of 4.d.vii), except that an escape of an ASCII octet in keep stays as
// written (4.d.vi.3); every other byte is copied. It returns the length of
// the result, and ok false at the first '%' not followed by two hex
// digits (or when out is too short, which a caller that sized it by
// counting '%' sees only for such a '%'), for the caller to run the steps,
// which say where. Runs with
// escapes go 64 bytes at a time through the octet decoders' decodeOctets
// where the CPU has AVX-512: with kt, decodeOctetsAVX512, the last bytes of
// src through a copy padded with zero bytes; with none (kt nil),
// decodeOctetsEndAVX512, to the end of src.
func ecmaOctets[S string | []byte](out []byte, src S, keep *Set, kt *ecmaKeepTable) (n int, ok bool) {
	i, j, vector := 0, 0, 0
	for i < len(src) {
		if src[i] != '%' {
			k := indexByte(src[i:], '%')
			if k < 0 {
				k = len(src) - i
			}
			if copy(out[j:], src[i:i+k]) < k {
				return j, false // no room: only a malformed '%' makes too little
			}
			j += k
			i += k
			continue
		}
		if useECMAKernels && i >= vector && j < len(out) {
			u, w := decodeOctets(out[j:], src[i:], '%', kt)
			if u == 0 {
				vector = i + 64
			} else {
				i += u
				j += w
				continue
			}
		}
		if i+2 >= len(src) {
			return j, false // 4.d.ii
		}
		h, l := unhex[src[i+1]], unhex[src[i+2]]
		if h|l > 0xF {
			return j, false // 4.d.iii
		}
		v := h<<4 | l
		switch {
		case v < utf8.RuneSelf && keep.has(v):
			if copy(out[j:], src[i:i+3]) < 3 {
				return j, false
			}
			j += 3
		case j < len(out):
			out[j] = v
			j++
		default:
			return j, false
		}
		i += 3
	}
	return j, true
}

// narrowASCIIPlain is narrowASCII one unit at a time: the plain path.
func narrowASCIIPlain(dst []byte, src []uint16) int {
	for i, c := range src {
		if c >= utf8.RuneSelf {
			return i
		}
		dst[i] = byte(c)
	}
	return len(src)
}

// utf8ToUTF16 writes the UTF-8 octets b as UTF-16 code units to out, and
// returns how many; ok is false when b is not valid UTF-8 (RFC 3629: as
// utf8.Valid decides), or when out has too little room (len(b) units are
// always enough), and then out holds the units of a valid start of b. With
// AVX-512, utf8ToUTF16Kernel does all but four-octet sequences, which
// utf8ToUTF16Step does, and finds where b is invalid.
func utf8ToUTF16(out []uint16, b []byte) (n int, ok bool) {
	i, j := 0, 0
	for i < len(b) {
		// The kernel writes no more units than the octets it is given.
		u, w := utf8ToUTF16Kernel(out[j:], b[i:min(len(b), i+len(out)-j)])
		i += u
		j += w
		if i == len(b) {
			break
		}
		u, w, ok := utf8ToUTF16Step(out[j:], b[i:])
		if !ok {
			return j, false
		}
		i += u
		j += w
	}
	return j, true
}

// utf8ToUTF16Step writes the first UTF-8 sequence of b, which is not empty,
// to out as one or two code units, and returns the octets it used and the
// units it wrote, or ok false when it is not valid UTF-8 or out has no
// room for its units.
func utf8ToUTF16Step(out []uint16, b []byte) (used, wrote int, ok bool) {
	if len(out) == 0 {
		return 0, 0, false
	}
	c := b[0]
	switch {
	case c < utf8.RuneSelf:
		out[0] = uint16(c)
		return 1, 1, true
	case c >= 0xC2 && c < 0xE0 && len(b) >= 2 && b[1]&0xC0 == 0x80:
		out[0] = uint16(c&0x1F)<<6 | uint16(b[1]&0x3F)
		return 2, 1, true
	case c >= 0xE0 && c < 0xF0 && len(b) >= 3 && b[1]&0xC0 == 0x80 && b[2]&0xC0 == 0x80:
		v := uint16(c&0x0F)<<12 | uint16(b[1]&0x3F)<<6 | uint16(b[2]&0x3F)
		if v < 0x800 || (v >= surrHighMin && v <= surrLowMax) {
			return 0, 0, false
		}
		out[0] = v
		return 3, 1, true
	}
	r, size := utf8.DecodeRune(b)
	if size < 4 || len(out) < 2 { // invalid (RuneError, 1): the cases above take the valid shorter ones
		return 0, 0, false
	}
	r -= 0x10000
	out[0] = uint16(surrHighMin + r>>10)
	out[1] = uint16(surrLowMin + r&0x3FF)
	return 4, 2, true
}

// octetChunk is how many code units decodeOctetPath takes at a time, and
// octetChunkShort how many for an input no longer than that (twice as many
// for one no longer than twice that).
const (
	octetChunk      = 2048
	octetChunkShort = 256
)

// octetPathMin is the shortest input on which Decode takes the octet path.
const octetPathMin = 32

// decodeOctetPath is the octet path of appendDecode: it decodes the start
// of s into out (len(s) units are always room enough; with less, it stops
// where out is full), chunk by chunk of ASCII code units (read as
// units by the unit kernel where the CPU has AVX-512, the rest narrowed to
// bytes: decodeOctetChunks), and copies the other units (step 4.c). It returns
// the units it wrote and the index of s up to which it decoded, from which
// the steps go on: at the start of a chunk with a malformed '%' or octets
// that are not valid UTF-8. A chunk ends before a unit at or above 0x80,
// or before a literal or a '%' whose octet does not continue a sequence, so
// that no escape or sequence of escapes is cut (a cut one, made when there
// is no such place, leaves that chunk to the steps).
//
// For an s of up to octetChunkShort units, its buffers are on the stack,
// which Go clears on each call (octetPathShort); for a longer s, they are
// kept between calls in a pool (octetPathLong), and not cleared: taking
// them from the pool costs more than clearing a short one, less than
// clearing a long one. When out has room for len(s) units (appendDecode)
// and s is one chunk, what the unit kernel leaves of it is narrowed into
// out's room past what is written,
// which its units overwrite only once its octets are decoded, so that only
// the buffer of octets is used (and a small one for an s too short to fit);
// a longer s is narrowed into a buffer that stays in the first-level
// cache.
func decodeOctetPath(out, s []uint16, keep *Set) (w, k int) {
	roomy := len(out) >= len(s) && len(s) <= octetChunk
	if len(s) <= octetChunkShort {
		return octetPathShort(out, s, keep, roomy)
	}
	return octetPathLong(out, s, keep, roomy)
}

// octetPathShort is decodeOctetPath with chunks of octetChunkShort units.
//
//go:noinline
func octetPathShort(out, s []uint16, keep *Set, roomy bool) (w, k int) {
	var ob [octetChunkShort + octetPad]byte
	if roomy {
		var nb [2 * octetPad]byte
		return decodeOctetChunks(out, s, keep, nb[:], ob[:])
	}
	var nb [octetChunkShort + octetPad]byte
	return decodeOctetChunks(out, s, keep, nb[:], ob[:])
}

// octetPathLong is decodeOctetPath with chunks of octetChunk units, in
// buffers from octetBufs.
func octetPathLong(out, s []uint16, keep *Set, roomy bool) (w, k int) {
	b := octetBufs.Get().(*octetBuf)
	nb := b.nb[:]
	if roomy {
		nb = nb[:2*octetPad]
	}
	w, k = decodeOctetChunks(out, s, keep, nb, b.ob[:])
	octetBufs.Put(b)
	return w, k
}

// octetBuf is octetPathLong's buffers: of octets (ob) and of narrowed
// units (nb).
type octetBuf struct {
	ob, nb [octetChunk + octetPad]byte
}

// octetBufs holds octetPathLong's buffers between calls.
var octetBufs = sync.Pool{New: func() any { return new(octetBuf) }}

// decodeOctetChunks is decodeOctetPath with the buffer of octets ob, of
// len(ob)-octetPad bytes a chunk, and nb for a chunk's narrowed units where
// out's room past w is too short for them and their padding (a chunk that
// fits in neither is left to the steps). The blocks of 64 ASCII units at
// the start of a chunk are decoded from the units themselves
// (unitOctetsKernel, with AVX-512); what follows them in the chunk (the
// last units, those before a unit at or above 0x80, and at least
// chunkCutSpan units of a chunk that s goes on after, for chunkCut to look
// at) is narrowed and decoded (ecmaOctetsChunk) after their octets, and
// the octets of the whole chunk are then made units.
func decodeOctetChunks(out, s []uint16, keep *Set, nb, ob []byte) (w, k int) {
	chunk := len(ob) - octetPad
	var t ecmaKeepTable
	kt := ecmaKeepTableOf(keep, &t)
	for k < len(s) {
		if c := s[k]; c >= utf8.RuneSelf {
			if w == len(out) {
				return w, k
			}
			out[w] = c // 4.c
			w++
			k++
			continue
		}
		end := min(len(s), k+chunk)
		kend := end
		if end < len(s) {
			kend = max(k, end-chunkCutSpan)
		}
		u, n := unitOctetsKernel(ob, s[k:kend], kt)
		j := k + u // the rest of the chunk starts here
		if j == end {
			u, ok := utf8ToUTF16(out[w:], ob[:n])
			if !ok {
				return w, k
			}
			w += u
			k = j
			continue
		}
		nu := nb
		if need := end - j + octetPad; 2*(len(out)-w) >= need {
			// The bytes of out[w:], as long as its room, written and
			// read here only; its units are written after.
			nu = unsafe.Slice((*byte)(unsafe.Pointer(&out[w])), 2*(len(out)-w))
		} else if len(nb) < need {
			return w, k
		}
		m := narrowASCII(nu[:end-j], s[j:end])
		if j+m < len(s) && m == end-j {
			m = chunkCut(nu[:m])
		}
		n2, ok := ecmaOctetsChunk(ob[n:], nu, m, keep, kt)
		if !ok {
			return w, k
		}
		u, ok = utf8ToUTF16(out[w:], ob[:n+n2])
		if !ok {
			return w, k
		}
		w += u
		k = j + m
	}
	return w, k
}

// chunkCutSpan is how many units of a chunk that s goes on after
// decodeOctetChunks leaves to be narrowed, at least, so that chunkCut sees
// as many bytes as it looks at.
const chunkCutSpan = 32

// octetPad is the room past a chunk that ecmaOctetsChunk pads with zero
// bytes: enough for decodeOctetsAVX512 to take every byte of the chunk,
// which stops when fewer than 66 bytes are left.
const octetPad = 130

// ecmaOctetsChunk is ecmaOctets of the m bytes at the start of nb into ob
// (each with room for m+octetPad bytes).
// With the kernels, it clears the octetPad bytes after them and decodes the
// whole in one call of ecmaOctetsPadded: zero bytes are neither '%' nor hex
// digits, so an escape cut by the end of the chunk stops the kernel before
// it, and each is decoded as itself, after the rest, and is taken off. When
// the kernel stops before the end of the chunk (a malformed '%'),
// ecmaOctets goes over the chunk again, to say so.
func ecmaOctetsChunk(ob, nb []byte, m int, keep *Set, kt *ecmaKeepTable) (int, bool) {
	if useECMAKernels && m > 0 {
		clear(nb[m : m+octetPad])
		used, wrote := ecmaOctetsPadded(ob, nb[:m+octetPad], kt)
		if used >= m {
			return wrote - (used - m), true
		}
	}
	return ecmaOctets(ob, nb[:m], keep, kt)
}

// chunkCut returns where to end a chunk of the ASCII units b, which s goes
// on after: before the last literal or '%' of its last 16 bytes that is
// not part of an escape and does not start the escape of a continuation
// octet (10xxxxxx), or at len(b) when there is none.
func chunkCut(b []byte) int {
	for p := len(b) - 1; p >= 2 && p > len(b)-16; p-- {
		if b[p-1] == '%' || b[p-2] == '%' {
			continue
		}
		if b[p] != '%' {
			return p
		}
		if p+2 < len(b) {
			if h := unhex[b[p+1]]; h < 8 || h >= 0xC {
				return p
			}
		}
	}
	return len(b)
}

// decodeOctetString is the octet path of decodeString, for an s that is
// valid UTF-8 and whose first '%' is s[i]: the result, and ok false when
// the steps are to say what it is (a malformed '%', octets that are not
// valid UTF-8).
func decodeOctetString(s string, i int, keep *Set) (string, bool) {
	var t ecmaKeepTable
	kt := ecmaKeepTableOf(keep, &t)
	if *keep == (Set{}) {
		b := make([]byte, unescapedLen(s, i))
		n, ok := ecmaOctets(b, s, keep, kt)
		if !ok || n != len(b) || !validUTF8(b) {
			return "", false
		}
		return unsafeString(b), true // b is new and not kept
	}
	if len(s) <= decodeStackMax {
		var buf [decodeStackMax]byte
		n, ok := ecmaOctets(buf[:len(s)], s, keep, kt)
		if !ok || !validUTF8(buf[:n]) {
			return "", false
		}
		if n == len(s) {
			return s, true // every escape kept: nothing changed
		}
		return string(buf[:n]), true
	}
	b := make([]byte, len(s))
	n, ok := ecmaOctets(b, s, keep, kt)
	if !ok || !validUTF8(b[:n]) {
		return "", false
	}
	if n == len(s) {
		return s, true
	}
	return unsafeString(b[:n]), true
}

// decodeExact is Decode(s, keep) by the octet path alone, into one
// allocation of the length decodedUnits gives (exact for an empty keep when
// s decodes without fault), so that nothing is copied after unless the
// result is half of that bound or less (a copy then, so that the result does
// not keep the rest alive). It returns the result and k == len(s), or,
// when the octet path leaves s[k:] to the steps (a fault, a chunk it cannot
// cut, a bound too small), the units it wrote for s[:k], from which the
// caller runs the steps (decodeSteps) without running the octet path again.
func decodeExact(s []uint16, keep *Set) (r []uint16, k int) {
	r = make([]uint16, decodedUnits(s, asciiOf(keep) != asciiSet{}))
	w, k := decodeOctetPath(r, s, keep)
	if k < len(s) {
		return r[:w], k
	}
	if 2*w <= len(r) {
		// A keep's bound counted many ASCII escapes it did not keep (%20
		// in decodeURI): do not hold on to twice the memory or more.
		return slices.Clone(r[:w]), k
	}
	return r[:w], k
}

// decodedUnits returns how many code units Decode writes for s when s
// decodes without fault, or more: each '%' is taken to start an escape of
// three units, which writes one unit, none when its first hex digit makes
// a continuation octet (8-B), two for a four-octet sequence's first octet
// (F), and, when kept is set (keep has ASCII members), three for an ASCII
// octet (0-7), as if every one were kept. It counts 32 units at a time
// with decodedUnitsKernel where the CPU has AVX-512, and the rest with
// decodedUnitsDelta. The result is at least 0 and at most len(s).
func decodedUnits(s []uint16, kept bool) int {
	i, d := decodedUnitsKernel(s, kept)
	d += decodedUnitsDelta(s, i, kept)
	return min(len(s), max(0, len(s)+d))
}

// decodedUnitsDelta returns what the '%' of s[from:] change decodedUnits by
// (its plain path): -2 for each, then -1 for a first hex digit 8-B, +1 for
// F, +2 for 0-7 when kept is set. A unit c stands for a digit when c|0x20
// is one: other units there make a fault, for which any count will do.
func decodedUnitsDelta(s []uint16, from int, kept bool) int {
	d := 0
	for i := from; i < len(s); i++ {
		if s[i] != '%' {
			continue
		}
		d -= 2
		var c uint16
		if i+1 < len(s) {
			c = s[i+1] | 0x20
		}
		switch {
		case c-'8' < 2 || c-'a' < 2:
			d--
		case c == 'f':
			d++
		case kept && c-'0' < 8:
			d += 2
		}
	}
	return d
}
