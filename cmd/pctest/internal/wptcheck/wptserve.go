package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
)

// wptServer stands in for wptserve, serving an export directory as a WPT
// checkout's root, for the few features the export's tests use:
//
//   - files under the root as they are, with a Content-Type from their
//     extension, overridden by the headers of a FILE.headers file beside
//     them ("Name: value" lines), as wptserve applies them;
//   - /resources/testharness.js (the copy npm's wpt-runner ships) and
//     /resources/testharnessreport.js, ours: it posts every test's name,
//     status and message to /wpt-results and calls parent.next() (the
//     driver page of internal/headless);
//   - for each X.any.js, the X.any.html and X.any.worker.html wrappers
//     and X.any.worker.js, generated as wptserve generates them from the
//     file's "// META: global=", "script=" and "title=" lines (window and
//     dedicatedworker are the only globals served).
//
// Not served: wptserve's other pipes, .sub substitution, other hosts and
// ports, and the shared and service worker globals.
type wptServer struct {
	root, testharness string

	mu      sync.Mutex
	results map[string]harnessResult // page path -> its result
}

// A harnessResult is what testharnessreport.js posts for one page.
type harnessResult struct {
	Status  int           `json:"status"`
	Message string        `json:"message"`
	Tests   []harnessTest `json:"tests"`
}

// A harnessTest is one test's outcome: testharness.js's status, 0 pass,
// 1 fail, 2 timeout, 3 not run, 4 precondition failed.
type harnessTest struct {
	Name    string `json:"name"`
	Status  int    `json:"status"`
	Message string `json:"message"`
}

const reportJS = `add_completion_callback(function (tests, status) {
  var out = {status: status.status, message: status.message || "", tests: []};
  for (var i = 0; i < tests.length; i++) {
    out.tests.push({name: tests[i].name, status: tests[i].status, message: tests[i].message || ""});
  }
  var x = new XMLHttpRequest();
  x.open("POST", "/wpt-results?page=" + encodeURIComponent(location.pathname), false);
  x.setRequestHeader("Content-Type", "application/json");
  x.send(JSON.stringify(out));
  parent.next();
});
`

var metaLine = regexp.MustCompile(`^//\s*META:\s*(\w*)=(.*)$`)

// register puts the server's handlers on mux: /url/, /resources/ and
// /wpt-results.
func (s *wptServer) register(mux *http.ServeMux) {
	mux.HandleFunc("/wpt-results", func(w http.ResponseWriter, r *http.Request) {
		var res harnessResult
		body, _ := io.ReadAll(r.Body)
		if err := json.Unmarshal(body, &res); err != nil {
			http.Error(w, err.Error(), 400)
			return
		}
		s.mu.Lock()
		s.results[r.URL.Query().Get("page")] = res
		s.mu.Unlock()
	})
	mux.HandleFunc("/resources/", s.serve)
	mux.HandleFunc("/url/", s.serve)
}

func (s *wptServer) serve(w http.ResponseWriter, r *http.Request) {
	p := path.Clean(r.URL.Path)
	switch {
	case p == "/resources/testharness.js":
		w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
		http.ServeFile(w, r, s.testharness)
		return
	case p == "/resources/testharnessreport.js":
		w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
		io.WriteString(w, reportJS)
		return
	case strings.HasSuffix(p, ".any.html"), strings.HasSuffix(p, ".any.worker.html"), strings.HasSuffix(p, ".any.worker.js"):
		s.wrapper(w, p)
		return
	}
	file := filepath.Join(s.root, filepath.FromSlash(strings.TrimPrefix(p, "/")))
	data, err := os.ReadFile(file)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	ct := mime.TypeByExtension(path.Ext(p))
	switch path.Ext(p) {
	case ".html":
		ct = "text/html"
	case ".js":
		ct = "text/javascript"
	case ".json":
		ct = "application/json"
	}
	w.Header().Set("Content-Type", ct)
	if hdrs, err := os.ReadFile(file + ".headers"); err == nil {
		sc := bufio.NewScanner(bytes.NewReader(hdrs))
		for sc.Scan() {
			if k, v, ok := strings.Cut(sc.Text(), ":"); ok {
				w.Header().Set(strings.TrimSpace(k), strings.TrimSpace(v))
			}
		}
	}
	w.Write(data)
}

