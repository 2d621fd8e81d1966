package fuzz

import (
	"fmt"
	"slices"
	"time"

	"github.com/pctest/pctest/vectors"
)

// An Option selects the ops [Run] fuzzes or changes how it fuzzes them.
// Options are values, as in go-cmp and rapid: build them with the
// functions of this package (Ops, Areas, KnownDeviations, JudgeOpen,
// Parallel, Seed, Cases, Duration, MaxFindings, Grace, ShrinkTime,
// AllowEmpty, OnProgress) and pass them to Run, which rejects a wrong
// value with an *[OptionError] rather than ignore it.
type Option struct {
	name  string // the function that made it, as the OptionError names it
	apply func(*config)
}

// An OptionError is an option whose value [Run] cannot honour: an unknown
// op or area, a negative count or duration, or the zero Option.
type OptionError struct {
	// Option is the function that made the option, such as "Cases".
	Option string
	// Reason says what is wrong.
	Reason string
}

// Error returns "fuzz: option Option: Reason".
func (e *OptionError) Error() string {
	return "fuzz: option " + e.Option + ": " + e.Reason
}

// config is what the options of a run say.
type config struct {
	areas         []string
	ops           []vectors.Op
	deviations    []vectors.Deviation
	deviationsSet bool
	judgeOpen     bool
	parallel      int
	seed          uint64
	cases         int64
	duration      time.Duration
	maxFindings   int
	grace         time.Duration
	shrinkTime    time.Duration
	allowEmpty    bool
	progress      func(Progress)
	progressEvery time.Duration
	// bad is the first wrong value an option was given, or "".
	bad, badOption string
}

// fail records that the option name was given a wrong value.
func (c *config) fail(name, reason string) {
	if c.bad == "" {
		c.bad, c.badOption = reason, name
	}
}

// Ops selects the named ops (see vectors.Ops) for fuzzing, in the order
// given, before those of Areas. Several Ops options add up. Without Ops
// and Areas every op the generator covers is fuzzed.
func Ops(ops ...vectors.Op) Option {
	return Option{"Ops", func(c *config) { c.ops = append(c.ops, ops...) }}
}

// Areas selects the ops of the given areas (the vectors files, such as
// "ecmascript" or "rfc3986"; see vectors.Op.Area), in the order of
// vectors.Ops. Several Areas options add up.
func Areas(areas ...string) Option {
	return Option{"Areas", func(c *config) { c.areas = append(c.areas, areas...) }}
}

// KnownDeviations sets the known deviations that excuse a difference: one
// that a deviation for the implementation's Name covers
// (vectors.FindDeviation) is no finding. The default is
// vectors.Deviations(); KnownDeviations(nil) excuses nothing.
func KnownDeviations(devs []vectors.Deviation) Option {
	return Option{"KnownDeviations", func(c *config) {
		c.deviations, c.deviationsSet = devs, true
	}}
}

// JudgeOpen judges the differences on inputs the spec leaves open
// (vectors.Request.Open) as findings, as pctest fuzz -level
// implementation-defined does. Without it they are counted apart
// (report.FuzzSummary's Open) and never a finding.
func JudgeOpen() Option {
	return Option{"JudgeOpen", func(c *config) { c.judgeOpen = true }}
}

// Parallel sets how many cases are in flight at once; n < 1 means 1. The
// default is a [Batcher]'s Window, else runtime.GOMAXPROCS(0).
func Parallel(n int) Option {
	return Option{"Parallel", func(c *config) { c.parallel = max(n, 1) }}
}

// Seed sets the seed of the cases: case i of an op is always the same
// request for the same seed. With Cases and no Duration, the same seed
// sends the same cases whatever Parallel and however the answers
// interleave (each op's share is settled once the ops the implementation
// declines are known), so a deterministic implementation gets the same
// counts: cases, judged, open differences, and the warnings with their
// examples (the least inputs, whatever order they came in). Which findings
// are reported may still differ: a difference found while its op is being
// shrunk is not shrunk again, and of inputs as short, the first to arrive
// is kept. An op that stops early
// at MaxFindings (or as many repeats) hands the rest of its share on at a
// point that depends on timing. The default is 0.
func Seed(seed uint64) Option {
	return Option{"Seed", func(c *config) { c.seed = seed }}
}

