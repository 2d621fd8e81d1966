package conformance

import (
	"bufio"
	"fmt"
	"io"
	"strings"
	"unicode"

	"github.com/pctest/pctest/vectors"
)

// An ExpectedFailureList names the vectors an implementation is known to
// fail, as protobuf's conformance runner's failure lists do. Read one with
// [ParseExpectedFailures], write one with [WriteExpectedFailures], and use
// it with the [ExpectedFailures] option.
type ExpectedFailureList struct {
	// Name is where the list comes from, such as its file name; messages
	// name entries as Name:Line.
	Name    string
	Entries []ExpectedFailureEntry
}

// An ExpectedFailureEntry is one vector id on the list and the 1-based line
// it stands on (0 for a list built in code).
type ExpectedFailureEntry struct {
	ID   string
	Line int
}

// where returns "name:line" for e.
func (l *ExpectedFailureList) where(e ExpectedFailureEntry) string {
	name := l.Name
	if name == "" {
		name = "expected failures"
	}
	return fmt.Sprintf("%s:%d", name, e.Line)
}

// lookup returns the entry for id.
func (l *ExpectedFailureList) lookup(id string) (ExpectedFailureEntry, bool) {
	for _, e := range l.Entries {
		if e.ID == id {
			return e, true
		}
	}
	return ExpectedFailureEntry{}, false
}

// A ListError is a line of an expected-failures list that is not in its
// format.
type ListError struct {
	File   string
	Line   int
	Reason string
}

// Error returns "file:line: reason".
func (e *ListError) Error() string {
	return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Reason)
}

// ParseExpectedFailures reads an expected-failures list from r; name is
// where it comes from, for messages. The format is protobuf's failure_list:
// one vector id per line; '#' starts a comment that runs to the end of the
// line; blank lines and surrounding spaces are ignored. An id must not hold
// spaces or control characters and must not repeat. An error is a
// *ListError naming name and the line.
func ParseExpectedFailures(r io.Reader, name string) (ExpectedFailureList, error) {
	list := ExpectedFailureList{Name: name}
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
			return ExpectedFailureList{}, &ListError{File: name, Line: line,
				Reason: fmt.Sprintf("%q: want one vector id per line (ids hold no spaces)", text)}
		}
		if prev, dup := seen[text]; dup {
			return ExpectedFailureList{}, &ListError{File: name, Line: line,
				Reason: fmt.Sprintf("%q is listed twice (also on line %d)", text, prev)}
		}
		seen[text] = line
		list.Entries = append(list.Entries, ExpectedFailureEntry{ID: text, Line: line})
	}
	if err := sc.Err(); err != nil {
		return ExpectedFailureList{}, &ListError{File: name, Line: line + 1, Reason: err.Error()}
	}
	return list, nil
}

// WriteExpectedFailures writes, in the format ParseExpectedFailures reads,
// the ids of the results that fail: those Failed, and those that are an
// ExpectedFailure because a list expected them (not because of a known
// deviation), in the order of results. A run with the list written
// expects exactly the failures of this one.
func WriteExpectedFailures(w io.Writer, results []Result) error {
	bw := bufio.NewWriter(w)
	bw.WriteString("# pctest expected failures: the ids of the vectors this implementation fails,\n" +
		"# one per line ('#' starts a comment). The list is strict: an id that passes, or\n" +
		"# that names no vector, fails the run. Rewrite it with pctest run -write-expect-fail.\n")
	for _, r := range results {
		if r.Outcome == Failed || r.Outcome == ExpectedFailure && r.Deviation == "" {
			bw.WriteString(r.Vector.ID)
			bw.WriteByte('\n')
		}
	}
	return bw.Flush()
}

// A StaleEntryError is an expected-failures entry that names no vector of
// the corpus: the vector was renamed or removed, so the entry must go.
type StaleEntryError struct {
	File string
	Line int
	ID   string
}

// Error says which entry to remove.
func (e *StaleEntryError) Error() string {
	return fmt.Sprintf("%s:%d: expected failure %q names no vector; remove this line from the list", e.File, e.Line, e.ID)
}

// staleEntries returns an error for each entry of l that names none of vs.
func (l *ExpectedFailureList) staleEntries(vs []vectors.Vector) []error {
	ids := make(map[string]bool, len(vs))
	for _, v := range vs {
		ids[v.ID] = true
	}
	var errs []error
	for _, e := range l.Entries {
		if !ids[e.ID] {
			name := l.Name
			if name == "" {
				name = "expected failures"
			}
			errs = append(errs, &StaleEntryError{File: name, Line: e.Line, ID: e.ID})
		}
	}
	return errs
}
