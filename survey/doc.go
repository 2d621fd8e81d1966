// Command survey runs pctest against real percent-encoding implementations
// in many languages and publishes the report: a scoreboard, a matrix per
// family of ops, and every divergence grouped by cause with its minimal
// input, the spec clause, a verdict and, for a bug, a reproduction in the
// implementation's own language.
//
// It owns the survey's outputs (REPORT.md, report.html, results.json for
// programs and a page per bug under bugs/, beside this file; a survey
// that leaves some rows without results writes them under
// survey/work/report instead, never over the whole survey's) and reads its
// inputs: rows.json lists the rows built into pctest (the
// reference, goja, net/url) and the runner's example node testee; every
// directory under testees/ with a testee.json is one implementation, with
// its pinned install, its build, its rows, its mapping of functions to ops
// and its verdicts.json (testees/README.md says what each file holds).
// The verdicts are registries of known divergences of one schema
// (vectors.Divergence, vectors/registry.schema.json):
// vectors/deviations.json (the engines pctest runs itself),
// verdicts.json beside this file (the other built-in rows) and each
// testee's verdicts.json. A
// divergence no cause matches is reported as unclassified and makes the run
// fail, and so does a bug's reproduction that no longer prints what its
// verdict says, so that every divergence in a published report has a
// verdict.
//
// `make survey` (survey/run.sh) runs this command, which installs what the
// selected rows need (every pinned Debian package in one apt-get install,
// npm ci where there is a package-lock.json, each testee.json's build
// commands into survey/work/build), runs pctest run and pctest fuzz on
// every row, two at a time, runs the reproductions, and writes the report:
//
//	go run ./survey                 # every row
//	go run ./survey -rows 'php|ruby' -fuzz 10s
//	go run ./survey -report-only    # rewrite the report from survey/work/results
//
// pctest fuzz runs on each row with a seed of its own, made from -seed
// (default 1) and the row's name, so that a survey run again draws the
// same cases on each row (within its time budget); -seed 0 draws new ones
// from the clock on every run.
//
// The package's tests (testees_test.go, part of `make test`) check that
// every testee directory is complete, that the verdicts load and every bug
// has a reproduction, that the reproductions whose implementation is
// installed still show their bug, that the set tables testees carry are
// those vectors/sets.json gives, and run the rows that need no install against their
// expected-failures files.
package main
