package gen

import (
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"

	"github.com/pctest/pctest/internal/spec"
	"github.com/pctest/pctest/vectors"
)

// TestGeneratorCorners checks, op by op, that both ways of drawing from
// the one Generator — Seeded's math/rand/v2 source, which pctest fuzz
// uses, and rapid's draws (Request), which the laws and the oracle use —
// reach the same corners, among them the shapes the fuzz engine and the
// laws each used to make for unescape when they had a generator each:
// the decoders' encoded text and Annex B's %uXXXX escapes and their near
// misses.
func TestGeneratorCorners(t *testing.T) {
	has := func(u []uint16, s string) bool { return strings.Contains(string(utf16.Decode(u)), s) }
	lone := func(u []uint16) bool {
		for i := 0; i < len(u); i++ {
			switch {
			case u[i] >= 0xD800 && u[i] < 0xDC00:
				if i+1 >= len(u) || u[i+1] < 0xDC00 || u[i+1] >= 0xE000 {
					return true
				}
				i++
			case u[i] >= 0xDC00 && u[i] < 0xE000:
				return true
			}
		}
		return false
	}
	pair := func(u []uint16) bool {
		return slices.ContainsFunc(u, func(c uint16) bool { return c >= 0xD800 && c < 0xDC00 }) && !lone(u)
	}
	// often are the corners that must come up in at least one request of
	// 50, not just once: the shapes of both former generators of unescape.
	often := map[vectors.Op][]string{vectors.OpUnescape: {"%uXXXX escape, not one of Malformed's", "%x near miss", "escaped UTF-8 of a non-ASCII character"}}
	for _, tc := range []struct {
		op     vectors.Op
		corner map[string]func(vectors.Request) bool
	}{
		{vectors.OpEncodeURIComponent, map[string]func(vectors.Request) bool{
			"lone surrogate": func(r vectors.Request) bool { return lone(r.In) },
			"surrogate pair": func(r vectors.Request) bool { return pair(r.In) },
			"malformed %":    func(r vectors.Request) bool { return has(r.In, "%G1") },
			"empty":          func(r vectors.Request) bool { return len(r.In) == 0 && r.In != nil },
			"two-octet char": func(r vectors.Request) bool {
				return slices.ContainsFunc(r.In, func(c uint16) bool { return c >= 0x80 && c < 0x800 })
			},
			"three-octet one": func(r vectors.Request) bool {
				return slices.ContainsFunc(r.In, func(c uint16) bool { return c >= 0x800 && c < 0xD800 })
			},
		}},
		{vectors.OpDecodeURIComponent, map[string]func(vectors.Request) bool{
			"overlong escape":  func(r vectors.Request) bool { return has(r.In, "%C0%AF") || has(r.In, "%c0%af") },
			"surrogate escape": func(r vectors.Request) bool { return has(r.In, "%ED%A0%80") || has(r.In, "%ed%a0%80") },
			"% at the end":     func(r vectors.Request) bool { return has(r.In, "%4") && r.In[len(r.In)-1] == '4' },
			"escape of UTF-8":  func(r vectors.Request) bool { return has(r.In, "%E2%82%AC") || has(r.In, "%e2%82%ac") },
			"lone surrogate":   func(r vectors.Request) bool { return lone(r.In) },
		}},
		{vectors.OpUnescape, map[string]func(vectors.Request) bool{
			"escaped overlong form":                  func(r vectors.Request) bool { return has(r.In, "%C0%AF") || has(r.In, "%c0%af") },
			"% at the end":                           func(r vectors.Request) bool { return has(r.In, "%4") && r.In[len(r.In)-1] == '4' },
			"escaped UTF-8 of a non-ASCII character": escapedUTF8,
			"%uXXXX escape, not one of Malformed's": func(r vectors.Request) bool {
				for i := 0; i+6 <= len(r.In); i++ {
					if r.In[i] == '%' && r.In[i+1] == 'u' && spec.IsHexUnit(r.In[i+2]) && spec.IsHexUnit(r.In[i+3]) && spec.IsHexUnit(r.In[i+4]) && spec.IsHexUnit(r.In[i+5]) {
						if d := string(utf16.Decode(r.In[i+2 : i+6])); d != "0041" && d != "D800" {
							return true
						}
					}
				}
				return false
			},
			"%x near miss":   func(r vectors.Request) bool { return has(r.In, "%x") },
			"%U, not %u":     func(r vectors.Request) bool { return has(r.In, "%U") },
			"%u cut short":   func(r vectors.Request) bool { return has(r.In, "%u00") },
			"lone surrogate": func(r vectors.Request) bool { return lone(r.In) },
		}},
		{vectors.OpPercentDecode, map[string]func(vectors.Request) bool{
			"no lone surrogate": func(r vectors.Request) bool { return !lone(r.In) },
		}},
		{vectors.OpPercentEncodeSet, map[string]func(vectors.Request) bool{
			"set name":     func(r vectors.Request) bool { return r.Args["set"] != "" },
			"broken UTF-8": func(r vectors.Request) bool { return slices.Contains(r.InHex, 0xC0) },
		}},
		{vectors.OpEquivalent, map[string]func(vectors.Request) bool{
			"same text":  func(r vectors.Request) bool { return r.Args["other"] == string(utf16.Decode(r.In)) && len(r.In) > 3 },
			"re-encoded": func(r vectors.Request) bool { return r.Args["other"] != string(utf16.Decode(r.In)) },
		}},
		{vectors.OpIRIToURI, map[string]func(vectors.Request) bool{
			"authority": func(r vectors.Request) bool { return has(r.In, "http://") },
			"U-label":   func(r vectors.Request) bool { return has(r.In, "b\u00fccher") },
		}},
		{vectors.OpURIToIRI, map[string]func(vectors.Request) bool{
			"A-label": func(r vectors.Request) bool { return has(r.In, "xn--bcher-kva") },
		}},
	} {
		g, ok := NewSeeded(tc.op)
		if !ok {
			t.Fatalf("%s: no generator", tc.op)
		}
		rg := Request(tc.op)
		for _, src := range []struct {
			name string
			n    int
			draw func(i int) vectors.Request
		}{
			{"seeded", 5000, func(i int) vectors.Request { return g.Request(1, int64(i)) }},
			{"rapid", 2000, func(i int) vectors.Request { return rg.Example(i) }},
		} {
			seen := map[string]int{}
			for i := range src.n {
				r := src.draw(i)
				if r.Op != tc.op {
					t.Fatalf("%s %s: request of op %s", src.name, tc.op, r.Op)
				}
				for name, f := range tc.corner {
					if f(r) {
						seen[name]++
					}
				}
			}
			for name := range tc.corner {
				if seen[name] == 0 || slices.Contains(often[tc.op], name) && seen[name] < src.n/50 {
					t.Errorf("%s %s: %d %s in %d requests", src.name, tc.op, seen[name], name, src.n)
				}
			}
		}
	}
}

