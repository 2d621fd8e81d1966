package vectors

import (
	"net/url"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"
)

// This file checks the ops that engines_test.go leaves out against engines
// we did not write: the named encode sets of percentEncodeSet, the
// lenient decoder a second time, normalize, equivalent, encodeNoDouble and
// the parts of the iri vectors that are not the host.
//
// What is an engine here, and what is not:
//
//   - go.* sets: net/url's own functions that escape with exactly that
//     mode of its shouldEscape, in process. go.zone is not checked: no
//     exported function of net/url escapes in encodeZone mode.
//   - ecma.* sets and whatwg.component: encodeURIComponent and encodeURI of
//     goja and node. WHATWG URL §1.3 says of the component percent-encode
//     set: "Using it with UTF-8 percent-encode gives identical results to
//     JavaScript's encodeURIComponent() [sic]."
//   - the other whatwg.* sets: node's WHATWG URL (ada), through the setters
//     and the parser states that percent-encode with that set, and
//     URLSearchParams for form-urlencoded.
//   - rfc3986.* sets: no engine implements RFC 3986's named sets. Python's
//     quote(octets, safe=...) does the encoding, with the set of
//     sets.json (setKeepASCII). That checks the vectors against the sets
//     file and the generator's %XX writing, not the set against an engine;
//     TestSetKeepASCII checks the file where the specs relate sets. The
//     ecma.* and whatwg.* sets go through the same check, which alone
//     covers their octets 0x80-0xFF: node and goja take text, and those
//     octets are not UTF-8 on their own.
//   - normalize, equivalent, encodeNoDouble: no engine we have implements
//     them (Python, node, Go and goja have no RFC 3986 normalizer). Python
//     computes them from urllib.parse parts: the input is cut into valid
//     escapes and single characters (our one-line tokenizer), and
//     every piece is decoded and encoded by unquote_to_bytes and quote,
//     whose never-quoted set is RFC 3986 unreserved and whose hex is
//     uppercase.
//   - iriToURI outside the host: Python's quote(text, safe=<all ASCII but
//     < > " space { } | \ ^ `>) is RFC 3987 §3.1 step 2 (UTF-8, then %HH
//     per octet), with the printable ASCII a URI does not allow converted
//     too. The host is TestIDNA's.
//   - uriToIRI outside the host: a property, not an engine. RFC 3987 §3.2:
//     "The conversion described in this section will always result in an
//     IRI that maps back to the URI used as an input for the conversion
//     (except for potential case differences in percent-encoding ...)".
//     Python maps the expected IRI back with quote and must get the input,
//     up to the hex case of escapes and escapes of unreserved characters.

// setKeepASCII is the ASCII octets that each named set of sets.json but
// the go.* sets keeps (leaves as it is), as Python's quote takes them in
// safe=. Every octet 0x80-0xFF is encoded by every named set (TestSetKeepASCII
// checks). The go.* sets are net/url's own, checked in TestNetURLSets.
var setKeepASCII = func() map[string]string {
	sets, err := NamedSets()
	if err != nil {
		panic(err)
	}
	m := map[string]string{}
	for _, s := range sets {
		if strings.HasPrefix(s.Name, "go.") {
			continue
		}
		var keep []byte
		for c := 0; c < 0x80; c++ {
			if s.Contains(byte(c)) {
				keep = append(keep, byte(c))
			}
		}
		m[s.Name] = string(keep)
	}
	return m
}()

// pythonAlwaysSafe is what Python's quote never encodes, whatever safe says
// (urllib.parse._ALWAYS_SAFE: RFC 3986 unreserved since Python 3.7).
const pythonAlwaysSafe = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-~"

