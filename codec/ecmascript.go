package codec

import (
	"slices"
	"strconv"
	"sync"
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
func EncodeURI(s []uint16) (string, error) { return EncodeUTF16(s, encodeURIUnescapedSet) }

// EncodeURIComponent is encodeURIComponent(uriComponent) of ECMA-262 5.1
// §15.1.3.4: Encode with the unescaped set uriUnescaped ([URIUnescaped]), as
// [EncodeUTF16] computes it.
func EncodeURIComponent(s []uint16) (string, error) { return EncodeUTF16(s, uriUnescapedSet) }

// DecodeURI is decodeURI(encodedURI) of ECMA-262 5.1 §15.1.3.1: Decode with
// the reserved set uriReserved and "#" ([DecodeURIReserved]), so that
// escapes of those characters stay as they are written, as [DecodeUTF16]
// computes it. The result shares s's memory when s holds no '%'; use
// [AppendDecodeURI](nil, s) for a copy.
func DecodeURI(s []uint16) ([]uint16, error) { return DecodeUTF16(s, decodeURIReservedSet) }

// DecodeURIComponent is decodeURIComponent(encodedURIComponent) of ECMA-262
// 5.1 §15.1.3.2: Decode with the empty reserved set, as [DecodeUTF16]
// computes it. The result shares s's memory when s holds no '%'; use
// [AppendDecodeURIComponent](nil, s) for a copy.
func DecodeURIComponent(s []uint16) ([]uint16, error) { return DecodeUTF16(s, Set{}) }

// AppendEncodeURI appends encodeURI(s) (ECMA-262 5.1 §15.1.3.3) to dst, as
// ASCII bytes, in the way of [AppendEncodeUTF16]. It allocates nothing when
// dst has room for the result. On error it returns dst unchanged and a
// [*URIError].
func AppendEncodeURI(dst []byte, s []uint16) ([]byte, error) {
	return AppendEncodeUTF16(dst, s, encodeURIUnescapedSet)
}

// AppendEncodeURIComponent appends encodeURIComponent(s) (ECMA-262 5.1
// §15.1.3.4) to dst, as ASCII bytes, in the way of [AppendEncodeUTF16]. It
// allocates nothing when dst has room for the result. On error it returns
// dst unchanged and a [*URIError].
func AppendEncodeURIComponent(dst []byte, s []uint16) ([]byte, error) {
	return AppendEncodeUTF16(dst, s, uriUnescapedSet)
}

// AppendDecodeURI appends decodeURI(s) (ECMA-262 5.1 §15.1.3.1) to dst, in
// the way of [AppendDecodeUTF16]. The result is never longer than s, and
// AppendDecodeURI allocates nothing when dst has room for len(s) more code
// units. On error it returns dst unchanged and a [*URIError].
func AppendDecodeURI(dst, s []uint16) ([]uint16, error) {
	return AppendDecodeUTF16(dst, s, decodeURIReservedSet)
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
	r, off, f := encodeNew(s, &keep)
	if f != faultNone {
		return "", f.at(off)
	}
	return r, nil
}

// AppendEncodeUTF16 appends Encode(s, keep) (ECMA-262 5.1 §15.1.3), as
// [EncodeUTF16] computes it, to dst. It allocates nothing when dst has room
// for the result, and otherwise grows dst once, by exactly what is missing.
// On error it returns dst unchanged and a [*URIError].
//
// It writes whole words and vectors into the room dst has, so bytes of
// dst's capacity past the result (up to 64 of them, or any of them when dst
// is grown) may change, as they may on error.
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
// When s holds no '%', Decode copies every code unit (step 4.c), so its
// result is s as it stands, and DecodeUTF16 returns s itself: the result
// shares s's memory when s holds no '%' (as the Bytes method of
// golang.org/x/text/unicode/norm's Form returns its input when it is
// already normalized); use [AppendDecodeUTF16](nil, s, keep) for a copy.
// Otherwise the result is new.
func DecodeUTF16(s []uint16, keep Set) ([]uint16, error) {
	if indexPct16(s) < 0 {
		return s, nil // 4.c for every unit
	}
	if len(s) <= decodeScratchUnits {
		return decodeScratched(s, &keep)
	}
	// The units of s[:k] already decoded, which the steps go on after.
	var pre []uint16
	k := 0
	if useECMAOctets {
		// One allocation of the result's length (or a bound for a
		// non-empty keep: see decodeExact), written once.
		if pre, k = decodeExact(s, &keep); k == len(s) {
			return pre, nil
		}
	}
	out := make([]uint16, len(s))
	w, off, f := decodeSteps(out, s, &keep, copy(out, pre), k)
	if f != faultNone {
		return nil, f.at(off)
	}
	if 2*w <= len(out) {
		// Mostly escapes: do not hold on to twice the memory or more (as
		// decodeExact).
		return slices.Clone(out[:w]), nil
	}
	return out[:w], nil
}

// decodeScratchUnits is the longest input that DecodeUTF16 decodes into a
// scratch buffer (decodeScratch), to copy to a result of the exact length:
// the result is often far shorter than s (a third of it for text of
// escapes).
const decodeScratchUnits = 4096

// decodeScratch holds the scratch buffers of decodeScratched, kept between
// calls so that none is cleared or counted for.
var decodeScratch = sync.Pool{New: func() any { return new([decodeScratchUnits]uint16) }}

// decodeScratched is DecodeUTF16 of an s of at most decodeScratchUnits
// units: Decode into a scratch buffer (the octet path, then the steps, as
// appendDecode), then one allocation of the result's length, which is a
// copy of what it wrote (no count before, no clearing: append clears
// nothing it then copies over).
func decodeScratched(s []uint16, keep *Set) ([]uint16, error) {
	bp := decodeScratch.Get().(*[decodeScratchUnits]uint16)
	out := bp[:len(s)]
	w, k := 0, 0
	if useECMAOctets && len(s) >= octetPathMin {
		w, k = decodeOctetPath(out, s, keep)
	}
	w, off, f := decodeSteps(out, s, keep, w, k)
	var r []uint16
	if f == faultNone {
		r = append([]uint16(nil), out[:w]...) // w > 0: s has a '%', which decodes to a unit or more
	}
	decodeScratch.Put(bp)
	if f != faultNone {
		return nil, f.at(off)
	}
	return r, nil
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
	return encodeString(s, &encodeURIUnescapedSet), nil
}

// EncodeURIComponentString is [EncodeURIComponent] on the UTF-16 form of the
// Go string s, in the same way as [EncodeURIString]: invalid UTF-8 bytes are
// taken as U+FFFD and the error is always nil.
func EncodeURIComponentString(s string) (string, error) {
	return encodeString(s, &uriUnescapedSet), nil
}

// DecodeURIString is [DecodeURI] on the UTF-16 form of the Go string s,
// returned as UTF-8. Each byte of s that is not part of a valid UTF-8
// sequence is taken as U+FFFD, as a for-range loop over s takes it. A lone
// surrogate in the result would be written as U+FFFD, but none can occur:
// Decode never makes one from escapes, and a Go string cannot hold one to
// copy. [*URIError] offsets are byte offsets into s. When s holds no '%'
// and is valid UTF-8, s itself is returned.
func DecodeURIString(s string) (string, error) {
	return decodeString(s, &decodeURIReservedSet)
}

// DecodeURIComponentString is [DecodeURIComponent] on the UTF-16 form of the
// Go string s, returned as UTF-8, in the same way as [DecodeURIString].
func DecodeURIComponentString(s string) (string, error) {
	return decodeString(s, &Set{})
}
