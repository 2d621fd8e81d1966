// Command wptcheck loads pctest's WPT export (pctest export wpt) into real
// browsers, headless Chromium and Firefox ESR (Debian's packages), through
// test pages that follow web-platform-tests' own tests of those files, and
// checks that each browser gives the answers the exported data states.
// make wpt-export runs it; it prints a Markdown report and exits 1 when a
// browser could not be run or judged nothing.
//
//	go run ./cmd/pctest/internal/wptcheck -dir EXPORT [-browsers chromium,firefox-esr] [-out FILE]
//
// The pages, served on 127.0.0.1:
//
//   - percent-encoding.json, as WPT's url/percent-encoding.window.js tests
//     it: a page served with "Content-Type: text/html; charset=LABEL" holds
//     an <a> whose href is "https://doesnotmatter.invalid/?" + INPUT for
//     each input that has an output for LABEL, and reports each a.search,
//     which the URL parser wrote with the document's encoding. The page is
//     ASCII and sets href from a script whose strings are \u escapes, so
//     every code point reaches the attribute as it is (WPT's
//     percent-encoding.py writes the input into the markup in the page's
//     encoding; character references would not do, since the HTML parser
//     maps &#128;-&#159; to windows-1252's characters and &#0; to U+FFFD).
//     One page per label, rather than WPT's one iframe per input and
//     label; and the fragment is not compared (WPT's test checks it
//     against the "utf-8" output, which the export has only where a
//     vector gives it, and the fragment set differs from the query's).
//   - urlencoded-parser data, as WPT's url/urlencoded-parser.any.js tests
//     it: for each input, [...new URLSearchParams(input)] compared with
//     the output.
//
// Inputs the URL parser cannot carry in a query as they are ('#', tab, LF,
// CR, a C0 control or space at the end) and labels a page cannot be served
// in (replacement, UTF-16 without a BOM-less ASCII page, white space) are
// skipped and listed, as vectors/internal/chromium does.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf16"

	"github.com/pctest/pctest/internal/headless"
)

const base = "https://doesnotmatter.invalid/?"

// peUnit is one object of percent-encoding.json.
type peUnit struct {
	Input  string            `json:"input"`
	Output map[string]string `json:"output"`
	// Pctest names the unit's vectors per label.
	Pctest map[string][]string `json:"pctest"`
	ids    []string
}

// fpUnit is one object of the urlencoded-parser data.
type fpUnit struct {
	Input  string      `json:"input"`
	Output [][2]string `json:"output"`
	ids    []string
}

// readUnits reads a WPT data file: an array of comment strings and
// objects; the comment "pctest ID ..." before an object names its vectors.
func readUnits[T any](path string, ids func(*T, []string)) ([]T, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var items []json.RawMessage
	if err := json.Unmarshal(data, &items); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	var out []T
	var names []string
	for i, raw := range items {
		var c string
		if json.Unmarshal(raw, &c) == nil {
			names = strings.Fields(strings.TrimPrefix(c, "pctest "))
			continue
		}
		var u T
		if err := json.Unmarshal(raw, &u); err != nil {
			return nil, fmt.Errorf("%s: item %d: %w", path, i, err)
		}
		ids(&u, names)
		out = append(out, u)
	}
	return out, nil
}

// A disagreement is one answer of a browser that differs from the export.
type disagreement struct {
	Browser, Version, File, Encoding, Input, Want, Got string
	IDs                                                []string
}

type result struct {
	browser, version   string
	judged, agreed     int
	disagreements      []disagreement
	skipped            map[string]int // reason -> count of (input, label) cases
	formJudged, formOK int
	err                error
	// The export's own tests, run under testharness.js (wptServer).
	harness harnessSummary
}

