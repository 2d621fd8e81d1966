package fuzz

import (
	"context"
	"crypto/sha256"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"unicode/utf16"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/pctest/pctest/codec"
	"github.com/pctest/pctest/conformance"
	"github.com/pctest/pctest/internal/gen"
	"github.com/pctest/pctest/report"
	"github.com/pctest/pctest/vectors"
)

// lenientDecoder is an implementation that decodes percentDecode leniently
// (a '%' that starts no escape kept, as many libraries do: differences on
// inputs the spec leaves open), answers encodeURIComponent as the
// reference does, and declines every other op. It records every request
// it is asked, by op.
type lenientDecoder struct {
	mu   sync.Mutex
	seen map[vectors.Op][]string
}

func (*lenientDecoder) Name() string { return "lenient" }

func (l *lenientDecoder) Do(ctx context.Context, req vectors.Request) (vectors.Response, error) {
	l.mu.Lock()
	l.seen[req.Op] = append(l.seen[req.Op], fmt.Sprintf("%04X %x %v", req.In, req.InHex, req.Args))
	l.mu.Unlock()
	switch req.Op {
	case vectors.OpPercentDecode:
		s := string(utf16.Decode(req.In))
		return vectors.Response{OutHex: []byte(codec.PercentDecodeLenientString(s, codec.Set{}))}, nil
	case vectors.OpEncodeURIComponent:
		return conformance.Reference().Do(ctx, req)
	}
	return vectors.Response{Unsupported: true}, nil
}

// TestFuzzSameSeedSameCases checks what the Seed option promises, with a
// case budget: the same seed sends the same cases, whatever the number in
// flight (Parallel) and however the workers' batches interleave, also
// when ops are given up as unsupported on the way. Each run's requests
// are compared as a multiset per op, with the summary's counts and the
// warnings, examples included.
func TestFuzzSameSeedSameCases(t *testing.T) {
	ops := Ops(vectors.OpPercentDecode, vectors.OpEncodeURIComponent, vectors.OpDecodeURI, vectors.OpEscape, vectors.OpNormalize)
	// What a run sent: per op, how many requests and a digest of them
	// sorted; and the summary's counts.
	type outcome struct {
		Sent     map[vectors.Op]string
		Summary  report.FuzzSummary
		Warnings []report.Warning
	}
	var runs []outcome
	var names []string
	for _, parallel := range []int{1, 7, 64, 7} {
		impl := &lenientDecoder{seen: map[vectors.Op][]string{}}
		rep, err := Run(context.Background(), impl, ops, Seed(40), Cases(6000), Parallel(parallel))
		if err != nil {
			t.Fatalf("Parallel(%d): %v", parallel, err)
		}
		sent := map[vectors.Op]string{}
		for op, s := range impl.seen {
			slices.Sort(s)
			sent[op] = fmt.Sprintf("%d requests, sha256 %x", len(s), sha256.Sum256([]byte(strings.Join(s, "\n"))))
		}
		runs = append(runs, outcome{sent, rep.Summary, rep.Warnings})
		names = append(names, fmt.Sprintf("Parallel(%d)", parallel))
	}
	first := runs[0]
	if first.Summary.Sent != 6000 || first.Summary.Open == 0 || len(first.Summary.Unsupported) != 3 || len(first.Warnings) == 0 {
		t.Fatalf("%s: sent %d, open %d, unsupported %v; want 6000 cases, some open differences and 3 ops given up", names[0], first.Summary.Sent, first.Summary.Open, first.Summary.Unsupported)
	}
	for k, r := range runs[1:] {
		if diff := cmp.Diff(first, r); diff != "" {
			t.Errorf("seed 40, %s and %s sent other cases (-first +other):\n%s", names[0], names[k+1], diff)
		}
	}
}

// TestFuzzFindingCaseRegenerates checks what report.Finding's Case says:
// with the run's seed, case Case of the finding's op is the request the
// finding started from (Original), whatever else was fuzzed beside it.
func TestFuzzFindingCaseRegenerates(t *testing.T) {
	ref := conformance.Reference()
	bang := planted{name: "bang", op: vectors.OpEncodeURIComponent,
		do: func(req vectors.Request) (vectors.Response, error) {
			resp, err := ref.Do(context.Background(), req)
			if err == nil && slices.Contains(req.In, '!') {
				resp.Out = []uint16{'%', '2', '1'} // not what the spec says
			}
			return resp, err
		}}
	rep, err := Run(context.Background(), bang, Ops(vectors.OpEscape, vectors.OpEncodeURIComponent, vectors.OpNormalize), Seed(3), Cases(3000), Parallel(5))
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Findings) == 0 {
		t.Fatal("no finding of the planted bug")
	}
	for _, fd := range rep.Findings {
		g, ok := gen.NewSeeded(fd.Op)
		if !ok {
			t.Fatalf("no generator for %s", fd.Op)
		}
		if got := g.Request(3, fd.Case); !cmp.Equal(got, fd.Original, cmpopts.EquateEmpty()) {
			t.Errorf("%s case %d of seed 3 is %v, but the finding started from %v", fd.Op, fd.Case, got, fd.Original)
		}
	}
}

