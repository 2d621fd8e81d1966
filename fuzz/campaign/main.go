// Command campaign runs every native Go fuzz target of pctest (the packages
// under fuzz/) in turn and prints a summary: for each target the time it
// fuzzed, its executions and executions per second, the new corpus entries
// it found, the load average, and its failures with the path of each
// reproducer. It is what `make fuzz` runs.
//
// Usage (from anywhere inside the module):
//
//	go run ./fuzz/campaign [-fuzztime 30s] [-match regexp] [-parallel n] [-minimizetime 5s] [-v] [-list]
//
// `go test -fuzz` fuzzes one target per invocation, so campaign lists the
// targets with `go test -list` and runs, for each,
//
//	go test -run=^$ -fuzz=^Target$ -fuzztime=D -fuzzminimizetime=M <package>
//
// from the module root, reading its status lines to show a progress line
// while it runs. The exit status is 1 when a target failed or could not be
// run, 130 when the campaign was interrupted, and 0 otherwise. A target
// that go test fails with nothing but "context deadline exceeded" as
// -fuzztime ends, and no reproducer, is reported as ok: that is Go 1.26's
// coordinator race (go.dev/issue/75804), not a finding.
//
// A campaign leaves the tree as it found it, except for the reproducer of a
// real failure: `go test -fuzz` keeps the inputs that widen coverage in the
// fuzz cache under $GOCACHE/fuzz, and writes to testdata/fuzz only the input
// that made a target fail. After each target, campaign lists the files that
// appeared under any testdata/fuzz below fuzz/ and reports any that is not a
// failure's reproducer.
package main

import (
	"bufio"
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"time"
)

// pkgDir is the directory of the fuzz packages, relative to the module
// root: campaign runs the targets of ./fuzz/... .
const pkgDir = "fuzz"

func main() {
	fuzztime := flag.String("fuzztime", envOr("FUZZTIME", "30s"), "how long to fuzz each target: a duration such as 30s or 8h, or a count such as 100000x (the default is $FUZZTIME when set)")
	match := flag.String("match", "", "fuzz only the targets whose name matches this regular expression")
	parallel := flag.Int("parallel", 0, "fuzz workers per target (go test -parallel); 0 leaves the default, GOMAXPROCS")
	minimize := flag.String("minimizetime", "5s", "time to spend minimizing each new input, interesting or failing (go test -fuzzminimizetime; go test's own default is 60s)")
	verbose := flag.Bool("v", false, "pass go test's whole output through")
	list := flag.Bool("list", false, "list the targets and exit")
	bench := flag.Bool("bench", false, "measure instead of fuzzing (make fuzz-bench): run each package's empty target, then its targets, then the empty target again, each for -fuzztime from its seeds, and print each target's execs/s as a share of the empty target's")
	flag.Usage = func() {
		fmt.Fprintf(flag.CommandLine.Output(), "usage: go run ./fuzz/campaign [flags]\n\nRuns every fuzz target of ./fuzz/... in turn and prints a summary (see fuzz/README.md).\n\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() > 0 {
		flag.Usage()
		os.Exit(2)
	}
	os.Exit(run(options{fuzztime: *fuzztime, minimize: *minimize, match: *match, parallel: *parallel, verbose: *verbose, list: *list, bench: *bench}))
}

func envOr(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}

// A result is what one target's run came to.
type result struct {
	target string
	dir    string // the target's package directory, relative to the root
	// status is what go test's progress lines said: the fuzzing time it
	// reported last, executions, new entries, stalls; wall is the whole
	// invocation, build and baseline coverage included.
	status
	wall time.Duration
	// baselineAt and lastAt are when the line that ended the baseline
	// phase and the last progress line came.
	baselineAt, lastAt time.Time
	failed             bool
	flake              bool // ended by go.dev/issue/75804, not a failure
	skipped            bool
	load               string   // the 1-minute load average when the target ended
	reproducers        []string // paths relative to the module root
	unexpected         []string // new files under testdata/fuzz that no failure wrote
	detail             string   // the failure's output, trimmed
}

// options are the command line's flags.
type options struct {
	fuzztime, minimize, match string
	parallel                  int
	verbose, list, bench      bool
}

func run(o options) int {
	root, err := moduleRoot()
	if err != nil {
		fmt.Fprintln(os.Stderr, "campaign:", err)
		return 1
	}
	var re *regexp.Regexp
	if o.match != "" {
		if re, err = regexp.Compile(o.match); err != nil {
			fmt.Fprintln(os.Stderr, "campaign: -match:", err)
			return 2
		}
	}
	targets, err := listTargets(root)
	if err != nil {
		fmt.Fprintln(os.Stderr, "campaign:", err)
		return 1
	}
	if re != nil {
		targets = slices.DeleteFunc(targets, func(t target) bool { return !re.MatchString(t.name) })
	}
	if len(targets) == 0 {
		fmt.Fprintln(os.Stderr, "campaign: no fuzz targets match")
		return 1
	}
	if o.list {
		for _, t := range targets {
			fmt.Printf("%s\t%s\n", t.name, t.pkg)
		}
		return 0
	}
	if o.bench {
		return runBench(root, o, targets)
	}

	// An interrupt (^C) reaches go test too, which stops fuzzing and
	// reports; campaign then skips the targets not yet run.
	var interrupted atomic.Bool
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt)
	go func() {
		for range sig {
			interrupted.Store(true)
		}
	}()

	p := newProgress(os.Stderr)
	fmt.Fprintf(os.Stderr, "fuzzing %d targets for %s each (%s)\n", len(targets), o.fuzztime, filepath.Join(root, pkgDir, "..."))
	var results []result
	for i, t := range targets {
		if interrupted.Load() {
			results = append(results, result{target: t.name, skipped: true})
			continue
		}
		before, err := corpusFiles(root)
		if err != nil {
			fmt.Fprintln(os.Stderr, "campaign:", err)
			return 1
		}
		r := fuzzOne(root, t, o, p, fmt.Sprintf("[%d/%d]", i+1, len(targets)))
		r.load = loadAverage()
		after, err := corpusFiles(root)
		if err != nil {
			fmt.Fprintln(os.Stderr, "campaign:", err)
			return 1
		}
		for _, f := range after {
			if !slices.Contains(before, f) && !slices.Contains(r.reproducers, f) {
				r.unexpected = append(r.unexpected, f)
			}
		}
		p.done(summaryLine(r, fmt.Sprintf("[%d/%d]", i+1, len(targets))))
		if d := failureDetail(r); d != "" {
			fmt.Fprintln(os.Stderr, d)
		}
		results = append(results, r)
	}
	printSummary(os.Stdout, results, cacheDir(root))

	switch {
	case slices.ContainsFunc(results, func(r result) bool { return r.failed }):
		return 1
	case interrupted.Load():
		return 130
	}
	return 0
}