// Cases bounds the cases sent; zero means no bound but Duration. With
// neither, [Run] fuzzes until its ctx is done.
func Cases(n int64) Option {
	return nonNegative("Cases", n, func(c *config) { c.cases = n })
}

// nonNegative returns the option name, which sets v, or records that v is
// negative.
func nonNegative[T int | int64 | time.Duration](name string, v T, set func(*config)) Option {
	return Option{name, func(c *config) {
		if v < 0 {
			c.fail(name, fmt.Sprintf("%v: want 0 (no bound, or the default) or more", v))
		}
		set(c)
	}}
}

// Duration bounds the time spent; zero means no bound but Cases. Findings
// being shrunk when it is up are reported as they are.
func Duration(d time.Duration) Option {
	return nonNegative("Duration", d, func(c *config) { c.duration = d })
}

// MaxFindings sets how many distinct findings an op may have before it is
// fuzzed no more; zero means DefaultMaxFindings.
func MaxFindings(n int) Option {
	return nonNegative("MaxFindings", n, func(c *config) { c.maxFindings = n })
}

// Grace sets how long, once the Duration is up, the findings being shrunk
// or confirmed get to finish; what is still unconfirmed then, and each
// incident whose requests were still waiting at the deadline to be sent
// again alone, is reported as it stands. Zero means, for a [Batcher], its
// Recovery (for a testee.Process, its start-up allowance plus twice its
// timeout), else 10s.
func Grace(d time.Duration) Option {
	return nonNegative("Grace", d, func(c *config) { c.grace = d })
}

// ShrinkTime bounds the time spent shrinking one finding; zero means 20s.
// (Tests give a long one, so that what they find does not depend on the
// machine's speed.)
func ShrinkTime(d time.Duration) Option {
	return nonNegative("ShrinkTime", d, func(c *config) { c.shrinkTime = d })
}

// AllowEmpty makes a run that judged no case (every op unsupported) no
// error.
func AllowEmpty() Option {
	return Option{"AllowEmpty", func(c *config) { c.allowEmpty = true }}
}

// OnProgress has [Run] call fn every interval (zero means one second),
// from a goroutine of its own, with the [Progress] so far. Run prints
// nothing: the caller shows it.
func OnProgress(every time.Duration, fn func(Progress)) Option {
	return Option{"OnProgress", func(c *config) {
		if every < 0 {
			c.fail("OnProgress", fmt.Sprintf("every %v: want 0 (one second) or more", every))
		}
		c.progress, c.progressEvery = fn, every
	}}
}

// newConfig applies opts and checks that the areas and ops they name
// exist.
func newConfig(opts []Option) (*config, error) {
	c := &config{}
	for _, o := range opts {
		if o.apply == nil {
			return nil, &OptionError{Option: "Option{}", Reason: "the zero Option; build options with the functions of package fuzz"}
		}
		o.apply(c)
	}
	if c.bad != "" {
		return nil, &OptionError{Option: c.badOption, Reason: c.bad}
	}
	areas := map[string]bool{}
	for _, op := range vectors.Ops() {
		areas[op.Area] = true
	}
	for _, a := range c.areas {
		if !areas[a] {
			return nil, &OptionError{Option: "Areas", Reason: fmt.Sprintf("unknown area %q", a)}
		}
	}
	for _, name := range c.ops {
		if _, ok := vectors.Op(name).Info(); !ok {
			return nil, &OptionError{Option: "Ops", Reason: fmt.Sprintf("unknown op %q", name)}
		}
	}
	if !c.deviationsSet {
		devs, err := vectors.Deviations()
		if err != nil {
			return nil, fmt.Errorf("fuzz: known deviations: %w", err)
		}
		c.deviations = devs
	}
	return c, nil
}

// selectedOps returns the ops to fuzz: the Ops given, in their order, then
// those of the Areas given (or every op, with neither), in the order of
// vectors.Ops; each once, and only those the generator covers.
func (c *config) selectedOps(covers func(vectors.Op) bool) []vectors.Op {
	var ops []vectors.Op
	add := func(op vectors.Op) {
		if covers(op) && !slices.Contains(ops, op) {
			ops = append(ops, op)
		}
	}
	for _, op := range c.ops {
		add(op)
	}
	for _, o := range vectors.Ops() {
		if len(c.ops) == 0 && len(c.areas) == 0 || slices.Contains(c.areas, o.Area) {
			add(o.Name)
		}
	}
	return ops
}