// escapedUTF8 reports whether r.In holds the escapes of the UTF-8 of a
// non-ASCII character, as the decoders' generator writes them.
func escapedUTF8(r vectors.Request) bool {
	var run []byte
	flush := func() bool {
		for len(run) > 0 {
			c, n := utf8.DecodeRune(run)
			if n > 1 && c != utf8.RuneError {
				return true
			}
			run = run[1:]
		}
		return false
	}
	for i := 0; i < len(r.In); i++ {
		if r.In[i] == '%' && i+2 < len(r.In) && spec.IsHexUnit(r.In[i+1]) && spec.IsHexUnit(r.In[i+2]) {
			run = append(run, byte(spec.HexUnitValue(r.In[i+1])<<4|spec.HexUnitValue(r.In[i+2])))
			i += 2
			continue
		}
		if flush() {
			return true
		}
	}
	return flush()
}

// TestEveryOpOneGenerator checks that the one generator covers exactly
// the ops of the vectors, through both of its ways of drawing, so the
// laws, the oracle and pctest fuzz draw every op from it; and that a
// Generator makes the same request from the same choices whichever way
// they reach it (a Source that replays recorded choices).
func TestEveryOpOneGenerator(t *testing.T) {
	for _, o := range vectors.Ops() {
		if !Covers(o.Name) {
			t.Errorf("no generator for %s", o.Name)
			continue
		}
		if _, ok := NewSeeded(o.Name); !ok {
			t.Errorf("no seeded generator for %s", o.Name)
		}
		if Request(o.Name) == nil {
			t.Errorf("no rapid generator for %s", o.Name)
		}
		for i := range 50 {
			s, _ := NewSeeded(o.Name)
			want := s.Request(3, int64(i))
			rec := &recorder{src: rand.New(rand.NewPCG(3, uint64(i)))}
			got, _ := New(rec).Request(o.Name)
			if diff := cmp.Diff(want, got); diff != "" {
				t.Fatalf("%s case %d: the recorded source against the seeded one (-seeded +recorded):\n%s", o.Name, i, diff)
			}
			rep := &recorder{replay: rec.choices}
			again, _ := New(rep).Request(o.Name)
			if diff := cmp.Diff(want, again); diff != "" || len(rep.replay) != 0 {
				t.Fatalf("%s case %d: %d choices left; replayed against seeded (-seeded +replayed):\n%s", o.Name, i, len(rep.replay), diff)
			}
		}
	}
	for _, op := range []vectors.Op{"", "noSuchOp"} {
		if Covers(op) || Request(op) != nil {
			t.Errorf("a generator for %q", op)
		}
		if _, ok := New(rand.New(rand.NewPCG(1, 1))).Request(op); ok {
			t.Errorf("a request of %q", op)
		}
	}
}

