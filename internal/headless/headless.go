// Package headless runs a Debian browser, headless, on pages served from
// 127.0.0.1, for the tools that check vectors in real browsers
// (vectors/internal/chromium, cmd/pctest/internal/wptcheck): the server,
// the browser's command line and fresh profile, and the few helpers their
// pages share.
package headless

import (
	"bufio"
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"
	"unicode/utf16"
)

// Browse serves mux on a loopback port and runs the browser of kind
// (Start) on a driver page, which loads each of pages (paths on mux) in
// turn into an iframe; a page calls parent.next() once it has posted its
// answers. Browse registers "/" and "/next" on mux itself; it ends the
// browser when the last page is done or timeout passes, and says which.
func Browse(kind, bin string, mux *http.ServeMux, pages []string, timeout time.Duration) error {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	s, err := Start(ctx, kind, bin, mux)
	if err != nil {
		return err
	}
	defer s.Close()
	for _, p := range pages {
		if err := s.Load(ctx, p); err != nil {
			if ctx.Err() != nil {
				return fmt.Errorf("%s did not finish in %v", kind, timeout)
			}
			return err
		}
	}
	return nil
}

// A Session is a headless browser kept running on a driver page served
// from 127.0.0.1, which loads into an iframe each page it is given by
// Load, one at a time. A page says it is done by calling parent.next()
// (itself or from a page it leads to, such as a form's response).
type Session struct {
	// Kind is the browser's kind, as given to Start.
	Kind string
	// Origin is the server's origin, "http://127.0.0.1:PORT".
	Origin string

	srv    *http.Server
	next   chan string
	ack    chan bool // true: the page ran no script
	exited chan struct{}
	stop   func()
	seq    int
}

// Kinds are the browsers Start runs: Debian's chromium and firefox-esr
// (bin is the browser), and WebKitGTK's MiniBrowser through
// webkit2gtk-driver's WebKitWebDriver (bin is the driver), on an Xvfb
// display of its own when DISPLAY is not set.
var Kinds = []string{"chromium", "firefox-esr", "webkitgtk"}

