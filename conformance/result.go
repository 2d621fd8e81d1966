package conformance

import (
	"bytes"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/google/go-cmp/cmp"

	"github.com/pctest/pctest/vectors"
)

// An Outcome is what running one vector came to.
type Outcome uint8

const (
	// Passed: the answer is the one the vector expects.
	Passed Outcome = iota + 1
	// Failed: the answer differs from the one the vector expects, or the
	// implementation could not answer (Result.Err is set).
	Failed
	// Skipped: the implementation does not support the op, or cannot take
	// this input (a string-based Funcs entry and a lone surrogate).
	// Skipped vectors are never counted as passed.
	Skipped
	// ExpectedFailure: the vector failed, and that was expected — it is on
	// the expected-failures list, or the failure is a known deviation of
	// the implementation (Result.Deviation). It does not fail the run.
	ExpectedFailure
	// UnexpectedPass: the vector passed although it is on the
	// expected-failures list. The list is strict, so this fails the run
	// until the entry is removed.
	UnexpectedPass
)

// String returns the outcome's name in lower case, such as "passed" or
// "expected failure".
func (o Outcome) String() string {
	switch o {
	case Passed:
		return "passed"
	case Failed:
		return "failed"
	case Skipped:
		return "skipped"
	case ExpectedFailure:
		return "expected failure"
	case UnexpectedPass:
		return "unexpected pass"
	}
	return fmt.Sprintf("Outcome(%d)", uint8(o))
}

// Fails reports whether the outcome fails a run: Failed and UnexpectedPass.
func (o Outcome) Fails() bool { return o == Failed || o == UnexpectedPass }

// A Result is the outcome of one vector against one implementation.
type Result struct {
	Vector vectors.Vector
	// Got is the implementation's answer; Err is set instead when it could
	// not answer (see Implementation).
	Got     vectors.Response
	Err     error
	Outcome Outcome
	// Diff is a go-cmp diff of the expected and the actual answer, "-want
	// +got", when they differ.
	Diff string
	// Reason says in words why the outcome is what it is, when that is not
	// obvious: why a vector was skipped, which list entry expected the
	// failure, what the implementation's error was.
	Reason string
	// Deviation is the id of the known deviation (vectors.Deviations) that
	// explains an ExpectedFailure, or "".
	Deviation string
	// ExpectedAt is the "file:line" of the expected-failures entry for the
	// vector, or "".
	ExpectedAt string
}

// Evaluate judges got, an implementation's answer to v's request (or err,
// when it could not answer), against the answer v expects. The outcome is
// Failed if err is not nil, Skipped if got is Unsupported, and otherwise
// Passed exactly when got has the expected error kind, or the expected
// output of the op's output Kind and no error. An error's Message is not
// compared. An empty output matches an expected empty output whether or not
// it is nil.
//
// Evaluate knows nothing of expected-failures lists or known deviations;
// [Results], [Run] and [Check] apply those.
func Evaluate(v vectors.Vector, got vectors.Response, err error) Result {
	r := Result{Vector: v, Got: got, Err: err}
	switch {
	case err != nil:
		r.Outcome = Failed
		r.Reason = "the implementation could not answer: " + err.Error()
	case got.Unsupported:
		r.Outcome = Skipped
		r.Reason = "unsupported by the implementation"
		if got.Message != "" {
			r.Reason += ": " + got.Message
		}
	case sameAnswer(v.Op, v.Expect, got):
		r.Outcome = Passed
	default:
		r.Outcome = Failed
		r.Diff = cmp.Diff(shownAnswer(v.Expect), shownAnswer(got))
		r.Reason = "want " + describeAnswer(v.Op, v.Expect) + ", got " + describeAnswer(v.Op, got)
	}
	return r
}

// sameAnswer reports whether got answers op as want does: the same error
// kind, or no error and the same output of the op's output Kind (and none of
// the other Kind).
func sameAnswer(op vectors.Op, want, got vectors.Response) bool {
	if want.Unsupported || got.Unsupported {
		return want.Unsupported == got.Unsupported
	}
	if want.Error != "" || got.Error != "" {
		return want.Error == got.Error
	}
	kind := vectors.Kind(0)
	if o, ok := vectors.Op(op).Info(); ok {
		kind = o.Out
	}
	switch kind {
	case vectors.Text:
		return slices.Equal(want.Out, got.Out) && len(got.OutHex) == 0
	case vectors.Octets:
		return bytes.Equal(want.OutHex, got.OutHex) && len(got.Out) == 0
	}
	return slices.Equal(want.Out, got.Out) && bytes.Equal(want.OutHex, got.OutHex)
}

// answer is a Response as the diff shows it: text quoted with every lone
// surrogate visible, octets in hex.
type answer struct {
	Error  string
	Out    string
	OutHex string
}

func shownAnswer(r vectors.Response) answer {
	a := answer{Error: r.Error}
	if r.Unsupported {
		a.Error = "(unsupported)"
	} else if r.Error == "" {
		if r.Out != nil {
			a.Out = QuoteText(r.Out)
		}
		if r.OutHex != nil {
			a.OutHex = octetsHex(r.OutHex)
		}
	}
	return a
}

