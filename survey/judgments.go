package main

import (
	"slices"

	"github.com/pctest/pctest/vectors"
)

// An UpstreamLine is a tracker report of a testee directory.
type UpstreamLine struct {
	Dir string
	UpstreamReport
}

// A Judged is one line of what the survey judged, counted by distinct root
// cause (registry entry) over the rows of the report.
type Judged struct {
	What  string
	Count int
}

// judged counts the registry entries of the report's rows by what they
// mean: bugs still open on the latest upstream, bugs fixed since the
// surveyed version, bugs declined upstream; deliberate, documented,
// older spec, engine lag; and the divergences that carry no label.
func (rep *Report) judged() []Judged {
	rows := map[string]bool{}
	for _, rr := range rep.Rows {
		rows[rr.Row.Name] = true
	}
	count := map[string]int{}
	for _, c := range rep.Causes {
		if !slices.ContainsFunc(c.Rows, func(r string) bool { return rows[r] }) {
			continue
		}
		switch {
		case c.open():
			count["open"]++
		case c.Verdict == VerdictBug && c.upstreamStatus() == vectors.UpstreamDeclined:
			count["declined"]++
		case c.Verdict == VerdictBug:
			count["fixed"]++
		default:
			count[c.Verdict]++
		}
	}
	return []Judged{
		{"bugs open on the latest upstream", count["open"]},
		{"bugs fixed upstream since the surveyed version", count["fixed"]},
		{"bugs declined upstream", count["declined"]},
		{"deliberate (its tests, source, changelog or maintainer say so)", count[VerdictDeliberate]},
		{"documented deviations (its published docs say so)", count[VerdictDocumented]},
		{"older spec", count[VerdictOlder]},
		{"engine lag", count[VerdictLag]},
		{"no label: implementation-defined (the spec is silent, or asks only SHOULD)", count[vectors.NoLabelImplDefined]},
		{"no label: unmapped (the function claims no spec the op covers)", count[vectors.NoLabelUnmapped]},
	}
}

// upstreamInScope returns the tracker reports in an op's scope, those the
// survey finds first.
func (rep *Report) upstreamInScope() (found, rest []UpstreamLine) {
	for _, u := range rep.Upstream {
		if u.Scope != "in" {
			continue
		}
		if k, _ := u.standing(); k == reportFound {
			found = append(found, u)
		} else {
			rest = append(rest, u)
		}
	}
	return found, rest
}

// functionCountsOf returns how many functions a row's library lists and
// how many of them the survey maps (-1, -1 when it has no functions.json).
func functionCountsOf(rr *RowReport) (listed, mapped int) {
	if rr.Listed == nil {
		return -1, -1
	}
	l, m, _, _ := functionCounts(rr.Listed)
	return l, m
}
