package main

import (
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strings"

	"github.com/pctest/pctest/internal/show"
)

// maxListed is how many vector ids a group lists besides its example.
const maxListed = 12

// markdown renders the report as GitHub-flavoured Markdown: the
// scoreboard, a matrix per family, the bugs with their reproductions, the
// causes of divergence with their verdicts, and the implementations.
func markdown(rep *Report) string {
	var b strings.Builder
	p := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }

	rows, _ := rep.counts()
	ec := rep.engineCount()
	langs := rep.languages()
	p("# The pctest field survey\n\n")
	p("%s Suite %s, %d vectors per row. ", rep.provenance(func(s string) string { return "`" + s + "`" }), code(orDash(rep.Suite)), rep.Vectors)
	switch ft := rep.fuzzTime(); ft {
	case "":
		p("`pctest fuzz` did not run. ")
	case "varied":
		p("`pctest fuzz` ran on each row for the time its score line shows (most rows the survey's default, a few slow testees less). ")
	default:
		p("`pctest fuzz` ran for %s on each row. ", ft)
	}
	p("%s", rep.fuzzFailureText(func(s string) string { return "`" + s + "`" }, func(s string) string { return "**" + s + "**" }, func(s string) string { return s }))
	bugs, bugRows := rep.bugCounts()
	p("**%d implementations** (rows) in **%d languages**; %s. **%d bugs** (distinct root causes) found in %d rows%s. ", rows, len(langs), engineSentence(ec, func(s string) string { return "**" + s + "**" }), bugs, bugRows, fixedClause(len(rep.fixedSections())))
	p("Every cell and every example below is the output of the implementation named. What is written by hand is the mapping of functions to ops (each testee's `mapping.json` under `survey/testees/`) and the verdicts (the registries: `vectors/deviations.json`, `survey/verdicts.json` and each testee's `verdicts.json`). `results.json` beside this file holds the same results for programs, and `bugs/` a page per bug, fileable as it stands.\n\n")
	p("Languages: %s.\n\n", strings.Join(langs, ", "))
	p("- [Scores by family](#scores) · [Scores by op](#ops)\n")
	fams := rep.buildFamilies()
	for _, f := range fams {
		p("- [%s](#%s)\n", f.Title, f.ID)
	}
	if rep.browserView() != nil {
		p("- [Browsers](#browsers)\n")
	}
	p("- [Bugs](#bugs) · [What was judged](#judged) · [Bugs users reported upstream](#upstream) · [Causes and verdicts](#causes) · [Implementations](#implementations) · [Not surveyed](#not-surveyed)\n\n")

	p("<a id=\"scores\"></a>\n## Scores by family\n\n")
	p("Rows are ranked only against rows of the same family, on that family's ops: vectors passed of those run (expected failures count as failures, skipped vectors do not). ")
	p("A row passes clean only when fuzzing (`pctest fuzz` against the reference codec) found nothing on those ops either. Bugs: distinct root causes on those ops that the latest upstream still has (and, in parentheses, those fixed upstream since the surveyed version); fuzz: findings on those ops, and how long fuzzing ran on the row.\n\n")
	for _, f := range fams {
		sc := f.scores()
		if len(sc) == 0 {
			continue
		}
		p("**%s**\n\n| # | implementation | language | ops | pass rate | passed / run | bugs | fuzz |\n|---|---|---|---|---|---|---|---|\n", f.Title)
		for i, s := range sc {
			p("| %d | %s | %s | %d | %s | %d / %d | %s | %s |\n", i+1, s.Row.Row.Name, s.Row.Row.Language, s.Ops, s.RateText(), s.Passed, s.Ran, s.BugsText(), s.FuzzText())
		}
		p("\n")
	}
	p("Rows that did not run are listed under [Not surveyed](#not-surveyed).\n\n")
	p("<a id=\"ops\"></a>\n## Scores by op\n\n| op | rows | clean rows | passed / run | bugs |\n|---|---|---|---|---|\n")
	for _, o := range rep.opScores() {
		p("| `%s` | %d | %d | %d / %d | %s |\n", o.Op, o.Rows, o.Clean, o.Passed, o.Ran, zeroDash(o.Bugs))
	}
	p("\nClean rows: every vector of the op passed and fuzzing found nothing on it. Bugs: distinct root causes with a divergence on the op that the latest upstream still has.\n\n")

	p("## Matrices\n\n")
	p("Each cell: passed/failed/skipped vectors of that op. ✓ all passed, ✗ some failed, ~ failures all expected (known engine deviations), · the row does not implement the op. ")
	p("Fuzzing compares with the reference codec, so it covers only the ops the reference implements here (%s), and only inputs the reference takes: a lone surrogate has no UTF-8, so text ops other than the ECMAScript ones are fuzzed on well-formed text. ", strings.Join(rep.referenceOps(), ", "))
	p("An input the testee answers \"unsupported\" (a lone surrogate in a language whose strings are UTF-8, octets that are not UTF-8 for a string function) is skipped.\n\n")
	for _, f := range fams {
		p("<a id=\"%s\"></a>\n### %s\n\n%s\n\n| implementation |", f.ID, f.Title, f.About)
		for _, op := range f.Ops {
			p(" %s |", op)
		}
		p(" fuzz |\n|---|")
		for range f.Ops {
			p("---|")
		}
		p("---|\n")
		for _, rr := range f.Rows {
			p("| %s |", rr.Row.Name)
			if rr.Absent != "" {
				for range f.Ops {
					p(" |")
				}
				p(" %s |\n", mdCell(shortAbsent(rr.Absent)))
				continue
			}
			for _, op := range f.Ops {
				p(" %s |", cellText(rr.Cells[string(op)]))
			}
			p(" %s |\n", fuzzCell(rr))
		}
		p("\n")
	}

	writeBrowsersMarkdown(&b, rep)

	p("<a id=\"bugs\"></a>\n## Bugs found in third-party implementations\n\n")
	p("One entry per root cause that the latest upstream release or default branch still has, with every row it was seen in; each has a page under [`bugs/`](bugs/) with the spec text, the library's own words and the reproduction.\n\n")
	secs := rep.bugSections()
	if len(secs) == 0 {
		p("None.\n\n")
	}
	for i, s := range secs {
		c := s.Cause
		entries := s.ThirdParty()
		var names []string
		for _, e := range entries {
			names = append(names, e.Row.Row.Name)
		}
		ex := entries[0].Group.Minimal
		p("%d. [**%s**](bugs/%s) — %s. Minimal input %s to `%s`: expected %s, got %s. Spec: %s.", i+1, c.ID, bugPage(c), c.Title, code(ex.ShowInput()), ex.Vector.Op, code(ex.ShowWant()), code(ex.ShowGot()), c.Spec)
		if c.Repro != nil {
			p(" Reproduction: [`%s`](%s) prints %s; expected %s%s.", c.Repro.File, reproLink(c), code(c.Repro.Actual), code(c.Repro.Expected), reproStatus(rep, c))
		}
		p("\n   Rows: %s.\n", strings.Join(names, ", "))
	}
	if fs := rep.fixedSections(); len(fs) > 0 {
		p("\n### Fixed upstream since the surveyed version\n\n")
		p("Bugs of the versions surveyed that the latest upstream release or default branch no longer has (labelled **fixed in X**), or that upstream declined to change: not counted above. Each page says where it was fixed.\n\n")
		for _, s := range fs {
			c := s.Cause
			var names []string
			for _, e := range s.ThirdParty() {
				names = append(names, e.Row.Row.Name)
			}
			p("- [**%s**](bugs/%s) — %s: %s. Rows: %s.\n", c.ID, bugPage(c), capitalize(c.Label()), c.Title, strings.Join(names, ", "))
		}
	}
	if ns := rep.notSeen(); len(ns) > 0 {
		p("\nNot seen in this run (bugs of the registries that no divergence of this run showed; their rows did not run, or no longer diverge):\n\n")
		for _, c := range ns {
			p("- `%s` (%s; %s): %s\n", c.ID, strings.Join(c.Rows, ", "), c.Label(), c.Title)
		}
	}
	p("\n")

	writeJudgedMarkdown(&b, rep)
	writeUpstreamMarkdown(&b, rep)

	p("<a id=\"causes\"></a>\n## Causes of divergence, with verdicts\n\n")
	p("Verdicts: **bug** — it contradicts the spec the implementation says it implements for that function, or its own docs or tests, and the latest upstream release or default branch still does; **fixed in X** — such a bug of the surveyed version that upstream has fixed since; ")
	p("**older spec** — it follows an older spec it claims (RFC 2396, HTML 4.01, IDNA2003, an older WHATWG text); ")
	p("**deliberate** — its tests assert it, or a source comment, changelog or maintainer says it is intended; ")
	p("**engine lag** — an engine behind a spec change; ")
	p("**documented deviation** — its published docs state the behaviour. ")
	p("No label (**implementation-defined**, **unmapped**) where the spec is silent, asks only SHOULD, or the function claims no spec the op covers. ")
	p("A function that turned out to claim a different op was re-mapped in its testee instead of being listed here.\n\n")
	for _, s := range rep.causeSections() {
		writeCause(&b, rep, s)
	}
	if rep.Unclassified > 0 {
		p("### Unclassified\n\n")
		for _, rr := range rep.Rows {
			for _, g := range rr.Groups {
				if g.Cause == nil {
					p("**%s**:\n\n", rr.Row.Name)
					writeGroup(&b, g) // g.Cause is nil
				}
			}
		}
	}

	p("<a id=\"implementations\"></a>\n## Implementations\n\n")
	p("| row | language | library | version | functions → ops | functions mapped / listed | run + fuzz |\n|---|---|---|---|---|---|---|\n")
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
		took := secondsText(rr)
		if f := fuzzSentence(rr); f != "" {
			took += "; " + mdCell(f)
		}
		p("| %s | %s | %s | %s | %s | %s | %s |\n", rr.Row.Name, rr.Row.Language, mdCell(rr.Row.Library), mdCell(rowVersion(rr)), strings.Join(fns, "<br>"), mappedText(rr), took)
	}
	p("\n")

	if len(rep.Pins) > 0 {
		p("Debian packages as installed (testee.json pins a Debian update as `…+deb12u*`, which stays installable when the next update replaces it; the exact version is recorded here and in `results.json`): ")
		var pins []string
		for _, k := range slices.Sorted(maps.Keys(rep.Pins)) {
			name, _, _ := strings.Cut(k, "=")
			pins = append(pins, fmt.Sprintf("%s %s", name, orDash(rep.Pins[k])))
		}
		p("%s.\n\n", strings.Join(pins, ", "))
	}

	p("<a id=\"not-surveyed\"></a>\n## Not surveyed\n\n")
	any := false
	for _, rr := range rep.Rows {
		if rr.Absent != "" {
			p("- **%s** (%s): %s\n", rr.Row.Name, rr.Row.Language, rr.Absent)
			any = true
		}
	}
	for _, u := range rep.Unavailable {
		p("- **%s** (%s): %s\n", u.Name, u.Language, u.Reason)
		any = true
	}
	if !any {
		p("Every row ran.\n")
	}
	p("\n")

	p("## Reproducing\n\n")
	p("    make survey                    # installs, builds, runs every row, writes this report\n")
	p("    make survey ROWS='engine-'     # reruns the rows whose name matches\n")
	p("    go run ./survey -report-only   # rewrites the report from survey/work/results\n\n")
	p("A divergence no cause matches is listed as unclassified and makes `make survey` fail, and so does a reproduction that no longer shows its bug.\n")
	return b.String()
}

