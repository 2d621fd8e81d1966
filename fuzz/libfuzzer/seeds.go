package main

import (
	"archive/zip"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/pctest/pctest/fuzz/internal/fuzzinput"
	"github.com/pctest/pctest/fuzz/internal/lfbuild"
)

func cmdSeeds(args []string) error {
	fs := newFlags("seeds")
	out := fs.String("out", defaultOut, "directory to write <name>_seed_corpus.zip to")
	match := fs.String("match", "", "only the targets whose name or Fuzz function matches")
	fs.Parse(args)
	p, err := loadProject(*match)
	if err != nil {
		return err
	}
	dir, err := p.makeOutDir(*out)
	if err != nil {
		return err
	}
	return p.writeSeedCorpora(dir)
}

// A seed is one input of a target's seed corpus: its arguments, and where
// they come from.
type seed struct {
	name string // entry name in the zip
	args []any
}

// writeSeedCorpora writes dir/<name>_seed_corpus.zip for every target.
func (p *project) writeSeedCorpora(dir string) error {
	seeds, err := p.seeds()
	if err != nil {
		return err
	}
	for _, t := range p.targets {
		n, err := writeSeedZip(filepath.Join(dir, t.Name+"_seed_corpus.zip"), seeds[t.Func])
		if err != nil {
			return fmt.Errorf("%s: %w", t.Name, err)
		}
		fmt.Printf("%s_seed_corpus.zip: %d inputs\n", t.Name, n)
	}
	return nil
}

// seeds returns the seed corpus of every target, by Fuzz function: the
// seeds its f.Add calls add, read by running the target's seeds with go
// test and PCTEST_SEED_DUMP set (fuzzinput.SeedDumpEnv), then the files of
// its testdata/fuzz/<Fuzz function>/ directory, as go test takes them.
func (p *project) seeds() (map[string][]seed, error) {
	dump, err := os.MkdirTemp("", "pctest-seeds-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dump)
	byPkg := map[string][]string{}
	var pkgs []string
	for _, t := range p.targets {
		if byPkg[t.Pkg] == nil {
			pkgs = append(pkgs, t.Pkg)
		}
		byPkg[t.Pkg] = append(byPkg[t.Pkg], t.Func)
	}
	for _, pkg := range pkgs {
		cmd := exec.Command("go", "test", "-count=1", "-run", "^("+strings.Join(byPkg[pkg], "|")+")$", pkg)
		cmd.Dir = p.root
		cmd.Env = append(os.Environ(), fuzzinput.SeedDumpEnv+"="+dump)
		if out, err := cmd.CombinedOutput(); err != nil {
			return nil, fmt.Errorf("running the seeds of %s: %v\n%s", pkg, err, out)
		}
	}
	all := map[string][]seed{}
	for _, t := range p.targets {
		added, err := readSeedDir(filepath.Join(dump, t.Func), "seed-")
		if err != nil {
			return nil, fmt.Errorf("%s: the seeds its f.Add calls add: %w", t.Func, err)
		}
		if len(added) == 0 {
			return nil, fmt.Errorf("%s added no seed with PCTEST_SEED_DUMP set; does it seed with fuzzinput's Seed functions?", t.Func)
		}
		dir, err := lfbuild.PkgDir(p.root, p.mod, t.Pkg)
		if err != nil {
			return nil, err
		}
		kept, err := readSeedDir(filepath.Join(dir, "testdata", "fuzz", t.Func), "testdata-")
		if err != nil && !os.IsNotExist(err) {
			return nil, fmt.Errorf("%s: %w", t.Func, err)
		}
		all[t.Func] = append(added, kept...)
	}
	return all, nil
}

// readSeedDir reads the go test corpus files of dir, in name order, and
// names each prefix + its file name.
func readSeedDir(dir, prefix string) ([]seed, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var out []seed
	for _, e := range ents {
		if e.IsDir() {
			continue
		}
		path := filepath.Join(dir, e.Name())
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		args, err := fuzzinput.ReadCorpusFile(data)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		out = append(out, seed{name: prefix + e.Name(), args: args})
	}
	return out, nil
}

// writeSeedZip writes the seeds, encoded for the shim, as the zip file at
// path, and returns how many it wrote.
func writeSeedZip(path string, seeds []seed) (int, error) {
	f, err := os.Create(path)
	if err != nil {
		return 0, err
	}
	zw := zip.NewWriter(f)
	for _, s := range seeds {
		data, err := lfbuild.Encode(s.args)
		if err != nil {
			f.Close()
			return 0, fmt.Errorf("%s: %w", s.name, err)
		}
		w, err := zw.Create(s.name)
		if err == nil {
			_, err = w.Write(data)
		}
		if err != nil {
			f.Close()
			return 0, err
		}
	}
	if err := zw.Close(); err != nil {
		f.Close()
		return 0, err
	}
	return len(seeds), f.Close()
}
