// Package codec is pctest's reference percent-encoding codec.
//
// It owns three layers, each following its spec step by step:
//
//   - the octet layer of RFC 3986 §2: encode sets ([Set]), percent-encoding
//     ([AppendEncode]), strict and lenient percent-decoding, form encoding
//     (application/x-www-form-urlencoded), UTF-8 validation, normalization and
//     equivalence (RFC 3986 §6.2.2), and IRI↔URI conversion (RFC 3987 §3);
//   - the ECMAScript URI functions of ECMA-262 5.1 §15.1.3 ([EncodeURI],
//     [EncodeURIComponent], [DecodeURI], [DecodeURIComponent] and the abstract
//     operations Encode and Decode), computed over UTF-16 code units so that
//     lone surrogates behave exactly as the spec says;
//   - the named encode sets of RFC 3986, the WHATWG URL Standard, ECMA-262 and
//     Go's net/url, as [Set] values.
//
// The codec is the reference against which other implementations are judged,
// so correctness comes first; it is also used in fuzzing campaigns, so the
// hot paths allocate nothing when the caller supplies room.
//
// Errors are typed values: use [errors.As] to get an [*EscapeError],
// [*UTF8Error], [*IDNAError] or [*URIError] with the offset where the input
// went wrong.
package codec
