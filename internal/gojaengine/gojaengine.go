// Package gojaengine is pctest's one adapter of the goja JavaScript engine
// (github.com/dop251/goja): it calls the engine's global URI functions
// (ECMA-262 5.1 §15.1.3 encodeURI, encodeURIComponent, decodeURI,
// decodeURIComponent; Annex B.2.1 escape and B.2.2 unescape) on UTF-16
// text, one input at a time or many in one call into the engine.
//
// Text goes in and out as UTF-16 with no loss: an input is made a goja
// string with goja.StringFromUTF16 and the result is read back code unit
// by code unit, so lone surrogates reach the engine and come back as they
// are. It imports neither vectors nor conformance, so that the tests of
// every package (vectors and codec among them) can use it;
// conformance/gojaimpl makes it a conformance.Implementation.
package gojaengine

import (
	"errors"
	"fmt"
	"unicode/utf16"

	"github.com/dop251/goja"
)

// Funcs are the names of the global functions a VM calls.
var Funcs = []string{"encodeURI", "encodeURIComponent", "decodeURI", "decodeURIComponent", "escape", "unescape"}

// An Answer is what a function gave for one input: the code units of the
// string it returned, or, when Thrown, the name property of what it threw
// ("URIError"; "" when the value has none) and the value as a string.
type Answer struct {
	Out     []uint16
	Thrown  bool
	Name    string
	Message string
}

// A VM is one goja Runtime with the functions of Funcs looked up. It is
// not safe for concurrent use (a Runtime is not); use one per goroutine.
type VM struct {
	rt    *goja.Runtime
	fns   map[string]goja.Callable
	batch goja.Callable
}

// batchJS calls f on every input of one string, so that each input's
// exception is caught on its own and no array crosses into Go. Each input
// is two length units (high, low) and its units; each answer is a status
// unit (0 result, 1 exception), then, as two length units and units, the
// result, or the exception's name and its string.
const batchJS = `(function (f, s) {
	var parts = [], pos = 0;
	function put(x) { parts.push(String.fromCharCode(x.length >>> 16, x.length & 0xFFFF), x); }
	while (pos < s.length) {
		var n = s.charCodeAt(pos) * 65536 + s.charCodeAt(pos + 1), x = s.substring(pos + 2, pos + 2 + n);
		pos += 2 + n;
		try {
			var r = f(x);
			parts.push("\u0000");
			put(String(r));
		} catch (e) {
			parts.push("\u0001");
			put(e !== null && typeof e === "object" && e.name !== undefined ? String(e.name) : "");
			put(String(e));
		}
	}
	return parts.join("");
})`

// New returns a VM: a new goja Runtime with its URI functions looked up.
func New() (*VM, error) {
	vm := &VM{rt: goja.New(), fns: map[string]goja.Callable{}}
	for _, name := range Funcs {
		fn, ok := goja.AssertFunction(vm.rt.Get(name))
		if !ok {
			return nil, errors.New("goja: global " + name + " is not a function")
		}
		vm.fns[name] = fn
	}
	v, err := vm.rt.RunString(batchJS)
	if err != nil {
		return nil, fmt.Errorf("goja: the batch script: %w", err)
	}
	vm.batch, _ = goja.AssertFunction(v)
	return vm, nil
}

// Has reports whether name is one of Funcs.
func (vm *VM) Has(name string) bool { return vm.fns[name] != nil }

// Call calls the global function name on in. A thrown value is an Answer;
// the error is for a name not in Funcs, a result that is not a string, or
// a call that failed otherwise (interrupted, or a panic in the engine),
// after which the VM should not be used again.
func (vm *VM) Call(name string, in []uint16) (Answer, error) {
	fn := vm.fns[name]
	if fn == nil {
		return Answer{}, fmt.Errorf("goja: no function %q", name)
	}
	v, err := fn(goja.Undefined(), goja.StringFromUTF16(in))
	if err != nil {
		var ex *goja.Exception
		if !errors.As(err, &ex) {
			return Answer{}, err
		}
		a := Answer{Thrown: true, Message: ex.Value().String()}
		if obj, ok := ex.Value().(*goja.Object); ok {
			if n := obj.Get("name"); n != nil && !goja.IsUndefined(n) {
				a.Name = n.String()
			}
		}
		return a, nil
	}
	s, ok := v.(goja.String)
	if !ok {
		return Answer{}, fmt.Errorf("goja: %s returned a %s, not a string", name, v.ExportType())
	}
	return Answer{Out: unitsOf(s, 0, s.Length())}, nil
}

// CallAll calls the global function name on every input, in one call into
// the engine, and returns the answers in order; each input's exception is
// caught on its own, as Call does.
func (vm *VM) CallAll(name string, ins [][]uint16) ([]Answer, error) {
	fn := vm.fns[name]
	if fn == nil {
		return nil, fmt.Errorf("goja: no function %q", name)
	}
	var all []uint16
	for _, in := range ins {
		all = append(all, uint16(len(in)>>16), uint16(len(in)))
		all = append(all, in...)
	}
	ret, err := vm.batch(goja.Undefined(), vm.rt.Get(name), goja.StringFromUTF16(all))
	if err != nil {
		return nil, fmt.Errorf("goja: %s on %d inputs: %w", name, len(ins), err)
	}
	rs, ok := ret.(goja.String)
	if !ok {
		return nil, fmt.Errorf("goja: the batch of %s returned a %T", name, ret)
	}
	n := rs.Length()
	p := 0
	next := func() ([]uint16, bool) {
		if p+2 > n {
			return nil, false
		}
		size := int(rs.CharAt(p))<<16 | int(rs.CharAt(p+1))
		p += 2
		if p+size > n {
			return nil, false
		}
		u := unitsOf(rs, p, p+size)
		p += size
		return u, true
	}
	out := make([]Answer, 0, len(ins))
	for p < n && len(out) < len(ins) {
		status := rs.CharAt(p)
		p++
		first, ok := next()
		if !ok {
			break
		}
		if status == 0 {
			out = append(out, Answer{Out: first})
			continue
		}
		msg, ok := next()
		if !ok {
			break
		}
		out = append(out, Answer{Thrown: true, Name: string(utf16.Decode(first)), Message: string(utf16.Decode(msg))})
	}
	if len(out) != len(ins) || p != n {
		return nil, fmt.Errorf("goja: %s: %d answers for %d inputs", name, len(out), len(ins))
	}
	return out, nil
}

// unitsOf returns the code units of s from i to j.
func unitsOf(s goja.String, i, j int) []uint16 {
	out := make([]uint16, j-i)
	for k := range out {
		out[k] = s.CharAt(i + k)
	}
	return out
}
