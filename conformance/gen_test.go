package conformance

import (
	"context"
	"strings"
	"testing"

	"github.com/pctest/pctest/internal/gen"
	"github.com/pctest/pctest/internal/show"
	"github.com/pctest/pctest/vectors"
)

// TestRequestGenEveryOp checks that every op has a generator and that the
// reference codec takes every request it makes: the generators make only
// requests the vector format allows (valid UTF-16 where an op takes UTF-8,
// known set names).
func TestRequestGenEveryOp(t *testing.T) {
	ref := Reference()
	for _, op := range vectors.Ops() {
		g := gen.Request(op.Name)
		if g == nil {
			t.Errorf("no generator for %s", op.Name)
			continue
		}
		for seed := range 200 {
			req := g.Example(seed)
			if req.Op != op.Name {
				t.Fatalf("%s generator made a %s request", op.Name, req.Op)
			}
			if resp, err := ref.Do(context.Background(), req); err != nil || resp.Unsupported {
				t.Fatalf("the reference does not take %s %s: %+v %v", op.Name, show.Input(req), resp, err)
			}
		}
	}
}

// TestGeneratorsReachCorners checks that the generators reach the corners
// the issue asks for, often enough to matter in 100 checks.
func TestGeneratorsReachCorners(t *testing.T) {
	const n = 1000
	count := func(g func(int) []uint16, pred func(u []uint16, s string) bool) int {
		c := 0
		for seed := range n {
			u := g(seed)
			if pred(u, string(runesOf(u))) {
				c++
			}
		}
		return c
	}
	enc := func(seed int) []uint16 { return gen.Encoded().Example(seed) }
	text := func(seed int) []uint16 { return gen.Text().Example(seed) }
	valid := func(seed int) []uint16 { return gen.ValidEncoded().Example(seed) }
	loneNextToEscape := func(u []uint16, _ string) bool {
		for i := range u {
			if (isHigh(u[i]) || isLow(u[i])) && !(isHigh(u[i]) && i+1 < len(u) && isLow(u[i+1])) && !(isLow(u[i]) && i > 0 && isHigh(u[i-1])) {
				if i+1 < len(u) && u[i+1] == '%' || i >= 3 && u[i-3] == '%' {
					return true
				}
			}
		}
		return false
	}
	for _, c := range []struct {
		name string
		got  int
		min  int
	}{
		{"encoded: lone surrogate next to an escape", count(enc, loneNextToEscape), 20},
		{"encoded: '%' at the end without two hex digits", count(enc, func(u []uint16, _ string) bool {
			n := len(u)
			return n > 0 && u[n-1] == '%' || n > 1 && u[n-2] == '%'
		}), 40},
		{"encoded: escape of %2F or %23", count(enc, func(_ []uint16, s string) bool {
			s = strings.ToUpper(s)
			return strings.Contains(s, "%2F") || strings.Contains(s, "%23")
		}), 50},
		{"encoded: escaped overlong form", count(enc, func(_ []uint16, s string) bool {
			s = strings.ToUpper(s)
			return strings.Contains(s, "%C0%") || strings.Contains(s, "%C1%") || strings.Contains(s, "%E0%80") || strings.Contains(s, "%F0%80")
		}), 20},
		{"encoded: escaped surrogate (ED A0 to ED BF)", count(enc, func(_ []uint16, s string) bool {
			s = strings.ToUpper(s)
			return strings.Contains(s, "%ED%A") || strings.Contains(s, "%ED%B")
		}), 20},
		{"encoded: no '%' and a lone surrogate", count(enc, func(u []uint16, s string) bool {
			return !strings.Contains(s, "%") && hasLoneSurrogate(u)
		}), 15},
		{"valid encoded: no lone surrogate ever", n - count(valid, func(u []uint16, _ string) bool { return hasLoneSurrogate(u) }), n},
		{"text: lone surrogate", count(text, func(u []uint16, _ string) bool { return hasLoneSurrogate(u) }), 200},
		{"text: reserved and mark characters", count(text, func(_ []uint16, s string) bool {
			return strings.ContainsAny(s, ";/?:@&=+$,#") && strings.ContainsAny(s, "-_.!~*'()")
		}), 200},
	} {
		t.Logf("%s: %d of %d", c.name, c.got, n)
		if c.got < c.min {
			t.Errorf("%s: %d of %d values, want at least %d", c.name, c.got, n, c.min)
		}
	}
	// Every octet's escape, so every UTF-8 lead byte, comes up.
	seen := [256]bool{}
	for seed := range 20 * n {
		u := enc(seed)
		for _, tok := range tokens(u) {
			if tok.escaped {
				seen[tok.b] = true
			}
		}
	}
	for b, ok := range seen {
		if !ok && b >= 0x80 {
			t.Errorf("no escape of %#02x in %d encoded values", b, 20*n)
		}
	}
}

// isHigh and isLow report whether c is a high (lead) or low (trail)
// surrogate code unit (Unicode §3.8, D71 and D72).
func isHigh(c uint16) bool { return c >= 0xD800 && c <= 0xDBFF }
func isLow(c uint16) bool  { return c >= 0xDC00 && c <= 0xDFFF }
