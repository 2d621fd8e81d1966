package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"
)

// An installer installs and builds the testee directories' needs, writing
// what every command printed to survey/work/install.log.
type installer struct {
	l   *layout
	log io.Writer
	mu  sync.Mutex // serializes writes to log
	// sudo prefixes apt-get when the survey does not run as root.
	sudo []string
}

// install installs the Debian packages of dirs (one apt-get install for
// all), runs npm ci where there is a package-lock.json and then each
// directory's build commands, parallel directories at once. It returns,
// for each directory that could not be installed, why; it writes the same
// to survey/work/install.json, where collect finds it.
func install(ctx context.Context, l *layout, dirs []*TesteeDir, parallel int, stderr io.Writer) (map[string]string, error) {
	f, err := os.Create(filepath.Join(l.work, "install.log"))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	in := &installer{l: l, log: f}
	if os.Geteuid() != 0 {
		in.sudo = []string{"sudo", "-n"}
	}
	failed := map[string]string{}
	start := time.Now()
	for dir, why := range in.apt(ctx, dirs, stderr) {
		failed[dir] = why
	}
	fmt.Fprintf(stderr, "survey: Debian packages: %v\n", time.Since(start).Round(time.Second))

	var mu sync.Mutex
	todo := make(chan *TesteeDir)
	var wg sync.WaitGroup
	for range max(parallel, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for d := range todo {
				if why := in.build(ctx, d); why != "" {
					mu.Lock()
					failed[d.Dir] = why
					mu.Unlock()
					fmt.Fprintf(stderr, "survey: %s: %s\n", d.Dir, why)
				}
			}
		}()
	}
	for _, d := range dirs {
		if failed[d.Dir] == "" && (len(d.Build) > 0 || d.npm(l.root)) {
			todo <- d
		}
	}
	close(todo)
	wg.Wait()
	fmt.Fprintf(stderr, "survey: installed and built %d testee directories in %v, %d failed (survey/work/install.log)\n",
		len(dirs), time.Since(start).Round(time.Second), len(failed))
	data, _ := json.MarshalIndent(failed, "", "  ")
	if err := os.WriteFile(filepath.Join(l.work, "install.json"), append(data, '\n'), 0o644); err != nil {
		return failed, err
	}
	return failed, recordPins(ctx, l, dirs)
}

// recordPins merges the installed versions of the pinned packages of dirs
// into survey/work/results/debian.json, which the report shows.
func recordPins(ctx context.Context, l *layout, dirs []*TesteeDir) error {
	name := filepath.Join(l.work, "results", "debian.json")
	all := map[string]string{}
	if data, err := os.ReadFile(name); err == nil {
		json.Unmarshal(data, &all)
	}
	maps.Copy(all, pinnedVersions(ctx, dirs))
	data, _ := json.MarshalIndent(all, "", "  ")
	return os.WriteFile(name, append(data, '\n'), 0o644)
}

// run runs argv in dir, logging its output, and returns an error that
// quotes the end of the output.
func (in *installer) run(ctx context.Context, dir string, argv ...string) error {
	ctx, cancel := context.WithTimeout(ctx, 20*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "DEBIAN_FRONTEND=noninteractive")
	cmd.WaitDelay = 10 * time.Second
	out, err := cmd.CombinedOutput()
	in.mu.Lock()
	fmt.Fprintf(in.log, "== %s (in %s)\n%s", strings.Join(argv, " "), dir, out)
	if err != nil {
		fmt.Fprintf(in.log, "== failed: %v\n", err)
	}
	in.mu.Unlock()
	if err != nil {
		last := strings.TrimSpace(string(out))
		if i := strings.LastIndexByte(last, '\n'); i >= 0 {
			last = last[i+1:]
		}
		if len(last) > 200 {
			last = last[:200] + "…"
		}
		return fmt.Errorf("%s: %v: %s", strings.Join(argv, " "), err, last)
	}
	return nil
}

