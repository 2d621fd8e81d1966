// Package lfbuild knows how pctest's fuzz targets are built for libFuzzer
// (ClusterFuzzLite, OSS-Fuzz, `make fuzz-libfuzzer`): the targets that
// .clusterfuzzlite/build.sh names (ReadBuildsh), the parameters of each
// target's fuzz function (Params), and the bytes that go-118-fuzz-build's
// testing shim turns into those arguments (Decode, Encode).
//
// go-118-fuzz-build links a target's fuzz function with a shim of package
// testing whose F.Fuzz reads each argument from libFuzzer's input with
// go-fuzz-headers (github.com/AdaLogics/go-fuzz-headers, ConsumeFuzzer):
// a libFuzzer input file is therefore not a go test corpus file, and a seed
// of f.Add (which the shim ignores) has to be encoded to reach libFuzzer.
// Decode mirrors the shim of the version pinned in the Makefile
// (GO118FUZZBUILD) for the argument types the targets take: byte, []byte
// and string.
//
// It is not linked into the targets: only the tools under fuzz/libfuzzer
// and the tests use it.
package lfbuild
