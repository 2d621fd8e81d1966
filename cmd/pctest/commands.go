package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"
)

// A command is one of pctest's subcommands. The table of them, commands,
// is the one list: pctest's dispatch, `pctest help` (the usage text and
// each command's help), each command's usage line (newFlagSet) and the
// README's list of commands (TestREADMECommands) all come from it.
type command struct {
	name string
	// forms are the command's usage lines, each with what that form does.
	forms []form
	// run runs the command with the arguments after its name. Its flags
	// are its own (run -h lists them); the ones several commands share
	// are implFlags, testeeFlags, selectionFlags and formatFlag.
	run func(ctx context.Context, args []string, stdout, stderr io.Writer) int
}

// A form is one usage line of a command and what it does.
type form struct{ synopsis, summary string }

// synopsis returns the command's usage lines, as its -h shows them.
func (c *command) synopsis() string {
	var lines []string
	for _, f := range c.forms {
		lines = append(lines, f.synopsis)
	}
	return strings.Join(lines, "\n       ")
}

// commands are pctest's subcommands, in the order the help lists them
// (set by init: the commands' functions read the table).
var commands []command

func init() {
	commands = []command{
		{name: "matrix", run: cmdMatrix, forms: []form{
			{"pctest", "the conformance matrix: every built-in implementation, and node and python3 through the example testees when they are installed"},
			{"pctest [matrix] [flags]", "the same, with flags (-html FILE, -op, -area, -timeout...)"},
		}},
		{name: "run", run: cmdRun, forms: []form{
			{"pctest run [flags] -- COMMAND [ARGS...]", "run the vectors against a testee: a program speaking the protocol of testee/PROTOCOL.md (-vectors FILE adds vectors of your own)"},
			{"pctest run [flags] -impl NAME", "run them against a built-in implementation (reference, goja, neturl) or a shipped example testee (node, python3)"},
		}},
		{name: "fuzz", run: cmdFuzz, forms: []form{
			{"pctest fuzz [flags] -- COMMAND [ARGS...]", "differential fuzzing against the reference codec (-corpus DIR keeps the findings and replays them)"},
			{"pctest fuzz [flags] -impl NAME", "the same against a built-in implementation or a shipped example testee"},
		}},
		{name: "check", run: cmdCheck, forms: []form{
			{"pctest check [flags] -- COMMAND [ARGS...]", "a protocol self-check of a new testee, in seconds: each problem with what to fix"},
		}},
		{name: "version", run: noContext(cmdVersion), forms: []form{
			{"pctest version", "pctest's module version, the suite's version (its release and a digest of the vectors) and the testee protocol version"},
		}},
		{name: "ops", run: noContext(cmdOps), forms: []form{
			{"pctest ops [-format text|json]", "the ops, areas and named sets"},
		}},
		{name: "export", run: noContext(cmdExport), forms: []form{
			{"pctest export test262|wpt|urltestdata DIR", "write the vectors as test262 tests, as web-platform-tests' URL data files, or as entries of WPT's urltestdata.json"},
		}},
		{name: "help", run: cmdHelp, forms: []form{
			{"pctest help [COMMAND]", "this help, or a command's flags"},
		}},
	}
}

// helpAliases are the other spellings of `pctest help`.
var helpAliases = []string{"-h", "-help", "--help"}

// noContext adapts a command that needs no context.
func noContext(f func(args []string, stdout, stderr io.Writer) int) func(context.Context, []string, io.Writer, io.Writer) int {
	return func(_ context.Context, args []string, stdout, stderr io.Writer) int { return f(args, stdout, stderr) }
}

// lookupCommand returns the command named name, or nil.
func lookupCommand(name string) *command {
	if slices.Contains(helpAliases, name) {
		name = "help"
	}
	for i := range commands {
		if commands[i].name == name {
			return &commands[i]
		}
	}
	return nil
}

