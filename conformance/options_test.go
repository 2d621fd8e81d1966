package conformance

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/pctest/pctest/vectors"
)

// rejectEnv names the entry point that TestOptionRejectedChild calls with
// an option it cannot honour, in a child process: Run, Laws and
// Differential fail their *testing.T, which a test cannot observe in
// its own process.
const rejectEnv = "PCTEST_TEST_REJECT"

// rejected is, for each entry point, an option it cannot honour and the
// *OptionError it must give.
var rejected = map[string]struct {
	opt  Option
	want OptionError
}{
	"Results":      {Detail(3), OptionError{Func: "Results", Option: "Detail"}},
	"Check":        {Detail(3), OptionError{Func: "Check", Option: "Detail"}},
	"Laws":         {Parallel(2), OptionError{Func: "Laws", Option: "Parallel"}},
	"Differential": {Match(nil, nil), OptionError{Func: "Differential", Option: "Match"}},
}

// callEntry calls the entry point fn with opts, t for those that take one.
func callEntry(t *testing.T, fn string, opts ...Option) error {
	ctx := context.Background()
	switch fn {
	case "Results":
		_, err := Results(ctx, Reference(), opts...)
		return err
	case "Check":
		return Check(Reference(), opts...)
	case "Run":
		Run(t, Reference(), opts...)
	case "Laws":
		Laws(t, Reference(), opts...)
	case "Differential":
		Differential(t, Reference(), NetURL(), opts...)
	default:
		t.Fatalf("no entry point %q", fn)
	}
	return nil
}

// TestOptionRejected checks that every entry point rejects an option it
// cannot honour with an *OptionError naming both, rather than ignore it:
// Results and Check return it; Laws and Differential, run in a child
// process, fail their test with it before they run anything. (Run takes
// every option.)
func TestOptionRejected(t *testing.T) {
	for fn, c := range rejected {
		t.Run(fn, func(t *testing.T) {
			var got error
			switch fn {
			case "Results", "Check":
				got = callEntry(t, fn, c.opt)
			default:
				cmd := exec.Command(os.Args[0], "-test.run=^TestOptionRejectedChild$", "-test.count=1")
				cmd.Env = append(os.Environ(), rejectEnv+"="+fn)
				out, err := cmd.CombinedOutput()
				var ee *exec.ExitError
				if !errors.As(err, &ee) {
					t.Fatalf("%s with option %s: the child test passed (%v), want it to fail:\n%s", fn, c.want.Option, err, out)
				}
				msg := (&OptionError{Func: fn, Option: c.want.Option, Reason: fn + " cannot honour it"}).Error()
				if !strings.Contains(string(out), msg) {
					t.Fatalf("%s: the child's output lacks %q:\n%s", fn, msg, out)
				}
				if strings.Contains(string(out), "--- PASS") || strings.Contains(string(out), "vectors fail") {
					t.Errorf("%s ran something before it rejected the option:\n%s", fn, out)
				}
				return
			}
			var oe *OptionError
			if !errors.As(got, &oe) {
				t.Fatalf("%s with option %s: got %v, want an *OptionError", fn, c.want.Option, got)
			}
			if diff := cmp.Diff(c.want, OptionError{Func: oe.Func, Option: oe.Option}); diff != "" {
				t.Errorf("%s: the OptionError (-want +got):\n%s", fn, diff)
			}
			if !strings.HasPrefix(oe.Reason, fn+" cannot honour it (it takes ") {
				t.Errorf("%s: reason %q", fn, oe.Reason)
			}
		})
	}
}

// TestOptionRejectedChild is the child of TestOptionRejected: it calls the
// entry point named in its environment with the option that entry point
// cannot honour, and must fail. It is skipped otherwise.
func TestOptionRejectedChild(t *testing.T) {
	fn := os.Getenv(rejectEnv)
	if fn == "" {
		t.Skip("the child of TestOptionRejected")
	}
	callEntry(t, fn, rejected[fn].opt)
}

// TestOptionValues checks that the options that take a value reject a
// wrong one, and that Differential, whose generated inputs have no must
// or should level, rejects a Level it cannot honour while taking
// Level(implementation-defined), which judges the open inputs.
func TestOptionValues(t *testing.T) {
	for _, c := range []struct {
		fn   string
		opt  Option
		want string
	}{
		{"Differential", Level(vectors.LevelMust), "Level"},
		{"Differential", Level(vectors.LevelShould, vectors.LevelImplementationDefined), "Level"},
		{"Results", Level("sometimes"), "Level"},
		{"Results", Ops("encodeURL"), "Ops"},
		{"Laws", Areas("nosuch"), "Areas"},
		{"Check", Option{}, "Option{}"},
	} {
		_, err := newConfig(c.fn, []Option{c.opt})
		var oe *OptionError
		if !errors.As(err, &oe) {
			t.Errorf("%s(%s): got %v, want an *OptionError", c.fn, c.want, err)
			continue
		}
		if diff := cmp.Diff(OptionError{Func: c.fn, Option: c.want}, OptionError{Func: oe.Func, Option: oe.Option}); diff != "" {
			t.Errorf("%s: (-want +got):\n%s", err, diff)
		}
	}
	for _, fn := range []string{"Differential"} {
		c, err := newConfig(fn, []Option{Level(vectors.LevelImplementationDefined)})
		if err != nil || !c.judgeOpen() {
			t.Errorf("%s(Level(implementation-defined)): %v", fn, err)
		}
	}
}

// TestOptionsEachTaken checks that every option is taken by some entry
// point, and that the package doc of Option lists what each takes: an
// option no entry point takes would always be rejected.
func TestOptionsEachTaken(t *testing.T) {
	all := []Option{Areas(), Ops(), Match(nil, nil), Level(), Parallel(1), Detail(1), KnownDeviations(nil), AllowEmpty()}
	if opt, err := ExpectedFailures(strings.NewReader(""), ""); err != nil {
		t.Fatal(err)
	} else {
		all = append(all, opt)
	}
	taken := map[string][]string{}
	for fn, names := range accepts {
		for _, n := range names {
			taken[n] = append(taken[n], fn)
		}
	}
	for _, o := range all {
		if len(taken[o.name]) == 0 {
			t.Errorf("no entry point takes %s", o.name)
		}
	}
	if got, want := len(all)+1, len(taken); got != want { // +1: Vectors
		t.Errorf("%d options built here, %d taken: %v", got, want, fmt.Sprint(taken))
	}
}
