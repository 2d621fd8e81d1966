package main

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/pctest/pctest/internal/headless"
	"github.com/pctest/pctest/vectors"
)

// wptLineRule is one of WPT's tools/lint/rules.py regexps, with the file
// extensions it applies to (none: every file).
type wptLineRule struct {
	name string
	re   *regexp.Regexp
	exts []string
}

var wptScriptExts = []string{".html", ".htm", ".js", ".xht", ".xhtml", ".svg"}

// wptLineRules are the line rules of WPT's lint (tools/lint/lint.py's
// regexps list) that can apply to the export's files.
var wptLineRules = []wptLineRule{
	{"TRAILING WHITESPACE", regexp.MustCompile(`[ \t\f\v]$`), nil},
	{"INDENT TABS", regexp.MustCompile(`^\t`), nil},
	{"CR AT EOL", regexp.MustCompile(`\r$`), nil},
	{"SET TIMEOUT", regexp.MustCompile(`setTimeout\s*\(`), wptScriptExts},
	{"W3C-TEST.ORG", regexp.MustCompile(`w3c\-test\.org`), nil},
	{"WEB-PLATFORM.TEST", regexp.MustCompile(`web\-platform\.test`), nil},
	{"WEBIDL2.JS", regexp.MustCompile(`webidl2\.js`), nil},
	{"CONSOLE", regexp.MustCompile(`console\.[a-zA-Z]+\s*\(`), wptScriptExts},
	{"GENERATE_TESTS", regexp.MustCompile(`generate_tests\s*\(`), wptScriptExts},
	{"PRINT STATEMENT", regexp.MustCompile(`print(?:\s|\s*\()`), []string{".py"}},
	{"LAYOUTTESTS APIS", regexp.MustCompile(`(eventSender|testRunner|internals)\.`), wptScriptExts},
	{"MISSING DEPENDENCY", regexp.MustCompile(`[^\w]/gen/`), wptScriptExts},
	{"SPECIALPOWERS API", regexp.MustCompile(`SpecialPowers`), wptScriptExts},
	{"ASSERT_THROWS", regexp.MustCompile(`[^.]assert_throws\(`), wptScriptExts},
	{"PROMISE_REJECTS", regexp.MustCompile(`promise_rejects\(`), wptScriptExts},
	{"ASSERT-PRECONDITION", regexp.MustCompile(`[^.]assert_precondition\(`), wptScriptExts},
	{"HTML INVALID SYNTAX", regexp.MustCompile(`<(a|abbr|article|audio|b|body|button|div|head|html|iframe|li|p|script|span|style|title|ul)(\s+[^>]+)?\s*/>`), []string{".html", ".htm"}},
}

var (
	wptMeta       = regexp.MustCompile(`^//\s*META:\s*(\w*)=(.*)$`)
	wptMetaBroken = regexp.MustCompile(`//\s*META:`)
	wptScriptSrc  = regexp.MustCompile(`<script[^>]*\bsrc="([^"]*)"`)
	wptTimeout    = regexp.MustCompile(`<meta[^>]*name=["']?timeout`)
	wptGlobals    = map[string]bool{"window": true, "worker": true, "dedicatedworker": true, "dedicatedworker-module": true, "sharedworker": true, "sharedworker-module": true, "serviceworker": true, "serviceworker-module": true, "jsshell": true, "shadowrealm": true, "default": true}
)

