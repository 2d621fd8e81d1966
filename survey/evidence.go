package main

import (
	"encoding/json"
	"fmt"
	"html"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/pctest/pctest/vectors"
)

// An EvidenceError is one piece of evidence a bug entry lacks, or gets
// wrong: the entry, its file, and what.
type EvidenceError struct {
	File, Entry string
	// Piece names the member at fault ("evidence.claim", "review").
	Piece  string
	Reason string
}

// Error returns "file: entry ID: piece: reason".
func (e *EvidenceError) Error() string {
	return fmt.Sprintf("%s: entry %s: %s: %s", e.File, e.Entry, e.Piece, e.Reason)
}

// sourceFileRE matches a link to a program's source file, which is not
// published documentation (the verdicts rule: a source comment is not
// published docs).
var sourceFileRE = regexp.MustCompile(`(?i)/(blob|tree|raw|file|artifact)/.*\.(py|c|h|cc|cpp|hpp|go|js|mjs|ts|rb|pl|pm|java|rs|php|tcl|lisp|clj|hs|ml|d|cs|ex|exs|rkt|scm|nim|lua|r|erl|pro|el|sh)(#.*)?$|[?&]name=[^&#]*\.(tcl|c|h|py|js)\b`)

// commitLinkRE matches a link that names a fixed version of what it
// shows: a commit (a 40-hex git or Mercurial id, a 64-hex Fossil
// artifact) or a release tag (v1.2.3, mono-6.8.0.105, 1.3.2...1.3.7), not
// a branch that moves.
var commitLinkRE = regexp.MustCompile(`[0-9a-f]{40}|/(blob|tree|raw|compare|commits|releases/tag|-/blob|-/tree)/[A-Za-z_-]*v?\d+([._]\d+)+[^/]*`)

// bugEvidenceErrors returns what the bug c lacks of the evidence the
// verdicts rule asks of a bug (survey/testees/README.md, "Evidence"), one
// error per piece; specs finds the spec's words in the copies kept under
// survey/spec.
func bugEvidenceErrors(c *Cause, specs *specLibrary) []error {
	var errs []error
	fail := func(piece, format string, args ...any) {
		errs = append(errs, &EvidenceError{File: c.file, Entry: c.ID, Piece: piece, Reason: fmt.Sprintf(format, args...)})
	}
	e := c.Evidence
	if e == nil {
		fail("evidence", "a bug needs its evidence: claim, spec, intent, upstream, runs")
		return errs
	}
	switch cl := e.Claim; {
	case cl == nil:
		fail("evidence.claim", "give the published docs of the function and their words that claim the spec")
	case cl.Function == "":
		fail("evidence.claim", "name the function the docs are about (function)")
	case sourceFileRE.MatchString(cl.URL):
		fail("evidence.claim", "%s is a source file, not published docs", cl.URL)
	}
	switch sp := e.Spec; {
	case sp == nil:
		fail("evidence.spec", "give the spec clause, linked with its section anchor, and its words")
	case !strings.Contains(sp.URL, "#"):
		fail("evidence.spec", "%s has no section anchor", sp.URL)
	default:
		if err := specs.find(sp.URL, sp.Quote); err != nil {
			fail("evidence.spec", "%v", err)
		}
	}
	for _, kind := range []string{vectors.IntentTests, vectors.IntentSource, vectors.IntentChangelog} {
		if !slices.ContainsFunc(e.Intent, func(in vectors.Intent) bool { return in.Kind == kind }) {
			fail("evidence.intent", "no %s: say what the function's %s shows of the behaviour, linked at a commit", kind, kind)
		}
	}
	for _, in := range e.Intent {
		if in.Kind != vectors.IntentMaintainer && !commitLinkRE.MatchString(in.URL) {
			fail("evidence.intent", "%s link %s names no commit or release tag", in.Kind, in.URL)
		}
	}
	if e.Upstream == nil {
		fail("evidence.upstream", "give the status in the tracker and the search that decided it")
	}
	var surveyed, latest *vectors.Run
	for i := range e.Runs {
		switch r := &e.Runs[i]; r.On {
		case vectors.RunSurveyed:
			surveyed = r
		case vectors.RunLatest:
			latest = r
		}
	}
	switch {
	case surveyed == nil:
		fail("evidence.runs", "no run on the surveyed version")
	case c.Repro != nil && surveyed.Printed != c.Repro.Actual:
		fail("evidence.runs", "the surveyed run printed %q, the repro records %q", surveyed.Printed, c.Repro.Actual)
	}
	switch {
	case latest == nil:
		fail("evidence.runs", "no run on the latest release or default branch")
	case latest.NotRun != "":
		// Read, not run: How says what the latest source shows.
	case c.Repro != nil && latest.Printed != c.Repro.Actual &&
		(e.Upstream == nil || e.Upstream.Status != vectors.UpstreamFixed):
		fail("evidence.runs", "the latest version printed %q, not the bug's %q: it is fixed there (upstream.status fixed, fixed_in)", latest.Printed, c.Repro.Actual)
	}
	switch r := c.Review; {
	case r == nil:
		fail("review", "no review: someone who did not write the bug argues the maintainer's side and decides")
	case r.Decision != vectors.ReviewAccept:
		fail("review", "the review rejected it (%s): relabel the entry", r.Reason)
	}
	return errs
}

