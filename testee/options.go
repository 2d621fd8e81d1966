// The options of Start and the configuration they build.

package testee

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

// An Option configures the Process that [Start] starts. Options are
// values, as conformance's are: build them with the functions below. Start
// honours every one of them, and rejects a wrong value with an
// *[OptionError].
type Option struct {
	name  string // the function that made it, as the OptionError names it
	apply func(*config)
}

// config is what the options set, with the command.
type config struct {
	// Command is the command and its arguments (see Start).
	Command []string
	// Name labels the implementation in reports; Command[0]'s base name if
	// empty.
	Name string
	// Timeout is how long the oldest request in flight may go unanswered,
	// counted from when it was sent or from the last response, whichever is
	// later, before the testee is killed and restarted. Zero means 10s.
	Timeout time.Duration
	// StartTimeout is the start-up allowance: how long a new process may
	// take to give its first answer (its start-up counted in) before it
	// is killed as one that hangs. Zero means three times Timeout. A
	// testee cannot start when three processes in a row, each given this
	// allowance, answer nothing.
	StartTimeout time.Duration
	// Window is how many requests may be in flight; zero means
	// DefaultWindow.
	Window int
	// UTF16Hex sends text as "in_utf16" hex code units instead of "in".
	UTF16Hex bool
	// MaxLine is the longest response line accepted; zero means
	// maxResponseLine (1 MiB). A longer line is a protocol error, and the
	// testee is killed and restarted.
	MaxLine int
	// Dir is the working directory; empty means the runner's.
	Dir string
	// Env is added to the runner's environment.
	Env []string
}

// Name labels the implementation in reports; the base name of the
// command's first word by default.
func Name(name string) Option { return Option{"Name", func(c *config) { c.Name = name }} }

// Timeout sets how long the oldest request in flight may go unanswered,
// counted from when it was sent or from the last response, whichever is
// later, before the testee is killed and restarted. Zero means 10s.
func Timeout(d time.Duration) Option {
	return Option{"Timeout", func(c *config) { c.Timeout = d }}
}

// StartTimeout sets the start-up allowance: how long a new process may take
// to give its first answer (its start-up counted in) before it is killed
// as one that hangs. Zero means three times the Timeout. A testee cannot
// start when three processes in a row, each given this allowance, answer
// nothing.
func StartTimeout(d time.Duration) Option {
	return Option{"StartTimeout", func(c *config) { c.StartTimeout = d }}
}

// Window sets how many requests may be in flight; zero means
// DefaultWindow.
func Window(n int) Option { return Option{"Window", func(c *config) { c.Window = n }} }

// UTF16Hex sends text as "in_utf16" hex code units instead of "in", for
// testees whose JSON cannot carry lone surrogates (PROTOCOL.md §3).
func UTF16Hex() Option { return Option{"UTF16Hex", func(c *config) { c.UTF16Hex = true }} }

// MaxLine sets the longest response line accepted; zero means 1 MiB. A
// longer line is a protocol error, and the testee is killed and restarted.
func MaxLine(n int) Option { return Option{"MaxLine", func(c *config) { c.MaxLine = n }} }

// Dir sets the testee's working directory; the runner's by default.
func Dir(dir string) Option { return Option{"Dir", func(c *config) { c.Dir = dir }} }

// Env adds variables, each "key=value", to the runner's environment for the
// testee. Several Env options add up.
func Env(env ...string) Option {
	return Option{"Env", func(c *config) { c.Env = append(c.Env, env...) }}
}

// newConfig applies opts to the command and checks their values.
func newConfig(command []string, opts []Option) (config, error) {
	c := config{Command: command}
	for _, o := range opts {
		if o.apply == nil {
			return c, &OptionError{Option: "Option{}", Reason: "the zero Option; build options with the functions of package testee"}
		}
		o.apply(&c)
	}
	switch {
	case len(command) == 0:
		return c, &OptionError{Option: "command", Reason: "no command to start"}
	case c.Timeout < 0:
		return c, &OptionError{Option: "Timeout", Reason: fmt.Sprintf("%v: want 0 (the default) or more", c.Timeout)}
	case c.StartTimeout < 0:
		return c, &OptionError{Option: "StartTimeout", Reason: fmt.Sprintf("%v: want 0 (the default) or more", c.StartTimeout)}
	case c.Window < 0:
		return c, &OptionError{Option: "Window", Reason: fmt.Sprintf("%d requests: want 0 (the default) or more", c.Window)}
	case c.MaxLine < 0:
		return c, &OptionError{Option: "MaxLine", Reason: fmt.Sprintf("%d bytes: want 0 (the default) or more", c.MaxLine)}
	}
	for _, kv := range c.Env {
		if !strings.Contains(kv, "=") {
			return c, &OptionError{Option: "Env", Reason: fmt.Sprintf("%q: want key=value", kv)}
		}
	}
	return c, nil
}

// environ returns the environment of a testee run with c: the runner's,
// plus c.Env, PCTEST_PROTOCOL, in -utf16hex mode PCTEST_UTF16HEX, and
// token, which marks what the testee starts.
func (c config) environ(token string) []string {
	env := append(os.Environ(), c.Env...)
	env = append(env, "PCTEST_PROTOCOL="+strconv.Itoa(ProtocolVersion), tokenEnv+"="+token)
	if c.UTF16Hex {
		env = append(env, "PCTEST_UTF16HEX=1")
	}
	return env
}
