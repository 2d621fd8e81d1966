package report

import (
	"bytes"
	"cmp"
	"fmt"
	"io"
	"maps"
	"slices"
	"sync"

	"github.com/pctest/pctest/internal/cause"
	"github.com/pctest/pctest/internal/show"
	"github.com/pctest/pctest/vectors"
)

// This file holds the warnings of the run and the fuzz reports: the
// answers that differ from the suite's recommendation on inputs the spec
// leaves open (implementation-defined), grouped into causes as failures
// are, each with a few examples. They never fail a run: a real bug on
// such an input (non-BMP text decoded to CESU-8, say) shows there, with
// the input, the recommendation and the answer, instead of in a count.

// WarningExamples is how many examples a [Warning] keeps: the ones with
// the shortest inputs.
const WarningExamples = 3

// A Warning is a cause of implementation-defined differences: the answers
// of one op, with one relation to the suite's recommendation (the
// relation ids and titles of [Cause]), on inputs the spec leaves open.
// Count says how many vectors (pctest run) or cases (pctest fuzz) differed
// so; Examples holds up to [WarningExamples] of them, shortest input first.
type Warning struct {
	Op       vectors.Op `json:"op"`
	Relation string     `json:"relation"`
	Title    string     `json:"title"`
	Step     string     `json:"step"`
	Count    int64      `json:"count"`
	Examples []Example  `json:"examples"`
}

// An Example is one implementation-defined difference: the request, the
// suite's recommendation (what the reference codec answers) and the
// implementation's answer, or the error that stood in for it.
type Example struct {
	// ID is the vector's id; "" for a fuzz case.
	ID          string           `json:"id,omitempty"`
	Request     vectors.Request  `json:"request"`
	Recommended vectors.Response `json:"recommended"`
	// Got is the answer; absent when Error is set.
	Got   *vectors.Response `json:"got,omitempty"`
	Error string            `json:"error,omitempty"`
}

// A WarningSet gathers implementation-defined differences into
// [Warning]s: it counts them by op and relation and keeps the examples
// with the shortest inputs. It is safe for concurrent use; the zero
// WarningSet is empty and ready.
type WarningSet struct {
	mu       sync.Mutex
	warnings []*Warning
	index    map[string]int
	// examples holds each warning's examples, shortest input first.
	examples [][]cause.Failure
}

// Add counts one difference: the implementation answered got, or failed
// with err, where the suite recommends recommended. id is the vector's id,
// or "" for a fuzz case. The set keeps copies of what it keeps, so req may
// be reused.
func (s *WarningSet) Add(id string, req vectors.Request, recommended, got vectors.Response, err error) {
	f := cause.Failure{ID: id, Req: req, Want: recommended, Got: got, Level: vectors.LevelImplementationDefined}
	f.Ref, _ = req.Open() // the clause that leaves the answer open: the warning's spec step
	if err != nil {
		f.NoAnswer, f.NoAnswerKind = err.Error(), ErrorKind(err)
	}
	rel := cause.Classify(f)
	key := string(req.Op) + "\x00" + rel.Title
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.index == nil {
		s.index = map[string]int{}
	}
	k, ok := s.index[key]
	if !ok {
		k = len(s.warnings)
		s.index[key] = k
		s.warnings = append(s.warnings, &Warning{Op: req.Op, Relation: rel.ID, Title: rel.Title})
		s.examples = append(s.examples, nil)
	}
	s.warnings[k].Count++
	ex := s.examples[k]
	// The examples are the least of the differences by exampleOrder, one
	// of each request and its hex-case variants (the least of them): which
	// they are depends on what was added, not on the order (pctest fuzz's
	// workers add theirs as they come).
	f.Req = req
	if len(ex) == WarningExamples && exampleOrder(f, ex[len(ex)-1]) >= 0 {
		return
	}
	for i := range ex {
		if sameRequest(ex[i].Req, req) {
			if exampleOrder(f, ex[i]) >= 0 {
				return // an example of it already, or of a lesser hex-case variant
			}
			ex = slices.Delete(ex, i, i+1) // f stands for it instead
			break
		}
	}
	f.Req, f.Want, f.Got = req.Clone(), recommended.Clone(), got.Clone()
	at, _ := slices.BinarySearchFunc(ex, f, exampleOrder)
	ex = slices.Insert(ex, at, f)
	if len(ex) > WarningExamples {
		ex = ex[:WarningExamples]
	}
	s.examples[k] = ex
}

// exampleOrder orders a warning's examples: shortest input first, then by
// op, code units, octets, args and vector id, each in Go's order; a total
// order, so that the examples kept do not depend on the order they came in.
func exampleOrder(a, b cause.Failure) int {
	if c := cmp.Compare(cause.InputLen(a.Req), cause.InputLen(b.Req)); c != 0 {
		return c
	}
	if c := cmp.Compare(a.Req.Op, b.Req.Op); c != 0 {
		return c
	}
	if c := slices.Compare(a.Req.In, b.Req.In); c != 0 {
		return c
	}
	if c := bytes.Compare(a.Req.InHex, b.Req.InHex); c != 0 {
		return c
	}
	if c := compareArgs(a.Req.Args, b.Req.Args); c != 0 {
		return c
	}
	return cmp.Compare(a.ID, b.ID)
}

