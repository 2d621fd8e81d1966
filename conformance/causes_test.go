package conformance

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/pctest/pctest/report"
	"github.com/pctest/pctest/vectors"
)

// zooCauses names the relation (internal/cause) of each mutant's bug: the
// dominant cause of its failures must be that one.
var zooCauses = map[string]string{
	// Its inputs go through U+FFFD for lone surrogates too (see the zoo),
	// which the vectors see as a second cause; overlong forms are the first.
	"ecu-lowercase-hex":                     "lowercase-hex",
	"ecu-encodes-marks":                     "encoded-must-keep",
	"ecu-lone-surrogate-fffd":               "lone-surrogate-encoded",
	"ecu-cesu8":                             "cesu8-encoded",
	"ecu-latin1":                            "latin1-encoded",
	"encodeURI-encodes-hash":                "encoded-must-keep",
	"encodeURI-high-at-end":                 "lone-surrogate-encoded",
	"dUC-lone-surrogate-fffd":               "fffd-for-surrogate",
	"dUC-accepts-overlong":                  "overlong-accepted",
	"dUC-accepts-surrogate-utf8":            "surrogate-utf8-accepted",
	"dUC-malformed-passthrough":             "malformed-accepted",
	"dUC-end-off-by-one":                    "end-escape-rejected",
	"dUC-double-decode":                     "double-decoded",
	"dUC-plus-as-space":                     "plus-as-space",
	"dUC-latin1":                            "latin1-decoded",
	"decodeURI-decodes-slash":               "decoded-reserved",
	"decodeURI-decodes-hash":                "decoded-reserved",
	"decodeURI-kept-escape-case":            "hex-case-changed",
	"percentEncode-tilde":                   "encoded-must-keep",
	"percentEncode-lowercase-hex":           "lowercase-hex",
	"percentEncodeSet-keeps-percent":        "kept-must-encode",
	"percentDecode-double-decode":           "double-decoded",
	"percentDecode-plus-as-space":           "plus-as-space",
	"percentDecode-end-off-by-one":          "end-escape-rejected",
	"normalize-decodes-reserved":            "decoded-reserved",
	"normalize-lowercase-hex":               "lowercase-hex",
	"equivalent-case-sensitive":             "false-equivalent",
	"encodeNoDouble-double-encodes":         "double-encoded",
	"formEncode-space-as-%20":               "space-as-%20",
	"formDecode-keeps-plus":                 "plus-not-space",
	"formDecode-latin1":                     "latin1-decoded",
	"utf8DecodeReplace-per-octet":           "replacement-count",
	"goQueryEscape-space-as-%20":            "space-as-%20",
	"goPathEscape-keeps-slash":              "kept-must-encode",
	"goQueryUnescape-malformed-passthrough": "malformed-accepted",
	"goPathUnescape-plus-as-space":          "plus-as-space",
	"iriToURI-double-encodes":               "double-encoded",
	"uriToIRI-decodes-reserved":             "decoded-reserved",
	"escape-keeps-tilde":                    "kept-must-encode",
	"escape-lowercase-u":                    "lowercase-hex",
	// No relation of the table is "decoded a form the spec keeps as it
	// is" for a form that is no %XY escape, so %U0041 read as %u0041
	// falls to the generic one.
	"unescape-capital-U": "different",
}

func TestZooCauses(t *testing.T) {
	corpus, err := vectors.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range zoo {
		t.Run(m.name, func(t *testing.T) {
			want, ok := zooCauses[m.name]
			if !ok {
				t.Fatalf("mutant %s has no expected cause in zooCauses", m.name)
			}
			rs, err := Results(context.Background(), mutantImpl{m: m, ref: Reference()}, Vectors(corpus), Ops(m.ops...), KnownDeviations(nil))
			if err != nil {
				t.Fatal(err)
			}
			cs := report.Causes(rs)
			if len(cs) == 0 {
				t.Fatal("no failures")
			}
			if m.name == "dUC-accepts-overlong" {
				cs = slices.DeleteFunc(cs, func(c report.Cause) bool { return c.Relation == "fffd-for-surrogate" })
			}
			// The dominant relation, the causes of every level and op
			// of it together.
			n, byRelation, top := 0, map[string]int{}, ""
			for _, c := range cs {
				n += c.Count
				byRelation[c.Relation] += c.Count
				if byRelation[c.Relation] > byRelation[top] {
					top = c.Relation
				}
			}
			if top != want || 2*byRelation[top] <= n {
				var b strings.Builder
				report.WriteCauses(&b, rs, "  ")
				t.Errorf("dominant cause %s (%d of %d failures), want %s holding most of them:\n%s", top, byRelation[top], n, want, b.String())
			}
		})
	}
}

