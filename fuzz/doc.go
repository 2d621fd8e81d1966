// Package fuzz owns pctest's native Go fuzz targets and what they need: the
// properties each target checks, the slow models some of them check the
// codec against, the builder that turns fuzz bytes into UTF-16 with many
// lone surrogates, and the seed corpora under testdata/fuzz.
//
// The targets live in the package's _test.go files, one FuzzXxx function per
// target, so `go test ./fuzz` runs every seed (the vectors of the target's
// ops, added with F.Add, and the files under testdata/fuzz) as a unit test,
// and `go test -run='^$' -fuzz='^FuzzXxx$' ./fuzz` fuzzes one target. The
// campaign driver in fuzz/campaign runs them all in turn (`make fuzz`).
//
// The checks themselves are in ordinary (non-test) files and report a
// failure as an error. That is what lets OSS-Fuzz and ClusterFuzzLite build
// the targets: compile_native_go_fuzzer rewrites only the file that holds a
// target, replacing package testing with a shim, and compiles it without the
// package's other _test.go files. So a target file uses nothing from
// package testing but F, T and their Add, Fuzz, Helper and Fatal methods,
// and no target's name appears in any other file under fuzz/ (the build
// script finds a target's file with grep). fuzz/README.md tells how to run
// campaigns and how a failure becomes a vector; .clusterfuzzlite/build.sh
// names every target, and a test checks that it names exactly the targets
// there are.
//
// Nothing here is meant to be imported: the package exports no names.
package fuzz