func main() {
	dir := flag.String("dir", "", "the directory pctest export wpt wrote")
	browsers := flag.String("browsers", "chromium,firefox-esr", "comma-separated: chromium, firefox-esr")
	out := flag.String("out", "", "also write the report to this file")
	timeout := flag.Duration("timeout", 5*time.Minute, "give up on a browser after")
	testharness := flag.String("testharness", "cmd/pctest/internal/wptcheck/node_modules/wpt-runner/testharness/testharness.js", "testharness.js to serve as /resources/testharness.js")
	node := flag.String("node", "", "also run the .any.js tests in node with wpt-runner: this anyjs.js (cmd/pctest/internal/wptcheck/anyjs.js)")
	flag.Parse()
	if *dir == "" {
		fmt.Fprintln(os.Stderr, "usage: wptcheck -dir EXPORT [-browsers LIST] [-out FILE]")
		os.Exit(2)
	}
	pe, err := readUnits(filepath.Join(*dir, "url/resources/pctest-percent-encoding.json"), func(u *peUnit, ids []string) { u.ids = ids })
	if err != nil {
		fail(err)
	}
	fp, err := readUnits(filepath.Join(*dir, "url/resources/pctest-urlencoded-parser.json"), func(u *fpUnit, ids []string) { u.ids = ids })
	if err != nil {
		fail(err)
	}
	var results []result
	bad := false
	for _, b := range strings.Split(*browsers, ",") {
		fmt.Fprintf(os.Stderr, "wptcheck: %s\n", b)
		r := check(b, *dir, *testharness, pe, fp, *timeout)
		if r.err != nil || r.judged == 0 || r.formJudged == 0 || !r.harness.Same {
			bad = true
		}
		results = append(results, r)
	}
	report := format(pe, fp, results)
	if *node != "" {
		nr, err := runNode(*node, *dir)
		report += nr
		if err != nil {
			fmt.Fprintf(os.Stderr, "wptcheck: node: %v\n", err)
			bad = true
		}
	}
	fmt.Print(report)
	if *out != "" {
		if err := os.WriteFile(*out, []byte(report), 0o644); err != nil {
			fail(err)
		}
	}
	if bad {
		os.Exit(1)
	}
}

func fail(err error) {
	fmt.Fprintf(os.Stderr, "wptcheck: %v\n", err)
	os.Exit(1)
}

