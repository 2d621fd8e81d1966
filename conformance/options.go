package conformance

import (
	"fmt"
	"regexp"
	"runtime"
	"slices"
	"strings"

	"github.com/pctest/pctest/vectors"
)

// An Option selects vectors, ops or inputs, or changes how they are run.
// Options are values, as in go-cmp and rapid: build them with the functions
// below and pass them to [Run], [Check], [Results], [Laws] or
// [Differential]. (The engine of pctest fuzz, package fuzz, has options of
// its own.) Each entry point honours every option it takes, and rejects
// one it cannot honour with an *[OptionError] (Run, Laws and Differential
// fail their test with it) rather than ignore it:
//
//   - Results, Check and Run take Vectors, Areas, Ops, Match, Level,
//     Parallel, KnownDeviations and ExpectedFailures; Check and Run take
//     AllowEmpty, and Run Detail, as well.
//   - Laws takes Areas and Ops (which laws run).
//   - Differential takes Areas, Ops, KnownDeviations and
//     Level(vectors.LevelImplementationDefined), which judges the inputs
//     the spec leaves open (a generated input has no must or should level).
type Option struct {
	name  string // the function that made it, as the OptionError names it
	apply func(*config)
}

// An OptionError is an option that an entry point cannot honour, or one
// whose value is wrong (an unknown op, area or level, a negative count).
type OptionError struct {
	// Func is the entry point given the option, such as "Laws".
	Func string
	// Option is the function that made the option, such as "Detail".
	Option string
	// Reason says what is wrong.
	Reason string
}

// Error returns "conformance: Func: option Option: Reason".
func (e *OptionError) Error() string {
	return "conformance: " + e.Func + ": option " + e.Option + ": " + e.Reason
}

// accepts lists the options each entry point honours.
var accepts = map[string][]string{
	"Results":      {"Areas", "Ops", "Match", "Level", "Parallel", "KnownDeviations", "ExpectedFailures", "Vectors"},
	"Check":        {"Areas", "Ops", "Match", "Level", "Parallel", "KnownDeviations", "ExpectedFailures", "Vectors", "AllowEmpty"},
	"Run":          {"Areas", "Ops", "Match", "Level", "Parallel", "KnownDeviations", "ExpectedFailures", "Vectors", "Detail", "AllowEmpty"},
	"Laws":         {"Areas", "Ops"},
	"Differential": {"Areas", "Ops", "KnownDeviations", "Level"},
}

type config struct {
	areas         []string
	ops           []vectors.Op
	match, skip   []*regexp.Regexp
	levels        []string
	expect        *expectedList
	parallel      int
	detail        int
	detailSet     bool
	vectors       []vectors.Vector
	vectorsSet    bool
	deviations    []vectors.Deviation
	deviationsSet bool
	allowEmpty    bool
}

// Areas selects the vectors of the ops of the given areas (the vectors
// files, such as "ecmascript" or "rfc3986"; see vectors.Op.Area). Several
// Areas options add up. With Ops as well, a vector is selected when its op
// is selected by either.
func Areas(areas ...string) Option {
	return Option{"Areas", func(c *config) { c.areas = append(c.areas, areas...) }}
}

// Ops selects the vectors of the named ops (see vectors.Ops). Several Ops
// options add up.
func Ops(ops ...vectors.Op) Option {
	return Option{"Ops", func(c *config) { c.ops = append(c.ops, ops...) }}
}

// Match selects the vectors whose id run matches and skip does not
// (unanchored), as go test's -run and -skip do; either may be nil. Several
// Match options must all hold.
func Match(run, skip *regexp.Regexp) Option {
	return Option{"Match", func(c *config) {
		if run != nil {
			c.match = append(c.match, run)
		}
		if skip != nil {
			c.skip = append(c.skip, skip)
		}
	}}
}

// Level selects the vectors of the given levels (vectors.Levels:
// vectors.LevelMust, vectors.LevelShould, vectors.LevelImplementationDefined)
// and judges every vector it selects. Without it the must and should
// vectors are judged and the implementation-defined ones run apart: their
// outcome is Agrees or Differs, which never fails a run, and neither known
// deviations nor the expected-failures list apply to them. Level("must")
// runs the must vectors alone; Level(vectors.LevelImplementationDefined)
// judges the implementation-defined ones against the suite's
// recommendation. Several Level options add up.
func Level(levels ...string) Option {
	return Option{"Level", func(c *config) { c.levels = append(c.levels, levels...) }}
}

// AllowEmpty lets [Check] and [Run] pass a run that judged no vector
// (none selected, every one declined as unsupported, or only
// implementation-defined ones run apart), which otherwise fails with an
// [*EmptyError]: for a table of implementations run with one selection
// that some of them do not provide.
func AllowEmpty() Option {
	return Option{"AllowEmpty", func(c *config) { c.allowEmpty = true }}
}

// Parallel sets how many requests are in flight at once: [Results] and
// [Check] and [Run] call the implementation's Do from n goroutines (a
// subprocess adapter pipelines them), or send an implementation with a
// DoBatch method (testee.Process) batches of up to 64 requests, n
// requests in all at once. The default is
// runtime.GOMAXPROCS(0). n < 1 means 1.
func Parallel(n int) Option {
	return Option{"Parallel", func(c *config) {
		c.parallel = max(n, 1)
	}}
}

// Vectors runs vs instead of the embedded corpus (vectors.Load):
// a project's own vectors, read with vectors.LoadFiles, alone or after
// the corpus's (append(vectors.Load(), own...)), as pctest run -vectors
// does. Selection and the expected-failures list apply to vs.
func Vectors(vs []vectors.Vector) Option {
	return Option{"Vectors", func(c *config) {
		c.vectors = vs
		c.vectorsSet = true
	}}
}

