package main

import (
	"archive/zip"
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/pctest/pctest/fuzz/internal/lfbuild"
)

func cmdRun(args []string) error {
	fs := newFlags("run")
	out := fs.String("out", defaultOut, "directory that build wrote to")
	d := fs.Duration("time", 10*time.Second, "fuzzing time per target (libFuzzer's -max_total_time, whole seconds)")
	fork := fs.Int("fork", 2, "libFuzzer's -fork: fuzzing jobs run at once")
	match := fs.String("match", "", "only the targets whose name or Fuzz function matches")
	fs.Parse(args)
	p, err := loadProject(*match)
	if err != nil {
		return err
	}
	secs := int(d.Round(time.Second) / time.Second)
	if secs < 1 {
		return fmt.Errorf("-time %s: libFuzzer counts whole seconds; give at least 1s", *d)
	}
	if *fork < 1 {
		return fmt.Errorf("-fork %d: want at least 1", *fork)
	}
	dir := p.outDir(*out)
	var results []result
	crashed := false
	for _, t := range p.targets {
		r, err := runTarget(dir, t, secs, *fork, fs.Args())
		if err != nil {
			return fmt.Errorf("%s: %w", t.Name, err)
		}
		results = append(results, r)
		crashed = crashed || len(r.crashes) > 0
		fmt.Fprintf(os.Stderr, "%s: %s\n", t.Name, r.summary())
	}
	fmt.Printf("\nlibFuzzer (%s), %ds per target, -fork=%d, from %s\n\n", dir, secs, *fork, time.Now().UTC().Format("2006-01-02 15:04 MST"))
	printTable(os.Stdout, results)
	if crashed {
		fmt.Println("\nTo replay a crash under go test (fuzz/README.md, \"When a target fails\"):")
		for _, r := range results {
			for _, c := range r.crashes {
				rel, err := filepath.Rel(mustGetwd(), c)
				if err != nil {
					rel = c
				}
				fmt.Printf("    go run ./fuzz/libfuzzer replay %s\n", rel)
			}
		}
		return exitError(1)
	}
	return nil
}

func mustGetwd() string {
	wd, _ := os.Getwd()
	return wd
}

// stats is what libFuzzer's INITED line says of a corpus: coverage
// (cov:, edges), features (ft:) and the inputs it keeps (corp:).
type stats struct {
	ok           bool
	cov, ft, kep int
}

// A result is one target's run.
type result struct {
	name         string
	start, end   stats
	execs        int64
	seconds      int
	crashes      []string // artifact paths
	startCrashed bool     // the corpus crashed the target before fuzzing
	log          string
}

func (r result) execRate() float64 {
	if r.seconds == 0 {
		return 0
	}
	return float64(r.execs) / float64(r.seconds)
}

func (r result) summary() string {
	s := fmt.Sprintf("%d execs in %ds, ft %s -> %s, cov %s -> %s", r.execs, r.seconds,
		num(r.start.ok, r.start.ft), num(r.end.ok, r.end.ft), num(r.start.ok, r.start.cov), num(r.end.ok, r.end.cov))
	if len(r.crashes) > 0 {
		s += fmt.Sprintf(", %d crash(es): %s", len(r.crashes), strings.Join(r.crashes, " "))
	}
	return s + " (log " + r.log + ")"
}

func num(ok bool, n int) string {
	if !ok {
		return "-"
	}
	return strconv.Itoa(n)
}

