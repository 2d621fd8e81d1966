package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"github.com/pctest/pctest/conformance"
	"github.com/pctest/pctest/fuzz"
	"github.com/pctest/pctest/report"
	"github.com/pctest/pctest/vectors"
)

func cmdFuzz(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("fuzz", stderr)
	var (
		impl     implFlags
		opsFlag  = fs.String("op", "", "fuzz only these comma-separated `ops` (default: every op the testee supports)")
		duration = fs.Duration("time", 0, "fuzz for this `duration` (default 60s, unless -cases is given)")
		cases    = fs.Int64("cases", 0, "stop after this many `cases`")
		seed     = fs.Uint64("seed", 0, "the cases' `seed` (default: from the clock); with -cases and no -time, the same seed sends the same cases")
		format   = formatFlag(fs)
		htmlFile = htmlFlag(fs)
		maxFind  = fs.Int("max-findings", fuzz.DefaultMaxFindings, "stop fuzzing an op once it has this many `findings`")
		empty    = fs.Bool("allow-empty", false, "exit 0 even when no case was judged (the testee declined every op)")
		shrink   = fs.Duration("shrink-time", 20*time.Second, "spend at most this `duration` shrinking one finding")
		corpus   = fs.String("corpus", "", "keep the findings in `dir` as vectors files (pctest run -vectors DIR runs them): replay them first, say which now pass, save each new one")
		level    = fs.String("level", "", "judge the differences at these comma-separated `levels`: must, should, implementation-defined (default: must and should, which fuzzing cannot tell apart, are judged; a difference on an input the spec leaves open is counted apart, not a finding)")
	)
	hiddenAlias(fs, "ops", "op")
	impl.register(fs)
	if code := parseFlags(fs, args, stderr); code >= 0 {
		return code
	}
	if err := checkFormat("fuzz", *format); err != nil {
		fmt.Fprintf(stderr, "pctest fuzz: %v\n", err)
		return exitUsage
	}
	if err := namesSome("-op", *opsFlag); err != nil {
		fmt.Fprintf(stderr, "pctest fuzz: %v\n", err)
		return exitUsage
	}
	var ops []vectors.Op
	for _, name := range splitList(*opsFlag) {
		if _, ok := vectors.Op(name).Info(); !ok {
			fmt.Fprintf(stderr, "pctest fuzz: -op: unknown op %q; ops are %s\n", name, strings.Join(opNames(), ", "))
			return exitUsage
		}
		if !slices.Contains(ops, vectors.Op(name)) {
			ops = append(ops, vectors.Op(name))
		}
	}
	judgeOpen := false
	for _, l := range splitList(*level) {
		if !slices.Contains(vectors.Levels(), l) {
			fmt.Fprintf(stderr, "pctest fuzz: -level: unknown level %q; levels are %s\n", l, strings.Join(vectors.Levels(), ", "))
			return exitUsage
		}
		judgeOpen = judgeOpen || l == vectors.LevelImplementationDefined
	}
	switch {
	case *cases < 0:
		fmt.Fprintln(stderr, "pctest fuzz: -cases must not be negative")
		return exitUsage
	case *duration < 0:
		fmt.Fprintln(stderr, "pctest fuzz: -time must not be negative")
		return exitUsage
	case *maxFind < 1:
		fmt.Fprintln(stderr, "pctest fuzz: -max-findings must be at least 1")
		return exitUsage
	case *duration == 0 && *cases == 0:
		*duration = 60 * time.Second
	}
	if *seed == 0 {
		*seed = uint64(time.Now().UnixNano())
	}

	if err := checkOutputs("-html", *htmlFile); err != nil {
		return reportSetupError(stderr, "fuzz", err)
	}
	var kept *fuzz.Corpus
	if *corpus != "" {
		var err error
		if kept, err = fuzz.OpenCorpus(*corpus); err != nil {
			return reportSetupError(stderr, "fuzz", fmt.Errorf("-corpus: %w", err))
		}
	}
	repro := impl.repro(fs.Args())

	im, err := impl.open(fs.Args())
	if err != nil {
		return reportSetupError(stderr, "fuzz", err)
	}
	var replay *report.CorpusReplay
	if kept != nil {
		// The earlier findings first, as go test runs its corpus.
		devs, _ := vectors.Deviations()
		results, err := kept.Replay(ctx, im.Implementation, conformance.Parallel(max(im.Parallel, 1)), conformance.KnownDeviations(devs))
		if err != nil && ctx.Err() == nil {
			im.close(true)
			return reportSetupError(stderr, "fuzz", fmt.Errorf("-corpus: %w", err))
		}
		replay = report.NewCorpusReplay(kept.Dir, results, repro)
	}
	opts := []fuzz.Option{fuzz.Ops(ops...), fuzz.Seed(*seed), fuzz.Duration(*duration), fuzz.Cases(*cases),
		fuzz.Parallel(max(im.Parallel, 1)), fuzz.MaxFindings(*maxFind), fuzz.ShrinkTime(*shrink)}
	if *empty {
		opts = append(opts, fuzz.AllowEmpty())
	}
	if judgeOpen {
		opts = append(opts, fuzz.JudgeOpen())
	}
	devs, _ := vectors.Deviations() // nil, excusing nothing, if they do not load
	opts = append(opts, fuzz.KnownDeviations(devs))
	if os.Getenv("GOGC") == "" {
		// Fuzzing allocates about a kilobyte a case over a live heap of a
		// few megabytes: collecting at 4x the live heap rather than 2x
		// halves the collector's share of the CPU, which the testee
		// shares, for a few megabytes more.
		debug.SetGCPercent(400)
	}
	start := time.Now()
	if *format == "text" {
		// The header at once, so that a long run says what it does.
		fmt.Fprintln(stdout, fuzzHeader(im.Label, im.Argv, *seed, *duration, *cases, *maxFind))
	}
	line := newProgressLine(stderr, start)
	// With a case budget and no -time, the time left is estimated from
	// the recent rate, as run does: the engine's estimate from the rate
	// since the start grows without bound while a testee hangs.
	win := newRateWindow(start)
	opts = append(opts, fuzz.OnProgress(0, func(p fuzz.Progress) {
		now := time.Now()
		findings := "findings"
		if p.Findings == 1 {
			findings = "finding"
		}
		s := fmt.Sprintf("fuzz: %d cases, %s, %d %s so far", p.Cases, rate(p.Cases, p.Elapsed), p.Findings, findings)
		if im.Testee != nil {
			s += incidentsText(im.Testee.Incidents())
		}
		switch {
		case *duration > 0:
			if p.Left > 0 {
				s += fmt.Sprintf(", %v left", p.Left.Round(time.Second))
			}
		case p.Cases < int64(*cases):
			s += win.leftText(now, p.Cases, int64(*cases))
		}
		line.show(now, s)
	}))
	rep, err := fuzz.Run(ctx, im.Implementation, opts...)
	line.clear()
	interrupted := ctx.Err() != nil
	im.close(interrupted)
	if err != nil && (!interrupted || rep == nil) {
		return reportSetupError(stderr, "fuzz", err)
	}
	info := &rep.FuzzInfo
	info.Implementation, info.TesteeCommand, info.SuiteVersion, info.ProtocolVersion = im.Label, im.Argv, suiteVersion(), protocolVersion
	info.CommandLine = commandLine("fuzz", args)
	if im.Testee != nil {
		st := im.Testee.Incidents()
		rep.Incidents = &st
		if len(rep.Findings) > 0 {
			rep.Stderr = im.Testee.Stderr(stderrExcerpt)
		}
	}
	if kept != nil {
		rep.Corpus = replay
		for i := range rep.Findings {
			f := &rep.Findings[i]
			if !f.Reproduced && !f.Unconfirmed {
				continue // flaky: nothing to keep
			}
			path, added, err := kept.Save(f, im.Label)
			if err != nil {
				// The campaign's findings are reported all the same.
				fmt.Fprintf(stderr, "pctest fuzz: -corpus: the finding on %s was not saved: %v\n", f.Op, err)
				continue
			}
			v := fuzz.FindingVector(f, im.Label)
			f.VectorID, f.File = v.ID, path
			if added {
				replay.Saved = append(replay.Saved, path)
				replay.SavedOpen = replay.SavedOpen || v.Level == vectors.LevelImplementationDefined
			}
		}
	}
	rep.SetRepro(repro)
	if *format == "json" {
		err = rep.Write(stdout)
	} else {
		err = rep.WriteText(stdout)
	}
	if err != nil {
		fmt.Fprintf(stderr, "pctest fuzz: %v\n", err)
		return exitUsage
	}
	if *htmlFile != "" {
		if err := writeFile(*htmlFile, func(w io.Writer) error { return rep.WriteHTML(w, time.Now()) }); err != nil {
			fmt.Fprintf(stderr, "pctest fuzz: -html: %v\n", err)
			return exitUsage
		}
	}
	switch {
	case interrupted:
		return exitInterrupted
	case len(rep.Findings) > 0, rep.Corpus.Fails():
		return exitFail
	}
	return exitOK
}

// fuzzHeader says what a fuzz run does, in one line: cmdFuzz prints it
// before the run starts.
func fuzzHeader(impl string, argv []string, seed uint64, d time.Duration, cases int64, maxFindings int) string {
	what := impl
	if argv != nil {
		what += " (" + strings.Join(argv, " ") + ")"
	}
	var bounds []string
	if d > 0 {
		bounds = append(bounds, "for "+d.String())
	}
	if cases > 0 {
		bounds = append(bounds, fmt.Sprintf("up to %d cases", cases))
	}
	bounds = append(bounds, fmt.Sprintf("at most %d findings per op (-max-findings)", maxFindings))
	return fmt.Sprintf("pctest fuzz: %s against the reference codec, seed %d, %s", what, seed, strings.Join(bounds, ", "))
}
