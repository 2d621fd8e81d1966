package main

import (
	"context"
	"os/exec"
	"sync"
	"sync/atomic"
	"testing"
	"time"
	"unicode/utf16"

	"github.com/pctest/pctest/conformance"
	"github.com/pctest/pctest/report"
	"github.com/pctest/pctest/testee"
	"github.com/pctest/pctest/vectors"
)

// benchRequests is a mix of the ECMAScript ops the node example answers,
// with ASCII, non-ASCII, lone-surrogate and malformed inputs.
func benchRequests() []vectors.Request {
	texts := []string{"a b/c?d=e&f#g", "héllo wörld ☃", "%E2%98%83%20x", "%E0%A4%A", "\U0001F600 smile", "plain"}
	var reqs []vectors.Request
	for _, op := range []vectors.Op{vectors.OpEncodeURI, vectors.OpEncodeURIComponent, vectors.OpDecodeURI, vectors.OpDecodeURIComponent} {
		for _, s := range texts {
			reqs = append(reqs, vectors.Request{Op: op, In: utf16.Encode([]rune(s))})
		}
		reqs = append(reqs, vectors.Request{Op: op, In: []uint16{'x', 0xD800, 'y'}})
	}
	return reqs
}

// BenchmarkNodeTestee drives the node example testee with requests in
// flight from 256 goroutines, and reports vectors/s.
func BenchmarkNodeTestee(b *testing.B) {
	node, err := exec.LookPath("node")
	if err != nil {
		b.Skip("node is not installed")
	}
	tt, err := testee.Start(context.Background(), []string{node, "testees/node-builtin/testee.js"}, testee.Timeout(time.Minute))
	if err != nil {
		b.Fatal(err)
	}
	defer tt.Close()
	reqs := benchRequests()
	// Warm up the testee's JIT.
	benchDrive(b, tt, reqs, 20000)
	b.ResetTimer()
	start := time.Now()
	benchDrive(b, tt, reqs, b.N)
	b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "vectors/s")
}

func benchDrive(b *testing.B, tt *testee.Process, reqs []vectors.Request, n int) {
	var (
		next atomic.Int64
		wg   sync.WaitGroup
	)
	for range testee.DefaultWindow {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := next.Add(1) - 1
				if i >= int64(n) {
					return
				}
				if _, err := tt.Do(context.Background(), reqs[i%int64(len(reqs))]); err != nil {
					b.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
}

// BenchmarkNodeRun runs the ECMAScript vectors through conformance.Results
// against the node example testee, as pctest run does, and reports
// vectors/s: the runner's throughput with evaluation, once node is up.
func BenchmarkNodeRun(b *testing.B) {
	if _, err := exec.LookPath("node"); err != nil {
		b.Skip("node is not installed")
	}
	im, err := openNamed("node", []testee.Option{testee.Timeout(time.Minute)})
	if err != nil {
		b.Fatal(err)
	}
	defer im.close(false)
	opts := []conformance.Option{conformance.Areas("ecmascript"), conformance.Parallel(im.Parallel)}
	n := 0
	start := time.Now()
	for b.Loop() {
		results, err := conformance.Results(context.Background(), im, opts...)
		if err != nil {
			b.Fatal(err)
		}
		for _, r := range results {
			if r.Outcome != report.Passed {
				b.Fatalf("node: %v", &conformance.VectorError{Result: r})
			}
		}
		n += len(results)
	}
	b.ReportMetric(float64(n)/time.Since(start).Seconds(), "vectors/s")
}
