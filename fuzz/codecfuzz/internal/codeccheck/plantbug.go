//go:build pctest_plantbug

package codeccheck

import "github.com/pctest/pctest/internal/mutants"

// planted and plantedOctets rewrite the input of the codec's decoders in
// the decode targets (PercentDecode, LenientDecode, FormDecode) with
// internal/mutants' planted bug: in this build, tagged pctest_plantbug, a
// "%1F" escape followed by '#' decodes to 0x1E, as if the codec had the
// bug. No vector holds "%1F#", so the seeds pass and a fuzzer has to find
// it: the demonstration of fuzz/README.md ("A planted bug"). No test,
// make target or build.sh line sets the tag.
// It returns s itself when there is nothing to rewrite, so the targets'
// checks that a decoder returns its input itself still hold.
func planted(s string) string {
	if b := mutants.Escape1FHashInput([]byte(s)); string(b) != s {
		return string(b)
	}
	return s
}

// plantedOctets is planted on octets.
func plantedOctets(b []byte) []byte { return mutants.Escape1FHashInput(b) }
