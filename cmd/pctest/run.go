package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/pctest/pctest/conformance"
	"github.com/pctest/pctest/report"
	"github.com/pctest/pctest/testee"
	"github.com/pctest/pctest/vectors"
)

// selectionFlags are the flags that select vectors and set expectations.
type selectionFlags struct {
	ops, areas, run, skip, level string
	expectFail                   string
}

// register defines -op, -area, -run, -skip, -level and -expect-fail on fs.
func (s *selectionFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&s.ops, "op", "", "run only the vectors of these comma-separated `ops`")
	fs.StringVar(&s.areas, "area", "", "run only the vectors of these comma-separated `areas`: "+strings.Join(areaNames(), ", "))
	fs.StringVar(&s.run, "run", "", "run only the vectors whose id matches `regexp`")
	fs.StringVar(&s.skip, "skip", "", "leave out the vectors whose id matches `regexp`")
	fs.StringVar(&s.level, "level", "", "run and judge only the vectors of these comma-separated `levels`: must, should, implementation-defined (default: judge must and should, report implementation-defined apart)")
	fs.StringVar(&s.expectFail, "expect-fail", "", "the expected-failures `file`: listed vectors must fail, and do not fail the run")
}

// areaNames returns the areas of the ops, in order.
func areaNames() []string {
	var areas []string
	for _, op := range vectors.Ops() {
		if !slices.Contains(areas, op.Area) {
			areas = append(areas, op.Area)
		}
	}
	return areas
}

// options checks the selection flags and returns them as conformance
// options, and the flags as a report shows them. defaultExpect is the
// expected-failures list used without -expect-fail (the python3 example's).
func (s *selectionFlags) options(defaultExpect []byte, defaultExpectName string) (opts []conformance.Option, shown []string, expectName string, err error) {
	if err := namesSome("-op", s.ops); err != nil {
		return nil, nil, "", err
	}
	if err := namesSome("-area", s.areas); err != nil {
		return nil, nil, "", err
	}
	if list := splitList(s.ops); len(list) > 0 {
		for _, name := range list {
			if _, ok := vectors.Op(name).Info(); !ok {
				return nil, nil, "", &usageError{fmt.Sprintf("-op: unknown op %q; ops are %s", name, strings.Join(opNames(), ", "))}
			}
		}
		var ops []vectors.Op
		for _, name := range list {
			ops = append(ops, vectors.Op(name))
		}
		opts = append(opts, conformance.Ops(ops...))
		shown = append(shown, "-op "+strings.Join(list, ","))
	}
	if list := splitList(s.areas); len(list) > 0 {
		for _, name := range list {
			if !slices.Contains(areaNames(), name) {
				return nil, nil, "", &usageError{fmt.Sprintf("-area: unknown area %q; areas are %s", name, strings.Join(areaNames(), ", "))}
			}
		}
		opts = append(opts, conformance.Areas(list...))
		shown = append(shown, "-area "+strings.Join(list, ","))
	}
	var res [2]*regexp.Regexp // -run and -skip
	for i, f := range []struct{ name, value string }{{"run", s.run}, {"skip", s.skip}} {
		if f.value == "" {
			continue
		}
		re, err := regexp.Compile(f.value)
		if err != nil {
			return nil, nil, "", &usageError{fmt.Sprintf("-%s: %v", f.name, err)}
		}
		res[i] = re
		shown = append(shown, "-"+f.name+" "+f.value)
	}
	if res[0] != nil || res[1] != nil {
		opts = append(opts, conformance.Match(res[0], res[1]))
	}
	if list := splitList(s.level); len(list) > 0 {
		for _, l := range list {
			if !slices.Contains(vectors.Levels(), l) {
				return nil, nil, "", &usageError{fmt.Sprintf("-level: unknown level %q; levels are %s", l, strings.Join(vectors.Levels(), ", "))}
			}
		}
		opts = append(opts, conformance.Level(list...))
		shown = append(shown, "-level "+strings.Join(list, ","))
	}
	data, name := defaultExpect, defaultExpectName
	if s.expectFail != "" {
		var rerr error
		data, rerr = vectors.ReadUserFile(s.expectFail)
		if rerr != nil {
			return nil, nil, "", &usageError{"-expect-fail: " + rerr.Error()}
		}
		name = s.expectFail
	}
	if name != "" {
		list, perr := conformance.ExpectedFailures(bytes.NewReader(data), name)
		if perr != nil {
			return nil, nil, "", &usageError{"-expect-fail: " + perr.Error()}
		}
		opts = append(opts, list)
		shown = append(shown, "-expect-fail "+name)
	}
	return opts, shown, name, nil
}