// Start serves mux on a loopback port, registers the driver page "/" and
// its long poll "/next" on it, runs the browser of kind headless on the
// driver page with a fresh profile and no background networking, and
// returns once the page has asked for its first page, or with an error
// when the browser does not get that far before ctx ends or within a
// minute.
func Start(ctx context.Context, kind, bin string, mux *http.ServeMux) (*Session, error) {
	s := &Session{Kind: kind, next: make(chan string), ack: make(chan bool), exited: make(chan struct{})}
	ready := make(chan struct{})
	var once sync.Once
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		io.WriteString(w, `<!doctype html><title>driver</title><iframe id=f></iframe><script>
var f = document.getElementById('f'), waiting = false;
function next(noscript) {
  waiting = false;
  var x = new XMLHttpRequest();
  x.open('POST', noscript ? '/next?noscript=1' : '/next', true);
  x.onload = function () { if (x.status == 200) { waiting = true; f.src = x.responseText; } };
  x.onerror = function () { setTimeout(function () { next(noscript); }, 200); };
  x.send('');
}
f.onload = function () {
  var d = null;
  try { d = f.contentDocument; } catch (e) {}
  if (waiting && d && d.scripts.length == 0) next(true);
};
next();
</script>`)
	})
	mux.HandleFunc("/next", func(w http.ResponseWriter, r *http.Request) {
		first := false
		once.Do(func() { first = true; close(ready) })
		if !first {
			select {
			case s.ack <- r.URL.Query().Get("noscript") != "":
			case <-r.Context().Done():
				return
			}
		}
		select {
		case p := <-s.next:
			io.WriteString(w, p)
		case <-r.Context().Done():
		}
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	s.Origin = "http://" + ln.Addr().String()
	s.srv = &http.Server{Handler: mux}
	go s.srv.Serve(ln)
	stop, err := launch(kind, bin, s.Origin+"/", s.exited)
	if err != nil {
		s.srv.Close()
		return nil, fmt.Errorf("%s: %w", kind, err)
	}
	s.stop = stop
	select {
	case <-ready:
		return s, nil
	case <-s.exited:
		err = fmt.Errorf("%s exited before it loaded the driver page", kind)
	case <-ctx.Done():
		err = fmt.Errorf("%s did not load the driver page: %w", kind, ctx.Err())
	case <-time.After(time.Minute):
		err = fmt.Errorf("%s did not load the driver page in a minute", kind)
	}
	s.Close()
	return nil, err
}

// Load loads path (a path on the session's mux, which may have a query)
// into the driver page's iframe and returns when a page calls
// parent.next(), with a *NoScriptError when the iframe finished loading
// a document without script elements, or with another error when the
// browser exits or ctx ends first.
func (s *Session) Load(ctx context.Context, path string) error {
	s.seq++
	sep := "?"
	if strings.Contains(path, "?") {
		sep = "&"
	}
	// A query of its own, so that the iframe navigates even when path
	// is the one it shows.
	path += fmt.Sprintf("%sload=%d", sep, s.seq)
	select {
	case s.next <- path:
	case <-s.exited:
		return fmt.Errorf("%s exited", s.Kind)
	case <-ctx.Done():
		return fmt.Errorf("%s did not ask for %s: %w", s.Kind, path, ctx.Err())
	}
	select {
	case noscript := <-s.ack:
		if noscript {
			return &NoScriptError{Kind: s.Kind, Path: path}
		}
		return nil
	case <-s.exited:
		return fmt.Errorf("%s exited while it loaded %s", s.Kind, path)
	case <-ctx.Done():
		return fmt.Errorf("%s did not finish %s: %w", s.Kind, path, ctx.Err())
	}
}

// A NoScriptError is what Load returns when the page it loaded (or one
// it led to) holds no script that ran: the browser loaded a document
// without the page's script elements, as WebKitGTK does with a page
// served in an encoding it does not decode.
type NoScriptError struct {
	Kind, Path string
}

func (e *NoScriptError) Error() string {
	return fmt.Sprintf("%s loaded %s as a document without scripts, so none ran", e.Kind, e.Path)
}

// Close ends the browser and the server.
func (s *Session) Close() {
	if s.stop != nil {
		s.stop()
	}
	s.srv.Close()
}

// launch starts the browser of kind on url; exited is closed when it
// ends, and stop ends it and what it started.
func launch(kind, bin, url string, exited chan struct{}) (stop func(), err error) {
	profile, err := os.MkdirTemp("", "pctest-"+kind+"-")
	if err != nil {
		return nil, err
	}
	var cmd *exec.Cmd
	switch kind {
	case "chromium":
		cmd = exec.Command(bin, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
			"--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
			"--user-data-dir="+profile, url)
	case "firefox-esr":
		prefs := `user_pref("browser.shell.checkDefaultBrowser", false);
user_pref("datareporting.policy.dataSubmissionEnabled", false);
user_pref("toolkit.telemetry.reportingpolicy.firstRun", false);
user_pref("app.update.enabled", false);
user_pref("browser.startup.homepage_override.mstone", "ignore");
`
		if err := os.WriteFile(filepath.Join(profile, "user.js"), []byte(prefs), 0o644); err != nil {
			os.RemoveAll(profile)
			return nil, err
		}
		cmd = exec.Command(bin, "-headless", "-no-remote", "-profile", profile, url)
		cmd.Env = append(os.Environ(), "MOZ_HEADLESS=1")
	case "webkitgtk":
		os.RemoveAll(profile)
		return webkit(bin, url, exited)
	default:
		os.RemoveAll(profile)
		return nil, fmt.Errorf("unknown browser %q (want one of %s)", kind, strings.Join(Kinds, ", "))
	}
	cmd.Stdout, cmd.Stderr = io.Discard, io.Discard
	if err := cmd.Start(); err != nil {
		os.RemoveAll(profile)
		return nil, err
	}
	go func() { cmd.Wait(); close(exited) }()
	return func() {
		cmd.Process.Kill()
		<-exited
		os.RemoveAll(profile)
	}, nil
}

// webkit runs WebKitGTK's MiniBrowser on url through the WebDriver
// server bin (WebKitWebDriver), on a display of its own from Xvfb when
// DISPLAY is not set: it starts the server, asks it for a session of
// MiniBrowser in automation mode and for url, and does not wait for the
// page to load. exited is closed when the server ends.
func webkit(bin, url string, exited chan struct{}) (stop func(), err error) {
	var xvfb *exec.Cmd
	env := os.Environ()
	if os.Getenv("DISPLAY") == "" {
		r, w, err := os.Pipe()
		if err != nil {
			return nil, err
		}
		xvfb = exec.Command("Xvfb", "-displayfd", "3", "-screen", "0", "1024x768x24", "-nolisten", "tcp")
		xvfb.ExtraFiles = []*os.File{w}
		if err := xvfb.Start(); err != nil {
			r.Close()
			w.Close()
			return nil, fmt.Errorf("cannot start Xvfb (Debian's xvfb), for a display: %w", err)
		}
		w.Close()
		line, err := bufio.NewReader(r).ReadString('\n')
		r.Close()
		if err != nil {
			xvfb.Process.Kill()
			xvfb.Wait()
			return nil, fmt.Errorf("no display number from Xvfb: %v", err)
		}
		env = append(env, "DISPLAY=:"+strings.TrimSpace(line))
	}
	endX := func() {
		if xvfb != nil {
			xvfb.Process.Kill()
			xvfb.Wait()
		}
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		endX()
		return nil, err
	}
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	driver := exec.Command(bin, fmt.Sprintf("--port=%d", port))
	driver.Env = env
	driver.Stdout, driver.Stderr = io.Discard, io.Discard
	if err := driver.Start(); err != nil {
		endX()
		return nil, err
	}
	go func() { driver.Wait(); close(exited) }()
	endDriver := func() {
		driver.Process.Kill()
		<-exited
		endX()
	}
	api := fmt.Sprintf("http://127.0.0.1:%d", port)
	browser, _ := filepath.Glob("/usr/lib/*/webkit2gtk-4.1/MiniBrowser")
	if len(browser) == 0 {
		endDriver()
		return nil, fmt.Errorf("no MiniBrowser under /usr/lib/*/webkit2gtk-4.1 (Debian's libwebkit2gtk-4.1-0)")
	}
	caps := map[string]any{"capabilities": map[string]any{"alwaysMatch": map[string]any{
		"pageLoadStrategy":         "none",
		"webkitgtk:browserOptions": map[string]any{"binary": browser[0], "args": []string{"--automation"}},
	}}}
	var session struct {
		Value struct {
			SessionID string `json:"sessionId"`
		} `json:"value"`
	}
	// The server takes a moment to listen.
	for try := 0; ; try++ {
		err = webdriver(api+"/session", caps, &session)
		if err == nil || try == 50 {
			break
		}
		select {
		case <-exited:
			endX()
			return nil, fmt.Errorf("%s exited: %v", bin, err)
		case <-time.After(200 * time.Millisecond):
		}
	}
	if err != nil {
		endDriver()
		return nil, fmt.Errorf("%s: new session: %w", bin, err)
	}
	sessionURL := api + "/session/" + session.Value.SessionID
	if err := webdriver(sessionURL+"/url", map[string]string{"url": url}, nil); err != nil {
		endDriver()
		return nil, fmt.Errorf("%s: navigate: %w", bin, err)
	}
	return func() {
		req, _ := http.NewRequest(http.MethodDelete, sessionURL, nil)
		if resp, err := (&http.Client{Timeout: 10 * time.Second}).Do(req); err == nil {
			resp.Body.Close()
		}
		endDriver()
	}, nil
}

// webdriver posts body as JSON to a WebDriver endpoint and decodes the
// answer into out (when not nil); a WebDriver error is returned as one.
func webdriver(url string, body, out any) error {
	data, err := json.Marshal(body)
	if err != nil {
		return err
	}
	resp, err := (&http.Client{Timeout: time.Minute}).Post(url, "application/json", bytes.NewReader(data))
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	answer, err := io.ReadAll(resp.Body)
	if err != nil {
		return err
	}
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("%s: %s", resp.Status, bytes.TrimSpace(answer))
	}
	if out == nil {
		return nil
	}
	return json.Unmarshal(answer, out)
}