// TestValidTextStaysValid checks that the generators of well-formed text
// never make a lone surrogate, also when two tokens are put in one after
// the other (the second went inside a surrogate pair when the first had
// moved the token boundaries).
func TestValidTextStaysValid(t *testing.T) {
	g := New(rand.New(rand.NewPCG(5, 5)))
	for i := range 20000 {
		for name, f := range map[string]func() []uint16{"ValidText": g.ValidText, "ValidEncoded": g.ValidEncoded, "LegacyText": g.LegacyText} {
			u := f()
			for j := 0; j < len(u); j++ {
				switch {
				case u[j] >= 0xD800 && u[j] < 0xDC00 && j+1 < len(u) && u[j+1] >= 0xDC00 && u[j+1] < 0xE000:
					j++
				case u[j] >= 0xD800 && u[j] < 0xE000:
					t.Fatalf("%s, value %d: lone surrogate at %d in %x", name, i, j, u)
				}
			}
		}
	}
}

// A recorder is a Source that records the choices of src, or replays
// recorded ones.
type recorder struct {
	src     Source
	choices []int
	replay  []int
}

func (r *recorder) IntN(n int) int {
	if r.src == nil {
		c := r.replay[0]
		r.replay = r.replay[1:]
		return c
	}
	c := r.src.IntN(n)
	r.choices = append(r.choices, c)
	return c
}

// TestGeneratorDeterministic checks that a seed and a case number give the
// same request, whatever was generated before.
func TestGeneratorDeterministic(t *testing.T) {
	a, _ := NewSeeded(vectors.OpEncodeURI)
	b, _ := NewSeeded(vectors.OpEncodeURI)
	for i := range int64(100) {
		b.Request(7, i+1000)
		x := a.Request(7, i)
		x.In = slices.Clone(x.In)
		y := b.Request(7, i)
		if diff := cmp.Diff(x.In, y.In); diff != "" {
			t.Fatalf("case %d: first against after another case (-first +after):\n%s", i, diff)
		}
	}
}

// TestGeneratorAllocs checks that the generator reuses its buffers.
func TestGeneratorAllocs(t *testing.T) {
	for _, op := range []vectors.Op{vectors.OpEncodeURIComponent, vectors.OpDecodeURI, vectors.OpPercentEncodeSet, vectors.OpIRIToURI} {
		g, _ := NewSeeded(op)
		i := int64(0)
		for range 1000 {
			g.Request(1, i)
			i++
		}
		allocs := testing.AllocsPerRun(1000, func() {
			g.Request(1, i)
			i++
		})
		if allocs > 0.1 {
			t.Errorf("%s: %.2f allocations a request", op, allocs)
		}
	}
}

func BenchmarkGenerator(b *testing.B) {
	g, _ := NewSeeded(vectors.OpDecodeURIComponent)
	for i := 0; b.Loop(); i++ {
		g.Request(1, int64(i))
	}
}

// TestPCGSourceIsRand checks that Seeded's source draws what
// rand.New(&pcg).IntN draws, for bounds of every size (powers of two, ones
// that reject often, the largest), so that a seed and case number make the
// same request as before it called the PCG directly.
func TestPCGSourceIsRand(t *testing.T) {
	bounds := []int{1, 2, 3, 4, 5, 7, 24, 25, 64, 100, 1000, 0x10FFFF, 1<<32 + 1, 1 << 40, 1<<62 + 1, math.MaxInt}
	for seed := range uint64(50) {
		var s pcgSource
		s.pcg.Seed(seed, seed*7+1)
		s.r = rand.New(&s.pcg)
		ref := rand.New(rand.NewPCG(seed, seed*7+1))
		for i := range 2000 {
			n := bounds[i%len(bounds)]
			if got, want := s.IntN(n), ref.IntN(n); got != want {
				t.Fatalf("seed %d, draw %d: IntN(%d) = %d, rand.Rand's %d", seed, i, n, got, want)
			}
		}
	}
}
