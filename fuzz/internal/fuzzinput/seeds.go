package fuzzinput

import (
	"fmt"
	"slices"
	"sync"
	"unicode/utf16"

	"github.com/pctest/pctest/codec"
	"github.com/pctest/pctest/vectors"
)

// Adder is what seeding needs of a *testing.F, or of the shim that
// compile_native_go_fuzzer puts in its place (where Add does nothing).
type Adder interface {
	Add(args ...any)
}

var corpus struct {
	once sync.Once
	vs   []vectors.Vector
	err  error
}

// Vectors returns the embedded vectors (vectors.Load) of the named ops, in
// corpus order. Loading happens once per process.
func Vectors(ops ...string) ([]vectors.Vector, error) {
	corpus.once.Do(func() {
		corpus.vs, corpus.err = vectors.Load()
	})
	if corpus.err != nil {
		return nil, fmt.Errorf("loading vectors: %w", corpus.err)
	}
	for _, op := range ops {
		if _, ok := vectors.LookupOp(op); !ok {
			return nil, fmt.Errorf("seeding from unknown op %q", op)
		}
	}
	var out []vectors.Vector
	for _, v := range corpus.vs {
		if slices.Contains(ops, v.Op) {
			out = append(out, v)
		}
	}
	return out, nil
}

// InputOctets returns a vector's input as octets: its in_hex, or the UTF-8
// of its text (a lone surrogate, which only ECMAScript vectors may hold,
// becomes U+FFFD).
func InputOctets(v vectors.Vector) []byte {
	if v.InHex != nil {
		return v.InHex
	}
	return []byte(string(utf16.Decode(v.In)))
}

// SeedOctets adds the input of every vector of ops as one []byte argument.
func SeedOctets(f Adder, ops ...string) error {
	vs, err := Vectors(ops...)
	for _, v := range vs {
		f.Add(InputOctets(v))
	}
	return err
}

// SeedStrings adds the input of every vector of ops as one string argument.
func SeedStrings(f Adder, ops ...string) error {
	vs, err := Vectors(ops...)
	for _, v := range vs {
		f.Add(string(InputOctets(v)))
	}
	return err
}

// SeedUnits adds the input of every vector of ops as the fuzz bytes that
// Units turns back into the vector's code units.
func SeedUnits(f Adder, ops ...string) error {
	vs, err := Vectors(ops...)
	for _, v := range vs {
		if v.In != nil {
			f.Add(UnitsBytes(v.In))
		} else {
			f.Add(UnitsBytes(UTF8Units(string(v.InHex))))
		}
	}
	return err
}

// SeedSetOctets adds (set selector, input octets) for every vector of ops.
// The selector picks the vector's args.set when it has one (see SetOf), and
// else the set setChoices calls def.
func SeedSetOctets(f Adder, def string, ops ...string) error {
	vs, err := Vectors(ops...)
	if err != nil {
		return err
	}
	defSel, err := setIndex(def)
	if err != nil {
		return err
	}
	for _, v := range vs {
		sel := defSel
		if name, ok := v.Args["set"]; ok {
			if sel, err = setIndex(name); err != nil {
				return fmt.Errorf("vector %s: %w", v.ID, err)
			}
		}
		f.Add(sel, InputOctets(v))
	}
	return nil
}

// SeedPairs adds (input, other) for every vector of ops: args.other when the
// vector has one, else the input again.
func SeedPairs(f Adder, ops ...string) error {
	vs, err := Vectors(ops...)
	for _, v := range vs {
		in := string(InputOctets(v))
		other, ok := v.Args["other"]
		if !ok {
			other = in
		}
		f.Add(in, other)
	}
	return err
}

// SetOf returns the encode set that a fuzzed selector picks: sel&0x7F,
// modulo the number of sets in setChoices, indexes setChoices (the named
// sets of codec.SetNames, then a few unnamed ones, then the empty set); the
// top bit of sel complements the set. So every named set, its complement,
// the empty set and the full set are all reachable.
func SetOf(sel byte) (codec.Set, string) {
	c := setChoices[int(sel&0x7F)%len(setChoices)]
	if sel&0x80 != 0 {
		return c.set.Complement(), "complement of " + c.name
	}
	return c.set, c.name
}

// setNames is codec.SetNames(), kept: the selectors index it.
var setNames = codec.SetNames()

// A namedSet is an encode set and the name failure messages give it.
type namedSet struct {
	name string
	set  codec.Set
}

// setChoices are the sets SetOf picks from: the named sets, the set that
// RFC 3986 §2.4's encodeNoDouble op keeps, and the empty set.
var setChoices = func() []namedSet {
	var cs []namedSet
	for _, n := range setNames {
		s, _ := codec.SetByName(n)
		cs = append(cs, namedSet{n, s})
	}
	return append(cs,
		namedSet{"reserved+unreserved", codec.Reserved.Union(codec.Unreserved)},
		namedSet{"empty", codec.Set{}})
}()

// setIndex returns the selector of the set setChoices calls name.
func setIndex(name string) (byte, error) {
	for i, c := range setChoices {
		if c.name == name {
			return byte(i), nil
		}
	}
	return 0, fmt.Errorf("no encode set named %q", name)
}
