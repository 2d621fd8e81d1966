package conformance

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"testing"
	"time"

	"github.com/pctest/pctest/internal/testenv"
	"github.com/pctest/pctest/report"
	"github.com/pctest/pctest/testee"
	"github.com/pctest/pctest/vectors"
)

// TestRunRate measures `pctest run -impl node` on the full suite against
// the node example testee answering the same requests from a file on its
// own (its standalone ceiling), interleaved, in one run, and prints both
// rates, their ratio, and pctest run's fixed start-up. It is what
// `make fuzz-rate` runs besides TestFuzzRate; it is skipped unless
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
// the vectors, starting the testee, writing the report). On a loaded
// machine the wall clock varies with the scheduler; the CPU times (user
// and system, node's included in pctest's, as wait4 counts a reaped
// child's) vary less, and are printed too.
func TestRunRate(t *testing.T) {
	rStr := os.Getenv("PCTEST_RUN_RATE")
	if rStr == "" {
		t.Skip("set PCTEST_RUN_RATE=ROUNDS (or run make fuzz-rate) to measure pctest run against node's standalone rate")
	}
	rounds, err := strconv.Atoi(rStr)
	if err != nil || rounds < 1 {
		t.Fatalf("PCTEST_RUN_RATE=%q: want a number of rounds", rStr)
	}
	testenv.Require(t, testenv.Command("node"))
	node, err := exec.LookPath("node")
	if err != nil {
		t.Fatal(err)
	}
	script, err := filepath.Abs("../cmd/pctest/testees/node-builtin/testee.js")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	bin := os.Getenv("PCTEST_BIN")
	if bin == "" {
		bin = filepath.Join(dir, "pctest")
		out, err := exec.Command("go", "build", "-o", bin, "../cmd/pctest").CombinedOutput()
		if err != nil {
			t.Fatalf("go build ../cmd/pctest: %v\n%s", err, out)
		}
	}
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
		emptyWall, emptyCPU := timeRun(t, bin, 0)
		nodeEmptyWall, nodeEmptyCPU := timeNodeOn(t, node, script, empty, 0)
		s, h := float64(n)/nodeWall.Seconds(), float64(n)/runWall.Seconds()
		su, cpuSu := emptyWall-nodeEmptyWall, emptyCPU-nodeEmptyCPU
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
			what, runRateMedian(tm.rates), 100*runRateMedian(tm.ratios), runRateMedian(tm.startups),
			runRateMedian(tm.cpu), 100*runRateMedian(tm.cpuRatios), runRateMedian(tm.cpuStartups))
	}
	t.Logf("run-rate: %d vectors, %d rounds interleaved, medians (wall clock; cpu: user+system):", n, rounds)
	t.Logf("  %-32s %8.0f vectors/s; cpu %4.0f ms", "node standalone (from a file):", runRateMedian(standalone), runRateMedian(standaloneCPU))
	print("pctest run -impl node:", ours)
	if before != "" {
		print("before ("+before+"):", old)
	}
}

// ms returns d in milliseconds.
func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// runRateMedian returns the median of v.
func runRateMedian(v []float64) float64 {
	v = slices.Clone(v)
	sort.Float64s(v)
	if len(v)%2 == 1 {
		return v[len(v)/2]
	}
	return (v[len(v)/2-1] + v[len(v)/2]) / 2
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

// answerBook is an in-process testee that answers each vector's request
// with the vector's expected response at once, looked up by the request's
// line: what is left of a run's cost is the runner's own.
type answerBook map[string]vectors.Response

func (answerBook) Name() string { return "answer-book" }

func (b answerBook) Do(_ context.Context, req vectors.Request) (vectors.Response, error) {
	var buf [256]byte
	if resp, ok := b[string(req.AppendJSON(buf[:0], false))]; ok {
		return resp, nil
	}
	return vectors.Response{Unsupported: true}, nil
}

// BenchmarkRunVector is the runner's cost per vector: Results over the
// whole suite against an in-process testee that answers every vector
// correctly at once (the vectors loaded once, outside the timing), in
// ns/vector.
func BenchmarkRunVector(b *testing.B) {
	all, err := vectors.Load()
	if err != nil {
		b.Fatal(err)
	}
	book := answerBook{}
	for _, v := range all {
		book[string(v.Request.AppendJSON(nil, false))] = v.Expect
	}
	opts := []Option{Vectors(all), Parallel(runtime.GOMAXPROCS(0))}
	b.ReportAllocs()
	for b.Loop() {
		results, err := Results(context.Background(), book, opts...)
		if err != nil {
			b.Fatal(err)
		}
		if s := report.SummaryOf(results); s.Failed != 0 {
			b.Fatalf("%d vectors fail against their own answers", s.Failed)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(all)), "ns/vector")
}