// wptLint checks the files under root against the rules of WPT's lint
// (tools/lint/lint.py and rules.py) that apply to the export's files:
// the path rules (PATH LENGTH, FILE TYPE, WORKER COLLISION, GITIGNORE,
// DUPLICATE-BASENAME-PATH among test files, DUPLICATE-CASE-INSENSITIVE-
// PATH), the line rules, the parsed-HTML rules of testharness tests (one
// testharness.js and one testharnessreport.js at /resources/, in that
// order, a timeout meta of "long" before them) and the .any.js metadata
// rules. Each error is "path:line: RULE".
func wptLint(root string) ([]string, error) {
	var errs []string
	add := func(p string, line int, rule string) { errs = append(errs, fmt.Sprintf("%s:%d: %s", p, line, rule)) }
	lower := map[string]string{}
	basenames := map[string][]string{}
	err := filepath.WalkDir(root, func(fp string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(root, fp)
		p := filepath.ToSlash(rel)
		if len(p)+1 > 150 {
			add(p, 0, "PATH LENGTH")
		}
		if d.Type()&fs.ModeSymlink != 0 {
			add(p, 0, "FILE TYPE")
		}
		for _, end := range []string{".any.html", ".any.worker.html", ".worker.html"} {
			if strings.HasSuffix(p, end) {
				add(p, 0, "WORKER COLLISION")
				break
			}
		}
		if path.Base(p) == ".gitignore" {
			add(p, 0, "GITIGNORE")
		}
		if prev, ok := lower[strings.ToLower(p)]; ok {
			add(p, 0, "DUPLICATE-CASE-INSENSITIVE-PATH ("+prev+")")
		}
		lower[strings.ToLower(p)] = p
		isTest := !strings.Contains("/"+p, "/resources/") && (containsStr([]string{".html", ".htm", ".xhtml", ".xht", ".svg"}, path.Ext(p)) ||
			strings.HasSuffix(p, ".any.js") || strings.HasSuffix(p, ".window.js") || strings.HasSuffix(p, ".worker.js"))
		if isTest {
			ext := path.Ext(p)
			basenames[strings.TrimSuffix(p, ext)] = append(basenames[strings.TrimSuffix(p, ext)], ext)
		}
		data, err := os.ReadFile(fp)
		if err != nil {
			return err
		}
		lines := strings.Split(string(data), "\n")
		for i, line := range lines {
			for _, r := range wptLineRules {
				if (r.exts == nil || containsStr(r.exts, path.Ext(p))) && r.re.MatchString(line) {
					add(p, i+1, r.name)
				}
			}
		}
		switch {
		case isTest && strings.HasSuffix(p, ".any.js"):
			done := false
			for i, line := range lines {
				m := wptMeta.FindStringSubmatch(line)
				switch {
				case m != nil && done:
					add(p, i+1, "STRAY-METADATA")
				case m != nil:
					switch m[1] {
					case "global":
						for _, g := range strings.Split(m[2], ",") {
							if g = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(g), "!")); g != "" && !wptGlobals[g] {
								add(p, i+1, "UNKNOWN-GLOBAL-METADATA")
							}
						}
					case "timeout":
						if m[2] != "long" {
							add(p, i+1, "UNKNOWN-TIMEOUT-METADATA")
						}
					case "title", "script", "variant", "quic":
					default:
						add(p, i+1, "UNKNOWN-METADATA")
					}
				default:
					done = true
					if wptMetaBroken.MatchString(line) {
						add(p, i+1, "BROKEN-METADATA or INDENTED-METADATA")
					}
				}
			}
		case isTest && strings.HasSuffix(p, ".html"):
			src := string(data)
			th, rep := -1, -1
			nth, nrep := 0, 0
			for _, m := range wptScriptSrc.FindAllStringSubmatchIndex(src, -1) {
				s := src[m[2]:m[3]]
				if s == "testharness.js" || strings.Contains(s, "/testharness.js") && s != "/resources/testharness.js" {
					add(p, 0, "TESTHARNESS-PATH")
				}
				if s == "testharnessreport.js" || strings.Contains(s, "/testharnessreport.js") && s != "/resources/testharnessreport.js" {
					add(p, 0, "TESTHARNESSREPORT-PATH")
				}
				switch s {
				case "/resources/testharness.js":
					nth++
					if th < 0 {
						th = m[0]
					}
				case "/resources/testharnessreport.js":
					nrep++
					if rep < 0 {
						rep = m[0]
					}
				}
			}
			if nth > 1 {
				add(p, 0, "MULTIPLE-TESTHARNESS")
			}
			if nth > 0 && nrep == 0 {
				add(p, 0, "MISSING-TESTHARNESSREPORT")
			}
			if nrep > 1 {
				add(p, 0, "MULTIPLE-TESTHARNESSREPORT")
			}
			if rep >= 0 && (th < 0 || rep < th) {
				add(p, 0, "EARLY-TESTHARNESSREPORT")
			}
			if loc := wptTimeout.FindStringIndex(src); loc != nil && th >= 0 && loc[0] > th {
				add(p, 0, "LATE-TIMEOUT")
			}
		}
		return nil
	})
	for base, exts := range basenames {
		if len(exts) > 1 {
			add(base, 0, "DUPLICATE-BASENAME-PATH ("+strings.Join(exts, ", ")+")")
		}
	}
	sort.Strings(errs)
	return errs, err
}

