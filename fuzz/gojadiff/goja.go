package gojadiff

import (
	"fmt"
	"slices"
	"sync"

	"github.com/pctest/pctest/fuzz/internal/fuzzinput"
	"github.com/pctest/pctest/internal/gojaengine"
	"github.com/pctest/pctest/internal/reference"
	"github.com/pctest/pctest/vectors"
)

// Each fuzz worker is its own process and runs its inputs one at a time,
// so one goja Runtime per process serves every input; the mutex only
// guards against a caller that runs seeds in parallel.

var gojaVM struct {
	once sync.Once
	mu   sync.Mutex
	vm   *gojaengine.VM
	devs []vectors.Deviation
	err  error
}

// gojaSetup makes the process's goja Runtime and loads the known
// deviations (vectors.Deviations), once.
func gojaSetup() error {
	gojaVM.once.Do(func() {
		vm, err := gojaengine.New()
		if err != nil {
			gojaVM.err = err
			return
		}
		devs, err := vectors.Deviations()
		if err != nil {
			gojaVM.err = fmt.Errorf("loading known deviations: %w", err)
			return
		}
		gojaVM.vm, gojaVM.devs = vm, devs
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
	a, err := gojaVM.vm.Call(string(op), s)
	switch {
	case err != nil:
		return vectors.Response{}, fmt.Errorf("goja %s(%s): %v", op, fuzzinput.UnitsString(s), err)
	case !a.Thrown:
		return vectors.Response{Out: a.Out}, nil
	case a.Name == "":
		return vectors.Response{Error: "exception", Message: a.Message}, nil
	}
	return vectors.Response{Error: a.Name, Message: a.Message}, nil
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
		// The spec's answer: the reference codec, as conformance.Reference
		// and the runner's fuzzer give it (package internal/reference, so
		// that this binary does not link package conformance).
		want, _, err := reference.AppendDo(vectors.Request{Op: vectors.Op(op), In: s}, nil)
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
