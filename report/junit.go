package report

import (
	"cmp"
	"encoding/xml"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/pctest/pctest/internal/show"
	"github.com/pctest/pctest/vectors"
)

// JUnitSuites is the root of the JUnit XML report that [Run.WriteJUnit]
// writes, in the shape JUnit's consumers read (Jenkins, GitLab, junitparser).
type JUnitSuites struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Name     string       `xml:"name,attr"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Errors   int          `xml:"errors,attr"`
	Skipped  int          `xml:"skipped,attr"`
	Time     string       `xml:"time,attr"`
	Suites   []JUnitSuite `xml:"testsuite"`
}

// A JUnitSuite is the testsuite of one op (or of the stale
// expected-failures entries); the first holds the run's properties.
type JUnitSuite struct {
	Name       string           `xml:"name,attr"`
	Tests      int              `xml:"tests,attr"`
	Failures   int              `xml:"failures,attr"`
	Errors     int              `xml:"errors,attr"`
	Skipped    int              `xml:"skipped,attr"`
	Properties *JUnitProperties `xml:"properties,omitempty"`
	Cases      []JUnitCase      `xml:"testcase"`
	SystemErr  string           `xml:"system-err,omitempty"`
}

// JUnitProperties is a list of properties.
type JUnitProperties struct {
	List []JUnitProperty `xml:"property"`
}

// A JUnitProperty is a name and a value.
type JUnitProperty struct {
	Name  string `xml:"name,attr"`
	Value string `xml:"value,attr"`
}

// A JUnitCase is the testcase of one vector.
type JUnitCase struct {
	Name       string           `xml:"name,attr"`
	Classname  string           `xml:"classname,attr"`
	Time       string           `xml:"time,attr"`
	Properties *JUnitProperties `xml:"properties,omitempty"`
	Failure    *JUnitMessage    `xml:"failure,omitempty"`
	Error      *JUnitMessage    `xml:"error,omitempty"`
	Skipped    *JUnitMessage    `xml:"skipped,omitempty"`
	SystemOut  string           `xml:"system-out,omitempty"`
}

// A JUnitMessage is a testcase's failure, error or skip: a message, a type
// (for an error, the incident's kind) and a text.
type JUnitMessage struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr,omitempty"`
	Text    string `xml:",chardata"`
}