// vectorFiles is the value of -vectors: the paths given, in order.
type vectorFiles []string

// String returns the paths, comma-separated.
func (v *vectorFiles) String() string { return strings.Join(*v, ",") }

// Set adds the comma-separated paths of one -vectors flag.
func (v *vectorFiles) Set(s string) error {
	list := splitList(s)
	if len(list) == 0 {
		return errors.New("no file")
	}
	*v = append(*v, list...)
	return nil
}

// options loads the -vectors files and returns the option that runs them,
// after the suite's vectors when suite is set, the flags as a report
// shows them, and the files the vectors come from. Without -vectors it
// returns no option, and with -suite=false a usage error. A bad file is
// an error that names each fault by file:line and vector id.
func (v vectorFiles) options(suite bool) (opts []conformance.Option, shown, files []string, err error) {
	if len(v) == 0 {
		if !suite {
			return nil, nil, nil, &usageError{"-suite=false runs only the -vectors files, and none is given"}
		}
		return nil, nil, nil, nil
	}
	own, err := vectors.LoadFiles(v...)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("-vectors: %w", err)
	}
	if len(own) == 0 {
		return nil, nil, nil, &usageError{fmt.Sprintf("-vectors %s: no vectors there (a directory is read for its *.json files)", strings.Join(v, ","))}
	}
	all := own
	if suite {
		vs, err := vectors.Load()
		if err != nil {
			return nil, nil, nil, err
		}
		all = append(vs, own...)
	} else {
		shown = append(shown, "-suite=false")
	}
	for _, f := range v {
		shown = append(shown, "-vectors "+f)
	}
	return []conformance.Option{conformance.Vectors(all)}, shown, vectors.FilesOf(own), nil
}

// opNames returns the names of every op.
func opNames() []string {
	var names []string
	for _, op := range vectors.Ops() {
		names = append(names, string(op.Name))
	}
	return names
}

