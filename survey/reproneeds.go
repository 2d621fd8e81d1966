package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/pctest/pctest/internal/testenv"
)

// reproUses works out what a bug's reproduction uses beyond Go, in the
// form its "needs" declare (testenv.Parse, with argv's placeholders): the
// programs its argv and its sh -c script run, the pkg-config modules, C
// libraries (-l), include directories (-I) and class paths (-cp) they
// name, the files of {dir} and {out} that an install step makes, and the
// modules the program imports, for the runtimes that can be asked
// (python3, perl, ruby, tclsh; node's packages are files under {dir}).
// file is the program's path.
func reproUses(argv []string, file string) ([]string, error) {
	uses := map[string]bool{}
	add := func(kind, name string) { uses[kind+":"+name] = true }
	var runtime string
	if len(argv) >= 3 && argv[0] == "sh" && argv[1] == "-c" {
		add("command", "sh")
		runtime = shellUses(argv[2], add)
	} else {
		runtime = wordsUses(argv, add)
	}
	src, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	re := importRE[runtime]
	if re == nil {
		return sortedKeys(uses), nil
	}
	for _, m := range re.FindAllSubmatch(src, -1) {
		var list string
		for _, g := range m[1:] {
			if len(g) > 0 {
				list = string(g)
				break
			}
		}
		for _, name := range strings.Split(list, ",") {
			name = strings.TrimSpace(name)
			switch {
			case name == "":
			case runtime == "perl" && !(name[0] >= 'A' && name[0] <= 'Z'):
				// a pragma (strict, utf8, warnings)
			case runtime == "node":
				if !strings.HasPrefix(name, ".") && !strings.HasPrefix(name, "node:") && !nodeBuiltins[name] {
					add("file", "{dir}/node_modules/"+name)
				}
			default:
				add("module:"+runtime, name)
			}
		}
	}
	return sortedKeys(uses), nil
}

func sortedKeys(m map[string]bool) []string {
	return slices.Sorted(func(yield func(string) bool) {
		for u := range m {
			if !yield(u) {
				return
			}
		}
	})
}

// importRE finds what a program of each runtime imports (the module's
// name is the first group).
var importRE = map[string]*regexp.Regexp{
	"python3": regexp.MustCompile(`(?m)^\s*(?:from\s+([\w.]+)\s+import|import\s+([\w.]+(?:\s*,\s*[\w.]+)*))`),
	"perl":    regexp.MustCompile(`(?m)^\s*use\s+([\w:]+)`),
	"ruby":    regexp.MustCompile(`(?m)^\s*require\s*\(?\s*['"]([^'"]+)['"]`),
	"tclsh":   regexp.MustCompile(`(?m)^\s*package\s+require\s+([\w:]+)`),
	"node":    regexp.MustCompile(`require\(\s*['"]([^'"]+)['"]\s*\)|(?m)^\s*import\s[^'"]*['"]([^'"]+)['"]`),
}

// nodeBuiltins are node's modules that need no install.
var nodeBuiltins = map[string]bool{"querystring": true, "url": true, "util": true, "buffer": true, "assert": true, "fs": true, "path": true}

// wordsUses adds what one command's words use, and returns the runtime
// that runs the program ({file}), if any.
func wordsUses(words []string, add func(kind, name string)) string {
	if len(words) == 0 {
		return ""
	}
	cmd := words[0]
	runtime := ""
	switch {
	case strings.Contains(cmd, "$") || strings.HasPrefix(cmd, "{out}/") && builtHere(cmd):
		// a program the script itself builds
	case strings.HasPrefix(cmd, "{out}/") || strings.HasPrefix(cmd, "{dir}/"):
		add("file", cmd) // made by the survey's install step
	case shellBuiltins[cmd]:
	default:
		add("command", cmd)
		runtime = filepath.Base(cmd)
	}
	for i := 1; i < len(words); i++ {
		w := words[i]
		switch {
		case (w == "-cp" || w == "-classpath") && i+1 < len(words):
			i++
			for _, jar := range strings.Split(words[i], ":") {
				add("file", jar)
			}
		case strings.HasPrefix(w, "-l") && len(w) > 2:
			add("c-lib", w[2:])
		case strings.HasPrefix(w, "-I") && len(w) > 2:
			add("file", w[2:])
		case strings.HasPrefix(w, "{dir}/") || strings.HasPrefix(w, "/"):
			add("file", w)
		}
	}
	if runtime == "java" && slices.Contains(words, "clojure.main") {
		runtime = "clojure"
	}
	return runtime
}

// builtHere reports whether a {out} program is one a script's compiler
// writes (its name starts with repro).
func builtHere(cmd string) bool { return strings.Contains(filepath.Base(cmd), "repro") }

// shellBuiltins are the shell's own words and the few utilities every
// POSIX system has, which a reproduction's script may use without
// declaring them.
var shellBuiltins = map[string]bool{"exit": true, "cd": true, "rm": true, "mktemp": true, "echo": true, "test": true, "[": true, "printf": true}

// shellUses adds what an sh -c script uses: each simple command of its
// lists and pipelines, and the pkg-config modules of $(pkg-config ...).
// It returns the runtime that runs the program, if a command of the
// script is given {file} to run.
func shellUses(script string, add func(kind, name string)) string {
	for _, m := range pkgConfigRE.FindAllStringSubmatch(script, -1) {
		add("command", "pkg-config")
		for _, w := range strings.Fields(m[1]) {
			if !strings.HasPrefix(w, "-") {
				add("pkg-config", w)
			}
		}
	}
	// What a command substitution prints ($(mktemp -d)) is a word of
	// the command around it, not a program of the script's lists.
	script = regexp.MustCompile(`\$\([^)]*\)`).ReplaceAllString(pkgConfigRE.ReplaceAllString(script, ""), "X")
	runtime := ""
	for _, part := range regexp.MustCompile(`&&|\|\||;|\|`).Split(script, -1) {
		words := strings.Fields(strings.ReplaceAll(part, `"`, ""))
		// An assignment (d=$(mktemp -d), s=$?) runs no program of its own.
		for len(words) > 0 && strings.Contains(words[0], "=") && !strings.HasPrefix(words[0], "-") {
			words = words[1:]
		}
		if r := wordsUses(words, add); r != "" && slices.Contains(words, "{file}") {
			runtime = r
		}
	}
	return runtime
}

var pkgConfigRE = regexp.MustCompile(`\$\(pkg-config([^)]*)\)`)

// checkReproNeeds checks that a reproduction's declared needs are exactly
// what it uses; the error lists the difference and what to declare.
func checkReproNeeds(needs, argv []string, file string) error {
	for _, n := range needs {
		if _, err := testenv.Parse(n); err != nil {
			return err
		}
	}
	uses, err := reproUses(argv, file)
	if err != nil {
		return err
	}
	var undeclared, unused []string
	for _, u := range uses {
		if !slices.Contains(needs, u) {
			undeclared = append(undeclared, u)
		}
	}
	for _, n := range needs {
		if !slices.Contains(uses, n) {
			unused = append(unused, n)
		}
	}
	if len(undeclared)+len(unused) == 0 {
		return nil
	}
	return fmt.Errorf("repro needs: uses %q but does not declare them; declares %q but does not use them; declare exactly %q", undeclared, unused, uses)
}
