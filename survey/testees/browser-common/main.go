// Command browser-common is the pctest testee (testee/PROTOCOL.md) of the
// survey's browser rows: it starts one headless browser (Debian's
// Chromium, Firefox ESR, or WebKitGTK's MiniBrowser through
// WebKitWebDriver; internal/headless) on a driver page served from
// 127.0.0.1, and answers each batch of requests it has read by loading
// pages into the browser that compute the answers and post them back:
//
//	encodeURI … unescape  the page's global functions
//	formEncode            URLSearchParams.append, toString
//	formDecode            new URLSearchParams("a=" + input).get("a")
//	utf8DecodeReplace     new TextDecoder("utf-8", {ignoreBOM: true}).decode
//	percentEncodeSet      the URL setters and parser (whatwg.* sets, below)
//	queryEncode           a.href = "http://example.test/?" + input + "#" in a page
//	                      served in the label's encoding, the query read back
//	                      from a.search
//	queryEncodeScheme     the same with args.scheme + "://example.test/?"
//	formEncodeLegacy      a GET form of hidden inputs submitted from a page
//	                      in that encoding to this host, whose page posts back
//	                      its location.search
//
// The WHATWG sets, each through the API that percent-encodes with it: the
// fragment set through url.hash, the query set through url.search of a
// non-special URL, the special-query set through url.search of an http:
// URL, the path set through url.pathname of a non-special URL, the
// userinfo set through url.username, the C0 control set through the
// opaque path of "x:" URLs (the URL parser), the
// application/x-www-form-urlencoded set through URLSearchParams. The
// component set has no web API, and the RFC 3986, ECMAScript and Go sets
// are no browser's. An input a component cannot carry as it is gets
// "unsupported" with the reason as its message (the run counts it as
// skipped, and the report lists the reasons); README.md lists the rules.
//
//	testee -browser chromium|firefox-esr|webkitgtk -bin PATH
//
// It reads requests in -utf16hex mode (a Go string cannot carry a lone
// surrogate) and answers text as out_utf16.
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/pctest/pctest/internal/headless"
)

// request is one request line, as far as this testee reads it.
type request struct {
	ID      int64             `json:"id"`
	Op      string            `json:"op"`
	In      *string           `json:"in"`
	InUTF16 *string           `json:"in_utf16"`
	InHex   *string           `json:"in_hex"`
	Args    map[string]string `json:"args"`

	units  []uint16 // the text input
	octets []byte   // the octet input
}

// response is one answer line.
type response struct {
	ID          int64   `json:"id"`
	OutUTF16    *string `json:"out_utf16,omitempty"`
	Error       string  `json:"error,omitempty"`
	Message     string  `json:"message,omitempty"`
	Unsupported bool    `json:"unsupported,omitempty"`
}

func unsupported(why string) response { return response{Unsupported: true, Message: why} }

// parse reads a request line.
func parse(line []byte) (*request, error) {
	r := &request{}
	if err := json.Unmarshal(line, r); err != nil {
		return nil, err
	}
	switch {
	case r.InUTF16 != nil:
		b, err := hex.DecodeString(*r.InUTF16)
		if err != nil || len(b)%2 != 0 {
			return r, fmt.Errorf("in_utf16 %q is not hex code units", *r.InUTF16)
		}
		for i := 0; i < len(b); i += 2 {
			r.units = append(r.units, uint16(b[i])<<8|uint16(b[i+1]))
		}
	case r.In != nil:
		r.units = utf16.Encode([]rune(*r.In))
	case r.InHex != nil:
		b, err := hex.DecodeString(*r.InHex)
		if err != nil {
			return r, fmt.Errorf("in_hex: %v", err)
		}
		r.octets = b
	}
	return r, nil
}