func cmdRun(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("run", stderr)
	var (
		impl      implFlags
		sel       selectionFlags
		format    = formatFlag(fs)
		htmlFile  = htmlFlag(fs)
		writeFail = fs.String("write-expect-fail", "", "write the vectors that failed to `file`, in the -expect-fail format")
		verbose   = fs.Bool("v", false, "list every vector in the text report, not only failures")
		empty     = fs.Bool("allow-empty", false, "exit 0 even when no vector was judged (all skipped, or none selected)")
		own       vectorFiles
		suite     = fs.Bool("suite", true, "run the suite's vectors; -suite=false runs only the -vectors files")
	)
	fs.Var(&own, "vectors", "also run the vectors of `file`s in the suite's format (vectors/README.md): a file, or a directory of *.json files; repeat it or separate with commas")
	impl.register(fs)
	sel.register(fs)
	if code := parseFlags(fs, args, stderr); code >= 0 {
		return code
	}
	if err := checkFormat("run", *format); err != nil {
		fmt.Fprintf(stderr, "pctest run: %v\n", err)
		return exitUsage
	}
	// Check the selection, the vectors files and the output files before
	// starting anything.
	if _, _, _, err := sel.options(nil, ""); err != nil {
		return reportSetupError(stderr, "run", err)
	}
	corpusOpts, corpusShown, ownFiles, err := own.options(*suite)
	if err != nil {
		return reportSetupError(stderr, "run", err)
	}
	if err := checkOutputs("-html", *htmlFile, "-write-expect-fail", *writeFail); err != nil {
		return reportSetupError(stderr, "run", err)
	}
	im, err := impl.open(fs.Args())
	if err != nil {
		return reportSetupError(stderr, "run", err)
	}
	opts, shown, expectName, err := sel.options(im.ExpectFail, im.ExpectFailName)
	if err != nil {
		im.close(true)
		return reportSetupError(stderr, "run", err)
	}
	rep, err := runVectors(ctx, im, append(corpusOpts, opts...), stderr)
	if err != nil {
		return reportSetupError(stderr, "run", err)
	}
	rep.Selection, rep.ExpectFailFile = append(corpusShown, shown...), expectName
	rep.CommandLine = commandLine("run", args)
	rep.Repro, rep.VectorFiles = impl.repro(fs.Args()), ownFiles
	if sel.expectFail != "" {
		rep.Repro.Flags = append(rep.Repro.Flags, "-expect-fail", sel.expectFail)
	}

	switch *format {
	case "json":
		err = rep.WriteJSON(stdout)
	case "junit":
		err = rep.WriteJUnit(stdout)
	default:
		err = rep.WriteText(stdout, *verbose)
	}
	if err != nil {
		fmt.Fprintf(stderr, "pctest run: %v\n", err)
		return exitUsage
	}
	if *htmlFile != "" {
		if err := writeFile(*htmlFile, func(w io.Writer) error { return report.WriteHTML(w, time.Now(), []*runReport{rep}) }); err != nil {
			fmt.Fprintf(stderr, "pctest run: -html: %v\n", err)
			return exitUsage
		}
	}
	if *writeFail != "" && rep.Partial {
		// A list of the failures so far would drop the vectors not run:
		// written over the -expect-fail list, it would lose them.
		fmt.Fprintf(stderr, "pctest run: -write-expect-fail: not written: the run was interrupted, and a list of part of the failures would lose the others (%s is left as it was)\n", *writeFail)
	} else if *writeFail != "" {
		if err := writeFile(*writeFail, func(w io.Writer) error { return writeExpectedFailures(w, rep) }); err != nil {
			fmt.Fprintf(stderr, "pctest run: -write-expect-fail: %v\n", err)
			return exitUsage
		}
	}
	switch {
	case rep.Partial:
		return exitInterrupted
	case rep.Fails():
		return exitFail
	}
	if err := conformance.CheckJudged(rep.Results, strings.Join(rep.Selection, " ")); err != nil && !*empty {
		fmt.Fprintf(stderr, "pctest run: %v\n", err)
		return exitUsage
	}
	return exitOK
}

// commandLine returns the pctest command a report records: "pctest", the
// subcommand cmd and its arguments args, as given.
func commandLine(cmd string, args []string) []string {
	return append([]string{"pctest", cmd}, args...)
}

// reportSetupError prints an error that stops a command before or instead
// of its report, and returns the exit status: 2 for bad usage and testees
// that cannot start, 130 when interrupted.
func reportSetupError(stderr io.Writer, cmd string, err error) int {
	if errors.Is(err, context.Canceled) {
		fmt.Fprintf(stderr, "pctest %s: interrupted\n", cmd)
		return exitInterrupted
	}
	fmt.Fprintf(stderr, "pctest %s: %v\n", cmd, err)
	var (
		se *testee.StartError
		oe *testee.OutputError
	)
	switch {
	case errors.As(err, &se) && se.Stderr != "":
		report.WriteStderr(stderr, se.Stderr)
	case errors.As(err, &oe) && oe.Stderr != "":
		report.WriteStderr(stderr, oe.Stderr)
	}
	var ue *usageError
	if errors.As(err, &ue) {
		fmt.Fprintf(stderr, "run 'pctest %s -h' for usage\n", cmd)
	}
	return exitUsage
}

// protocolVersion is the testee protocol version reports show.
const protocolVersion = testee.ProtocolVersion

// stderrExcerpt is how much of a testee's stderr a report quotes.
const stderrExcerpt = 2 << 10

