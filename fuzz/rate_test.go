package fuzz

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"testing"
	"time"

	"github.com/pctest/pctest/conformance"
	"github.com/pctest/pctest/internal/gen"
	"github.com/pctest/pctest/internal/testenv"
	"github.com/pctest/pctest/report"
	"github.com/pctest/pctest/testee"
	"github.com/pctest/pctest/vectors"
)

// TestFuzzRate measures `pctest fuzz -impl node` against the node example
// testee answering the same generated requests from a file on its own (its
// standalone ceiling), interleaved, in one run, and prints both rates and
// their ratio. It is what `make fuzz-rate` runs; it is skipped unless
// PCTEST_FUZZ_RATE is set. The environment sets:
//
//	PCTEST_FUZZ_RATE         the number of cases, N (say 1000000)
//	PCTEST_FUZZ_RATE_ROUNDS  how many times each is timed (default 3)
//	PCTEST_FUZZ_RATE_SEED    the seed (default 1)
//	PCTEST_BIN               a built pctest (default: this toolchain's go build ./cmd/pctest)
//	PCTEST_BIN_BEFORE        another pctest, say an older commit's, timed in
//	                         the same rounds, for a before/after comparison
//
// The file holds the requests pctest fuzz sends (eachFuzzRequest): every
// op in turn for its first unsupportedGiveUp cases (the ops node answers
// "unsupported", all but the six ECMAScript ones, are then given up), then
// the six in turn, each its share of the rest; each case's request is the
// generator's for its seed and the number of the op's case, skipping those
// the reference declines, as Run does. Both rates are wall-clock, from the start of the
// command to its exit, node's start included in both; pctest's own
// reported rate (from the start of fuzzing) is printed next to it. So are
// the CPU times (user and system; pctest's include node's, as wait4 counts
// a reaped child's), which vary less with the machine's load: node's
// alone over pctest fuzz's with node is the rate ratio the two would reach
// sharing one core, and pctest's own CPU per case is the difference.
func TestFuzzRate(t *testing.T) {
	if os.Getenv("PCTEST_FUZZ_RATE") == "" {
		t.Skip("set PCTEST_FUZZ_RATE=N (or run make fuzz-rate) to measure pctest fuzz against node's standalone rate")
	}
	n := envInt(t, "PCTEST_FUZZ_RATE", 0)
	rounds := envInt(t, "PCTEST_FUZZ_RATE_ROUNDS", 3)
	seed := uint64(envInt(t, "PCTEST_FUZZ_RATE_SEED", 1))
	node := nodeForRate(t)
	script, err := filepath.Abs("../cmd/pctest/testees/node-builtin/testee.js")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	bin := pctestBin(t, dir)

	file := filepath.Join(dir, "requests.jsonl")
	size := writeFuzzRequests(t, file, seed, n)
	t.Logf("%d requests (%d bytes) from seed %d in %s", n, size, seed, file)

	before := os.Getenv("PCTEST_BIN_BEFORE")
	// One pctest's timings: rates, ratios to node's in the same round,
	// CPU ratios, and its own CPU per case in µs.
	type timing struct{ rates, reported, ratios, cpuRatios, ownCPU []float64 }
	var standalone, standaloneCPU []float64
	var ours, old timing
	measure := func(tm *timing, bin, which string, r int, nodeFirst bool) {
		var s, h, rep float64
		var nodeCPU, cpu time.Duration
		if nodeFirst {
			s, nodeCPU = nodeRate(t, node, script, file, n)
		}
		h, rep, cpu = timeFuzz(t, bin, seed, n)
		if !nodeFirst {
			s, nodeCPU = nodeRate(t, node, script, file, n)
		}
		own := (cpu - nodeCPU).Seconds() * 1e6 / float64(n)
		standalone, standaloneCPU = append(standalone, s), append(standaloneCPU, nodeCPU.Seconds()*1e6/float64(n))
		tm.rates, tm.reported, tm.ratios = append(tm.rates, h), append(tm.reported, rep), append(tm.ratios, h/s)
		tm.cpuRatios, tm.ownCPU = append(tm.cpuRatios, nodeCPU.Seconds()/cpu.Seconds()), append(tm.ownCPU, own)
		t.Logf("round %d: node standalone %8.0f/s (cpu %.2f µs/case)   pctest fuzz%s %8.0f/s (its own report %8.0f/s)   ratio %3.0f%% (cpu %3.0f%%, its own cpu %.2f µs/case)",
			r+1, s, nodeCPU.Seconds()*1e6/float64(n), which, h, rep, 100*h/s, 100*nodeCPU.Seconds()/cpu.Seconds(), own)
	}
	for r := range rounds {
		measure(&ours, bin, "", r, true)
		if before != "" {
			measure(&old, before, " before", r, false)
		}
	}
	print := func(what string, tm timing) {
		fmt.Printf("  %-40s %8.0f cases/s (its own report: %.0f/s), ratio %3.0f%%; cpu ratio %3.0f%%, its own cpu %.2f µs/case\n",
			what, median(tm.rates), median(tm.reported), 100*median(tm.ratios), 100*median(tm.cpuRatios), median(tm.ownCPU))
	}
	fmt.Printf("fuzz-rate: %d cases, seed %d, %d rounds interleaved, medians (wall clock; cpu: user+system; ratios: medians of the rounds'):\n", n, seed, rounds)
	fmt.Printf("  %-40s %8.0f cases/s; cpu %.2f µs/case\n", "node standalone (requests from a file):", median(standalone), median(standaloneCPU))
	print("pctest fuzz -impl node:", ours)
	if before != "" {
		print("before ("+before+"):", old)
	}
}

