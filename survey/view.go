package main

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/pctest/pctest/vectors"
)

// A Family is one matrix of the report: the rows that answer any of its
// ops, by those ops.
type Family struct {
	ID, Title string
	// About says what the family's ops are, for people.
	About string
	Ops   []vectors.Op
	Rows  []*RowReport
}

// families lists the report's matrices, in order. Every op belongs to
// exactly one family (TestFamiliesCoverOps): an op that none of them names
// goes to a last family of its own (withOtherOps), until one takes it.
var families = withOtherOps(vectors.Ops(), []Family{
	{ID: "engines", Title: "ECMAScript engines × the URI functions and Annex B",
		About: "Each engine's own global encodeURI, encodeURIComponent, decodeURI and decodeURIComponent (ECMA-262 5.1 §15.1.3), and escape and unescape (Annex B.2.1, B.2.2), in its own process.",
		Ops:   []vectors.Op{vectors.OpEncodeURI, vectors.OpEncodeURIComponent, vectors.OpDecodeURI, vectors.OpDecodeURIComponent, vectors.OpEscape, vectors.OpUnescape}},
	{ID: "ecmascript-libraries", Title: "Libraries that claim the ECMAScript functions",
		About: "Functions outside an engine whose documentation says they do what encodeURI, encodeURIComponent, decodeURI or decodeURIComponent do.",
		Ops:   []vectors.Op{vectors.OpEncodeURI, vectors.OpEncodeURIComponent, vectors.OpDecodeURI, vectors.OpDecodeURIComponent}},
	{ID: "encoders", Title: "RFC 3986 encoders",
		About: "Percent-encoding of octets outside a set (RFC 3986 §2.1, §2.3, §2.4; the named sets of percentEncodeSet), and Go's escapers.",
		Ops:   []vectors.Op{vectors.OpPercentEncode, vectors.OpPercentEncodeSet, vectors.OpEncodeNoDouble, vectors.OpGoQueryEscape, vectors.OpGoPathEscape}},
	{ID: "decoders", Title: "Decoders, strict and lenient",
		About: "Strict decoding that rejects a malformed '%' (RFC 3986 §2.1), lenient decoding that keeps it (WHATWG URL §1.3), UTF-8 decoding with replacement, and Go's unescapers.",
		Ops:   []vectors.Op{vectors.OpPercentDecode, vectors.OpPercentDecodeLenient, vectors.OpUTF8DecodeReplace, vectors.OpGoQueryUnescape, vectors.OpGoPathUnescape}},
	{ID: "form", Title: "application/x-www-form-urlencoded",
		About: "One name or value through the form serializer and parser (WHATWG URL §5).",
		Ops:   []vectors.Op{vectors.OpFormEncode, vectors.OpFormDecode}},
	{ID: "normalization", Title: "Normalization and equivalence",
		About: "RFC 3986 §6.2.2.1 and §6.2.2.2: case of escapes, escapes of unreserved characters.",
		Ops:   []vectors.Op{vectors.OpNormalize, vectors.OpEquivalent}},
	{ID: "annexb", Title: "escape and unescape outside an engine (ECMA-262 Annex B)",
		About: "Library functions that claim the legacy global functions of ECMA-262 5.1 Annex B.2.1 and B.2.2: %XY below 256, %uWXYZ above, a malformed '%' kept.",
		Ops:   []vectors.Op{vectors.OpEscape, vectors.OpUnescape}},
	{ID: "legacy-encodings", Title: "Legacy encodings (percent-encode after encoding)",
		About: "WHATWG URL §1.3 with the Encoding Standard's legacy encoders: a special URL's query (§4.4) and the urlencoded serializer (§5.2) in Shift_JIS, EUC-JP, ISO-2022-JP, GBK, gb18030, Big5, EUC-KR, x-user-defined and the single-byte encodings; a code point the encoding lacks becomes %26%23NNNN%3B.",
		Ops:   []vectors.Op{vectors.OpQueryEncode, vectors.OpQueryEncodeScheme, vectors.OpFormEncodeLegacy}},
	{ID: "iri", Title: "IRI ↔ URI",
		About: "RFC 3987 §3.1 and §3.2.",
		Ops:   []vectors.Op{vectors.OpIRIToURI, vectors.OpURIToIRI}},
})

