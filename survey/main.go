package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"hash/fnv"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"sync"
	"syscall"
	"time"

	"github.com/pctest/pctest/vectors"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := survey(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// options are the command's flags.
type options struct {
	rows       *regexp.Regexp
	fuzz       time.Duration
	seed       uint64
	parallel   int
	reportOnly bool
	pctest     string
	strict     bool
	expectFail bool
	install    bool
}

func survey(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("survey", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var (
		rowsRE     = fs.String("rows", "", "run only the rows whose name matches this `regexp` (the report keeps the others' last results; while some row has none, it goes to survey/work/report)")
		fuzz       = fs.Duration("fuzz", 10*time.Second, "how `long` pctest fuzz runs on each row, unless its row sets a shorter time (0: no fuzzing)")
		seed       = fs.Uint64("seed", 1, "the fuzz `seed`: each row is fuzzed with pctest fuzz -seed of this seed and the row's name, so that a survey run again draws the same cases on each row (0: a seed from the clock on every run)")
		parallel   = fs.Int("j", 2, "how many rows run at once")
		reportOnly = fs.Bool("report-only", false, "do not run anything: write the report from the results in survey/work")
		pctest     = fs.String("pctest", "", "the pctest `binary` (default: built from ./cmd/pctest into survey/work)")
		strict     = fs.Bool("strict", true, "exit 1 when a divergence has no verdict in verdicts.json")
		expectFail = fs.Bool("write-expect-fail", false, "do not survey: rewrite the expected-failures files of the rows that have one (expect_fail) from pctest run")
		doInstall  = fs.Bool("install", true, "install and build what the selected rows need first (apt-get, npm ci, testee.json build commands)")
		onlyInst   = fs.Bool("install-only", false, "install and build what the selected rows need (their reproductions included), then stop: what `make survey-install` runs")
	)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	opt := options{fuzz: *fuzz, seed: *seed, parallel: max(*parallel, 1), reportOnly: *reportOnly, pctest: *pctest, strict: *strict, expectFail: *expectFail, install: *doInstall}
	if *rowsRE != "" {
		re, err := regexp.Compile(*rowsRE)
		if err != nil {
			fmt.Fprintf(stderr, "survey: -rows: %v\n", err)
			return 2
		}
		opt.rows = re
	}
	root, err := moduleRoot()
	if err != nil {
		fmt.Fprintf(stderr, "survey: %v\n", err)
		return 2
	}
	l := &layout{root: root, work: filepath.Join(root, "survey", "work")}
	rows, dirs, err := loadRows(root)
	if err != nil {
		fmt.Fprintf(stderr, "survey: %v\n", err)
		return 2
	}
	causes, err := loadCauses(root, dirs)
	if err != nil {
		fmt.Fprintf(stderr, "survey: %v\n", err)
		return 2
	}
	if err := os.MkdirAll(filepath.Join(l.work, "results"), 0o755); err != nil {
		fmt.Fprintf(stderr, "survey: %v\n", err)
		return 2
	}
	if opt.expectFail {
		return writeExpectFails(ctx, l, rows, opt, stdout, stderr)
	}
	staleRepros := 0
	if !opt.reportOnly {
		start := time.Now()
		failed := map[string]string{}
		if opt.install || *onlyInst {
			if failed, err = install(ctx, l, selectedDirs(dirs, opt.rows), opt.parallel, stderr); err != nil {
				fmt.Fprintf(stderr, "survey: %v\n", err)
				return 2
			}
		}
		if *onlyInst {
			if len(failed) > 0 {
				return 1
			}
			return 0
		}
		code := runRows(ctx, l, rows, failed, opt, stdout, stderr)
		if code == 0 {
			bad, err := runRepros(ctx, l, causes, selectedDirs(dirs, opt.rows), opt.rows == nil, stderr)
			if err != nil {
				fmt.Fprintf(stderr, "survey: %v\n", err)
				return 2
			}
			staleRepros = bad
		}
		fmt.Fprintf(stderr, "survey: installs, rows and reproductions took %v\n", time.Since(start).Round(time.Second))
		if code != 0 {
			return code
		}
	}
	rep, err := collect(l, rows, causes)
	if err != nil {
		fmt.Fprintf(stderr, "survey: %v\n", err)
		return 2
	}
	dir, whole := l.reportDir(rep)
	if err := writeReports(dir, rep); err != nil {
		fmt.Fprintf(stderr, "survey: %v\n", err)
		return 2
	}
	rel, _ := filepath.Rel(l.root, dir)
	bugs, _ := rep.bugCounts()
	fmt.Fprintf(stdout, "survey: wrote %s/REPORT.md, report.html, results.json and bugs/: %d rows, %d divergences, %d causes, %d bugs (and %d fixed upstream since)\n",
		rel, len(rep.Rows), rep.Divergences, rep.CauseCount, bugs, len(rep.fixedSections()))
	if !whole {
		fmt.Fprintf(stdout, "survey: some rows have no results (not run yet), so this is not the whole survey: the committed report in survey/ is left as it was\n")
	}
	if n := rep.Unclassified; n > 0 {
		fmt.Fprintf(stderr, "survey: %d divergences have no verdict: add causes to survey/verdicts.json\n", n)
		for _, rr := range rep.Rows {
			for _, g := range rr.Groups {
				if g.Cause == nil {
					ex := g.Minimal
					fmt.Fprintf(stderr, "  %s: %s (%d): e.g. %s: want %s, got %s\n", rr.Row.Name, g.Title(), len(g.Results), vectors.InputForm(ex.Vector.Request), vectors.AnswerForm(ex.Vector.Expect, ""), vectors.AnswerForm(ex.Got, ex.incident()))
				}
			}
		}
		if opt.strict {
			return 1
		}
	}
	if staleRepros > 0 && opt.strict {
		fmt.Fprintf(stderr, "survey: %d reproductions no longer show their bug\n", staleRepros)
		return 1
	}
	return 0
}

// moduleRoot finds the directory holding go.mod, from the working
// directory up.
func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no go.mod here or above: run from the pctest module")
		}
		dir = parent
	}
}

