package main

import (
	"errors"
	"strings"
	"testing"

	"github.com/pctest/pctest/vectors"
)

func specLibraryT(t *testing.T) *specLibrary {
	t.Helper()
	lib, err := loadSpecLibrary(moduleRootT(t))
	if err != nil {
		t.Fatal(err)
	}
	return lib
}

// TestSpecLibraryFindsQuotes: a quote of the spec's words is found in its
// copy, across an RFC's page break and through Bikeshed's markup; a
// paraphrase, and a spec with no copy, are not.
func TestSpecLibraryFindsQuotes(t *testing.T) {
	lib := specLibraryT(t)
	for _, q := range []struct{ url, quote string }{
		// RFC 3986 §2.4 runs over the page break after page 12.
		{"https://www.rfc-editor.org/rfc/rfc3986#section-2.4", "Because the percent (\"%\") character serves as the indicator for percent-encoded octets, it must be percent-encoded as \"%25\" for that octet to be used as data within a URI."},
		{"https://www.rfc-editor.org/rfc/rfc3986#section-2.1", "For consistency, URI producers and normalizers should use uppercase hexadecimal digits for all percent-encodings."},
		{"https://url.spec.whatwg.org/#percent-encoded-bytes", "The C0 control percent-encode set is a percent-encode set consisting of C0 controls and all code points greater than U+007E (~)."},
	} {
		if err := lib.find(q.url, q.quote); err != nil {
			t.Errorf("%v", err)
		}
	}
	for _, q := range []struct{ url, quote, file string }{
		{"https://www.rfc-editor.org/rfc/rfc3986#section-2.4", "an escape must not be encoded again", "rfc3986.txt"},
		{"https://www.example.org/spec#x", "anything", ""},
	} {
		var qe *QuoteError
		if err := lib.find(q.url, q.quote); !errors.As(err, &qe) || qe.File != q.file {
			t.Errorf("find(%q, %q) = %v, want a *QuoteError in %q", q.url, q.quote, err, q.file)
		}
	}
}

// goodBug is a bug entry whose evidence is complete; each case of
// TestBugEvidenceRejects breaks one piece of it.
func goodBug() *Cause {
	return &Cause{file: "x/verdicts.json", Divergence: vectors.Divergence{
		ID: "x.bug", Verdict: VerdictBug,
		Repro: &vectors.Repro{Actual: "%2541", Expected: "%41"},
		Evidence: &vectors.Evidence{
			Claim: &vectors.Quoted{Function: "quote", URL: "https://docs.example.org/api.html#quote", Quote: "follows RFC 3986"},
			Spec:  &vectors.Quoted{URL: "https://www.rfc-editor.org/rfc/rfc3986#section-2.1", Quote: "For consistency, URI producers and normalizers should use uppercase hexadecimal digits for all percent-encodings."},
			Intent: []vectors.Intent{
				{Kind: vectors.IntentTests, URL: "https://github.com/o/r/blob/0123456789abcdef0123456789abcdef01234567/test_x.py#L1", Says: "no test covers it"},
				{Kind: vectors.IntentSource, URL: "https://github.com/o/r/blob/0123456789abcdef0123456789abcdef01234567/x.py#L9", Says: "no comment"},
				{Kind: vectors.IntentChangelog, URL: "https://github.com/o/r/blob/0123456789abcdef0123456789abcdef01234567/CHANGES.md", Says: "nothing about it"},
			},
			Upstream: &vectors.Upstream{Status: vectors.UpstreamNotReported, Search: vectors.Search{Where: "https://github.com/o/r/issues", Queries: []string{"quote percent"}, Date: "2026-12-06"}},
			Runs: []vectors.Run{
				{On: vectors.RunSurveyed, Version: "1.0", Printed: "%2541"},
				{On: vectors.RunLatest, Version: "2.0", Commit: "0123456789abcdef0123456789abcdef01234567", How: "PYTHONPATH=src", Printed: "%2541"},
			},
		},
		Review: &vectors.Review{By: "reviewer", Date: "2026-12-06", Decision: vectors.ReviewAccept, MaintainerSide: "intended?", Reason: "no sign of it"},
	}}
}

