package conformance

import "testing"

// The reference codec, goja (less its known deviations) and net/url (for
// its ops) must pass the vectors, the laws and the oracle cleanly.

func TestReferenceVectors(t *testing.T) { Run(t, Reference()) }

// goja answers only the ECMAScript ops; its failures that
// vectors/deviations.json documents are expected failures.
func TestGojaVectors(t *testing.T) { Run(t, Goja(), Areas("ecmascript")) }

func TestNetURLVectors(t *testing.T) {
	Run(t, NetURL(), Areas("neturl"), Ops("percentDecode"))
}

func TestLawsReference(t *testing.T) { Laws(t, Reference()) }
func TestLawsGoja(t *testing.T)      { Laws(t, Goja()) }
func TestLawsNetURL(t *testing.T)    { Laws(t, NetURL()) }

func TestOracleGoja(t *testing.T)   { Differential(t, Goja(), Reference()) }
func TestOracleNetURL(t *testing.T) { Differential(t, NetURL(), Reference()) }