// pythonExtraScript answers wire requests with urllib.parse:
//
//   - percentEncodeSet: quote(octets, safe=args.safe); the caller sends only
//     sets whose keep set holds pythonAlwaysSafe, or inputs without the
//     octets of pythonAlwaysSafe that the set encodes.
//   - normalize: each valid escape becomes quote(unquote_to_bytes(escape),
//     safe=""), the octet if unreserved else %XX in uppercase; every other
//     character stays (a '%' that starts no escape, too: the op's rule).
//   - equivalent: "true" when both normalize alike (RFC 3986 §6.2.2).
//   - encodeNoDouble: valid escapes stay as written; every other character
//     becomes quote(character, safe=<RFC 3986 reserved>).
//   - x-iri-quote: quote(text, safe=<all ASCII but the ten printable
//     characters a URI does not allow>), RFC 3987 §3.1 step 2 with the
//     optional conversion of < > " space { } | \ ^ `.
//   - x-iri-back: maps args.iri back to a URI with that quote; answers the
//     input when both are alike but for what §3.2 allows, "potential case
//     differences in percent-encoding and ... potential percent-encoded
//     unreserved characters" (both normalize alike), else what it got.
//
// Text holding a lone surrogate has no UTF-8; quote raises, and the answer
// is "unsupported".
const pythonExtraScript = `
import json, re, sys
from urllib.parse import quote, unquote_to_bytes

TOKEN = re.compile(r"%[0-9A-Fa-f]{2}|.", re.S)
ASCII = "".join(map(chr, range(128)))
IRI_SAFE = "".join(c for c in ASCII if c not in '<>" {}|\\^\x60')
RESERVED = ":/?#[]@!$&'()*+,;="

def escape(t):
    return len(t) == 3 and t[0] == "%"

def normalize(s):
    return "".join(quote(unquote_to_bytes(t), safe="") if escape(t) else t for t in TOKEN.findall(s))

def encode_no_double(s):
    return "".join(t if escape(t) else quote(t, safe=RESERVED) for t in TOKEN.findall(s))

def iri_back(iri, uri):
    q = quote(iri, safe=IRI_SAFE)
    if normalize(q) == normalize(uri):
        return uri
    return q

def answer(req):
    op, s = req["op"], req.get("in")
    if op == "percentEncodeSet":
        return quote(bytes.fromhex(req["in_hex"]), safe=req["args"]["safe"])
    if op == "normalize":
        return normalize(s)
    if op == "equivalent":
        return "true" if normalize(s) == normalize(req["args"]["other"]) else "false"
    if op == "encodeNoDouble":
        return encode_no_double(s)
    if op == "x-iri-quote":
        return quote(s, safe=IRI_SAFE)
    if op == "x-iri-back":
        return iri_back(req["args"]["iri"], s)
    return None

out = []
for line in sys.stdin.buffer.read().decode("utf-8", "surrogatepass").split("\n"):
    if not line:
        continue
    req = json.loads(line)
    try:
        r = answer(req)
    except UnicodeEncodeError:
        r = None
    out.append(json.dumps({"id": req["id"], "unsupported": True} if r is None else {"id": req["id"], "out": r}))
sys.stdout.write("\n".join(out) + "\n")
`

// TestPythonExtra runs, in one python3 subprocess, the percentEncodeSet
// vectors of the rfc3986.*, ecma.* and whatwg.* sets against the
// transcription in setKeepASCII, every normalize, equivalent and
// encodeNoDouble vector, and the parts of the iri vectors that are not the
// host.
func TestPythonExtra(t *testing.T) {
	t.Parallel()
	py := needTool(t, "python3")
	var vs []Vector
	skipped := map[string]int{}
	for _, v := range vectorsOf(t, "percentEncodeSet", "normalize", "equivalent", "encodeNoDouble", "iriToURI", "uriToIRI") {
		switch v.Op {
		case "percentEncodeSet":
			keep, ok := setKeepASCII[v.Args["set"]]
			if !ok {
				continue // go.*: net/url itself, in TestNetURLSets
			}
			if pythonKeepsMore(v.InHex, keep) {
				skipped[v.Args["set"]]++
				continue
			}
			pv := v
			pv.Args = map[string]string{"set": v.Args["set"], "safe": keep}
			vs = append(vs, pv)
		case "iriToURI", "uriToIRI":
			if v.Expect.Error != "" {
				continue // IDNAError: a host matter, TestIDNA's
			}
			vs = append(vs, iriPartVectors(v)...)
		default:
			vs = append(vs, v)
		}
	}
	got := runLines(t, vs, py, "-c", pythonExtraScript)
	c := newEngineCheck(t, "python")
	perOp := map[string]int{}
	for i, v := range vs {
		c.check(v, got[i])
		if !got[i].Unsupported {
			perOp[string(v.Op)]++
		}
	}
	c.done()
	t.Logf("python: checked per op %v; percentEncodeSet vectors not sent, per set (an octet Python keeps that the set encodes): %v", perOp, skipped)
	for _, op := range []string{"percentEncodeSet", "normalize", "equivalent", "encodeNoDouble", "x-iri-quote", "x-iri-back"} {
		if perOp[op] == 0 {
			t.Errorf("python: no %s vector checked", op)
		}
	}
}