// moduleRoot returns the directory of the main module's go.mod.
func moduleRoot() (string, error) {
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOMOD: %w", err)
	}
	gomod := strings.TrimSpace(string(out))
	if gomod == "" || gomod == os.DevNull {
		return "", errors.New("not inside a Go module; run campaign from pctest's tree")
	}
	return filepath.Dir(gomod), nil
}

// A target is one fuzz target and where it lives.
type target struct {
	name string
	pkg  string // import path
	dir  string // the package's directory, relative to the module root
}

// listTargets returns the fuzz targets of the packages under ./fuzz, as
// go test -list finds them, in package order.
func listTargets(root string) ([]target, error) {
	cmd := exec.Command("go", "list", "-f", "{{.ImportPath}} {{.Dir}}", "./"+pkgDir+"/...")
	cmd.Dir = root
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list: %v\n%s", err, stderr.Bytes())
	}
	dirs := map[string]string{}
	for line := range strings.Lines(string(out)) {
		pkg, dir, ok := strings.Cut(strings.TrimSpace(line), " ")
		if !ok {
			continue
		}
		rel, err := filepath.Rel(root, dir)
		if err != nil {
			return nil, err
		}
		dirs[pkg] = filepath.ToSlash(rel)
	}

	cmd = exec.Command("go", "test", "-list", "^Fuzz", "./"+pkgDir+"/...")
	cmd.Dir = root
	stderr.Reset()
	cmd.Stderr = &stderr
	out, err = cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go test -list: %v\n%s%s", err, out, stderr.Bytes())
	}
	// go test -list prints a package's names, then "ok <import path> ...".
	var targets []target
	var names []string
	for line := range strings.Lines(string(out)) {
		f := strings.Fields(line)
		switch {
		case len(f) == 1 && strings.HasPrefix(f[0], "Fuzz"):
			names = append(names, f[0])
		case len(f) >= 2 && f[0] == "ok":
			for _, n := range names {
				targets = append(targets, target{name: n, pkg: f[1], dir: dirs[f[1]]})
			}
			names = nil
		}
	}
	return targets, nil
}