// JSString writes code units as a JavaScript string literal of ASCII:
// letters and digits as they are, every other code unit as \uXXXX, so that
// a page means the same in every ASCII-compatible encoding.
func JSString(u []uint16) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, c := range u {
		if c < 0x80 && (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			b.WriteByte(byte(c))
			continue
		}
		fmt.Fprintf(&b, "\\u%04x", c)
	}
	b.WriteByte('"')
	return b.String()
}

// QueryUnfit says why the URL parser cannot carry in as a URL's query as
// it is, or "": a '#' starts the fragment; tab, LF and CR are removed; a
// C0 control or space at the end is stripped.
func QueryUnfit(in string) string {
	if strings.ContainsAny(in, "#") {
		return "'#' starts the fragment in the URL parser"
	}
	if strings.ContainsAny(in, "\t\n\r") {
		return "the URL parser removes U+0009, U+000A and U+000D"
	}
	if in != "" && in[len(in)-1] <= 0x20 {
		return "the URL parser strips a C0 control or space at the end"
	}
	return ""
}

// PageUnfit says why no page can be served in the encoding label, or "":
// a label with white space, which a Content-Type header cannot carry as
// it is, or one of the replacement encoding, whose decoder turns the page
// into one U+FFFD so that no script runs.
func PageUnfit(label string) string {
	if strings.TrimSpace(label) != label || strings.ContainsAny(label, " \t\n") {
		return "a Content-Type header cannot carry the label's white space as it is"
	}
	switch strings.ToLower(label) {
	case "replacement", "csiso2022kr", "hz-gb-2312", "iso-2022-cn", "iso-2022-cn-ext", "iso-2022-kr":
		return "the replacement decoder turns the page into one U+FFFD, so no script runs"
	}
	return ""
}

