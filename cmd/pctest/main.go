package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/pctest/pctest/report"
	"github.com/pctest/pctest/testee"
)

// Exit statuses.
const (
	exitOK          = 0   // everything passed, or failed only as expected
	exitFail        = 1   // failures, or disagreements found by fuzz
	exitUsage       = 2   // bad usage, or a testee that cannot start
	exitInterrupted = 130 // Ctrl-C: the results printed are partial
)

func main() {
	os.Exit(mainWithSignals(os.Args[1:]))
}

// mainWithSignals runs pctest with args, turning the first SIGINT, SIGTERM,
// SIGHUP or SIGQUIT into a clean stop: the testee is killed with everything
// it started, and the partial results printed. A second one kills pctest at
// once (the testee then dies of PR_SET_PDEATHSIG on Linux).
func mainWithSignals(args []string) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGQUIT)
	defer stop()
	context.AfterFunc(ctx, stop)
	return pctest(ctx, args, os.Stdout, os.Stderr)
}

// pctest runs the command line args and returns the exit status. Canceling
// ctx (Ctrl-C) stops the run: the testee is killed and the results so far
// are printed, marked partial.
func pctest(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		return cmdMatrix(ctx, nil, stdout, stderr)
	}
	if c := lookupCommand(args[0]); c != nil {
		return c.run(ctx, args[1:], stdout, stderr)
	}
	if strings.HasPrefix(args[0], "-") {
		return cmdMatrix(ctx, args, stdout, stderr)
	}
	fmt.Fprintf(stderr, "pctest: unknown command %q (run 'pctest help' for the commands)\n", args[0])
	return exitUsage
}

// cmdVersion prints pctest's module version (with the VCS revision it was
// built from, when Go recorded one), the suite version and the testee
// protocol version.
func cmdVersion(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("version", stderr)
	if code := parseFlags(fs, args, stderr); code >= 0 {
		return code
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "pctest version: takes no arguments (got %q)\n", fs.Args())
		return exitUsage
	}
	version, rev := "(unknown)", ""
	if bi, ok := debug.ReadBuildInfo(); ok {
		version = bi.Main.Version
		for _, s := range bi.Settings {
			if s.Key == "vcs.revision" {
				rev = s.Value
			}
			if s.Key == "vcs.modified" && s.Value == "true" {
				rev += "+dirty"
			}
		}
	}
	fmt.Fprintf(stdout, "pctest %s", version)
	if rev != "" {
		fmt.Fprintf(stdout, " (%s)", rev)
	}
	fmt.Fprintf(stdout, "\nsuite %s\nprotocol %d\n", suiteVersion(), protocolVersion)
	return exitOK
}

// usageError is an error in the command line: exit status 2.
type usageError struct{ msg string }

// Error returns what is wrong with the command line.
func (e *usageError) Error() string { return e.msg }

// newFlagSet returns the flag set of the command name (of the table
// commands), which reports errors instead of exiting: a bad flag is one
// line with a hint (parseFlags), -h the command's usage lines and flags
// (or, for a command without flags, what it does).
func newFlagSet(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard) // parseFlags says what is wrong, in one line
	fs.Usage = func() {
		c := lookupCommand(name)
		fmt.Fprintf(stderr, "usage: %s\n\n", c.synopsis())
		shown := flag.NewFlagSet(name, flag.ContinueOnError)
		shown.SetOutput(stderr)
		fs.VisitAll(func(f *flag.Flag) {
			if !hiddenFlags[f.Name] {
				shown.Var(f.Value, f.Name, f.Usage)
			}
		})
		if !hasFlags(shown) {
			for _, f := range c.forms {
				fmt.Fprintln(stderr, f.summary)
			}
			return
		}
		fmt.Fprintln(stderr, "flags:")
		shown.PrintDefaults()
	}
	return fs
}

// hasFlags reports whether fs defines any flag.
func hasFlags(fs *flag.FlagSet) bool {
	n := 0
	fs.VisitAll(func(*flag.Flag) { n++ })
	return n > 0
}

// hiddenFlags are the old spellings of flags: accepted, not listed.
var hiddenFlags = map[string]bool{}

// hiddenAlias makes -alias another spelling of fs's flag -name, accepted
// but not listed in the help.
func hiddenAlias(fs *flag.FlagSet, alias, name string) {
	f := fs.Lookup(name)
	fs.Var(f.Value, alias, f.Usage)
	hiddenFlags[alias] = true
}

// parseFlags parses args with fs, returning the status to exit with when
// the command should not go on (help asked, or a usage error), or -1. A
// usage error is one line on stderr, with the way to the flags.
func parseFlags(fs *flag.FlagSet, args []string, stderr io.Writer) int {
	usage := fs.Usage
	fs.Usage = func() {}
	err := fs.Parse(args)
	fs.Usage = usage
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			usage()
			return exitOK
		}
		fmt.Fprintf(stderr, "pctest %s: %v (run 'pctest help %s' for its flags)\n", fs.Name(), err, fs.Name())
		return exitUsage
	}
	return -1
}

