package main

import (
	"strings"
	"testing"

	"github.com/pctest/pctest/vectors"
)

// TestJudgedCountsRootCauses: the report counts registry entries (root
// causes) by what they mean, a bug by its upstream status, once however
// many rows it covers, and only for rows the report has.
func TestJudgedCountsRootCauses(t *testing.T) {
	bug := func(id, status string, rows ...string) *Cause {
		c := &Cause{Divergence: vectors.Divergence{ID: id, Verdict: VerdictBug, Rows: rows}}
		if status != "" {
			c.Evidence = &vectors.Evidence{Upstream: &vectors.Upstream{Status: status}}
		}
		return c
	}
	label := func(id, v string) *Cause {
		return &Cause{Divergence: vectors.Divergence{ID: id, Verdict: v, Rows: []string{"a"}}}
	}
	rep := &Report{
		Rows: []*RowReport{{Row: &Row{Name: "a"}}, {Row: &Row{Name: "b"}}},
		Causes: []*Cause{
			bug("open1", vectors.UpstreamNotReported, "a", "b"),
			bug("open2", vectors.UpstreamReported, "b"),
			bug("fixed", vectors.UpstreamFixed, "a"),
			bug("declined", vectors.UpstreamDeclined, "a"),
			bug("elsewhere", vectors.UpstreamNotReported, "c"),
			label("d1", VerdictDeliberate), label("doc", VerdictDocumented), label("old", VerdictOlder),
			label("lag", VerdictLag), label("impl", vectors.NoLabelImplDefined), label("unm", vectors.NoLabelUnmapped),
		},
	}
	want := map[string]int{"open on the latest": 2, "fixed upstream": 1, "declined": 1, "deliberate": 1, "documented": 1,
		"older spec": 1, "engine lag": 1, "implementation-defined": 1, "unmapped": 1}
	for _, j := range rep.judged() {
		for k, n := range want {
			if strings.Contains(j.What, k) && j.Count != n {
				t.Errorf("%q: %d, want %d", j.What, j.Count, n)
			}
		}
	}
}