// pythonKeepsMore reports whether in holds an octet that Python's quote
// always keeps but keep does not.
func pythonKeepsMore(in []byte, keep string) bool {
	for _, c := range in {
		if strings.IndexByte(pythonAlwaysSafe, c) >= 0 && strings.IndexByte(keep, c) < 0 {
			return true
		}
	}
	return false
}

// iriPartVectors turns an iri vector into vectors for pythonExtraScript,
// one per part outside the host (the whole text when there is no
// authority): for iriToURI, x-iri-quote of the input part must give the
// output part; for uriToIRI, x-iri-back of the output part must give the
// input part.
func iriPartVectors(v Vector) []Vector {
	in, out := string(utf16.Decode(v.In)), string(utf16.Decode(v.Expect.Out))
	type part struct{ name, in, out string }
	parts := []part{{"whole", in, out}}
	if inPre, _, inRest, ok := iriSplit(in); ok {
		outPre, _, outRest, _ := iriSplit(out)
		parts = []part{{"before the host", inPre, outPre}, {"after the host", inRest, outRest}}
	}
	var vs []Vector
	for _, p := range parts {
		pv := v
		pv.ID = v.ID + " (" + p.name + ")"
		if v.Op == "iriToURI" {
			pv.Request = Request{Op: "x-iri-quote", In: utf16.Encode([]rune(p.in))}
			pv.Expect = Response{Out: utf16.Encode([]rune(p.out))}
		} else {
			pv.Request = Request{Op: "x-iri-back", In: utf16.Encode([]rune(p.in)), Args: map[string]string{"iri": p.out}}
			pv.Expect = Response{Out: utf16.Encode([]rune(p.in))}
		}
		if pv.Expect.Out == nil {
			pv.Expect.Out = []uint16{}
		}
		vs = append(vs, pv)
	}
	return vs
}

// nodeExtraScript answers wire requests with node's own code:
// percentEncodeSet by the engine function that percent-encodes with that
// set (see nodeSetCases), on the text whose UTF-8 the octets are;
// percentDecodeLenient and percentDecode by querystring.unescapeBuffer on
// the input's UTF-8 octets, each as one char (latin1), so that it sees
// octets as WHATWG percent-decode does.
const nodeExtraScript = `
const qs = require("querystring");
const lines = require("fs").readFileSync(0, "utf8").split("\n");
const out = [];
function viaURL(base, set, get, s) {
	const u = new URL(base);
	u[set] = "x" + s + "x";
	return u[get].slice(2, -1);
}
function encodeSet(name, s) {
	switch (name) {
	case "ecma.uriUnescaped":
	case "whatwg.component": return encodeURIComponent(s);
	case "ecma.encodeURI": return encodeURI(s);
	case "whatwg.form-urlencoded": {
		const p = new URLSearchParams();
		p.append("x", s);
		return p.toString().slice(2);
	}
	case "whatwg.userinfo": {
		const u = new URL("http://h/");
		u.username = s;
		return u.username;
	}
	case "whatwg.path": return viaURL("a://h/", "pathname", "pathname", s);
	case "whatwg.query": return viaURL("a://h/", "search", "search", s);
	case "whatwg.special-query": return viaURL("http://h/", "search", "search", s);
	case "whatwg.fragment": return viaURL("http://h/", "hash", "hash", s);
	case "whatwg.c0-control": return new URL("a:x" + s + "x").pathname.slice(1, -1);
	}
	return null;
}
function answer(req) {
	const id = req.id;
	switch (req.op) {
	case "percentEncodeSet": {
		const r = encodeSet(req.args.set, Buffer.from(req.in_hex, "hex").toString("utf8"));
		return r === null ? { id, unsupported: true } : { id, out: r };
	}
	case "percentDecode":
	case "percentDecodeLenient":
		return { id, out_hex: qs.unescapeBuffer(Buffer.from(req.in, "utf8").toString("latin1"), false).toString("hex") };
	}
	return { id, unsupported: true };
}
for (const line of lines) {
	if (line !== "") out.push(JSON.stringify(answer(JSON.parse(line))));
}
process.stdout.write(out.join("\n") + "\n");
`

