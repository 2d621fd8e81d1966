package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"time"

	"github.com/pctest/pctest/internal/show"
	"github.com/pctest/pctest/report"
	"github.com/pctest/pctest/testee"
)

// cmdMatrix runs the vectors against every built-in implementation and
// every example testee whose interpreter is installed, and prints the
// conformance matrix. It exits 0 once everything ran, whatever failed
// (implementations other than the reference are expected to differ), 1 if
// the reference implementation failed a vector, since then the suite
// itself is wrong.
func cmdMatrix(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("matrix", stderr)
	var (
		sel      selectionFlags
		htmlFile = htmlFlag(fs)
		run      testeeFlags
	)
	sel.register(fs)
	run.register(fs)
	if code := parseFlags(fs, args, stderr); code >= 0 {
		return code
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "pctest matrix: unexpected arguments %q; to run a testee, use pctest run -- COMMAND\n", fs.Args())
		return exitUsage
	}
	if sel.expectFail != "" {
		fmt.Fprintln(stderr, "pctest matrix: -expect-fail applies to one implementation: use pctest run")
		return exitUsage
	}
	if _, _, _, err := sel.options(nil, ""); err != nil {
		return reportSetupError(stderr, "matrix", err)
	}
	if err := checkOutputs("-html", *htmlFile); err != nil {
		return reportSetupError(stderr, "matrix", err)
	}
	cfg, err := run.options()
	if err != nil {
		return reportSetupError(stderr, "matrix", err)
	}

	var (
		reports []*runReport
		notes   []string
	)
	names := implNames()
	for _, name := range names {
		if ctx.Err() != nil {
			break
		}
		im, err := openNamed(name, cfg)
		var se *testee.StartError
		if errors.As(err, &se) {
			if errors.Is(err, exec.ErrNotFound) {
				notes = append(notes, fmt.Sprintf("%s: not installed (%s is not in PATH), left out", name, se.Command[0]))
			} else {
				notes = append(notes, fmt.Sprintf("%s: %v", name, err))
			}
			continue
		}
		if err != nil {
			return reportSetupError(stderr, "matrix", err)
		}
		opts, shown, expectName, err := sel.options(im.ExpectFail, im.ExpectFailName)
		if err != nil {
			im.close(true)
			return reportSetupError(stderr, "matrix", err)
		}
		rep, err := runVectors(ctx, im, opts, nil)
		if err != nil {
			notes = append(notes, fmt.Sprintf("%s: %v", name, err))
			continue
		}
		rep.Selection, rep.ExpectFailFile = shown, expectName
		rep.CommandLine = commandLine("matrix", args)
		rep.Repro = report.Repro{Flags: append([]string{"-impl", name}, run.reproFlags()...), UTF16Hex: run.utf16hex}
		if sel.expectFail != "" {
			rep.Repro.Flags = append(rep.Repro.Flags, "-expect-fail", sel.expectFail)
		}
		reports = append(reports, rep)
	}
	if len(reports) == 0 {
		if ctx.Err() != nil {
			fmt.Fprintln(stderr, "pctest: interrupted")
			return exitInterrupted
		}
		fmt.Fprintln(stderr, "pctest: nothing ran")
		for _, n := range notes {
			fmt.Fprintln(stderr, "  "+n)
		}
		return exitUsage
	}

	writeMatrixText(stdout, reports, notes, ctx.Err() != nil)
	if *htmlFile != "" {
		if err := writeFile(*htmlFile, func(w io.Writer) error { return report.WriteHTML(w, time.Now(), reports) }); err != nil {
			fmt.Fprintf(stderr, "pctest: -html: %v\n", err)
			return exitUsage
		}
	}
	switch {
	case ctx.Err() != nil:
		return exitInterrupted
	case reports[0].Impl == "reference" && report.SummaryOf(reports[0].Results).Failed > 0:
		return exitFail
	}
	return exitOK
}

// writeMatrixText writes what a newcomer sees first: what ran, the matrix,
// a summary line per implementation with its first failures, and what to
// do next.
func writeMatrixText(w io.Writer, reports []*runReport, notes []string, interrupted bool) {
	vecs := 0
	for _, r := range reports {
		vecs = max(vecs, r.Vectors)
	}
	fmt.Fprintf(w, "pctest — percent-encoding conformance: %d vectors (suite %s) against %d implementations\n\n",
		vecs, suiteVersion(), len(reports))
	report.NewMatrix(reports).WriteText(w)
	fmt.Fprintln(w)

	nameWidth := 0
	for _, r := range reports {
		nameWidth = max(nameWidth, len(r.Impl))
	}
	var total report.Summary
	for _, r := range reports {
		t := report.SummaryOf(r.Results)
		total.Passed += t.Passed
		total.Failed += t.Failed
		total.Skipped += t.Skipped
		total.ExpectedFailures += t.ExpectedFailures
		total.ImplementationDefined += t.ImplementationDefined
		total.Differing += t.Differing
		what := "built in"
		if r.Argv != nil {
			what = "testee: " + strings.Join(r.Argv, " ")
		}
		extra := ""
		if t.ExpectedFailures > 0 {
			extra = fmt.Sprintf(" (expected failures: %s)", r.ExpectedWhy())
		}
		if r.Partial {
			extra += ", PARTIAL"
		}
		fmt.Fprintf(w, "%-*s  %s%s  (%s, %v)\n", nameWidth, r.Impl, t, extra, what, r.Elapsed.Round(time.Millisecond))
		shown := 0
		for i := range r.Results {
			o := &r.Results[i]
			if !o.Outcome.Fails() {
				continue
			}
			if shown == 3 {
				fmt.Fprintf(w, "%-*s    … and %d more: pctest run -impl %s\n", nameWidth, "", t.Failed-shown, r.Impl)
				break
			}
			fmt.Fprintf(w, "%-*s    %s\n", nameWidth, "", show.Clip(shortFailure(o), 150))
			shown++
		}
	}
	for _, n := range notes {
		fmt.Fprintln(w, n)
	}
	fmt.Fprintf(w, `
Next:
  pctest run -impl NAME [-op OP] [-v]         every failure of one implementation, one per line
  pctest run -- COMMAND [ARGS...]             test your own implementation: see testee/PROTOCOL.md
  pctest fuzz -- COMMAND [ARGS...]            look for inputs where it disagrees with the reference
  pctest -html report.html                    this matrix and every failure as a web page
`)
	if interrupted {
		fmt.Fprintln(w, "PARTIAL: interrupted")
	}
	fmt.Fprintln(w, total)
}

// shortFailure renders a failure for the matrix's preview: the id, what the
// spec wants and what came instead.
func shortFailure(o *report.Result) string {
	return o.Vector.ID + ": want " + show.Answer(o.Vector.Op, o.Vector.Expect) + ", got " + show.Result(o.Vector.Op, o.Got, o.Err)
}
