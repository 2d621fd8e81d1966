package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/pctest/pctest/conformance/selfcheck"
)

// cmdCheck is `pctest check -- COMMAND`: the protocol self-check of a
// testee (package conformance/selfcheck).
func cmdCheck(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("check", stderr)
	var (
		format       = formatFlag(fs)
		timeout      = fs.Duration("timeout", 5*time.Second, "how long the testee may leave a request unanswered")
		startTimeout = fs.Duration("start-timeout", 0, "a new testee process's start-up allowance (default 3 times -timeout)")
		utf16hex     = fs.Bool("utf16hex", false, "check the testee in -utf16hex mode: text as \"in_utf16\" hex code units")
	)
	if code := parseFlags(fs, args, stderr); code >= 0 {
		return code
	}
	if err := checkFormat("check", *format); err != nil {
		return reportSetupError(stderr, "check", err)
	}
	switch {
	case len(fs.Args()) == 0:
		return reportSetupError(stderr, "check", &usageError{"no testee: give a COMMAND after --"})
	case *timeout <= 0:
		return reportSetupError(stderr, "check", &usageError{"-timeout must be positive"})
	case *startTimeout < 0:
		return reportSetupError(stderr, "check", &usageError{"-start-timeout must not be negative"})
	}
	rep, err := selfcheck.Run(ctx, selfcheck.Config{Command: fs.Args(), Timeout: *timeout, StartTimeout: *startTimeout, UTF16Hex: *utf16hex})
	if err != nil {
		return reportSetupError(stderr, "check", err)
	}
	rep.Info.CommandLine = append([]string{"pctest"}, os.Args[1:]...)
	if *format == "json" {
		err = rep.WriteJSON(stdout)
	} else {
		err = rep.WriteText(stdout)
	}
	if err != nil {
		fmt.Fprintf(stderr, "pctest check: %v\n", err)
		return exitUsage
	}
	switch {
	case rep.CannotStart:
		return exitUsage
	case rep.Problems > 0:
		return exitFail
	}
	return exitOK
}
