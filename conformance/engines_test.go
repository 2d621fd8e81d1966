package conformance

import "testing"

// The reference codec and net/url (for its ops) must pass the vectors, the
// laws and the oracle cleanly; goja's tests are in package gojaimpl.

func TestReferenceVectors(t *testing.T) { Run(t, Reference()) }

func TestNetURLVectors(t *testing.T) {
	Run(t, NetURL(), Areas("neturl"), Ops("percentDecode"))
}

func TestLawsReference(t *testing.T) { Laws(t, Reference()) }
func TestLawsNetURL(t *testing.T)    { Laws(t, NetURL()) }

func TestOracleNetURL(t *testing.T) { Differential(t, NetURL(), Reference()) }