func containsStr(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// TestWPTLintCatches gives wptLint files that break its rules, so that a
// clean export means something.
func TestWPTLintCatches(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"url/a.any.js":          "// META: global=window,nosuchglobal\n// META: timeout=short\n// META: colour=red\ntest(() => {}, \"x\");\n// META: title=late\nsetTimeout(() => {}, 1); \n",
		"url/a.html":            "<!doctype html>\n<script src=\"/resources/testharnessreport.js\"></script>\n<script src=\"/resources/testharness.js\"></script>\n<meta name=timeout content=long>\n<div/>\n\tconsole.log(1)\r\n",
		"url/B.html":            "<script src=\"testharness.js\"></script>\n",
		"url/b.html":            "<script src=\"/resources/testharness.js\"></script>\n",
		"url/c.any.worker.html": "",
		"url/d.html":            "",
		"url/d.htm":             "",
	}
	for p, s := range files {
		if err := os.MkdirAll(filepath.Join(dir, filepath.Dir(p)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, p), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	errs, err := wptLint(dir)
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Join(errs, "\n")
	for _, want := range []string{
		"url/a.any.js:1: UNKNOWN-GLOBAL-METADATA", "url/a.any.js:2: UNKNOWN-TIMEOUT-METADATA", "url/a.any.js:3: UNKNOWN-METADATA",
		"url/a.any.js:5: STRAY-METADATA", "url/a.any.js:6: SET TIMEOUT", "url/a.any.js:6: TRAILING WHITESPACE",
		"url/a.html:0: EARLY-TESTHARNESSREPORT", "url/a.html:0: LATE-TIMEOUT", "url/a.html:5: HTML INVALID SYNTAX",
		"url/a.html:6: INDENT TABS", "url/a.html:6: CONSOLE", "url/a.html:6: CR AT EOL",
		"url/B.html:0: TESTHARNESS-PATH", "url/b.html:0: MISSING-TESTHARNESSREPORT", "DUPLICATE-CASE-INSENSITIVE-PATH",
		"url/d:0: DUPLICATE-BASENAME-PATH", "url/c.any.worker.html:0: WORKER COLLISION",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("wptLint did not report %q; it reported:\n%s", want, got)
		}
	}
}

// TestExportWPTTests reads the WPT export's tests back, offline: WPT's
// lint rules find nothing; every .any.js starts with META lines whose
// title names the suite version; each document has its label's
// Content-Type in a .headers file, testharness.js and the shared helper,
// and names the version; and the index's test files run each queryEncode
// and formDecode vector once, except the vectors the README lists with
// the reason no test can run them.
func TestExportWPTTests(t *testing.T) {
	dir := t.TempDir()
	if r := runPctest(t, "export", "wpt", dir); r.code != 0 {
		t.Fatalf("pctest export wpt: exit %d: %s", r.code, r.stderr)
	}
	errs, err := wptLint(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range errs {
		t.Errorf("WPT lint: %s", e)
	}
	data, err := os.ReadFile(filepath.Join(dir, exportIndexName))
	if err != nil {
		t.Fatal(err)
	}
	var idx exportIndex
	if err := json.Unmarshal(data, &idx); err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile(filepath.Join(dir, wptReadme))
	if err != nil {
		t.Fatal(err)
	}
	all, err := vectors.Load()
	if err != nil {
		t.Fatal(err)
	}
	byID := map[string]*vectors.Vector{}
	for i := range all {
		byID[all[i].ID] = &all[i]
	}
	version := suiteVersion()
	tested := map[string]string{}
	ndocs := 0
	for _, f := range idx.Files {
		if !strings.HasSuffix(f.Path, ".any.js") && !strings.HasSuffix(f.Path, ".html") {
			continue
		}
		src, err := os.ReadFile(filepath.Join(dir, f.Path))
		if err != nil {
			t.Fatal(err)
		}
		s := string(src)
		if strings.HasSuffix(f.Path, ".any.js") {
			if !strings.HasPrefix(s, "// META: global=window,dedicatedworker\n") || !regexp.MustCompile(`(?m)^// META: title=pctest `+regexp.QuoteMeta(version)+`: `).MatchString(s) {
				t.Errorf("%s: does not start with META global and a title naming suite %s", f.Path, version)
			}
		} else {
			ndocs++
			label := ""
			if len(f.Vectors) > 0 && byID[f.Vectors[0]] != nil {
				label = byID[f.Vectors[0]].Args["encoding"]
			}
			hdr, err := os.ReadFile(filepath.Join(dir, f.Path+".headers"))
			if err != nil || string(hdr) != "Content-Type: text/html; charset="+label+"\n" {
				t.Errorf("%s.headers: %q (%v), want the Content-Type of %q", f.Path, hdr, err, label)
			}
			for _, want := range []string{"<title>pctest " + version + ":", `src="resources/pctest-percent-encoding-test.js"`, "pctestPercentEncodingTests(" + jsString(units(label)) + `, "` + version + `"`} {
				if !strings.Contains(s, want) {
					t.Errorf("%s: no %s", f.Path, want)
				}
			}
			for i := 0; i < len(s); i++ {
				if s[i] >= 0x80 {
					t.Errorf("%s: byte %#x at %d: a document served in a legacy encoding must be ASCII", f.Path, s[i], i)
					break
				}
			}
		}
		for _, id := range f.Vectors {
			v := byID[id]
			switch {
			case v == nil:
				t.Errorf("%s: runs %s, not a vector", f.Path, id)
			case tested[id] != "":
				t.Errorf("%s: runs %s, which %s runs too", f.Path, id, tested[id])
			case strings.HasSuffix(f.Path, ".html") && v.Args["encoding"] != byID[f.Vectors[0]].Args["encoding"]:
				t.Errorf("%s: runs %s of label %q", f.Path, id, v.Args["encoding"])
			}
			tested[id] = f.Path
		}
	}
	if ndocs == 0 {
		t.Error("no per-encoding documents")
	}
	for i := range all {
		v := &all[i]
		if v.Op != vectors.OpQueryEncode && v.Op != vectors.OpFormDecode {
			continue
		}
		listed := strings.Contains(string(readme), "- "+v.ID+" (")
		why := ""
		if v.Op == vectors.OpQueryEncode {
			why = headless.QueryUnfit(string(utf16ToString(v.In)))
			if why == "" && v.Args["encoding"] != "utf-8" {
				why = headless.DocumentUnfit(v.Args["encoding"])
			}
		}
		switch {
		case why == "" && tested[v.ID] == "":
			t.Errorf("%s: no test runs it", v.ID)
		case why != "" && (tested[v.ID] != "" || !listed):
			t.Errorf("%s: no test can run it (%s), but the export runs it in %q or the README does not list it", v.ID, why, tested[v.ID])
		}
	}
}
