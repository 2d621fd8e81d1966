package codec

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
	"unsafe"
)

// This file holds the URI handling functions of ECMA-262 5.1 §15.1.3 —
// encodeURI, encodeURIComponent, decodeURI, decodeURIComponent — and the
// abstract operations Encode and Decode they are defined by (EncodeUTF16
// and DecodeUTF16 here). They work on UTF-16 code units, as ECMAScript
// strings do, so that lone surrogates are seen exactly as the spec sees
// them. Step numbers in comments and in
// URIError.Step are those of the 5.1 text.
//
// Later editions agree with 5.1 on every result and on which inputs throw.
// The ES2017 and ES2019 texts keep the 5.1 Decode steps as they are,
// numbering included, in "code unit" wording. The current text (Decode(string,
// preserveEscapeSet) with ParseHexOctet, and Encode over CodePointAt)
// reorders Decode's checks: the "enough characters left" test (5.1 step
// 4.d.vii.5) moves into the continuation loop, the 10xxxxxx test (5.1 step
// 4.d.vii.7.e) folds into the final "valid UTF-8" test, and the reserved-set
// test on a multi-octet result (5.1 step 4.d.vii.9.c) goes, since a
// reserved set only holds ASCII characters. A kept reserved escape (5.1
// step 4.d.vi.3) and the RFC 3629 checks (no overlong forms, no surrogates,
// nothing above U+10FFFF) are the same in every edition. So only which step
// throws can differ; this file names the 5.1 step.

// A URIError is the URIError exception of ECMA-262 5.1 §15.1.3: the input
// is not something the Encode or Decode operation accepts.
type URIError struct {
	// Offset is where the input went wrong, counted in code units for the
	// []uint16 forms and in bytes for the string forms. For Encode it is the
	// unpaired surrogate. For Decode it is the '%' of the escape at fault:
	// the escape that starts the sequence when the sequence as a whole is
	// wrong (a bad or lone lead byte, too few escapes left, or octets that
	// are not valid UTF-8), or the continuation escape itself (or the code
	// unit standing where one should be) when that escape is wrong.
	Offset int
	// Step is the step of §15.1.3 that throws, such as "Encode 4.d.i" or
	// "Decode 4.d.vii.8".
	Step string
	// Reason says in words what is wrong.
	Reason string
}

// Error returns the reason, the offset and the spec step.
func (e *URIError) Error() string {
	return "URIError: " + e.Reason + " at offset " + strconv.Itoa(e.Offset) +
		" (ECMA-262 5.1 §15.1.3 " + e.Step + ")"
}

// uriFault names one way for Encode or Decode to throw. The zero value is
// no fault.
type uriFault uint8

const (
	faultNone uriFault = iota
	faultLoneLow
	faultHighAtEnd
	faultHighUnpaired
	faultShortEscape
	faultBadHex
	faultBadLead
	faultTruncated
	faultNotPercent
	faultContinuationHex
	faultNotContinuation
	faultOverlong
	faultSurrogate
	faultTooLarge
)

var uriFaults = [...]struct{ step, reason string }{
	faultLoneLow:         {"Encode 4.d.i", "lone low surrogate"},
	faultHighAtEnd:       {"Encode 4.d.iii.2", "high surrogate at the end of the string"},
	faultHighUnpaired:    {"Encode 4.d.iii.4", "high surrogate not followed by a low surrogate"},
	faultShortEscape:     {"Decode 4.d.ii", "'%' not followed by two characters"},
	faultBadHex:          {"Decode 4.d.iii", "'%' not followed by two hex digits"},
	faultBadLead:         {"Decode 4.d.vii.2", "escaped octet cannot start a UTF-8 sequence (10xxxxxx, or more than four bytes)"},
	faultTruncated:       {"Decode 4.d.vii.5", "too few characters left for the escapes of this UTF-8 sequence"},
	faultNotPercent:      {"Decode 4.d.vii.7.b", "UTF-8 continuation is not an escape"},
	faultContinuationHex: {"Decode 4.d.vii.7.c", "continuation '%' not followed by two hex digits"},
	faultNotContinuation: {"Decode 4.d.vii.7.e", "escaped octet is not a UTF-8 continuation byte (10xxxxxx)"},
	faultOverlong:        {"Decode 4.d.vii.8", "overlong UTF-8 sequence"},
	faultSurrogate:       {"Decode 4.d.vii.8", "UTF-8 sequence encodes a surrogate code point"},
	faultTooLarge:        {"Decode 4.d.vii.8", "UTF-8 sequence encodes a value above U+10FFFF"},
}

func (f uriFault) at(offset int) *URIError {
	return &URIError{Offset: offset, Step: uriFaults[f].step, Reason: uriFaults[f].reason}
}

