package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/pctest/pctest/internal/show"
	"github.com/pctest/pctest/vectors"
)

// writeBugPages writes one Markdown page per bug of the registries into
// dir, named after the bug's id (bugPage), whether or not this run saw
// it (every bug has a page, or it is not a bug), and removes the pages of
// bugs the registries no longer have.
func writeBugPages(dir string, rep *Report) error {
	keep := map[string]bool{}
	seen := map[*Cause]*CauseSection{}
	for _, s := range append(rep.bugSections(), rep.fixedSections()...) {
		seen[s.Cause] = s
	}
	for _, c := range rep.Causes {
		if c.Verdict != VerdictBug {
			continue
		}
		name := bugPage(c)
		keep[name] = true
		if err := os.WriteFile(filepath.Join(dir, name), []byte(bugMarkdown(rep, c, seen[c])), 0o644); err != nil {
			return err
		}
	}
	old, err := filepath.Glob(filepath.Join(dir, "*.md"))
	if err != nil {
		return err
	}
	for _, f := range old {
		if !keep[filepath.Base(f)] {
			if err := os.Remove(f); err != nil {
				return err
			}
		}
	}
	return nil
}

// bugPage is the file name of a bug's page.
func bugPage(c *Cause) string { return slug(c.ID) + ".md" }

// bugSections returns the open bugs (Cause.open) that the report saw,
// each with every row it covers: one per root cause.
func (rep *Report) bugSections() []*CauseSection {
	return rep.bugSectionsWhere(true)
}

// fixedSections returns the bugs of the surveyed versions that upstream
// has fixed (or declined) since, which the report saw: labelled "fixed in
// X", not counted as bugs.
func (rep *Report) fixedSections() []*CauseSection {
	return rep.bugSectionsWhere(false)
}

func (rep *Report) bugSectionsWhere(open bool) []*CauseSection {
	var out []*CauseSection
	for _, s := range rep.causeSections() {
		if s.Cause.Verdict == VerdictBug && s.Cause.open() == open && len(s.ThirdParty()) > 0 {
			out = append(out, s)
		}
	}
	return out
}

// ThirdParty returns the section's entries other than the reference's.
func (s *CauseSection) ThirdParty() []BugLine {
	var out []BugLine
	for _, e := range s.Entries {
		if e.Row.Row.Impl != "reference" {
			out = append(out, e)
		}
	}
	return out
}

// runOn returns c's recorded run on the surveyed or latest version.
func (c *Cause) runOn(on string) *vectors.Run {
	if c.Evidence == nil {
		return nil
	}
	for i := range c.Evidence.Runs {
		if c.Evidence.Runs[i].On == on {
			return &c.Evidence.Runs[i]
		}
	}
	return nil
}

