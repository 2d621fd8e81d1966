package selfcheck

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/pctest/pctest/internal/faketestee"
	"github.com/pctest/pctest/report"
)

// TestMain runs the tests, and makes the test binary double as the
// misbehaving testee of the tests where faketestee.Command cannot build it
// (see package faketestee).
func TestMain(m *testing.M) {
	os.Exit(faketestee.RunTests(m))
}

// check runs the self-check on the fake testee in mode.
func check(t *testing.T, mode string, hex bool) *report.CheckReport {
	t.Helper()
	rep, err := Run(context.Background(), Config{
		Command: []string{faketestee.Command(t)}, Timeout: 2 * time.Second, UTF16Hex: hex,
		Env: []string{faketestee.RoleEnv + "=fake", faketestee.ModeEnv + "=" + mode},
	})
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// item returns the check named name.
func item(t *testing.T, rep *report.CheckReport, name string) report.CheckItem {
	t.Helper()
	for _, it := range rep.Checks {
		if it.Name == name {
			return it
		}
	}
	var b strings.Builder
	rep.WriteText(&b)
	t.Fatalf("no check %q:\n%s", name, b.String())
	return report.CheckItem{}
}

func text(rep *report.CheckReport) string {
	var b strings.Builder
	rep.WriteText(&b)
	return b.String()
}

// TestCheckGoodTestee: a testee that keeps the contract has no problem,
// in either text mode, and every check is made.
func TestCheckGoodTestee(t *testing.T) {
	faketestee.CheckNoLeaks(t)
	for _, hex := range []bool{false, true} {
		rep := check(t, "ref", hex)
		if rep.Problems != 0 || rep.CannotStart || len(rep.Declined) != 0 || len(rep.Answered) == 0 {
			t.Errorf("utf16hex %v: %d problems:\n%s", hex, rep.Problems, text(rep))
		}
		for _, name := range []string{"exit", "ids", "start", "ops", "long-lines", "lone-surrogates", "stdout", "unknown-fields", "non-bmp"} {
			if it := item(t, rep, name); it.Status != report.CheckOK {
				t.Errorf("utf16hex %v: %s is %s:\n%s", hex, name, it.Status, text(rep))
			}
		}
	}
}

// TestCheckFindsEachTrap: each trap of the protocol is the problem of its
// check, with a fix that names the remedy.
func TestCheckFindsEachTrap(t *testing.T) {
	faketestee.CheckNoLeaks(t)
	for _, tc := range []struct {
		mode, check, fix string
	}{
		{"ref,lossy-json", "lone-surrogates", "-utf16hex"},
		{"ref,debug-every", "stdout", "stderr"},
		{"ref,malformed-char=%", "stdout", "one JSON object on one line"}, // answers, not logs
		{"ref,drop-at-eof", "exit", "before exiting"},
		{"ref,int32-id", "ids", "64-bit"},
		{"ref,max-line=60000", "long-lines", "any length"},
		{"ref,cesu8", "non-bmp", "CESU-8"},
		{"ref,buffer-all", "start", "flush"},
	} {
		rep := check(t, tc.mode, false)
		it := item(t, rep, tc.check)
		if it.Status != report.CheckProblem || !strings.Contains(it.Fix, tc.fix) {
			t.Errorf("%s: check %s is %s, fix %q; want a problem whose fix says %q:\n%s", tc.mode, tc.check, it.Status, it.Fix, tc.fix, text(rep))
		}
		if rep.Problems == 0 {
			t.Errorf("%s: no problem counted", tc.mode)
		}
	}
}

// TestCheckDeclinesEverything: a testee that declines every op (misspelled
// op names) cannot be run usefully: the check says so, as pctest run's
// exit status 2 does.
func TestCheckDeclinesEverything(t *testing.T) {
	rep := check(t, "unsup-op=*", false)
	if !rep.CannotStart || item(t, rep, "ops").Status != report.CheckProblem || !strings.Contains(item(t, rep, "ops").Fix, "pctest ops") {
		t.Errorf("want cannot start and an ops problem:\n%s", text(rep))
	}
}

// TestCheckCannotStart: a command that does not exist is a report, not an
// error.
func TestCheckCannotStart(t *testing.T) {
	rep, err := Run(context.Background(), Config{Command: []string{"/nonexistent/testee"}})
	if err != nil || !rep.CannotStart || rep.Problems != 1 {
		t.Fatalf("err %v, report:\n%s", err, text(rep))
	}
}