// writeCause writes one cause with the rows it explains.
func writeCause(b *strings.Builder, rep *Report, s *CauseSection) {
	p := func(format string, args ...any) { fmt.Fprintf(b, format, args...) }
	c := s.Cause
	p("### %s — %s\n\n", c.Title, capitalize(c.Label()))
	p("- spec: %s\n", c.Spec)
	if c.Change != "" {
		p("- the change it lags behind: %s\n", c.Change)
	}
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
	if c.Repro != nil {
		p("- reproduction: [`%s`](%s) (`%s`) prints %s; expected %s%s\n", c.Repro.File, reproLink(c), strings.Join(c.Repro.Argv, " "), code(c.Repro.Actual), code(c.Repro.Expected), reproStatus(rep, c))
	}
	for _, e := range s.Entries {
		g := e.Group
		ex := g.Minimal
		counts := plural(g.Vectors, "vector")
		if g.Fuzz > 0 {
			counts += ", " + plural(g.Fuzz, "fuzz finding")
		}
		where := "found by `pctest fuzz`"
		if !ex.Fuzz {
			where = "vector `" + ex.Vector.ID + "`"
		}
		p("- **%s** (%s): %s to `%s` → expected %s, got %s (%s)\n", e.Row.Row.Name, counts, code(ex.ShowInput()), ex.Vector.Op, code(ex.ShowWant()), code(ex.ShowGot()), where)
	}
	p("\n")
}

