package fuzzlint

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/goccy/go-yaml"
)

// The ClusterFuzzLite workflows (.github/workflows/cflite_*.yml) cannot run
// here. TestWorkflows checks them offline: each is valid YAML with a name,
// triggers and jobs; each job is off unless the repository variable
// CLUSTERFUZZLITE is "on"; its ClusterFuzzLite steps use a pinned release
// of the actions, build for Go, and run in a known mode with fuzz-seconds
// set; together they cover the four modes (code-change on pull requests,
// batch on a schedule, prune, coverage); every storage-repo is built from
// the one variable CFLITE_STORAGE_REPO; and every path a trigger filters on
// matches a file of the tree. The workflows name no target: ClusterFuzzLite
// runs every fuzzer .clusterfuzzlite/build.sh builds, and the tests of
// buildsh_test.go check that build.sh names exactly the targets there are.

// cfliteModes are run_fuzzers' modes, with the sanitizer each needs.
var cfliteModes = map[string]string{
	"code-change": "address", "batch": "address", "prune": "address", "coverage": "coverage",
}

const (
	cfliteSwitch  = "vars.CLUSTERFUZZLITE == 'on'"
	cfliteStorage = "${{ vars.CFLITE_STORAGE_REPO != '' && format('https://{0}@github.com/{1}.git', secrets.CFLITE_STORAGE_TOKEN, vars.CFLITE_STORAGE_REPO) || '' }}"
)

func TestWorkflows(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "..", ".github", "workflows", "cflite_*.yml"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no .github/workflows/cflite_*.yml")
	}
	modes := map[string]string{} // mode -> file
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range checkWorkflow(data, modes, file) {
			t.Errorf("%s: %s", file, e)
		}
	}
	for mode := range cfliteModes {
		if modes[mode] == "" {
			t.Errorf("no workflow runs ClusterFuzzLite in mode %s", mode)
		}
	}
	if f := modes["code-change"]; f != "" && !strings.Contains(f, "pr") {
		t.Errorf("code-change fuzzing is in %s; it belongs to the pull-request workflow", f)
	}
}

// checkWorkflow returns what is wrong with one workflow file, and notes the
// modes it runs in modes.
func checkWorkflow(data []byte, modes map[string]string, file string) []string {
	var wf struct {
		Name        string         `yaml:"name"`
		On          map[string]any `yaml:"on"`
		Permissions any            `yaml:"permissions"`
		Env         map[string]any `yaml:"env"`
		Jobs        map[string]struct {
			Name        string `yaml:"name"`
			If          string `yaml:"if"`
			RunsOn      string `yaml:"runs-on"`
			Concurrency any    `yaml:"concurrency"`
			Permissions any    `yaml:"permissions"`
			Steps       []struct {
				Name string         `yaml:"name"`
				ID   string         `yaml:"id"`
				If   string         `yaml:"if"`
				Uses string         `yaml:"uses"`
				Run  string         `yaml:"run"`
				With map[string]any `yaml:"with"`
			} `yaml:"steps"`
		} `yaml:"jobs"`
	}
	if err := yaml.UnmarshalWithOptions(data, &wf, yaml.Strict()); err != nil {
		return []string{"not valid YAML for a workflow:\n" + yaml.FormatError(err, false, true)}
	}
	var errs []string
	bad := func(format string, args ...any) { errs = append(errs, fmt.Sprintf(format, args...)) }
	if wf.Name == "" || len(wf.On) == 0 || len(wf.Jobs) == 0 {
		bad("wants name, on and jobs")
	}
	for trigger, v := range wf.On {
		m, _ := v.(map[string]any)
		paths, _ := m["paths"].([]any)
		for _, p := range paths {
			if s, _ := p.(string); !globMatchesFile(s) {
				bad("on.%s.paths: %q matches no file of the tree", trigger, p)
			}
		}
	}
	for name, job := range wf.Jobs {
		if !strings.Contains(job.If, cfliteSwitch) {
			bad("job %s: wants if: %s (off until switched on)", name, cfliteSwitch)
		}
		if job.RunsOn == "" {
			bad("job %s: no runs-on", name)
		}
		built := ""
		for i, step := range job.Steps {
			action, ref, _ := strings.Cut(step.Uses, "@")
			if !strings.HasPrefix(action, "google/clusterfuzzlite/actions/") {
				continue
			}
			if ref == "" {
				bad("job %s step %d: %s is not pinned to a release", name, i, action)
			}
			switch strings.TrimPrefix(action, "google/clusterfuzzlite/actions/") {
			case "build_fuzzers":
				if step.With["language"] != "go" {
					bad("job %s step %d: build_fuzzers wants language: go", name, i)
				}
				built, _ = step.With["sanitizer"].(string)
			case "run_fuzzers":
				mode, _ := step.With["mode"].(string)
				want, ok := cfliteModes[mode]
				if !ok {
					bad("job %s step %d: run_fuzzers mode %q is none of code-change, batch, prune, coverage", name, i, mode)
				}
				modes[mode] = file
				if secs, ok := step.With["fuzz-seconds"].(uint64); !ok || secs == 0 {
					bad("job %s step %d: run_fuzzers wants fuzz-seconds, a whole number above 0 (have %v)", name, i, step.With["fuzz-seconds"])
				}
				if s := step.With["sanitizer"]; s != want || built != want {
					bad("job %s step %d: mode %s wants sanitizer %s in build_fuzzers (before it) and run_fuzzers, have %q and %v", name, i, mode, want, built, s)
				}
				repo, hasRepo := step.With["storage-repo"]
				switch {
				case hasRepo && repo != cfliteStorage:
					bad("job %s step %d: storage-repo must be built from the one variable CFLITE_STORAGE_REPO: %s", name, i, cfliteStorage)
				case !hasRepo && mode != "code-change":
					bad("job %s step %d: mode %s keeps corpora: wants storage-repo: %s", name, i, mode, cfliteStorage)
				}
				if mode == "prune" || mode == "coverage" {
					if !strings.Contains(job.If, "vars.CFLITE_STORAGE_REPO != ''") {
						bad("job %s: mode %s needs the storage repository; wants %q in its if", name, mode, "vars.CFLITE_STORAGE_REPO != ''")
					}
				}
			default:
				bad("job %s step %d: unknown action %s", name, i, action)
			}
		}
	}
	return errs
}