// DocumentUnfit says why no ASCII document can be served in the encoding
// label, or "": PageUnfit's reasons, and the UTF-16 labels, whose
// documents are not ASCII-compatible (the URL parser uses UTF-8 for them,
// which a UTF-8 document tests). The WPT export writes a test document
// per label that is fit, and its checker runs the same.
func DocumentUnfit(label string) string {
	if why := PageUnfit(label); why != "" {
		return why
	}
	switch strings.ToLower(label) {
	case "utf-16", "utf-16le", "utf-16be", "unicodefffe", "unicodefeff", "ucs-2", "unicode", "csunicode", "iso-10646-ucs-2":
		return "a UTF-16 document is not ASCII-compatible; the URL parser uses UTF-8 for it (covered by the utf-8 outputs)"
	}
	return ""
}

// EncodePage returns the bytes of the page s (ASCII) for a document
// served in the encoding label: s as it is, which every ASCII-compatible
// encoding reads as it is, or UTF-16 without a BOM for the UTF-16 labels
// (WHATWG Encoding §4.2), in their byte order.
func EncodePage(s, label string) []byte {
	var order binary.AppendByteOrder
	switch strings.ToLower(label) {
	case "utf-16be", "unicodefffe":
		order = binary.BigEndian
	case "utf-16le", "utf-16", "csunicode", "iso-10646-ucs-2", "ucs-2", "unicode", "unicodefeff":
		order = binary.LittleEndian
	default:
		return []byte(s)
	}
	var out []byte
	for _, c := range utf16.Encode([]rune(s)) {
		out = order.AppendUint16(out, c)
	}
	return out
}