// describeAnswer writes r in one line, by op's output Kind.
func describeAnswer(op vectors.Op, r vectors.Response) string {
	switch {
	case r.Unsupported:
		return "unsupported"
	case r.Error != "":
		if r.Message != "" {
			return "error " + r.Error + " (" + r.Message + ")"
		}
		return "error " + r.Error
	}
	kind := vectors.Kind(0)
	if o, ok := vectors.Op(op).Info(); ok {
		kind = o.Out
	}
	switch {
	case kind == vectors.Octets || kind == 0 && r.OutHex != nil:
		s := ShowOctets(r.OutHex)
		if len(r.Out) > 0 {
			s += " and text " + ShowText(r.Out)
		}
		return s
	default:
		s := ShowText(r.Out)
		if len(r.OutHex) > 0 {
			s += " and octets " + ShowOctets(r.OutHex)
		}
		return s
	}
}

// describeInput writes req's input by its op's input Kind, both readable and
// as code units or hex, with its args.
func describeInput(req vectors.Request) string {
	var s string
	if o, ok := req.Op.Info(); ok && o.In == vectors.Octets || !ok && req.InHex != nil {
		s = ShowOctets(req.InHex)
	} else {
		s = ShowText(req.In)
	}
	if len(req.Args) > 0 {
		keys := make([]string, 0, len(req.Args))
		for k := range req.Args {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			s += fmt.Sprintf(" %s=%q", k, req.Args[k])
		}
	}
	return s
}

// FormatFailure describes r for a person reading a test log: the vector's
// id and where it stands (file:line), the op, the input both as escaped
// text and as code units (or octets in hex), the expected and the actual
// answer, a go-cmp diff, the spec reference and the vector's note. For an
// UnexpectedPass it says which expected-failures entry to remove; for other
// outcomes it gives the same description with the outcome and its reason.
func FormatFailure(r Result) string {
	v := r.Vector
	var b strings.Builder
	fmt.Fprintf(&b, "%s", v.ID)
	if v.File != "" {
		fmt.Fprintf(&b, " (%s:%d)", v.File, v.Line)
	}
	fmt.Fprintf(&b, ": %s\n", r.Outcome)
	fmt.Fprintf(&b, "  op:     %s\n", v.Op)
	fmt.Fprintf(&b, "  input:  %s\n", describeInput(v.Request))
	fmt.Fprintf(&b, "  want:   %s\n", describeAnswer(v.Op, v.Expect))
	if r.Err != nil {
		fmt.Fprintf(&b, "  got:    no answer: %v\n", r.Err)
	} else {
		fmt.Fprintf(&b, "  got:    %s\n", describeAnswer(v.Op, r.Got))
	}
	if r.Diff != "" {
		b.WriteString("  diff (-want +got):\n")
		for _, l := range strings.Split(strings.TrimRight(r.Diff, "\n"), "\n") {
			b.WriteString("    " + l + "\n")
		}
	}
	if v.Ref != "" {
		fmt.Fprintf(&b, "  spec:   %s\n", v.Ref)
	}
	if v.Note != "" {
		fmt.Fprintf(&b, "  note:   %s\n", v.Note)
	}
	switch {
	case r.Outcome == UnexpectedPass:
		fmt.Fprintf(&b, "  the vector passes but is listed as an expected failure at %s:\n"+
			"  remove that line from the list (or rewrite the list with the runner's -write-expect-fail)\n", r.ExpectedAt)
	case r.Deviation != "":
		fmt.Fprintf(&b, "  known deviation: %s (vectors/deviations.json)\n", r.Deviation)
	case r.Outcome == ExpectedFailure:
		fmt.Fprintf(&b, "  expected failure, listed at %s\n", r.ExpectedAt)
	case r.Outcome == Skipped:
		fmt.Fprintf(&b, "  %s\n", r.Reason)
	}
	return strings.TrimRight(b.String(), "\n")
}

// A Summary counts the outcomes of one op, for a matrix of implementations
// and ops.
type Summary struct {
	Op               vectors.Op
	Passed           int
	Failed           int
	Skipped          int
	ExpectedFailures int
	UnexpectedPasses int
}

// Total returns the number of vectors counted.
func (s Summary) Total() int {
	return s.Passed + s.Failed + s.Skipped + s.ExpectedFailures + s.UnexpectedPasses
}

// Summarize counts results by op. It returns one Summary per op that has
// results, in the order of vectors.Ops, then ops it does not know, by name.
func Summarize(results []Result) []Summary {
	byOp := map[string]*Summary{}
	for _, r := range results {
		s := byOp[string(r.Vector.Op)]
		if s == nil {
			s = &Summary{Op: r.Vector.Op}
			byOp[string(r.Vector.Op)] = s
		}
		switch r.Outcome {
		case Passed:
			s.Passed++
		case Skipped:
			s.Skipped++
		case ExpectedFailure:
			s.ExpectedFailures++
		case UnexpectedPass:
			s.UnexpectedPasses++
		default:
			s.Failed++
		}
	}
	var out []Summary
	for _, op := range vectors.Ops() {
		if s := byOp[string(op.Name)]; s != nil {
			out = append(out, *s)
			delete(byOp, string(op.Name))
		}
	}
	rest := make([]string, 0, len(byOp))
	for name := range byOp {
		rest = append(rest, name)
	}
	sort.Strings(rest)
	for _, name := range rest {
		out = append(out, *byOp[name])
	}
	return out
}
