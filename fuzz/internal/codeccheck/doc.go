// Package codeccheck holds the checks behind the reference codec's native
// Go fuzz targets (fuzz/codecfuzz): one function per target, named as the
// target without "Fuzz", which takes the target's arguments and returns
// what the codec got wrong on them as an error; the slow models some of
// them hold the codec to (model.go adapts internal/spec's to the codec's
// types); and the tests of both: TestModels holds the models to the
// vectors, TestLongUnits puts the ECMAScript and Annex B checks to inputs
// far longer than a target's clip (drawn with rapid), and BenchmarkChecks
// and BenchmarkCorpus measure what a check costs an execution.
//
// The checks live here rather than beside the targets so that what their
// tests link in stays out of the targets' test binary, the one go test
// -fuzz builds. That build instruments every package it links; every
// execution snapshots all of the binary's coverage counters, and the
// fuzzing coordinator sends all of them (as base64 in JSON) with each batch
// of work it hands a worker, which sends them back with each input it
// reports. Moving the tests of the checks here took 12,277 of the 32,703
// counters off fuzz/codecfuzz's fuzzing binary, 12,048 of them rapid's
// and its imports' (html/template and image/png among them); see
// fuzz/README.md ("Throughput") for what that changed.
//
// Nothing here is meant to be imported beyond fuzz/codecfuzz.
package codeccheck
