package testee

import (
	"os"
	"testing"

	"github.com/pctest/pctest/internal/faketestee"
)

// TestMain makes the test binary double as the misbehaving testees of the
// tests (see package faketestee): a test starts it again with
// PCTEST_TEST_ROLE=fake.
func TestMain(m *testing.M) {
	if os.Getenv(faketestee.RoleEnv) == "fake" {
		os.Exit(faketestee.Main())
	}
	os.Exit(m.Run())
}