// pctestBin returns $PCTEST_BIN, or a pctest built from ../cmd/pctest
// into dir.
func pctestBin(t *testing.T, dir string) string {
	if bin := os.Getenv("PCTEST_BIN"); bin != "" {
		return bin
	}
	bin := filepath.Join(dir, "pctest")
	if out, err := exec.Command("go", "build", "-o", bin, "../cmd/pctest").CombinedOutput(); err != nil {
		t.Fatalf("go build ../cmd/pctest: %v\n%s", err, out)
	}
	return bin
}

// nodeRate is the lines per second the node testee answers from file,
// checking that it answered n, and the CPU time it used.
func nodeRate(t *testing.T, node, script, file string, n int) (float64, time.Duration) {
	wall, cpu := timeNodeOn(t, node, script, file, n)
	return float64(n) / wall.Seconds(), cpu
}

// nodeForRate returns the node both rate tests time, skipping (naming
// the make target that installs it) where there is none.
func nodeForRate(t *testing.T) string {
	testenv.Require(t, testenv.Command("node"))
	node, err := exec.LookPath("node")
	if err != nil {
		t.Fatal(err)
	}
	return node
}

// ms returns d in milliseconds.
func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

func envInt(t *testing.T, name string, def int) int {
	s := os.Getenv(name)
	if s == "" {
		return def
	}
	v, err := strconv.Atoi(s)
	if err != nil || v < 1 {
		t.Fatalf("%s=%q: want a positive number", name, s)
	}
	return v
}

func median(v []float64) float64 {
	v = slices.Clone(v)
	sort.Float64s(v)
	if len(v)%2 == 1 {
		return v[len(v)/2]
	}
	return (v[len(v)/2-1] + v[len(v)/2]) / 2
}

// nodeAnswers are the ops the node example answers (V8's six functions:
// cmd/pctest/testees/node-builtin/testee.js); it declines every other.
var nodeAnswers = []vectors.Op{vectors.OpEncodeURI, vectors.OpEncodeURIComponent, vectors.OpDecodeURI, vectors.OpDecodeURIComponent,
	vectors.OpEscape, vectors.OpUnescape}

// writeFuzzRequests writes the n requests a pctest fuzz run with seed sends
// to the node example, as protocol lines, to file, and returns its size.
func writeFuzzRequests(t *testing.T, file string, seed uint64, n int) int64 {
	f, err := os.Create(file)
	if err != nil {
		t.Fatal(err)
	}
	w := bufio.NewWriterSize(f, 1<<20)
	var line []byte
	var size, id int64
	eachFuzzRequest(seed, n, nodeAnswers, func(req vectors.Request) {
		id++
		line = append(testee.AppendRequestJSON(line[:0], id, req, false), '\n')
		w.Write(line)
		size += int64(len(line))
	})
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	return size
}

// eachFuzzRequest calls send with each of the n requests that a Run with
// seed sends an implementation that answers the ops of answers and
// declines every other (the same requests, in an order of its own): Run's two rounds (fuzzer.run),
// each op's first cases, then the rest shared among the ops answered; in
// each, the ops in turn while their quota lasts, and each op's cases
// numbered apart, skipping the requests the reference declines.
func eachFuzzRequest(seed uint64, n int, answers []vectors.Op, send func(vectors.Request)) {
	ref := conformance.Reference()
	type opCases struct {
		op                vectors.Op
		g                 *gen.Seeded
		next, sent, quota int64
	}
	var ops []*opCases
	for _, o := range vectors.Ops() {
		if g, ok := gen.NewSeeded(o.Name); ok {
			ops = append(ops, &opCases{op: o.Name, g: g})
		}
	}
	round := func(ops []*opCases) {
		for more := true; more; {
			more = false
			for _, o := range ops {
				if o.sent >= o.quota {
					continue
				}
				more = true
				for {
					o.next++
					req := o.g.Request(seed, o.next)
					if want, err := ref.Do(context.Background(), req); err == nil && !want.Unsupported {
						send(req)
						break
					}
				}
				o.sent++
			}
		}
	}
	for k, o := range ops {
		o.quota = min(unsupportedGiveUp, share(int64(n), len(ops), k))
	}
	round(ops)
	rest := int64(n)
	var live []*opCases
	for _, o := range ops {
		rest -= o.sent
		if slices.Contains(answers, o.op) {
			live = append(live, o)
		}
	}
	for k, o := range live {
		o.quota = o.sent + share(max(rest, 0), len(live), k)
	}
	round(live)
}

