// Package mutants holds bugs planted on purpose, written once for the two
// places that use them: conformance's mutant zoo (zoo_test.go), which
// shows what the vectors, laws and oracles catch, and the planted-bug
// demonstration of the codec's fuzz targets (fuzz/codecfuzz, build tag
// pctest_plantbug; fuzz/README.md "A planted bug"), which shows a fuzzer
// finding what no vector holds. A mutant here is a rewrite of an
// implementation's input: a correct implementation given the rewritten
// input answers as the buggy one would, so the codec itself stays free of
// them.
package mutants

// Escape1FHash names the planted decode bug: a "%1F" escape followed by
// '#' decodes to 0x1E.
const Escape1FHash = "escape-1f-hash"

// Escape1FHashBug says what Escape1FHash does wrong.
const Escape1FHashBug = `a decoder takes an escape "%1F" (or "%1f") followed by '#' as 0x1E; no vector holds "%1F#", so only a fuzzer finds it`

// Escape1FHashInput rewrites a decoder's input for the Escape1FHash bug:
// every "%1F" or "%1f" followed by '#' becomes "%1E", so that a correct
// percent-decoder (RFC 3986 §2.1, WHATWG URL §1.3, the form and net/url
// decoders) decodes it as the buggy one would. It returns in itself when
// there is nothing to rewrite, else a copy; T is an octet (for the codec's
// functions) or a UTF-16 code unit (for the vectors' text).
func Escape1FHashInput[T byte | uint16](in []T) []T {
	var out []T
	for i := 0; i+3 < len(in); i++ {
		if in[i] == '%' && in[i+1] == '1' && (in[i+2] == 'F' || in[i+2] == 'f') && in[i+3] == '#' {
			if out == nil {
				out = append([]T(nil), in...)
			}
			out[i+2] = 'E'
		}
	}
	if out == nil {
		return in
	}
	return out
}
