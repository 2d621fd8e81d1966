package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pctest/pctest/internal/eofcheck"
	"github.com/pctest/pctest/internal/testenv"
)

// TestExamplesAnswerEverythingAtEOF feeds each example testee a million
// requests (20,000 under -short; PCTEST_EOF_REQUESTS=N sends N) and reads its answers only once it has exited or gone still
// with its stdout pipe full: every request must be answered, so that a
// testee copied from an example writes out its answers before it exits at
// the end of its input (node's process.exit lost them: issue 35).
func TestExamplesAnswerEverythingAtEOF(t *testing.T) {
	n := eofcheck.Requests(t, eofcheck.Million)
	t.Run("node-builtin", func(t *testing.T) {
		node, err := exec.LookPath("node")
		if err != nil {
			t.Skipf("node is not installed (%v): the node example's end of input is NOT checked", err)
		}
		eofcheck.Run(t, exec.Command(node, "testees/node-builtin/testee.js"), n,
			`"op":"encodeURIComponent","in":"a b/\u00e9"`,
			`"op":"decodeURIComponent","in":"%E0%A4%A"`,
			`"op":"encodeURI","in_utf16":"d800"`,
			`"op":"percentEncode","in_hex":"2f"`)
	})
	t.Run("README", func(t *testing.T) {
		// The Node testee of README.md's "Writing a testee", which a
		// user copies too.
		node, err := exec.LookPath("node")
		if err != nil {
			t.Skipf("node is not installed (%v): README.md's testee's end of input is NOT checked", err)
		}
		readme, err := os.ReadFile("../../README.md")
		if err != nil {
			t.Fatal(err)
		}
		_, after, _ := strings.Cut(string(readme), "\n### Writing a testee\n")
		_, code, _ := strings.Cut(after, "\n```js\n")
		code, _, ok := strings.Cut(code, "\n```\n")
		if !ok {
			t.Fatal("README.md: no ```js block under ### Writing a testee")
		}
		script := filepath.Join(t.TempDir(), "testee.js")
		if err := os.WriteFile(script, []byte(code+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		// A line a write, and a tenth of the requests: a million took
		// 14 s here.
		eofcheck.Run(t, exec.Command(node, script), eofcheck.Requests(t, eofcheck.Million/10),
			`"op":"encodeURIComponent","in":"a b/\u00e9"`,
			`"op":"decodeURIComponent","in":"%E0%A4%A"`,
			`"op":"percentEncode","in_hex":"2f"`)
	})
	t.Run("python-urllib", func(t *testing.T) {
		py, err := exec.LookPath("python3")
		if err != nil {
			t.Skipf("python3 is not installed (%v): the python example's end of input is NOT checked", err)
		}
		eofcheck.Run(t, exec.Command(py, "testees/python-urllib/testee.py"), n,
			`"op":"percentEncode","in_hex":"2f20e9"`,
			`"op":"percentDecode","in":"%41%zz"`,
			`"op":"percentDecode","in":"\ud800"`,
			`"op":"encodeURI","in":"a"`)
	})
	t.Run("go-neturl", func(t *testing.T) {
		gobin := testenv.GoCommand()
		bin := filepath.Join(t.TempDir(), "go-neturl")
		if out, err := exec.Command(gobin, "build", "-o", bin, "./testees/go-neturl").CombinedOutput(); err != nil {
			t.Fatalf("go build ./testees/go-neturl: %v\n%s", err, out)
		}
		eofcheck.Run(t, exec.Command(bin), n,
			`"op":"goQueryEscape","in":"a b&\u00e9"`,
			`"op":"goPathUnescape","in":"%zz"`,
			`"op":"goQueryUnescape","in_utf16":"0025003400310020"`,
			`"op":"encodeURI","in":"a"`)
	})
}