// nodeSetCases says which percentEncodeSet vectors node checks: the octets
// it cannot be given, by set. Every set needs octets that are valid UTF-8:
// node percent-encodes text, and on the UTF-8 of text, encoding each octet
// outside a set is the same as encoding each code point outside it, since
// no named set keeps an octet 0x80-0xFF (a vector that says otherwise
// fails). Besides:
//
//   - the URL parser removes every U+0009 TAB, U+000A LF and U+000D CR from
//     its input before any state sees it (WHATWG URL, basic URL parser step
//     3), so the sets checked through it do not get 09, 0A, 0D;
//   - an opaque path ends at '?' (query) and '#' (fragment), so the
//     c0-control set (opaque path state) does not get 23 or 3F;
//   - URLSearchParams writes U+0020 as '+' (form-urlencoded serializer), so
//     form-urlencoded does not get 20;
//   - the username setter percent-encodes its whole value with the userinfo
//     set without running the parser, and the search and hash setters run
//     it with a state override, under which '#' is query data; the path
//     state splits segments at '/', which the serializer writes back as
//     '/', and the whatwg.path check skips inputs that would make a dot
//     segment.
var nodeSetCases = map[string]string{
	"ecma.uriUnescaped":      "",
	"ecma.encodeURI":         "",
	"whatwg.component":       "",
	"whatwg.form-urlencoded": "\x20",
	"whatwg.userinfo":        "",
	"whatwg.path":            "\t\n\r",
	"whatwg.query":           "\t\n\r",
	"whatwg.special-query":   "\t\n\r",
	"whatwg.fragment":        "\t\n\r",
	"whatwg.c0-control":      "\t\n\r#?",
}

// makesDotSegment reports whether "x"+s+"x", the value the whatwg.path check
// gives the pathname setter, has a segment that the path state treats as
// "." or ".." (WHATWG URL single-dot and double-dot URL path segments).
func makesDotSegment(s string) bool {
	for _, seg := range strings.Split("x"+s+"x", "/") {
		seg = strings.ReplaceAll(strings.ToLower(seg), "%2e", ".")
		if seg == "." || seg == ".." {
			return true
		}
	}
	return false
}

// An engineLag is a disagreement of an engine that trails a later edition
// of the spec, for ops that deviations.json cannot describe (it holds
// text-to-text ops only). It covers got when got is want with every
// WantEscape written as GotChar.
type engineLag struct {
	Engine, Set string
	WantEscape  string
	GotChar     string
	Why         string
}

var engineLags = []engineLag{{
	Engine: "node", Set: "whatwg.path", WantEscape: "%5E", GotChar: "^",
	Why: "whatwg/url PR #846 (commit 9bc33c39, March 2025) added U+005E (^) to the path percent-encode set; " +
		"node v20 ships ada 2.9.2, which predates it (nodejs/node#57313, ada-url/ada#906). " +
		"TestPythonExtra checks the vector against the current set.",
}}

func findLag(engine string, v Vector, got Response) (engineLag, bool) {
	if got.Error != "" || v.Expect.Out == nil || got.Out == nil {
		return engineLag{}, false
	}
	want, g := string(utf16.Decode(v.Expect.Out)), string(utf16.Decode(got.Out))
	for _, l := range engineLags {
		if l.Engine == engine && l.Set == v.Args["set"] && strings.Contains(want, l.WantEscape) &&
			strings.ReplaceAll(want, l.WantEscape, l.GotChar) == g {
			return l, true
		}
	}
	return engineLag{}, false
}

