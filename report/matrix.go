package report

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/pctest/pctest/vectors"
)

// A Matrix is the conformance matrix: ops down, implementations across, a
// Summary in each cell.
type Matrix struct {
	Impls  []string
	Rows   []MatrixRow
	Totals []Summary
}

// A MatrixRow is one op's summaries, an implementation each.
type MatrixRow struct {
	Area  string
	Op    vectors.Op
	Cells []Summary
}

// NewMatrix counts each run's results by op. Ops come in the order of
// vectors.Ops, under their area; an op no run has a vector of is left out.
func NewMatrix(reports []*Run) Matrix {
	m := Matrix{Totals: make([]Summary, len(reports))}
	index := map[vectors.Op]int{}
	for _, op := range vectors.Ops() {
		index[op.Name] = len(m.Rows)
		m.Rows = append(m.Rows, MatrixRow{Area: op.Area, Op: op.Name, Cells: make([]Summary, len(reports))})
	}
	for i, r := range reports {
		m.Impls = append(m.Impls, r.Impl)
		for j := range r.Results {
			o := &r.Results[j]
			k, ok := index[o.Vector.Op]
			if !ok {
				k = len(m.Rows)
				index[o.Vector.Op] = k
				m.Rows = append(m.Rows, MatrixRow{Area: "other", Op: o.Vector.Op, Cells: make([]Summary, len(reports))})
			}
			m.Rows[k].Cells[i].Add(o.Outcome)
			m.Totals[i].Add(o.Outcome)
		}
	}
	rows := m.Rows[:0]
	for _, row := range m.Rows {
		for _, c := range row.Cells {
			if c.Total() > 0 {
				rows = append(rows, row)
				break
			}
		}
	}
	m.Rows = rows
	return m
}

// WriteText writes the matrix as a table aligned by text/tabwriter, an
// area's name above its ops, each cell as Cell writes it, and a legend.
func (m Matrix) WriteText(w io.Writer) {
	var b strings.Builder
	tw := tabwriter.NewWriter(&b, 0, 8, 2, ' ', 0)
	row := func(first string, cells []string) {
		fmt.Fprintln(tw, first+"\t"+strings.Join(cells, "\t"))
	}
	row("op", m.Impls)
	cells := func(sums []Summary) []string {
		out := make([]string, len(sums))
		for i, s := range sums {
			out[i] = Cell(s)
		}
		return out
	}
	area := ""
	for _, r := range m.Rows {
		if r.Area != area {
			area = r.Area
			// A line of one cell would end the tabwriter's columns.
			row(area, make([]string, len(m.Impls)))
		}
		row("  "+string(r.Op), cells(r.Cells))
	}
	row("all ops", cells(m.Totals))
	tw.Flush()
	for _, l := range strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n") {
		fmt.Fprintln(w, strings.TrimRight(l, " "))
	}
	fmt.Fprintln(w, "\neach cell: passed/failed/skipped vectors (skipped: the implementation does not have the op)")
	fmt.Fprintln(w, "✓ all passed  ✗ unexpected failures  ~ failures, all expected (listed, or known engine deviations)  · op not implemented")
	fmt.Fprintln(w, "implementation-defined vectors (the spec leaves the answer open) are not judged: counted on each implementation's line below, in no cell unless skipped")
}