// Surrogate code unit ranges (ECMA-262 5.1 §8.4 and §15.1.3).
const (
	surrHighMin = 0xD800
	surrLowMin  = 0xDC00
	surrLowMax  = 0xDFFF
)

// EncodeURI is encodeURI(uri) of ECMA-262 5.1 §15.1.3.3: Encode with the
// unescaped set uriReserved, uriUnescaped and "#" ([EncodeURIUnescaped]),
// as [EncodeUTF16] computes it.
func EncodeURI(s []uint16) (string, error) { return EncodeUTF16(s, EncodeURIUnescaped) }

// EncodeURIComponent is encodeURIComponent(uriComponent) of ECMA-262 5.1
// §15.1.3.4: Encode with the unescaped set uriUnescaped ([URIUnescaped]), as
// [EncodeUTF16] computes it.
func EncodeURIComponent(s []uint16) (string, error) { return EncodeUTF16(s, URIUnescaped) }

// DecodeURI is decodeURI(encodedURI) of ECMA-262 5.1 §15.1.3.1: Decode with
// the reserved set uriReserved and "#" ([DecodeURIReserved]), so that
// escapes of those characters stay as they are written, as [DecodeUTF16]
// computes it.
func DecodeURI(s []uint16) ([]uint16, error) { return DecodeUTF16(s, DecodeURIReserved) }

// DecodeURIComponent is decodeURIComponent(encodedURIComponent) of ECMA-262
// 5.1 §15.1.3.2: Decode with the empty reserved set, as [DecodeUTF16]
// computes it.
func DecodeURIComponent(s []uint16) ([]uint16, error) { return DecodeUTF16(s, Set{}) }

// AppendEncodeURI appends encodeURI(s) (ECMA-262 5.1 §15.1.3.3) to dst, as
// ASCII bytes, in the way of [AppendEncodeUTF16]. It allocates nothing when
// dst has room for the result. On error it returns dst unchanged and a
// [*URIError].
func AppendEncodeURI(dst []byte, s []uint16) ([]byte, error) {
	return AppendEncodeUTF16(dst, s, EncodeURIUnescaped)
}

// AppendEncodeURIComponent appends encodeURIComponent(s) (ECMA-262 5.1
// §15.1.3.4) to dst, as ASCII bytes, in the way of [AppendEncodeUTF16]. It
// allocates nothing when dst has room for the result. On error it returns
// dst unchanged and a [*URIError].
func AppendEncodeURIComponent(dst []byte, s []uint16) ([]byte, error) {
	return AppendEncodeUTF16(dst, s, URIUnescaped)
}

// AppendDecodeURI appends decodeURI(s) (ECMA-262 5.1 §15.1.3.1) to dst, in
// the way of [AppendDecodeUTF16]. The result is never longer than s, and
// AppendDecodeURI allocates nothing when dst has room for len(s) more code
// units. On error it returns dst unchanged and a [*URIError].
func AppendDecodeURI(dst, s []uint16) ([]uint16, error) {
	return AppendDecodeUTF16(dst, s, DecodeURIReserved)
}

// AppendDecodeURIComponent appends decodeURIComponent(s) (ECMA-262 5.1
// §15.1.3.2) to dst, in the way of [AppendDecodeUTF16]. The result is never
// longer than s, and AppendDecodeURIComponent allocates nothing when dst
// has room for len(s) more code units. On error it returns dst unchanged
// and a [*URIError].
func AppendDecodeURIComponent(dst, s []uint16) ([]uint16, error) {
	return AppendDecodeUTF16(dst, s, Set{})
}

// EncodeUTF16 is the abstract operation Encode(string, unescapedSet) of
// ECMA-262 5.1 §15.1.3 over the UTF-16 code units s, with keep as
// unescapedSet: a code unit below 0x80 whose octet is in keep is copied
// (step 4.c); every other code unit, or valid surrogate pair, is written as
// the %XY escapes of its UTF-8 octets, with uppercase hex (steps 4.d.iv to
// 4.d.vi). The result is ASCII. Members of keep at or above 0x80 are
// ignored: the spec's sets hold only ASCII characters.
//
// A lone low surrogate (step 4.d.i), a high surrogate at the end of s (step
// 4.d.iii.2) or a high surrogate followed by anything but a low surrogate
// (step 4.d.iii.4) is an error: a [*URIError] whose Offset is the unpaired
// surrogate.
func EncodeUTF16(s []uint16, keep Set) (string, error) {
	b, off, f := appendEncode(nil, s, &keep) // one allocation, of the exact length
	if f != faultNone {
		return "", f.at(off)
	}
	return unsafeString(b), nil // b is new and not kept
}