// corpusFiles returns the files under a testdata/fuzz directory of a
// package under ./fuzz, relative to root.
func corpusFiles(root string) ([]string, error) {
	var files []string
	sep := string(filepath.Separator)
	err := filepath.WalkDir(filepath.Join(root, pkgDir), func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.Contains(path, sep+"testdata"+sep+"fuzz"+sep) {
			rel, err := filepath.Rel(root, path)
			if err != nil {
				return err
			}
			files = append(files, filepath.ToSlash(rel))
		}
		return nil
	})
	return files, err
}

// cacheDir returns where go test -fuzz keeps the generated corpus of
// fuzz/codecfuzz, the package of most targets.
func cacheDir(root string) string {
	cmd := exec.Command("go", "env", "GOCACHE")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		return "$GOCACHE/fuzz"
	}
	cmd = exec.Command("go", "list", "./"+pkgDir+"/codecfuzz")
	cmd.Dir = root
	pkg, err := cmd.Output()
	if err != nil {
		return filepath.Join(strings.TrimSpace(string(out)), "fuzz")
	}
	return filepath.Join(strings.TrimSpace(string(out)), "fuzz", strings.TrimSpace(string(pkg)))
}

// fuzzOne runs go test -fuzz on one target and reads its output.
func fuzzOne(root string, t target, o options, p *progress, tag string) result {
	args := []string{"test", "-run=^$", "-fuzz=^" + t.name + "$", "-fuzztime=" + o.fuzztime}
	if o.minimize != "" {
		args = append(args, "-fuzzminimizetime="+o.minimize)
	}
	if o.parallel > 0 {
		args = append(args, "-parallel="+strconv.Itoa(o.parallel))
	}
	args = append(args, t.pkg)
	cmd := exec.Command("go", args...)
	cmd.Dir = root
	p.update(fmt.Sprintf("%s %s: building", tag, t.name))
	return runFuzz(cmd, t, o, p, tag, 0)
}

// runFuzz runs cmd, a go test -fuzz of one target or its test binary with
// -test.fuzz, and reads its output: the progress lines, and a failure. With
// window > 0 it interrupts cmd (as ^C does, which stops fuzzing cleanly and
// reports) once it has fuzzed for window after the baseline coverage.
func runFuzz(cmd *exec.Cmd, t target, o options, p *progress, tag string, window time.Duration) result {
	r := result{target: t.name, dir: t.dir}
	pr, pw := io.Pipe()
	cmd.Stdout, cmd.Stderr = pw, pw
	start := time.Now()
	if err := cmd.Start(); err != nil {
		r.failed, r.detail = true, strings.Join(cmd.Args, " ")+": "+err.Error()
		return r
	}
	waitErr := make(chan error, 1)
	go func() {
		err := cmd.Wait()
		pw.CloseWithError(io.EOF)
		waitErr <- err
	}()

	var all []string
	sc := bufio.NewScanner(pr)
	sc.Buffer(make([]byte, 64<<10), 16<<20)
	for sc.Scan() {
		line := sc.Text()
		all = append(all, line)
		if o.verbose {
			p.pass(line)
		}
		if r.status.line(line) {
			// The elapsed times of the lines are rounded to the second;
			// the bench measures the fuzzing by when the lines came.
			if now := time.Now(); r.baselineOK {
				if r.baselineAt.IsZero() {
					r.baselineAt = now
					if window > 0 {
						stop := time.AfterFunc(window, func() { cmd.Process.Signal(os.Interrupt) })
						defer stop.Stop()
					}
				}
				r.lastAt = now
			}
			switch {
			case !r.baselineOK:
				p.update(fmt.Sprintf("%s %s: gathering baseline coverage", tag, t.name))
			case r.inMinimize:
				p.update(fmt.Sprintf("%s %s: %s/%s, minimizing a failing input", tag, t.name, r.elapsed, o.fuzztime))
			default:
				p.update(fmt.Sprintf("%s %s: %s/%s, %d execs (%s/s), %d new, corpus %s",
					tag, t.name, r.elapsed, o.fuzztime, r.execs, r.rate(), r.newEntries, r.corpus))
			}
			continue
		}
		if m := failingRE.FindStringSubmatch(line); m != nil {
			r.reproducers = append(r.reproducers, filepath.ToSlash(filepath.Join(t.dir, m[1])))
		}
	}
	err := <-waitErr
	r.wall = time.Since(start)
	r.status.finish()
	text := strings.Join(all, "\n")
	if err != nil || strings.Contains(text, "--- FAIL") || len(r.reproducers) > 0 {
		r.failed = true
		r.detail = failureText(all)
		if err != nil && r.detail == "" {
			r.detail = err.Error()
		}
		if len(r.reproducers) == 0 && r.execs > 0 && deadlineFlake(r.detail) {
			r.failed, r.flake = false, true
		}
	}
	return r
}