// globMatchesFile reports whether a workflow path filter ('**' any path,
// '*' any name part) matches a file of the tree (from ../..).
func globMatchesFile(glob string) bool {
	var re strings.Builder
	re.WriteString("^")
	for i := 0; i < len(glob); i++ {
		switch {
		case strings.HasPrefix(glob[i:], "**"):
			re.WriteString(".*")
			i++
		case glob[i] == '*':
			re.WriteString("[^/]*")
		default:
			re.WriteString(regexp.QuoteMeta(glob[i : i+1]))
		}
	}
	match := regexp.MustCompile(re.String() + "$")
	root := filepath.Join("..", "..")
	found := false
	filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || found {
			return filepath.SkipAll
		}
		if d.IsDir() && (d.Name() == ".git" || d.Name() == "node_modules" || d.Name() == "work") {
			return filepath.SkipDir
		}
		rel, _ := filepath.Rel(root, path)
		if !d.IsDir() && match.MatchString(filepath.ToSlash(rel)) {
			found = true
		}
		return nil
	})
	return found
}

// TestWorkflowCheck checks that checkWorkflow finds what it should.
func TestWorkflowCheck(t *testing.T) {
	good := `name: x
on:
  pull_request:
    paths: ['**.go']
jobs:
  PR:
    if: vars.CLUSTERFUZZLITE == 'on'
    runs-on: ubuntu-latest
    steps:
      - uses: google/clusterfuzzlite/actions/build_fuzzers@v1
        with: {language: go, sanitizer: address}
      - uses: google/clusterfuzzlite/actions/run_fuzzers@v1
        with: {fuzz-seconds: 600, mode: code-change, sanitizer: address}
`
	if errs := checkWorkflow([]byte(good), map[string]string{}, "pr"); len(errs) != 0 {
		t.Errorf("a good workflow: %q", errs)
	}
	for _, c := range []struct{ old, new, want string }{
		{"fuzz-seconds: 600, ", "", "fuzz-seconds"},
		{"fuzz-seconds: 600", "fuzz-seconds: ten", "fuzz-seconds"},
		{"mode: code-change", "mode: fast", "mode"},
		{"language: go", "language: c++", "language: go"},
		{"    if: vars.CLUSTERFUZZLITE == 'on'\n", "", "switched on"},
		{"@v1\n        with: {fuzz", "\n        with: {fuzz", "pinned"},
		{"'**.go'", "'**.no-such-extension'", "matches no file"},
		{"mode: code-change", "mode: batch", "storage-repo"},
		{"    steps:", "  steps:", "YAML"},
		{"    runs-on:", "    runs_on:", "YAML"},
	} {
		bad := strings.Replace(good, c.old, c.new, 1)
		if bad == good {
			t.Fatalf("%q is not in the good workflow", c.old)
		}
		errs := checkWorkflow([]byte(bad), map[string]string{}, "pr")
		if !strings.Contains(strings.Join(errs, "\n"), c.want) {
			t.Errorf("with %q for %q: errors %q, want one about %s", c.new, c.old, errs, c.want)
		}
	}
}
