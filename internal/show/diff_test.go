package show

import (
	"github.com/google/go-cmp/cmp"

	"github.com/pctest/pctest/vectors"
	"math/rand/v2"
	"testing"
)

// apply rebuilds b from a and the script, and checks the script's shape.
func apply[T comparable](t *testing.T, a, b []T, es []Edit) (out []T, cost int) {
	t.Helper()
	i, j := 0, 0
	for k, e := range es {
		if e.N <= 0 {
			t.Fatalf("empty run %+v", e)
		}
		if k > 0 && es[k-1].Op == e.Op {
			t.Fatalf("adjacent runs of one step: %+v", es)
		}
		if e.I != i || e.J != j {
			t.Fatalf("run %+v starts at %d,%d, want %d,%d", e, e.I, e.J, i, j)
		}
		switch e.Op {
		case Keep:
			for x := 0; x < e.N; x++ {
				if a[i+x] != b[j+x] {
					t.Fatalf("kept unit differs at %d,%d", i+x, j+x)
				}
			}
			out = append(out, a[i:i+e.N]...)
			i += e.N
			j += e.N
		case Delete:
			i += e.N
			cost += e.N
		case Insert:
			out = append(out, b[j:j+e.N]...)
			j += e.N
			cost += e.N
		}
	}
	if i != len(a) || j != len(b) {
		t.Fatalf("script ends at %d,%d, want %d,%d", i, j, len(a), len(b))
	}
	return out, cost
}

// lcs is the textbook dynamic program: the slow, obviously right length of a
// longest common subsequence, so a minimal script costs n+m-2·lcs.
func lcs[T comparable](a, b []T) int {
	dp := make([][]int, len(a)+1)
	for i := range dp {
		dp[i] = make([]int, len(b)+1)
	}
	for i := len(a) - 1; i >= 0; i-- {
		for j := len(b) - 1; j >= 0; j-- {
			if a[i] == b[j] {
				dp[i][j] = dp[i+1][j+1] + 1
			} else {
				dp[i][j] = max(dp[i+1][j], dp[i][j+1])
			}
		}
	}
	return dp[0][0]
}

func TestEditScriptMinimal(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for it := 0; it < 20000; it++ {
		a := make([]byte, r.IntN(12))
		b := make([]byte, r.IntN(12))
		for i := range a {
			a[i] = 'a' + byte(r.IntN(3))
		}
		for i := range b {
			b[i] = 'a' + byte(r.IntN(3))
		}
		es := EditScript(a, b)
		out, cost := apply(t, a, b, es)
		if string(out) != string(b) {
			t.Fatalf("%q→%q: script builds %q", a, b, out)
		}
		if want := len(a) + len(b) - 2*lcs(a, b); cost != want {
			t.Fatalf("%q→%q: cost %d, minimal %d: %+v", a, b, cost, want, es)
		}
	}
}

func TestEditScriptMarksOnlyDifferingUnits(t *testing.T) {
	es := EditScript([]byte("%C3%A9"), []byte("%c3%a9"))
	want := []Edit{{Keep, 0, 0, 1}, {Delete, 1, 1, 1}, {Insert, 2, 1, 1}, {Keep, 2, 2, 2}, {Delete, 4, 4, 1}, {Insert, 5, 4, 1}, {Keep, 5, 5, 1}}
	if diff := cmp.Diff(want, es); diff != "" {
		t.Fatalf("EditScript (-want +got):\n%s", diff)
	}
}

func TestDiffMarksOnlyDifferingUnits(t *testing.T) {
	u := func(s string) []uint16 {
		var out []uint16
		for _, r := range s {
			out = append(out, uint16(r))
		}
		return out
	}
	op := vectors.OpEncodeURIComponent
	got := Diff(op, vectors.Response{Out: u("%C3%A9")}, vectors.Response{Out: u("%c3%a9")})
	want := `"%[-C-]{+c+}3%[-A-]{+a+}9" [0025 [-0043-] {+0063+} 0033 0025 [-0041-] {+0061+} 0039]`
	if got != want {
		t.Errorf("Diff:\n got %s\nwant %s", got, want)
	}
	got = Diff(vectors.OpPercentDecode, vectors.Response{OutHex: []byte("a\xffb")}, vectors.Response{OutHex: []byte("ab")})
	if want := `"a[-\xff-]b" [61 [-ff-] 62]`; got != want {
		t.Errorf("octets Diff:\n got %s\nwant %s", got, want)
	}
	if d := Diff(op, vectors.Response{Error: "URIError"}, vectors.Response{Out: u("x")}); d != "" {
		t.Errorf("Diff of an error and an output = %q, want none", d)
	}
}

func TestDiffInsertAtEnd(t *testing.T) {
	// A deletion of all of want then an insertion: the insertion starts past
	// want's end, which must not be sliced.
	got := Diff(vectors.OpEncodeURIComponent, vectors.Response{Out: []uint16{'%', 'C', '3', '%', 'A', '9'}}, vectors.Response{Out: []uint16{0xE9}})
	if want := `"[-%C3%A9-]{+é+}" [[-0025 0043 0033 0025 0041 0039-] {+00E9+}]`; got != want {
		t.Errorf("Diff = %s, want %s", got, want)
	}
}
