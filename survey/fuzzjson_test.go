package main

import (
	"bufio"
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/pctest/pctest/conformance"
	"github.com/pctest/pctest/report"
	"github.com/pctest/pctest/testee"
	"github.com/pctest/pctest/vectors"
)

// buggyTestee is the environment variable that makes the test binary a
// testee (see TestMain) with two bugs that pctest fuzz finds within
// seconds: one in a text op, one in an octet op.
const buggyTestee = "PCTEST_SURVEY_BUGGY_TESTEE"

func TestMain(m *testing.M) {
	if os.Getenv(buggyTestee) == "1" {
		serveBuggy()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// serveBuggy speaks the testee protocol (testee/PROTOCOL.md) on stdin and
// stdout. It answers decodeURIComponent as the reference does, but with
// every lone surrogate of the result replaced by U+FFFD (goja's bug), and
// percentDecode leniently: a '%' that starts no escape stays as it is,
// where the strict decode of RFC 3986 §2.1 is an error (Python's
// unquote_to_bytes). Every other op is unsupported.
func serveBuggy() {
	ref := conformance.Reference()
	ctx := context.Background()
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<16), 1<<24)
	out := bufio.NewWriter(os.Stdout)
	var line []byte
	for in.Scan() {
		id, req, err := testee.ParseRequestJSON(in.Bytes())
		if err != nil {
			os.Exit(3)
		}
		resp := vectors.Response{Unsupported: true}
		switch req.Op {
		case vectors.OpDecodeURIComponent:
			resp, _ = ref.Do(ctx, req)
			resp.Out = replaceLoneSurrogates(resp.Out)
		case vectors.OpPercentDecode:
			resp, _ = ref.Do(ctx, req)
			if resp.Error == vectors.ErrMalformedEscape {
				req.Op = vectors.OpPercentDecodeLenient
				resp, _ = ref.Do(ctx, req)
			}
		}
		line = append(testee.AppendResponseJSON(line[:0], id, resp, false), '\n')
		out.Write(line)
		out.Flush()
	}
}

// replaceLoneSurrogates returns u with every code unit of a lone
// surrogate replaced by U+FFFD.
func replaceLoneSurrogates(u []uint16) []uint16 {
	if u == nil {
		return nil
	}
	r := slices.Clone(u)
	for i := 0; i < len(r); i++ {
		switch c := r[i]; {
		case c >= 0xD800 && c < 0xDC00 && i+1 < len(r) && r[i+1] >= 0xDC00 && r[i+1] < 0xE000:
			i++
		case c >= 0xD800 && c < 0xE000:
			r[i] = 0xFFFD
		}
	}
	return r
}

// TestParseFuzzRealRun runs the real pctest fuzz -format json against a
// testee with a bug in a text op and one in an octet op, and checks that
// the survey reads both findings back as the reference and the testee
// answered them: the survey reads only pctest's machine format.
func TestParseFuzzRealRun(t *testing.T) {
	if testing.Short() {
		t.Skip("builds pctest and fuzzes for a few seconds")
	}
	root, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(t.TempDir(), "pctest")
	build := exec.Command("go", "build", "-o", bin, "./cmd/pctest")
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build ./cmd/pctest: %v\n%s", err, out)
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	// A case budget, not a deadline; -level judges the lenient decode of a
	// stray '%' (implementation-defined input) as the bug this testee plants.
	cmd := exec.Command(bin, "fuzz", "-format", "json", "-cases", "5000", "-time", "10m", "-seed", "1",
		"-level", "must,should,implementation-defined",
		"-op", "decodeURIComponent,percentDecode", "--", self)
	cmd.Env = append(os.Environ(), buggyTestee+"=1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 {
		t.Fatalf("pctest fuzz: %v, want exit status 1 (findings)\nstderr:\n%s", err, stderr.String())
	}
	fr, err := parseFuzz(out)
	if err != nil {
		t.Fatalf("parseFuzz of a real report: %v\n%s", err, out)
	}
	ref := conformance.Reference()
	seen := map[vectors.Op]bool{}
	for _, f := range fr.Findings {
		if !f.Fuzz || !f.failed() || f.incident() != "" {
			t.Errorf("%s: fuzz %v, failed %v, incident %q", f.Vector.ID, f.Fuzz, f.failed(), f.incident())
		}
		want, err := ref.Do(context.Background(), f.Vector.Request)
		if err != nil || !vectors.SameAnswer(f.Vector.Op, want, f.Vector.Expect) {
			t.Errorf("%s %s: the reference answers %+v to the request read back, the report says %+v", f.Vector.ID, f.Vector.Op, want, f.Vector.Expect)
		}
		switch f.Vector.Op {
		case vectors.OpDecodeURIComponent:
			if !slices.Equal(f.Got.Out, replaceLoneSurrogates(want.Out)) || slices.Equal(f.Got.Out, want.Out) {
				t.Errorf("%s: got %x, want the reference's %x with U+FFFD for lone surrogates", f.Vector.ID, f.Got.Out, want.Out)
			}
		case vectors.OpPercentDecode:
			lenient := f.Vector.Request
			lenient.Op = vectors.OpPercentDecodeLenient
			l, _ := ref.Do(context.Background(), lenient)
			if f.Vector.Expect.Error != vectors.ErrMalformedEscape || f.Got.OutHex == nil || !slices.Equal(f.Got.OutHex, l.OutHex) {
				t.Errorf("%s: want error %s and the lenient decode %x, got want %+v, got %+v", f.Vector.ID, vectors.ErrMalformedEscape, l.OutHex, f.Vector.Expect, f.Got)
			}
		default:
			t.Errorf("%s: a finding for op %s, which the testee does not have", f.Vector.ID, f.Vector.Op)
		}
		seen[f.Vector.Op] = true
	}
	if !seen[vectors.OpDecodeURIComponent] || !seen[vectors.OpPercentDecode] {
		t.Errorf("findings for %v, want one for decodeURIComponent (text) and one for percentDecode (octets)\n%s", seen, out)
	}
}

