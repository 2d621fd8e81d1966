package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// reproDir returns the directory a cause's reproduction is relative to,
// relative to the module's root: the directory of its registry file.
func (c *Cause) reproDir() string { return filepath.Dir(c.file) }

// reproTimeout bounds one reproduction in a survey run, so that a hung
// one is recorded as an error and the survey goes on; the tests set none
// (go test's -timeout bounds them), so that a slow machine passes.
const reproTimeout = 3 * time.Minute

// runRepro runs c's reproduction and returns its output's first line,
// trimmed. ctx bounds it.
func runRepro(ctx context.Context, l *layout, c *Cause) (string, error) {
	dir := c.reproDir()
	file := filepath.Join(l.root, dir, c.Repro.File)
	argv := slices.Clone(c.Repro.Argv)
	for i := range argv {
		argv[i] = strings.ReplaceAll(l.expandDir(dir, argv[i]), "{file}", file)
	}
	// A reproduction that compiles writes its program into {out}.
	if err := os.MkdirAll(l.out(dir), 0o755); err != nil {
		return "", err
	}
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.Dir = filepath.Join(l.root, dir)
	cmd.WaitDelay = 5 * time.Second
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("%s: %v: %s", strings.Join(c.Repro.Argv, " "), err, strings.TrimSpace(tailString(stderr.String(), 400)))
	}
	return strings.TrimSpace(firstLine(string(out))), nil
}

func tailString(s string, n int) string {
	if len(s) > n {
		return "…" + s[len(s)-n:]
	}
	return s
}

// A ReproResult is what running a bug's reproduction showed, as the
// survey records it in survey/work/results/repro.json.
type ReproResult struct {
	Got   string `json:"got,omitempty"`
	Error string `json:"error,omitempty"`
}

// Shows reports whether the reproduction still printed the bug's actual
// output.
func (r ReproResult) Shows(c *Cause) bool { return r.Error == "" && r.Got == c.Repro.Actual }

// runRepros runs the reproductions of the bugs of the selected rows'
// directories (dirs; the survey's own when all is true) and merges what
// they printed into survey/work/results/repro.json. It returns how many no
// longer show their bug.
func runRepros(ctx context.Context, l *layout, causes []*Cause, dirs []*TesteeDir, all bool, stderr io.Writer) (int, error) {
	name := filepath.Join(l.work, "results", "repro.json")
	results := map[string]ReproResult{}
	if data, err := os.ReadFile(name); err == nil {
		json.Unmarshal(data, &results)
	} else if !errors.Is(err, os.ErrNotExist) {
		return 0, err
	}
	bad := 0
	for _, c := range causes {
		if c.Repro == nil || !(c.dir == "" && all || slices.ContainsFunc(dirs, func(d *TesteeDir) bool { return d.Dir == c.dir })) {
			continue
		}
		rctx, cancel := context.WithTimeout(ctx, reproTimeout)
		got, err := runRepro(rctx, l, c)
		cancel()
		r := ReproResult{Got: got}
		if err != nil {
			r.Error = err.Error()
		}
		results[c.ID] = r
		if !r.Shows(c) {
			bad++
			fmt.Fprintf(stderr, "survey: the reproduction of %s (%s/%s) printed %q (%s), not %q\n", c.ID, c.reproDir(), c.Repro.File, r.Got, r.Error, c.Repro.Actual)
		}
	}
	data, _ := json.MarshalIndent(results, "", "  ")
	return bad, os.WriteFile(name, append(data, '\n'), 0o644)
}
