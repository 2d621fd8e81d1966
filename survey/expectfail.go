package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// writeExpectFails rewrites the expected-failures file of every selected
// row that has one (Row.ExpectFail) and can run here: the ids pctest run
// -write-expect-fail lists, under a comment that says where their causes
// and verdicts are. testees_test.go holds the node and python rows to
// these files.
func writeExpectFails(ctx context.Context, l *layout, rows []Row, opt options, stdout, stderr io.Writer) int {
	bin, err := pctestBinary(ctx, l, opt, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "survey: %v\n", err)
		return 2
	}
	code := 0
	for i := range rows {
		r := &rows[i]
		if r.ExpectFail == "" || opt.rows != nil && !opt.rows.MatchString(r.Name) {
			continue
		}
		if why := l.missing(r); why != "" {
			fmt.Fprintf(stdout, "%-32s skipped: %s\n", r.Name, why)
			continue
		}
		n, err := writeExpectFail(ctx, l, bin, r)
		if err != nil {
			fmt.Fprintf(stderr, "survey: %s: %v\n", r.Name, err)
			code = 1
			continue
		}
		fmt.Fprintf(stdout, "%-32s %d expected failures\n", r.Name, n)
	}
	return code
}

func writeExpectFail(ctx context.Context, l *layout, bin string, r *Row) (int, error) {
	tmp, err := os.CreateTemp(l.work, "expect-*.txt")
	if err != nil {
		return 0, err
	}
	tmp.Close()
	defer os.Remove(tmp.Name())
	args := []string{"run", "-write-expect-fail", tmp.Name()}
	if r.UTF16Hex {
		args = append(args, "-utf16hex")
	}
	args = append(append(args, "--"), l.expandAll(r, r.Argv)...)
	cmd := exec.CommandContext(ctx, bin, args...)
	var errOut bytes.Buffer
	cmd.Stderr = &errOut
	if err := cmd.Run(); err != nil && cmd.ProcessState.ExitCode() != 1 {
		return 0, fmt.Errorf("pctest %s: %v: %s", strings.Join(args, " "), err, strings.TrimSpace(errOut.String()))
	}
	data, err := os.ReadFile(tmp.Name())
	if err != nil {
		return 0, err
	}
	var ids []string
	for _, line := range strings.Split(string(data), "\n") {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
			ids = append(ids, line)
		}
	}
	command := strings.ReplaceAll(strings.Join(r.Argv, " "), "{dir}", r.Dir)
	var b strings.Builder
	fmt.Fprintf(&b, "# Expected failures of the survey row %q (%s),\n", r.Name, command)
	b.WriteString("# in the format of pctest run -expect-fail: one vector id per line. The\n")
	b.WriteString("# list is strict: survey/testees_test.go runs the testee with it, so a\n")
	b.WriteString("# vector that starts to pass, or a new failure, fails `make test`.\n#\n")
	b.WriteString("# Every entry is a divergence that the survey classified: survey/REPORT.md\n")
	fmt.Fprintf(&b, "# (section %q) gives each cause its minimal input, the spec clause and\n", r.Name)
	b.WriteString("# a verdict, from the verdicts.json beside this file.\n#\n")
	fmt.Fprintf(&b, "# Regenerate with: go run ./survey -write-expect-fail -rows '^%s$'\n", r.Name)
	if len(ids) == 0 {
		b.WriteString("#\n# This row fails no vector.\n")
	} else {
		b.WriteString("\n" + strings.Join(ids, "\n") + "\n")
	}
	return len(ids), os.WriteFile(filepath.Join(l.root, r.Dir, r.ExpectFail), []byte(b.String()), 0o644)
}