// runVectors runs the vectors opts select against im, then closes im. It
// returns an error only when no report can be made: bad options, or a
// testee that could not start. Canceling ctx kills the testee and makes the
// report partial. With progress not nil, a run that lasts more than two
// seconds shows its progress there.
func runVectors(ctx context.Context, im *implementation, opts []conformance.Option, progress io.Writer) (*runReport, error) {
	rep := newRunReport(im, time.Now())
	opts = append(opts, conformance.Parallel(im.Parallel))
	if im.Testee != nil && !im.example {
		// A third party's testee gets no excuses: the known deviations
		// are those of the engines pctest ships adapters for.
		opts = append(opts, conformance.KnownDeviations(nil))
	}
	c := &counted{Implementation: im}
	var run conformance.Implementation = c
	if im.Testee != nil {
		run = countedBatch{c, im.Testee}
	}
	var stop func()
	if progress != nil {
		// How many vectors the options select: the count of a run that
		// answers nothing, counted once the progress shows (a run that
		// ends sooner does not load the vectors twice).
		count := func() int {
			none, _ := conformance.Results(ctx, conformance.Funcs{}, opts...)
			return len(none)
		}
		var stats func() report.Incidents
		if im.Testee != nil {
			stats = im.Testee.Incidents
		}
		stop = watchRun(progress, c, count, rep.Start, stats)
	}
	results, err := conformance.Results(ctx, run, opts...)
	if stop != nil {
		stop()
	}
	interrupted := ctx.Err() != nil
	im.close(interrupted)
	rep.Elapsed = time.Since(rep.Start)
	if im.Testee != nil {
		if err := im.Testee.StartFailure(); err != nil {
			return nil, err
		}
		rep.Incidents = im.Testee.Incidents()
		rep.Stderr = im.Testee.Stderr(stderrExcerpt)
	}
	if err != nil {
		var other []error
		for _, e := range unjoin(err) {
			var stale *conformance.ListError
			switch {
			case errors.As(e, &stale) && stale.Stale:
				rep.Stale = append(rep.Stale, report.Stale{File: stale.File, Line: stale.Line, ID: stale.ID, Message: stale.Error()})
			case errors.Is(e, context.Canceled):
			default:
				other = append(other, e)
			}
		}
		if len(other) > 0 {
			return nil, errors.Join(other...)
		}
	}
	rep.Vectors = len(results)
	if interrupted {
		results = slices.DeleteFunc(results, func(r report.Result) bool {
			return errors.Is(r.Err, context.Canceled) || errors.Is(r.Err, testee.ErrClosed)
		})
	}
	if len(results) > 0 {
		rep.Results = results // nil when there are none, as the reports expect
	}
	rep.Partial = interrupted
	return rep, nil
}

// unjoin returns the errors err joins, or err alone.
func unjoin(err error) []error {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		return j.Unwrap()
	}
	return []error{err}
}

// checkOutputs checks, before a run starts, that no two flags name the
// same file, and that each output file of the
// flag, file pairs can be written: its directory exists and takes new
// files, and the file, if it is there, is not a directory and opens for
// writing. It creates and changes nothing.
func checkOutputs(flagFiles ...string) error {
	seen := map[string]string{} // a file's absolute path, and the flag that writes it
	for i := 0; i+1 < len(flagFiles); i += 2 {
		flagName, name := flagFiles[i], flagFiles[i+1]
		if name == "" {
			continue
		}
		if abs, err := filepath.Abs(name); err == nil {
			if other, ok := seen[abs]; ok {
				return &usageError{fmt.Sprintf("%s and %s both name %s: the second would overwrite the first", other, flagName, name)}
			}
			seen[abs] = flagName
		}
		if fi, err := os.Stat(name); err == nil {
			if fi.IsDir() {
				return &usageError{fmt.Sprintf("%s %s: is a directory", flagName, name)}
			}
			f, err := os.OpenFile(name, os.O_WRONLY, 0)
			if err != nil {
				return &usageError{fmt.Sprintf("%s: %v", flagName, err)}
			}
			f.Close()
			continue
		}
		dir := filepath.Dir(name)
		if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
			return &usageError{fmt.Sprintf("%s %s: no directory %s to write it in", flagName, name, dir)}
		}
		f, err := os.CreateTemp(dir, ".pctest-check-*")
		if err != nil {
			return &usageError{fmt.Sprintf("%s %s: cannot write in %s: %v", flagName, name, dir, err)}
		}
		f.Close()
		os.Remove(f.Name())
	}
	return nil
}

// writeFile creates name and writes it with write.
func writeFile(name string, write func(io.Writer) error) error {
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	if err := write(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
