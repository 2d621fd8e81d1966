// Command chromium records what a real browser engine, Chromium, answers
// for the vectors of the encoding area (queryEncode and formEncodeLegacy),
// into vectors/testdata/chromium-legacy.json, which
// vectors/chromium_test.go (part of make test, no browser needed) checks
// the vectors against. make chromium-legacy installs the pinned Chromium
// and runs it:
//
//	go run ./vectors/internal/chromium -out vectors/testdata/chromium-legacy.json
//
// It serves, on 127.0.0.1, one page per encoding label, with
// "Content-Type: text/html; charset=<label>" (the page is ASCII, or UTF-16
// for the UTF-16 labels), and loads them one after the other in an iframe
// of a driver page in headless Chromium. Each page:
//
//   - for queryEncode, sets an <a> element's href to
//     "http://example.test/?" + input and reads a.href back: the URL parser
//     runs with the document's encoding (HTML "encoding-parsing a URL"), so
//     the query is percent-encode after encoding with the special-query
//     percent-encode set (URL §4.4);
//   - for queryEncodeScheme, the same with args.scheme + "://example.test/?"
//     (a '!' and the whole href when Chromium's href does not start so);
//   - for formEncodeLegacy, submits a GET form of hidden inputs named v0,
//     v1, … (the inputs) to this server, which reads the query the form
//     serializer wrote with the document's encoding (HTML §4.10.21.3 and
//     URL §5.2).
//
// Inputs the URL parser cannot carry as they are (a '#', which starts the
// fragment; U+0009, U+000A, U+000D, which it removes; a C0 control or space
// at the end, which it strips) are skipped for queryEncode, and so are the
// labels a page cannot be served in (replacement, whose decoder turns the
// page into one U+FFFD; labels with white space, which a header cannot
// carry as they are): the file says why for each.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf16"

	"github.com/pctest/pctest/internal/headless"
	"github.com/pctest/pctest/vectors"
)

// Record is the file's content.
type Record struct {
	Engine  string   `json:"engine"`
	Package string   `json:"package"`
	How     string   `json:"how"`
	Answers []Answer `json:"answers"`
	Skipped []Skip   `json:"skipped"`
}

// Answer is Chromium's answer for one vector: its id, the label and
// input it was asked (so that a stale record is seen), and what it
// answered.
type Answer struct {
	ID       string `json:"id"`
	Encoding string `json:"encoding"`
	In       string `json:"in"`
	Out      string `json:"out"`
}

// Skip is a vector Chromium was not asked, and why.
type Skip struct {
	ID     string `json:"id"`
	Reason string `json:"reason"`
}

const base = "http://example.test/?"

// group is the vectors of one label.
type group struct {
	label               string
	query, scheme, form []vectors.Vector
}

func main() {
	out := flag.String("out", "vectors/testdata/chromium-legacy.json", "file to write")
	bin := flag.String("chromium", "/usr/bin/chromium", "Chromium binary")
	pkg := flag.String("package", "", "the Debian package and version, for the record")
	timeout := flag.Duration("timeout", 5*time.Minute, "give up after")
	sweep := flag.Bool("sweep", false, "instead: every scalar value U+0080 to U+FFFF and a sample above, one at a time, through each legacy encoding's query; print where Chromium and package codec differ")
	flag.Parse()
	if *sweep {
		if err := runSweep(*bin, *timeout); err != nil {
			fmt.Fprintln(os.Stderr, "chromium:", err)
			os.Exit(1)
		}
		return
	}
	if err := run(*out, *bin, *pkg, *timeout); err != nil {
		fmt.Fprintln(os.Stderr, "chromium:", err)
		os.Exit(1)
	}
}

