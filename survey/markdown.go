package main

import (
	"fmt"
	"strings"
)

// maxListed is how many vector ids a group lists besides its example.
const maxListed = 12

// markdown renders the report as GitHub-flavoured Markdown.
func markdown(rep *Report) string {
	var b strings.Builder
	p := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }

	p("# The pctest field survey\n\n")
	p("Generated %s by `make survey` (`survey/run.sh`, then `go run ./survey`). ", rep.Generated.Format("2006-01-02 15:04 UTC"))
	p("Suite %s, %d vectors per row. ", code(orDash(rep.Suite)), rep.Vectors)
	switch ft := rep.fuzzTime(); ft {
	case "":
		p("`pctest fuzz` did not run. ")
	case "varied":
		p("`pctest fuzz` ran against the reference codec on each row, for the time its section says. ")
	default:
		p("`pctest fuzz` ran for %s on each row against the reference codec. ", ft)
	}
	p("Every cell and every example below is the output of the implementation named; what is written by hand is the mapping of functions to ops (each testee's `mapping.json` and `README.md` under `cmd/pctest/testees/`) and the verdicts (`survey/verdicts.json`).\n\n")

	p("## Summary\n\n")
	p("| implementation | ops | vectors passed/failed/skipped | causes of divergence | bugs | fuzz findings |\n|---|---|---|---|---|---|\n")
	for _, rr := range rep.Rows {
		if rr.Absent != "" {
			p("| %s | | %s | | | |\n", rr.Row.Name, mdCell(rr.Absent))
			continue
		}
		var ops []string
		for _, op := range rep.allOps() {
			if t := rr.Cells[op]; t != nil && t.Ran() > 0 {
				ops = append(ops, op)
			}
		}
		bugs, documented, suite := 0, 0, 0
		for _, g := range rr.Groups {
			switch {
			case g.Cause == nil:
			case g.Cause.Verdict == VerdictBug:
				bugs++
			case g.Cause.Verdict == VerdictDocumented:
				documented++
			default:
				suite++
			}
		}
		causes := "none"
		if n := len(rr.Groups); n > 0 {
			causes = fmt.Sprintf("%d: %d bug, %d documented, %d suite", n, bugs, documented, suite)
		}
		p("| %s | %s | %s | %s | %d | %s |\n", rr.Row.Name, strings.Join(ops, ", "), cellText(&rr.Total), causes, bugs, fuzzCell(rr))
	}
	p("\n")

	p("## Matrix\n\n")
	p("Each cell: passed/failed/skipped vectors of that op. ✓ all passed, ✗ some failed, ~ failures all expected (listed, or known engine deviations), · the row does not implement the op. ")
	p("Fuzz: disagreements with the reference that `pctest fuzz` found (shrunk), beyond the vectors. ")
	p("Fuzzing compares with the reference codec, so it covers only the ops the reference implements here (%s), and only inputs the reference takes: a lone surrogate has no UTF-8, so text ops other than the ECMAScript ones are fuzzed on well-formed text. ", strings.Join(rep.referenceOps(), ", "))
	p("A fuzz run can end before its time, once each op has given its findings (or the same minimal input again). An input the testee answers \"unsupported\" (octets that are not UTF-8 for a string function, NUL for a C string) is skipped; an op it declines from the start is not fuzzed.\n\n")
	p("| implementation |")
	for _, op := range rep.Ops {
		p(" %s |", op)
	}
	p(" all | fuzz |\n|---|")
	for range rep.Ops {
		p("---|")
	}
	p("---|---|\n")
	for _, rr := range rep.Rows {
		p("| %s |", rr.Row.Name)
		if rr.Absent != "" {
			for range rep.Ops {
				p(" |")
			}
			p(" %s | |\n", mdCell(shortAbsent(rr.Absent)))
			continue
		}
		for _, op := range rep.Ops {
			p(" %s |", cellText(rr.Cells[op]))
		}
		p(" %s | %s |\n", cellText(&rr.Total), fuzzCell(rr))
	}
	p("\n")

	p("## Bugs found in third-party implementations\n\n")
	if len(rep.Bugs) == 0 {
		p("None.\n\n")
	}
	for i, bl := range rep.Bugs {
		ex := bl.Group.Minimal
		p("%d. **%s** (%s): %s. Minimal input %s to `%s`: expected %s, got %s. Spec: %s.\n",
			i+1, bl.Row.Row.Name, rowVersion(bl.Row), bl.Group.Cause.Title, code(ex.ShowInput()), ex.Op,
			code(ex.ShowWant()), code(ex.ShowGot()), bl.Group.Cause.Spec)
	}
	p("\n")

	p("## Implementations\n\n")
	p("| row | language | library | version | functions → ops |\n|---|---|---|---|---|\n")
	for _, rr := range rep.Rows {
		var fns []string
		for _, f := range rr.Functions {
			fns = append(fns, fmt.Sprintf("[%s](%s) → %s", mdLinkText(f.Function), f.Docs, f.Op))
		}
		if rr.Row.Impl != "" {
			fns = append(fns, "built into pctest (`-impl "+rr.Row.Impl+"`)")
		}
		if rr.Row.Note != "" {
			fns = append(fns, "<i>"+mdCell(rr.Row.Note)+"</i>")
		}
		p("| %s | %s | %s | %s | %s |\n", rr.Row.Name, rr.Row.Language, mdCell(rr.Row.Library), mdCell(rowVersion(rr)), strings.Join(fns, "<br>"))
	}
	p("\n")
	var absent []*RowReport
	for _, rr := range rep.Rows {
		if rr.Absent != "" {
			absent = append(absent, rr)
		}
	}
	if len(absent) > 0 || len(rep.InstallNotes) > 0 {
		p("### Not surveyed here\n\n")
		for _, rr := range absent {
			p("- **%s**: %s\n", rr.Row.Name, rr.Absent)
		}
		for _, n := range rep.InstallNotes {
			p("- install step: %s\n", n)
		}
		p("\n")
	}

	p("## Divergences, by implementation and cause\n\n")
	p("Verdicts: **bug** — the implementation does not do what its documentation or the spec it claims says; ")
	p("**documented deviation** — it does what its own documentation says, which is not the op's spec; ")
	p("**suite error** — pctest's vector or reference is wrong. ")
	p("A function that turned out to claim a different op was re-mapped in its testee instead of being listed here.\n\n")
	for _, rr := range rep.Rows {
		if rr.Absent != "" {
			continue
		}
		p("### %s\n\n", rr.Row.Name)
		if len(rr.Functions) > 0 {
			var fns []string
			for _, f := range rr.Functions {
				fns = append(fns, code(f.Function)+" → "+string(f.Op))
			}
			p("%s. ", strings.Join(fns, "; "))
		}
		p("%s; %s.", cellText(&rr.Total), fuzzSentence(rr))
		if rr.Run.Incident != "" {
			p(" Runner incidents: %s.", rr.Run.Incident)
		}
		p("\n\n")
		if len(rr.Groups) == 0 {
			p("No divergence.\n\n")
			continue
		}
		for _, g := range rr.Groups {
			writeGroup(&b, g)
		}
	}

	p("## Reproducing\n\n")
	p("    make survey                           # installs, builds, runs every row, writes this report\n")
	p("    go run ./survey -report-only          # rewrites the report from survey/work/results\n")
	p("    go run ./survey -rows 'php' -fuzz 10s # reruns some rows\n\n")
	p("Rows are listed in `survey/rows.json`, causes and verdicts in `survey/verdicts.json`. ")
	p("A divergence no cause matches is listed as unclassified and makes `go run ./survey` fail.\n")
	return b.String()
}

