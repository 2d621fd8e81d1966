package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/pctest/pctest/fuzz/internal/fuzzinput"
	"github.com/pctest/pctest/fuzz/internal/lfbuild"
)

func cmdMerge(args []string) error {
	fs := newFlags("merge")
	out := fs.String("out", defaultOut, "directory that build wrote to (the target's binary and seed corpus)")
	name := fs.String("target", "", "the target (build.sh name or Fuzz function); required")
	fs.Parse(args)
	if *name == "" || fs.NArg() == 0 {
		return errors.New("merge: give -target NAME and at least one SOURCE (directory, file, zip, or gocache)")
	}
	p, err := loadProject("")
	if err != nil {
		return err
	}
	t, err := p.target(*name)
	if err != nil {
		return err
	}
	return p.merge(p.outDir(*out), t, fs.Args())
}

// merge merges the inputs of sources into the target's testdata/fuzz
// directory, keeping only those that libFuzzer's -merge=1 finds to add
// features to the seed corpus (the f.Add seeds and that directory).
func (p *project) merge(dir string, t lfbuild.Target, sources []string) error {
	bin := filepath.Join(dir, t.Name)
	if _, err := os.Stat(bin); err != nil {
		return fmt.Errorf("%s is not built (go run ./fuzz/libfuzzer build, or make fuzz-libfuzzer): %w", bin, err)
	}
	pkgDir, types, err := p.params(t)
	if err != nil {
		return err
	}
	work, err := os.MkdirTemp("", "pctest-merge-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(work)
	base, incoming := filepath.Join(work, "base"), filepath.Join(work, "new")
	for _, d := range []string{base, incoming} {
		if err := os.Mkdir(d, 0o755); err != nil {
			return err
		}
	}
	// The seed corpus as it is now, written fresh: the zip of an earlier
	// build may predate the last merge.
	seeds, err := p.seeds()
	if err != nil {
		return err
	}
	for i, s := range seeds[t.Func] {
		data, err := lfbuild.Encode(s.args)
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(base, fmt.Sprintf("base-%06d", i)), data, 0o644); err != nil {
			return err
		}
	}
	baseNames, err := names(base)
	if err != nil {
		return err
	}

	for i, src := range sources {
		if src == "gocache" {
			src, err = goCacheDir(t)
			if err != nil {
				return err
			}
		}
		inputs, err := readInputs([]string{src})
		if err != nil {
			return err
		}
		kept, skipped := 0, 0
		for j, in := range inputs {
			data := in.data
			if bytes.HasPrefix(data, []byte("go test fuzz v1\n")) {
				args, err := fuzzinput.ReadCorpusFile(data)
				if err != nil {
					return fmt.Errorf("%s: %w", in.name, err)
				}
				if data, err = lfbuild.Encode(args); err != nil {
					return fmt.Errorf("%s: %w", in.name, err)
				}
			} else if _, err := lfbuild.Decode(data, types); err != nil {
				skipped++ // the shim would not run the target on it
				continue
			}
			if err := os.WriteFile(filepath.Join(incoming, fmt.Sprintf("src%d-%06d", i, j)), data, 0o644); err != nil {
				return err
			}
			kept++
		}
		fmt.Printf("%s: %d inputs", src, kept)
		if skipped > 0 {
			fmt.Printf(" (%d skipped: too short for the target's arguments, the shim never runs them)", skipped)
		}
		fmt.Println()
	}

	cmd := exec.Command(bin, "-merge=1", "-artifact_prefix="+work+"/", base, incoming)
	logPath := filepath.Join(dir, "logs", t.Name+".merge.log")
	if err := os.MkdirAll(filepath.Dir(logPath), 0o755); err != nil {
		return err
	}
	outp, err := cmd.CombinedOutput()
	os.WriteFile(logPath, outp, 0o644)
	if err != nil {
		return fmt.Errorf("%s -merge=1: %v (log %s)", bin, err, logPath)
	}
	after, err := names(base)
	if err != nil {
		return err
	}
	target := filepath.Join(pkgDir, "testdata", "fuzz", t.Func)
	added, existed := 0, 0
	for n := range after {
		if baseNames[n] {
			continue
		}
		data, err := os.ReadFile(filepath.Join(base, n))
		if err != nil {
			return err
		}
		args, err := lfbuild.Decode(data, types)
		if err != nil {
			return fmt.Errorf("merged input %s: %w", n, err)
		}
		path, _, err := corpusFilePath(target, args)
		if err != nil {
			return err
		}
		if _, err := os.Stat(path); err == nil {
			existed++
			continue
		}
		if _, _, err := writeCorpusFile(target, args); err != nil {
			return err
		}
		added++
	}
	rel, _ := filepath.Rel(p.root, target)
	fmt.Printf("%s: -merge=1 kept %d new inputs beyond the seed corpus of %d; %d written to %s (%d were there)\n",
		t.Name, added+existed, len(baseNames), added, rel, existed)
	if added > 0 {
		fmt.Printf("go test runs them as seeds from now on (make test included), and build.sh puts them in %s_seed_corpus.zip; commit them to keep them\n", t.Name)
	}
	return nil
}

// corpusFilePath returns where writeCorpusFile would write args.
func corpusFilePath(dir string, args []any) (string, string, error) {
	data, err := fuzzinput.MarshalCorpusFile(args)
	if err != nil {
		return "", "", err
	}
	id := corpusID(data)
	return filepath.Join(dir, id), id, nil
}

func names(dir string) (map[string]bool, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	m := map[string]bool{}
	for _, e := range ents {
		m[e.Name()] = true
	}
	return m, nil
}

// goCacheDir returns the target's directory in go test -fuzz's cache.
func goCacheDir(t lfbuild.Target) (string, error) {
	out, err := exec.Command("go", "env", "GOCACHE").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOCACHE: %w", err)
	}
	dir := filepath.Join(strings.TrimSpace(string(out)), "fuzz", filepath.FromSlash(t.Pkg), t.Func)
	if _, err := os.Stat(dir); err != nil {
		return "", fmt.Errorf("gocache: %w (has go test -fuzz run this target here?)", err)
	}
	return dir, nil
}