// AppendEncodeUTF16 appends Encode(s, keep) (ECMA-262 5.1 §15.1.3), as
// [EncodeUTF16] computes it, to dst. It allocates nothing when dst has room
// for the result, and otherwise grows dst once, by exactly what is missing.
// On error it returns dst unchanged and a [*URIError].
//
// It writes whole words into the room dst has, so bytes of dst's capacity
// past the result (up to 16 of them, or any of them when dst is grown) may
// change, as they may on error.
func AppendEncodeUTF16(dst []byte, s []uint16, keep Set) ([]byte, error) {
	out, off, f := appendEncode(dst, s, &keep)
	if f != faultNone {
		return dst, f.at(off)
	}
	return out, nil
}

// DecodeUTF16 is the abstract operation Decode(string, reservedSet) of
// ECMA-262 5.1 §15.1.3 over the UTF-16 code units s, with keep as
// reservedSet. Code units other than '%' are copied as they are, lone
// surrogates included (step 4.c). Each escape, or sequence of escapes that
// forms the UTF-8 of one code point, becomes that code point's UTF-16 code
// units (steps 4.d.vi.2 and 4.d.vii.8 to 4.d.vii.10); an escape of an ASCII
// character in keep stays exactly as written, hex case included (step
// 4.d.vi.3). Members of keep at or above 0x80 are ignored, as in
// [EncodeUTF16]; so step 4.d.vii.9.c, which would keep a multi-octet
// sequence, never applies.
//
// DecodeUTF16 returns a [*URIError] for a '%' without two hex digits after it
// (steps 4.d.ii, 4.d.iii), a first octet 10xxxxxx or with more than four
// leading 1 bits (4.d.vii.2), a sequence cut short by the end of s
// (4.d.vii.5), a continuation that is not an escape or not 10xxxxxx
// (4.d.vii.7.b, 7.c, 7.e), and octets that are not the UTF-8 of a code
// point — overlong forms, surrogates U+D800 to U+DFFF, values above
// U+10FFFF — (4.d.vii.8, following RFC 3629 as the spec's note requires).
// Noncharacters such as U+FFFE and U+FFFF decode as any other code point.
//
// When s holds no '%', Decode copies every code unit (step 4.c), and so
// does DecodeUTF16, in one copy: the result never shares memory with s, so
// a caller that reuses s (as pctest fuzz reuses its buffers) keeps its
// answer. [DecodeURIComponentString] and the other string forms, whose
// strings cannot change, return their input itself instead.
func DecodeUTF16(s []uint16, keep Set) ([]uint16, error) {
	if indexPct16(s) < 0 {
		return append(make([]uint16, 0, len(s)), s...), nil
	}
	d, off, f := appendDecode(make([]uint16, 0, len(s)), s, &keep)
	if f != faultNone {
		return nil, f.at(off)
	}
	return d, nil
}

// AppendDecodeUTF16 appends Decode(s, keep) (ECMA-262 5.1 §15.1.3), as
// [DecodeUTF16] computes it, to dst. The result is never longer than s, and
// AppendDecodeUTF16 allocates nothing when dst has room for len(s) more code
// units. On error it returns dst unchanged and a [*URIError].
//
// It works in the room for len(s) more code units it makes in dst, so code
// units of dst's capacity past the result, within that room, may change,
// as they may on error.
func AppendDecodeUTF16(dst, s []uint16, keep Set) ([]uint16, error) {
	if indexPct16(s) < 0 {
		return append(dst, s...), nil // 4.c for every unit
	}
	out, off, f := appendDecode(dst, s, &keep)
	if f != faultNone {
		return dst, f.at(off)
	}
	return out, nil
}

// EncodeURIString is [EncodeURI] on the UTF-16 form of the Go string s.
// Each byte of s that is not part of a valid UTF-8 sequence is taken as
// U+FFFD, as a for-range loop over s takes it, and so is encoded as
// %EF%BF%BD. A Go string cannot hold a lone surrogate, so the error is
// always nil; use [EncodeURI] on []uint16 to reach the spec's errors. When
// nothing needs encoding, s itself is returned.
func EncodeURIString(s string) (string, error) {
	return encodeString(s, &EncodeURIUnescaped), nil
}

// EncodeURIComponentString is [EncodeURIComponent] on the UTF-16 form of the
// Go string s, in the same way as [EncodeURIString]: invalid UTF-8 bytes are
// taken as U+FFFD and the error is always nil.
func EncodeURIComponentString(s string) (string, error) {
	return encodeString(s, &URIUnescaped), nil
}