// defaultDetail is how many failures of each op Run describes in full.
const defaultDetail = 10

// Detail sets how many failures of each op [Run] describes in full (10 by
// default) before it gives each further failure one line; n < 0 means all
// of them in full.
func Detail(n int) Option {
	return Option{"Detail", func(c *config) {
		if n < 0 {
			n = int(^uint(0) >> 1)
		}
		c.detail = n
		c.detailSet = true
	}}
}

// KnownDeviations sets the known deviations that excuse a failure: a
// failure that a deviation for the implementation's Name covers (see
// vectors.Deviation.Covers) is an ExpectedFailure, and a disagreement of
// the oracle that one covers is not reported. The default is
// vectors.Deviations(); KnownDeviations(nil) excuses nothing.
func KnownDeviations(devs []vectors.Deviation) Option {
	return Option{"KnownDeviations", func(c *config) {
		c.deviations = devs
		c.deviationsSet = true
	}}
}

// newConfig applies opts, given to the entry point fn, and checks that fn
// honours each of them and that the areas, ops and levels they name exist.
func newConfig(fn string, opts []Option) (*config, error) {
	c := &config{}
	for _, o := range opts {
		if o.apply == nil {
			return nil, &OptionError{Func: fn, Option: "Option{}", Reason: "the zero Option; build options with the functions of package conformance"}
		}
		if !slices.Contains(accepts[fn], o.name) {
			return nil, &OptionError{Func: fn, Option: o.name, Reason: fn + " cannot honour it (it takes " + strings.Join(exported(accepts[fn]), ", ") + ")"}
		}
		o.apply(c)
	}
	areas := map[string]bool{}
	for _, op := range vectors.Ops() {
		areas[op.Area] = true
	}
	for _, a := range c.areas {
		if !areas[a] {
			return nil, &OptionError{Func: fn, Option: "Areas", Reason: fmt.Sprintf("unknown area %q", a)}
		}
	}
	for _, name := range c.ops {
		if _, ok := vectors.Op(name).Info(); !ok {
			return nil, &OptionError{Func: fn, Option: "Ops", Reason: fmt.Sprintf("unknown op %q", name)}
		}
	}
	for _, l := range c.levels {
		if !slices.Contains(vectors.Levels(), l) {
			return nil, &OptionError{Func: fn, Option: "Level", Reason: fmt.Sprintf("unknown level %q (want %s)", l, strings.Join(vectors.Levels(), ", "))}
		}
		if fn == "Differential" && l != vectors.LevelImplementationDefined {
			return nil, &OptionError{Func: fn, Option: "Level", Reason: fmt.Sprintf("%s cannot honour level %q: a generated input has no must or should level; only Level(%q), which judges the inputs the spec leaves open, applies",
				fn, l, vectors.LevelImplementationDefined)}
		}
	}
	if !c.detailSet {
		c.detail = defaultDetail
	}
	if c.parallel == 0 {
		c.parallel = runtime.GOMAXPROCS(0)
	}
	if !c.deviationsSet {
		devs, err := vectors.Deviations()
		if err != nil {
			return nil, fmt.Errorf("conformance: known deviations: %w", err)
		}
		c.deviations = devs
	}
	return c, nil
}

// exported returns the exported names of names.
func exported(names []string) []string {
	var out []string
	for _, n := range names {
		if n != "" && n[0] >= 'A' && n[0] <= 'Z' {
			out = append(out, n)
		}
	}
	return out
}

// judgeOpen reports whether Level(vectors.LevelImplementationDefined) is
// among the options: the oracle then judges the answers to inputs
// the spec leaves open like any other.
func (c *config) judgeOpen() bool {
	return slices.Contains(c.levels, vectors.LevelImplementationDefined)
}

// corpus returns the vectors to run before selection.
func (c *config) corpus() ([]vectors.Vector, error) {
	if c.vectorsSet {
		return c.vectors, nil
	}
	vs, err := vectors.Load()
	if err != nil {
		return nil, fmt.Errorf("conformance: loading the vectors: %w", err)
	}
	return vs, nil
}

// opSelected reports whether the Ops and Areas options select op; with
// neither, every op is selected.
func (c *config) opSelected(op vectors.Op) bool {
	if len(c.ops) == 0 && len(c.areas) == 0 {
		return true
	}
	if slices.Contains(c.ops, op) {
		return true
	}
	o, ok := vectors.Op(op).Info()
	return ok && slices.Contains(c.areas, o.Area)
}

// selection returns the vectors of all that the options select, in order:
// all itself when they select every vector.
func (c *config) selection(all []vectors.Vector) []vectors.Vector {
	if len(c.ops) == 0 && len(c.areas) == 0 && len(c.match) == 0 && len(c.skip) == 0 && len(c.levels) == 0 {
		return all
	}
	keep := make([]bool, len(all))
	n := 0
	for i := range all {
		if keep[i] = c.selected(&all[i]); keep[i] {
			n++
		}
	}
	sel := make([]vectors.Vector, 0, n)
	for i := range all {
		if keep[i] {
			sel = append(sel, all[i])
		}
	}
	return sel
}

// selected reports whether the options select v.
func (c *config) selected(v *vectors.Vector) bool {
	if !c.opSelected(v.Op) {
		return false
	}
	for _, re := range c.match {
		if !re.MatchString(v.ID) {
			return false
		}
	}
	for _, re := range c.skip {
		if re.MatchString(v.ID) {
			return false
		}
	}
	return len(c.levels) == 0 || slices.Contains(c.levels, v.Level)
}

// judged reports whether the run judges v: every selected vector when a
// Level option is given, else the must and should ones.
func (c *config) judged(v vectors.Vector) bool {
	return len(c.levels) > 0 || v.Level != vectors.LevelImplementationDefined
}
