package conformance

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/pctest/pctest/vectors"
)

// levelCorpus has 30 SHOULD-level vectors that an encoder writing hex
// digits in lowercase fails, and after them one MUST-level vector that a
// decoder that decodes nothing fails: the shape of a run where 153 of 161
// failures were SHOULD-level lowercase hex and were listed first.
func levelCorpus() []vectors.Vector {
	var vs []vectors.Vector
	for i := range 30 {
		c := rune(0xE0 + i)
		vs = append(vs, vectors.Vector{ID: fmt.Sprintf("l.ecu.%02d", i), Level: vectors.LevelShould, Ref: "RFC 3986 §2.1",
			Request: vectors.Request{Op: "encodeURIComponent", In: units(string(c))},
			Expect:  vectors.Response{Out: units(fmt.Sprintf("%%C3%%%02X", 0x80+0x20+i))}})
	}
	return append(vs, vectors.Vector{ID: "l.duc.must", Level: vectors.LevelMust, Ref: "ECMA-262 5.1 §15.1.3.2",
		Request: vectors.Request{Op: "decodeURIComponent", In: units("%41")}, Expect: vectors.Response{Out: units("A")}})
}

// lowerAndLazy encodes with lowercase hex digits and decodes nothing.
var lowerAndLazy = fake{name: "lower", fn: map[string]func(vectors.Request) (vectors.Response, error){
	"encodeURIComponent": func(req vectors.Request) (vectors.Response, error) {
		got, err := Reference().Do(context.Background(), req)
		if err == nil && got.Out != nil {
			got.Out = units(strings.ToLower(string(runesOf(got.Out))))
		}
		return got, err
	},
	"decodeURIComponent": func(req vectors.Request) (vectors.Response, error) { return vectors.Response{Out: req.In}, nil },
}}

// levelEnv makes TestLevelHelper run: the helper process of
// TestRunListsMustFirst.
const levelEnv = "PCTEST_LEVEL_HELPER"

// TestLevelHelper runs Run on levelCorpus; only as the helper process of
// TestRunListsMustFirst.
func TestLevelHelper(t *testing.T) {
	if os.Getenv(levelEnv) == "" {
		t.Skip("the helper process of TestRunListsMustFirst")
	}
	Run(t, lowerAndLazy, Vectors(levelCorpus()))
}

// TestRunListsMustFirst (issue 26) runs Run on 30 SHOULD-level failures
// and then one MUST-level failure, and checks that the go test log shows
// the MUST failure first, marks each failure with its level, and lists
// the MUST cause first among the causes, although it is the smaller.
// Before, the log followed the corpus and said nothing of levels.
func TestRunListsMustFirst(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a process")
	}
	cmd := exec.Command(os.Args[0], "-test.run", "^TestLevelHelper$", "-test.v")
	cmd.Env = append(os.Environ(), levelEnv+"=1")
	out, _ := cmd.CombinedOutput()
	log := string(out)
	must := strings.Index(log, "l.duc.must: fail (MUST): every escape left undecoded")
	should := strings.Index(log, ": fail (SHOULD): hex digits in lowercase")
	if must < 0 || should < 0 || must > should {
		t.Errorf("the MUST failure (at %d) is not described before the SHOULD ones (at %d), each marked with its level:\n%s", must, should, log)
	}
	if n := strings.Count(log, ": fail (SHOULD): hex digits in lowercase"); n != 30 {
		t.Errorf("%d SHOULD failures marked, want 30", n)
	}
	i := strings.Index(log, "summary: ")
	if i < 0 {
		t.Fatalf("no summary:\n%s", log)
	}
	sum := log[i:]
	causeMust := strings.Index(sum, "     1  MUST decodeURIComponent: every escape left undecoded")
	causeShould := strings.Index(sum, "    30  SHOULD encodeURIComponent: hex digits in lowercase")
	if !strings.Contains(sum, "2 causes of 31 failures, by level (must, then should, then implementation-defined), biggest first:") ||
		causeMust < 0 || causeShould < 0 || causeMust > causeShould {
		t.Errorf("the summary does not list the MUST cause first:\n%s", sum)
	}
}