// The JavaScript of the UTF-8 page, by op: a function of the job's input
// (a string, or for utf8DecodeReplace an array of octets) and argument.
var scripts = map[string]string{
	"encodeURI":          "function (x) { return encodeURI(x); }",
	"encodeURIComponent": "function (x) { return encodeURIComponent(x); }",
	"decodeURI":          "function (x) { return decodeURI(x); }",
	"decodeURIComponent": "function (x) { return decodeURIComponent(x); }",
	"escape":             "function (x) { return escape(x); }",
	"unescape":           "function (x) { return unescape(x); }",
	"formEncode":         "function (x) { var p = new URLSearchParams(); p.append('a', x); return p.toString().substring(2); }",
	"formDecode":         "function (x) { return new URLSearchParams('a=' + x).get('a'); }",
	"utf8DecodeReplace":  "function (x) { return new TextDecoder('utf-8', {ignoreBOM: true}).decode(new Uint8Array(x)); }",
	// percentEncodeSet, by set: a prefix 'a' (and for the opaque path a
	// suffix) keeps the setters from taking a leading '#', '?' or '/'
	// and the parser from stripping a C0 control or space at either end.
	"whatwg.fragment":        "function (x) { var u = new URL('http://h/'); u.hash = 'a' + x; return cut(u.hash, '#a', ''); }",
	"whatwg.query":           "function (x) { var u = new URL('x://h/'); u.search = 'a' + x; return cut(u.search, '?a', ''); }",
	"whatwg.special-query":   "function (x) { var u = new URL('http://h/'); u.search = 'a' + x; return cut(u.search, '?a', ''); }",
	"whatwg.path":            "function (x) { var u = new URL('x://h/'); u.pathname = 'a' + x; return cut(u.pathname, '/a', ''); }",
	"whatwg.userinfo":        "function (x) { var u = new URL('http://h/'); u.username = x; return u.username; }",
	"whatwg.c0-control":      "function (x) { return cut(new URL('x:a' + x + 'a').pathname, 'a', 'a'); }",
	"whatwg.form-urlencoded": "function (x) { var p = new URLSearchParams(); p.append('a', x); return p.toString().substring(2); }",
}

// setUnfit says why the set's API cannot carry the UTF-8 text s as it is,
// or "".
func setUnfit(set, s string) string {
	const tabs = "the URL parser removes U+0009, U+000A and U+000D"
	switch set {
	case "whatwg.fragment", "whatwg.query", "whatwg.special-query":
		if strings.ContainsAny(s, "\t\n\r") {
			return tabs
		}
	case "whatwg.path":
		if strings.ContainsAny(s, "\t\n\r") {
			return tabs
		}
		for _, seg := range strings.Split("a"+s, "/") {
			switch strings.ToLower(seg) {
			case ".", "%2e", "..", ".%2e", "%2e.", "%2e%2e":
				return "the path parser takes '.' and '..' segments (and their %2e forms) away"
			}
		}
	case "whatwg.c0-control":
		if strings.ContainsAny(s, "\t\n\r") {
			return tabs
		}
		if strings.ContainsAny(s, "?#") {
			return "'?' and '#' end an opaque path"
		}
	case "whatwg.form-urlencoded":
		if strings.Contains(s, " ") {
			return "URLSearchParams writes U+0020 as '+', not %20"
		}
	case "whatwg.userinfo":
	case "whatwg.component":
		return "no web API percent-encodes with the component percent-encode set"
	default:
		return "not a WHATWG set: no browser API percent-encodes with it"
	}
	return ""
}

// A job is one request the browser answers.
type job struct {
	i    int    // index in the batch
	fn   string // key of scripts (UTF-8 page), or "query", "scheme", "form"
	in   string // the input as a JavaScript string literal or array
	arg  string // queryEncodeScheme's scheme, as a literal
	form int    // formEncodeLegacy: the hidden input's number
}

// A page is one page of a batch: the UTF-8 page, or one encoding's.
type page struct {
	label string
	jobs  []job
	forms int
}

// host serves the batch's pages and collects what they post.
type host struct {
	mu      sync.Mutex
	pages   []*page
	answers []response
	batch   int
}