// bugMarkdown writes a bug's page so that it pastes into the library's
// tracker as it stands: a title; the surveyed and the latest version and
// whether the latest still fails; the call of the library in its own
// language, with what it prints and what the spec asks; the spec's clause
// linked and quoted; the docs' claim linked and quoted; what the
// function's tests, source and changelog say; the upstream status; the
// command that runs the reproduction. What pctest saw (s, nil when this
// run did not see it) comes last.
func bugMarkdown(rep *Report, c *Cause, s *CauseSection) string {
	var b strings.Builder
	p := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	e := c.Evidence
	if e == nil {
		e = &vectors.Evidence{}
	}
	p("# %s\n\n", c.Title)
	switch {
	case c.upstreamStatus() == vectors.UpstreamDeclined:
		p("**%s.** Upstream declined to change it (Upstream, below), so the survey does not count it as an open bug: this page records it as the surveyed version has it.\n\n", capitalize(c.Label()))
	case !c.open():
		p("**%s.** The latest upstream no longer has this bug, so the survey does not count it as one: this page records it as the surveyed version has it, and where upstream fixed it (Upstream, below). Nothing to file.\n\n", capitalize(c.Label()))
	}

	p("## Versions\n\n")
	if r := c.runOn(vectors.RunSurveyed); r != nil {
		p("- **Surveyed:** %s — the reproduction printed %s.\n", r.Version, code(r.Printed))
	}
	if r := c.runOn(vectors.RunLatest); r != nil {
		at := r.Version
		if r.Commit != "" {
			at += " (commit `" + r.Commit[:12] + "`)"
		}
		switch {
		case r.NotRun != "":
			p("- **Latest:** %s — not run (%s); %s\n", at, r.NotRun, r.How)
		case c.Repro != nil && r.Printed == c.Repro.Actual && !c.open():
			p("- **Latest:** %s — **still fails** there: the reproduction printed %s (%s); upstream fixed it after that (%s).\n", at, code(r.Printed), r.How, c.Label())
		case c.Repro != nil && r.Printed == c.Repro.Actual:
			p("- **Latest:** %s — **still fails**: the reproduction printed %s (%s).\n", at, code(r.Printed), r.How)
		default:
			p("- **Latest:** %s — **fixed**: the reproduction printed %s (%s).\n", at, code(r.Printed), r.How)
		}
	}
	for _, row := range c.Rows {
		if rr := rep.row(row); rr != nil {
			p("- Row `%s`: %s; %s\n", row, rr.Row.Library, rowVersion(rr))
		}
	}

	p("\n## The call\n\n")
	if r := c.Repro; r != nil {
		file := filepath.Join(c.reproDir(), r.File)
		if src, err := os.ReadFile(filepath.Join(rootOf(rep), file)); err == nil {
			p("```%s\n%s\n```\n\n", fenceLang(r.File), strings.TrimRight(string(src), "\n"))
		}
		p("- expected (the spec): %s\n- actual: %s\n\n", code(r.Expected), code(r.Actual))
		p("Run as %s (from `%s`; `{file}` is the program, `{out}` a build directory).", code(show.Command(r.Argv)), filepath.ToSlash(file))
		if res, ok := rep.Repros[c.ID]; ok {
			switch {
			case res.Shows(c):
				p(" This survey's run printed %s.\n\n", code(res.Got))
			case res.Error != "":
				p(" In this survey's run it failed: %s\n\n", res.Error)
			default:
				p(" In this survey's run it printed %s instead.\n\n", code(res.Got))
			}
		} else {
			p("\n\n")
		}
	}

	p("## The spec\n\n")
	if sp := e.Spec; sp != nil {
		p("[%s](%s):\n\n%s\n\n", linkText(sp.URL), sp.URL, blockquote(sp.Quote))
	} else {
		p("%s\n\n", c.Spec)
	}
	p("## The documentation\n\n")
	switch cl := e.Claim; {
	case cl != nil:
		p("[%s](%s), of `%s`:\n\n%s\n\n", linkText(cl.URL), cl.URL, cl.Function, blockquote(cl.Quote))
	case c.Docs != "" && c.Quote != "":
		p("[%s](%s):\n\n%s\n\n", linkText(c.Docs), c.Docs, blockquote(c.Quote))
	default:
		p("None quoted.\n\n")
	}
	p("## Why this is a bug\n\n%s\n\n", c.Explain)
	if c.Impact != "" {
		p("Impact: %s\n\n", c.Impact)
	}
	if len(e.Intent) > 0 {
		p("Looked for a sign that it is intended:\n\n")
		for _, in := range e.Intent {
			p("- %s ([link](%s)): %s\n", in.Kind, in.URL, in.Says)
		}
		p("\n")
	}

	p("## Upstream\n\n")
	if u := e.Upstream; u != nil {
		p("Status: **%s**", u.Status)
		if u.FixedIn != "" {
			p(" (fixed in %s)", u.FixedIn)
		}
		p(".")
		for _, l := range u.Links {
			p(" <%s>", l)
		}
		p(" Searched %s on %s for %s.\n\n", u.Search.Where, u.Search.Date, strings.Join(quoteEach(u.Search.Queries), ", "))
	} else if c.Known != "" {
		p("Already reported: %s\n\n", c.Known)
	} else {
		p("Not recorded.\n\n")
	}

	var threads []UpstreamLine
	for _, u := range rep.Upstream {
		if k, id := u.standing(); k == reportFound && id == c.ID {
			threads = append(threads, u)
		}
	}
	if len(threads) > 0 {
		p("Reports of it in the tracker:\n\n")
		for _, u := range threads {
			p("- [%s](%s) (%s): %s\n", orDash(u.Title), u.URL, u.Status, u.Behaviour)
		}
		p("\n")
	}

	p("## Found by pctest\n\n")
	p("The pctest field survey (%s, suite %s); bug id `%s`; the function claims %s.", rep.Generated.Format("2006-01-02"), code(orDash(rep.Suite)), c.ID, orDash(c.Claim))
	if s == nil {
		p(" This survey run saw none of its divergences: its rows did not run, or none of the vectors and fuzz cases they ran showed it (the reproduction above says whether the bug still holds).\n")
		return b.String()
	}
	entries := s.ThirdParty()
	ex := entries[0].Group.Minimal
	p(" Its smallest input, as pctest's `%s` op: %s.\n\n", ex.Vector.Op, code(ex.ShowInput()))
	writeExample(&b, ex, "actual")
	if len(entries) > 1 {
		p("\nThe same root cause in every implementation above:\n\n")
		for _, e := range entries {
			m := e.Group.Minimal
			p("- %s: %s to `%s` → expected %s, got %s (%s)\n", e.Row.Row.Name, code(m.ShowInput()), m.Vector.Op, code(m.ShowWant()), code(m.ShowGot()), plural(len(e.Group.Results), "divergence"))
		}
	}
	return b.String()
}

