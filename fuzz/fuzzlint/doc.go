// Package fuzzlint checks the source of pctest's fuzz targets from the
// outside, without building them for a fuzzing engine:
//
//   - that .clusterfuzzlite/build.sh builds exactly the Fuzz functions of
//     the packages under fuzz/, each from its own package, and that
//     compile_native_go_fuzzer will find and rewrite each one (its name in
//     one file only, nothing of package testing used but F and T, test
//     files in the package they test);
//   - that each package builds with the flags of build.sh's coverage build
//     and lists every target build.sh names;
//   - that the test files of a package with targets link nothing into
//     its fuzzing binary that the targets do not need;
//   - that every op of vectors.Ops seeds at least one target;
//   - that build.sh writes the targets' seed corpora, and that the
//     ClusterFuzzLite workflows under .github/workflows are valid YAML,
//     switched off until configured, and run every mode with fuzz-seconds
//     set and the storage repository taken from one variable.
//
// It holds only tests. They live here, not in package fuzz, because what
// they import (go/parser, os/exec, …) would be linked into the targets'
// test binary, and the fuzzing engine scans the coverage counters of
// everything linked in after every execution: in package fuzz they cut
// the codec targets' speed by a third.
package fuzzlint
