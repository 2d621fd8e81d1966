package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"time"
)

// go118Module is go-118-fuzz-build, whose tool makes a target a C archive
// and whose testing shim takes package testing's place in the target.
const go118Module = "github.com/AdamKorcz/go-118-fuzz-build"

func cmdBuild(args []string) error {
	fs := newFlags("build")
	out := fs.String("out", defaultOut, "directory for the binaries, dictionaries and seed corpora")
	cc := fs.String("cc", "clang-14", "the clang that links with -fsanitize=fuzzer")
	version := fs.String("go118", "", "version of "+go118Module+" (required; the Makefile pins it)")
	tags := fs.String("tags", "", "extra build tags for the targets (comma-separated), e.g. a planted bug's")
	match := fs.String("match", "", "only the targets whose name or Fuzz function matches")
	fs.Parse(args)
	if *version == "" {
		return errors.New("build: -go118 VERSION is required (make fuzz-libfuzzer pins it)")
	}
	p, err := loadProject(*match)
	if err != nil {
		return err
	}
	dir, err := p.makeOutDir(*out)
	if err != nil {
		return err
	}
	if err := p.build(dir, *cc, *version, *tags); err != nil {
		return err
	}
	return p.writeSeedCorpora(dir)
}

// build builds every target into dir/<name>, with its dictionary beside
// it, in a throwaway copy of the tree.
func (p *project) build(dir, cc, version, tags string) error {
	work, err := os.MkdirTemp("", "pctest-libfuzzer-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(work)
	if err := p.copyTree(work); err != nil {
		return err
	}
	// As build.sh: the shim goes into the copy's go.mod only.
	if err := run(work, nil, "go", "get", go118Module+"/testing@"+version); err != nil {
		return err
	}
	bin := filepath.Join(dir, "bin")
	if err := run(work, []string{"GOBIN=" + bin}, "go", "install", go118Module+"@"+version); err != nil {
		return err
	}
	dict, err := os.ReadFile(filepath.Join(p.root, ".clusterfuzzlite", "percent.dict"))
	if err != nil {
		return err
	}
	tagList := "gofuzz"
	if tags != "" {
		tagList += "," + tags
	}
	for _, t := range p.targets {
		start := time.Now()
		pkgDir := filepath.Join(work, filepath.FromSlash(t.Pkg[len(p.mod):]))
		archive := filepath.Join(work, t.Name+".a")
		// compile_native_go_fuzzer: go-118-fuzz-build $tags -o $fuzzer.a
		// -func $function $abs_file_dir, then $CXX $CXXFLAGS
		// $LIB_FUZZING_ENGINE $fuzzer.a -o $OUT/$fuzzer.
		if err := run(work, nil, filepath.Join(bin, "go-118-fuzz-build"), "-tags", tagList, "-o", archive, "-func", t.Func, pkgDir); err != nil {
			return fmt.Errorf("%s (%s): %w", t.Name, t.Func, err)
		}
		if err := run(work, nil, cc, "-fsanitize=fuzzer", archive, "-lpthread", "-o", filepath.Join(dir, t.Name)); err != nil {
			return fmt.Errorf("%s (%s): linking: %w", t.Name, t.Func, err)
		}
		if err := os.WriteFile(filepath.Join(dir, t.Name+".dict"), dict, 0o644); err != nil {
			return err
		}
		fmt.Printf("built %s (%s) in %s\n", t.Name, t.Func, time.Since(start).Round(100*time.Millisecond))
	}
	return nil
}

// copyTree copies the files git knows of (tracked, and untracked but not
// ignored) from the module root to work.
func (p *project) copyTree(work string) error {
	cmd := exec.Command("git", "ls-files", "-z", "--cached", "--others", "--exclude-standard")
	cmd.Dir = p.root
	list, err := cmd.Output()
	if err != nil {
		return fmt.Errorf("listing the tree with git ls-files: %w", err)
	}
	for _, name := range bytes.Split(list, []byte{0}) {
		if len(name) == 0 {
			continue
		}
		if err := copyFile(filepath.Join(p.root, string(name)), filepath.Join(work, string(name))); err != nil {
			if os.IsNotExist(err) {
				continue // deleted in the working tree
			}
			return err
		}
	}
	return nil
}

func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	st, err := in.Stat()
	if err != nil || st.IsDir() {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	out, err := os.OpenFile(dst, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, st.Mode().Perm())
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// run runs a command in dir with extra environment, and returns an error
// holding its output if it fails.
func run(dir string, env []string, name string, args ...string) error {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		return fmt.Errorf("%s: %v\n%s", cmd, err, out)
	}
	return nil
}
