package vectors

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// Evidence is what a registry entry's verdict rests on: the claim the
// library's published docs make for the function, the spec's words, the
// signs of intent looked for (the function's tests, the source at fault,
// the changelog), the upstream status and how it was decided, and what the
// reproduction printed on the surveyed and on the latest version. The
// survey requires all of it of a bug (survey/evidence.go); here each piece
// that is given is checked for form.
type Evidence struct {
	// Claim: the published docs of the function (not a source file) and
	// their words that claim the spec, or state the behaviour.
	Claim *Quoted `json:"claim,omitempty"`
	// Spec: the clause, linked with its section anchor, and its words.
	Spec *Quoted `json:"spec,omitempty"`
	// Intent: what the function's tests, its source and its changelog say
	// of the behaviour, each linked at a commit.
	Intent []Intent `json:"intent,omitempty"`
	// Upstream: the status in the library's tracker.
	Upstream *Upstream `json:"upstream,omitempty"`
	// Runs: what the reproduction printed on the surveyed version and on
	// the latest release or default branch.
	Runs []Run `json:"runs,omitempty"`
}

// Quoted is a page and verbatim words of it.
type Quoted struct {
	// Function is the function the words are about (a claim's).
	Function string `json:"function,omitempty"`
	URL      string `json:"url"`
	Quote    string `json:"quote"`
}

// Intent kinds: where a sign of intent was looked for.
const (
	IntentTests      = "tests"
	IntentSource     = "source"
	IntentChangelog  = "changelog"
	IntentMaintainer = "maintainer"
)

// An Intent is one place looked at for a sign that the behaviour is
// intended, and what it says.
type Intent struct {
	Kind string `json:"kind"`
	URL  string `json:"url"`
	Says string `json:"says"`
}

// Upstream statuses, apart from the label.
const (
	UpstreamNotReported = "not reported"
	UpstreamReported    = "reported"
	UpstreamFixed       = "fixed"
	UpstreamDeclined    = "declined"
)

// UpstreamStatuses lists them.
var UpstreamStatuses = []string{UpstreamNotReported, UpstreamReported, UpstreamFixed, UpstreamDeclined}

// Upstream is an entry's status in its library's tracker and the search
// that decided it.
type Upstream struct {
	Status string   `json:"status"`
	Links  []string `json:"links,omitempty"`
	// FixedIn names the release or commit that fixed it (Status fixed).
	FixedIn string `json:"fixed_in,omitempty"`
	Search  Search `json:"search"`
}

// A Search is a tracker search: where, with which queries, on which day.
type Search struct {
	// Where is the tracker searched; Note says how, where it matters
	// (through which index, what could not be reached).
	Where   string   `json:"where"`
	Note    string   `json:"note,omitempty"`
	Queries []string `json:"queries"`
	Date    string   `json:"date"`
}

// Run kinds.
const (
	RunSurveyed = "surveyed"
	RunLatest   = "latest"
)

// A Run is what the reproduction printed on one version.
type Run struct {
	// On is RunSurveyed or RunLatest.
	On      string `json:"on"`
	Version string `json:"version"`
	// Commit is the upstream commit the latest run used (40 hex digits).
	Commit string `json:"commit,omitempty"`
	// How says how the reproduction was run against that source.
	How     string `json:"how,omitempty"`
	Printed string `json:"printed"`
	// NotRun says why it could not be run (an engine that cannot be built
	// here); How then says what the latest source shows at the fault.
	NotRun string `json:"not_run,omitempty"`
}

// Review decisions.
const (
	ReviewAccept = "accept"
	ReviewReject = "reject"
)

// A Review is the adversarial review of a bug: someone who did not write
// it argued the maintainer's side (intended, documented, duplicate, out of
// scope, already fixed) and decided.
type Review struct {
	By             string   `json:"by"`
	Date           string   `json:"date"`
	Decision       string   `json:"decision"`
	MaintainerSide string   `json:"maintainer_side"`
	Reason         string   `json:"reason"`
	Links          []string `json:"links,omitempty"`
}

