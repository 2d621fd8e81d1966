package main

import (
	"strings"
	"testing"
)

func TestFuzzReferenceAgreesWithItself(t *testing.T) {
	checkNoLeaks(t)
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
	checkNoLeaks(t)
	args := append([]string{"fuzz", "-ops", "encodeURIComponent,decodeURIComponent", "-cases", "20000", "-seed", "1"}, fakeArgs(t, "ref,bang-bug")...)
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
	checkNoLeaks(t)
	args := append([]string{"fuzz", "-ops", "encodeURIComponent", "-cases", "20000", "-seed", "2"}, fakeArgs(t, "ref,crash-char=!")...)
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