// timeNodeOn runs the node testee on the request file and returns how
// long it took and the CPU time it used, checking that it answered n
// lines.
func timeNodeOn(t *testing.T, node, script, file string, n int) (wall, cpu time.Duration) {
	in, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	cmd := exec.Command(node, script)
	cmd.Stdin = in
	cmd.Env = append(os.Environ(), "PCTEST_PROTOCOL="+strconv.Itoa(testee.ProtocolVersion))
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := 0
	r := bufio.NewReaderSize(out, 1<<20)
	for {
		chunk, err := r.ReadSlice('\n')
		lines += bytes.Count(chunk, []byte{'\n'})
		if err == io.EOF {
			break
		}
		if err != nil && err != bufio.ErrBufferFull {
			t.Fatal(err)
		}
	}
	if err := cmd.Wait(); err != nil {
		t.Fatalf("node on the request file: %v", err)
	}
	el := time.Since(start)
	if lines != n {
		t.Fatalf("node answered %d lines of %d", lines, n)
	}
	return el, cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
}

// timeFuzz runs pctest fuzz -impl node for n cases and returns its
// wall-clock rate, the rate it reports and the CPU time it used, node's
// included, checking that it reports n cases and no finding.
func timeFuzz(t *testing.T, bin string, seed uint64, n int) (wall, reported float64, cpu time.Duration) {
	cmd := exec.Command(bin, "fuzz", "-impl", "node", "-cases", strconv.Itoa(n), "-seed", strconv.FormatUint(seed, 10), "-format", "json")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err := cmd.Run()
	el := time.Since(start)
	if err != nil {
		t.Fatalf("pctest fuzz: %v\n%s", err, stderr.Bytes())
	}
	rep, err := report.ReadFuzzReport(&stdout)
	if err != nil {
		t.Fatalf("pctest fuzz -format json: %v", err)
	}
	if rep.Summary.Cases != int64(n) || rep.Summary.Findings != 0 {
		t.Fatalf("pctest fuzz: %d cases of %d, %d findings", rep.Summary.Cases, n, rep.Summary.Findings)
	}
	return float64(n) / el.Seconds(), float64(n) / rep.FuzzInfo.DurationSeconds, cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
}

// startupPairs is how many times each round of TestRunRate times an empty
// run and node on empty input, in turn, for pctest run's start-up.
const startupPairs = 5

