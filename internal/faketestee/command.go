package faketestee

import (
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"

	"github.com/pctest/pctest/internal/testenv"
)

// built is the fake testee that Command built for this test binary: its
// path, or why it could not be built.
var built struct {
	once sync.Once
	dir  string // the directory RunTests removes
	path string
	err  error
}

// Command returns the path of the fake testee to start, with ModeEnv saying
// how it misbehaves: the program of package internal/faketestee/fake,
// which the first call builds with go build into a directory of its own.
// It is built without the test's -race: a race-enabled binary takes several
// times as long to start (0.2–0.3 s against 0.03–0.1 s), the hostile tests
// start a fake for each run and again after each crash or hang it plays,
// and what the race detector is for is the runner in the test binary, not
// the fake. Where it cannot be built (no go
// command beside the test), it is the test binary itself (os.Args[0]),
// whose TestMain runs [Main] when RoleEnv is "fake", which the tests'
// environments set; the reason is logged once to t.
func Command(t testing.TB) string {
	t.Helper()
	first := false
	built.once.Do(func() {
		first = true
		built.dir, built.err = os.MkdirTemp("", "pctest-faketestee-")
		if built.err != nil {
			return
		}
		path := filepath.Join(built.dir, "fake")
		out, err := exec.Command(testenv.GoCommand(), "build", "-o", path, "github.com/pctest/pctest/internal/faketestee/fake").CombinedOutput()
		if err != nil {
			built.err = &BuildError{Output: string(out), Err: err}
			return
		}
		built.path = path
	})
	if built.err != nil {
		if first {
			t.Logf("the fake testee is this test binary, started again: %v", built.err)
		}
		return os.Args[0]
	}
	return built.path
}

// BuildError is why Command could not build the fake testee: go build's
// error and output.
type BuildError struct {
	Output string
	Err    error
}

// Error says that go build failed, with its error and output.
func (e *BuildError) Error() string {
	return "go build github.com/pctest/pctest/internal/faketestee/fake: " + e.Err.Error() + "\n" + e.Output
}

// Unwrap returns go build's error (an *exec.ExitError, or exec's error
// when the go command is missing).
func (e *BuildError) Unwrap() error { return e.Err }

// RunTests runs the tests of m in a test binary that doubles as the fake
// testee: with RoleEnv set to "fake" it runs [Main] instead. It returns
// the exit status for os.Exit, after removing what Command built.
func RunTests(m *testing.M) int {
	if os.Getenv(RoleEnv) == "fake" {
		return Main()
	}
	code := m.Run()
	if built.dir != "" {
		os.RemoveAll(built.dir)
	}
	return code
}