// runTarget measures the corpus, fuzzes for secs with -fork jobs, and
// measures the corpus again.
func runTarget(dir string, t lfbuild.Target, secs, fork int, extra []string) (result, error) {
	r := result{name: t.Name}
	bin := filepath.Join(dir, t.Name)
	if _, err := os.Stat(bin); err != nil {
		return r, fmt.Errorf("%s is not built (go run ./fuzz/libfuzzer build, or make fuzz-libfuzzer): %w", bin, err)
	}
	corpus := filepath.Join(dir, "corpus", t.Name)
	seeds := filepath.Join(dir, "seeds", t.Name)
	crashDir := filepath.Join(dir, "crashes")
	logDir := filepath.Join(dir, "logs")
	for _, d := range []string{corpus, crashDir, logDir} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return r, err
		}
	}
	if err := unzipFresh(filepath.Join(dir, t.Name+"_seed_corpus.zip"), seeds); err != nil {
		return r, err
	}
	r.log = filepath.Join(logDir, t.Name+".log")
	logf, err := os.Create(r.log)
	if err != nil {
		return r, err
	}
	defer logf.Close()

	before, _ := filepath.Glob(filepath.Join(crashDir, t.Name+"-*"))
	r.start, err = measure(bin, logf, corpus, seeds)
	if err != nil {
		return r, err
	}
	r.startCrashed = !r.start.ok
	args := []string{
		"-fork=" + strconv.Itoa(fork),
		"-max_total_time=" + strconv.Itoa(secs),
		"-dict=" + filepath.Join(dir, t.Name+".dict"),
		"-artifact_prefix=" + filepath.Join(crashDir, t.Name) + "-",
	}
	args = append(append(args, extra...), corpus, seeds)
	fmt.Fprintf(logf, "\n### %s %s\n", bin, strings.Join(args, " "))
	cmd := exec.Command(bin, args...)
	pr, pw := io.Pipe()
	cmd.Stdout, cmd.Stderr = pw, pw
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return r, err
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		sc := bufio.NewScanner(pr)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			line := sc.Text()
			fmt.Fprintln(logf, line)
			if m := forkLine.FindStringSubmatch(line); m != nil {
				r.execs, _ = strconv.ParseInt(m[1], 10, 64)
				r.seconds, _ = strconv.Atoi(m[2])
			}
		}
		io.Copy(io.Discard, pr)
	}()
	waitErr := cmd.Wait()
	pw.Close()
	<-done
	if r.seconds == 0 {
		r.seconds = int(time.Since(start).Round(time.Second) / time.Second)
	}
	after, _ := filepath.Glob(filepath.Join(crashDir, t.Name+"-*"))
	for _, a := range after {
		if !contains(before, a) {
			r.crashes = append(r.crashes, a)
		}
	}
	if waitErr != nil && len(r.crashes) == 0 {
		return r, fmt.Errorf("libFuzzer exited with %v and left no crash file; see %s", waitErr, r.log)
	}
	r.end, err = measure(bin, logf, corpus, seeds)
	return r, err
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// forkLine is the status line of libFuzzer's -fork mode:
// "#1234: cov: 56 ft: 78 corp: 90 exec/s: 12 oom/timeout/crash: 0/0/0 time: 3s job: 4 dft_time: 0".
var forkLine = regexp.MustCompile(`^#(\d+): cov: \d+ ft: \d+ corp: \d+ exec/s:? \d+ .*time: (\d+)s`)

// initedLine is libFuzzer's line after it ran the inputs it was given:
// "#3656	INITED cov: 1234 ft: 5678 corp: 900/12Kb exec/s: 0 rss: 50Mb".
var initedLine = regexp.MustCompile(`INITED cov: (\d+) ft: (\d+) corp: (\d+)/`)

// measure runs the target once over the corpus directories (-runs=0, an
// empty first directory so that nothing is written) and returns its
// INITED counts; ok is false if the target crashed on an input.
func measure(bin string, logf io.Writer, dirs ...string) (stats, error) {
	empty, err := os.MkdirTemp("", "pctest-libfuzzer-empty-")
	if err != nil {
		return stats{}, err
	}
	defer os.RemoveAll(empty)
	artifacts, err := os.MkdirTemp("", "pctest-libfuzzer-measure-")
	if err != nil {
		return stats{}, err
	}
	defer os.RemoveAll(artifacts)
	args := append([]string{"-runs=0", "-artifact_prefix=" + artifacts + "/", empty}, dirs...)
	fmt.Fprintf(logf, "### %s %s\n", bin, strings.Join(args, " "))
	out, _ := exec.Command(bin, args...).CombinedOutput()
	logf.Write(out)
	m := initedLine.FindSubmatch(out)
	if m == nil {
		return stats{}, nil
	}
	var s stats
	s.ok = true
	s.cov, _ = strconv.Atoi(string(m[1]))
	s.ft, _ = strconv.Atoi(string(m[2]))
	s.kep, _ = strconv.Atoi(string(m[3]))
	return s, nil
}

// unzipFresh empties dir and extracts the zip file into it.
func unzipFresh(zipPath, dir string) error {
	if err := os.RemoveAll(dir); err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	zr, err := zip.OpenReader(zipPath)
	if err != nil {
		return err
	}
	defer zr.Close()
	for _, f := range zr.File {
		if f.FileInfo().IsDir() {
			continue
		}
		data, err := readZipFile(f)
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dir, filepath.Base(f.Name)), data, 0o644); err != nil {
			return err
		}
	}
	return nil
}

func readZipFile(f *zip.File) ([]byte, error) {
	rc, err := f.Open()
	if err != nil {
		return nil, err
	}
	defer rc.Close()
	return io.ReadAll(rc)
}

// printTable writes the results as a Markdown table.
func printTable(w io.Writer, results []result) {
	fmt.Fprintln(w, "| target | execs | execs/s | corpus start | corpus end | cov: start | cov: end | ft: start | ft: end | crashes |")
	fmt.Fprintln(w, "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|")
	for _, r := range results {
		crashes := strconv.Itoa(len(r.crashes))
		if r.startCrashed {
			crashes += " (at start)"
		}
		fmt.Fprintf(w, "| %s | %d | %.0f | %s | %s | %s | %s | %s | %s | %s |\n", r.name, r.execs, r.execRate(),
			num(r.start.ok, r.start.kep), num(r.end.ok, r.end.kep),
			num(r.start.ok, r.start.cov), num(r.end.ok, r.end.cov),
			num(r.start.ok, r.start.ft), num(r.end.ok, r.end.ft), crashes)
	}
}