// TestRunRate measures `pctest run -impl node` on the full suite against
// the node example testee answering the same requests from a file on its
// own (its standalone ceiling), interleaved, in one run, and prints both
// rates, their ratio, and pctest run's fixed start-up. It is what
// `make fuzz-rate` runs before TestFuzzRate; it is skipped unless
// PCTEST_RUN_RATE is set. The environment sets:
//
//	PCTEST_RUN_RATE     how many times each is timed (say 5)
//	PCTEST_BIN          a built pctest (default: this toolchain's go build ./cmd/pctest)
//	PCTEST_BIN_BEFORE   another pctest, say an older commit's, timed in
//	                    the same rounds, for a before/after comparison
//
// The file holds the request lines pctest run sends, one per vector of
// the suite, in corpus order. Both rates are wall-clock, from the start of
// the command to its exit, node's start included in both. The start-up is
// what pctest run selecting no vector (-run '^$' -allow-empty) takes
// beyond node reading an empty input: pctest's own fixed cost (loading
// the vectors, starting the testee, writing the report); each round takes
// the median of startupPairs such differences. On a loaded
// machine the wall clock varies with the scheduler; the CPU times (user
// and system, node's included in pctest's, as wait4 counts a reaped
// child's) vary less, and are printed too.
func TestRunRate(t *testing.T) {
	if os.Getenv("PCTEST_RUN_RATE") == "" {
		t.Skip("set PCTEST_RUN_RATE=ROUNDS (or run make fuzz-rate) to measure pctest run against node's standalone rate")
	}
	rounds := envInt(t, "PCTEST_RUN_RATE", 0)
	node := nodeForRate(t)
	script, err := filepath.Abs("../cmd/pctest/testees/node-builtin/testee.js")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	bin := pctestBin(t, dir)
	file := filepath.Join(dir, "requests.jsonl")
	n := writeRunRequests(t, file)
	empty := filepath.Join(dir, "empty.jsonl")
	if err := os.WriteFile(empty, nil, 0o644); err != nil {
		t.Fatal(err)
	}

	before := os.Getenv("PCTEST_BIN_BEFORE")
	type timing struct{ rates, ratios, startups, cpu, cpuRatios, cpuStartups []float64 }
	var standalone, standaloneCPU []float64
	var ours, old timing
	measure := func(tm *timing, bin, which string, r int) {
		nodeWall, nodeCPU := timeNodeOn(t, node, script, file, n)
		runWall, runCPU := timeRun(t, bin, n)
		// The start-up is the median of startupPairs differences, each
		// of an empty run and node on empty input timed in turn: a
		// difference of two single timings of about 0.1 s each swings
		// with the scheduler by as much as the start-up itself.
		var sus, cpuSus []time.Duration
		for range startupPairs {
			emptyWall, emptyCPU := timeRun(t, bin, 0)
			nodeEmptyWall, nodeEmptyCPU := timeNodeOn(t, node, script, empty, 0)
			sus, cpuSus = append(sus, emptyWall-nodeEmptyWall), append(cpuSus, emptyCPU-nodeEmptyCPU)
		}
		slices.Sort(sus)
		slices.Sort(cpuSus)
		s, h := float64(n)/nodeWall.Seconds(), float64(n)/runWall.Seconds()
		su, cpuSu := sus[len(sus)/2], cpuSus[len(cpuSus)/2]
		standalone, standaloneCPU = append(standalone, s), append(standaloneCPU, ms(nodeCPU))
		tm.rates, tm.ratios, tm.startups = append(tm.rates, h), append(tm.ratios, h/s), append(tm.startups, ms(su))
		tm.cpu, tm.cpuRatios, tm.cpuStartups = append(tm.cpu, ms(runCPU)), append(tm.cpuRatios, nodeCPU.Seconds()/runCPU.Seconds()), append(tm.cpuStartups, ms(cpuSu))
		t.Logf("round %d: node standalone %7.0f/s (cpu %4.0f ms)   pctest run%s %7.0f/s (cpu %4.0f ms)   ratio %3.0f%% (cpu %3.0f%%)   start-up %4.0f ms (cpu %4.0f ms)",
			r+1, s, ms(nodeCPU), which, h, ms(runCPU), 100*h/s, 100*nodeCPU.Seconds()/runCPU.Seconds(), ms(su), ms(cpuSu))
	}
	for r := range rounds {
		measure(&ours, bin, "", r)
		if before != "" {
			measure(&old, before, " (before)", r)
		}
	}
	print := func(what string, tm timing) {
		t.Logf("  %-32s %8.0f vectors/s, ratio %3.0f%%, start-up %4.0f ms; cpu %4.0f ms, ratio %3.0f%%, start-up %4.0f ms",
			what, median(tm.rates), 100*median(tm.ratios), median(tm.startups),
			median(tm.cpu), 100*median(tm.cpuRatios), median(tm.cpuStartups))
	}
	t.Logf("run-rate: %d vectors, %d rounds interleaved, medians (wall clock; cpu: user+system):", n, rounds)
	t.Logf("  %-32s %8.0f vectors/s; cpu %4.0f ms", "node standalone (from a file):", median(standalone), median(standaloneCPU))
	print("pctest run -impl node:", ours)
	if before != "" {
		print("before ("+before+"):", old)
	}
}

// writeRunRequests writes the request line of each vector of the suite, as
// pctest run sends them to the node example, to file, and returns how
// many.
func writeRunRequests(t *testing.T, file string) int {
	all, err := vectors.Load()
	if err != nil {
		t.Fatal(err)
	}
	var buf []byte
	for i, v := range all {
		buf = append(testee.AppendRequestJSON(buf, int64(i+1), v.Request, false), '\n')
	}
	if err := os.WriteFile(file, buf, 0o644); err != nil {
		t.Fatal(err)
	}
	return len(all)
}

// timeRun runs pctest run -impl node -format json on the whole suite
// (n vectors), or on none (n 0), and returns how long it took and the CPU
// time it used, node's included, checking that the report holds n
// results.
func timeRun(t *testing.T, bin string, n int) (wall, cpu time.Duration) {
	args := []string{"run", "-impl", "node", "-format", "json"}
	if n == 0 {
		args = append(args, "-run", "^$", "-allow-empty")
	}
	cmd := exec.Command(bin, args...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err := cmd.Run()
	el := time.Since(start)
	if err != nil {
		t.Fatalf("pctest %v: %v\n%s", args, err, stderr.Bytes())
	}
	rep, err := report.ReadRunReport(&stdout)
	if err != nil {
		t.Fatalf("pctest run -format json: %v", err)
	}
	if len(rep.Results) != n {
		t.Fatalf("pctest run: %d results, want %d", len(rep.Results), n)
	}
	return el, cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
}
