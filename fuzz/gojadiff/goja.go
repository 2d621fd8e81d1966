package gojadiff

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"

	"github.com/dop251/goja"

	"github.com/pctest/pctest/conformance"
	"github.com/pctest/pctest/fuzz/internal/fuzzinput"
	"github.com/pctest/pctest/vectors"
)

// reference is the spec's answer: the reference codec, as the conformance
// oracle and the runner's fuzzer take it.
var reference = conformance.Reference()

// Each fuzz worker is its own process and runs its inputs one at a time,
// so one goja Runtime per process serves every input; the mutex only
// guards against a caller that runs seeds in parallel.

var gojaVM struct {
	once sync.Once
	mu   sync.Mutex
	rt   *goja.Runtime
	fns  map[string]goja.Callable
	devs []vectors.Deviation
	err  error
}

// gojaSetup makes the process's goja Runtime and loads the known
// deviations (vectors.Deviations), once.
func gojaSetup() error {
	gojaVM.once.Do(func() {
		rt := goja.New()
		fns := make(map[string]goja.Callable)
		for _, name := range []vectors.Op{vectors.OpEncodeURI, vectors.OpEncodeURIComponent, vectors.OpDecodeURI, vectors.OpDecodeURIComponent, vectors.OpEscape, vectors.OpUnescape} {
			fn, ok := goja.AssertFunction(rt.Get(string(name)))
			if !ok {
				gojaVM.err = fmt.Errorf("goja has no function %s", name)
				return
			}
			fns[string(name)] = fn
		}
		devs, err := vectors.Deviations()
		if err != nil {
			gojaVM.err = fmt.Errorf("loading known deviations: %w", err)
			return
		}
		gojaVM.rt, gojaVM.fns, gojaVM.devs = rt, fns, devs
	})
	return gojaVM.err
}

// gojaCall returns goja's answer to the global function op on s: the
// result's code units, or the name of what it threw as the error kind.
func gojaCall(op vectors.Op, s []uint16) (vectors.Response, error) {
	if err := gojaSetup(); err != nil {
		return vectors.Response{}, err
	}
	gojaVM.mu.Lock()
	defer gojaVM.mu.Unlock()
	v, err := gojaVM.fns[string(op)](goja.Undefined(), goja.StringFromUTF16(s))
	if err != nil {
		var exc *goja.Exception
		if !errors.As(err, &exc) {
			return vectors.Response{}, fmt.Errorf("goja %s(%s): %v", op, fuzzinput.UnitsString(s), err)
		}
		name := "exception"
		if obj, ok := exc.Value().(*goja.Object); ok {
			name = obj.Get("name").String()
		}
		return vectors.Response{Error: name, Message: exc.Value().String()}, nil
	}
	str, ok := v.(goja.String)
	if !ok {
		return vectors.Response{}, fmt.Errorf("goja %s(%s) returned %T %v, not a string", op, fuzzinput.UnitsString(s), v, v)
	}
	out := make([]uint16, str.Length())
	for i := range out {
		out[i] = str.CharAt(i)
	}
	return vectors.Response{Out: out}, nil
}

// checkGoja compares goja with the codec on each of ops applied to s. An
// answer that differs must be covered by a deviation of
// vectors/deviations.json (vectors.FindDeviation: the exact input pattern
// and relation it lists); any other difference is a failure.
func checkGoja(s []uint16, ops ...vectors.Op) error {
	for _, op := range ops {
		got, err := gojaCall(vectors.Op(op), s)
		if err != nil {
			return err
		}
		want, err := reference.Do(context.Background(), vectors.Request{Op: vectors.Op(op), In: s})
		if err != nil {
			return err
		}
		if got.Error == want.Error && slices.Equal(got.Out, want.Out) {
			continue
		}
		req := vectors.Request{Op: vectors.Op(op), In: s}
		if _, ok := vectors.FindDeviation(gojaVM.devs, "goja", req, want, got); ok {
			continue
		}
		return fmt.Errorf("goja %s(%s) = %s; the spec (codec) says %s; no known deviation covers it",
			op, fuzzinput.UnitsString(s), answerString(got), answerString(want))
	}
	return nil
}

// answerString writes a text answer for a failure message.
func answerString(r vectors.Response) string {
	if r.Error != "" {
		if r.Message != "" {
			return r.Error + " (" + r.Message + ")"
		}
		return r.Error
	}
	return fuzzinput.UnitsString(r.Out)
}