// failureDetail returns what campaign prints under a target's line: go
// test's output, indented, for a target that failed, and nothing for one
// that passed. A target ended by go.dev/issue/75804 passed: its line says
// so, and go test's "--- FAIL" and "FAIL <package>" lines, which would
// read as a failure in a log that passes, are not shown (-v passes them
// through).
func failureDetail(r result) string {
	if !r.failed || r.detail == "" {
		return ""
	}
	return indent(r.detail)
}

// deadlineFlake reports whether a failure's text is nothing but Go's
// fuzz-coordinator race at the end of -fuzztime (go.dev/issue/75804, fixed
// in Go 1.27): "--- FAIL: Target (…)" with the single line "context deadline
// exceeded", no reproducer, no panic, no message from the target. Anything
// else is a failure.
func deadlineFlake(detail string) bool {
	var rest []string
	for line := range strings.Lines(detail) {
		line = strings.TrimSpace(line)
		switch {
		case line == "", line == "FAIL", line == "exit status 1",
			strings.HasPrefix(line, "--- FAIL: "), strings.HasPrefix(line, "FAIL\t"):
			continue
		}
		rest = append(rest, line)
	}
	return len(rest) == 1 && rest[0] == "context deadline exceeded"
}

// loadAverage returns the 1-minute load average (Linux /proc/loadavg), or
// "-": on a machine shared with other work, execs/s say little without it.
func loadAverage() string {
	data, err := os.ReadFile("/proc/loadavg")
	if f := strings.Fields(string(data)); err == nil && len(f) > 0 {
		return f[0]
	}
	return "-"
}

// failureText keeps the lines of go test's output that explain a failure:
// everything but the status lines.
func failureText(lines []string) string {
	var keep []string
	for _, l := range lines {
		if statusRE.MatchString(l) || baselineRE.MatchString(l) || minimizingRE.MatchString(l) {
			continue
		}
		keep = append(keep, l)
	}
	const max = 60
	if len(keep) > max {
		keep = append(keep[:max:max], fmt.Sprintf("... (%d more lines; rerun with -v)", len(keep)-max))
	}
	return strings.TrimSpace(strings.Join(keep, "\n"))
}

// rate returns the target's executions per second of fuzzing, after the
// baseline coverage of its corpus was gathered.
func (r result) rate() string {
	return rate(r.execs, r.elapsed-r.baseline)
}

func rate(execs int64, d time.Duration) string {
	if d <= 0 {
		return "-"
	}
	return strconv.FormatInt(int64(float64(execs)/d.Seconds()), 10)
}

func summaryLine(r result, tag string) string {
	status := "ok"
	switch {
	case r.failed:
		status = "FAIL"
	case r.flake:
		status = "ok (go test ended with go.dev/issue/75804's spurious \"context deadline exceeded\"; no failure)"
	}
	return fmt.Sprintf("%s %s: %s, %s fuzzing (%s wall), %d execs, %s execs/s, %d new corpus entries, longest stall %s, minimizing %s",
		tag, r.target, status, r.elapsed, r.wall.Round(100*time.Millisecond), r.execs, r.rate(), r.newEntries, stallText(r.status), minimizeText(r.status))
}