// check runs one browser over every page and compares its answers.
func check(browser, dir, testharness string, pe []peUnit, fp []fpUnit, timeout time.Duration) result {
	r := result{browser: browser, skipped: map[string]int{}}
	bin := "/usr/bin/" + browser
	v, err := exec.Command(bin, "--version").Output()
	if err != nil {
		r.err = fmt.Errorf("%s --version: %v", bin, err)
		return r
	}
	r.version = strings.TrimSpace(string(v))
	if pkg, err := exec.Command("dpkg-query", "-W", "-f", "${Version}", browser).Output(); err == nil {
		r.version += " (Debian " + string(pkg) + ")"
	}

	// Pages: one per label, then the form page.
	type pcase struct {
		unit  int
		label string
	}
	byLabel := map[string][]pcase{}
	var labels []string
	for i, u := range pe {
		for label := range u.Output {
			if why := headless.DocumentUnfit(label); why != "" {
				r.skipped[why]++
				continue
			}
			if why := headless.QueryUnfit(u.Input); why != "" {
				r.skipped[why]++
				continue
			}
			if _, ok := byLabel[label]; !ok {
				labels = append(labels, label)
			}
			byLabel[label] = append(byLabel[label], pcase{i, label})
		}
	}
	sort.Strings(labels)

	var mu sync.Mutex
	answers := map[int][]string{} // page -> a.search of each case
	var formAnswers [][][2]string
	mux := http.NewServeMux()
	mux.HandleFunc("/p/", func(w http.ResponseWriter, req *http.Request) {
		i, err := strconv.Atoi(strings.TrimPrefix(req.URL.Path, "/p/"))
		if err != nil || i < 0 || i >= len(labels) {
			http.NotFound(w, req)
			return
		}
		var page strings.Builder
		page.WriteString("<!doctype html><title>p</title><body><script>\nvar inputs = [")
		for k, c := range byLabel[labels[i]] {
			if k > 0 {
				page.WriteByte(',')
			}
			page.WriteString(headless.JSString(utf16.Encode([]rune(pe[c.unit].Input))))
		}
		fmt.Fprintf(&page, `];
var out = [];
for (var k = 0; k < inputs.length; k++) {
  var a = document.createElement('a');
  a.setAttribute('href', %q + inputs[k]);
  document.body.appendChild(a);
  out.push(a.search);
}
var x = new XMLHttpRequest(); x.open('POST', '/q/%d', false); x.setRequestHeader('Content-Type', 'application/json'); x.send(JSON.stringify(out));
parent.next();
</script>`, base, i)
		w.Header().Set("Content-Type", "text/html; charset="+labels[i])
		io.WriteString(w, page.String())
	})
	mux.HandleFunc("/q/", func(w http.ResponseWriter, req *http.Request) {
		i, err := strconv.Atoi(strings.TrimPrefix(req.URL.Path, "/q/"))
		body, _ := io.ReadAll(req.Body)
		var got []string
		if err != nil || i < 0 || i >= len(labels) || json.Unmarshal(body, &got) != nil || len(got) != len(byLabel[labels[i]]) {
			http.Error(w, "bad", 400)
			return
		}
		mu.Lock()
		answers[i] = got
		mu.Unlock()
	})
	mux.HandleFunc("/form", func(w http.ResponseWriter, req *http.Request) {
		inputs := make([]string, len(fp))
		for i, u := range fp {
			inputs[i] = u.Input
		}
		data, _ := json.Marshal(inputs)
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, `<!doctype html><title>form</title><script>
var inputs = %s, out = [];
for (var k = 0; k < inputs.length; k++) out.push(Array.from(new URLSearchParams(inputs[k])));
var x = new XMLHttpRequest(); x.open('POST', '/formq', false); x.setRequestHeader('Content-Type', 'application/json'); x.send(JSON.stringify(out));
parent.next();
</script>`, asciiJSON(data))
	})
	mux.HandleFunc("/formq", func(w http.ResponseWriter, req *http.Request) {
		body, _ := io.ReadAll(req.Body)
		var got [][][2]string
		if json.Unmarshal(body, &got) != nil || len(got) != len(fp) {
			http.Error(w, "bad", 400)
			return
		}
		mu.Lock()
		formAnswers = got
		mu.Unlock()
	})
	pages := make([]string, 0, len(labels)+1)
	for i := range labels {
		pages = append(pages, fmt.Sprintf("/p/%d", i))
	}
	pages = append(pages, "/form")
	srv := &wptServer{root: dir, testharness: testharness, results: map[string]harnessResult{}}
	srv.register(mux)
	tpages, err := testPages(dir)
	if err != nil {
		r.err = err
		return r
	}
	pages = append(pages, tpages...)
	if err := headless.Browse(browser, bin, mux, pages, timeout); err != nil {
		r.err = err
		return r
	}
	for i, label := range labels {
		got, ok := answers[i]
		if !ok {
			r.err = fmt.Errorf("no answer for the page of %s", label)
			return r
		}
		for k, c := range byLabel[label] {
			u := pe[c.unit]
			want := u.Output[label]
			r.judged++
			if "?"+want == got[k] || want == "" && got[k] == "" {
				r.agreed++
				continue
			}
			r.disagreements = append(r.disagreements, disagreement{Browser: browser, Version: r.version, File: "pctest-percent-encoding.json",
				Encoding: label, Input: u.Input, Want: "?" + want, Got: got[k], IDs: idsFor(u, label)})
		}
	}
	if formAnswers == nil {
		r.err = fmt.Errorf("no answer from the form page")
		return r
	}
	for i, u := range fp {
		r.formJudged++
		if slices.Equal(formAnswers[i], u.Output) {
			r.formOK++
			continue
		}
		g, _ := json.Marshal(formAnswers[i])
		w, _ := json.Marshal(u.Output)
		r.disagreements = append(r.disagreements, disagreement{Browser: browser, Version: r.version, File: "pctest-urlencoded-parser.json",
			Input: u.Input, Want: string(w), Got: string(g), IDs: u.ids})
	}
	r.harness = summarize(srv.results, tpages, r.disagreements, r.judged+r.formJudged)
	return r
}

