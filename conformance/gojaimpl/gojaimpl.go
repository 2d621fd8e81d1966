// Package gojaimpl makes the goja JavaScript engine
// (github.com/dop251/goja) a conformance.Implementation: its global URI
// functions answer the ECMAScript ops. It is a package of its own so that
// a project that imports conformance and never uses goja does not get
// goja in its go.mod; conformance's own tests and cmd/pctest use it as an
// oracle. The engine is called through pctest's one goja adapter
// (internal/gojaengine), which the tests of codec, vectors and fuzz use too.
//
//	conformance.Differential(t, gojaimpl.New(), conformance.Reference())
package gojaimpl

import (
	"context"
	"errors"
	"sync"

	"github.com/pctest/pctest/internal/gojaengine"
	"github.com/pctest/pctest/vectors"
)

// New returns the goja JavaScript engine's global URI functions as a
// conformance.Implementation named "goja": encodeURI, encodeURIComponent,
// decodeURI and decodeURIComponent (ECMA-262 §15.1.3), and escape and
// unescape (Annex B.2.1, B.2.2). Every other op is answered Unsupported.
//
// Text goes in and out as UTF-16 with no loss (goja.StringFromUTF16 in,
// code unit by code unit out), so lone surrogates reach the engine and
// come back as they are. A thrown URIError is the error kind URIError;
// anything else the engine throws is an error of Do. Each goroutine uses
// its own goja Runtime, taken from a pool, since a Runtime is not safe for
// concurrent use.
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

// Name returns "goja".
func (g *Engine) Name() string { return "goja" }

// Do calls the goja function named req.Op on req.In.
func (g *Engine) Do(ctx context.Context, req vectors.Request) (vectors.Response, error) {
	if err := ctx.Err(); err != nil {
		return vectors.Response{}, err
	}
	vm, _ := g.pool.Get().(*gojaengine.VM)
	if vm == nil {
		var err error
		if vm, err = gojaengine.New(); err != nil {
			return vectors.Response{}, err
		}
	}
	if !vm.Has(string(req.Op)) {
		g.pool.Put(vm)
		return vectors.Response{Unsupported: true}, nil
	}
	a, err := vm.Call(string(req.Op), req.In)
	// Values of a Runtime, thrown ones included, are read before it goes
	// back. A Runtime that threw is still usable; one that failed
	// otherwise (interrupted, panicked) is dropped.
	if err != nil {
		return vectors.Response{}, err
	}
	g.pool.Put(vm)
	switch {
	case !a.Thrown:
		return vectors.Response{Out: a.Out}, nil
	case a.Name == "URIError":
		return vectors.Response{Error: vectors.ErrURIError, Message: a.Message}, nil
	}
	return vectors.Response{}, errors.New(a.Message)
}
