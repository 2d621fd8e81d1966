// Package spec holds pctest's codec-independent models of the specs it
// tests: transcriptions, step by step and from the spec texts alone, of
// the character sets of RFC 3986, WHATWG URL, ECMA-262 and net/url
// (sets.go); ECMA-262 5.1 §15.1.3 Encode and Decode (ecma.go); Annex B.2.1
// escape and B.2.2 unescape (annexb.go); the octet-level algorithms
// of RFC 3986 §2 and §6.2.2, WHATWG URL's percent-decode and
// application/x-www-form-urlencoded, the WHATWG Encoding Standard's UTF-8
// decoder and net/url's escape and unescape (octets.go); RFC 3987 §3.1 IRI
// to URI and §3.2 URI to IRI, with RFC 3492 Punycode (iri.go); and WHATWG
// URL §1.3 percent-encode after encoding, with the encoders of the WHATWG
// Encoding Standard over its own index files (legacy.go, encoding/).
//
// Two parts of pctest take their expected answers from it: the vector
// generator (vectors/internal/gen), whose vectors judge the codec, and the
// fuzz targets (fuzz/codecfuzz), which check the codec against it on
// fuzzed input. So it must never import package codec (nor anything that
// does); TestNoCodec checks that.
package spec
