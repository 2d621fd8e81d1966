// Command urltestcheck runs pctest's urltestdata export (pctest export
// urltestdata) through URL parsers as their urltestdata runners would:
// run.js checks each entry as web-platform-tests' url-constructor.any.js
// and url-origin.any.js do, in node's URL and in whatwg-url (the URL
// Standard's reference implementation, from this directory's npm
// lockfile). It prints a Markdown report of every entry a parser fails,
// with the vector id behind it, and exits 1 only if a parser could not be
// run. make urltestdata-export runs it.
//
//	go run ./cmd/pctest/internal/urltestcheck -dir EXPORT [-out FILE]
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// runDir is this command's directory, relative to the repository's root.
const runDir = "cmd/pctest/internal/urltestcheck"

// dataPath is the file pctest export urltestdata writes under its
// directory.
const dataPath = "url/resources/pctest-urltestdata.json"

// parsers are the URL parsers run.js knows.
var parsers = []string{"node", "whatwg-url"}

// A runResult is run.js's output (see run.js).
type runResult struct {
	Parser   string `json:"parser"`
	Version  string `json:"version"`
	Entries  int    `json:"entries"`
	Failures []struct {
		Comment    *string `json:"comment"`
		Input      string  `json:"input"`
		Error      *string `json:"error"`
		Mismatches []struct {
			Field string `json:"field"`
			Got   string `json:"got"`
			Want  string `json:"want"`
		} `json:"mismatches"`
	} `json:"failures"`
}

func main() {
	dir := flag.String("dir", "", "the directory pctest export urltestdata wrote")
	out := flag.String("out", "", "also write the report to this file")
	flag.Parse()
	if *dir == "" {
		fmt.Fprintln(os.Stderr, "usage: urltestcheck -dir EXPORT [-out FILE]")
		os.Exit(2)
	}
	file := filepath.Join(*dir, filepath.FromSlash(dataPath))
	var results []runResult
	for _, p := range parsers {
		r, err := run(file, p)
		if err != nil {
			fmt.Fprintf(os.Stderr, "urltestcheck: %s: %v\n", p, err)
			os.Exit(1)
		}
		results = append(results, r)
	}
	report := format(file, results)
	fmt.Print(report)
	if *out != "" {
		if err := os.WriteFile(*out, []byte(report), 0o644); err != nil {
			fmt.Fprintf(os.Stderr, "urltestcheck: %v\n", err)
			os.Exit(1)
		}
	}
}

// run runs run.js on file with parser p.
func run(file, p string) (runResult, error) {
	var r runResult
	cmd := exec.Command("node", filepath.Join(runDir, "run.js"), file, p)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return r, fmt.Errorf("node run.js: %v: %s", err, strings.TrimSpace(stderr.String()))
	}
	if err := json.Unmarshal(stdout.Bytes(), &r); err != nil {
		return r, fmt.Errorf("run.js's JSON: %v", err)
	}
	if r.Entries == 0 {
		return r, fmt.Errorf("%s holds no entries", file)
	}
	return r, nil
}

// format writes the report: a row per parser, then each failure with the
// vector id its comment names.
func format(file string, results []runResult) string {
	var b strings.Builder
	fmt.Fprintf(&b, "urltestdata export %s, checked as url-constructor.any.js and url-origin.any.js check urltestdata.json\n\n", file)
	b.WriteString("| parser | version | entries | passed | failed |\n|---|---|---:|---:|---:|\n")
	for _, r := range results {
		fmt.Fprintf(&b, "| %s | %s | %d | %d | %d |\n", r.Parser, r.Version, r.Entries, r.Entries-len(r.Failures), len(r.Failures))
	}
	for _, r := range results {
		if len(r.Failures) == 0 {
			continue
		}
		fmt.Fprintf(&b, "\n%s %s fails:\n", r.Parser, r.Version)
		for _, f := range r.Failures {
			what := "(no comment)"
			if f.Comment != nil {
				what = strings.TrimPrefix(*f.Comment, "pctest ")
			}
			fmt.Fprintf(&b, "- %s: <%s>", what, f.Input)
			if f.Error != nil {
				fmt.Fprintf(&b, " %s", *f.Error)
			}
			for _, m := range f.Mismatches {
				fmt.Fprintf(&b, "; %s %q, want %q", m.Field, m.Got, m.Want)
			}
			b.WriteString("\n")
		}
	}
	return b.String()
}