// DecodeURIString is [DecodeURI] on the UTF-16 form of the Go string s,
// returned as UTF-8. Each byte of s that is not part of a valid UTF-8
// sequence is taken as U+FFFD, as a for-range loop over s takes it. A lone
// surrogate in the result would be written as U+FFFD, but none can occur:
// Decode never makes one from escapes, and a Go string cannot hold one to
// copy. [*URIError] offsets are byte offsets into s. When s holds no '%'
// and is valid UTF-8, s itself is returned.
func DecodeURIString(s string) (string, error) {
	return decodeString(s, &DecodeURIReserved)
}

// DecodeURIComponentString is [DecodeURIComponent] on the UTF-16 form of the
// Go string s, returned as UTF-8, in the same way as [DecodeURIString].
func DecodeURIComponentString(s string) (string, error) {
	return decodeString(s, &Set{})
}

// appendEncode is Encode step 4 over s, appending to dst. On a fault it
// returns the offset of the unpaired surrogate.
//
// It writes into the room dst has; when the rest of the output does not
// fit there, it grows dst once, by exactly the rest's length (encodedLen).
// Where the CPU has them, vector instructions encode runs of code units
// below 0x80, 8 at a time, and the steps of a group of 8 that holds a two-
// or three-octet unit (vectorEncoder); encodeSteps writes the other steps
// (surrogate pairs, short inputs, everything without AVX2) while there is
// room for the longest output of one step; the last steps, without that
// room, go through appendEncodeStepwise.
func appendEncode(dst []byte, s []uint16, keep *Set) ([]byte, int, uriFault) {
	set := asciiOf(keep)
	var vec vectorEncoder
	vec.init(keep, len(s))
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
		case c >= surrLowMin: // 4.d.i
			return n, k, faultLoneLow
		case k+1 == len(s): // 4.d.iii.1-2
			return n, k, faultHighAtEnd
		default:
			d := s[k+1] // 4.d.iii.3
			if d < surrLowMin || d > surrLowMax {
				return n, k, faultHighUnpaired // 4.d.iii.4
			}
			k++
			v := (rune(c)-surrHighMin)<<10 + (rune(d) - surrLowMin) + 0x10000 // 4.d.iii.5
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
// Where the CPU has them, vector instructions count runs of code units below
// 0x80, 32 at a time (vectorEncoder.count); the units between those runs, and
// all units elsewhere, are counted one step at a time.
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
			case c >= surrLowMin: // 4.d.i
				return 0, k, faultLoneLow
			case k+1 == len(s): // 4.d.iii.1-2
				return 0, k, faultHighAtEnd
			case s[k+1] < surrLowMin || s[k+1] > surrLowMax: // 4.d.iii.3-4
				return 0, k, faultHighUnpaired
			default:
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

// appendDecode is Decode step 4 over s, appending to dst. The result is
// never longer than s, so dst is grown once to hold len(s) more units. On a
// fault it returns the offset described at URIError.Offset.
func appendDecode(dst, s []uint16, keep *Set) ([]uint16, int, uriFault) {
	set := asciiOf(keep)
	n0 := len(dst)
	dst = slices.Grow(dst, len(s))
	out := dst[n0 : n0+len(s)]
	w := 0
	// Where the CPU has them, vector instructions decode the literal
	// units and the escapes of octets below 0x80, 16 units at a time,
	// when no escape is to be kept (decodeURIComponent); they stop at each
	// other escape, which the steps below decode, and go on after it.
	vec := set == asciiSet{} && len(s) >= decodeVectorMin
	for k := 0; k < len(s); k++ {
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
			return dst, k, faultShortEscape // 4.d.ii
		}
		b, ok := hexPair(s[k+1], s[k+2]) // 4.d.iv
		if !ok {
			return dst, k, faultBadHex // 4.d.iii
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
				return dst, last, f
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
	return dst[:n0+w], 0, faultNone
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

// encodeString is Encode over the UTF-16 form of s, each invalid UTF-8 byte
// taken as U+FFFD. The UTF-8 of a valid rune is the same octets Encode
// writes for its code units, so those bytes are escaped as they stand.
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
	if utf8.ValidString(s[i:]) {
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

// decodeString is Decode over the UTF-16 form of s (invalid UTF-8 bytes
// taken as U+FFFD), returned as UTF-8. Offsets in errors are byte offsets.
// When s is valid UTF-8 the result is never longer than s: it is decoded
// by decodeValidString into a buffer on the stack, converted once, or for a
// long s into one allocation of the result's length (exact for an empty
// keep); when nothing is decoded, s itself is returned.
func decodeString(s string, keep *Set) (string, error) {
	i := strings.IndexByte(s, '%')
	if !utf8.ValidString(s) {
		return decodeStringStepwise(s, keep)
	}
	if i < 0 {
		return s, nil
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
		n -= 2 * strings.Count(s[i:], "%") // each escape is one octet
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
