// Package codecfuzz holds pctest's native Go fuzz targets for the reference
// codec and their seed corpora under testdata/fuzz. What each target checks
// (the properties, the slow models some of them check the codec against,
// the differential checks against net/url) is in
// fuzz/codecfuzz/internal/codeccheck. The differential against goja is in
// fuzz/gojadiff, the building of inputs and seeds shared by both in
// fuzz/internal/fuzzinput, the checks of the targets' source (build.sh,
// seeds) in fuzz/fuzzlint, and the campaign driver behind `make fuzz` in
// fuzz/campaign.
//
// The targets live in the package's _test.go files, one FuzzXxx function
// per target, so `go test ./fuzz/codecfuzz` runs every seed (the vectors of
// the target's ops, added with F.Add, and the files under testdata/fuzz) as
// a unit test, and `go test -run='^$' -fuzz=<target> ./fuzz/codecfuzz`
// fuzzes one.
//
// The checks themselves are ordinary (non-test) code and report a failure
// as an error. That is what lets OSS-Fuzz and ClusterFuzzLite build the
// targets: compile_native_go_fuzzer compiles a target's file alone, renamed
// to a non-test file and with package testing swapped for a shim. So a
// target file uses nothing from package testing but F and T, and no
// target's name appears in any other file under fuzz/ (the build script
// finds a target's file with grep). .clusterfuzzlite/build.sh names every
// target, and fuzz/fuzzlint checks that it names exactly the targets there
// are and that each builds as the script builds it.
//
// The checks are in a package of their own so that their tests, and what
// those import (rapid), stay out of this package's test binary, the one go
// test -fuzz builds: it instruments every package linked in, and each
// execution snapshots every coverage counter (codeccheck's doc comment has
// the numbers). fuzz/README.md tells how to run campaigns, how a failure
// becomes a vector, and how to run the targets in ClusterFuzzLite and
// OSS-Fuzz.
//
// Nothing here is meant to be imported: the package exports no names.
package codecfuzz
