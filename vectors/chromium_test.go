package vectors_test

import (
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/pctest/pctest/vectors"
)

// chromiumRecord is vectors/testdata/chromium-legacy.json, written by
// vectors/internal/chromium (make chromium-legacy).
type chromiumRecord struct {
	Engine  string `json:"engine"`
	Package string `json:"package"`
	How     string `json:"how"`
	Answers []struct {
		ID       string `json:"id"`
		Encoding string `json:"encoding"`
		In       string `json:"in"`
		Out      string `json:"out"`
	} `json:"answers"`
	Skipped []struct {
		ID     string `json:"id"`
		Reason string `json:"reason"`
	} `json:"skipped"`
}

// chromiumDeviation is an entry of
// vectors/testdata/chromium-legacy-deviations.json.
type chromiumDeviation struct {
	// IDs is an RE2 regexp that the whole vector id must match.
	IDs string `json:"ids"`
	// Summary says what Chromium does instead; Ref the spec step it
	// breaks; Cause where in Chromium it comes from, when known.
	Summary string `json:"summary"`
	Ref     string `json:"ref"`
	Cause   string `json:"cause"`
	// Evidence is what other engines or the spec text say, at least one
	// entry.
	Evidence []string `json:"evidence"`
}

// chromiumSkipReasons are the only reasons the harness may skip a vector
// for (vectors/internal/chromium: queryUnfit, pageUnfit), each with the
// rule that must hold of the vector.
var chromiumSkipReasons = map[string]func(v vectors.Vector) bool{
	"'#' starts the fragment in the URL parser": func(v vectors.Vector) bool {
		return v.Op != vectors.OpFormEncodeLegacy && strings.Contains(text(v.In), "#")
	},
	"the URL parser removes U+0009, U+000A and U+000D": func(v vectors.Vector) bool {
		return v.Op != vectors.OpFormEncodeLegacy && strings.ContainsAny(text(v.In), "\t\n\r")
	},
	"the URL parser strips a C0 control or space at the end": func(v vectors.Vector) bool {
		s := text(v.In)
		return v.Op != vectors.OpFormEncodeLegacy && s != "" && s[len(s)-1] <= 0x20
	},
	"the replacement decoder turns the page into one U+FFFD, so no script runs": func(v vectors.Vector) bool {
		switch strings.ToLower(v.Args["encoding"]) {
		case "replacement", "csiso2022kr", "hz-gb-2312", "iso-2022-cn", "iso-2022-cn-ext", "iso-2022-kr":
			return true
		}
		return false
	},
	"a Content-Type header cannot carry the label's white space as it is": func(v vectors.Vector) bool {
		return strings.ContainsAny(v.Args["encoding"], " \t\n\f\r")
	},
}

func text(u []uint16) string { return string(utf16.Decode(u)) }

// TestChromiumLegacy checks the vectors of the encoding area against
// Chromium's recorded answers (make chromium-legacy re-records them; no
// browser is needed here): every vector is answered or skipped for a
// listed reason that holds of it, the record is not stale (same label and
// input), and every answer that differs from the vector is covered by a
// deviation, each of which covers at least one.
func TestChromiumLegacy(t *testing.T) {
	var rec chromiumRecord
	readJSON(t, "testdata/chromium-legacy.json", &rec)
	var devFile struct {
		About      string              `json:"about"`
		Deviations []chromiumDeviation `json:"deviations"`
	}
	readJSON(t, "testdata/chromium-legacy-deviations.json", &devFile)
	if !strings.HasPrefix(rec.Engine, "Chromium ") || rec.Package == "" {
		t.Errorf("record names engine %q, package %q", rec.Engine, rec.Package)
	}
	all, err := vectors.Load()
	if err != nil {
		t.Fatal(err)
	}
	byID := map[string]vectors.Vector{}
	for _, v := range all {
		if v.Op == vectors.OpQueryEncode || v.Op == vectors.OpFormEncodeLegacy || v.Op == vectors.OpQueryEncodeScheme {
			byID[v.ID] = v
		}
	}
	seen := map[string]bool{}
	var diffs []chromiumDiff
	var agree []string
	for _, a := range rec.Answers {
		v, ok := byID[a.ID]
		switch {
		case !ok:
			t.Errorf("%s: recorded, but no such vector (stale record: run make chromium-legacy)", a.ID)
			continue
		case seen[a.ID]:
			t.Errorf("%s: recorded twice", a.ID)
		case a.Encoding != v.Args["encoding"] || a.In != text(v.In):
			t.Errorf("%s: recorded for %q %q, the vector is %q %q (stale record: run make chromium-legacy)", a.ID, a.Encoding, a.In, v.Args["encoding"], text(v.In))
		}
		seen[a.ID] = true
		if want := text(v.Expect.Out); a.Out != want {
			diffs = append(diffs, chromiumDiff{id: a.ID, in: a.In, want: want, got: a.Out})
		} else {
			agree = append(agree, a.ID)
		}
	}
	for _, s := range rec.Skipped {
		v, ok := byID[s.ID]
		if !ok {
			t.Errorf("%s: skipped, but no such vector (stale record)", s.ID)
			continue
		}
		if seen[s.ID] {
			t.Errorf("%s: both answered and skipped", s.ID)
		}
		seen[s.ID] = true
		rule, ok := chromiumSkipReasons[s.Reason]
		if !ok {
			t.Errorf("%s: skipped for an unknown reason %q", s.ID, s.Reason)
		} else if !rule(v) {
			t.Errorf("%s: skipped because %s, which does not hold of it", s.ID, s.Reason)
		}
	}
	for id := range byID {
		if !seen[id] {
			t.Errorf("%s: neither answered nor skipped by Chromium (stale record: run make chromium-legacy)", id)
		}
	}
	if len(rec.Answers) < len(byID)*9/10 {
		t.Errorf("Chromium answered %d of %d vectors", len(rec.Answers), len(byID))
	}
	if err := checkChromiumDiffs(diffs, agree, devFile.Deviations); err != nil {
		t.Error(err)
	}
	t.Logf("%s: %d answers, %d skipped, %d differ, %d deviations listed", rec.Engine, len(rec.Answers), len(rec.Skipped), len(diffs), len(devFile.Deviations))
}