// withOtherOps returns fams and, when some of ops is in none of them, a
// family "other-ops" of those ops: a new op has a matrix in the report
// before a family is chosen for it.
func withOtherOps(ops []vectors.OpInfo, fams []Family) []Family {
	other := Family{ID: "other-ops", Title: "Other ops",
		About: "Ops that no family above names yet (survey/view.go, families)."}
	for _, op := range ops {
		if !slices.ContainsFunc(fams, func(f Family) bool { return slices.Contains(f.Ops, op.Name) }) {
			other.Ops = append(other.Ops, op.Name)
		}
	}
	if len(other.Ops) == 0 {
		return fams
	}
	return append(fams, other)
}

// isEngine reports whether the row is an ECMAScript engine's own global
// functions.
func (rr *RowReport) isEngine() bool { return rr.Row.Kind == "engine" }

// answers reports whether the row ran any vector of op.
func (rr *RowReport) answers(op vectors.Op) bool {
	t := rr.Cells[string(op)]
	return t != nil && t.Ran() > 0
}

// claims reports whether the row claims op: it ran a vector of it, or its
// mapping maps a function to it.
func (rr *RowReport) claims(op vectors.Op) bool {
	return rr.answers(op) || slices.ContainsFunc(rr.Functions, func(m Mapping) bool { return m.Op == op })
}

// buildFamilies fills each family with its rows: the engines' rows go to
// the engines' family only, every other row to each family of whose ops
// it claims one. The reference is left out: it is what the others are
// measured against.
func (rep *Report) buildFamilies() []Family {
	var out []Family
	for _, f := range families {
		for _, rr := range rep.Rows {
			if rr.Row.Impl == "reference" || rr.Row.Kind == "browser" || (f.ID == "engines") != rr.isEngine() {
				continue
			}
			if slices.ContainsFunc(f.Ops, rr.claims) {
				f.Rows = append(f.Rows, rr)
			}
		}
		if len(f.Rows) > 0 {
			out = append(out, f)
		}
	}
	return out
}

// A Score is a row's score on the ops of one family (or one op): vectors
// passed of those run, fuzz findings, and bugs.
type Score struct {
	Row *RowReport
	// Passed and Ran count the vectors of the ops; Rate is Passed/Ran.
	Passed, Ran int
	Rate        float64
	Ops         int
	// Fuzz counts the fuzz findings on the ops; Bugs the open bugs whose
	// divergences are on them (Cause.open), Fixed the bugs of the
	// surveyed version fixed upstream since.
	Fuzz, Bugs, Fixed int
}

// BugsText writes the open bugs on the ops, and the fixed ones after
// them: "2", "2 (+1 fixed)", "(1 fixed)"; "" when there are none.
func (s Score) BugsText() string {
	switch {
	case s.Fixed == 0:
		return zeroDash(s.Bugs)
	case s.Bugs == 0:
		return fmt.Sprintf("(%d fixed)", s.Fixed)
	}
	return fmt.Sprintf("%d (+%d fixed)", s.Bugs, s.Fixed)
}

// FuzzText writes the fuzz findings on the ops and how long fuzzing ran
// on the row ("not run" when it did not).
func (s Score) FuzzText() string {
	rr := s.Row
	if !rr.fuzzed() {
		return fuzzCell(rr)
	}
	return fmt.Sprintf("%d (%s)", s.Fuzz, rr.Meta.Fuzzed)
}

