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
// The file holds the requests pctest fuzz sends, in the order of its op
// picks run serially: every op in turn, the ops node answers "unsupported"
// (all but the four ECMAScript ones) until they are given up after
// unsupportedGiveUp answers, then the four in turn; each case's request is
// the generator's for its seed and number, skipping those the reference
// declines, as Run does. Both rates are wall-clock, from the start of the
// command to its exit, node's start included in both; pctest's own
// reported rate (from the start of fuzzing) is printed next to it.
func TestFuzzRate(t *testing.T) {
	nStr := os.Getenv("PCTEST_FUZZ_RATE")
	if nStr == "" {
		t.Skip("set PCTEST_FUZZ_RATE=N (or run make fuzz-rate) to measure pctest fuzz against node's standalone rate")
	}
	n, err := strconv.Atoi(nStr)
	if err != nil || n < 1 {
		t.Fatalf("PCTEST_FUZZ_RATE=%q: want a number of cases", nStr)
	}
	rounds := envInt(t, "PCTEST_FUZZ_RATE_ROUNDS", 3)
	seed := uint64(envInt(t, "PCTEST_FUZZ_RATE_SEED", 1))
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed")
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
	size := writeFuzzRequests(t, file, seed, n)
	t.Logf("%d requests (%d bytes) from seed %d in %s", n, size, seed, file)

	before := os.Getenv("PCTEST_BIN_BEFORE")
	var standalone, harness, reported, old, oldReported, ratios, oldRatios []float64
	for r := range rounds {
		s := timeStandalone(t, node, script, file, n)
		h, rep := timeFuzz(t, bin, seed, n)
		standalone, harness, reported = append(standalone, s), append(harness, h), append(reported, rep)
		ratios = append(ratios, h/s)
		t.Logf("round %d: node standalone %8.0f/s   pctest fuzz %8.0f/s (its own report %8.0f/s)   ratio %3.0f%%",
			r+1, s, h, rep, 100*h/s)
		if before != "" {
			h, rep := timeFuzz(t, before, seed, n)
			s2 := timeStandalone(t, node, script, file, n)
			standalone = append(standalone, s2)
			old, oldReported = append(old, h), append(oldReported, rep)
			oldRatios = append(oldRatios, h/s2)
			t.Logf("round %d: pctest fuzz before %8.0f/s (its own report %8.0f/s)   node standalone %8.0f/s   ratio %3.0f%%",
				r+1, h, rep, s2, 100*h/s2)
		}
	}
	fmt.Printf("fuzz-rate: %d cases, seed %d, %d rounds interleaved, medians (wall clock):\n", n, seed, rounds)
	fmt.Printf("  node standalone (requests from a file):  %8.0f cases/s\n", median(standalone))
	fmt.Printf("  pctest fuzz -impl node:                  %8.0f cases/s (its own report: %.0f/s)\n", median(harness), median(reported))
	fmt.Printf("  ratio (median of the rounds' ratios):    %8.0f%%\n", 100*median(ratios))
	if before != "" {
		fmt.Printf("  before (%s):  %8.0f cases/s (its own report: %.0f/s), ratio %.0f%%\n", before, median(old), median(oldReported), 100*median(oldRatios))
	}
}

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

// nodeAnswers are the ops the node example answers; it declines every
// other.
var nodeAnswers = []vectors.Op{vectors.OpEncodeURI, vectors.OpEncodeURIComponent, vectors.OpDecodeURI, vectors.OpDecodeURIComponent}

// writeFuzzRequests writes the n requests a pctest fuzz run with seed sends
// to the node example, as protocol lines, to file, and returns its size.
func writeFuzzRequests(t *testing.T, file string, seed uint64, n int) int64 {
	f, err := os.Create(file)
	if err != nil {
		t.Fatal(err)
	}
	w := bufio.NewWriterSize(f, 1<<20)
	ref := conformance.Reference()
	var live []vectors.Op
	for _, o := range vectors.Ops() {
		if gen.Covers(o.Name) {
			live = append(live, o.Name)
		}
	}
	gens := map[vectors.Op]*gen.Seeded{}
	declined := map[vectors.Op]int{}
	var line []byte
	var size int64
	for i, sent := int64(0), 0; sent < n; {
		op := live[int(i%int64(len(live)))]
		i++
		g := gens[op]
		if g == nil {
			g, _ = gen.NewSeeded(op)
			gens[op] = g
		}
		req := g.Request(seed, i)
		if want, err := ref.Do(context.Background(), req); err != nil || want.Unsupported {
			continue
		}
		sent++
		line = append(testee.AppendRequestJSON(line[:0], i, req, false), '\n')
		w.Write(line)
		size += int64(len(line))
		if !slices.Contains(nodeAnswers, op) {
			if declined[op]++; declined[op] >= unsupportedGiveUp {
				live = slices.DeleteFunc(live, func(o vectors.Op) bool { return o == op })
			}
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	return size
}

// timeStandalone runs the node testee on the request file and returns the
// lines it answered per second, checking that it answered n.
func timeStandalone(t *testing.T, node, script, file string, n int) float64 {
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
	return float64(n) / el.Seconds()
}

// timeFuzz runs pctest fuzz -impl node for n cases and returns its
// wall-clock rate and the rate it reports, checking that it reports n
// cases and no finding.
func timeFuzz(t *testing.T, bin string, seed uint64, n int) (wall, reported float64) {
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
	return float64(n) / el.Seconds(), float64(n) / rep.FuzzInfo.DurationSeconds
}
