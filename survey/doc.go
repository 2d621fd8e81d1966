// Command survey runs pctest against real percent-encoding implementations
// in many languages and publishes the matrix: implementations × ops with
// passed, failed and skipped per cell, and every divergence grouped by cause
// with its minimal input, the spec clause and a verdict.
//
// It owns the survey's outputs (REPORT.md and report.html beside this file)
// and its inputs: rows.json lists the rows (a built-in implementation, or a
// testee under cmd/pctest/testees with its command line), and verdicts.json
// lists the known causes of divergence, each with a matcher and a verdict
// (a bug, a documented deviation, or a suite error). A divergence no cause
// matches is reported as unclassified and makes the run fail, so that every
// divergence in a published report has a verdict.
//
// `make survey` runs survey/run.sh, which installs the testees' runtimes
// (apt-get, npm ci), builds the Java and C testees into survey/work/, and
// then runs this command:
//
//	go run ./survey                 # run every row, fuzz each, write the report
//	go run ./survey -report-only    # rewrite the report from survey/work/results
//	go run ./survey -rows 'php|ruby' -fuzz 10s
//
// The package's test (testees_test.go, part of `make test`) checks that
// every testee directory has a README.md and a mapping.json whose ops exist,
// and runs the node and python testees that need no installs against their
// expected-failures files.
package main