// chromiumDiff is an answer that is not the vector's.
type chromiumDiff struct{ id, in, want, got string }

// checkChromiumDiffs returns an error unless every diff is covered by a
// well-formed deviation, every deviation covers a diff, and no deviation
// matches the id of an answer that agrees with its vector (agree).
func checkChromiumDiffs(diffs []chromiumDiff, agree []string, devs []chromiumDeviation) error {
	var errs []string
	res := make([]*regexp.Regexp, len(devs))
	used := make([]bool, len(devs))
	for i, d := range devs {
		re, err := regexp.Compile("^(?:" + d.IDs + ")$")
		if err != nil || d.Summary == "" || d.Ref == "" || len(d.Evidence) == 0 {
			errs = append(errs, fmt.Sprintf("deviation %d (%q): needs a valid ids regexp, a summary, a ref and evidence (%v)", i, d.IDs, err))
			continue
		}
		res[i] = re
	}
	for _, df := range diffs {
		covered := false
		for i, re := range res {
			if re != nil && re.MatchString(df.id) {
				covered, used[i] = true, true
			}
		}
		if !covered {
			errs = append(errs, fmt.Sprintf("%s: Chromium answers %q for %q, the vector says %q, and no deviation covers it", df.id, df.got, df.in, df.want))
		}
	}
	for i, d := range devs {
		if res[i] != nil && !used[i] {
			errs = append(errs, fmt.Sprintf("deviation %q covers no difference: Chromium now agrees, remove it", d.IDs))
		}
		for _, id := range agree {
			if res[i] != nil && res[i].MatchString(id) {
				errs = append(errs, fmt.Sprintf("deviation %q matches %s, on which Chromium agrees with the vector: narrow it", d.IDs, id))
			}
		}
	}
	if len(errs) > 0 {
		return fmt.Errorf("%d problems:\n%s", len(errs), strings.Join(errs, "\n"))
	}
	return nil
}

// TestCheckChromiumDiffs shows that the check can fail: an uncovered
// difference, a deviation that covers nothing or too much, and one
// without evidence.
func TestCheckChromiumDiffs(t *testing.T) {
	d := []chromiumDiff{{id: "encoding.queryEncode.x.a", in: "¥", want: "%5C", got: "%26%23165%3B"}}
	good := chromiumDeviation{IDs: `encoding\.queryEncode\.x\..*`, Summary: "s", Ref: "r", Evidence: []string{"e"}}
	if err := checkChromiumDiffs(d, []string{"encoding.queryEncode.y.a"}, []chromiumDeviation{good}); err != nil {
		t.Errorf("covered difference: %v", err)
	}
	if err := checkChromiumDiffs(d, nil, nil); err == nil {
		t.Error("an uncovered difference passes")
	}
	if err := checkChromiumDiffs(nil, nil, []chromiumDeviation{good}); err == nil {
		t.Error("a stale deviation passes")
	}
	if err := checkChromiumDiffs(d, []string{"encoding.queryEncode.x.b"}, []chromiumDeviation{good}); err == nil {
		t.Error("a deviation that also matches an agreeing answer passes")
	}
	bad := good
	bad.Evidence = nil
	if err := checkChromiumDiffs(d, nil, []chromiumDeviation{bad}); err == nil {
		t.Error("a deviation without evidence passes")
	}
}

func readJSON(t *testing.T, name string, v any) {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}