// plan answers what needs no browser and puts the rest on pages.
func (h *host) plan(reqs []*request) {
	h.pages = []*page{{label: "utf-8"}}
	h.answers = make([]response, len(reqs))
	byLabel := map[string]*page{}
	for i, r := range reqs {
		add := func(label string, j job) {
			j.i = i
			p := h.pages[0]
			if label != "" {
				if p = byLabel[label]; p == nil {
					p = &page{label: label}
					byLabel[label] = p
					h.pages = append(h.pages, p)
				}
			}
			if j.fn == "form" {
				j.form = p.forms
				p.forms++
			}
			p.jobs = append(p.jobs, j)
			h.answers[i] = response{Error: "NoAnswer", Message: "the page posted no answer"}
		}
		switch op := r.Op; op {
		case "encodeURI", "encodeURIComponent", "decodeURI", "decodeURIComponent", "escape", "unescape", "formEncode":
			add("", job{fn: op, in: headless.JSString(r.units)})
		case "formDecode":
			if slicesContains(r.units, '&') {
				h.answers[i] = unsupported("'&' separates pairs: URLSearchParams reads one name or value only without it")
				continue
			}
			add("", job{fn: op, in: headless.JSString(r.units)})
		case "utf8DecodeReplace":
			add("", job{fn: op, in: octetArray(r.octets)})
		case "percentEncodeSet":
			set := r.Args["set"]
			if !utf8.Valid(r.octets) {
				if why := setUnfit(set, ""); why != "" {
					h.answers[i] = unsupported(why)
				} else {
					h.answers[i] = unsupported("a URL setter takes a string: octets that are not UTF-8 cannot reach it")
				}
				continue
			}
			s := string(r.octets)
			if why := setUnfit(set, s); why != "" {
				h.answers[i] = unsupported(why)
				continue
			}
			add("", job{fn: set, in: headless.JSString(utf16.Encode([]rune(s)))})
		case "queryEncode", "queryEncodeScheme", "formEncodeLegacy":
			label := r.Args["encoding"]
			if why := headless.PageUnfit(label); why != "" {
				h.answers[i] = unsupported(why)
				continue
			}
			s := string(utf16.Decode(r.units))
			j := job{fn: "query", in: headless.JSString(r.units)}
			switch op {
			case "formEncodeLegacy":
				j.fn = "form"
			case "queryEncodeScheme":
				j.fn, j.arg = "scheme", headless.JSString(utf16.Encode([]rune(r.Args["scheme"])))
			}
			// The page appends '#', which ends the query (and
			// flushes ISO-2022-JP's state) and keeps the parser from
			// stripping a C0 control or space at the end: so only '#'
			// and the characters the parser removes anywhere are
			// unfit, which QueryUnfit(s + "a") says.
			if j.fn != "form" {
				if why := headless.QueryUnfit(s + "a"); why != "" {
					h.answers[i] = unsupported(why)
					continue
				}
			} else if strings.ContainsAny(s, "\r\n") {
				h.answers[i] = unsupported("form submission normalizes line breaks to CRLF before the serializer (HTML, converting to a list of name-value pairs)")
				continue
			}
			add(label, j)
		default:
			h.answers[i] = unsupported("no browser API claims " + op)
		}
	}
	for i, r := range reqs {
		h.answers[i].ID = r.ID
	}
	if len(h.pages[0].jobs) == 0 {
		h.pages = h.pages[1:]
	}
}

func slicesContains(u []uint16, c uint16) bool {
	for _, x := range u {
		if x == c {
			return true
		}
	}
	return false
}

func octetArray(b []byte) string {
	var s strings.Builder
	s.WriteByte('[')
	for i, c := range b {
		if i > 0 {
			s.WriteByte(',')
		}
		s.WriteString(strconv.Itoa(int(c)))
	}
	s.WriteByte(']')
	return s.String()
}