// commandNames lists the commands' names ("run, fuzz, … and help").
func commandNames() string {
	var names []string
	for _, c := range commands {
		names = append(names, c.name)
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// usageText is the general help, made from the table.
func usageText() string {
	var b strings.Builder
	b.WriteString("pctest checks percent-encoding implementations against the specs.\n\nUsage:\n\n")
	const col = 31
	for _, c := range commands {
		for _, f := range c.forms {
			lines := wrap(f.summary, 78-col)
			if len(f.synopsis) <= col-4 {
				fmt.Fprintf(&b, "  %-*s%s\n", col-2, f.synopsis, lines[0])
				lines = lines[1:]
			} else {
				fmt.Fprintf(&b, "  %s\n", f.synopsis)
			}
			for _, l := range lines {
				fmt.Fprintf(&b, "%*s%s\n", col, "", l)
			}
		}
	}
	b.WriteString(`
Run 'pctest help run' (or 'pctest run -h') for a command's flags.

Exit status: 0 when everything passed or failed only as expected, 1 on
failures (for fuzz: any finding, confirmed or not), 2 on bad usage, a testee
that cannot start or whose stdout is not answers, or a run that judged
nothing (-allow-empty accepts it), 130 when interrupted.
`)
	return b.String()
}

// wrap breaks s into lines of at most width bytes, at spaces.
func wrap(s string, width int) []string {
	var lines []string
	line := ""
	for _, w := range strings.Fields(s) {
		if line != "" && len(line)+1+len(w) > width {
			lines = append(lines, line)
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += w
	}
	return append(lines, line)
}

// cmdHelp prints the general help, or with a command's name that
// command's help, on stdout.
func cmdHelp(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	c := lookupCommand("help")
	if len(args) > 0 {
		c = lookupCommand(args[0])
	}
	if c != nil && c.name == "help" {
		fmt.Fprint(stdout, usageText())
		return exitOK
	}
	if c == nil {
		fmt.Fprintf(stderr, "pctest help: unknown command %q; the commands are %s\n", args[0], commandNames())
		return exitUsage
	}
	return c.run(ctx, []string{"-h"}, stdout, stdout)
}

// A reportFormat is a form a command writes its report in: on stdout as
// -format chooses, or to the file a flag names.
type reportFormat struct {
	name string
	// flag writes it to a file ("-html FILE"); "" for a -format value.
	flag string
	// commands are the commands that write it.
	commands []string
}

// reportFormats are the report formats, the one table of them: the help
// of -format and -html and the check of -format come from it.
var reportFormats = []reportFormat{
	{name: "text", commands: []string{"run", "fuzz", "check", "ops"}},
	{name: "json", commands: []string{"run", "fuzz", "check", "ops"}},
	{name: "junit", commands: []string{"run"}},
	{name: "html", flag: "html", commands: []string{"run", "fuzz", "matrix"}},
}

// jsonSchemas are the schemas of the commands' JSON reports.
var jsonSchemas = map[string]string{
	"run":   "report/report.schema.json",
	"fuzz":  "report/fuzz.schema.json",
	"check": "report/check.schema.json",
	"ops":   "cmd/pctest/ops.schema.json",
}

// formats returns the -format values of the command cmd.
func formats(cmd string) []string {
	var names []string
	for _, f := range reportFormats {
		if f.flag == "" && slices.Contains(f.commands, cmd) {
			names = append(names, f.name)
		}
	}
	return names
}

// orList joins names as "a, b or c".
func orList(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// formatFlag defines -format on fs, the flag set of a command that writes
// its report on stdout (text by default).
func formatFlag(fs *flag.FlagSet) *string {
	usage := "the report's `format`: " + orList(formats(fs.Name()))
	if s := jsonSchemas[fs.Name()]; s != "" {
		usage += " (JSON: " + s + ")"
	}
	return fs.String("format", "text", usage)
}

// checkFormat returns a *usageError when format is not one of the
// command cmd's.
func checkFormat(cmd, format string) error {
	if !slices.Contains(formats(cmd), format) {
		return &usageError{fmt.Sprintf("-format %q: want %s", format, orList(formats(cmd)))}
	}
	return nil
}

// htmlFlag defines -html on fs, the flag set of a command that writes an
// HTML report to a file (reportFormats); it is "" unless given.
func htmlFlag(fs *flag.FlagSet) *string {
	return fs.String("html", "", "also write a self-contained HTML report to `file`")
}
