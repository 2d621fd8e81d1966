package faketestee

import (
	"bytes"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/pctest/pctest/internal/testenv"
)

func TestMain(m *testing.M) {
	os.Exit(RunTests(m))
}

// answerOf starts command as the fake testee in mode "ref", writes it one
// request line, and returns what it answered.
func answerOf(t *testing.T, command string, env ...string) string {
	t.Helper()
	cmd := exec.Command(command)
	cmd.Env = append(os.Environ(), append(env, ModeEnv+"=ref", "GORACE=atexit_sleep_ms=0")...)
	cmd.Stdin = strings.NewReader(`{"id":7,"op":"encodeURIComponent","in":"a b"}` + "\n")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s: %v, stderr %q", command, err, stderr.String())
	}
	return string(out)
}

// TestCommand: Command builds the fake testee as a program of its own,
// which answers as the reference; the same path every call.
func TestCommand(t *testing.T) {
	if _, err := exec.LookPath(testenv.GoCommand()); err != nil {
		t.Skipf("no go command to build the fake with (%v; Command falls back to the test binary: TestCommandFallsBack)", err)
	}
	path := Command(t)
	if path == os.Args[0] {
		t.Fatalf("Command = the test binary %s: the build failed (see the log)", path)
	}
	if again := Command(t); again != path {
		t.Errorf("Command again = %s, want %s", again, path)
	}
	if got, want := answerOf(t, path), `{"id":7,"out":"a%20b"}`+"\n"; got != want {
		t.Errorf("the fake answered %q, want %q", got, want)
	}
}

// TestCommandFallsBack runs this test binary again where go build cannot
// run (GOROOT and PATH lead nowhere): Command must return the test binary,
// which answers as the fake with RoleEnv "fake", and log why.
func TestCommandFallsBack(t *testing.T) {
	if os.Getenv("PCTEST_FAKETESTEE_CHILD") == "1" {
		got := Command(t)
		if got != os.Args[0] {
			t.Fatalf("Command = %s without a go command, want the test binary %s", got, os.Args[0])
		}
		if answer := answerOf(t, got, RoleEnv+"=fake"); answer != `{"id":7,"out":"a%20b"}`+"\n" {
			t.Fatalf("the test binary as the fake answered %q", answer)
		}
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestCommandFallsBack$", "-test.v", "-test.count=1")
	cmd.Env = append(os.Environ(), "PCTEST_FAKETESTEE_CHILD=1", "GOROOT=/nonexistent", "PATH=/nonexistent", "GORACE=atexit_sleep_ms=0")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("the child: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), "the fake testee is this test binary, started again: go build") || !strings.Contains(string(out), "--- PASS: TestCommandFallsBack") {
		t.Errorf("the child logged no reason, or did not pass:\n%s", out)
	}
}
