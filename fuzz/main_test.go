package fuzz

// The regression tests of Run that fuzz a misbehaving testee (a
// testee.Process running internal/faketestee), in hostile_test.go: the
// promises of testee/PROTOCOL.md §5 about fuzzing (issues 14 and 22).

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/pctest/pctest/internal/faketestee"
	"github.com/pctest/pctest/report"
	"github.com/pctest/pctest/testee"
)

// TestMain runs the tests, and makes the test binary double as the
// misbehaving testee of the tests where faketestee.Command cannot build it
// (see package faketestee).
func TestMain(m *testing.M) {
	os.Exit(faketestee.RunTests(m))
}

// fakeOptions returns the options of a fake testee with the behaviours in
// mode; later options override them.
func fakeOptions(mode string) []testee.Option {
	return []testee.Option{
		testee.Name("fake"),
		// A race-enabled test binary on a loaded machine may take seconds
		// to start: tests about start-up set their own allowance.
		testee.StartTimeout(2 * time.Minute),
		// GORACE: a race-enabled binary sleeps 1s at exit by default.
		testee.Env(faketestee.RoleEnv+"=fake", faketestee.ModeEnv+"="+mode, "GORACE=atexit_sleep_ms=0"),
	}
}

// startFake starts the fake testee (faketestee.Command) with opts and
// closes it when t ends, checking that no goroutine is left behind. (The
// testee package's own tests check that no process is.)
func startFake(t *testing.T, opts ...testee.Option) *testee.Process {
	t.Helper()
	faketestee.CheckNoLeaks(t)
	p, err := testee.Start(context.Background(), []string{faketestee.Command(t)}, opts...)
	if err != nil {
		t.Fatalf("start: %v", err)
	}
	t.Cleanup(func() { p.Close() })
	return p
}

// fuzzFake fuzzes the fake testee in mode with opts.
func fuzzFake(t *testing.T, mode string, timeout time.Duration, opts ...Option) (*report.FuzzReport, *testee.Process, error) {
	t.Helper()
	po := append(fakeOptions(mode), testee.Timeout(timeout), testee.Window(16))
	if mode == "never-read" {
		po = append(po, testee.StartTimeout(3*timeout)) // what the test is about
	}
	// What is found must not depend on the machine's speed.
	opts = append(opts, ShrinkTime(10*time.Minute))
	p := startFake(t, po...)
	rep, err := Run(context.Background(), p, opts...)
	p.Close()
	return rep, p, err
}
