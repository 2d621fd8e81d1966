package main

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/pctest/pctest/internal/faketestee"
	"github.com/pctest/pctest/vectors"
)

func TestFuzzReferenceAgreesWithItself(t *testing.T) {
	faketestee.CheckNoLeaks(t)
	r := runPctest(t, "fuzz", "-impl", "reference", "-cases", "3000", "-seed", "1")
	if r.code != exitOK || !strings.Contains(lastLine(r.stdout), " 0 disagreements") {
		t.Errorf("exit %d:\n%s%s", r.code, r.stdout, r.stderr)
	}
	if !strings.HasPrefix(lastLine(r.stdout), "3000 cases") {
		t.Errorf("last line %q, want 3000 cases", lastLine(r.stdout))
	}
}

// TestFuzzFindsAndShrinks plants a bug the vectors need not catch in a fake
// testee that otherwise answers as the reference, and checks that fuzz
// finds it and shrinks it to the one character that matters.
func TestFuzzFindsAndShrinks(t *testing.T) {
	faketestee.CheckNoLeaks(t)
	args := append([]string{"fuzz", "-op", "encodeURIComponent,decodeURIComponent", "-cases", "20000", "-seed", "1"}, fakeArgs(t, "ref,bang-bug")...)
	r := runPctest(t, args...)
	if r.code != exitFail {
		t.Fatalf("exit %d, want 1:\n%s%s", r.code, r.stdout, r.stderr)
	}
	want := `DISAGREE encodeURIComponent in="!" [0021]`
	if !strings.Contains(r.stdout, want+"\n") {
		t.Errorf("no %s:\n%s", want, r.stdout)
	}
	if strings.Contains(r.stdout, "DISAGREE decodeURIComponent") {
		t.Errorf("decodeURIComponent has no bug:\n%s", r.stdout)
	}
}

// TestFuzzCrash shrinks an input that crashes the testee, restarting it as
// often as that takes.
func TestFuzzCrash(t *testing.T) {
	faketestee.CheckNoLeaks(t)
	args := append([]string{"fuzz", "-op", "encodeURIComponent", "-cases", "20000", "-seed", "2"}, fakeArgs(t, "ref,crash-char=!")...)
	r := runPctest(t, args...)
	if r.code != exitFail {
		t.Fatalf("exit %d, want 1:\n%s%s", r.code, r.stdout, r.stderr)
	}
	if !strings.Contains(r.stdout, `DISAGREE encodeURIComponent in="!" [0021]`) ||
		!strings.Contains(r.stdout, "testee:    (crash: testee ended (exit status 3) before answering)") {
		t.Errorf("crash not found and shrunk:\n%s", r.stdout)
	}
}

func TestFuzzCannotStart(t *testing.T) {
	r := runPctest(t, append([]string{"fuzz", "-cases", "100"}, fakeArgs(t, "exit-at-start")...)...)
	if r.code != exitUsage || !strings.Contains(r.stderr, "cannot start testee") {
		t.Errorf("exit %d, stderr %q", r.code, r.stderr)
	}
}

// TestFuzzJSON checks that -format json reports a finding in the form of
// fuzz.schema.json, its request in the vectors' JSON form.
func TestFuzzJSON(t *testing.T) {
	faketestee.CheckNoLeaks(t)
	args := append([]string{"fuzz", "-format", "json", "-op", "encodeURIComponent", "-cases", "20000", "-seed", "1"}, fakeArgs(t, "ref,bang-bug")...)
	r := runPctest(t, args...)
	if r.code != exitFail {
		t.Fatalf("exit %d, want 1:\n%s%s", r.code, r.stdout, r.stderr)
	}
	var rep struct {
		FuzzInfo struct {
			Implementation  string       `json:"implementation"`
			TesteeCommand   []string     `json:"testee_command"`
			ProtocolVersion int          `json:"protocol_version"`
			Seed            uint64       `json:"seed"`
			Ops             []vectors.Op `json:"ops"`
		} `json:"fuzz_info"`
		Summary struct {
			Cases    int64 `json:"cases"`
			Findings int   `json:"findings"`
		} `json:"summary"`
		Findings []struct {
			Op         vectors.Op        `json:"op"`
			Kind       string            `json:"kind"`
			Request    vectors.Request   `json:"request"`
			Expected   vectors.Response  `json:"expected"`
			Actual     *vectors.Response `json:"actual"`
			Shrunk     bool              `json:"shrunk"`
			Reproduced bool              `json:"reproduced"`
		} `json:"findings"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &rep); err != nil {
		t.Fatalf("-format json: %v\n%s", err, r.stdout)
	}
	if rep.FuzzInfo.Seed != 1 || rep.FuzzInfo.ProtocolVersion != 1 || len(rep.FuzzInfo.Ops) != 1 || rep.Summary.Cases == 0 {
		t.Errorf("fuzz_info %+v, summary %+v", rep.FuzzInfo, rep.Summary)
	}
	if len(rep.Findings) != 1 || rep.Summary.Findings != 1 {
		t.Fatalf("findings %+v", rep.Findings)
	}
	f := rep.Findings[0]
	if f.Op != vectors.OpEncodeURIComponent || f.Kind != "disagreement" || string(utf16.Decode(f.Request.In)) != "!" ||
		f.Actual == nil || string(utf16.Decode(f.Actual.Out)) != "%21" || string(utf16.Decode(f.Expected.Out)) != "!" || !f.Shrunk || !f.Reproduced {
		t.Errorf("finding %+v", f)
	}
}

// TestFuzzOpFlag checks that -op is the flag's spelling in help, and that
// the old -ops is still accepted.
func TestFuzzOpFlag(t *testing.T) {
	r := runPctest(t, "fuzz", "-h")
	if !strings.Contains(r.stderr, "  -op ops") || strings.Contains(r.stderr, "-ops") {
		t.Errorf("help:\n%s", r.stderr)
	}
	r = runPctest(t, "fuzz", "-impl", "reference", "-ops", "encodeURI", "-cases", "10", "-seed", "1")
	if r.code != exitOK || !strings.HasPrefix(lastLine(r.stdout), "10 cases") {
		t.Errorf("-ops: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
}

// TestFuzzHangIsAFinding: a testee that hangs on '~' has findings even
// when time runs out before they are shrunk, and fuzz exits 1 (issue 14,
// defect 1).
func TestFuzzHangIsAFinding(t *testing.T) {
	faketestee.CheckNoLeaks(t)
	args := append([]string{"fuzz", "-op", "encodeURIComponent", "-time", "6s", "-timeout", "2s", "-j", "16", "-seed", "1"}, fakeArgs(t, "ref,hang-char=~")...)
	r := runPctest(t, args...)
	if r.code != exitFail || !strings.Contains(r.stdout, "(timeout: no answer in 2s") {
		t.Errorf("exit %d:\n%s%s", r.code, r.stdout, r.stderr)
	}
}

// TestFuzzNothingAnswered: a testee that never reads its input makes fuzz
// exit 2, not 0 with "0 cases" (issue 14, defect 7).
func TestFuzzNothingAnswered(t *testing.T) {
	faketestee.CheckNoLeaks(t)
	args := append([]string{"fuzz", "-cases", "100", "-timeout", "200ms", "-seed", "1"}, fakeArgs(t, "never-read")...)
	r := runPctest(t, args...)
	if r.code != exitUsage || !strings.Contains(r.stderr, "cannot start testee") {
		t.Errorf("exit %d:\n%s%s", r.code, r.stdout, r.stderr)
	}
}
