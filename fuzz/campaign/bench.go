package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"time"
)

// `make fuzz-bench` (campaign -bench) measures what each target costs on top
// of the fuzzing engine. The engine's own work per execution (mutation, the
// scan of every instrumented package's coverage counters, the coordinator)
// depends on the binary and the machine's load, so each target is measured
// against an empty target of its own package (FuzzEmpty, in a file tagged
// fuzzbench), fuzzed from the same test binary in the same run: once before
// the package's targets and once after, to catch the load changing.
//
// Each target runs from its seeds with a fresh fuzz cache, so that every
// bench starts from the same corpus: the share includes what the target
// costs the engine while it finds new inputs (minimizing them, restarting
// workers), as the start of every campaign does. With -fuzztime a duration,
// each run fuzzes that long after its baseline coverage and is then
// interrupted, as ^C does: go test's -fuzztime counts the baseline, which
// takes seconds for a target with thousands of seeds, and would leave such
// a target only the first, slowest seconds of fuzzing.

// emptyTarget is the name of each package's empty target.
const emptyTarget = "FuzzEmpty"

// benchTag is the build tag of the files that hold the empty targets.
const benchTag = "fuzzbench"

// A benchRow is one run of the bench.
type benchRow struct {
	pkg string
	result
	rate  float64 // execs per second of fuzzing, after the baseline, by the clock
	share float64 // rate over the package's empty target's (mean of its runs)
}

func runBench(root string, o options, targets []target) int {
	tmp, err := os.MkdirTemp("", "fuzzbench")
	if err != nil {
		fmt.Fprintln(os.Stderr, "campaign:", err)
		return 1
	}
	defer os.RemoveAll(tmp)

	var pkgs []string
	byPkg := map[string][]target{}
	for _, t := range targets {
		if _, ok := byPkg[t.pkg]; !ok {
			pkgs = append(pkgs, t.pkg)
		}
		byPkg[t.pkg] = append(byPkg[t.pkg], t)
	}
	n := 0
	for _, ts := range byPkg {
		n += len(ts) + 2
	}
	fmt.Fprintf(os.Stderr, "fuzz-bench: %d targets and an empty target twice per package, %s of fuzzing each, from their seeds (%s)\n", len(targets), o.fuzztime, filepath.Join(root, pkgDir, "..."))

	// A target with many seeds spends seconds on their baseline coverage,
	// which -fuzztime counts: with a duration, each run instead gets the
	// same time of fuzzing after its baseline, and is interrupted then.
	fuzztime, window := o.fuzztime, time.Duration(0)
	if d, err := time.ParseDuration(o.fuzztime); err == nil && d > 0 {
		window, fuzztime = d, (10*d + 5*time.Minute).String()
	}

	// ^C reaches the running target too, which stops and reports; the
	// bench then prints what it has.
	var interrupted atomic.Bool
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt)
	defer signal.Stop(sig)
	go func() {
		for range sig {
			interrupted.Store(true)
		}
	}()

	p := newProgress(os.Stderr)
	var rows []benchRow
	failed := false
	i := 0
	for k, pkg := range pkgs {
		ts := byPkg[pkg]
		bin := filepath.Join(tmp, fmt.Sprintf("pkg%d.test", k))
		p.update(fmt.Sprintf("building %s with -tags %s", pkg, benchTag))
		build := exec.Command("go", "test", "-c", "-fuzz=.", "-tags="+benchTag, "-o", bin, pkg)
		build.Dir = root
		if out, err := build.CombinedOutput(); err != nil {
			p.done(fmt.Sprintf("building %s: %v", pkg, err))
			fmt.Fprintln(os.Stderr, indent(string(bytes.TrimSpace(out))))
			return 1
		}
		empty := target{name: emptyTarget, pkg: pkg, dir: ts[0].dir}
		runs := append(append([]target{empty}, ts...), empty)
		var pkgRows []benchRow
		for _, t := range runs {
			if interrupted.Load() {
				break
			}
			i++
			tag := fmt.Sprintf("[%d/%d]", i, n)
			args := []string{"-test.run=^$", "-test.fuzz=^" + t.name + "$", "-test.fuzztime=" + fuzztime,
				"-test.fuzzcachedir=" + filepath.Join(tmp, fmt.Sprintf("cache%d", i))}
			if o.minimize != "" {
				args = append(args, "-test.fuzzminimizetime="+o.minimize)
			}
			if o.parallel > 0 {
				args = append(args, "-test.parallel="+strconv.Itoa(o.parallel))
			}
			cmd := exec.Command(bin, args...)
			cmd.Dir = filepath.Join(root, t.dir)
			p.update(fmt.Sprintf("%s %s: starting", tag, t.name))
			r := runFuzz(cmd, t, o, p, tag, window)
			r.load = loadAverage()
			p.done(summaryLine(r, tag))
			if r.failed {
				failed = true
				if r.detail != "" {
					fmt.Fprintln(os.Stderr, indent(r.detail))
				}
			}
			row := benchRow{pkg: pkg, result: r}
			if d := r.lastAt.Sub(r.baselineAt); d > 0 {
				row.rate = float64(r.execs) / d.Seconds()
			}
			pkgRows = append(pkgRows, row)
		}
		var sum float64
		var runsOfEmpty int
		for _, r := range pkgRows {
			if r.target == emptyTarget {
				sum += r.rate
				runsOfEmpty++
			}
		}
		if mean := sum / float64(max(runsOfEmpty, 1)); mean > 0 {
			for j := range pkgRows {
				pkgRows[j].share = pkgRows[j].rate / mean
			}
		}
		rows = append(rows, pkgRows...)
	}
	printBench(os.Stdout, rows, o)
	switch {
	case failed:
		return 1
	case interrupted.Load():
		return 130
	}
	return 0
}