func run(outFile, bin, pkg string, timeout time.Duration) error {
	version, err := exec.Command(bin, "--version").Output()
	if err != nil {
		return fmt.Errorf("%s --version: %v", bin, err)
	}
	all, err := vectors.Load()
	if err != nil {
		return err
	}
	rec := Record{
		Engine:  strings.TrimSpace(string(version)),
		Package: pkg,
		How: "headless Chromium loads one page per label served with Content-Type: text/html; charset=<label>; " +
			"queryEncode: a.href = \"" + base + "\" + input, the query read back from a.href; " +
			"formEncodeLegacy: a GET form of hidden inputs submitted to the local server, the value read from the request's query (go run ./vectors/internal/chromium)",
	}
	byLabel := map[string]*group{}
	var labels []string
	for _, v := range all {
		if v.Op != vectors.OpQueryEncode && v.Op != vectors.OpFormEncodeLegacy && v.Op != vectors.OpQueryEncodeScheme {
			continue
		}
		label := v.Args["encoding"]
		in := string(utf16.Decode(v.In))
		if why := headless.PageUnfit(label); why != "" {
			rec.Skipped = append(rec.Skipped, Skip{v.ID, why})
			continue
		}
		if v.Op != vectors.OpFormEncodeLegacy {
			if why := headless.QueryUnfit(in); why != "" {
				rec.Skipped = append(rec.Skipped, Skip{v.ID, why})
				continue
			}
		}
		g := byLabel[label]
		if g == nil {
			g = &group{label: label}
			byLabel[label] = g
			labels = append(labels, label)
		}
		switch v.Op {
		case vectors.OpQueryEncode:
			g.query = append(g.query, v)
		case vectors.OpQueryEncodeScheme:
			g.scheme = append(g.scheme, v)
		default:
			g.form = append(g.form, v)
		}
	}
	groups := make([]*group, len(labels))
	for i, l := range labels {
		groups[i] = byLabel[l]
	}

	var mu sync.Mutex
	answers := map[string]string{}
	mux := http.NewServeMux()
	mux.HandleFunc("/p/", func(w http.ResponseWriter, r *http.Request) {
		i, err := strconv.Atoi(strings.TrimPrefix(r.URL.Path, "/p/"))
		if err != nil || i < 0 || i >= len(groups) {
			http.NotFound(w, r)
			return
		}
		g := groups[i]
		var page strings.Builder
		page.WriteString("<!doctype html><title>p</title><body><script>\nvar qs = [")
		for k, v := range g.query {
			if k > 0 {
				page.WriteByte(',')
			}
			page.WriteString(headless.JSString(v.In))
		}
		page.WriteString("];\nvar ss = [")
		for k, v := range g.scheme {
			if k > 0 {
				page.WriteByte(',')
			}
			page.WriteString("[" + headless.JSString(utf16.Encode([]rune(v.Args["scheme"]))) + "," + headless.JSString(v.In) + "]")
		}
		page.WriteString("];\nvar fs = [")
		for k, v := range g.form {
			if k > 0 {
				page.WriteByte(',')
			}
			page.WriteString(headless.JSString(v.In))
		}
		fmt.Fprintf(&page, `];
var out = [];
for (var k = 0; k < qs.length; k++) {
  var a = document.createElement('a');
  a.href = %q + qs[k];
  out.push(a.href);
}
for (var k = 0; k < ss.length; k++) {
  var a = document.createElement('a');
  var pre = ss[k][0] + %q;
  a.href = pre + ss[k][1];
  out.push(a.href.substring(0, pre.length) == pre ? a.href.substring(pre.length) : '!' + a.href);
}
var x = new XMLHttpRequest(); x.open('POST', '/q/%d', false); x.setRequestHeader('Content-Type', 'application/json'); x.send(JSON.stringify(out));
var f = document.createElement('form'); f.method = 'get'; f.action = '/f/%d';
for (var k = 0; k < fs.length; k++) {
  var h = document.createElement('input'); h.type = 'hidden'; h.name = 'v' + k; h.value = fs[k]; f.appendChild(h);
}
document.body.appendChild(f);
f.submit();
</script>`, base, "://example.test/?", i, i)
		w.Header().Set("Content-Type", "text/html; charset="+g.label)
		w.Write(headless.EncodePage(page.String(), g.label))
	})
	mux.HandleFunc("/q/", func(w http.ResponseWriter, r *http.Request) {
		i, err := strconv.Atoi(strings.TrimPrefix(r.URL.Path, "/q/"))
		body, _ := io.ReadAll(r.Body)
		var hrefs []string
		if err != nil || i < 0 || i >= len(groups) || json.Unmarshal(body, &hrefs) != nil || len(hrefs) != len(groups[i].query)+len(groups[i].scheme) {
			http.Error(w, "bad", 400)
			return
		}
		mu.Lock()
		for k, v := range groups[i].query {
			answers[v.ID] = strings.TrimPrefix(hrefs[k], base)
		}
		for k, v := range groups[i].scheme {
			answers[v.ID] = hrefs[len(groups[i].query)+k]
		}
		mu.Unlock()
	})
	mux.HandleFunc("/f/", func(w http.ResponseWriter, r *http.Request) {
		i, err := strconv.Atoi(strings.TrimPrefix(r.URL.Path, "/f/"))
		if err != nil || i < 0 || i >= len(groups) {
			http.NotFound(w, r)
			return
		}
		vals := map[string]string{}
		if r.URL.RawQuery != "" {
			for _, kv := range strings.Split(r.URL.RawQuery, "&") {
				k, v, _ := strings.Cut(kv, "=")
				vals[k] = v
			}
		}
		mu.Lock()
		for k, v := range groups[i].form {
			if got, ok := vals["v"+strconv.Itoa(k)]; ok {
				answers[v.ID] = got
			}
		}
		mu.Unlock()
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		io.WriteString(w, "<!doctype html><script>parent.next()</script>")
	})
	pages := make([]string, len(groups))
	for i := range groups {
		pages[i] = fmt.Sprintf("/p/%d", i)
	}
	if err := headless.Browse("chromium", bin, mux, pages, timeout); err != nil {
		return fmt.Errorf("%w (%d answers)", err, len(answers))
	}

	for _, g := range groups {
		for _, v := range append(append(append([]vectors.Vector{}, g.query...), g.scheme...), g.form...) {
			out, ok := answers[v.ID]
			if !ok {
				rec.Skipped = append(rec.Skipped, Skip{v.ID, "Chromium gave no answer (the form sent no such value)"})
				continue
			}
			rec.Answers = append(rec.Answers, Answer{v.ID, v.Args["encoding"], string(utf16.Decode(v.In)), out})
		}
	}
	sort.Slice(rec.Answers, func(i, j int) bool { return rec.Answers[i].ID < rec.Answers[j].ID })
	sort.Slice(rec.Skipped, func(i, j int) bool { return rec.Skipped[i].ID < rec.Skipped[j].ID })
	var data strings.Builder
	enc := json.NewEncoder(&data)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", " ")
	if err := enc.Encode(rec); err != nil {
		return err
	}
	return os.WriteFile(outFile, []byte(data.String()), 0o644)
}