// reproLink returns the path of c's reproduction relative to survey/.
func reproLink(c *Cause) string {
	rel, err := filepath.Rel("survey", filepath.Join(c.reproDir(), c.Repro.File))
	if err != nil {
		return c.Repro.File
	}
	return filepath.ToSlash(rel)
}

// reproStatus says whether the survey's run of the reproduction still
// showed the bug.
func reproStatus(rep *Report, c *Cause) string {
	r, ok := rep.Repros[c.ID]
	switch {
	case !ok:
		return " (not run in this survey)"
	case r.Shows(c):
		return " (checked in this survey)"
	case r.Error != "":
		return " (it failed in this survey: " + r.Error + ")"
	}
	return fmt.Sprintf(" (it printed %q in this survey)", r.Got)
}

// fixedClause is the headline's note of the bugs fixed upstream since the
// surveyed version: "" when there are none.
func fixedClause(n int) string {
	if n == 0 {
		return ""
	}
	return fmt.Sprintf(", and %d more that upstream has fixed since the surveyed version (labelled fixed in X)", n)
}

func zeroDash(n int) string {
	if n == 0 {
		return ""
	}
	return fmt.Sprint(n)
}

// fuzzSentence writes what pctest fuzz did on a row: how many cases, how
// fast, the findings, and the incidents of the testee (crashes, timeouts,
// and those charged to no request), or why it could not fuzz; "" for a row
// that is not fuzzed.
func fuzzSentence(rr *RowReport) string {
	switch {
	case rr.Row.NoFuzz || rr.Fuzz == nil:
		return ""
	case rr.fuzzFailed():
		return "fuzz " + fuzzWithTime(rr)
	}
	s := "fuzz " + rr.Meta.Fuzzed + ": " + strings.TrimSpace(rr.Fuzz.Summary)
	if rr.Fuzz.Incident != "" {
		s += " (testee: " + rr.Fuzz.Incident + ")"
	}
	return s
}

