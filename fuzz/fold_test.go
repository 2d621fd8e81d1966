package fuzz

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf16"

	"github.com/pctest/pctest/conformance"
	"github.com/pctest/pctest/vectors"
)

// TestFuzzFoldsVariants plants a bug, decodeURIComponent decoding the
// overlong "%C0%80" (in any hex case) to U+0000, and feeds the fuzzer
// cases that find it in several guises: one finding is reported, and the
// others, which shrink to it or to its hex-case variant, are counted on
// it. A finding of another cause ("~~" answered with an error) stays
// apart. (report's TestFindingFolds checks the containment of inputs that
// did not shrink to the same one.)
func TestFuzzFoldsVariants(t *testing.T) {
	ref := conformance.Reference()
	impl := planted{name: "overlong", op: vectors.OpDecodeURIComponent,
		do: func(req vectors.Request) (vectors.Response, error) {
			s := string(utf16.Decode(req.In))
			if i := strings.Index(strings.ToUpper(s), "%C0%80"); i >= 0 {
				// Decode what is around the overlong form as the reference does.
				req.In = utf16.Encode([]rune(s[:i] + "%00" + s[i+6:]))
			}
			if strings.Contains(s, "~~") {
				return vectors.Response{Error: vectors.ErrURIError}, nil // another bug
			}
			return ref.Do(context.Background(), req)
		},
	}
	o := &fuzzOp{op: vectors.OpDecodeURIComponent}
	f := &fuzzer{impl: impl, ref: reference, max: 10, shrinkTime: time.Minute, deadline: time.Now().Add(time.Hour),
		ops: []*fuzzOp{o}, changed: make(chan struct{})}
	ctx := context.Background()
	for i, in := range []string{"ab%c0%80", "%C0%80", "x%C0%80%41y", "%c0%80", "a~~b", "~~c", "%C0%80~"} {
		req := vectors.Request{Op: vectors.OpDecodeURIComponent, In: utf16.Encode([]rune(in))}
		d, err := f.check(ctx, req)
		if err != nil || !d.differs {
			t.Fatalf("%q: %v, differs %t: the planted bug is not there", in, err, d != nil && d.differs)
		}
		c := &fuzzCase{o: o, i: int64(i + 1), req: req, want: d.want}
		f.count(c, d)
		f.find(ctx, c, d)
	}
	if len(f.findings) != 2 {
		for _, fd := range f.findings {
			t.Logf("finding %q, %d variants", string(utf16.Decode(fd.Request.In)), fd.Variants)
		}
		t.Fatalf("%d findings, want 2: the overlong bug and the other", len(f.findings))
	}
	first, other := f.findings[0], f.findings[1]
	if in := string(utf16.Decode(first.Request.In)); strings.ToUpper(in) != "%C0%80" || first.Variants != 4 {
		t.Errorf("finding %q with %d variants, want %%C0%%80 (either case) with 4", in, first.Variants)
	}
	if in := string(utf16.Decode(other.Request.In)); in != "~~" || other.Variants != 1 {
		t.Errorf("other finding %q with %d variants, want \"~~\" with 1", in, other.Variants)
	}
	if o.findings != 2 || o.dups != 5 {
		t.Errorf("op: %d findings, %d repeats; want 2 and 5", o.findings, o.dups)
	}
}

// TestFuzzOneFindingPerCause plants a bug whose cause says what went
// wrong, encodeURIComponent encoding the marks "!'()*" it must keep, and
// feeds the fuzzer one input per mark: it is one finding (the shortest
// input) with the others counted on it, and none of them is a repeat that
// would stop fuzzing the op. A finding related only as "a different
// answer" stays apart from another of that relation.
func TestFuzzOneFindingPerCause(t *testing.T) {
	ref := conformance.Reference()
	impl := planted{name: "marks", op: vectors.OpEncodeURIComponent,
		do: func(req vectors.Request) (vectors.Response, error) {
			s := string(utf16.Decode(req.In))
			if strings.Contains(s, "zz") || strings.Contains(s, "yy") {
				return vectors.Response{Out: utf16.Encode([]rune("?" + s))}, nil // "a different answer"
			}
			resp, err := ref.Do(context.Background(), req)
			for _, c := range "!'()*" {
				resp.Out = utf16.Encode([]rune(strings.ReplaceAll(string(utf16.Decode(resp.Out)), string(c), fmt.Sprintf("%%%02X", c))))
			}
			return resp, err
		},
	}
	o := &fuzzOp{op: vectors.OpEncodeURIComponent}
	f := &fuzzer{impl: impl, ref: reference, max: 10, shrinkTime: time.Minute, deadline: time.Now().Add(time.Hour),
		ops: []*fuzzOp{o}, changed: make(chan struct{})}
	ctx := context.Background()
	for i, in := range []string{"a(b", "!", "x'", ")", "**", "zz", "yy"} {
		req := vectors.Request{Op: vectors.OpEncodeURIComponent, In: utf16.Encode([]rune(in))}
		d, err := f.check(ctx, req)
		if err != nil || !d.differs {
			t.Fatalf("%q: %v, differs %t: the planted bug is not there", in, err, d != nil && d.differs)
		}
		c := &fuzzCase{o: o, i: int64(i + 1), req: req, want: d.want}
		f.count(c, d)
		f.find(ctx, c, d)
	}
	var got []string
	for _, fd := range f.findings {
		in := string(utf16.Decode(fd.Request.In))
		if len(in) == 1 && strings.Contains("!'()*", in) {
			in = "mark" // shrinking picks which mark is kept
		}
		got = append(got, fmt.Sprintf("%s+%d", in, fd.Variants))
	}
	if want := []string{"mark+4", "zz+0", "yy+0"}; !slices.Equal(got, want) {
		t.Errorf("findings (input+variants) %q, want %q", got, want)
	}
	if o.dups != 0 {
		t.Errorf("%d repeats, want 0: other inputs of a known cause are no repeats", o.dups)
	}
}

