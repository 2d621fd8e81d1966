// Package goja adapts the goja JavaScript engine (github.com/dop251/goja)
// to pctest: its global URI functions answer the ECMAScript ops as a
// conformance.Implementation. It is a package of its own so that a project
// that imports conformance and never uses goja does not get goja in its
// go.mod; conformance's own tests and cmd/pctest use it as an oracle.
//
//	conformance.Differential(t, goja.New(), conformance.Reference())
package goja

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/dop251/goja"

	"github.com/pctest/pctest/vectors"
)

// New returns the goja JavaScript engine's global URI functions as a
// conformance.Implementation named "goja": encodeURI, encodeURIComponent,
// decodeURI and decodeURIComponent (ECMA-262 §15.1.3), and escape and
// unescape (Annex B.2.1, B.2.2). Every other op is answered Unsupported.
//
// Text goes in and out as UTF-16 with no loss: the input is made a goja
// string with goja.StringFromUTF16 and the result is read back code unit by
// code unit, so lone surrogates reach the engine and come back as they are.
// A thrown URIError is the error kind URIError; anything else the engine
// throws is an error of Do. Each goroutine uses its own goja.Runtime, taken
// from a pool, since a Runtime is not safe for concurrent use.
//
// goja is known to deviate from ECMA-262 on some inputs; those deviations
// are listed, with evidence, in vectors/deviations.json under the engine
// name "goja", and conformance's Results, Run, Check and Differential
// excuse them.
//
// The package does not import conformance: Engine has the methods of
// conformance.Implementation.
func New() *Engine { return &Engine{} }

// An Engine is goja's URI functions; New makes one. It is safe for
// concurrent use.
type Engine struct {
	pool sync.Pool
}

// gojaVM is a Runtime with its URI functions looked up.
type gojaVM struct {
	rt  *goja.Runtime
	fns map[vectors.Op]goja.Callable
}

var gojaFuncs = []vectors.Op{vectors.OpEncodeURI, vectors.OpEncodeURIComponent, vectors.OpDecodeURI, vectors.OpDecodeURIComponent, vectors.OpEscape, vectors.OpUnescape}

func newGojaVM() (*gojaVM, error) {
	vm := &gojaVM{rt: goja.New(), fns: map[vectors.Op]goja.Callable{}}
	for _, name := range gojaFuncs {
		fn, ok := goja.AssertFunction(vm.rt.Get(string(name)))
		if !ok {
			return nil, errors.New("goja: global " + string(name) + " is not a function")
		}
		vm.fns[name] = fn
	}
	return vm, nil
}

// Name returns "goja".
func (g *Engine) Name() string { return "goja" }

// Do calls the goja function named req.Op on req.In.
func (g *Engine) Do(ctx context.Context, req vectors.Request) (vectors.Response, error) {
	if err := ctx.Err(); err != nil {
		return vectors.Response{}, err
	}
	vm, _ := g.pool.Get().(*gojaVM)
	if vm == nil {
		var err error
		if vm, err = newGojaVM(); err != nil {
			return vectors.Response{}, err
		}
	}
	fn := vm.fns[req.Op]
	if fn == nil {
		g.pool.Put(vm)
		return vectors.Response{Unsupported: true}, nil
	}
	resp, reuse, err := gojaCall(fn, req)
	// Values of a Runtime, thrown ones included, may be read only while
	// no other goroutine has it: everything is read before it goes back.
	// A Runtime that threw is still usable; one that failed otherwise
	// (interrupted, panicked) is dropped.
	if reuse {
		g.pool.Put(vm)
	}
	return resp, err
}

// gojaCall calls fn, a function of one Runtime, on req.In, reads the
// answer, and says whether the Runtime can be used again.
func gojaCall(fn goja.Callable, req vectors.Request) (vectors.Response, bool, error) {
	v, err := fn(goja.Undefined(), goja.StringFromUTF16(req.In))
	if err != nil {
		var ex *goja.Exception
		if !errors.As(err, &ex) {
			return vectors.Response{}, false, err
		}
		if gojaErrorName(ex) == "URIError" {
			return vectors.Response{Error: vectors.ErrURIError, Message: ex.Error()}, true, nil
		}
		return vectors.Response{}, true, errors.New(ex.Error())
	}
	s, ok := v.(goja.String)
	if !ok {
		return vectors.Response{}, true, fmt.Errorf("goja: %s returned a %s, not a string", req.Op, v.ExportType())
	}
	out := make([]uint16, s.Length())
	for i := range out {
		out[i] = s.CharAt(i)
	}
	return vectors.Response{Out: out}, true, nil
}

// gojaErrorName returns the name property of the thrown value, or "".
func gojaErrorName(ex *goja.Exception) string {
	val := ex.Value()
	if val == nil {
		return ""
	}
	obj, ok := val.(*goja.Object)
	if !ok {
		return ""
	}
	name := obj.Get("name")
	if name == nil {
		return ""
	}
	return name.String()
}