func printSummary(w io.Writer, results []result, cache string) {
	fmt.Fprintln(w)
	fmt.Fprintf(w, "%-22s %8s %12s %10s %6s %-13s %6s %6s  %s\n", "TARGET", "TIME", "EXECS", "EXECS/S", "NEW", "STALL", "MINIM", "LOAD", "RESULT")
	var failed, execs int64
	var total, baseline time.Duration
	for _, r := range results {
		status := "ok"
		switch {
		case r.skipped:
			status = "skipped (interrupted)"
		case r.failed && len(r.reproducers) > 0:
			status = "FAIL: " + strings.Join(r.reproducers, ", ")
		case r.failed:
			status = "FAIL (no reproducer written; see the output above)"
		case r.flake:
			status = "ok (go.dev/issue/75804 at the end)"
		}
		if r.failed {
			failed++
		}
		execs += r.execs
		total += r.elapsed
		baseline += r.baseline
		fmt.Fprintf(w, "%-22s %8s %12d %10s %6d %-13s %6s %6s  %s\n", r.target, r.elapsed, r.execs, r.rate(), r.newEntries, stallText(r.status), minimizeText(r.status), r.load, status)
		for _, u := range r.unexpected {
			fmt.Fprintf(w, "%-22s %8s %12s %10s %6s %-13s %6s %6s  note: new file %s was not reported as a reproducer\n", "", "", "", "", "", "", "", "", u)
		}
	}
	fmt.Fprintf(w, "%-22s %8s %12d %10s %6s %-13s %6s %6s  %d of %d failed\n", "total", total, execs, rate(execs, total-baseline), "", "", "", "", failed, len(results))
	fmt.Fprintf(w, "\nTIME includes gathering the baseline coverage of the corpus; EXECS/S counts the fuzzing after it, over\nall workers (-parallel, default GOMAXPROCS=%d). LOAD is the 1-minute load average as the target ended:\nabove GOMAXPROCS, other work shared the CPU.\n", runtime.GOMAXPROCS(0))
	fmt.Fprintf(w, "STALL is the longest stretch of fuzzing with no new executions reported (from when it began): while\nevery worker minimizes a new input, or a worker is restarted, go test's count stands still. MINIM is\nthe time spent minimizing a failing input, when all fuzzing stops. Both are as go test's progress\nlines show them, every 3 s.\n")
	fmt.Fprintf(w, "\nNew corpus entries stay in the fuzz cache (%s), not in the tree.\n", cache)
	for _, r := range results {
		for _, f := range r.reproducers {
			id := strings.TrimPrefix(f, r.dir+"/testdata/fuzz/")
			fmt.Fprintf(w, "Reproduce: go test -run='^%s$' ./%s   (then see fuzz/README.md)\n", id, r.dir)
		}
	}
}

// stallText writes a status's longest stall as "9s at 6s", or "-".
func stallText(s status) string {
	if s.stall <= 0 {
		return "-"
	}
	return fmt.Sprintf("%s at %s", s.stall, s.stallFrom)
}

// minimizeText writes the time spent minimizing failing inputs, or "-".
func minimizeText(s status) string {
	if s.minimizing <= 0 {
		return "-"
	}
	return s.minimizing.String()
}

func indent(s string) string {
	return "    " + strings.ReplaceAll(s, "\n", "\n    ")
}

// progress shows one line per target: rewritten in place on a terminal, and
// printed at most every 10 seconds elsewhere (a CI log, a pipe).
type progress struct {
	w       io.Writer
	tty     bool
	width   int
	lastOut time.Time
}

func newProgress(f *os.File) *progress {
	st, err := f.Stat()
	tty := err == nil && st.Mode()&os.ModeCharDevice != 0
	return &progress{w: f, tty: tty}
}

func (p *progress) update(line string) {
	if p.tty {
		pad := ""
		if n := p.width - len(line); n > 0 {
			pad = strings.Repeat(" ", n)
		}
		fmt.Fprintf(p.w, "\r%s%s", line, pad)
		p.width = len(line)
		return
	}
	if time.Since(p.lastOut) >= 10*time.Second {
		fmt.Fprintln(p.w, line)
		p.lastOut = time.Now()
	}
}

// pass prints a line of go test's output (with -v) without losing the
// progress line.
func (p *progress) pass(line string) {
	if p.tty && p.width > 0 {
		fmt.Fprintf(p.w, "\r%s\r", strings.Repeat(" ", p.width))
		p.width = 0
	}
	fmt.Fprintln(p.w, line)
}

// done replaces the progress line with the target's final line.
func (p *progress) done(line string) {
	if p.tty {
		p.update(line)
		fmt.Fprintln(p.w)
		p.width = 0
		return
	}
	fmt.Fprintln(p.w, line)
	p.lastOut = time.Time{}
}
