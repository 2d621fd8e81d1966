package testee

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// TestOptionsHonoured checks that Start's options each set what they say,
// later ones overriding earlier ones and Env adding up.
func TestOptionsHonoured(t *testing.T) {
	got, err := newConfig([]string{"/bin/testee", "-x"}, []Option{
		Name("t"), Timeout(time.Second), StartTimeout(time.Minute), Window(8), UTF16Hex(),
		MaxLine(1 << 10), Dir("/tmp"), Env("A=1"), Env("B=2"), Timeout(2 * time.Second),
	})
	if err != nil {
		t.Fatal(err)
	}
	want := config{Command: []string{"/bin/testee", "-x"}, Name: "t", Timeout: 2 * time.Second, StartTimeout: time.Minute,
		Window: 8, UTF16Hex: true, MaxLine: 1 << 10, Dir: "/tmp", Env: []string{"A=1", "B=2"}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("config (-want +got):\n%s", diff)
	}
	p := newProcess(got)
	if p.Name() != "t" || p.Window() != 8 || p.Recovery() != time.Minute+4*time.Second {
		t.Errorf("name %q, window %d, recovery %v", p.Name(), p.Window(), p.Recovery())
	}
}

// TestOptionsRejected checks that Start rejects a wrong option value, the
// zero Option and an empty command with an *OptionError before it starts
// anything, rather than run with a value it cannot honour.
func TestOptionsRejected(t *testing.T) {
	for _, c := range []struct {
		command []string
		opt     Option
		want    string
	}{
		{[]string{"x"}, Timeout(-time.Second), "Timeout"},
		{[]string{"x"}, StartTimeout(-time.Second), "StartTimeout"},
		{[]string{"x"}, Window(-1), "Window"},
		{[]string{"x"}, MaxLine(-1), "MaxLine"},
		{[]string{"x"}, Env("NOEQUALS"), "Env"},
		{[]string{"x"}, Option{}, "Option{}"},
		{nil, Name("x"), "command"},
	} {
		p, err := Start(context.Background(), c.command, c.opt)
		var oe *OptionError
		if p != nil || !errors.As(err, &oe) {
			t.Errorf("%s: got %v, %v, want an *OptionError", c.want, p, err)
			continue
		}
		if diff := cmp.Diff(c.want, oe.Option); diff != "" {
			t.Errorf("%v (-want +got):\n%s", err, diff)
		}
	}
}