// pageJS is the script every page shares: hex writes a string's code
// units, four hex digits each (JSON cannot carry a lone surrogate to Go);
// run calls f and keeps its answer or the error it throws; cut takes a
// prefix and a suffix away, or marks the whole string with '!' when they
// are not there; query sets a.href to a URL of the scheme with the input
// as its query and reads the query back from a.search (the rest of the
// URL, such as a file: URL's host, plays no part), or the whole href
// marked with '!' when the URL did not parse.
const pageJS = `function hex(s) { var o = ''; for (var i = 0; i < s.length; i++) o += ('000' + s.charCodeAt(i).toString(16)).slice(-4); return o; }
function run(f, x, y) { try { var r = f(x, y); return r === null ? {e: 'null', m: 'null'} : {o: hex(String(r))}; } catch (e) { return {e: String(e && e.name), m: String(e && e.message)}; } }
function cut(s, pre, post) { return s.substring(0, pre.length) == pre && s.substring(s.length - post.length) == post && s.length >= pre.length + post.length ? s.substring(pre.length, s.length - post.length) : '!' + s; }
function query(scheme, x) { var a = document.createElement('a'); a.href = scheme + '://example.test/?' + x + '#'; return a.search ? a.search.substring(1) : a.protocol == scheme + ':' ? '' : '!' + a.href; }
function post(n, out) { var x = new XMLHttpRequest(); x.open('POST', '/r/' + n, false); x.setRequestHeader('Content-Type', 'application/json'); x.send(JSON.stringify(out)); }
`

// render writes page n of the batch.
func (h *host) render(n int) []byte {
	p := h.pages[n]
	var b strings.Builder
	b.WriteString("<!doctype html><title>p</title><body><script>\n" + pageJS + "var F = {\n")
	used := map[string]bool{}
	for _, j := range p.jobs {
		if s, ok := scripts[j.fn]; ok && !used[j.fn] {
			used[j.fn] = true
			fmt.Fprintf(&b, "%q: %s,\n", j.fn, s)
		}
	}
	fmt.Fprintf(&b, `query: function (x) { return query('http', x); },
scheme: function (x, s) { return query(s, x); }
};
var out = [];
`)
	var forms []string
	for _, j := range p.jobs {
		if j.fn == "form" {
			forms = append(forms, j.in)
			continue
		}
		arg := j.arg
		if arg == "" {
			arg = "undefined"
		}
		fmt.Fprintf(&b, "out.push(run(F[%q], %s, %s));\n", j.fn, j.in, arg)
	}
	fmt.Fprintf(&b, "post('%d.%d', out);\n", h.batch, n)
	if len(forms) == 0 {
		b.WriteString("parent.next();\n</script>")
	} else {
		fmt.Fprintf(&b, "var fs = [%s];\n", strings.Join(forms, ","))
		fmt.Fprintf(&b, `var f = document.createElement('form'); f.method = 'get'; f.action = '/f/%d.%d';
for (var k = 0; k < fs.length; k++) { var h = document.createElement('input'); h.type = 'hidden'; h.name = 'v' + k; h.value = fs[k]; f.appendChild(h); }
document.body.appendChild(f);
f.submit();
</script>`, h.batch, n)
	}
	return headless.EncodePage(b.String(), p.label)
}

// pageOf returns the page a path names ("/x/BATCH.N"), if it is of this
// batch.
func (h *host) pageOf(path, prefix string) (*page, int, bool) {
	b, n, ok := strings.Cut(strings.TrimPrefix(path, prefix), ".")
	bi, err1 := strconv.Atoi(b)
	ni, err2 := strconv.Atoi(n)
	if !ok || err1 != nil || err2 != nil || bi != h.batch || ni < 0 || ni >= len(h.pages) {
		return nil, 0, false
	}
	return h.pages[ni], ni, true
}