// compareArgs orders two requests' args: by their sorted keys, then by the
// values of those keys in order.
func compareArgs(a, b map[string]string) int {
	ka, kb := slices.Sorted(maps.Keys(a)), slices.Sorted(maps.Keys(b))
	if c := slices.Compare(ka, kb); c != 0 {
		return c
	}
	for _, k := range ka {
		if c := cmp.Compare(a[k], b[k]); c != 0 {
			return c
		}
	}
	return 0
}

// Warnings returns the warnings, biggest first (by op, then title, when of
// equal size), each with its examples.
func (s *WarningSet) Warnings() []Warning {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := []Warning{}
	for k, w := range s.warnings {
		x := *w
		x.Examples = []Example{}
		for _, f := range s.examples[k] {
			e := Example{ID: f.ID, Request: f.Req, Recommended: f.Want}
			if f.NoAnswer != "" {
				e.Error = f.NoAnswer
			} else {
				got := f.Got
				e.Got = &got
			}
			x.Examples = append(x.Examples, e)
		}
		if len(s.examples[k]) > 0 {
			// The step of a warning is the clause that leaves its inputs
			// open (why it is not judged), not the step a failure of
			// that relation would break.
			ex := s.examples[k][0]
			x.Step = ex.Ref
			if x.Step == "" {
				x.Step = cause.Cause{Relation: cause.Classify(ex), Example: ex}.Step()
			}
		}
		out = append(out, x)
	}
	slices.SortFunc(out, func(a, b Warning) int {
		return cmp.Or(cmp.Compare(b.Count, a.Count), cmp.Compare(a.Op, b.Op), cmp.Compare(a.Title, b.Title))
	})
	return out
}

// Warnings returns the warnings of results: their implementation-defined
// vectors the run did not judge whose answer differs from the suite's
// recommendation (Differs), grouped by op and relation.
func Warnings(results []Result) []Warning {
	var s WarningSet
	for i := range results {
		if r := &results[i]; r.Outcome == Differs {
			s.Add(r.Vector.ID, r.Vector.Request, r.Vector.Expect, r.Got, r.Err)
		}
	}
	return s.Warnings()
}

// WriteWarnings writes warnings for a text report: a heading line, then
// per warning a WARN line (count, op, title), a line per example (input,
// the recommendation, the answer) and its spec step. unit names what was
// counted ("vectors", "cases"). It writes nothing for no warnings.
func WriteWarnings(w io.Writer, warnings []Warning, unit string) error {
	if len(warnings) == 0 {
		return nil
	}
	ew := &errWriter{w: w}
	fmt.Fprintf(ew, "%d %s on implementation-defined inputs, where the answer differs from the suite's recommendation (warnings, never failures: check they are what you mean):\n",
		len(warnings), map[bool]string{true: "cause", false: "causes"}[len(warnings) == 1])
	for _, wn := range warnings {
		fmt.Fprintf(ew, "WARN %6d %s %s: %s\n", wn.Count, unit, wn.Op, wn.Title)
		for _, e := range wn.Examples {
			fmt.Fprintf(ew, "       e.g. %s\n", exampleLine(&e))
		}
		if wn.Step != "" {
			fmt.Fprintf(ew, "       spec: %s\n", wn.Step)
		}
	}
	return ew.err
}

// exampleLine writes an example in one line: its id (for a vector), its
// input, the recommendation and the answer.
func exampleLine(e *Example) string {
	s := ""
	if e.ID != "" {
		s = e.ID + " "
	}
	got := "(" + e.Error + ")"
	if e.Got != nil {
		got = show.Answer(e.Request.Op, *e.Got)
	}
	return s + show.InputField(e.Request) + " recommended=" + show.Answer(e.Request.Op, e.Recommended) + " got=" + got
}

// sameRequest reports whether a and b are the same request, but for the
// case of the hex digits of escapes (cause.FoldHexCase): an example for
// both is enough.
func sameRequest(a, b vectors.Request) bool {
	return a.Op == b.Op && slices.Equal(cause.FoldHexCase(a.In), cause.FoldHexCase(b.In)) &&
		slices.Equal(cause.FoldHexCase(a.InHex), cause.FoldHexCase(b.InHex)) && maps.Equal(a.Args, b.Args)
}

// vectorOf returns the example as a vector: its id and request, the
// recommendation expected.
func vectorOf(e *Example) vectors.Vector {
	return vectors.Vector{ID: e.ID, Request: e.Request, Expect: e.Recommended, Level: vectors.LevelImplementationDefined}
}
