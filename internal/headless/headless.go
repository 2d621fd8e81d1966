// Package headless runs a Debian browser, headless, on pages served from
// 127.0.0.1, for the tools that check vectors in real browsers
// (vectors/internal/chromium, cmd/pctest/internal/wptcheck): the server,
// the browser's command line and fresh profile, and the few helpers their
// pages share.
package headless

import (
	"context"
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
)

// Browse serves mux on a loopback port and runs the browser (bin,
// "chromium" or "firefox-esr" by kind) headless on a driver page at "/",
// with a fresh profile and no background networking. The driver loads each
// of pages (paths on mux) in turn into an iframe; a page calls
// parent.next() once it has posted its answers, and after the last one the
// driver posts to "/done", which ends the run. Browse registers "/" and
// "/done" on mux itself; it kills the browser when the run ends or timeout
// passes, and says which.
func Browse(kind, bin string, mux *http.ServeMux, pages []string, timeout time.Duration) error {
	done := make(chan struct{})
	var once sync.Once
	list, err := json.Marshal(pages)
	if err != nil {
		return err
	}
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, `<!doctype html><title>driver</title><iframe id=f></iframe><script>
var pages = %s, i = 0;
function next() {
  if (i == pages.length) { var x = new XMLHttpRequest(); x.open('POST', '/done', false); x.send(''); return; }
  document.getElementById('f').src = pages[i++];
}
next();
</script>`, list)
	})
	mux.HandleFunc("/done", func(w http.ResponseWriter, r *http.Request) { once.Do(func() { close(done) }) })
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: mux}
	go srv.Serve(ln)
	defer srv.Close()
	profile, err := os.MkdirTemp("", "pctest-"+kind+"-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(profile)
	url := "http://" + ln.Addr().String() + "/"
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	var cmd *exec.Cmd
	switch kind {
	case "chromium":
		cmd = exec.CommandContext(ctx, bin, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
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
			return err
		}
		cmd = exec.CommandContext(ctx, bin, "-headless", "-no-remote", "-profile", profile, url)
		cmd.Env = append(os.Environ(), "MOZ_HEADLESS=1")
	default:
		return fmt.Errorf("headless: unknown browser %q (want chromium or firefox-esr)", kind)
	}
	cmd.Stdout, cmd.Stderr = io.Discard, io.Discard
	if err := cmd.Start(); err != nil {
		return err
	}
	select {
	case <-done:
	case <-ctx.Done():
	}
	cmd.Process.Kill()
	cmd.Wait()
	if ctx.Err() != nil {
		return fmt.Errorf("%s did not finish in %v", kind, timeout)
	}
	return nil
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
