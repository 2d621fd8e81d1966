// Package codeccheck holds the checks behind the reference codec's native
// Go fuzz targets (fuzz/codecfuzz): one function per target, named after it
// without "Fuzz", which takes the target's input as the check reads it
// (code units, not the fuzz bytes that fuzzinput.Units turns into them; a
// label, not the byte that selects it) and returns what the codec got wrong
// on it as an error; the slow models some of them hold the codec to
// (model.go adapts internal/spec's to the codec's types); and the tests of
// both: TestModels holds the models to the vectors, TestLongUnits puts the
// ECMAScript and Annex B checks to inputs far longer than a target's clip
// (drawn with rapid), and BenchmarkChecks and BenchmarkCorpus measure what
// a check costs an execution.
//
// The checks live here rather than beside the targets so that what their
// tests link stays out of the targets' test binary, the one go test -fuzz
// builds. That build instruments every package it links; every execution
// snapshots all of the binary's coverage counters, and the fuzzing
// coordinator sends all of them (as base64 in JSON) with each batch of
// work it hands a worker, which sends them back with each input it
// reports. TestLongUnits, beside the targets, had taken that binary from
// 20,622 counters to 32,703 (rapid, html/template, image/png and the code
// they reach); without it and the other tests of the checks it has 20,426.
// fuzz/README.md ("Throughput") has what that changed, and fuzz/fuzzlint's
// TestTargetPackagesLinkNothingMore keeps it so.
package codeccheck