// apt installs the pinned packages that are not installed at their
// version yet. When the one apt-get install of them all fails, each
// directory's packages are tried alone, so that the failure is charged to
// the directories whose packages cannot be had.
func (in *installer) apt(ctx context.Context, dirs []*TesteeDir, stderr io.Writer) map[string]string {
	failed := map[string]string{}
	var want []string
	need := map[string][]string{} // dir -> its packages not installed yet
	for _, d := range dirs {
		for _, p := range d.Apt {
			if pinInstalled(ctx, p) {
				continue
			}
			need[d.Dir] = append(need[d.Dir], p)
			if !slices.Contains(want, p) {
				want = append(want, p)
			}
		}
	}
	if len(want) == 0 {
		return nil
	}
	if _, err := exec.LookPath("apt-get"); err != nil {
		for dir, pkgs := range need {
			failed[dir] = "apt-get is not available to install " + strings.Join(pkgs, " ")
		}
		return failed
	}
	fmt.Fprintf(stderr, "survey: apt-get install %d packages\n", len(want))
	root := in.l.root
	if err := in.run(ctx, root, append(in.sudo, "apt-get", "update", "-q")...); err != nil {
		fmt.Fprintf(stderr, "survey: %v\n", err)
	}
	args := append(append(in.sudo, "apt-get", "install", "-y", "-q"), want...)
	if in.run(ctx, root, args...) == nil {
		return nil
	}
	for dir, pkgs := range need {
		if err := in.run(ctx, root, append(append(in.sudo, "apt-get", "install", "-y", "-q"), pkgs...)...); err != nil {
			failed[dir] = err.Error()
		}
	}
	return failed
}

// pinInstalled reports whether the Debian package pinned as "name=version"
// is installed at a version the pin takes (dpkg-query; the version may
// end in a '*' glob, as apt-get takes it).
func pinInstalled(ctx context.Context, pin string) bool {
	name, pattern, _ := strings.Cut(pin, "=")
	v := installedVersion(ctx, name)
	ok, _ := path.Match(pattern, v)
	return v != "" && ok
}

// installedVersion returns the installed version of a Debian package, or
// "" when it is not installed.
func installedVersion(ctx context.Context, name string) string {
	out, err := exec.CommandContext(ctx, "dpkg-query", "-W", "-f", "${Version} ${db:Status-Status}", name).Output()
	v, ok := strings.CutSuffix(string(out), " installed")
	if err != nil || !ok {
		return ""
	}
	return v
}

// securityUpdate matches a Debian version that a security or point
// update made (2.9.14+dfsg-1.3~deb12u6): the archive keeps only the
// newest, so a pin of it stops installing when the next one comes.
var securityUpdate = regexp.MustCompile(`[+~]deb[0-9]+u[0-9]+$`)

// checkPin checks an apt pin of testee.json: "name=version", where a
// version from a Debian update is pinned up to the update's number and a
// '*' ("1.7.2-3+deb12u*"), so that the pin stays installable; the survey
// records the exact version installed.
func checkPin(pin string) error {
	name, version, ok := strings.Cut(pin, "=")
	switch {
	case !ok || name == "" || version == "":
		return fmt.Errorf("apt package %q is not pinned as name=version", pin)
	case securityUpdate.MatchString(version):
		return fmt.Errorf("apt pin %q names one Debian update, which the archive drops when the next comes: pin %s*", pin, securityUpdate.ReplaceAllStringFunc(pin, func(s string) string {
			return s[:strings.LastIndexByte(s, 'u')+1]
		}))
	}
	if _, err := path.Match(version, ""); err != nil {
		return fmt.Errorf("apt pin %q: %v", pin, err)
	}
	return nil
}

// pinnedVersions returns the installed version of each package dirs pin,
// by pin, for the report (survey/work/results/debian.json).
func pinnedVersions(ctx context.Context, dirs []*TesteeDir) map[string]string {
	out := map[string]string{}
	for _, d := range dirs {
		for _, p := range d.Apt {
			name, _, _ := strings.Cut(p, "=")
			out[p] = installedVersion(ctx, name)
		}
	}
	return out
}

// build runs npm ci (when the directory has a package-lock.json) and the
// directory's build commands in a fresh build directory, and returns why
// it failed, or "".
func (in *installer) build(ctx context.Context, d *TesteeDir) string {
	dir := filepath.Join(in.l.root, d.Dir)
	out := in.l.out(d.Dir)
	if err := os.RemoveAll(out); err != nil {
		return err.Error()
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err.Error()
	}
	if d.npm(in.l.root) {
		if _, err := exec.LookPath("npm"); err != nil {
			return "npm is not installed"
		}
		if err := in.run(ctx, dir, "npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"); err != nil {
			return err.Error()
		}
	}
	for _, argv := range d.Build {
		argv = slices.Clone(argv)
		for i := range argv {
			argv[i] = in.l.expandDir(d.Dir, argv[i])
		}
		if err := in.run(ctx, dir, argv...); err != nil {
			return "build: " + err.Error()
		}
	}
	return ""
}
