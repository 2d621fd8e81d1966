package vectors

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/google/go-cmp/cmp"

	"github.com/pctest/pctest/internal/gojaengine"
	"github.com/pctest/pctest/internal/testenv"
	"golang.org/x/net/idna"
)

// This file checks the corpus against engines we did not write: goja in
// process, node and python3 in one subprocess each, net/url and
// golang.org/x/net/idna. Any disagreement fails, unless it is a known
// deviation of that engine listed in deviations.json.

// engineCheck compares one engine's answers with the vectors.
type engineCheck struct {
	t                              *testing.T
	engine                         string
	devs                           []Deviation
	agreed, known, failed, skipped int
}

func newEngineCheck(t *testing.T, engine string) *engineCheck {
	devs, err := Deviations()
	if err != nil {
		t.Fatalf("Deviations: %v", err)
	}
	return &engineCheck{t: t, engine: engine, devs: devs}
}

// maxReported bounds the disagreements printed per engine.
const maxReported = 40

// check compares got, the engine's answer to v's request, with v's
// expected response.
func (c *engineCheck) check(v Vector, got Response) {
	c.t.Helper()
	switch {
	case got.Unsupported:
		c.skipped++
		return
	case sameAnswer(v.Expect, got):
		c.agreed++
		return
	}
	if d, ok := FindDeviation(c.devs, c.engine, v.Request, v.Expect, got); ok {
		c.known++
		c.t.Logf("%s: %s: known deviation %s", c.engine, v.ID, d.ID)
		return
	}
	c.failed++
	if c.failed <= maxReported {
		c.t.Errorf("%s disagrees on %s (%s:%d)\n  input %s\n  want  %s\n  got   %s",
			c.engine, v.ID, v.File, v.Line, showRequest(v.Request), showAnswer(v.Expect), showAnswer(got))
	}
}

func (c *engineCheck) done() {
	c.t.Helper()
	if c.failed > maxReported {
		c.t.Errorf("%s: %d more disagreements not shown", c.engine, c.failed-maxReported)
	}
	c.t.Logf("%s: %d agree, %d known deviations, %d disagree, %d not applicable", c.engine, c.agreed, c.known, c.failed, c.skipped)
	if c.agreed == 0 {
		c.t.Errorf("%s: no vector checked", c.engine)
	}
}

// sameAnswer compares results and error kinds; messages do not count.
func sameAnswer(want, got Response) bool {
	if want.Error != "" || got.Error != "" {
		return want.Error == got.Error
	}
	return cmp.Equal(want.Out, got.Out) && cmp.Equal(want.OutHex, got.OutHex) // nil and empty differ
}

func showRequest(r Request) string {
	b, _ := r.MarshalJSON()
	return string(b)
}

func showAnswer(r Response) string {
	b, _ := r.MarshalJSON()
	return string(b)
}

func vectorsOf(t *testing.T, ops ...Op) []Vector {
	var out []Vector
	for _, v := range loadCorpus(t) {
		if slices.Contains(ops, v.Op) {
			out = append(out, v)
		}
	}
	return out
}

var ecmaOpNames = []Op{OpEncodeURI, OpEncodeURIComponent, OpDecodeURI, OpDecodeURIComponent, OpEscape, OpUnescape}

// gojaEngine runs functions of one goja runtime, through pctest's goja
// adapter, on many inputs at once.
type gojaEngine struct{ vm *gojaengine.VM }

func newGojaEngine(t *testing.T) *gojaEngine {
	t.Helper()
	vm, err := gojaengine.New()
	if err != nil {
		t.Fatal(err)
	}
	return &gojaEngine{vm: vm}
}

// call runs the global function fn on every input, UTF-16 both ways (so
// lone surrogates survive). An exception is answered as an error named by
// the exception's name.
func (g *gojaEngine) call(t *testing.T, fn Op, ins [][]uint16) []Response {
	t.Helper()
	answers, err := g.vm.CallAll(string(fn), ins)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]Response, len(ins))
	for i, a := range answers {
		if a.Thrown {
			out[i] = Response{Error: a.Name}
		} else {
			out[i] = Response{Out: a.Out}
		}
	}
	return out
}

// TestGoja runs every ECMAScript vector through goja.
func TestGoja(t *testing.T) {
	g := newGojaEngine(t)
	c := newEngineCheck(t, "goja")
	for _, op := range ecmaOpNames {
		vs := vectorsOf(t, op)
		ins := make([][]uint16, len(vs))
		for i, v := range vs {
			ins[i] = v.In
		}
		for i, got := range g.call(t, op, ins) {
			c.check(vs[i], got)
		}
	}
	c.done()
}