// printBench writes the bench's table as Markdown, ready for fuzz/README.md.
func printBench(w io.Writer, rows []benchRow, o options) {
	workers := o.parallel
	if workers == 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	var goVersion string
	if out, err := exec.Command("go", "env", "GOVERSION").Output(); err == nil {
		goVersion = strings.TrimSpace(string(out))
	}
	fmt.Fprintf(w, "\nfuzz-bench, %s: %s of fuzzing per target after its baseline coverage, -fuzzminimizetime %s, %d workers, %s, %s/%s, %d CPUs, load average %s as it ended.\n\n",
		time.Now().UTC().Format("2006-01-02 15:04 MST"), o.fuzztime, o.minimize, workers, goVersion, runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), loadAverage())
	fmt.Fprintln(w, "| package | target | execs | fuzzing | execs/s | share of empty | longest stall | load |")
	fmt.Fprintln(w, "|---|---|--:|--:|--:|--:|--:|--:|")
	for _, r := range rows {
		name := strings.TrimPrefix(r.target, "Fuzz")
		if r.failed {
			name += " (FAILED)"
		}
		share := "-"
		if r.share > 0 {
			share = fmt.Sprintf("%.0f%%", 100*r.share)
		}
		fmt.Fprintf(w, "| %s | %s | %s | %s | %s | %s | %s | %s |\n",
			strings.TrimPrefix(r.pkg, "github.com/pctest/pctest/"), name, group(r.execs), r.lastAt.Sub(r.baselineAt).Round(100*time.Millisecond), group(int64(r.rate)), share, stallText(r.status), r.load)
	}
	fmt.Fprintf(w, "\nexecs/s counts the fuzzing after the baseline coverage of the seeds, over all workers; share is that\n"+
		"over the mean of the package's two %s runs (first and last rows). Targets are written without \"Fuzz\".\n", strings.TrimPrefix(emptyTarget, "Fuzz"))
}

// group writes n with thousands separators.
func group(n int64) string {
	s := strconv.FormatInt(n, 10)
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}