// upstreamStatus returns c's upstream status, "" when none is recorded.
func (c *Cause) upstreamStatus() string {
	if c.Evidence == nil || c.Evidence.Upstream == nil {
		return ""
	}
	return c.Evidence.Upstream.Status
}

// open reports whether c is a bug that the latest upstream release or
// default branch still has: judged a bug, and neither fixed nor declined
// upstream. Only open bugs are counted and listed as bugs; one fixed since
// the surveyed version carries the label "fixed in X" (Label).
func (c *Cause) open() bool {
	if c.Verdict != VerdictBug {
		return false
	}
	s := c.upstreamStatus()
	return s != vectors.UpstreamFixed && s != vectors.UpstreamDeclined
}

// Label is the label the report gives c's divergences: its verdict, but
// for a bug the latest upstream no longer has "fixed in X", X being the
// release or commit of its upstream.fixed_in without the details in
// parentheses (a commit hash cut to 12 digits), and for one declined
// upstream "bug, declined upstream".
func (c *Cause) Label() string {
	if c.Verdict != VerdictBug || c.open() {
		return c.Verdict
	}
	if c.upstreamStatus() == vectors.UpstreamDeclined {
		return "bug, declined upstream"
	}
	return "fixed in " + fixedInShort(c.Evidence.Upstream.FixedIn)
}

// fixedInShort is the release or commit of an upstream.fixed_in text: the
// text before its first " (", ": " or " '" (a quoted title), with a
// 40-digit commit hash cut to 12 digits.
func fixedInShort(s string) string {
	for _, sep := range []string{" (", ": ", " '"} {
		if i := strings.Index(s, sep); i > 0 {
			s = s[:i]
		}
	}
	f := strings.Fields(s)
	for i, w := range f {
		if len(w) == 40 && strings.Trim(w, "0123456789abcdef") == "" {
			f[i] = w[:12]
		}
	}
	return strings.Join(f, " ")
}

// A specLibrary is the copies of the specs' texts kept under survey/spec
// (survey/spec/index.json): the quotes of the verdicts are looked up in
// them, so that a quote is the spec's words, not a paraphrase.
type specLibrary struct {
	dir   string
	specs []specText
}

// A specText is one spec's text: the URLs it is published at (prefixes,
// without the fragment), the file, its licence.
type specText struct {
	URLs    []string `json:"urls"`
	File    string   `json:"file"`
	Title   string   `json:"title"`
	Source  string   `json:"source"`
	Licence string   `json:"licence"`
	text    string
}