// runLines starts name with args, writes every request as a wire line (the
// runner's protocol, testee/PROTOCOL.md §3, framed here as package testee,
// which imports this one, frames it) to its stdin, and returns its answers
// in order.
func runLines(t *testing.T, vs []Vector, name string, args ...string) []Response {
	t.Helper()
	var in bytes.Buffer
	for i, v := range vs {
		fmt.Fprintf(&in, `{"id":%d,`, i+1)
		in.Write(v.Request.AppendJSON(nil, false)[1:])
		in.WriteByte('\n')
	}
	cmd := exec.Command(name, args...)
	cmd.Stdin = &in
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s: %v\n%s", name, err, stderr.Bytes())
	}
	resps := make([]Response, len(vs))
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<24)
	n := 0
	for sc.Scan() {
		var head struct {
			ID int64 `json:"id"`
		}
		var resp Response
		err := errors.Join(json.Unmarshal(sc.Bytes(), &head), resp.UnmarshalJSON(sc.Bytes()))
		id := head.ID
		if err != nil || id < 1 || id > int64(len(vs)) {
			t.Fatalf("%s: bad answer line %q: %v", name, sc.Text(), err)
		}
		resps[id-1] = resp
		n++
	}
	if n != len(vs) {
		t.Fatalf("%s: %d answers for %d requests\n%s", name, n, len(vs), stderr.Bytes())
	}
	return resps
}

func needTool(t *testing.T, name string) string {
	testenv.Require(t, testenv.Command(name))
	p, _ := exec.LookPath(name)
	return p
}

// nodeScript answers wire requests with node's own functions: the
// ECMAScript globals, URLSearchParams for the form ops, and TextDecoder
// (ignoreBOM: the BOM is kept, as "UTF-8 decode without BOM" requires) for
// utf8DecodeReplace. JSON.parse and JSON.stringify keep lone surrogates as
// \u escapes.
const nodeScript = `
const lines = require("fs").readFileSync(0, "utf8").split("\n");
const out = [];
const td = new TextDecoder("utf-8", { ignoreBOM: true });
function answer(req) {
	const id = req.id, s = req.in;
	try {
		switch (req.op) {
		case "encodeURI": return { id, out: encodeURI(s) };
		case "encodeURIComponent": return { id, out: encodeURIComponent(s) };
		case "decodeURI": return { id, out: decodeURI(s) };
		case "decodeURIComponent": return { id, out: decodeURIComponent(s) };
		case "escape": return { id, out: escape(s) };
		case "unescape": return { id, out: unescape(s) };
		case "formEncode": {
			const p = new URLSearchParams();
			p.append("x", s);
			return { id, out: p.toString().slice(2) };
		}
		case "formDecode":
			if (s.includes("&")) return { id, unsupported: true };
			return { id, out: new URLSearchParams("x=" + s).get("x") };
		case "utf8DecodeReplace":
			return { id, out: td.decode(Buffer.from(req.in_hex, "hex")) };
		}
		return { id, unsupported: true };
	} catch (e) {
		return { id, error: e instanceof URIError ? "URIError" : String(e && e.name), message: String(e && e.message) };
	}
}
for (const line of lines) {
	if (line !== "") out.push(JSON.stringify(answer(JSON.parse(line))));
}
process.stdout.write(out.join("\n") + "\n");
`

// TestNode runs every ECMAScript vector (escape and unescape too), the form vectors (through
// URLSearchParams, but for formDecode inputs holding '&') and the
// utf8DecodeReplace vectors (through TextDecoder) through node, in one
// subprocess.
func TestNode(t *testing.T) {
	t.Parallel()
	node := needTool(t, "node")
	vs := vectorsOf(t, append(ecmaOpNames, "formEncode", "formDecode", "utf8DecodeReplace")...)
	got := runLines(t, vs, node, "-e", nodeScript)
	c := newEngineCheck(t, "node")
	for i, v := range vs {
		c.check(v, got[i])
	}
	c.done()
}

// pythonScript answers wire requests with urllib.parse: percentEncode by
// quote(octets, safe="") (which keeps ALPHA, DIGIT and "_.-~", '~' since
// Python 3.7), percentDecode and percentDecodeLenient by unquote_to_bytes
// (lenient: only well-formed percentDecode vectors are sent), formDecode by
// unquote_plus with errors='replace'.
const pythonScript = `
import json, sys
from urllib.parse import quote, unquote_to_bytes, unquote_plus
out = []
for line in sys.stdin.buffer.read().decode("utf-8", "surrogatepass").split("\n"):
    if not line:
        continue
    req = json.loads(line)
    rid, op = req["id"], req["op"]
    if op == "percentEncode":
        r = {"id": rid, "out": quote(bytes.fromhex(req["in_hex"]), safe="")}
    elif op in ("percentDecode", "percentDecodeLenient"):
        r = {"id": rid, "out_hex": unquote_to_bytes(req["in"]).hex()}
    elif op == "formDecode":
        r = {"id": rid, "out": unquote_plus(req["in"], encoding="utf-8", errors="replace")}
    else:
        r = {"id": rid, "unsupported": True}
    out.append(json.dumps(r))
sys.stdout.write("\n".join(out) + "\n")
`

