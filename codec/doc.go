// Package codec is pctest's reference percent-encoding codec.
//
// It owns three layers, each following its spec step by step:
//
//   - the octet layer of RFC 3986 §2: encode sets ([Set]), percent-encoding
//     ([AppendPercentEncode]), strict and lenient percent-decoding, form
//     encoding and decoding (application/x-www-form-urlencoded), UTF-8
//     validation and decoding, normalization and equivalence (RFC 3986
//     §6.2.2), and IRI↔URI conversion (RFC 3987 §3);
//   - the ECMAScript URI functions of ECMA-262 5.1 §15.1.3 ([EncodeURI],
//     [EncodeURIComponent], [DecodeURI], [DecodeURIComponent] and the abstract
//     operations Encode and Decode, [EncodeUTF16] and [DecodeUTF16]),
//     computed over UTF-16 code units so that lone surrogates behave exactly
//     as the spec says;
//   - the named encode sets of RFC 3986, the WHATWG URL Standard, ECMA-262 and
//     Go's net/url, as [Set] values.
//
// # Names
//
// Names that pair do the same operation on different types, as in
// unicode/utf8 (DecodeRune, DecodeRuneInString) and strconv (Quote,
// AppendQuote): X works on the layer's own sequence ([]uint16 code units
// for ECMAScript, []byte for octets), XString on a Go string, and
// AppendX(dst, ...) appends to dst what X computes. The Percent and Form
// families have no bare X: AppendX(nil, ...) does its job. An AppendX may
// use dst's spare capacity, dst[len(dst):cap(dst)], as scratch, also when
// the result outgrows it and is a new array: keep nothing there that you
// need after the call (dst[:len(dst)] is never written). For the same
// reason the input must not share memory with that spare capacity: an
// in-place call such as AppendDecodeURIComponent(s[:0], s) gives an
// undefined result (append to nil, or to a buffer of its own). A function
// that exists only for strings, such as [Normalize], has the plain name, as
// strconv.Quote does.
//
// The stem says the layer and the spec: EncodeUTF16 and DecodeUTF16 are
// ECMA-262's Encode and Decode; Percent… is RFC 3986 §2.1 (strict) or the
// WHATWG URL Standard's percent-decode (…Lenient); Form… is the WHATWG
// application/x-www-form-urlencoded serializer and parser (URL §5); and
// QueryUnescape… is Go's url.QueryUnescape. Every function that takes a
// [Set] calls it keep: an encoder copies the octets in keep and encodes
// the others; a decoder keeps the escapes of the octets in keep as they are
// written (ECMA-262's reservedSet).
//
//	family                    functions                                 spec
//	ECMAScript Encode         EncodeUTF16, AppendEncodeUTF16            ECMA-262 5.1 §15.1.3
//	ECMAScript Decode         DecodeUTF16, AppendDecodeUTF16            ECMA-262 5.1 §15.1.3
//	encodeURI and friends     EncodeURI, EncodeURIString, AppendEncodeURI
//	                          (and …URIComponent, DecodeURI…)           ECMA-262 5.1 §15.1.3.1-4
//	percent-encode            AppendPercentEncode, PercentEncodeString  RFC 3986 §2.1
//	percent-decode, strict    AppendPercentDecode, PercentDecodeString  RFC 3986 §2.1
//	percent-decode, lenient   AppendPercentDecodeLenient,
//	                          PercentDecodeLenientString                WHATWG URL §1.3
//	no double encoding        PercentEncodeNoDouble                     RFC 3986 §2.4
//	form encode               AppendFormEncode, FormEncodeString        WHATWG URL §5.2
//	form decode               AppendFormDecode, FormDecodeString        WHATWG URL §5.1
//	percent-encode after      AppendPercentEncodeAfterEncoding,
//	encoding (legacy          PercentEncodeAfterEncodingString          WHATWG URL §1.3, §4.4, §5.2;
//	encodings)                (and EncodingName, OutputEncodingName)    WHATWG Encoding §4.2, §4.3
//	URL query, any scheme     AppendQueryEncode, QueryEncodeString      WHATWG URL §4.4 steps 1, 2
//	form decode to octets     AppendFormPercentDecodeLenient,
//	                          FormPercentDecodeLenientString            WHATWG URL §5.1 (no UTF-8 step)
//	url.QueryUnescape         AppendQueryUnescape, QueryUnescapeString  Go net/url
//	UTF-8 decode              AppendUTF8Replace, UTF8ReplaceString      WHATWG Encoding §8.1.1
//	UTF-8 validation          ValidateUTF8, ValidateUTF8String          RFC 3629 §4
//	normalization             Normalize, Equivalent                     RFC 3986 §6.2.2
//	IRI and URI               IRIToURI, URIToIRI                        RFC 3987 §3.1, §3.2
//
// # Reference and fast paths
//
// The codec is the reference against which other implementations are judged,
// so correctness comes first: each operation is plain Go that follows its
// spec's steps in order (ECMA-262's step numbers are in the comments and in
// [URIError].Step). It is also used in fuzzing campaigns, so the hot paths
// allocate nothing when the caller supplies room. On amd64, for long
// inputs, the octet encoders' scan for the first octet to encode,
// ECMAScript's Encode, and its Decode with nothing kept
// (decodeURIComponent) go through AVX2 code (scan_amd64.go and
// scan_amd64.s) that sits beside the plain path, is tested against it, and
// is left out by the build tag purego.
//
// Errors are typed values: use [errors.As] to get an [*EscapeError],
// [*UTF8Error], [*IDNAError] or [*URIError] with the offset where the input
// went wrong, or an [*EncodingLabelError] for a label the WHATWG Encoding
// Standard does not know.
//
// Percent-encode after encoding uses the encoders of
// golang.org/x/text/encoding (found by label through its htmlindex), with
// the places where they leave the Encoding Standard corrected in
// legacy.go: the C1 bytes of the single-byte encodings, the Shift_JIS and
// Big5 pointer exclusions, index jis0212 in EUC-JP, the GB18030-2005 and
// GB18030-2022 changes of the index and the user-defined areas of gb18030
// and GBK, and ISO-2022-JP, whose
// encoder is written out there.
package codec
