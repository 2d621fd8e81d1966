package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/pctest/pctest/codec"
	"github.com/pctest/pctest/internal/headless"
)

// sweepLabels are the legacy encodings the sweep covers, one label each.
var sweepLabels = []string{
	"ibm866", "iso-8859-2", "iso-8859-3", "iso-8859-4", "iso-8859-5", "iso-8859-6", "iso-8859-7",
	"iso-8859-8", "iso-8859-8-i", "iso-8859-10", "iso-8859-13", "iso-8859-14", "iso-8859-15",
	"iso-8859-16", "koi8-r", "koi8-u", "macintosh", "windows-874", "windows-1250", "windows-1251",
	"windows-1252", "windows-1253", "windows-1254", "windows-1255", "windows-1256", "windows-1257",
	"windows-1258", "x-mac-cyrillic", "gbk", "gb18030", "big5", "euc-jp", "iso-2022-jp", "shift_jis",
	"euc-kr", "x-user-defined",
}

// sweepCodePoints are U+0080 to U+FFFF but the surrogates, and every
// 4096th code point above with the last one.
func sweepCodePoints() []rune {
	var cps []rune
	for c := rune(0x80); c <= 0x10FFFF; c++ {
		if c >= 0xD800 && c < 0xE000 || c > 0xFFFF && c%4096 != 0 && c != 0x10FFFF {
			continue
		}
		cps = append(cps, c)
	}
	return cps
}

// runSweep asks Chromium for the query of every code point of
// sweepCodePoints in every encoding of sweepLabels, one code point per
// query (joined with '&' into one URL per 512, but one URL each for
// ISO-2022-JP, whose bytes may be 0x26 and whose state runs on), and
// prints each answer that differs from package codec's
// (PercentEncodeAfterEncodingString with the special-query set), and
// fails if there is one. The codec is the judge here because the sweep
// is far larger than the vectors; the codec is checked against the
// generator's transcription of the Encoding Standard over the same code
// points by TestPercentEncodeAfterEncodingTables in package codec.
func runSweep(bin string, timeout time.Duration) error {
	cps := sweepCodePoints()
	var mu sync.Mutex
	results := map[int][]string{}
	mux := http.NewServeMux()
	mux.HandleFunc("/s/", func(w http.ResponseWriter, r *http.Request) {
		i, err := strconv.Atoi(strings.TrimPrefix(r.URL.Path, "/s/"))
		if err != nil || i < 0 || i >= len(sweepLabels) {
			http.NotFound(w, r)
			return
		}
		chunk := 512
		if sweepLabels[i] == "iso-2022-jp" {
			chunk = 1
		}
		w.Header().Set("Content-Type", "text/html; charset="+sweepLabels[i])
		fmt.Fprintf(w, `<!doctype html><body><script>
var cps = [%s], out = [], chunk = %d;
for (var k = 0; k < cps.length; k += chunk) {
  var parts = [];
  for (var j = k; j < Math.min(k + chunk, cps.length); j++) parts.push(String.fromCodePoint(cps[j]));
  var a = document.createElement('a');
  a.href = %q + parts.join('&');
  var q = a.href.substring(%d);
  if (chunk == 1) out.push(q); else out.push.apply(out, q.split('&'));
}
var x = new XMLHttpRequest(); x.open('POST', '/r/%d', false); x.send(JSON.stringify(out));
parent.next();
</script>`, joinInts(cps), chunk, base, len(base), i)
	})
	mux.HandleFunc("/r/", func(w http.ResponseWriter, r *http.Request) {
		i, _ := strconv.Atoi(strings.TrimPrefix(r.URL.Path, "/r/"))
		body, _ := io.ReadAll(r.Body)
		var out []string
		json.Unmarshal(body, &out)
		mu.Lock()
		results[i] = out
		mu.Unlock()
	})
	pages := make([]string, len(sweepLabels))
	for i := range sweepLabels {
		pages[i] = fmt.Sprintf("/s/%d", i)
	}
	if err := headless.Browse("chromium", bin, mux, pages, timeout); err != nil {
		return err
	}
	total := 0
	for i, label := range sweepLabels {
		out := results[i]
		if len(out) != len(cps) {
			fmt.Printf("%s: %d answers for %d code points\n", label, len(out), len(cps))
			continue
		}
		n := 0
		for k, c := range cps {
			want, err := codec.PercentEncodeAfterEncodingString(label, string(c), codec.WHATWGSpecialQuery, false)
			if err != nil {
				return err
			}
			if out[k] != want {
				if n < 20 {
					fmt.Printf("%s U+%04X: Chromium %s, codec %s\n", label, c, out[k], want)
				}
				n++
			}
		}
		total += n
		fmt.Printf("%s: %d of %d code points differ\n", label, n, len(cps))
	}
	fmt.Printf("sweep: %d differences over %d encodings × %d code points (%s)\n", total, len(sweepLabels), len(cps), strings.TrimSpace(chromiumVersion(bin)))
	if total > 0 {
		return fmt.Errorf("%d differences between Chromium and package codec", total)
	}
	return nil
}

func chromiumVersion(bin string) string {
	v, _ := exec.Command(bin, "--version").Output()
	return string(v)
}

func joinInts(cps []rune) string {
	var b strings.Builder
	for i, c := range cps {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(int(c)))
	}
	return b.String()
}