// identity is a badly broken implementation: the four ECMAScript ops
// return their input.
func identity() Funcs {
	id := func(s string) (string, error) { return s, nil }
	return Funcs{Label: "identity", EncodeURI: id, EncodeURIComponent: id, DecodeURI: id, DecodeURIComponent: id}
}

// TestRunOutputIsReadable runs Run on the identity implementation in a
// child go test (this test binary, re-executed) and reads its output as a
// person would: a count first, at most 10 failures of each op in full and
// at most 3 lines for every other failing vector, every message at the
// caller's line, and a summary with the causes at the end.
func TestRunOutputIsReadable(t *testing.T) {
	if os.Getenv("PCTEST_RUN_IDENTITY") == "1" {
		Run(t, identity())
		return
	}
	if testing.Short() {
		t.Skip("re-executes the test binary")
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestRunOutputIsReadable$", "-test.count=1")
	cmd.Env = append(os.Environ(), "PCTEST_RUN_IDENTITY=1")
	out, err := cmd.CombinedOutput()
	var ee *exec.ExitError
	if !errors.As(err, &ee) {
		t.Fatalf("the child must fail: err %v\n%s", err, out)
	}
	lines := strings.Split(strings.TrimRight(string(out), "\n"), "\n")
	t.Logf("identity implementation: %d lines, %d bytes of output", len(lines), len(out))

	const sub = "    --- FAIL: TestRunOutputIsReadable/"
	// Blocks: each failing subtest's lines, up to the next subtest or the
	// parent's summary.
	type block struct {
		id    string
		lines int
	}
	var blocks []block
	summaryAt := -1
	for i, l := range lines {
		switch {
		case strings.HasPrefix(l, sub):
			blocks = append(blocks, block{id: strings.Fields(strings.TrimPrefix(l, sub))[0], lines: 1})
		case strings.Contains(l, ": summary: identity:"):
			summaryAt = i
			blocks = append(blocks, block{}) // ends the last subtest
		case len(blocks) > 0 && strings.HasPrefix(l, "      "):
			blocks[len(blocks)-1].lines++
		}
		if strings.Contains(l, "run.go:") || strings.Contains(l, "causes.go:") {
			t.Errorf("line %d points into the library, not the caller: %s", i+1, l)
		}
	}
	if len(blocks) > 0 && blocks[len(blocks)-1].id == "" {
		blocks = blocks[:len(blocks)-1]
	}
	if len(blocks) < 1000 {
		t.Fatalf("%d failing subtests, want the identity's 1,000 and more:\n%s", len(blocks), out)
	}
	if !strings.Contains(lines[1], "identity: 1373 of") && !strings.Contains(lines[1], " vectors fail (") {
		t.Errorf("Run does not start with the count: %q", lines[1])
	}
	full := map[string]int{}
	short := 0
	for _, b := range blocks {
		if b.lines > 3 {
			op := strings.Split(b.id, ".")[1]
			if full[op]++; full[op] > defaultDetail {
				t.Errorf("%s: more than %d failures of %s in full", b.id, defaultDetail, op)
			}
			continue
		}
		short++
	}
	t.Logf("%d failing vectors: %d in full, %d in at most 3 lines", len(blocks), len(blocks)-short, short)

	// The summary ends the output, before go test's own FAIL lines.
	if summaryAt < 0 {
		t.Fatalf("no summary")
	}
	rest := lines[summaryAt+1:]
	var tail []string
	for _, l := range rest {
		if strings.HasPrefix(l, "FAIL") || strings.HasPrefix(l, "exit status") {
			continue
		}
		tail = append(tail, l)
	}
	if len(tail) < 4 || !strings.Contains(tail[0], "causes of 1373 failures, biggest first:") {
		t.Fatalf("the output does not end with the causes:\n%s", strings.Join(rest, "\n"))
	}
	for _, want := range []string{"decodeURIComponent: every escape left undecoded", "encodeURI: kept a character that must be encoded", "decodeURI: URIError expected, got a string"} {
		if !strings.Contains(strings.Join(tail, "\n"), want) {
			t.Errorf("the causes lack %q:\n%s", want, strings.Join(tail, "\n"))
		}
	}
	// No op the identity does not provide is one skip per vector.
	if n := bytes.Count(out, []byte("--- SKIP")); n > 0 {
		t.Errorf("%d SKIP lines without -v", n)
	}
}

// TestRunSkipsUnprovidedOpsOnce checks that with -v, an op the
// implementation does not have is one skipped subtest.
func TestRunSkipsUnprovidedOpsOnce(t *testing.T) {
	if os.Getenv("PCTEST_RUN_IDENTITY") == "2" {
		Run(t, identity(), Areas("ecmascript", "rfc3986"))
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestRunSkipsUnprovidedOpsOnce$", "-test.count=1", "-test.v")
	cmd.Env = append(os.Environ(), "PCTEST_RUN_IDENTITY=2")
	out, _ := cmd.CombinedOutput()
	var skips []string
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		if l := sc.Text(); strings.Contains(l, "--- SKIP") && !strings.Contains(l, "/ecma.") {
			skips = append(skips, strings.TrimSpace(l))
		}
	}
	// The ECMAScript ops skip their lone-surrogate vectors one by one: a
	// Go string cannot carry those inputs.
	if len(skips) != 6 { // the six ops of rfc3986
		t.Errorf("%d SKIP lines, want one per rfc3986 op (6):\n%s", len(skips), strings.Join(skips, "\n"))
	}
	if bytes.Contains(out, []byte("--- SKIP: TestRunSkipsUnprovidedOpsOnce/rfc3986.")) {
		t.Errorf("a vector of an op not provided has its own SKIP line")
	}
}

func TestCheckEndsWithCauses(t *testing.T) {
	err := Check(identity(), Areas("ecmascript"))
	if err == nil {
		t.Fatal("Check passes the identity")
	}
	s := err.Error()
	if !strings.HasPrefix(s, "conformance: identity: 1373 of ") {
		t.Errorf("Check's error does not start with the count: %.80s", s)
	}
	i := strings.LastIndex(s, "causes of 1373 failures, biggest first:")
	if i < 0 || strings.Contains(s[i:], "(ecmascript.json:") {
		t.Errorf("Check's error does not end with the causes:\n%s", s[max(0, len(s)-2000):])
	}
}

func TestInvalidUTF8IsNotNoAnswer(t *testing.T) {
	bad := Funcs{Label: "bad", EncodeURIComponent: func(string) (string, error) { return "a\xff", nil }}
	rs, err := Results(context.Background(), bad, Ops(vectors.OpEncodeURIComponent), Match(regexp.MustCompile("table21-row1-space$"), nil))
	if err != nil || len(rs) != 1 {
		t.Fatalf("%v, %d results", err, len(rs))
	}
	s := formatFailure(rs[0])
	for _, want := range []string{`got:    text that is not valid UTF-8: octets "a\xff" hex [61 ff]`, "answered text that is not valid UTF-8"} {
		if !strings.Contains(s, want) {
			t.Errorf("lacks %q:\n%s", want, s)
		}
	}
	if strings.Contains(s, "no answer") {
		t.Errorf("says no answer:\n%s", s)
	}
}

// TestRunDetail runs Run with Detail(2) on the identity in a child test:
// two failures of each op in full, the rest one line each.
func TestRunDetail(t *testing.T) {
	if os.Getenv("PCTEST_RUN_IDENTITY") == "3" {
		Run(t, identity(), Ops(vectors.OpEncodeURI), Detail(2))
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestRunDetail$", "-test.count=1")
	cmd.Env = append(os.Environ(), "PCTEST_RUN_IDENTITY=3")
	out, _ := cmd.CombinedOutput()
	if n := bytes.Count(out, []byte("\n              op:     encodeURI\n")); n != 2 {
		t.Errorf("%d failures in full, want 2:\n%s", n, out)
	}
	if !bytes.Contains(out, []byte("the first 2 failures of each op in full")) {
		t.Errorf("the count does not say how many are in full:\n%.500s", out)
	}
}
