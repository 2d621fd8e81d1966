// Command pctest checks percent-encoding implementations in any language
// against pctest's vectors, and fuzzes them against the reference codec.
//
// It is flags, reports and the matrix over package
// github.com/pctest/pctest/testee, which owns the subprocess runner: the
// testee protocol (testee/PROTOCOL.md), the pipelined client that speaks it
// and survives testees that crash, hang or break the protocol, and
// differential fuzzing. pctest owns the conformance matrix, the text, JSON,
// JUnit and HTML reports, and the example testees under testees/.
//
// Usage:
//
//	pctest                                      the conformance matrix
//	pctest [matrix] [flags]                     the same, with flags
//	pctest run [flags] -- COMMAND [ARGS...]     run the vectors against a testee
//	pctest run [flags] -impl NAME               or a built-in implementation
//	pctest fuzz [flags] -- COMMAND [ARGS...]    differential fuzzing
//	pctest fuzz [flags] -impl NAME
//	pctest check [flags] -- COMMAND [ARGS...]   a testee's protocol self-check
//	pctest version                              module, suite and protocol versions
//	pctest ops [-format text|json]              the ops, areas and named sets
//	pctest export test262|wpt|urltestdata DIR   the vectors as test262 tests, WPT data,
//	                                            or urltestdata.json entries
//	pctest help [COMMAND]                       the commands, or one command's flags
//
// (TestCommandTables holds this list to the command table, commands.go.)
//
// A bad flag is one line that says what is wrong and where the flags are
// listed; output files (-html, -write-expect-fail) are checked before a
// run starts.
//
// With no arguments (make run), pctest runs every vector against each
// built-in implementation (reference, goja, neturl) and, when node and
// python3 are installed, against the example testees for them, and prints
// a matrix of ops by implementations with passed/failed/skipped in each
// cell.
//
// pctest run starts COMMAND once, directly (no shell), in a process group of
// its own, and pipelines the vectors to it: one JSON request per line on its
// stdin, one response per line on its stdout (see testee/PROTOCOL.md). Its
// flags:
//
//	-op LIST, -area LIST     select vectors by op or area (comma-separated)
//	-run REGEXP, -skip RE    select or leave out vectors by id
//	-vectors FILE            also run the vectors of FILE (or of a directory's
//	                         *.json files) in the suite's format; repeatable
//	-suite=false             run only the -vectors files
//	-level LIST              run and judge only these levels: must, should,
//	                         implementation-defined (comma-separated);
//	                         default: judge must and should, and run the
//	                         implementation-defined vectors apart
//	-expect-fail FILE        the listed vectors must fail (strict: one that
//	                         passes is a failure), and do not fail the run
//	-write-expect-fail FILE  write the failing vectors in that format
//	-format text|json|junit  the report on stdout
//	-html FILE               also a self-contained HTML report
//	-timeout D               per-vector timeout (default 10s)
//	-start-timeout D         a new process's start-up allowance, until its
//	                         first answer (default 3 times -timeout)
//	-allow-empty             exit 0 even when no vector was judged
//	-utf16hex                send text as "in_utf16" hex code units
//	-j N                     requests in flight (default 256)
//	-v                       list every vector, not only failures
//
// The text report has a line per failure (id, op, input as escaped text and
// code units or hex, expected, got, their exact diff with only the
// differing units marked, spec ref), each followed by the request line the
// testee received and the pctest run command that reruns that vector
// alone (the JSON, JUnit and HTML reports carry both too), then a hint to
// use -utf16hex when failures on lone surrogates crashed the testee or
// came back as U+FFFD, then the causes of the failures (the
// same op and the same relation between the answers, such as "hex digits
// in lowercase"), biggest first, each with its count, shortest example and
// spec step, and ends with the line "N passed, N failed, N skipped", where
// failed counts everything that fails the run: the vectors that failed,
// unexpected passes included, and the expected-failures entries that name
// no vector, each kind named ("1 failed (1 stale expected-failures
// entry)"); then "; N implementation-defined (N differ from the suite's
// recommendation)" when such vectors ran apart: where the spec leaves the
// answer open they are counted, listed with -v as AGREE or DIFFER lines,
// and never fail the run unless -level names them. The HTML report starts
// with the causes, each opening (<details>) on its failures. The JSON
// report (its schema is report/report.schema.json) has the same causes, each with
// its vectors' ids, and the stale entries. The JUnit report has a
// testsuite per op and a testcase per vector, as the text report counts
// them (a vector of an op the implementation does not support is a skipped
// testcase that says so); an expected failure passes with a property
// pctest.expected_failure naming its list entry, an implementation-defined
// vector that differs passes with a property pctest.implementation_defined,
// and each stale entry is an error of a testsuite of its own. A run that
// lasts more than 2 s shows its progress on stderr.
//
// pctest fuzz generates inputs that reach the corners the conformance
// oracle's generators reach, sends them to the testee and to the reference
// codec, and shrinks each disagreement, crash, hang or protocol error to a
// minimal input (delta debugging over its code units or octets). Flags:
// -op LIST, -time D (default 60s), -cases N, -seed N, -max-findings N (per
// op, default 10), -shrink-time D (per finding, default 20s), -level LIST
// (implementation-defined in it judges the differences on inputs the spec
// leaves open, vectors.Request.Open, which are otherwise counted apart and
// never a finding), -allow-empty, -format text|json (the JSON report's
// schema is report/fuzz.schema.json), and -impl, -timeout, -start-timeout,
// -utf16hex, -j as for run. It prints its header at once (with the limit of
// findings) and a progress line on stderr (cases, cases/s, findings, the
// testee's incidents, time left), rewritten in place on a terminal and
// printed every 10 s otherwise. When -time is up, an incident still being
// cleared is reported unconfirmed, never dropped; the summary counts the
// findings confirmed, unconfirmed and flaky, names the ops that reached
// -max-findings and, apart, those whose findings shrank that many times to
// one found before, and groups the findings by op and cause. Each finding
// shows its request line and a command that reproduces it. With -corpus
// DIR, each finding is saved as DIR/fuzz.OP.HASH.json, a vectors file of
// one vector, and reproduced by pctest run -vectors over that file; the
// corpus is replayed before fuzzing, and an earlier finding that still
// fails fails the run, one that passes is named as fixed.
//
// Exit status: 0 when everything passed or failed only as expected (fuzz:
// no finding), 1 on failures (fuzz: any finding, confirmed or not), 2 on
// bad usage, a testee that cannot start or whose stdout is not answers, or
// a run that judged nothing (all skipped, none selected; fuzz: or that
// answered nothing) unless -allow-empty, 130 when interrupted (the results
// printed so far are marked partial).
package main
