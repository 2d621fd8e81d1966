package fuzz

import (
	"context"
	"slices"
	"sync"
	"time"

	"github.com/pctest/pctest/report"
	"github.com/pctest/pctest/vectors"
)

func (f *fuzzer) shrink(ctx context.Context, req vectors.Request, d *result) report.Finding {
	fd := report.Finding{Op: req.Op, Kind: d.kind(), Request: req, Original: req, Expected: d.want, Got: d.got, Err: d.err}
	sig := d.signature()
	deadline := time.Now().Add(f.shrinkTime)
	if f.deadline.Before(deadline) {
		deadline = f.deadline
	}
	text := req.InHex == nil

	atoms := func(r vectors.Request) [][]uint16 {
		var a [][]uint16
		if !text {
			for _, b := range r.InHex {
				a = append(a, []uint16{uint16(b)})
			}
			return a
		}
		for i := 0; i < len(r.In); i++ {
			if u := r.In[i]; u >= 0xD800 && u < 0xDC00 && i+1 < len(r.In) && r.In[i+1] >= 0xDC00 && r.In[i+1] < 0xE000 {
				a = append(a, r.In[i:i+2])
				i++
				continue
			}
			a = append(a, r.In[i:i+1])
		}
		return a
	}
	build := func(a [][]uint16) vectors.Request {
		r := fd.Request
		if text {
			r.In = slices.Concat(a...)
			if r.In == nil {
				r.In = []uint16{}
			}
		} else {
			r.InHex = []byte{}
			for _, x := range a {
				r.InHex = append(r.InHex, byte(x[0]))
			}
		}
		return r
	}

	// test tries candidates concurrently and keeps the first one, in
	// order, that still fails the same way. It returns whether one was
	// kept, and false for more once the budget is spent.
	test := func(cands []vectors.Request) (kept, more bool) {
		if fd.Steps+len(cands) > shrinkBudget || time.Now().After(deadline) || ctx.Err() != nil {
			return false, false
		}
		fd.Steps += len(cands)
		ds := make([]*result, len(cands))
		// The candidates share the deadline: each one that hangs costs a
		// full timeout, so without it a step of n hanging candidates
		// could overrun -shrink-time n times over.
		sctx, cancel := context.WithDeadline(ctx, deadline)
		defer cancel()
		var wg sync.WaitGroup
		for i, c := range cands {
			wg.Add(1)
			go func() {
				defer wg.Done()
				ds[i], _ = f.check(sctx, c)
			}()
		}
		wg.Wait()
		for i, dd := range ds {
			if dd != nil && dd.differs && dd.signature() == sig {
				fd.Request, fd.Expected, fd.Got, fd.Err = cands[i], dd.want, dd.got, dd.err
				return true, true
			}
		}
		return false, true
	}

	for progress := true; progress; {
		progress = false
		for n := 2; ; {
			a := atoms(fd.Request)
			l := len(a)
			if l == 0 {
				break
			}
			n = min(n, l)
			var cands []vectors.Request
			for k := range n {
				cands = append(cands, build(slices.Concat(a[:k*l/n], a[(k+1)*l/n:])))
			}
			kept, more := test(cands)
			if !more {
				return fd
			}
			if kept {
				progress = true
				n = max(n-1, 2)
				continue
			}
			if n == l {
				break
			}
			n = min(2*n, l)
		}
		for pos := 0; ; pos++ {
			a := atoms(fd.Request)
			if pos >= len(a) {
				break
			}
			if len(a[pos]) == 1 && a[pos][0] == 'a' {
				continue
			}
			b := slices.Clone(a)
			b[pos] = []uint16{'a'}
			kept, more := test([]vectors.Request{build(b)})
			if !more {
				return fd
			}
			progress = progress || kept
		}
	}
	fd.Shrunk = true
	return fd
}