// fuzzWithTime writes a row's fuzz findings and the time fuzzing ran, or
// why pctest fuzz could not fuzz it.
func fuzzWithTime(rr *RowReport) string {
	if rr.fuzzFailed() {
		return "not run (" + rr.Fuzz.NotRun + ")"
	}
	c := fuzzCell(rr)
	if rr.fuzzed() {
		c += " (" + rr.Meta.Fuzzed + ")"
	}
	return c
}

// secondsText writes how long the row's run and fuzzing took.
func secondsText(rr *RowReport) string {
	if rr.Meta.Seconds == 0 {
		return "—"
	}
	return fmt.Sprintf("%.0f s", rr.Meta.Seconds)
}

// writeGroup writes a group of divergences no cause explains (the report's
// Unclassified section): its minimal example, the spec step involved, and
// the other vectors that show it.
func writeGroup(b *strings.Builder, g *Group) {
	p := func(format string, args ...any) { fmt.Fprintf(b, format, args...) }
	counts := plural(g.Vectors, "vector")
	if g.Fuzz > 0 {
		counts += ", " + plural(g.Fuzz, "fuzz finding")
	}
	ex := g.Minimal
	p("#### %s (%s)\n\n", g.Title(), counts)
	p("- minimal input to `%s`: %s\n", ex.Vector.Op, code(ex.ShowInput()))
	writeExample(b, ex, "got")
	if g.Relation != nil {
		p("- spec step involved: %s\n", g.Relation.Step)
	}
	var ids []string
	for _, r := range g.Results {
		if r != ex && !r.Fuzz {
			ids = append(ids, r.Vector.ID)
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
	case rr.Fuzz.NotRun != "":
		return fmt.Sprintf("not run (exit %d)", rr.Meta.FuzzExit)
	}
	return fmt.Sprint(len(rr.Fuzz.Findings))
}

func shortAbsent(s string) string {
	if i := strings.Index(s, ":"); i > 0 {
		return s[:i]
	}
	return s
}

// plural writes n and what, a noun that takes an s: "1 vector", "3 vectors".
func plural(n int, what string) string { return show.Count(n, what, what+"s") }

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

// engineSentence says how many engine rows ran and how many distinct
// engines they are, with bold(s) around the main figures.
func engineSentence(n EngineCount, bold func(string) string) string {
	s := bold(fmt.Sprintf("%d of them ECMAScript engine rows: %d distinct engines", n.Rows, n.Distinct))
	var more []string
	if n.Forks > 0 {
		more = append(more, plural(n.Forks, "fork"))
	}
	if n.Versions > 0 {
		more = append(more, fmt.Sprintf("%d further versions or embeddings of an engine counted", n.Versions))
	}
	if len(more) > 0 {
		s += ", " + strings.Join(more, " and ")
	}
	return s
}

// writeExample writes the expected and the actual answer of ex, as list
// items, the actual one named got, and where ex comes from.
func writeExample(b *strings.Builder, ex *Result, got string) {
	fmt.Fprintf(b, "- expected: %s\n- %s: %s\n", code(ex.ShowWant()), got, code(ex.ShowGot()))
	if ex.Fuzz {
		b.WriteString("- found by `pctest fuzz`\n")
		return
	}
	fmt.Fprintf(b, "- vector: `%s`", ex.Vector.ID)
	if ex.Vector.Ref != "" {
		fmt.Fprintf(b, " (%s)", ex.Vector.Ref)
	}
	b.WriteString("\n")
}

// writeJudgedMarkdown writes what the survey judged, by distinct root
// cause (Report.judged).
func writeJudgedMarkdown(b *strings.Builder, rep *Report) {
	fmt.Fprintf(b, "<a id=\"judged\"></a>\n## What was judged, by root cause\n\n")
	fmt.Fprintf(b, "Each registry entry is one root cause, counted once however many rows it covers, whether or not this run showed it (the bugs it did not show are listed under Bugs, \"Not seen in this run\"). A bug counts as open when the reproduction still fails on the latest upstream release or default branch; every bug was read by a reviewer who argued the maintainer's side (its entry records the review).\n\n| | root causes |\n|---|---|\n")
	for _, t := range rep.judged() {
		fmt.Fprintf(b, "| %s | %d |\n", t.What, t.Count)
	}
	fmt.Fprintf(b, "\n")
}

// writeUpstreamMarkdown writes the reports the libraries' trackers hold
// in an op's scope: those the survey finds, and why it does not find the
// rest.
func writeUpstreamMarkdown(b *strings.Builder, rep *Report) {
	found, rest := rep.upstreamInScope()
	fmt.Fprintf(b, "<a id=\"upstream\"></a>\n## Bugs users reported upstream: found %d of %d in scope\n\n", len(found), len(found)+len(rest))
	kinds := map[string]int{}
	for _, u := range rest {
		k, _ := u.standing()
		kinds[k]++
	}
	fmt.Fprintf(b, "The trackers and repositories of the surveyed libraries, searched for reports about percent-encoding, decoding, escaping, quoting and normalization (each testee directory's `upstream-reports.json`; %d reports, %d in the scope of an op). Of those in scope, %d were fixed before the surveyed version, %d ask for what the spec does not (no divergence), %d were disputed upstream, %d show only on implementation-defined inputs, %d do not affect the surveyed version, and **%d are missed** (listed below with why). Found: the survey's entry that shows it; its bug page links the thread.\n\n",
		len(rep.Upstream), len(found)+len(rest), kinds[reportFixedBefore], kinds[reportNoDivergence], kinds[reportDisputed], kinds[reportNotJudged], kinds[reportNotApplicable], kinds[reportMissed])
	if len(found) > 0 {
		fmt.Fprintf(b, "| report | library | behaviour | found by |\n|---|---|---|---|\n")
		for _, u := range found {
			_, id := u.standing()
			fmt.Fprintf(b, "| <%s> | %s | %s | `%s` |\n", u.URL, u.Dir, mdCell(u.Behaviour), id)
		}
		fmt.Fprintf(b, "\n")
	}
	if len(rest) > 0 {
		fmt.Fprintf(b, "Not found, and why:\n\n| report | library | behaviour | input | status | why |\n|---|---|---|---|---|---|\n")
		for _, u := range rest {
			fmt.Fprintf(b, "| <%s> | %s | %s | %s | %s | %s |\n", u.URL, u.Dir, mdCell(u.Behaviour), code(u.Input), mdCell(u.Status), mdCell(u.Survey))
		}
		fmt.Fprintf(b, "\n")
	}
}

// mappedText says how many of a row's library's functions are mapped.
func mappedText(rr *RowReport) string {
	l, m := functionCountsOf(rr)
	if l < 0 {
		return "—"
	}
	return fmt.Sprintf("%d / %d", m, l)
}

// capitalize writes s with its first letter (ASCII) in upper case: a
// label at the start of a heading or sentence.
func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