// A rowMeta is what the survey records about running a row, beside
// pctest's own output.
type rowMeta struct {
	Missing  string    `json:"missing,omitempty"`
	Version  string    `json:"version,omitempty"`
	Debian   []string  `json:"debian,omitempty"`
	Command  []string  `json:"command,omitempty"`
	RunExit  int       `json:"run_exit"`
	RunError string    `json:"run_error,omitempty"`
	Fuzzed   string    `json:"fuzzed,omitempty"` // the -time given, or "N cases" for a row's fuzz_cases
	FuzzExit int       `json:"fuzz_exit"`
	Seconds  float64   `json:"seconds"` // how long run and fuzz took
	When     time.Time `json:"when"`
}

func (l *layout) resultFile(r *Row, suffix string) string {
	return filepath.Join(l.work, "results", r.slug()+suffix)
}

// pctestBinary returns opt.pctest, or builds ./cmd/pctest into the work
// directory and returns that.
func pctestBinary(ctx context.Context, l *layout, opt options, stderr io.Writer) (string, error) {
	if opt.pctest != "" {
		return opt.pctest, nil
	}
	bin := filepath.Join(l.work, "pctest")
	cmd := exec.CommandContext(ctx, "go", "build", "-o", bin, "./cmd/pctest")
	cmd.Dir, cmd.Stdout, cmd.Stderr = l.root, stderr, stderr
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("building pctest: %w", err)
	}
	return bin, nil
}

// selectedDirs returns the testee directories that have a row matching re
// (all of them when re is nil).
func selectedDirs(dirs []*TesteeDir, re *regexp.Regexp) []*TesteeDir {
	if re == nil {
		return dirs
	}
	var out []*TesteeDir
	for _, d := range dirs {
		if slices.ContainsFunc(d.Rows, func(r Row) bool { return re.MatchString(r.Name) }) {
			out = append(out, d)
		}
	}
	return out
}

// runRows builds pctest and runs the selected rows, opt.parallel at once.
// A row whose directory failed to install (failed, by directory) is
// recorded as not installed, with the reason.
func runRows(ctx context.Context, l *layout, rows []Row, failed map[string]string, opt options, stdout, stderr io.Writer) int {
	bin, err := pctestBinary(ctx, l, opt, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "survey: %v\n", err)
		return 2
	}
	// Workers take the rows in order, so that progress lines come roughly
	// in the order of the rows (rows.json, then the testee directories).
	todo := make(chan *Row)
	var (
		wg sync.WaitGroup
		mu sync.Mutex
	)
	for range opt.parallel {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for r := range todo {
				line := runRow(ctx, l, bin, r, failed[r.Dir], opt)
				mu.Lock()
				fmt.Fprintln(stdout, line)
				mu.Unlock()
			}
		}()
	}
feed:
	for i := range rows {
		r := &rows[i]
		if opt.rows != nil && !opt.rows.MatchString(r.Name) {
			continue
		}
		select {
		case todo <- r:
		case <-ctx.Done():
			break feed
		}
	}
	close(todo)
	wg.Wait()
	if ctx.Err() != nil {
		fmt.Fprintln(stderr, "survey: interrupted")
		return 130
	}
	return 0
}