func writeGroup(b *strings.Builder, g *Group) {
	p := func(format string, args ...any) { fmt.Fprintf(b, format, args...) }
	counts := plural(g.Vectors, "vector")
	if g.Fuzz > 0 {
		counts += ", " + plural(g.Fuzz, "fuzz finding")
	}
	ex := g.Minimal
	if g.Cause == nil {
		p("#### Unclassified (%s)\n\n", counts)
	} else {
		p("#### %s — %s (%s)\n\n", g.Cause.Title, strings.ToUpper(g.Cause.Verdict[:1])+g.Cause.Verdict[1:], counts)
	}
	p("- minimal input to `%s`: %s\n", ex.Op, code(ex.ShowInput()))
	p("- expected: %s\n", code(ex.ShowWant()))
	p("- got: %s\n", code(ex.ShowGot()))
	if ex.Fuzz {
		p("- found by `pctest fuzz`\n")
	} else {
		p("- vector: `%s`", ex.ID)
		if ex.Ref != "" {
			p(" (%s)", ex.Ref)
		}
		p("\n")
	}
	if c := g.Cause; c != nil {
		p("- spec: %s\n", c.Spec)
		if c.Docs != "" {
			p("- docs: [%s](%s)", linkText(c.Docs), c.Docs)
			if c.Quote != "" {
				p(": “%s”", c.Quote)
			}
			p("\n")
		}
		p("- why: %s\n", c.Explain)
		if c.Impact != "" {
			p("- impact: %s\n", c.Impact)
		}
		if c.Known != "" {
			p("- known: %s\n", c.Known)
		}
	}
	var ids []string
	for _, r := range g.Results {
		if r != ex && !r.Fuzz {
			ids = append(ids, r.ID)
		}
	}
	if len(ids) > 0 {
		more := ""
		if len(ids) > maxListed {
			more = fmt.Sprintf(" and %d more", len(ids)-maxListed)
			ids = ids[:maxListed]
		}
		p("- also: %s%s\n", "`"+strings.Join(ids, "`, `")+"`", more)
	}
	for _, r := range g.Results {
		if r != ex && r.Fuzz {
			p("- also found by fuzz: %s → %s\n", code(r.ShowInput()), code(r.ShowGot()))
		}
	}
	p("\n")
}