// planted is an implementation of one op, answered by do, with a bug
// planted in it; it answers every other op "unsupported".
type planted struct {
	name string
	op   vectors.Op
	do   func(vectors.Request) (vectors.Response, error)
}

func (p planted) Name() string { return p.name }

func (p planted) Do(_ context.Context, req vectors.Request) (vectors.Response, error) {
	if req.Op != p.op {
		return vectors.Response{Unsupported: true}, nil
	}
	return p.do(req)
}

// AppendDo answers as Do does, leaving dst as it is: a planted
// implementation can stand for the reference (referenceImpl).
func (p planted) AppendDo(ctx context.Context, req vectors.Request, dst []uint16) (vectors.Response, []uint16, error) {
	resp, err := p.Do(ctx, req)
	return resp, dst, err
}

// TestFuzzAnswersSharingInput checks that an answer sharing its input's
// memory is judged as it was given: a reference whose decodeURIComponent
// returns its input itself when there is nothing to decode (as package
// codec's once did), fuzzed against itself, has no findings. The engine
// once had it answer the generator's request, which the next case
// overwrote, and reported the reference against itself.
func TestFuzzAnswersSharingInput(t *testing.T) {
	ref := conformance.Reference()
	aliasing := planted{name: "aliasing", op: vectors.OpDecodeURIComponent,
		do: func(req vectors.Request) (vectors.Response, error) {
			if !slices.Contains(req.In, '%') {
				return vectors.Response{Out: req.In}, nil
			}
			return ref.Do(context.Background(), req)
		},
	}
	o := &fuzzOp{op: vectors.OpDecodeURIComponent, quota: 4 * batchSize}
	f := &fuzzer{impl: aliasing, ref: aliasing, seed: 1, limit: 4 * batchSize, max: 10, shrinkTime: time.Minute,
		deadline: time.Now().Add(time.Hour), ops: []*fuzzOp{o}, changed: make(chan struct{})}
	w := &fuzzWorker{size: batchSize}
	ctx := context.Background()
	for range 4 {
		if more, _ := f.batch(ctx, ctx, w); !more {
			break
		}
	}
	if n := f.judged.Load(); n < batchSize {
		t.Fatalf("%d cases judged, want at least %d", n, batchSize)
	}
	for _, fd := range f.findings {
		t.Errorf("finding of the reference against itself: %q", string(utf16.Decode(fd.Request.In)))
	}
}

// TestFuzzFindingKeepsItsExpected checks that what a finding keeps of the
// reference's answer is its own: the engine has the reference answer a
// batch into memory the next batch writes again (AppendDo), so a
// finding that is not shrunk (its answers are the batch's), reported
// after many batches more, must still expect what the reference answers
// to its request.
func TestFuzzFindingKeepsItsExpected(t *testing.T) {
	ref := conformance.Reference()
	bug := planted{name: "bang", op: vectors.OpEncodeURIComponent,
		do: func(req vectors.Request) (vectors.Response, error) {
			if slices.Contains(req.In, '!') {
				return vectors.Response{Out: []uint16{'%', '2', '1'}}, nil
			}
			return ref.Do(context.Background(), req)
		},
	}
	// No time to shrink: each finding keeps the case's own answers.
	rep, err := Run(context.Background(), bug, Seed(3), Cases(40*batchSize), Parallel(1), ShrinkTime(time.Nanosecond),
		Ops(vectors.OpEncodeURIComponent), MaxFindings(1000))
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Findings) == 0 {
		t.Fatal("no finding")
	}
	for _, fd := range rep.Findings {
		want, err := ref.Do(context.Background(), fd.Request)
		if err != nil || !slices.Equal(fd.Expected.Out, want.Out) || fd.Expected.Error != want.Error {
			t.Errorf("finding of case %d, in=%q: expected %q %q, the reference answers %q %q (%v)", fd.Case, string(utf16.Decode(fd.Request.In)),
				string(utf16.Decode(fd.Expected.Out)), fd.Expected.Error, string(utf16.Decode(want.Out)), want.Error, err)
		}
	}
}

// TestFuzzFindingKeepsItsGot runs an implementation in this process whose
// decodeURIComponent answers its request itself: with no time to shrink,
// each finding's answer must still be its own request, not the memory of a
// later batch that reused the request's buffer.
func TestFuzzFindingKeepsItsGot(t *testing.T) {
	echo := planted{name: "echo", op: vectors.OpDecodeURIComponent,
		do: func(req vectors.Request) (vectors.Response, error) {
			return vectors.Response{Out: req.In}, nil
		},
	}
	rep, err := Run(context.Background(), echo, Seed(3), Cases(40*batchSize), Parallel(1), ShrinkTime(time.Nanosecond),
		Ops(vectors.OpDecodeURIComponent), MaxFindings(1000))
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Findings) == 0 {
		t.Fatal("no finding")
	}
	for _, fd := range rep.Findings {
		if !slices.Equal(fd.Got.Out, fd.Request.In) {
			t.Errorf("finding of case %d, in=%q: got %q, but the implementation answers its input", fd.Case,
				string(utf16.Decode(fd.Request.In)), string(utf16.Decode(fd.Got.Out)))
		}
	}
}