// TestBugEvidenceRejects shows each rejection of the evidence gate once,
// on an entry broken in that one piece, and none on the whole entry.
func TestBugEvidenceRejects(t *testing.T) {
	lib := specLibraryT(t)
	if errs := bugEvidenceErrors(goodBug(), lib); len(errs) != 0 {
		t.Fatalf("a complete entry is rejected: %v", errs)
	}
	for _, tc := range []struct {
		name, piece, want string
		breakIt           func(c *Cause)
	}{
		{"no evidence", "evidence", "needs its evidence", func(c *Cause) { c.Evidence = nil }},
		{"no claim", "evidence.claim", "published docs", func(c *Cause) { c.Evidence.Claim = nil }},
		{"claim without function", "evidence.claim", "name the function", func(c *Cause) { c.Evidence.Claim.Function = "" }},
		{"claim from source", "evidence.claim", "source file", func(c *Cause) {
			c.Evidence.Claim.URL = "https://github.com/o/r/blob/v1/lib/x.py#L10"
		}},
		{"no spec", "evidence.spec", "section anchor", func(c *Cause) { c.Evidence.Spec = nil }},
		{"spec without anchor", "evidence.spec", "no section anchor", func(c *Cause) { c.Evidence.Spec.URL = "https://www.rfc-editor.org/rfc/rfc3986" }},
		{"paraphrased spec", "evidence.spec", "quote its words exactly", func(c *Cause) { c.Evidence.Spec.Quote = "hex digits must be uppercase" }},
		{"no tests looked at", "evidence.intent", "no tests", func(c *Cause) { c.Evidence.Intent = c.Evidence.Intent[1:] }},
		{"intent not at a commit", "evidence.intent", "names no commit", func(c *Cause) {
			c.Evidence.Intent[1].URL = "https://github.com/o/r/blob/main/x.py#L9"
		}},
		{"no upstream", "evidence.upstream", "status in the tracker", func(c *Cause) { c.Evidence.Upstream = nil }},
		{"no surveyed run", "evidence.runs", "surveyed version", func(c *Cause) { c.Evidence.Runs = c.Evidence.Runs[1:] }},
		{"surveyed run differs", "evidence.runs", "the repro records", func(c *Cause) { c.Evidence.Runs[0].Printed = "x" }},
		{"no latest run", "evidence.runs", "latest release", func(c *Cause) { c.Evidence.Runs = c.Evidence.Runs[:1] }},
		{"fixed on latest, shown open", "evidence.runs", "fixed there", func(c *Cause) { c.Evidence.Runs[1].Printed = "%41" }},
		{"no review", "review", "no review", func(c *Cause) { c.Review = nil }},
		{"rejected by its review", "review", "relabel", func(c *Cause) { c.Review.Decision = vectors.ReviewReject }},
	} {
		c := goodBug()
		tc.breakIt(c)
		errs := bugEvidenceErrors(c, lib)
		if len(errs) != 1 {
			t.Errorf("%s: %d errors, want 1: %v", tc.name, len(errs), errs)
			continue
		}
		var ee *EvidenceError
		if !errors.As(errs[0], &ee) || ee.Piece != tc.piece || !strings.Contains(ee.Reason, tc.want) || ee.Entry != "x.bug" {
			t.Errorf("%s: %v; want an *EvidenceError on %s saying %q", tc.name, errs[0], tc.piece, tc.want)
		}
	}
	// Fixed on the latest version, and said so: not an error.
	c := goodBug()
	c.Evidence.Runs[1].Printed = "%41"
	c.Evidence.Upstream = &vectors.Upstream{Status: vectors.UpstreamFixed, FixedIn: "2.0", Links: []string{"https://github.com/o/r/pull/1"}, Search: c.Evidence.Upstream.Search}
	if errs := bugEvidenceErrors(c, lib); len(errs) != 0 {
		t.Errorf("a bug fixed upstream and shown so is rejected: %v", errs)
	}
}

// TestBugEvidence holds every bug of the registries to the evidence gate:
// the claim, the spec's own words, the signs of intent looked for, the
// upstream status, the runs on the surveyed and latest versions, and an
// accepting review.
func TestBugEvidence(t *testing.T) {
	_, _, _, causes := surveyInputs(t)
	lib := specLibraryT(t)
	n := 0
	for _, c := range causes {
		if c.Verdict != VerdictBug {
			continue
		}
		n++
		for _, err := range bugEvidenceErrors(c, lib) {
			t.Error(err)
		}
	}
	t.Logf("%d bugs checked", n)
}