func (h *host) handlers(mux *http.ServeMux) {
	mux.HandleFunc("/p/", func(w http.ResponseWriter, r *http.Request) {
		h.mu.Lock()
		defer h.mu.Unlock()
		p, n, ok := h.pageOf(r.URL.Path, "/p/")
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset="+p.label)
		w.Write(h.render(n))
	})
	mux.HandleFunc("/r/", func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		var out []struct{ O, E, M *string }
		h.mu.Lock()
		defer h.mu.Unlock()
		p, _, ok := h.pageOf(r.URL.Path, "/r/")
		if !ok {
			http.NotFound(w, r)
			return
		}
		if err := json.Unmarshal(body, &out); err != nil {
			fmt.Fprintf(os.Stderr, "browser: page posted %q: %v\n", body, err)
			http.Error(w, "bad", 400)
			return
		}
		k := 0
		for _, j := range p.jobs {
			if j.fn == "form" {
				continue
			}
			if k >= len(out) {
				break
			}
			o := out[k]
			k++
			a := &h.answers[j.i]
			switch {
			case o.O != nil:
				*a = response{ID: a.ID, OutUTF16: o.O}
			case o.E != nil && *o.E == "URIError":
				*a = response{ID: a.ID, Error: "URIError", Message: deref(o.M)}
			case o.E != nil:
				*a = response{ID: a.ID, Error: "Threw", Message: *o.E + ": " + deref(o.M)}
			}
		}
	})
	// The form's target posts back its own location.search: the query
	// as the serializer wrote it (WebKitGTK's network stack decodes %7E
	// to ~ in the request it sends, RFC 3986 §6.2.2.2).
	mux.HandleFunc("/f/", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		io.WriteString(w, `<!doctype html><script>
var x = new XMLHttpRequest(); x.open('POST', '/q'+ location.pathname, false); x.send(location.search.substring(1));
parent.next();
</script>`)
	})
	mux.HandleFunc("/q/f/", func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		h.mu.Lock()
		defer h.mu.Unlock()
		p, _, ok := h.pageOf(r.URL.Path, "/q/f/")
		if !ok {
			http.NotFound(w, r)
			return
		}
		vals := map[string]string{}
		if len(body) > 0 {
			for _, kv := range strings.Split(string(body), "&") {
				k, v, _ := strings.Cut(kv, "=")
				vals[k] = v
			}
		}
		for _, j := range p.jobs {
			if j.fn != "form" {
				continue
			}
			if got, ok := vals["v"+strconv.Itoa(j.form)]; ok {
				hx := unitsHex(utf16.Encode([]rune(got)))
				h.answers[j.i] = response{ID: h.answers[j.i].ID, OutUTF16: &hx}
			}
		}
	})
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

func unitsHex(u []uint16) string {
	var b strings.Builder
	for _, c := range u {
		fmt.Fprintf(&b, "%04x", c)
	}
	return b.String()
}