func rowVersion(rr *RowReport) string {
	v := rr.Meta.Version
	if len(rr.Meta.Debian) > 0 {
		if v != "" {
			v += "; "
		}
		v += "Debian " + strings.Join(rr.Meta.Debian, ", ")
	}
	if v == "" {
		return "—"
	}
	return v
}

func fuzzCell(rr *RowReport) string {
	switch {
	case rr.Row.NoFuzz:
		return "—"
	case rr.Fuzz == nil:
		return "not run"
	}
	return fmt.Sprint(len(rr.Fuzz.Findings))
}

func fuzzSentence(rr *RowReport) string {
	switch {
	case rr.Row.NoFuzz:
		return "not fuzzed (it is the reference)"
	case rr.Fuzz == nil:
		return "not fuzzed"
	}
	s := "fuzz " + rr.Meta.Fuzzed + ": " + strings.TrimSpace(rr.Fuzz.Summary)
	if rr.Fuzz.Incident != "" {
		s += " (testee: " + rr.Fuzz.Incident + ")"
	}
	return s
}

func shortAbsent(s string) string {
	if i := strings.Index(s, ":"); i > 0 {
		return s[:i]
	}
	return s
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

func orDash(s string) string {
	if s == "" {
		return "—"
	}
	return s
}

// linkText shortens a URL for a link's text: host and path.
func linkText(url string) string {
	s := strings.TrimPrefix(url, "https://")
	if len(s) > 80 {
		s = s[:77] + "…"
	}
	return s
}

// code renders s as a Markdown code span, whatever backticks it holds.
func code(s string) string {
	fence := "`"
	for strings.Contains(s, fence) {
		fence += "`"
	}
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") || s == "" {
		return fence + " " + s + " " + fence
	}
	return fence + s + fence
}

// mdLinkText escapes what would break a link's text in a table cell.
func mdLinkText(s string) string {
	return strings.NewReplacer("[", `\[`, "]", `\]`, "`", "\\`").Replace(mdCell(s))
}

// mdCell escapes what would break a table cell.
func mdCell(s string) string {
	return strings.NewReplacer("|", `\|`, "\n", " ").Replace(s)
}
