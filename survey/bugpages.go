package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// writeBugPages writes one Markdown page per bug of the report into dir,
// named after the bug's id (bugPage), and removes the pages of bugs the
// report no longer has.
func writeBugPages(dir string, rep *Report) error {
	keep := map[string]bool{}
	for _, s := range rep.bugSections() {
		name := bugPage(s.Cause)
		keep[name] = true
		if err := os.WriteFile(filepath.Join(dir, name), []byte(bugMarkdown(rep, s)), 0o644); err != nil {
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

// bugSections returns the causes judged bugs that the report saw, each
// with every row it covers: one per root cause.
func (rep *Report) bugSections() []*CauseSection {
	var out []*CauseSection
	for _, s := range rep.causeSections() {
		if s.Cause.Verdict == VerdictBug && len(s.ThirdParty()) > 0 {
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

// bugMarkdown writes a bug's page: what a maintainer needs to accept the
// report as it stands. The implementation and its version, the minimal
// input with the expected and the actual answer, the spec's clause, the
// library's own words, and the reproduction in the library's language with
// what it printed.
func bugMarkdown(rep *Report, s *CauseSection) string {
	var b strings.Builder
	p := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	c := s.Cause
	entries := s.ThirdParty()
	first := entries[0]
	var names []string
	for _, e := range entries {
		names = append(names, e.Row.Row.Library)
	}
	p("# %s\n\n", c.Title)
	p("Found by the pctest field survey (%s, suite %s); bug id `%s`.\n\n", rep.Generated.Format("2006-01-02"), code(orDash(rep.Suite)), c.ID)
	p("## Implementation\n\n")
	for _, e := range entries {
		p("- **%s** — %s; version: %s\n", e.Row.Row.Name, e.Row.Row.Library, rowVersion(e.Row))
	}
	if c.Claim != "" {
		p("\nThe function claims: %s.\n", c.Claim)
	}
	ex := first.Group.Minimal
	p("\n## Minimal input\n\n")
	p("`%s` on the input %s\n\n", ex.Vector.Op, code(ex.ShowInput()))
	writeExample(&b, ex, "actual")
	if len(entries) > 1 {
		p("\nThe same root cause in every implementation above:\n\n")
		for _, e := range entries {
			m := e.Group.Minimal
			p("- %s: %s to `%s` → expected %s, got %s (%s)\n", e.Row.Row.Name, code(m.ShowInput()), m.Vector.Op, code(m.ShowWant()), code(m.ShowGot()), plural(len(e.Group.Results), "divergence"))
		}
	}
	p("\n## The spec\n\n> %s\n\n", c.Spec)
	p("## The library's documentation\n\n")
	switch {
	case c.Docs != "" && c.Quote != "":
		p("[%s](%s):\n\n> %s\n\n", linkText(c.Docs), c.Docs, c.Quote)
	case c.Docs != "":
		p("[%s](%s)\n\n", linkText(c.Docs), c.Docs)
	default:
		p("None quoted.\n\n")
	}
	p("## Why this is a bug\n\n%s\n\n", c.Explain)
	if c.Impact != "" {
		p("Impact: %s\n\n", c.Impact)
	}
	if c.Known != "" {
		p("Already reported: %s\n\n", c.Known)
	}
	p("## Reproduction\n\n")
	if r := c.Repro; r != nil {
		file := filepath.Join(c.reproDir(), r.File)
		p("`%s`, run as %s (`{file}` is the program; `{out}` a build directory):\n\n", filepath.ToSlash(file), code(shellJoin(r.Argv)))
		if src, err := os.ReadFile(filepath.Join(rootOf(rep), file)); err == nil {
			p("```%s\n%s\n```\n\n", fenceLang(r.File), strings.TrimRight(string(src), "\n"))
		}
		p("It prints %s; the spec asks for %s.", code(r.Actual), code(r.Expected))
		if res, ok := rep.Repros[c.ID]; ok {
			if res.Shows(c) {
				p(" Run by this survey, it printed %s.\n", code(res.Got))
			} else if res.Error != "" {
				p(" In this survey it failed: %s\n", res.Error)
			} else {
				p(" In this survey it printed %s instead.\n", code(res.Got))
			}
		} else {
			p(" (Not run in this survey.)\n")
		}
	} else {
		p("None recorded.\n")
	}
	return b.String()
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

// shellJoin writes argv as a POSIX shell command line, quoting what needs
// it.
func shellJoin(argv []string) string {
	var out []string
	for _, a := range argv {
		if a != "" && strings.Trim(a, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./{}=:,+@%") == "" {
			out = append(out, a)
			continue
		}
		out = append(out, "'"+strings.ReplaceAll(a, "'", `'\''`)+"'")
	}
	return strings.Join(out, " ")
}
