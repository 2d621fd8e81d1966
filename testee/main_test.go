package testee

import (
	"os"
	"testing"

	"github.com/pctest/pctest/internal/faketestee"
)

// TestMain runs the tests, and makes the test binary double as the
// misbehaving testee of the tests where faketestee.Command cannot build it
// (see package faketestee).
func TestMain(m *testing.M) {
	os.Exit(faketestee.RunTests(m))
}
