package show

import (
	"fmt"
	"strings"

	"github.com/pctest/pctest/vectors"
)

// An EditOp is one step of an edit script: keep, delete or insert.
type EditOp uint8

// The steps of an edit script.
const (
	Keep   EditOp = iota // the unit is in both sequences
	Delete               // the unit is only in the first (want)
	Insert               // the unit is only in the second (got)
)

// An Edit is a run of units that one step of the script applies to: A[I:I+N]
// for Keep and Delete, B[J:J+N] for Insert and Keep.
type Edit struct {
	Op   EditOp
	I, J int // where the run starts in a and in b
	N    int // how many units
}

// EditScript returns a shortest edit script that turns a into b: runs of kept,
// deleted and inserted units, in order, with no empty run and no two adjacent
// runs of the same step. It is Myers' O((N+M)·D) greedy algorithm (E. Myers,
// "An O(ND) Difference Algorithm and Its Variations", 1986), so the number of
// deleted and inserted units is minimal; among the minimal scripts it prefers
// deletions before insertions.
func EditScript[T comparable](a, b []T) []Edit {
	n, m := len(a), len(b)
	// Strip the common prefix and suffix: most answers differ in a few units.
	pre := 0
	for pre < n && pre < m && a[pre] == b[pre] {
		pre++
	}
	suf := 0
	for suf < n-pre && suf < m-pre && a[n-1-suf] == b[m-1-suf] {
		suf++
	}
	var s script
	s.add(Keep, 0, 0, pre)
	myers(&s, a[pre:n-suf], b[pre:m-suf], pre, pre)
	s.add(Keep, n-suf, m-suf, suf)
	return s.edits
}

type script struct{ edits []Edit }

func (s *script) add(op EditOp, i, j, n int) {
	if n == 0 {
		return
	}
	if k := len(s.edits) - 1; k >= 0 && s.edits[k].Op == op {
		s.edits[k].N += n
		return
	}
	s.edits = append(s.edits, Edit{op, i, j, n})
}

// myers appends the script of a to b, whose units start at offsets i0 and j0
// of the whole sequences. It keeps every V of the forward pass and walks back
// through them, which costs O((N+M)·D) memory: fine for the answers a report
// shows.
func myers[T comparable](s *script, a, b []T, i0, j0 int) {
	n, m := len(a), len(b)
	if n == 0 || m == 0 {
		s.add(Delete, i0, j0, n)
		s.add(Insert, i0+n, j0, m)
		return
	}
	max := n + m
	off := max
	v := make([]int, 2*max+2)
	var trace [][]int
	d := 0
	for ; d <= max; d++ {
		trace = append(trace, append([]int(nil), v...))
		done := false
		for k := -d; k <= d; k += 2 {
			var x int
			if k == -d || k != d && v[off+k-1] < v[off+k+1] {
				x = v[off+k+1] // down: an insertion
			} else {
				x = v[off+k-1] + 1 // right: a deletion
			}
			y := x - k
			for x < n && y < m && a[x] == b[y] {
				x++
				y++
			}
			v[off+k] = x
			if x >= n && y >= m {
				done = true
				break
			}
		}
		if done {
			break
		}
	}
	// Walk back from (n, m) through the saved V arrays.
	type step struct {
		op      EditOp
		x, y, n int
	}
	var rev []step
	x, y := n, m
	for ; d > 0; d-- {
		pv := trace[d]
		k := x - y
		var pk int
		if k == -d || k != d && pv[off+k-1] < pv[off+k+1] {
			pk = k + 1
		} else {
			pk = k - 1
		}
		px := pv[off+pk]
		py := px - pk
		// the snake from the end of the edit to (x, y)
		var ex, ey int
		if pk == k+1 {
			ex, ey = px, py+1
		} else {
			ex, ey = px+1, py
		}
		if x > ex {
			rev = append(rev, step{Keep, ex, ey, x - ex})
		}
		if pk == k+1 {
			rev = append(rev, step{Insert, px, py, 1})
		} else {
			rev = append(rev, step{Delete, px, py, 1})
		}
		x, y = px, py
	}
	if x > 0 {
		rev = append(rev, step{Keep, 0, 0, x})
	}
	for i := len(rev) - 1; i >= 0; i-- {
		st := rev[i]
		s.add(st.op, i0+st.x, j0+st.y, st.n)
	}
}

