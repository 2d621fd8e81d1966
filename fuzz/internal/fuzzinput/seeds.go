package fuzzinput

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
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

// areaFiles holds each vectors file that a target seeds from, loaded
// once per process: file name → *areaFile.
var areaFiles sync.Map

type areaFile struct {
	once sync.Once
	vs   []vectors.Vector
	err  error
}

// Vectors returns the embedded vectors of the named ops, in corpus order
// (vectors.Load's: file by file, each in its own order). It loads only the
// files of the ops' areas (vectors.ReadFile, vectors.LoadFile), each once
// per process: a fuzzing worker runs its target's seeding when it starts
// and again whenever go test restarts it, and the one file of a target's
// area costs a fraction of the whole corpus.
func Vectors(ops ...vectors.Op) ([]vectors.Vector, error) {
	areas := map[string]bool{}
	for _, op := range ops {
		info, ok := vectors.Op(op).Info()
		if !ok {
			return nil, fmt.Errorf("seeding from unknown op %q", op)
		}
		areas[info.Area] = true
	}
	var out []vectors.Vector
	for _, name := range vectors.Files() {
		if !areas[strings.TrimSuffix(name, ".json")] {
			continue
		}
		a, _ := areaFiles.LoadOrStore(name, &areaFile{})
		f := a.(*areaFile)
		f.once.Do(func() {
			data, err := vectors.ReadFile(name)
			if err == nil {
				f.vs, err = vectors.LoadFile(name, data)
			}
			f.err = err
		})
		if f.err != nil {
			return nil, fmt.Errorf("loading vectors: %w", f.err)
		}
		for _, v := range f.vs {
			if slices.Contains(ops, v.Op) {
				out = append(out, v)
			}
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

// Seeds are built once per process and kept: under go test a target's
// function runs once, but the libFuzzer build that compile_native_go_fuzzer
// makes calls it again for every input (its F.Add does nothing), so
// building seeds anew each time would cost more than the check.
var seedCache sync.Map // key → seedList

type seedList struct {
	args [][]any
	err  error
}

// addSeeds adds the seeds that build returns, building them on the first
// call with a given key only.
func addSeeds(f Adder, key string, build func() ([][]any, error)) error {
	if isShim(f) {
		return nil
	}
	l, ok := seedCache.Load(key)
	if !ok {
		args, err := build()
		l, _ = seedCache.LoadOrStore(key, seedList{clipSeeds(args), err})
	}
	sl := l.(seedList)
	for _, a := range sl.args {
		f.Add(a...)
	}
	if dir := seedDumpDir(); dir != "" && sl.err == nil {
		if err := dumpSeeds(dir, f, sl.args); err != nil {
			return err
		}
	}
	return sl.err
}

// clipSeeds returns seeds with every []byte and string argument clipped to
// MaxLen, as every target clips what it is given (Clip), less each seed
// that clipping makes equal to an earlier one. A target checks only the
// first MaxLen bytes, so the seeds are the same inputs to it; but go test
// -fuzz mutates, and gives fuzzing time to, the seeds as they are added.
// Four formEncode vectors of 1 to 8 KB (chunk boundaries of a streaming
// encoder, which the targets cannot reach) were, to FormEncode, four
// entries of the same 160 bytes: four times the fuzzing time on a maximal
// input, whose new-coverage mutants minimize slowest (every subrange
// tried, about n²/2 executions), and mutations landing past the bound.
func clipSeeds(seeds [][]any) [][]any {
	seen := make(map[string]bool, len(seeds))
	out := make([][]any, 0, len(seeds))
	var key []byte
	for _, args := range seeds {
		clipped := ClipArgs(args)
		key = key[:0]
		for _, a := range clipped {
			// The key writes each argument's type and length before
			// it, so that no two seeds share one.
			switch a := a.(type) {
			case []byte:
				key = append(strconv.AppendInt(append(key, 'b'), int64(len(a)), 10), ':')
				key = append(key, a...)
			case string:
				key = append(strconv.AppendInt(append(key, 's'), int64(len(a)), 10), ':')
				key = append(key, a...)
			case byte:
				key = append(key, 'c', a)
			default:
				key = fmt.Appendf(key, "%T:%#v;", a, a)
			}
		}
		if seen[string(key)] {
			continue
		}
		seen[string(key)] = true
		out = append(out, clipped)
	}
	return out
}

// ClipArgs returns a copy of the arguments of a fuzz target's input with
// each []byte and string clipped to MaxLen, as the targets clip what they
// are given (Clip); other arguments are kept as they are.
func ClipArgs(args []any) []any {
	clipped := make([]any, len(args))
	for i, a := range args {
		switch a := a.(type) {
		case []byte:
			clipped[i] = Clip(a)
		case string:
			clipped[i] = Clip(a)
		default:
			clipped[i] = a
		}
	}
	return clipped
}

// isShim reports whether f is the testing.F of go-118-fuzz-build's shim
// (its Name is "libFuzzer", which no Fuzz function can be named): its Add
// does nothing, and the libFuzzer build calls the target's function for
// every input, in a process of its own for every job of -fork. Building
// the seeds there would cost each process the loading of every vector
// (1.6 s of CPU under the build's instrumentation) for nothing: the
// libFuzzer seed corpus comes from <name>_seed_corpus.zip instead.
func isShim(f Adder) bool {
	n, ok := f.(interface{ Name() string })
	return ok && n.Name() == "libFuzzer"
}

// SeedDumpEnv names the environment variable that makes the seeding
// functions also write every seed they add, in go test's corpus format, to
// $PCTEST_SEED_DUMP/<target>/<n> (n counting from 000000 in the order of
// f.Add). `go run ./fuzz/libfuzzer seeds`, which build.sh runs, sets it to
// turn the f.Add seeds into the libFuzzer seed corpora of the targets,
// whose shim of package testing ignores f.Add.
const SeedDumpEnv = "PCTEST_SEED_DUMP"

var seedDumpDir = sync.OnceValue(func() string { return os.Getenv(SeedDumpEnv) })

var dumped struct {
	sync.Mutex
	n map[string]int // seeds written per target
}

// dumpSeeds writes args under dir/<target>, the target being f's Name
// (a *testing.F's is the Fuzz function's name).
func dumpSeeds(dir string, f Adder, args [][]any) error {
	named, ok := f.(interface{ Name() string })
	if !ok {
		return fmt.Errorf("%s: cannot name the target of %T", SeedDumpEnv, f)
	}
	target := filepath.Join(dir, named.Name())
	if err := os.MkdirAll(target, 0o755); err != nil {
		return err
	}
	dumped.Lock()
	defer dumped.Unlock()
	if dumped.n == nil {
		dumped.n = map[string]int{}
	}
	for _, a := range args {
		data, err := MarshalCorpusFile(a)
		if err != nil {
			return err
		}
		name := fmt.Sprintf("%06d", dumped.n[target])
		if err := os.WriteFile(filepath.Join(target, name), data, 0o644); err != nil {
			return err
		}
		dumped.n[target]++
	}
	return nil
}

// seedEach builds one seed per vector of ops with seed.
func seedEach(f Adder, kind string, ops []vectors.Op, seed func(v vectors.Vector) ([]any, error)) error {
	return addSeeds(f, kind+" "+fmt.Sprint(ops), func() ([][]any, error) {
		vs, err := Vectors(ops...)
		if err != nil {
			return nil, err
		}
		args := make([][]any, 0, len(vs))
		for _, v := range vs {
			a, err := seed(v)
			if err != nil {
				return nil, fmt.Errorf("vector %s: %w", v.ID, err)
			}
			args = append(args, a)
		}
		return args, nil
	})
}

// SeedOctets adds the input of every vector of ops as one []byte argument.
func SeedOctets(f Adder, ops ...vectors.Op) error {
	return seedEach(f, "octets", ops, func(v vectors.Vector) ([]any, error) {
		return []any{InputOctets(v)}, nil
	})
}

// SeedStrings adds the input of every vector of ops as one string argument.
func SeedStrings(f Adder, ops ...vectors.Op) error {
	return seedEach(f, "strings", ops, func(v vectors.Vector) ([]any, error) {
		return []any{string(InputOctets(v))}, nil
	})
}

// SeedUnits adds the input of every vector of ops as the fuzz bytes that
// Units turns back into the vector's code units.
func SeedUnits(f Adder, ops ...vectors.Op) error {
	return seedEach(f, "units", ops, func(v vectors.Vector) ([]any, error) {
		if v.In != nil {
			return []any{UnitsBytes(v.In)}, nil
		}
		return []any{UnitsBytes(UTF8Units(string(v.InHex)))}, nil
	})
}

// unitShapes are the patterns of SeedUnitShapes, as fuzz bytes (Units):
// units every set keeps, reserved characters and a space, two- and
// three-octet units, a surrogate pair, and escapes well-formed and not.
var unitShapes = []string{"abc-_.", "a b/?#", "a\x90b\x9a", "ab\x80\x88c", "%41%C3%A9+", "%\x95 \x9b"}

// SeedUnitShapes adds, for each of unitShapes, the pattern repeated to
// MaxLen fuzz bytes and to 90: 160 and 90 code units, each byte of a
// pattern being one unit, past the 64 where the vector paths start.
// The codec's ECMAScript and Annex B functions take their vector paths
// from 64 code units up, a length that few vectors have: without such
// seeds the engine first reaches those paths by mutation during the
// campaign, as new coverage, and minimizing such an input tries every
// subrange of it (about n²/2 executions). That held FuzzECMAEncode to
// 40-55% of the empty target's rate in `make fuzz-bench` runs of 5 s, and
// 83-90% with these seeds; seeds cut from the vectors' inputs run together
// (100 or 160 bytes) gave 41-63%: what the long paths branch on is a run
// of one class of unit, which the vectors do not hold at that length.
func SeedUnitShapes(f Adder) error {
	return addSeeds(f, "unit shapes", func() ([][]any, error) {
		var seeds [][]any
		for _, p := range unitShapes {
			var b []byte
			for len(b) < MaxLen {
				b = append(b, p...)
			}
			seeds = append(seeds, []any{b[:MaxLen]}, []any{slices.Clone(b[:90])})
		}
		return seeds, nil
	})
}

// SeedSetOctets adds (set selector, input octets) for every vector of ops.
// The selector picks the vector's args.set when it has one (see SetOf), and
// else the set setChoices calls def.
func SeedSetOctets(f Adder, def string, ops ...vectors.Op) error {
	defSel, err := setIndex(def)
	if err != nil {
		return err
	}
	return seedEach(f, "set "+def, ops, func(v vectors.Vector) ([]any, error) {
		sel := defSel
		if name, ok := v.Args["set"]; ok {
			var err error
			if sel, err = setIndex(name); err != nil {
				return nil, err
			}
		}
		return []any{sel, InputOctets(v)}, nil
	})
}

// SeedPairs adds (input, other) for every vector of ops: args.other when the
// vector has one, else the input again.
func SeedPairs(f Adder, ops ...vectors.Op) error {
	return seedEach(f, "pairs", ops, func(v vectors.Vector) ([]any, error) {
		in := string(InputOctets(v))
		other, ok := v.Args["other"]
		if !ok {
			other = in
		}
		return []any{in, other}, nil
	})
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

// Labels returns the encoding labels of the vectors of ops (args.encoding),
// sorted, for a target to pick one by a selector byte. They are worked out
// once per process and list of ops (a target calls this for every input
// under the libFuzzer build); callers must not modify the slice.
func Labels(ops ...vectors.Op) ([]string, error) {
	key := fmt.Sprint(ops)
	if l, ok := labelCache.Load(key); ok {
		return l.(labelList).labels, l.(labelList).err
	}
	vs, err := Vectors(ops...)
	var labels []string
	for _, v := range vs {
		if l, ok := v.Args["encoding"]; ok && !slices.Contains(labels, l) {
			labels = append(labels, l)
		}
	}
	slices.Sort(labels)
	l, _ := labelCache.LoadOrStore(key, labelList{labels, err})
	return l.(labelList).labels, l.(labelList).err
}

var labelCache sync.Map // fmt.Sprint(ops) → labelList

type labelList struct {
	labels []string
	err    error
}

// SeedLabeled adds (label selector, input as a string) for every vector of
// ops that has an args.encoding: the selector is the label's index in
// Labels(ops...).
func SeedLabeled(f Adder, ops ...vectors.Op) error {
	if isShim(f) {
		return nil
	}
	labels, err := Labels(ops...)
	if err != nil {
		return err
	}
	return seedEach(f, "labeled", ops, func(v vectors.Vector) ([]any, error) {
		i := slices.Index(labels, v.Args["encoding"])
		if i < 0 || i > 255 {
			return nil, fmt.Errorf("label %q: no selector byte", v.Args["encoding"])
		}
		return []any{byte(i), string(InputOctets(v))}, nil
	})
}