// anyMeta reads an .any.js file's META lines: its globals, scripts and
// title.
func anyMeta(src string) (globals, scripts []string, title string) {
	for _, line := range strings.Split(src, "\n") {
		m := metaLine.FindStringSubmatch(line)
		if m == nil {
			break
		}
		switch m[1] {
		case "global":
			for _, g := range strings.Split(m[2], ",") {
				globals = append(globals, strings.TrimSpace(g))
			}
		case "script":
			scripts = append(scripts, strings.TrimSpace(m[2]))
		case "title":
			title = strings.TrimSpace(m[2])
		}
	}
	if globals == nil {
		globals = []string{"window", "dedicatedworker"}
	}
	return
}

// wrapper writes the generated page or worker script of an .any.js file.
func (s *wptServer) wrapper(w http.ResponseWriter, p string) {
	base := p[:strings.Index(p, ".any.")]
	src, err := os.ReadFile(filepath.Join(s.root, filepath.FromSlash(strings.TrimPrefix(base, "/")+".any.js")))
	if err != nil {
		http.NotFound(w, nil)
		return
	}
	_, scripts, title := anyMeta(string(src))
	name := path.Base(base) + ".any.js"
	var b strings.Builder
	switch {
	case strings.HasSuffix(p, ".any.html"):
		fmt.Fprintf(&b, "<!doctype html>\n<meta charset=utf-8>\n<title>%s</title>\n", title)
		b.WriteString("<script>self.GLOBAL = {isWindow: function() { return true; }, isWorker: function() { return false; }, isShadowRealm: function() { return false; }};</script>\n")
		b.WriteString("<script src=\"/resources/testharness.js\"></script>\n<script src=\"/resources/testharnessreport.js\"></script>\n")
		for _, sc := range scripts {
			fmt.Fprintf(&b, "<script src=%q></script>\n", sc)
		}
		fmt.Fprintf(&b, "<div id=log></div>\n<script src=%q></script>\n", name)
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
	case strings.HasSuffix(p, ".any.worker.html"):
		fmt.Fprintf(&b, "<!doctype html>\n<meta charset=utf-8>\n<title>%s</title>\n", title)
		b.WriteString("<script src=\"/resources/testharness.js\"></script>\n<script src=\"/resources/testharnessreport.js\"></script>\n<div id=log></div>\n")
		fmt.Fprintf(&b, "<script>fetch_tests_from_worker(new Worker(%q));</script>\n", path.Base(base)+".any.worker.js")
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
	default:
		b.WriteString("self.GLOBAL = {isWindow: function() { return false; }, isWorker: function() { return true; }, isShadowRealm: function() { return false; }};\n")
		b.WriteString("importScripts(\"/resources/testharness.js\");\n")
		for _, sc := range scripts {
			fmt.Fprintf(&b, "importScripts(%q);\n", sc)
		}
		fmt.Fprintf(&b, "importScripts(%q);\ndone();\n", name)
		w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
	}
	io.WriteString(w, b.String())
}

// testPages lists the pages of the export's tests, as a WPT manifest
// would: each .html outside resources/, and each .any.js's wrappers for
// its globals (window: .any.html; dedicatedworker or worker:
// .any.worker.html).
func testPages(root string) ([]string, error) {
	var pages []string
	err := filepath.WalkDir(filepath.Join(root, "url"), func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			if d != nil && d.IsDir() && d.Name() == "resources" {
				return filepath.SkipDir
			}
			return err
		}
		rel, _ := filepath.Rel(root, p)
		rel = "/" + filepath.ToSlash(rel)
		switch {
		case strings.HasSuffix(rel, ".any.js"):
			src, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			globals, _, _ := anyMeta(string(src))
			base := strings.TrimSuffix(rel, ".any.js")
			for _, g := range globals {
				switch g {
				case "window":
					pages = append(pages, base+".any.html")
				case "dedicatedworker", "worker":
					pages = append(pages, base+".any.worker.html")
				}
			}
		case strings.HasSuffix(rel, ".html"):
			pages = append(pages, rel)
		}
		return nil
	})
	sort.Strings(pages)
	return pages, err
}