// Clean reports whether the row passed every vector of the ops, and
// fuzzing found nothing on them; a row pctest fuzz could not fuzz is not
// clean, whatever its vectors say.
func (s Score) Clean() bool {
	return s.Ran > 0 && s.Passed == s.Ran && s.Fuzz == 0 && !s.Row.fuzzFailed()
}

// RateText writes the pass rate as a percentage, rounded down so that
// only a row that passes everything shows 100%; a row with a fuzz finding
// is never shown as clean.
func (s Score) RateText() string {
	switch {
	case s.Ran == 0:
		return "—"
	case s.Passed == s.Ran && s.Fuzz > 0:
		return fmt.Sprintf("100%%, fuzz ✗%d", s.Fuzz)
	case s.Passed == s.Ran && s.Row.fuzzFailed():
		return "100%, fuzz not run"
	case s.Passed == s.Ran:
		return "100%"
	}
	return fmt.Sprintf("%.1f%%", float64(int(s.Rate*1000))/10)
}

// score returns rr's score on ops.
func (rr *RowReport) score(ops []vectors.Op) Score {
	s := Score{Row: rr}
	for _, op := range ops {
		if t := rr.Cells[string(op)]; t != nil && t.Ran() > 0 {
			s.Ops++
			s.Passed += t.Passed
			s.Ran += t.Ran()
		}
	}
	if s.Ran > 0 {
		s.Rate = float64(s.Passed) / float64(s.Ran)
	}
	if rr.Fuzz != nil {
		for _, f := range rr.Fuzz.Findings {
			if slices.Contains(ops, f.Vector.Op) {
				s.Fuzz++
			}
		}
	}
	for _, g := range rr.Groups {
		if g.Cause == nil || g.Cause.Verdict != VerdictBug ||
			!slices.ContainsFunc(g.Results, func(r *Result) bool { return slices.Contains(ops, r.Vector.Op) }) {
			continue
		}
		if g.Cause.open() {
			s.Bugs++
		} else {
			s.Fixed++
		}
	}
	return s
}

// scores returns the family's rows that ran, scored on the family's ops
// only, best first (a clean row before one with fuzz findings), then by
// name.
func (f Family) scores() []Score {
	var out []Score
	for _, rr := range f.Rows {
		if rr.Absent == "" {
			if s := rr.score(f.Ops); s.Ran > 0 || s.Fuzz > 0 {
				out = append(out, s)
			}
		}
	}
	slices.SortStableFunc(out, func(a, b Score) int {
		if c := cmp.Compare(b.Rate, a.Rate); c != 0 {
			return c
		}
		if c := cmp.Compare(a.Fuzz, b.Fuzz); c != 0 {
			return c
		}
		return cmp.Compare(a.Row.Row.Name, b.Row.Row.Name)
	})
	return out
}

// An OpScore is one op's line of the per-op table.
type OpScore struct {
	Op vectors.Op
	// Rows answered a vector of the op; Clean of them passed every one
	// and fuzzing found nothing on the op.
	Rows, Clean int
	Passed, Ran int
	// Bugs counts the distinct open bugs on the op (Cause.open).
	Bugs int
}

// opScores returns a line per op that some row other than the reference
// answered, in the order of vectors.Ops.
func (rep *Report) opScores() []OpScore {
	var out []OpScore
	for _, o := range vectors.Ops() {
		os := OpScore{Op: o.Name}
		bugs := map[*Cause]bool{}
		for _, rr := range rep.Rows {
			if rr.Absent != "" || rr.Row.Impl == "reference" {
				continue
			}
			s := rr.score([]vectors.Op{o.Name})
			if s.Ran == 0 {
				continue
			}
			os.Rows++
			os.Passed += s.Passed
			os.Ran += s.Ran
			if s.Clean() {
				os.Clean++
			}
			for _, g := range rr.Groups {
				if g.Cause != nil && g.Cause.open() && slices.ContainsFunc(g.Results, func(r *Result) bool { return r.Vector.Op == o.Name }) {
					bugs[g.Cause] = true
				}
			}
		}
		os.Bugs = len(bugs)
		if os.Rows > 0 {
			out = append(out, os)
		}
	}
	return out
}