// A Piece is a run of an answer as a diff shows it: Text is the run written
// as Quote or QuoteOctets write it (without the quotes), Units its code units
// (four hex digits) or octets (two), and Op whether it is in both answers,
// only in the expected one or only in the actual one.
type Piece struct {
	Op    EditOp
	Text  string
	Units []string
}

// DiffPieces returns the edit script of want to got, two answers to op,
// as pieces to show: kept, deleted and inserted runs in order. It returns
// nil when the two are not both outputs of the op (an error, unsupported,
// or no output at all), since then there is nothing to diff.
func DiffPieces(op vectors.Op, want, got vectors.Response) []Piece {
	if want.Error != "" || got.Error != "" || want.Unsupported || got.Unsupported {
		return nil
	}
	octets := want.OutHex != nil || got.OutHex != nil
	if o, ok := op.Info(); ok {
		octets = o.Out == vectors.Octets
	}
	if octets {
		return OctetPieces(want.OutHex, got.OutHex)
	}
	return TextPieces(want.Out, got.Out)
}

// TextPieces returns the edit script of text a to text b as pieces.
func TextPieces(a, b []uint16) []Piece {
	return pieces(a, b, Quote, func(c uint16) string { return fmt.Sprintf("%04X", c) })
}

// OctetPieces returns the edit script of octets a to b as pieces.
func OctetPieces(a, b []byte) []Piece {
	return pieces(a, b, QuoteOctets, func(c byte) string { return string([]byte{lowerHex[c>>4], lowerHex[c&15]}) })
}

// pieces returns the edit script of a to b as pieces, each run written by
// quote (without its quotes) and its units by unit.
func pieces[T comparable](a, b []T, quote func([]T) string, unit func(T) string) []Piece {
	ps := []Piece{}
	for _, e := range EditScript(a, b) {
		var run []T
		if e.Op == Insert {
			run = b[e.J : e.J+e.N]
		} else {
			run = a[e.I : e.I+e.N]
		}
		q := quote(run)
		p := Piece{Op: e.Op, Text: q[1 : len(q)-1]}
		for _, c := range run {
			p.Units = append(p.Units, unit(c))
		}
		ps = append(ps, p)
	}
	return ps
}

// Diff writes the edit script of want to got in one line, as git's
// --word-diff=plain does: a quoted string in which what only want has is
// [-so-] and what only got has is {+so+}, then the code units (or octets)
// marked the same way, as
//
//	"%[-C-]{+c+}3%[-A-]{+a+}9" [0025 [-0043-] {+0063+} 0033 0025 [-0041-] {+0061+} 0039]
//
// Only the units that differ are marked, and there are as few of them as
// can be (see EditScript). Diff returns "" when DiffPieces has no pieces.
func Diff(op vectors.Op, want, got vectors.Response) string {
	ps := DiffPieces(op, want, got)
	if ps == nil {
		return ""
	}
	var text, units strings.Builder
	text.WriteByte('"')
	units.WriteByte('[')
	n := 0
	for _, p := range ps {
		open, end := "", ""
		switch p.Op {
		case Delete:
			open, end = "[-", "-]"
		case Insert:
			open, end = "{+", "+}"
		}
		text.WriteString(open + p.Text + end)
		if n > 0 {
			units.WriteByte(' ')
		}
		units.WriteString(open + strings.Join(p.Units, " ") + end)
		n += len(p.Units)
	}
	text.WriteByte('"')
	units.WriteByte(']')
	if n > 2*MaxUnits {
		return text.String()
	}
	return text.String() + " " + units.String()
}