// blockquote sets text as a Markdown quotation, line by line.
func blockquote(text string) string {
	return "> " + strings.ReplaceAll(strings.TrimSpace(text), "\n", "\n> ")
}

// quoteEach writes each string in double quotes.
func quoteEach(list []string) []string {
	out := make([]string, len(list))
	for i, s := range list {
		out[i] = fmt.Sprintf("%q", s)
	}
	return out
}

// rootOf returns the module's root the report was made in.
func rootOf(rep *Report) string { return rep.root }

// fenceLang names the language of a program for a fenced code block.
func fenceLang(file string) string {
	switch ext := strings.TrimPrefix(filepath.Ext(file), "."); ext {
	case "py":
		return "python"
	case "rb":
		return "ruby"
	case "js", "mjs", "cjs":
		return "javascript"
	case "pl", "pm":
		return "perl"
	case "rs":
		return "rust"
	case "cc", "cpp", "cxx":
		return "cpp"
	case "cs":
		return "csharp"
	case "el":
		return "elisp"
	case "ex", "exs":
		return "elixir"
	case "hs":
		return "haskell"
	case "ml":
		return "ocaml"
	case "clj":
		return "clojure"
	case "lisp":
		return "lisp"
	case "rkt":
		return "racket"
	case "scm":
		return "scheme"
	default:
		return ext
	}
}

// slug returns s as an HTML id or a file name: lower-case letters, digits,
// '-', '_' and '.', every other run of characters as one '-'.
func slug(s string) string {
	var b strings.Builder
	dash := false
	for _, c := range strings.ToLower(s) {
		switch {
		case c >= 'a' && c <= 'z', c >= '0' && c <= '9', c == '_', c == '.':
			b.WriteRune(c)
			dash = false
		case !dash:
			b.WriteByte('-')
			dash = true
		}
	}
	return strings.Trim(b.String(), "-")
}

// row returns the report of the row named name, nil when the report has
// none.
func (rep *Report) row(name string) *RowReport {
	for _, rr := range rep.Rows {
		if rr.Row.Name == name {
			return rr
		}
	}
	return nil
}