// idsFor names the vectors of a unit's output for label.
func idsFor(u peUnit, label string) []string {
	if ids := u.Pctest[label]; len(ids) > 0 {
		return ids
	}
	return u.ids
}

// asciiJSON escapes every non-ASCII character of JSON text as \uXXXX.
func asciiJSON(data []byte) string {
	var b strings.Builder
	for _, r := range string(data) {
		if r < 0x80 {
			b.WriteRune(r)
		} else if r >= 0x10000 {
			r -= 0x10000
			fmt.Fprintf(&b, "\\u%04x\\u%04x", 0xD800+(r>>10), 0xDC00+(r&0x3FF))
		} else {
			fmt.Fprintf(&b, "\\u%04x", r)
		}
	}
	return b.String()
}

// format writes the report: per browser, what was judged and how much
// agreed, then every disagreement with its vectors.
func format(pe []peUnit, fp []fpUnit, rs []result) string {
	var b strings.Builder
	cases := 0
	for _, u := range pe {
		cases += len(u.Output)
	}
	fmt.Fprintf(&b, "WPT export: pctest-percent-encoding.json, %d inputs, %d (input, label) outputs; pctest-urlencoded-parser.json, %d inputs\n\n", len(pe), cases, len(fp))
	b.WriteString("| browser | version | percent-encoding: judged | agree | urlencoded-parser: judged | agree | skipped (input, label) |\n|---|---|---:|---:|---:|---:|---:|\n")
	for _, r := range rs {
		sk := 0
		for _, n := range r.skipped {
			sk += n
		}
		status := ""
		if r.err != nil {
			status = " (error: " + r.err.Error() + ")"
		}
		fmt.Fprintf(&b, "| %s%s | %s | %d | %d | %d | %d | %d |\n", r.browser, status, r.version, r.judged, r.agreed, r.formJudged, r.formOK, sk)
	}
	for _, r := range rs {
		if len(r.skipped) > 0 {
			fmt.Fprintf(&b, "\n%s skipped:\n", r.browser)
			var reasons []string
			for why := range r.skipped {
				reasons = append(reasons, why)
			}
			sort.Strings(reasons)
			for _, why := range reasons {
				fmt.Fprintf(&b, "- %d: %s\n", r.skipped[why], why)
			}
		}
		if len(r.disagreements) > 0 {
			fmt.Fprintf(&b, "\n%s disagrees (%d):\n", r.browser, len(r.disagreements))
			for _, d := range r.disagreements {
				in, _ := json.Marshal(d.Input)
				fmt.Fprintf(&b, "- %s %s input %s: export %s, browser %s (vectors %s)\n", d.File, d.Encoding, in, d.Want, d.Got, strings.Join(d.IDs, ", "))
			}
		}
	}
	b.WriteString("\nThe export's own tests under testharness.js (wptcheck's server standing in for wptserve):\n\n| browser | pages | tests | pass | fail | failures = the direct check's |\n|---|---:|---:|---:|---:|---|\n")
	for _, r := range rs {
		b.WriteString(harnessText(r.browser, r.harness))
	}
	for _, r := range rs {
		for _, f := range append(r.harness.Errors, r.harness.Failed...) {
			fmt.Fprintf(&b, "- %s: %s\n", r.browser, f)
		}
	}
	return b.String()
}