// TestParseFuzzUnattributed checks that a crash pctest fuzz could not
// confirm (it stood against one of the requests in flight, and the run
// ended before that one was sent again alone) is no divergence of its op
// but an incident of the row, while an unconfirmed disagreement (an
// answer was given) and a confirmed crash stay findings.
func TestParseFuzzUnattributed(t *testing.T) {
	in := func(s string) vectors.Request {
		return vectors.Request{Op: vectors.OpEncodeURI, In: utf16.Encode([]rune(s))}
	}
	j := report.FuzzReport{
		FuzzInfo:  report.FuzzInfo{Info: report.Info{Implementation: "x"}},
		Incidents: &report.Incidents{Crashes: 2, Restarts: 2},
		Findings: []report.Finding{
			{Op: vectors.OpEncodeURI, Kind: report.KindCrash, Request: in("a"), Original: in("a"), Expected: vectors.Response{Out: utf16.Encode([]rune("a"))},
				Err: &report.RecordedError{Message: "crash: testee ended (exit status 3) before answering (unconfirmed: one of 256 requests in flight; the run ended before each was sent again alone)", Kind: report.KindCrash}, Unconfirmed: true, Case: 1},
			{Op: vectors.OpEncodeURI, Kind: report.KindDisagreement, Request: in("\u00e9"), Original: in("\u00e9"), Expected: vectors.Response{Out: utf16.Encode([]rune("%C3%A9"))},
				Got: vectors.Response{Out: utf16.Encode([]rune("%E9"))}, Unconfirmed: true, Case: 2},
			{Op: vectors.OpEncodeURI, Kind: report.KindCrash, Request: in("b"), Original: in("b"), Expected: vectors.Response{Out: utf16.Encode([]rune("b"))},
				Err: &report.RecordedError{Message: "crash: testee ended (exit status 3) before answering", Kind: report.KindCrash}, Reproduced: true, Case: 3},
		},
	}
	j.Tally()
	var b bytes.Buffer
	if err := j.Write(&b); err != nil {
		t.Fatal(err)
	}
	fr, err := parseFuzz(b.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, f := range fr.Findings {
		ids = append(ids, f.Vector.ID)
	}
	if !slices.Equal(ids, []string{"fuzz#2", "fuzz#3"}) {
		t.Errorf("findings %q, want fuzz#2 (an unconfirmed answer) and fuzz#3 (a confirmed crash)", ids)
	}
	if len(fr.Unattributed) != 1 || fr.Unattributed[0].Vector.ID != "fuzz#1" || report.ErrorKind(fr.Unattributed[0].Err) != report.KindCrash {
		t.Errorf("unattributed %+v, want fuzz#1, a crash", fr.Unattributed)
	}
	if want := "2 crashes, 2 restarts; 1 crash charged to no request"; !strings.HasPrefix(fr.Incident, want) {
		t.Errorf("incident %q, want it to start %q", fr.Incident, want)
	}
	if !strings.HasSuffix(fr.Summary, "2 findings") {
		t.Errorf("summary %q counts the unattributed crash as a finding", fr.Summary)
	}
}

// TestIncidentCount: the incidents charged to no request are counted in
// words, a protocol error as such.
func TestIncidentCount(t *testing.T) {
	for _, c := range []struct {
		n    int
		kind string
		want string
	}{{1, "crash", "1 crash"}, {2, "crash", "2 crashes"}, {1, "timeout", "1 timeout"}, {3, "timeout", "3 timeouts"},
		{1, "protocol", "1 protocol error"}, {2, "protocol", "2 protocol errors"}} {
		if got := incidentCount(c.n, c.kind); got != c.want {
			t.Errorf("incidentCount(%d, %q) = %q, want %q", c.n, c.kind, got, c.want)
		}
	}
}
