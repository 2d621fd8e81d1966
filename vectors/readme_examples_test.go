package vectors

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/pctest/pctest/internal/testenv"
)

// readmeExample returns the code block that follows the marker
// "<!-- example: NAME -->" in README.md.
func readmeExample(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	marker := "<!-- example: " + name + " -->\n"
	_, rest, ok := strings.Cut(string(data), marker)
	if !ok {
		t.Fatalf("README.md has no %q", strings.TrimSpace(marker))
	}
	m := regexp.MustCompile("(?s)^```\\w*\n(.*?)\n```\n").FindStringSubmatch(rest)
	if m == nil {
		t.Fatalf("README.md: no code block after %q", strings.TrimSpace(marker))
	}
	return m[1] + "\n"
}

// countOps counts the corpus's vectors of the ops.
func countOps(t *testing.T, ops ...Op) int {
	t.Helper()
	vs, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, v := range vs {
		for _, op := range ops {
			if v.Op == op {
				n++
			}
		}
	}
	return n
}

// TestReadmeExamples runs README.md's pytest and node:test examples as
// they are written there, against this directory, and checks that each ran
// and passed one test per vector of its ops. A missing runtime skips its
// example, saying so.
func TestReadmeExamples(t *testing.T) {
	here, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	env := append(os.Environ(), "PCTEST_VECTORS="+here)

	t.Run("pytest", func(t *testing.T) {
		testenv.Require(t, testenv.Module("python3", "pytest"))
		py := "python3"
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "test_vectors.py"), []byte(readmeExample(t, "test_vectors.py")), 0o644); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(py, "-m", "pytest", "-q", "-p", "no:cacheprovider", "test_vectors.py")
		cmd.Dir, cmd.Env = dir, env
		out, err := cmd.CombinedOutput()
		want := countOps(t, OpPercentEncode)
		m := regexp.MustCompile(`(?m)^(\d+) passed`).FindSubmatch(out)
		if err != nil || m == nil || string(m[1]) != strconv.Itoa(want) {
			t.Fatalf("pytest: %v; want %d passed; output:\n%s", err, want, tail(out))
		}
	})

	t.Run("node-test", func(t *testing.T) {
		testenv.Require(t, testenv.Command("node"))
		node := "node"
		v, _ := exec.Command(node, "-p", "process.versions.node.split('.')[0]").Output()
		if n, _ := strconv.Atoi(strings.TrimSpace(string(v))); n < 18 {
			t.Skipf("node %s has no node:test runner (18 or later): README.md's example not run", strings.TrimSpace(string(v)))
		}
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "vectors.test.mjs"), []byte(readmeExample(t, "vectors.test.mjs")), 0o644); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(node, "--test", "--test-reporter=tap", "vectors.test.mjs")
		cmd.Dir, cmd.Env = dir, env
		out, err := cmd.CombinedOutput()
		want := countOps(t, OpEncodeURI, OpEncodeURIComponent, OpDecodeURI, OpDecodeURIComponent)
		pass := regexp.MustCompile(`(?m)^# pass (\d+)$`).FindSubmatch(out)
		failN := regexp.MustCompile(`(?m)^# fail (\d+)$`).FindSubmatch(out)
		if err != nil || pass == nil || string(pass[1]) != strconv.Itoa(want) || failN == nil || string(failN[1]) != "0" {
			t.Fatalf("node --test: %v; want %d passed and 0 failed; output:\n%s", err, want, tail(out))
		}
	})
}

// tail returns the last 2,000 bytes of out.
func tail(out []byte) string {
	return string(out[max(0, len(out)-2000):])
}