// TestFuzzRequestsAreRunsCases checks that eachFuzzRequest, which writes
// the node testee's request file for TestFuzzRate, lists the cases Run
// sends such an implementation (the six ECMAScript ops answered, every
// other declined): the same requests, each as often (the order of the ops
// may differ).
func TestFuzzRequestsAreRunsCases(t *testing.T) {
	const n = 2000
	var want []string
	eachFuzzRequest(5, n, nodeAnswers, func(req vectors.Request) {
		want = append(want, fmt.Sprintf("%s %04X", req.Op, req.In))
	})
	impl := &orderRecorder{}
	if _, err := Run(context.Background(), impl, Seed(5), Cases(n), Parallel(8)); err != nil {
		t.Fatal(err)
	}
	if len(want) != n {
		t.Fatalf("eachFuzzRequest gave %d requests, want %d", len(want), n)
	}
	slices.Sort(want)
	slices.Sort(impl.seen)
	if diff := cmp.Diff(want, impl.seen); diff != "" {
		t.Errorf("Run's cases (+) are not eachFuzzRequest's (-):\n%.2000s", diff)
	}
}

// orderRecorder answers the ops of nodeAnswers as the reference does and
// declines every other, recording every request in the order asked.
type orderRecorder struct {
	mu   sync.Mutex
	seen []string
}

func (*orderRecorder) Name() string { return "order" }

func (r *orderRecorder) Do(ctx context.Context, req vectors.Request) (vectors.Response, error) {
	r.mu.Lock()
	r.seen = append(r.seen, fmt.Sprintf("%s %04X", req.Op, req.In))
	r.mu.Unlock()
	if !slices.Contains(nodeAnswers, req.Op) {
		return vectors.Response{Unsupported: true}, nil
	}
	return conformance.Reference().Do(ctx, req)
}

// TestFuzzSendsTheLimit checks that a run sends as many cases as Cases
// says also when an op stops early, before every op is decided, at
// MaxFindings (the engine once lost the rest of its first quota): a
// testee whose encodeURIComponent is wrong on every input, which answers
// two other ops and declines the rest.
func TestFuzzSendsTheLimit(t *testing.T) {
	ref := conformance.Reference()
	impl := planted{name: "wrong", op: vectors.OpEncodeURIComponent,
		do: func(req vectors.Request) (vectors.Response, error) {
			return vectors.Response{Out: []uint16{'x'}}, nil
		}}
	answers := multiOp{planted: impl, others: map[vectors.Op]bool{vectors.OpEncodeURI: true, vectors.OpEscape: true}, ref: ref}
	for _, parallel := range []int{1, 8, 64} {
		rep, err := Run(context.Background(), answers, Ops(vectors.OpEncodeURIComponent, vectors.OpEncodeURI, vectors.OpEscape, vectors.OpNormalize),
			Seed(2), Cases(3000), MaxFindings(1), Parallel(parallel))
		if err != nil {
			t.Fatalf("Parallel(%d): %v", parallel, err)
		}
		if rep.Summary.Sent != 3000 || len(rep.Findings) == 0 || !slices.Equal(rep.Summary.Unsupported, []vectors.Op{vectors.OpNormalize}) {
			t.Errorf("Parallel(%d): sent %d cases, %d findings, unsupported %v; want 3000, some, [normalize]", parallel, rep.Summary.Sent, len(rep.Findings), rep.Summary.Unsupported)
		}
	}
}

// multiOp is planted, but for the ops of others, which it answers as ref.
type multiOp struct {
	planted
	others map[vectors.Op]bool
	ref    conformance.Implementation
}

func (m multiOp) Do(ctx context.Context, req vectors.Request) (vectors.Response, error) {
	if m.others[req.Op] {
		return m.ref.Do(ctx, req)
	}
	return m.planted.Do(ctx, req)
}