// runRow runs pctest run, then pctest fuzz, on one row, and records the
// outputs in survey/work/results. It returns a progress line. notInstalled
// says why the row's directory could not be installed, or is "".
func runRow(ctx context.Context, l *layout, bin string, r *Row, notInstalled string, opt options) string {
	meta := rowMeta{When: time.Now().UTC(), Debian: debianVersions(ctx, r.Debian)}
	for _, suffix := range []string{".run.json", ".run.stderr", ".fuzz.json", ".fuzz.stderr", ".fuzz.txt"} {
		os.Remove(l.resultFile(r, suffix))
	}
	defer func() {
		data, _ := json.MarshalIndent(meta, "", "  ")
		os.WriteFile(l.resultFile(r, ".meta.json"), append(data, '\n'), 0o644)
	}()
	if meta.Missing = notInstalled; meta.Missing == "" {
		meta.Missing = l.missing(r)
	}
	if meta.Missing != "" {
		return fmt.Sprintf("%-32s not installed: %s", r.Name, meta.Missing)
	}
	meta.Version = l.version(ctx, r)
	var target []string
	if r.UTF16Hex {
		target = append(target, "-utf16hex")
	}
	if r.Timeout != "" {
		target = append(target, "-timeout", r.Timeout)
	}
	if r.Impl != "" {
		target = append(target, "-impl", r.Impl)
	} else {
		meta.Command = l.expandAll(r, r.Argv)
		target = append(append(target, "--"), meta.Command...)
	}
	start := time.Now()
	runArgs := append([]string{"run", "-format", "json"}, target...)
	meta.RunExit, meta.RunError = pctestTo(ctx, bin, runArgs, l.resultFile(r, ".run.json"), l.resultFile(r, ".run.stderr"))
	line := fmt.Sprintf("%-32s run: exit %d in %v", r.Name, meta.RunExit, time.Since(start).Round(time.Millisecond))
	if meta.RunError != "" {
		line += " (" + meta.RunError + ")"
	}
	fuzz := opt.fuzz
	if d, err := time.ParseDuration(r.Fuzz); err == nil && r.Fuzz != "" {
		fuzz = min(fuzz, d)
	}
	if fuzz > 0 && !r.NoFuzz && meta.RunExit <= 1 {
		meta.Fuzzed = fuzz.String()
		// -allow-empty: a row that answers one named set or variant may
		// decline every generated request; its report then says how many
		// cases were judged (none), where pctest fuzz alone would exit 2.
		budget := []string{"-time", fuzz.String()}
		if r.FuzzCases > 0 {
			meta.Fuzzed = fmt.Sprintf("%d cases", r.FuzzCases)
			budget = []string{"-cases", strconv.Itoa(r.FuzzCases)}
		}
		if opt.seed != 0 {
			budget = append(budget, "-seed", strconv.FormatUint(rowSeed(opt.seed, r.Name), 10))
		}
		fuzzArgs := append(append([]string{"fuzz", "-format", "json", "-allow-empty"}, budget...), target...)
		meta.FuzzExit, _ = pctestTo(ctx, bin, fuzzArgs, l.resultFile(r, ".fuzz.json"), l.resultFile(r, ".fuzz.stderr"))
		line += fmt.Sprintf("; fuzz %s: exit %d", meta.Fuzzed, meta.FuzzExit)
	}
	meta.Seconds = time.Since(start).Seconds()
	return line
}

// rowSeed returns the pctest fuzz seed of the row named name in a survey
// with the seed base: base mixed with the FNV-1a hash of the name, so that
// rows draw different cases and each row the same ones in every run.
func rowSeed(base uint64, name string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(name))
	return base ^ h.Sum64()
}

// pctestTo runs pctest with args, stdout to the file out and stderr to
// the file errOut (the same file is fine), and returns its exit status.
func pctestTo(ctx context.Context, bin string, args []string, out, errOut string) (int, string) {
	f, err := os.Create(out)
	if err != nil {
		return -1, err.Error()
	}
	defer f.Close()
	ef := f
	if errOut != out {
		if ef, err = os.Create(errOut); err != nil {
			return -1, err.Error()
		}
		defer ef.Close()
	}
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Stdout, cmd.Stderr = f, ef
	cmd.WaitDelay = 10 * time.Second
	err = cmd.Run()
	var ee *exec.ExitError
	switch {
	case err == nil:
		return 0, ""
	case errors.As(err, &ee):
		return ee.ExitCode(), ""
	}
	return -1, err.Error()
}
