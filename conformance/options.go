package conformance

import (
	"fmt"
	"regexp"
	"runtime"
	"slices"
	"strings"

	"github.com/pctest/pctest/vectors"
)

// An Option selects vectors or changes how they are run. Options are values:
// build them with the functions below and pass them to [Run], [Check],
// [Results], [Laws] or [Differential]. Laws heeds only Ops and Areas
// (which ops to exercise); Differential heeds those and KnownDeviations.
type Option struct {
	apply func(*config)
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
}

// Areas selects the vectors of the ops of the given areas (the vectors
// files, such as "ecmascript" or "rfc3986"; see vectors.Op.Area). Several
// Areas options add up. With Ops as well, a vector is selected when its op
// is selected by either.
func Areas(areas ...string) Option {
	return Option{func(c *config) { c.areas = append(c.areas, areas...) }}
}

// Ops selects the vectors of the named ops (see vectors.Ops). Several Ops
// options add up.
func Ops(ops ...vectors.Op) Option {
	return Option{func(c *config) { c.ops = append(c.ops, ops...) }}
}

// Match selects the vectors whose id run matches and skip does not
// (unanchored), as go test's -run and -skip do; either may be nil. Several
// Match options must all hold.
func Match(run, skip *regexp.Regexp) Option {
	return Option{func(c *config) {
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
	return Option{func(c *config) { c.levels = append(c.levels, levels...) }}
}

// Parallel sets how many requests are in flight at once: [Results] and
// [Check] and [Run] call the implementation's Do from n goroutines (a
// subprocess adapter pipelines them). The default is
// runtime.GOMAXPROCS(0). n < 1 means 1.
func Parallel(n int) Option {
	return Option{func(c *config) {
		c.parallel = max(n, 1)
	}}
}

// withVectors runs vs instead of the embedded corpus (vectors.Load).
// Selection and the expected-failures list apply to vs. The package's
// tests use it; a third party runs pctest's corpus.
func withVectors(vs []vectors.Vector) Option {
	return Option{func(c *config) {
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
	return Option{func(c *config) {
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
	return Option{func(c *config) {
		c.deviations = devs
		c.deviationsSet = true
	}}
}

// newConfig applies opts and checks that the areas, ops and levels they
// name exist.
func newConfig(opts []Option) (*config, error) {
	c := &config{}
	for _, o := range opts {
		if o.apply != nil {
			o.apply(c)
		}
	}
	areas := map[string]bool{}
	for _, op := range vectors.Ops() {
		areas[op.Area] = true
	}
	for _, a := range c.areas {
		if !areas[a] {
			return nil, fmt.Errorf("conformance: unknown area %q", a)
		}
	}
	for _, name := range c.ops {
		if _, ok := vectors.Op(name).Info(); !ok {
			return nil, fmt.Errorf("conformance: unknown op %q", name)
		}
	}
	for _, l := range c.levels {
		if !slices.Contains(vectors.Levels(), l) {
			return nil, fmt.Errorf("conformance: unknown level %q (want %s)", l, strings.Join(vectors.Levels(), ", "))
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

// selection returns the vectors of all that the options select, in order.
func (c *config) selection(all []vectors.Vector) []vectors.Vector {
	var sel []vectors.Vector
	for _, v := range all {
		if c.selected(v) {
			sel = append(sel, v)
		}
	}
	return sel
}

// selected reports whether the options select v.
func (c *config) selected(v vectors.Vector) bool {
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