// answer answers one batch of requests: it plans the pages, loads each in
// the browser, and returns the answers in the requests' order.
func (h *host) answer(ctx context.Context, s *headless.Session, reqs []*request) ([]response, error) {
	h.mu.Lock()
	h.batch++
	h.plan(reqs)
	n := len(h.pages)
	batch := h.batch
	h.mu.Unlock()
	for i := 0; i < n; i++ {
		err := s.Load(ctx, fmt.Sprintf("/p/%d.%d", batch, i))
		var noscript *headless.NoScriptError
		if errors.As(err, &noscript) {
			// The page's script never ran: its requests have no
			// answer, and say why.
			h.mu.Lock()
			p := h.pages[i]
			for _, j := range p.jobs {
				h.answers[j.i] = response{ID: h.answers[j.i].ID, Error: "NoScript", Message: fmt.Sprintf("a page served with charset=%s ran no script: the browser loaded it as a document without scripts", p.label)}
			}
			h.mu.Unlock()
			continue
		}
		if err != nil {
			return nil, err
		}
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.answers, nil
}

func main() {
	kind := flag.String("browser", "", "the browser: "+strings.Join(headless.Kinds, ", "))
	bin := flag.String("bin", "", "its executable (for webkitgtk: WebKitWebDriver)")
	repro := flag.String("repro", "", "instead: load this HTML `file` (a bug's reproduction) and print the text it writes into its element with id \"result\"")
	flag.Parse()
	if *repro != "" {
		if err := runRepro(*kind, *bin, *repro); err != nil {
			fmt.Fprintln(os.Stderr, "browser:", err)
			os.Exit(1)
		}
		return
	}
	if err := serve(*kind, *bin); err != nil {
		fmt.Fprintln(os.Stderr, "browser:", err)
		os.Exit(1)
	}
}

// runRepro serves the HTML file from 127.0.0.1 as it is, at any query
// (its own <meta charset> names its encoding; a form may submit to it),
// loads it in the browser inside a frame of a page that waits for a load
// of it that leaves text in its element with id "result", and prints that
// text: what a bug's reproduction shows in any browser it is opened in.
func runRepro(kind, bin, file string) error {
	page, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	text := make(chan string, 1)
	mux := http.NewServeMux()
	mux.HandleFunc("/repro.html", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.Write(page)
	})
	mux.HandleFunc("/frame", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		io.WriteString(w, `<!doctype html><iframe id=r src="/repro.html"></iframe><script>
document.getElementById('r').onload = function () {
  var o = document.getElementById('r').contentDocument.getElementById('result');
  if (!o || o.textContent === '') return;
  var x = new XMLHttpRequest(); x.open('POST', '/text', false);
  x.send(o.textContent);
  parent.next();
};
</script>`)
	})
	mux.HandleFunc("/text", func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		select {
		case text <- string(b):
		default:
		}
	})
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	s, err := headless.Start(ctx, kind, bin, mux)
	if err != nil {
		return err
	}
	defer s.Close()
	if err := s.Load(ctx, "/frame"); err != nil {
		return err
	}
	fmt.Println(strings.TrimSpace(<-text))
	return nil
}

// serve starts the browser and answers requests from stdin until end of
// input, a batch at a time: every complete line read so far (up to 2,000).
func serve(kind, bin string) error {
	if kind == "" || bin == "" {
		return fmt.Errorf("want -browser (one of %s) and -bin", strings.Join(headless.Kinds, ", "))
	}
	mux := http.NewServeMux()
	h := &host{}
	h.handlers(mux)
	s, err := headless.Start(context.Background(), kind, bin, mux)
	if err != nil {
		return err
	}
	defer s.Close()
	in := bufio.NewReaderSize(os.Stdin, 1<<20)
	out := bufio.NewWriterSize(os.Stdout, 1<<16)
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	for {
		var reqs []*request
		var bad []response
		var rerr error
		for len(reqs)+len(bad) < 2000 {
			line, err := in.ReadBytes('\n')
			if len(bytes.TrimSpace(line)) > 0 {
				r, perr := parse(line)
				switch {
				case r == nil:
					return fmt.Errorf("bad request line %q: %v", line, perr)
				case perr != nil:
					bad = append(bad, response{ID: r.ID, Error: "BadRequest", Message: perr.Error()})
					reqs = append(reqs, nil)
				default:
					reqs = append(reqs, r)
				}
			}
			if err != nil {
				rerr = err
				break
			}
			if !hasLine(in) {
				break
			}
		}
		// Requests that could not be read get their error in place.
		var good []*request
		for _, r := range reqs {
			if r != nil {
				good = append(good, r)
			}
		}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
		answers, err := h.answer(ctx, s, good)
		cancel()
		if err != nil {
			return err
		}
		k, b := 0, 0
		for _, r := range reqs {
			var a response
			if r == nil {
				a, b = bad[b], b+1
			} else {
				a, k = answers[k], k+1
			}
			if err := enc.Encode(a); err != nil {
				return err
			}
		}
		if err := out.Flush(); err != nil {
			return err
		}
		if rerr == io.EOF {
			return nil
		}
		if rerr != nil {
			return rerr
		}
	}
}

func hasLine(in *bufio.Reader) bool {
	b, _ := in.Peek(in.Buffered())
	return bytes.IndexByte(b, '\n') >= 0
}
