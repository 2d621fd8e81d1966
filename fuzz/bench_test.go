package fuzz

import (
	"context"
	"os/exec"
	"testing"
	"time"

	"github.com/pctest/pctest/conformance"
	"github.com/pctest/pctest/internal/testenv"
	"github.com/pctest/pctest/testee"
)

// BenchmarkFuzzReference fuzzes the reference codec against itself: the
// harness's own cost per case (generate, answer twice, compare).
func BenchmarkFuzzReference(b *testing.B) {
	benchFuzz(b, conformance.Reference())
}

// BenchmarkFuzzNode fuzzes the node example testee, as pctest fuzz -impl
// node does. Besides the wall-clock rate it reports cpu-ns/case, the CPU
// time (user and system, from getrusage) this process spent per case:
// pctest's own cost, which on a machine with few cores is taken from the
// testee; and node-cpu-ns/case, node's, its start included (how it is fed
// changes what it costs: a line read alone costs it more than one of a
// long chunk).
func BenchmarkFuzzNode(b *testing.B) {
	testenv.Require(b, testenv.Command("node"))
	node, err := exec.LookPath("node")
	if err != nil {
		b.Fatal(err)
	}
	child0, cpuOK := childrenCPU()
	p, err := testee.Start(context.Background(), []string{node, "../cmd/pctest/testees/node-builtin/testee.js"}, testee.Timeout(time.Minute))
	if err != nil {
		b.Fatal(err)
	}
	cases := benchFuzz(b, p)
	p.Close()
	if child1, _ := childrenCPU(); cpuOK {
		b.ReportMetric(float64(child1-child0)/float64(cases), "node-cpu-ns/case")
	}
}

// benchFuzz fuzzes impl for b.N cases, reporting the rate and the CPU time
// per case, and returns the cases.
func benchFuzz(b *testing.B, impl conformance.Implementation) int64 {
	b.ReportAllocs()
	cpu0, cpuOK := selfCPU()
	rep, err := Run(context.Background(), impl, Seed(1), Cases(int64(b.N)))
	if err != nil {
		b.Fatal(err)
	}
	cpu1, _ := selfCPU()
	if len(rep.Findings) > 0 {
		b.Fatalf("%d findings, the first %+v", len(rep.Findings), rep.Findings[0])
	}
	b.ReportMetric(float64(rep.Summary.Cases)/rep.FuzzInfo.DurationSeconds, "cases/s")
	if cpuOK {
		b.ReportMetric(float64(cpu1-cpu0)/float64(rep.Summary.Cases), "cpu-ns/case")
	}
	return rep.Summary.Cases
}
