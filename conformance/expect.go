package conformance

import (
	"bufio"
	"fmt"
	"io"
	"strings"
	"unicode"

	"github.com/pctest/pctest/report"
	"github.com/pctest/pctest/vectors"
)

// An expectedList is an expected-failures list: the vectors an
// implementation is known to fail, as protobuf's conformance runner's
// failure lists name them.
type expectedList struct {
	// name is where the list comes from, such as its file name; messages
	// name entries as name:line.
	name    string
	entries []expectedEntry
}

// An expectedEntry is one vector id on the list and the 1-based line it
// stands on.
type expectedEntry struct {
	id   string
	line int
}

// where returns "name:line" for e.
func (l *expectedList) where(e expectedEntry) string {
	return fmt.Sprintf("%s:%d", l.name, e.line)
}

// lookup returns the entry for id.
func (l *expectedList) lookup(id string) (expectedEntry, bool) {
	for _, e := range l.entries {
		if e.id == id {
			return e, true
		}
	}
	return expectedEntry{}, false
}

// ExpectedFailures reads an expected-failures list from r and returns the
// option that applies it; name is where the list comes from, for messages.
// The format is protobuf's failure_list: one vector id per line; '#'
// starts a comment that runs to the end of the line; blank lines and
// surrounding spaces are ignored. An id must not hold spaces or control
// characters and must not repeat. An error is a *ListError naming name and
// the line. [WriteExpectedFailures] writes a list.
//
// The list is strict, as protobuf's conformance failure lists are: a
// listed vector that fails is an ExpectedFailure, one that passes is an
// UnexpectedPass, which fails the run, and an entry that names no vector
// of the corpus is a stale *ListError, which fails the run too. The list
// applies to the vectors the run judges: an entry for an
// implementation-defined vector that a run without [Level] does not judge
// has no effect there (the vector's outcome is Agrees or Differs).
func ExpectedFailures(r io.Reader, name string) (Option, error) {
	if name == "" {
		name = "expected failures"
	}
	list := &expectedList{name: name}
	seen := map[string]int{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	line := 0
	for sc.Scan() {
		line++
		text := sc.Text()
		if i := strings.IndexByte(text, '#'); i >= 0 {
			text = text[:i]
		}
		text = strings.TrimSpace(text)
		if text == "" {
			continue
		}
		if i := strings.IndexFunc(text, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) }); i >= 0 {
			return Option{}, &ListError{File: name, Line: line,
				Reason: fmt.Sprintf("%q: want one vector id per line (ids hold no spaces)", text)}
		}
		if prev, dup := seen[text]; dup {
			return Option{}, &ListError{File: name, Line: line,
				Reason: fmt.Sprintf("%q is listed twice (also on line %d)", text, prev)}
		}
		seen[text] = line
		list.entries = append(list.entries, expectedEntry{id: text, line: line})
	}
	if err := sc.Err(); err != nil {
		return Option{}, &ListError{File: name, Line: line + 1, Reason: err.Error()}
	}
	return Option{"ExpectedFailures", func(c *config) { c.expect = list }}, nil
}

// WriteExpectedFailures writes, in the format ExpectedFailures reads, the
// ids of the results that fail: those Failed, and those that are an
// ExpectedFailure because a list expected them (not because of a known
// deviation), in the order of results. A run with the list written
// expects exactly the failures of this one.
func WriteExpectedFailures(w io.Writer, results []report.Result) error {
	bw := bufio.NewWriter(w)
	bw.WriteString("# pctest expected failures: the ids of the vectors this implementation fails,\n" +
		"# one per line ('#' starts a comment). The list is strict: an id that passes, or\n" +
		"# that names no vector, fails the run. Rewrite it with pctest run -write-expect-fail.\n")
	for _, r := range results {
		if r.Outcome == report.Failed || r.Outcome == report.ExpectedFailure && r.Deviation == "" {
			bw.WriteString(r.Vector.ID)
			bw.WriteByte('\n')
		}
	}
	return bw.Flush()
}

// A ListError is a line of an expected-failures list that is wrong: one
// not in the list's format (ExpectedFailures returns it), or, with Stale
// set, an entry whose ID names no vector of the corpus, because the
// vector was renamed or removed, so the entry must go ([Results], [Run]
// and [Check] report it, and it fails the run).
type ListError struct {
	File   string
	Line   int
	Reason string
	// Stale marks an entry that names no vector; ID is the entry.
	Stale bool
	ID    string
}

// Error returns "file:line: reason".
func (e *ListError) Error() string {
	return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Reason)
}

// staleEntries returns a stale *ListError for each entry of l that names
// none of vs.
func (l *expectedList) staleEntries(vs []vectors.Vector) []error {
	ids := make(map[string]bool, len(vs))
	for _, v := range vs {
		ids[v.ID] = true
	}
	var errs []error
	for _, e := range l.entries {
		if !ids[e.id] {
			errs = append(errs, &ListError{File: l.name, Line: e.line, Stale: true, ID: e.id,
				Reason: fmt.Sprintf("expected failure %q names no vector; remove this line from the list", e.id)})
		}
	}
	return errs
}