// WriteJUnit writes the JUnit XML report: a testsuite per op, a testcase
// per vector. Runner incidents (crash, timeout, protocol error) are
// <error>s, wrong answers <failure>s. An expected failure passes, marked by
// a property pctest.expected_failure naming its expected-failures entry
// (file:line) or known deviation, with the reason in its system-out. The
// vectors of an op the implementation does not support at all are skipped
// testcases that say so, so that the counts are the text report's. A
// stale expected-failures entry is an <error> of type "stale" in a
// testsuite pctest.IMPL.expect-fail. Every count, of a suite and of the
// root, is the sum of what its testcases are. The failures come first, by
// level, must first, then the other testcases, and the message of a
// failure or error starts with its level ("MUST: want …"). The text of a
// failure, error or expected failure ends with the request line the
// testee received and the command that reruns the vector alone ([Repro]).
func (r *Run) WriteJUnit(w io.Writer) error {
	t := SummaryOf(r.Results)
	root := JUnitSuites{Name: "pctest " + r.Impl, Time: fmt.Sprintf("%.3f", r.Elapsed.Seconds())}
	// vectors and skipped count each op's results: an op all of whose
	// vectors are skipped is not supported.
	vectorsOf, skippedOf := map[vectors.Op]int{}, map[vectors.Op]int{}
	for i := range r.Results {
		op := r.Results[i].Vector.Op
		vectorsOf[op]++
		if r.Results[i].Outcome == Skipped {
			skippedOf[op]++
		}
	}
	byOp := map[string]*JUnitSuite{}
	var order []string
	// The failures first, must before should, so that the suite of the
	// op with the gravest failure comes first; then the other results.
	byGravity := ByLevel(r.Results)
	slices.SortStableFunc(byGravity, func(a, b int) int {
		return cmp.Compare(b2i(!r.Results[a].Outcome.Fails()), b2i(!r.Results[b].Outcome.Fails()))
	})
	for _, i := range byGravity {
		o := &r.Results[i]
		v := &o.Vector
		s := byOp[string(v.Op)]
		if s == nil {
			s = &JUnitSuite{Name: "pctest." + r.Impl + "." + string(v.Op)}
			byOp[string(v.Op)] = s
			order = append(order, string(v.Op))
		}
		s.Tests++
		c := JUnitCase{Name: v.ID, Classname: "pctest." + r.Impl + "." + string(v.Op), Time: "0"}
		detail := Line(o)
		if reproducible(o.Outcome) {
			detail += "\nrequest: " + r.Repro.RequestLine(v.Request) + "\nrerun:   " + r.rerun(o)
		}
		switch o.Outcome {
		case Failed, UnexpectedPass:
			if o.Err != nil {
				s.Errors++
				c.Error = &JUnitMessage{Message: levelPrefix(v.Level) + o.Err.Error(), Type: errorKind(o.Err), Text: detail}
			} else {
				s.Failures++
				c.Failure = &JUnitMessage{Message: levelPrefix(v.Level) + "want " + show.Answer(v.Op, v.Expect) + ", got " + show.Answer(v.Op, o.Got), Type: o.Outcome.String(), Text: detail}
			}
		case Skipped:
			s.Skipped++
			c.Skipped = &JUnitMessage{Message: "unsupported"}
			if n := vectorsOf[v.Op]; skippedOf[v.Op] == n {
				c.Skipped.Message = fmt.Sprintf("%s does not support %s: its %d vectors are skipped", r.Impl, v.Op, n)
			}
		case Differs:
			c.Properties = &JUnitProperties{[]JUnitProperty{{"pctest.implementation_defined", "differ"}}}
			c.SystemOut = "implementation-defined, not judged: the spec leaves this answer open; the suite recommends another\n" + detail
		case ExpectedFailure:
			entry := o.ExpectedAt
			if o.Deviation != "" {
				entry = "vectors/deviations.json " + o.Deviation
			}
			c.Properties = &JUnitProperties{[]JUnitProperty{{"pctest.expected_failure", entry}}}
			c.SystemOut = "expected failure (" + entry + "): " + o.Reason + "\n" + detail
		}
		s.Cases = append(s.Cases, c)
	}
	// A stale expected-failures entry fails the run: it is an error of a
	// suite of the list's own.
	if len(r.Stale) > 0 {
		s := &JUnitSuite{Name: "pctest." + r.Impl + ".expect-fail"}
		for _, e := range r.Stale {
			s.Tests++
			s.Errors++
			s.Cases = append(s.Cases, JUnitCase{Name: fmt.Sprintf("%s:%d %s", e.File, e.Line, e.ID), Classname: s.Name, Time: "0",
				Error: &JUnitMessage{Message: e.Message, Type: "stale"}})
		}
		byOp["expect-fail"] = s
		order = append(order, "expect-fail")
	}
	// The root's counts are the sums of the suites': a runner incident is an
	// error there too, not a failure.
	for _, op := range order {
		s := byOp[op]
		root.Tests += s.Tests
		root.Failures += s.Failures
		root.Errors += s.Errors
		root.Skipped += s.Skipped
		root.Suites = append(root.Suites, *s)
	}
	if len(root.Suites) > 0 && r.Stderr != "" && t.Failed > 0 {
		root.Suites[0].SystemErr = r.Stderr
	}
	if len(root.Suites) > 0 {
		root.Suites[0].Properties = &JUnitProperties{[]JUnitProperty{
			{"implementation", r.Impl},
			{"testee_command", strings.Join(r.Argv, " ")},
			{"command_line", show.Command(r.CommandLine)},
			{"suite_version", r.suite()},
			{"vector_count", fmt.Sprint(r.Vectors)},
			{"partial", fmt.Sprint(r.Partial)},
		}}
	}
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(root); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}

// errorKind names the kind of incident err is for JUnit's type
// attribute: ErrorKind, or "error".
func errorKind(err error) string {
	if k := ErrorKind(err); k != "" {
		return k
	}
	return "error"
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// levelPrefix marks a message with a vector's level: "MUST: ", or "" for
// none.
func levelPrefix(level string) string {
	if level == "" {
		return ""
	}
	return show.Level(level) + ": "
}