// TestNodeExtra runs, in one node subprocess, the percentEncodeSet vectors
// of the ecma.* and whatwg.* sets that node can be given (nodeSetCases),
// and the percentDecodeLenient and well-formed percentDecode vectors
// through querystring.unescapeBuffer.
func TestNodeExtra(t *testing.T) {
	t.Parallel()
	node := needTool(t, "node")
	var vs []Vector
	perSet := map[string]int{}
	for _, v := range vectorsOf(t, "percentEncodeSet", "percentDecode", "percentDecodeLenient") {
		switch v.Op {
		case "percentEncodeSet":
			set := v.Args["set"]
			excluded, ok := nodeSetCases[set]
			if !ok || !utf8.Valid(v.InHex) || strings.ContainsAny(string(v.InHex), excluded) ||
				set == "whatwg.path" && makesDotSegment(string(v.InHex)) {
				continue
			}
			perSet[set]++
		case "percentDecode":
			if v.Expect.Error != "" {
				continue // unescapeBuffer is lenient: it has no MalformedEscape
			}
		}
		if hasLoneSurrogate(v.In) {
			continue // no UTF-8 to give unescapeBuffer
		}
		vs = append(vs, v)
	}
	got := runLines(t, vs, node, "-e", nodeExtraScript)
	c := newEngineCheck(t, "node")
	for i, v := range vs {
		if l, ok := findLag("node", v, got[i]); ok {
			c.known++
			t.Logf("node: %s: known lag: %s", v.ID, l.Why)
			continue
		}
		c.check(v, got[i])
	}
	c.done()
	t.Logf("node: percentEncodeSet vectors sent per set: %v", perSet)
	for set := range nodeSetCases {
		if perSet[set] < 100 {
			t.Errorf("node: only %d %s vectors checked", perSet[set], set)
		}
	}
}

func hasLoneSurrogate(u []uint16) bool {
	for i := 0; i < len(u); i++ {
		switch c := u[i]; {
		case c >= 0xD800 && c <= 0xDBFF && i+1 < len(u) && u[i+1] >= 0xDC00 && u[i+1] <= 0xDFFF:
			i++
		case c >= 0xD800 && c <= 0xDFFF:
			return true
		}
	}
	return false
}

// TestGojaSets runs the percentEncodeSet vectors of ecma.uriUnescaped,
// whatwg.component (encodeURIComponent) and ecma.encodeURI (encodeURI)
// whose octets are valid UTF-8 through goja, on the UTF-16 of that text.
func TestGojaSets(t *testing.T) {
	g := newGojaEngine(t)
	c := newEngineCheck(t, "goja")
	for set, fn := range map[string]string{
		"ecma.uriUnescaped": "encodeURIComponent",
		"whatwg.component":  "encodeURIComponent",
		"ecma.encodeURI":    "encodeURI",
	} {
		var vs []Vector
		var ins [][]uint16
		for _, v := range vectorsOf(t, "percentEncodeSet") {
			if v.Args["set"] == set && utf8.Valid(v.InHex) {
				vs = append(vs, v)
				ins = append(ins, utf16.Encode([]rune(string(v.InHex))))
			}
		}
		if len(vs) < 100 {
			t.Errorf("goja: only %d %s vectors", len(vs), set)
		}
		for i, got := range g.call(t, Op(fn), ins) {
			c.check(vs[i], got)
		}
	}
	c.done()
}

// netURLSets maps each go.* set to the net/url function that escapes
// exactly in that mode of shouldEscape (url.go, Go 1.26), and says which
// inputs it cannot take.
var netURLSets = map[string]func(s string) (out string, ok bool){
	// QueryEscape is escape(s, encodeQueryComponent), which writes ' ' as
	// '+': inputs with 0x20 are not sent.
	"go.query": func(s string) (string, bool) {
		return url.QueryEscape(s), !strings.Contains(s, " ")
	},
	// PathEscape is escape(s, encodePathSegment).
	"go.path-segment": func(s string) (string, bool) { return url.PathEscape(s), true },
	// EscapedPath, with no RawPath, is escape(Path, encodePath) but for the
	// Path "*".
	"go.path": func(s string) (string, bool) {
		return (&url.URL{Path: s}).EscapedPath(), s != "*"
	},
	// Userinfo.String without a password is escape(username,
	// encodeUserPassword).
	"go.userpassword": func(s string) (string, bool) { return url.User(s).String(), true },
	// EscapedFragment, with no RawFragment, is escape(Fragment,
	// encodeFragment).
	"go.fragment": func(s string) (string, bool) {
		return (&url.URL{Fragment: s}).EscapedFragment(), true
	},
	// URL.String writes "//" and escape(Host, encodeHost) for a URL with
	// only a Host.
	"go.host": func(s string) (string, bool) {
		out := (&url.URL{Host: s}).String()
		if s == "" {
			return out, out == ""
		}
		out, ok := strings.CutPrefix(out, "//")
		return out, ok
	},
}