// splitList splits a comma-separated flag value, dropping empty items.
// namesSome returns a usage error when the list flag's value s is given
// but names nothing (",", " , "): it would select everything, as no flag
// does.
func namesSome(flag, s string) error {
	if strings.TrimSpace(s) != "" && len(splitList(s)) == 0 {
		return &usageError{fmt.Sprintf("%s %q names nothing; leave the flag out to select every one", flag, s)}
	}
	return nil
}

func splitList(s string) []string {
	var list []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			list = append(list, f)
		}
	}
	return list
}

// The flags that say how a testee is run, shared by run, fuzz (in
// implFlags) and matrix.
type testeeFlags struct {
	timeout      time.Duration
	startTimeout time.Duration
	utf16hex     bool
	window       int
}

// register defines -timeout, -start-timeout, -utf16hex and -j on fs.
func (f *testeeFlags) register(fs *flag.FlagSet) {
	fs.DurationVar(&f.timeout, "timeout", defaultTimeout, "how long a testee may leave its oldest request unanswered before it is killed and restarted")
	fs.DurationVar(&f.startTimeout, "start-timeout", 0, "a new testee process's start-up allowance: how long it may take to give its first answer (default 3 times -timeout)")
	fs.BoolVar(&f.utf16hex, "utf16hex", false, "send text as \"in_utf16\" hex code units, for testees whose JSON cannot carry lone surrogates")
	fs.IntVar(&f.window, "j", testee.DefaultWindow, fmt.Sprintf("how many requests are in flight at once (1 to %d)", maxWindow))
}

// options checks the flags and returns them as the testee's options.
func (f *testeeFlags) options() ([]testee.Option, error) {
	switch {
	case f.window < 1:
		return nil, &usageError{"-j must be at least 1"}
	case f.window > maxWindow:
		return nil, &usageError{fmt.Sprintf("-j %d: at most %d requests in flight (more only costs memory: a testee's pipe holds far fewer)", f.window, maxWindow)}
	case f.timeout <= 0:
		return nil, &usageError{"-timeout must be positive"}
	case f.startTimeout < 0:
		return nil, &usageError{"-start-timeout must not be negative"}
	}
	opts := []testee.Option{testee.Timeout(f.timeout), testee.StartTimeout(f.startTimeout), testee.Window(f.window)}
	if f.utf16hex {
		opts = append(opts, testee.UTF16Hex())
	}
	return opts, nil
}

// reproFlags returns the flags, of those given, that a rerun of one
// vector needs: the ones that change how requests are sent or answered.
func (f *testeeFlags) reproFlags() []string {
	var flags []string
	if f.utf16hex {
		flags = append(flags, "-utf16hex")
	}
	if f.timeout != defaultTimeout {
		flags = append(flags, "-timeout", f.timeout.String())
	}
	if f.startTimeout != 0 {
		flags = append(flags, "-start-timeout", f.startTimeout.String())
	}
	return flags
}

// The flags that choose an implementation and how it is run, shared by
// run and fuzz.
type implFlags struct {
	impl string
	testeeFlags
}

// register defines -impl, and the testeeFlags, on fs.
func (f *implFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.impl, "impl", "", "a built-in `implementation` instead of a COMMAND: "+strings.Join(implNames(), ", "))
	f.testeeFlags.register(fs)
}

// repro returns how a report says to rerun one vector against the
// implementation f and argv choose: the flags that chose it and changed
// how requests are sent, and the testee command.
func (f *implFlags) repro(argv []string) report.Repro {
	p := report.Repro{UTF16Hex: f.utf16hex}
	if f.impl != "" {
		p.Flags = append(p.Flags, "-impl", f.impl)
	} else {
		p.Command = slices.Clone(argv)
	}
	p.Flags = append(p.Flags, f.reproFlags()...)
	return p
}

// defaultTimeout is -timeout's default.
const defaultTimeout = 10 * time.Second

// maxWindow bounds -j: each request in flight holds a batch slot and its
// buffers, so that -j 100000000 would only exhaust memory.
const maxWindow = 1 << 16

// open returns the implementation chosen by f, or by argv, the command
// line after the flags. A testee is started; the caller closes it.
func (f *implFlags) open(argv []string) (*implementation, error) {
	switch {
	case f.impl != "" && len(argv) > 0:
		return nil, &usageError{"give either -impl or a COMMAND, not both"}
	case f.impl == "" && len(argv) == 0:
		return nil, &usageError{"no testee: give a COMMAND after --, or -impl NAME"}
	}
	opts, err := f.options()
	if err != nil {
		return nil, err
	}
	if f.impl != "" {
		return openNamed(f.impl, opts)
	}
	return openTestee(argv, opts)
}