// TestPython runs the percentEncode vectors, the well-formed percentDecode
// vectors, and the percentDecodeLenient and formDecode vectors through
// Python's urllib.parse, in one subprocess.
func TestPython(t *testing.T) {
	t.Parallel()
	py := needTool(t, "python3")
	var vs []Vector
	for _, v := range vectorsOf(t, "percentEncode", "percentDecode", "percentDecodeLenient", "formDecode") {
		if v.Op == "percentDecode" && v.Expect.Error != "" {
			continue // unquote_to_bytes is lenient: it has no MalformedEscape
		}
		vs = append(vs, v)
	}
	got := runLines(t, vs, py, "-c", pythonScript)
	c := newEngineCheck(t, "python")
	for i, v := range vs {
		c.check(v, got[i])
	}
	c.done()
}

// TestNetURL runs the neturl vectors through net/url itself.
func TestNetURL(t *testing.T) {
	c := newEngineCheck(t, "neturl")
	for _, v := range vectorsOf(t, "goQueryEscape", "goPathEscape", "goQueryUnescape", "goPathUnescape") {
		s := string(utf16.Decode(v.In))
		var got Response
		switch v.Op {
		case "goQueryEscape":
			got = Response{Out: utf16.Encode([]rune(url.QueryEscape(s)))}
		case "goPathEscape":
			got = Response{Out: utf16.Encode([]rune(url.PathEscape(s)))}
		case "goQueryUnescape", "goPathUnescape":
			f := url.QueryUnescape
			if v.Op == "goPathUnescape" {
				f = url.PathUnescape
			}
			out, err := f(s)
			var ee url.EscapeError
			switch {
			case errors.As(err, &ee):
				got = Response{Error: ErrEscapeError}
			case err != nil:
				got = Response{Error: err.Error()}
			default:
				got = Response{OutHex: []byte(out)}
			}
		}
		if got.Out == nil && got.OutHex == nil && got.Error == "" {
			got.Out = []uint16{}
		}
		c.check(v, got)
	}
	c.done()
}

// iriHost returns the host of a "scheme://[userinfo@]host[:port]..." IRI
// or URI, and whether it has one.
func iriHost(s string) (string, bool) {
	_, host, _, ok := iriSplit(s)
	return host, ok
}

// iriSplit cuts a "scheme://[userinfo@]host[:port]..." IRI or URI into the
// text before the host, the host (with its port when it is an IP literal in
// brackets) and the text after it; ok is false when s has no "://".
func iriSplit(s string) (pre, host, rest string, ok bool) {
	i := strings.Index(s, "://")
	if i <= 0 {
		return "", "", "", false
	}
	start, end := i+3, len(s)
	if j := strings.IndexAny(s[start:], "/?#"); j >= 0 {
		end = start + j
	}
	if j := strings.LastIndexByte(s[start:end], '@'); j >= 0 {
		start += j + 1
	}
	if j := strings.IndexByte(s[start:end], ':'); j >= 0 && !strings.HasPrefix(s[start:], "[") {
		end = start + j
	}
	return s[:start], s[start:end], s[end:], true
}

// TestIDNA checks the hosts of the iri vectors against golang.org/x/net/idna
// (UTS #46): a host that iriToURI changes must be ToASCII of the input host
// under both the Lookup and the Registration profile, an IDNAError an error
// of both, and a host that uriToIRI changes must be Lookup's ToUnicode.
func TestIDNA(t *testing.T) {
	c := newEngineCheck(t, "idna")
	for _, v := range vectorsOf(t, "iriToURI", "uriToIRI") {
		inHost, ok := iriHost(string(utf16.Decode(v.In)))
		if !ok {
			continue
		}
		var outHost string
		if v.Expect.Error == "" {
			outHost, _ = iriHost(string(utf16.Decode(v.Expect.Out)))
			if outHost == inHost && isASCIIString(inHost) && !strings.Contains(strings.ToLower(inHost), "xn--") {
				continue // nothing for IDNA to do
			}
			if isASCIIString(inHost) && strings.Contains(inHost, "%") && !strings.Contains(strings.ToLower(inHost), "xn--") {
				continue // escapes: RFC 3987 §3.2 step 2's, not IDNA's
			}
		}
		want := Response{Out: utf16.Encode([]rune(outHost))}
		if v.Expect.Error != "" {
			want = Response{Error: v.Expect.Error}
		}
		for _, p := range []struct {
			name string
			prof *idna.Profile
		}{{"Lookup", idna.Lookup}, {"Registration", idna.Registration}} {
			if v.Op == "uriToIRI" && p.prof == idna.Registration {
				continue // displaying a URI is a lookup: Registration refuses "XN--" in uppercase
			}
			var h string
			var err error
			if v.Op == "iriToURI" {
				h, err = p.prof.ToASCII(inHost)
			} else {
				h, err = p.prof.ToUnicode(inHost)
			}
			got := Response{Out: utf16.Encode([]rune(h))}
			if err != nil {
				got = Response{Error: ErrIDNA, Message: err.Error()}
			}
			hv := v
			hv.Expect = want
			hv.ID = fmt.Sprintf("%s (host, idna.%s)", v.ID, p.name)
			c.check(hv, got)
		}
	}
	c.done()
}

func isASCIIString(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}
