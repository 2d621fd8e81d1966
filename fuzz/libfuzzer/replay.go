package main

import (
	"archive/zip"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/pctest/pctest/fuzz/internal/fuzzinput"
	"github.com/pctest/pctest/fuzz/internal/lfbuild"
)

func cmdReplay(args []string) error {
	fs := newFlags("replay")
	name := fs.String("target", "", "the target (build.sh name or Fuzz function); default: from the file's name")
	tags := fs.String("tags", "", "build tags for go test (those the crashing build had, e.g. a planted bug's)")
	fs.Parse(args)
	if fs.NArg() == 0 {
		return errors.New("replay: give a crash file (or a ClusterFuzzLite artifact zip)")
	}
	p, err := loadProject("")
	if err != nil {
		return err
	}
	inputs, err := readInputs(fs.Args())
	if err != nil {
		return err
	}
	reproduced := 0
	for _, in := range inputs {
		t, err := p.targetOf(*name, in.name)
		if err != nil {
			return err
		}
		ok, err := p.replay(t, in, *tags)
		if err != nil {
			return err
		}
		if ok {
			reproduced++
		}
	}
	if reproduced < len(inputs) {
		return fmt.Errorf("%d of %d inputs did not fail under go test", len(inputs)-reproduced, len(inputs))
	}
	return nil
}

// An input is one libFuzzer input: its name (a path, or zip:entry) and bytes.
type input struct {
	name string
	data []byte
}

// readInputs reads files and directories of inputs; a zip file (a
// ClusterFuzzLite artifact or corpus as GitHub serves it for download)
// counts as the directory of its files.
func readInputs(paths []string) ([]input, error) {
	var out []input
	for _, path := range paths {
		st, err := os.Stat(path)
		if err != nil {
			return nil, err
		}
		if st.IsDir() {
			ents, err := os.ReadDir(path)
			if err != nil {
				return nil, err
			}
			var sub []string
			for _, e := range ents {
				if !e.IsDir() {
					sub = append(sub, filepath.Join(path, e.Name()))
				}
			}
			in, err := readInputs(sub)
			if err != nil {
				return nil, err
			}
			out = append(out, in...)
			continue
		}
		if strings.HasSuffix(path, ".zip") {
			zr, err := zip.OpenReader(path)
			if err != nil {
				return nil, err
			}
			for _, f := range zr.File {
				if f.FileInfo().IsDir() || strings.HasSuffix(f.Name, ".summary") {
					continue
				}
				data, err := readZipFile(f)
				if err != nil {
					zr.Close()
					return nil, fmt.Errorf("%s: %s: %w", path, f.Name, err)
				}
				out = append(out, input{name: path + ":" + f.Name, data: data})
			}
			zr.Close()
			continue
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		out = append(out, input{name: path, data: data})
	}
	return out, nil
}

// targetOf returns the target named by flag, or else the one whose name
// starts the base name of the input, followed by '-' (run's
// <name>-crash-<sha1>, ClusterFuzzLite's <name>-<sanitizer>-crash-<sha1>),
// or names a directory of its path (run's corpus/<name>/).
func (p *project) targetOf(flag, inputName string) (lfbuild.Target, error) {
	if flag != "" {
		return p.target(flag)
	}
	path := filepath.ToSlash(strings.ReplaceAll(inputName, ":", "/"))
	parts := strings.Split(path, "/")
	base := parts[len(parts)-1]
	var best lfbuild.Target
	for _, t := range p.targets {
		if strings.HasPrefix(base, t.Name+"-") && len(t.Name) > len(best.Name) {
			best = t
		}
	}
	if best.Name != "" {
		return best, nil
	}
	for i := len(parts) - 2; i >= 0; i-- {
		if t, err := p.target(parts[i]); err == nil {
			return t, nil
		}
	}
	return lfbuild.Target{}, fmt.Errorf("%s: cannot tell its target from its name; give -target (one of the names in %s)", inputName, lfbuild.BuildshPath)
}

// replay writes the input as a go test corpus file of the target and runs
// it with go test; it reports whether go test failed on it.
func (p *project) replay(t lfbuild.Target, in input, tags string) (bool, error) {
	dir, types, err := p.params(t)
	if err != nil {
		return false, err
	}
	args, err := lfbuild.Decode(in.data, types)
	if err != nil {
		return false, fmt.Errorf("%s: %w", in.name, err)
	}
	file, id, err := writeCorpusFile(filepath.Join(dir, "testdata", "fuzz", t.Func), args)
	if err != nil {
		return false, err
	}
	rel, _ := filepath.Rel(p.root, file)
	fmt.Printf("%s: target %s (%s); arguments %s\nwrote %s\n", in.name, t.Name, t.Func, showArgs(args), rel)
	goArgs := []string{"test"}
	if tags != "" {
		goArgs = append(goArgs, "-tags", tags)
	}
	goArgs = append(goArgs, "-count=1", "-run", "^"+t.Func+"/"+id+"$", "-v", t.Pkg)
	fmt.Printf("$ go %s\n", strings.Join(goArgs, " "))
	cmd := exec.Command("go", goArgs...)
	cmd.Dir = p.root
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	err = cmd.Run()
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		fmt.Printf("reproduced: go test fails on %s; keep it as a regression test and turn it into a vector (fuzz/README.md, \"When a target fails\")\n\n", rel)
		return true, nil
	case err != nil:
		return false, err
	}
	if err := os.Remove(file); err != nil {
		return false, err
	}
	os.Remove(filepath.Dir(file)) // if it was the only one
	fmt.Printf("not reproduced: go test passes on it (fixed, or a failure of the libFuzzer build only); removed %s\n\n", rel)
	return false, nil
}

// writeCorpusFile writes args as a go test corpus file in dir, named as go
// test names its files (the first 16 hex digits of the SHA-256 of the
// contents), and returns its path and name.
func writeCorpusFile(dir string, args []any) (path, id string, err error) {
	data, err := fuzzinput.MarshalCorpusFile(args)
	if err != nil {
		return "", "", err
	}
	id = corpusID(data)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", "", err
	}
	path = filepath.Join(dir, id)
	return path, id, os.WriteFile(path, data, 0o644)
}

// corpusID names a go test corpus file as go test does: the first 16 hex
// digits of the SHA-256 of its contents.
func corpusID(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])[:16]
}

// showArgs writes arguments as Go literals.
func showArgs(args []any) string {
	var s []string
	for _, a := range args {
		switch a := a.(type) {
		case []byte:
			s = append(s, fmt.Sprintf("[]byte(%q)", a))
		case string:
			s = append(s, fmt.Sprintf("%q", a))
		default:
			s = append(s, fmt.Sprintf("%#v", a))
		}
	}
	return strings.Join(s, ", ")
}
