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
	switch args[0] {
	case "run":
		return cmdRun(ctx, args[1:], stdout, stderr)
	case "fuzz":
		return cmdFuzz(ctx, args[1:], stdout, stderr)
	case "check":
		return cmdCheck(ctx, args[1:], stdout, stderr)
	case "matrix":
		return cmdMatrix(ctx, args[1:], stdout, stderr)
	case "version":
		return cmdVersion(args[1:], stdout, stderr)
	case "ops":
		return cmdOps(args[1:], stdout, stderr)
	case "export":
		return cmdExport(args[1:], stdout, stderr)
	case "help", "-h", "-help", "--help":
		return cmdHelp(ctx, args[1:], stdout, stderr)
	}
	if strings.HasPrefix(args[0], "-") {
		return cmdMatrix(ctx, args, stdout, stderr)
	}
	fmt.Fprintf(stderr, "pctest: unknown command %q (run 'pctest help' for the commands)\n", args[0])
	return exitUsage
}

// cmdHelp prints the general help, or with a command's name that
// command's help, on stdout.
func cmdHelp(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stdout, usage)
		return exitOK
	}
	switch args[0] {
	case "run":
		return cmdRun(ctx, []string{"-h"}, stdout, stdout)
	case "fuzz":
		return cmdFuzz(ctx, []string{"-h"}, stdout, stdout)
	case "check":
		return cmdCheck(ctx, []string{"-h"}, stdout, stdout)
	case "matrix":
		return cmdMatrix(ctx, []string{"-h"}, stdout, stdout)
	case "version":
		fmt.Fprintln(stdout, "usage: pctest version\n\nprints pctest's module version, the suite's version (its release and a digest of the vectors) and the testee protocol version.")
		return exitOK
	case "ops":
		return cmdOps([]string{"-h"}, stdout, stdout)
	case "export":
		return cmdExport([]string{"-h"}, stdout, stdout)
	}
	fmt.Fprintf(stderr, "pctest help: unknown command %q; the commands are run, fuzz, check, matrix, version, ops and export\n", args[0])
	return exitUsage
}

// cmdVersion prints pctest's module version (with the VCS revision it was
// built from, when Go recorded one), the suite version and the testee
// protocol version.
func cmdVersion(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		fmt.Fprintf(stderr, "pctest version: takes no arguments (got %q)\n", args)
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

const usage = `pctest checks percent-encoding implementations against the specs.

Usage:

  pctest                       the conformance matrix: every built-in
                               implementation, and node and python3 through
                               the example testees when they are installed
  pctest [matrix] [flags]      the same, with flags (-html FILE, -op, -area...)
  pctest run [flags] -- COMMAND [ARGS...]
                               run the vectors against a testee: a program
                               speaking the protocol of testee/PROTOCOL.md
                               (-vectors FILE adds vectors of your own)
  pctest run [flags] -impl NAME
                               run them against a built-in implementation
                               (reference, goja, neturl) or a shipped example
                               testee (node, python3)
  pctest fuzz [flags] -- COMMAND [ARGS...]
                               differential fuzzing against the reference codec
                               (-corpus DIR keeps the findings and replays them)
  pctest check [flags] -- COMMAND [ARGS...]
                               a protocol self-check of a new testee, in
                               seconds: each problem with what to fix

  pctest version                the module, suite and protocol versions
  pctest ops [-format json]     the ops, areas and named sets
  pctest export test262|wpt|urltestdata DIR
                               write the vectors as test262 tests, as
                               web-platform-tests' URL data files, or as
                               entries of WPT's urltestdata.json
  pctest help [COMMAND]         this help, or a command's flags

Run 'pctest help run' (or 'pctest run -h') for a command's flags.

Exit status: 0 when everything passed or failed only as expected, 1 on
failures (for fuzz: any finding, confirmed or not), 2 on bad usage, a testee
that cannot start or whose stdout is not answers, or a run that judged
nothing (-allow-empty accepts it), 130 when interrupted.
`

// usageError is an error in the command line: exit status 2.
type usageError struct{ msg string }

// Error returns what is wrong with the command line.
func (e *usageError) Error() string { return e.msg }

// newFlagSet returns a flag set that reports errors instead of exiting: a
// bad flag is one line with a hint (parseFlags), -h the command's usage.
func newFlagSet(name, synopsis string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard) // parseFlags says what is wrong, in one line
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: %s\n\nflags:\n", synopsis)
		shown := flag.NewFlagSet(name, flag.ContinueOnError)
		shown.SetOutput(stderr)
		fs.VisitAll(func(f *flag.Flag) {
			if !hiddenFlags[f.Name] {
				shown.Var(f.Value, f.Name, f.Usage)
			}
		})
		shown.PrintDefaults()
	}
	return fs
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
func splitList(s string) []string {
	var list []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			list = append(list, f)
		}
	}
	return list
}

// The flags that choose an implementation, shared by run and fuzz.
type implFlags struct {
	impl         string
	timeout      time.Duration
	startTimeout time.Duration
	utf16hex     bool
	window       int
}

// register defines -impl, -timeout, -start-timeout, -utf16hex and -j on fs.
func (f *implFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.impl, "impl", "", "a built-in `implementation` instead of a COMMAND: "+strings.Join(implNames(), ", "))
	fs.DurationVar(&f.timeout, "timeout", defaultTimeout, "how long a testee may leave its oldest request unanswered before it is killed and restarted")
	fs.DurationVar(&f.startTimeout, "start-timeout", 0, "a new testee process's start-up allowance: how long it may take to give its first answer (default 3 times -timeout)")
	fs.BoolVar(&f.utf16hex, "utf16hex", false, "send text as \"in_utf16\" hex code units, for testees whose JSON cannot carry lone surrogates")
	fs.IntVar(&f.window, "j", testee.DefaultWindow, "how many requests are in flight at once")
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
	if f.utf16hex {
		p.Flags = append(p.Flags, "-utf16hex")
	}
	if f.timeout != defaultTimeout {
		p.Flags = append(p.Flags, "-timeout", f.timeout.String())
	}
	if f.startTimeout != 0 {
		p.Flags = append(p.Flags, "-start-timeout", f.startTimeout.String())
	}
	return p
}

// defaultTimeout is -timeout's default.
const defaultTimeout = 10 * time.Second

// open returns the implementation chosen by f, or by argv, the command
// line after the flags. A testee is started; the caller closes it.
func (f *implFlags) open(argv []string) (*implementation, error) {
	switch {
	case f.impl != "" && len(argv) > 0:
		return nil, &usageError{"give either -impl or a COMMAND, not both"}
	case f.impl == "" && len(argv) == 0:
		return nil, &usageError{"no testee: give a COMMAND after --, or -impl NAME"}
	case f.window < 1:
		return nil, &usageError{"-j must be at least 1"}
	case f.timeout <= 0:
		return nil, &usageError{"-timeout must be positive"}
	case f.startTimeout < 0:
		return nil, &usageError{"-start-timeout must not be negative"}
	}
	opts := []testee.Option{testee.Timeout(f.timeout), testee.StartTimeout(f.startTimeout), testee.Window(f.window)}
	if f.utf16hex {
		opts = append(opts, testee.UTF16Hex())
	}
	if f.impl != "" {
		return openNamed(f.impl, opts)
	}
	return openTestee(argv, opts)
}