// A CauseSection is one cause of divergence with every row it explains.
type CauseSection struct {
	Cause   *Cause
	Entries []BugLine
	Results int
	// Repro is what the reproduction printed in the last survey, when the
	// cause has one and it ran.
	Repro *ReproResult
}

// causeSections groups the classified divergences by cause, in the order
// of the verdicts files; unclassified groups are left to their rows.
func (rep *Report) causeSections() []*CauseSection {
	var out []*CauseSection
	by := map[*Cause]*CauseSection{}
	for _, rr := range rep.Rows {
		for _, g := range rr.Groups {
			if g.Cause == nil {
				continue
			}
			s := by[g.Cause]
			if s == nil {
				s = &CauseSection{Cause: g.Cause}
				if r, ok := rep.Repros[g.Cause.ID]; ok {
					s.Repro = &r
				}
				by[g.Cause] = s
				out = append(out, s)
			}
			s.Entries = append(s.Entries, BugLine{Row: rr, Group: g})
			s.Results += len(g.Results)
		}
	}
	order := func(v string) int {
		return slices.Index(vectors.Labels, v)
	}
	slices.SortStableFunc(out, func(a, b *CauseSection) int {
		return cmp.Compare(order(a.Cause.Verdict), order(b.Cause.Verdict))
	})
	return out
}

// languages returns the distinct languages of the rows that ran.
func (rep *Report) languages() []string {
	var out []string
	for _, rr := range rep.Rows {
		if rr.Absent != "" || rr.Row.Impl == "reference" {
			continue
		}
		for _, l := range strings.Split(rr.Row.Language, ", ") { // a browser row's "JavaScript, HTML"
			if !slices.Contains(out, l) {
				out = append(out, l)
			}
		}
	}
	slices.Sort(out)
	return out
}

// counts returns how many rows ran (the reference left out) and how many
// of them are ECMAScript engines.
func (rep *Report) counts() (rows, engines int) {
	for _, rr := range rep.Rows {
		if rr.Absent == "" && rr.Row.Impl != "reference" {
			rows++
			if rr.isEngine() {
				engines++
			}
		}
	}
	return rows, engines
}

// EngineCount counts the engine rows that ran: distinct engines, forks
// (a row with fork_of) and further versions or embeddings of an engine
// already counted (rows of one "engine").
type EngineCount struct{ Rows, Distinct, Forks, Versions int }

// engineCount counts the engine rows that ran.
func (rep *Report) engineCount() EngineCount {
	var n EngineCount
	seen := map[string]bool{}
	for _, rr := range rep.Rows {
		if rr.Absent != "" || !rr.isEngine() {
			continue
		}
		n.Rows++
		switch e := rr.Row.engine(); {
		case rr.Row.ForkOf != "":
			n.Forks++
		case seen[e]:
			n.Versions++
		default:
			seen[e] = true
			n.Distinct++
		}
	}
	return n
}

// bugCounts returns how many distinct open bugs (root causes: registry
// entries judged bugs that the latest upstream still has) the report saw,
// and in how many rows.
func (rep *Report) bugCounts() (bugs, rows int) {
	byRow := map[*RowReport]bool{}
	secs := rep.bugSections()
	for _, s := range secs {
		for _, e := range s.ThirdParty() {
			byRow[e.Row] = true
		}
	}
	return len(secs), len(byRow)
}

// notSeen returns the registry's bugs that no divergence of this run
// showed.
func (rep *Report) notSeen() []*Cause {
	seen := map[*Cause]bool{}
	for _, s := range append(rep.bugSections(), rep.fixedSections()...) {
		seen[s.Cause] = true
	}
	var out []*Cause
	for _, c := range rep.Causes {
		if c.Verdict == VerdictBug && !seen[c] {
			out = append(out, c)
		}
	}
	return out
}
