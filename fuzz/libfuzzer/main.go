// Command libfuzzer builds pctest's fuzz targets with the real libFuzzer,
// as ClusterFuzzLite and OSS-Fuzz do, runs them, and brings what they find
// back to go test. `make fuzz-libfuzzer` runs its build and run steps.
//
//	go run ./fuzz/libfuzzer seeds  [-out DIR]
//	go run ./fuzz/libfuzzer build  [-out DIR] [-cc clang-14] [-go118 VERSION] [-tags TAGS] [-match RE]
//	go run ./fuzz/libfuzzer run    [-out DIR] [-time 10s] [-fork 2] [-match RE] [-- libFuzzer flags]
//	go run ./fuzz/libfuzzer replay [-target NAME] [-tags TAGS] FILE...
//	go run ./fuzz/libfuzzer merge  [-out DIR] -target NAME SOURCE...
//
// seeds writes <name>_seed_corpus.zip for every target of
// .clusterfuzzlite/build.sh: the f.Add seeds of the target (every vector of
// its ops) and the files of its testdata/fuzz directory, each encoded as
// go-118-fuzz-build's shim reads its arguments (see package lfbuild).
// build.sh runs it into $OUT, so every engine starts where go test starts.
//
// build makes every target a libFuzzer binary the way
// compile_native_go_fuzzer does: in a throwaway copy of the tree,
// go-118-fuzz-build (at -go118) turns the target into a C archive, which
// -cc links with -fsanitize=fuzzer. Beside each binary go its dictionary
// (<name>.dict) and its seed corpus.
//
// run fuzzes each target for -time with -fork jobs, from its corpus
// directory (kept in DIR/corpus/<name> between runs) and its seed corpus,
// with its dictionary, and prints one table: executions, execs/s, corpus
// size and libFuzzer's cov: and ft: at the start and the end, and crashes.
// A crash is written to DIR/crashes/<name>-crash-<sha1>; run exits 1 if
// any target crashed.
//
// replay turns a libFuzzer input (a crash file of run, or the crash
// artifact of ClusterFuzzLite, a file named <name>-<sanitizer>-crash-...,
// or the zip it is downloaded as) into a go test corpus file under the
// target's testdata/fuzz/<Fuzz function>/ and runs it with go test (and
// removes it again if go test passes): the
// path of the fuzz README's "When a target fails". The target comes from
// -target, or from the file's name.
//
// merge adds to the target's testdata/fuzz directory (go test's seed
// corpus, which the libFuzzer seed corpus includes) the inputs of a
// campaign that widen coverage beyond the seed corpus, de-duplicated and
// minimised by libFuzzer's -merge=1. A SOURCE is a directory or a file of
// libFuzzer inputs, a ClusterFuzzLite corpus zip, a directory of go test
// corpus files, or "gocache" for the target's directory in go test
// -fuzz's cache. It needs the binary of build.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"

	"github.com/pctest/pctest/fuzz/internal/lfbuild"
)

// defaultOut is where build puts the binaries and run its corpora and
// crashes, relative to the module root (ignored by git).
const defaultOut = ".libfuzzer"

func main() {
	if len(os.Args) < 2 {
		usage()
	}
	var err error
	switch cmd, args := os.Args[1], os.Args[2:]; cmd {
	case "seeds":
		err = cmdSeeds(args)
	case "build":
		err = cmdBuild(args)
	case "run":
		err = cmdRun(args)
	case "replay":
		err = cmdReplay(args)
	case "merge":
		err = cmdMerge(args)
	default:
		usage()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "libfuzzer:", err)
		if e, ok := err.(exitError); ok {
			os.Exit(int(e))
		}
		os.Exit(1)
	}
}

func usage() {
	fmt.Fprintln(os.Stderr, "usage: go run ./fuzz/libfuzzer seeds|build|run|replay|merge [flags] (see go doc ./fuzz/libfuzzer)")
	os.Exit(2)
}

// exitError is an exit status to leave with, after the command has said why.
type exitError int

func (e exitError) Error() string { return fmt.Sprintf("exit status %d", int(e)) }

// project is the module and the targets of its build.sh.
type project struct {
	root, mod string
	targets   []lfbuild.Target
}

// loadProject finds the module from the working directory and reads its
// build.sh, keeping the targets whose name or Fuzz function match (all if
// match is empty).
func loadProject(match string) (*project, error) {
	root, mod, err := lfbuild.Module(".")
	if err != nil {
		return nil, err
	}
	targets, err := lfbuild.ReadBuildsh(filepath.Join(root, lfbuild.BuildshPath))
	if err != nil {
		return nil, err
	}
	if match != "" {
		re, err := regexp.Compile(match)
		if err != nil {
			return nil, fmt.Errorf("-match: %w", err)
		}
		var keep []lfbuild.Target
		for _, t := range targets {
			if re.MatchString(t.Name) || re.MatchString(t.Func) {
				keep = append(keep, t)
			}
		}
		if len(keep) == 0 {
			return nil, fmt.Errorf("-match %q: no target of %s matches", match, lfbuild.BuildshPath)
		}
		targets = keep
	}
	return &project{root: root, mod: mod, targets: targets}, nil
}

// target returns the target of build.sh with the given name (or Fuzz
// function).
func (p *project) target(name string) (lfbuild.Target, error) {
	for _, t := range p.targets {
		if t.Name == name || t.Func == name {
			return t, nil
		}
	}
	return lfbuild.Target{}, fmt.Errorf("no target %q in %s", name, lfbuild.BuildshPath)
}

// outDir resolves -out: relative to the module root.
func (p *project) outDir(out string) string {
	if filepath.IsAbs(out) {
		return out
	}
	return filepath.Join(p.root, out)
}

// makeOutDir resolves -out as outDir does and creates the directory.
func (p *project) makeOutDir(out string) (string, error) {
	dir := p.outDir(out)
	return dir, os.MkdirAll(dir, 0o755)
}

// params returns the directory of t's package and its F.Fuzz parameters.
func (p *project) params(t lfbuild.Target) (dir string, types []string, err error) {
	dir, err = lfbuild.PkgDir(p.root, p.mod, t.Pkg)
	if err != nil {
		return "", nil, err
	}
	types, _, err = lfbuild.Params(dir, t.Func)
	return dir, types, err
}

func newFlags(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ExitOnError)
	return fs
}