// TestNetURLSets runs the percentEncodeSet vectors of the go.* sets but
// go.zone through the net/url function that escapes with that set.
func TestNetURLSets(t *testing.T) {
	c := newEngineCheck(t, "neturl")
	perSet := map[string]int{}
	for _, v := range vectorsOf(t, "percentEncodeSet") {
		f, ok := netURLSets[v.Args["set"]]
		if !ok {
			continue
		}
		out, ok := f(string(v.InHex))
		if !ok {
			continue
		}
		perSet[v.Args["set"]]++
		c.check(v, Response{Out: utf16.Encode([]rune(out))})
	}
	c.done()
	for set := range netURLSets {
		if perSet[set] < 100 {
			t.Errorf("neturl: only %d %s vectors checked", perSet[set], set)
		}
	}
}

// TestSetKeepASCII checks sets.json, which TestPythonExtra uses, where the
// specs relate sets, so that a slip in the spec model shows: each pair
// keeps no more than its second set (WHATWG's encode sets grow, RFC 3986's
// productions include one another), WHATWG's note says the component set
// is encodeURIComponent's, and it lists what the form-urlencoded set
// keeps; no named set keeps an octet 0x80-0xFF, and every set this file
// names (nodeSetCases, netURLSets) is one of sets.json.
func TestSetKeepASCII(t *testing.T) {
	nested := [][2]string{
		{"whatwg.fragment", "whatwg.c0-control"},
		{"whatwg.query", "whatwg.c0-control"},
		{"whatwg.special-query", "whatwg.query"},
		{"whatwg.path", "whatwg.query"},
		{"whatwg.userinfo", "whatwg.path"},
		{"whatwg.component", "whatwg.userinfo"},
		{"whatwg.form-urlencoded", "whatwg.component"},
		{"rfc3986.unreserved", "rfc3986.pchar"},
		{"rfc3986.pchar", "rfc3986.path"},
		{"rfc3986.path", "rfc3986.query"},
		{"rfc3986.sub-delims", "rfc3986.reg-name"},
		{"rfc3986.reg-name", "rfc3986.userinfo"},
		{"rfc3986.userinfo", "rfc3986.pchar"},
		{"rfc3986.gen-delims", "rfc3986.reserved"},
		{"rfc3986.sub-delims", "rfc3986.reserved"},
		{"ecma.uriUnescaped", "ecma.encodeURI"},
	}
	for _, n := range nested {
		small, big := setKeepASCII[n[0]], setKeepASCII[n[1]]
		for i := 0; i < len(small); i++ {
			if strings.IndexByte(big, small[i]) < 0 {
				t.Errorf("%s keeps %q, which %s encodes", n[0], small[i], n[1])
			}
		}
	}
	if a, b := sortedBytes(setKeepASCII["whatwg.component"]), sortedBytes(setKeepASCII["ecma.uriUnescaped"]); a != b {
		t.Errorf("whatwg.component keeps %q, encodeURIComponent %q", a, b)
	}
	if got := sortedBytes(setKeepASCII["whatwg.form-urlencoded"]); got != sortedBytes("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789*-._") {
		// WHATWG URL §1.3: it "contains all code points, except the ASCII
		// alphanumeric, U+002A (*), U+002D (-), U+002E (.), and U+005F (_)".
		t.Errorf("whatwg.form-urlencoded keeps %q", got)
	}
	sets, err := NamedSets()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range sets {
		for c := 0x80; c < 0x100; c++ {
			if s.Contains(byte(c)) {
				t.Errorf("%s keeps octet %#02x", s.Name, c)
			}
		}
	}
	for _, m := range []map[string]string{nodeSetCases, setKeepASCII} {
		for name := range m {
			if _, ok := SetByName(name); !ok {
				t.Errorf("set %q is not in sets.json", name)
			}
		}
	}
	for name := range netURLSets {
		if _, ok := SetByName(name); !ok {
			t.Errorf("set %q is not in sets.json", name)
		}
	}
}

func sortedBytes(s string) string {
	var seen [128]bool
	for i := 0; i < len(s); i++ {
		seen[s[i]] = true
	}
	var b []byte
	for c := range seen {
		if seen[c] {
			b = append(b, byte(c))
		}
	}
	return string(b)
}