// loadSpecLibrary reads survey/spec/index.json and the texts it names.
func loadSpecLibrary(root string) (*specLibrary, error) {
	dir := filepath.Join(root, "survey", "spec")
	data, err := os.ReadFile(filepath.Join(dir, "index.json"))
	if err != nil {
		return nil, err
	}
	lib := &specLibrary{dir: dir}
	if err := json.Unmarshal(data, &lib.specs); err != nil {
		return nil, fmt.Errorf("survey/spec/index.json: %v", err)
	}
	for i := range lib.specs {
		s := &lib.specs[i]
		if len(s.URLs) == 0 || s.File == "" || s.Licence == "" || s.Source == "" {
			return nil, fmt.Errorf("survey/spec/index.json: entry %d: urls, file, source and licence are required", i+1)
		}
		raw, err := os.ReadFile(filepath.Join(dir, s.File))
		if err != nil {
			return nil, err
		}
		s.text = normalizeSpec(string(raw))
	}
	return lib, nil
}

// A QuoteError is a spec quote that is not found in the spec's text.
type QuoteError struct {
	URL, Quote string
	// File is the text searched, "" when no text is kept for the URL.
	File string
}

// Error says which quote was not found where.
func (e *QuoteError) Error() string {
	if e.File == "" {
		return fmt.Sprintf("no copy of the spec at %s is kept under survey/spec (index.json): add its text and licence", e.URL)
	}
	return fmt.Sprintf("the quote %q is not in survey/spec/%s (the text of %s): quote its words exactly", e.Quote, e.File, e.URL)
}

// find reports whether quote is in the text of the spec published at url.
func (l *specLibrary) find(url, quote string) error {
	base, _, _ := strings.Cut(url, "#")
	for _, s := range l.specs {
		for _, u := range s.URLs {
			if strings.HasPrefix(base, u) {
				if strings.Contains(s.text, normalizeWords(quote)) {
					return nil
				}
				return &QuoteError{URL: url, Quote: quote, File: s.File}
			}
		}
	}
	return &QuoteError{URL: url, Quote: quote}
}

var (
	specTagRE      = regexp.MustCompile(`<[^>]*>`)
	specBreakRE    = regexp.MustCompile(`(?i)</?(br|p|li|ol|ul|div|h[1-6]|tr|td|th|dt|dd|pre)\b[^>]*>`)
	bikeshedLinkRE = regexp.MustCompile(`\[=([^=\]]*)=\]|\{\{([^}]*)\}\}|\[\[([^\]]*)\]\]`)
	rfcPageRE      = regexp.MustCompile(`(?m)^.*\[Page \d+\]\s*$\n?(\f)?\n?^RFC \d+ .*\d{4}\s*$`)
	rfcHyphenRE    = regexp.MustCompile(`-\n\s*`)
	spaceRE        = regexp.MustCompile(`\s+`)
	quotesRE       = strings.NewReplacer("\u201c", `"`, "\u201d", `"`, "\u2018", "'", "\u2019", "'", "\u00a0", " ")
)

// normalizeSpec reduces a spec's text to its words: the page breaks of
// an RFC, the markup of HTML and Bikeshed sources and their character
// references go, then normalizeWords.
func normalizeSpec(s string) string {
	s = rfcPageRE.ReplaceAllString(s, " ")
	// An RFC breaks a line only after a hyphen of a compound
	// ("percent-\n   encoded"), never inside a word.
	s = rfcHyphenRE.ReplaceAllString(s, "-")
	s = bikeshedLinkRE.ReplaceAllStringFunc(s, func(m string) string {
		inner := m[2 : len(m)-2]
		if i := strings.LastIndexByte(inner, '|'); i >= 0 {
			inner = inner[i+1:]
		}
		return inner
	})
	// A tag that breaks a line or starts an item or step parts words.
	s = specBreakRE.ReplaceAllString(s, " ")
	s = specTagRE.ReplaceAllString(s, "")
	return normalizeWords(html.UnescapeString(s))
}

// normalizeWords reduces words, of a spec or of a quote of it, to the
// form they are compared in: curly quotes become straight, and white
// space is one space.
func normalizeWords(s string) string {
	s = quotesRE.Replace(s)
	return strings.TrimSpace(spaceRE.ReplaceAllString(s, " "))
}