var (
	dateRE   = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}$`)
	commitRE = regexp.MustCompile(`^[0-9a-f]{40}$`)
)

func httpsURL(what, u string) error {
	if !strings.HasPrefix(u, "https://") || strings.ContainsAny(u, " \t\n") {
		return fmt.Errorf("%s %q is not an https link", what, u)
	}
	return nil
}

// check checks the form of each piece given (nil is no evidence).
func (e *Evidence) check() error {
	if e == nil {
		return nil
	}
	for _, q := range []struct {
		what string
		q    *Quoted
	}{{"claim", e.Claim}, {"spec", e.Spec}} {
		if q.q == nil {
			continue
		}
		if err := httpsURL(q.what+".url", q.q.URL); err != nil {
			return err
		}
		if strings.TrimSpace(q.q.Quote) == "" {
			return fmt.Errorf("%s.quote is empty", q.what)
		}
	}
	for i, in := range e.Intent {
		if !slices.Contains([]string{IntentTests, IntentSource, IntentChangelog, IntentMaintainer}, in.Kind) {
			return fmt.Errorf("intent[%d].kind %q is not tests, source, changelog or maintainer", i, in.Kind)
		}
		if err := httpsURL(fmt.Sprintf("intent[%d].url", i), in.URL); err != nil {
			return err
		}
		if strings.TrimSpace(in.Says) == "" {
			return fmt.Errorf("intent[%d].says is empty: say what it shows", i)
		}
	}
	if u := e.Upstream; u != nil {
		switch {
		case !slices.Contains(UpstreamStatuses, u.Status):
			return fmt.Errorf("upstream.status %q is not one of %q", u.Status, UpstreamStatuses)
		case u.Status != UpstreamNotReported && len(u.Links) == 0:
			return fmt.Errorf("upstream.status %q needs the links that show it", u.Status)
		case u.Status == UpstreamFixed && u.FixedIn == "":
			return errors.New("upstream.status fixed needs fixed_in")
		case len(u.Search.Queries) == 0 || slices.Contains(u.Search.Queries, ""):
			return errors.New("upstream.search.queries: name the queries searched")
		case !dateRE.MatchString(u.Search.Date):
			return fmt.Errorf("upstream.search.date %q is not YYYY-MM-DD", u.Search.Date)
		}
		if err := httpsURL("upstream.search.where", u.Search.Where); err != nil {
			return err
		}
		for _, l := range u.Links {
			if err := httpsURL("upstream.links", l); err != nil {
				return err
			}
		}
	}
	for i, r := range e.Runs {
		switch {
		case r.On != RunSurveyed && r.On != RunLatest:
			return fmt.Errorf("runs[%d].on %q is not surveyed or latest", i, r.On)
		case r.Version == "":
			return fmt.Errorf("runs[%d].version is empty", i)
		case r.On == RunLatest && !commitRE.MatchString(r.Commit):
			return fmt.Errorf("runs[%d] (latest) commit %q is not a 40-hex commit", i, r.Commit)
		case r.On == RunLatest && r.How == "":
			return fmt.Errorf("runs[%d] (latest) how is empty: say how it was run against that source", i)
		case r.NotRun == "" && r.Printed == "":
			return fmt.Errorf("runs[%d] printed nothing: give what it printed, or not_run and why", i)
		}
	}
	return nil
}

// check checks a review's form (nil is no review).
func (r *Review) check() error {
	switch {
	case r == nil:
		return nil
	case r.By == "":
		return errors.New("by: name the reviewer")
	case !dateRE.MatchString(r.Date):
		return fmt.Errorf("date %q is not YYYY-MM-DD", r.Date)
	case r.Decision != ReviewAccept && r.Decision != ReviewReject:
		return fmt.Errorf("decision %q is not accept or reject", r.Decision)
	case strings.TrimSpace(r.MaintainerSide) == "" || strings.TrimSpace(r.Reason) == "":
		return errors.New("maintainer_side and reason are required: argue the maintainer's side, then decide")
	}
	for _, l := range r.Links {
		if err := httpsURL("links", l); err != nil {
			return err
		}
	}
	return nil
}
