package main

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/pctest/pctest/vectors"
)

// A matrix is the conformance matrix: ops down, implementations across, a
// tally in each cell.
type matrix struct {
	Impls  []string
	Rows   []matrixRow
	Totals []tally
}

// A matrixRow is one op's tallies, an implementation each.
type matrixRow struct {
	Area  string
	Op    vectors.Op
	Cells []tally
}

// buildMatrix tallies each report's outcomes by op. Ops come in the order
// of vectors.Ops; an op no report has a vector of is left out.
func buildMatrix(reports []*runReport) matrix {
	m := matrix{Totals: make([]tally, len(reports))}
	index := map[string]int{}
	for _, op := range vectors.Ops() {
		index[string(op.Name)] = len(m.Rows)
		m.Rows = append(m.Rows, matrixRow{Area: op.Area, Op: op.Name, Cells: make([]tally, len(reports))})
	}
	for i, r := range reports {
		m.Impls = append(m.Impls, r.Impl)
		for j := range r.Outcomes {
			o := &r.Outcomes[j]
			k, ok := index[string(o.Vector.Op)]
			if !ok {
				k = len(m.Rows)
				index[string(o.Vector.Op)] = k
				m.Rows = append(m.Rows, matrixRow{Area: "other", Op: o.Vector.Op, Cells: make([]tally, len(reports))})
			}
			m.Rows[k].Cells[i].add(o)
			m.Totals[i].add(o)
		}
	}
	rows := m.Rows[:0]
	for _, row := range m.Rows {
		for _, c := range row.Cells {
			if c.total() > 0 {
				rows = append(rows, row)
				break
			}
		}
	}
	m.Rows = rows
	return m
}

// cellMark sums a tally up in one character: ✓ all ran passed, ✗ some
// failed, ~ failures all expected (on an expected-failures list, or known
// deviations of the engine), · none ran (unsupported).
func cellMark(t tally) string {
	switch {
	case t.Failed > 0:
		return "✗"
	case t.ExpectedFailures > 0:
		return "~"
	case t.Passed > 0:
		return "✓"
	}
	return "·"
}

// cellText renders a tally as "✓ 45/0/0": passed/failed/skipped, failed
// including expected failures.
func cellText(t tally) string {
	return fmt.Sprintf("%s %d/%d/%d", cellMark(t), t.Passed, t.Failed+t.ExpectedFailures, t.Skipped)
}

// writeText writes the matrix as an aligned table.
func (m matrix) writeText(w io.Writer) {
	const opWidth = 24
	widths := make([]int, len(m.Impls))
	for i, name := range m.Impls {
		widths[i] = max(utf8.RuneCountInString(name), utf8.RuneCountInString(cellText(m.Totals[i])))
	}
	pad := func(s string, n int) string {
		return s + strings.Repeat(" ", max(n-utf8.RuneCountInString(s), 0))
	}
	var b strings.Builder
	b.WriteString(pad("op", opWidth))
	for i, name := range m.Impls {
		b.WriteString("  " + pad(name, widths[i]))
	}
	fmt.Fprintln(w, strings.TrimRight(b.String(), " "))
	area := ""
	for _, row := range m.Rows {
		if row.Area != area {
			area = row.Area
			fmt.Fprintln(w, area)
		}
		b.Reset()
		b.WriteString(pad("  "+string(row.Op), opWidth))
		for i, c := range row.Cells {
			b.WriteString("  " + pad(cellText(c), widths[i]))
		}
		fmt.Fprintln(w, strings.TrimRight(b.String(), " "))
	}
	b.Reset()
	b.WriteString(pad("all ops", opWidth))
	for i, c := range m.Totals {
		b.WriteString("  " + pad(cellText(c), widths[i]))
	}
	fmt.Fprintln(w, strings.TrimRight(b.String(), " "))
	fmt.Fprintln(w, "\neach cell: passed/failed/skipped vectors (skipped: the implementation does not have the op)")
	fmt.Fprintln(w, "✓ all passed  ✗ unexpected failures  ~ failures, all expected (listed, or known engine deviations)  · op not implemented")
}
