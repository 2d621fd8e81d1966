package conformance

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/pctest/pctest/vectors"
)

// TestGeneratorCorners checks that the fuzz generator reaches the corners
// conformance's generators reach, op by op.
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
		g, ok := newGenerator(tc.op)
		if !ok {
			t.Fatalf("%s: no generator", tc.op)
		}
		seen := map[string]int{}
		for i := range int64(5000) {
			r := g.request(1, i)
			if r.Op != tc.op {
				t.Fatalf("%s: request of op %s", tc.op, r.Op)
			}
			for name, f := range tc.corner {
				if f(r) {
					seen[name]++
				}
			}
		}
		for name := range tc.corner {
			if seen[name] == 0 {
				t.Errorf("%s: no %s in 5000 requests", tc.op, name)
			}
		}
	}
	for _, o := range vectors.Ops() {
		if _, ok := newGenerator(o.Name); !ok {
			t.Errorf("no generator for %s", o.Name)
		}
	}
}

// TestGeneratorDeterministic checks that a seed and a case number give the
// same request, whatever was generated before.
func TestGeneratorDeterministic(t *testing.T) {
	a, _ := newGenerator(vectors.OpEncodeURI)
	b, _ := newGenerator(vectors.OpEncodeURI)
	for i := range int64(100) {
		b.request(7, i+1000)
		x := cloneRequest(a.request(7, i))
		y := b.request(7, i)
		if !slices.Equal(x.In, y.In) {
			t.Fatalf("case %d: %x, then %x", i, x.In, y.In)
		}
	}
}

// TestGeneratorAllocs checks that the generator reuses its buffers.
func TestGeneratorAllocs(t *testing.T) {
	for _, op := range []vectors.Op{vectors.OpEncodeURIComponent, vectors.OpDecodeURI, vectors.OpPercentEncodeSet, vectors.OpIRIToURI} {
		g, _ := newGenerator(op)
		i := int64(0)
		for range 1000 {
			g.request(1, i)
			i++
		}
		allocs := testing.AllocsPerRun(1000, func() {
			g.request(1, i)
			i++
		})
		if allocs > 0.1 {
			t.Errorf("%s: %.2f allocations a request", op, allocs)
		}
	}
}

func BenchmarkGenerator(b *testing.B) {
	g, _ := newGenerator(vectors.OpDecodeURIComponent)
	for i := 0; b.Loop(); i++ {
		g.request(1, int64(i))
	}
}
