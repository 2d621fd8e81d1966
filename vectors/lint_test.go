package vectors

import (
	"bytes"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf16"
)

// areaPrefixes is the id prefix of each area (README.md, "Ids").
var areaPrefixes = map[string]string{
	"ecmascript": "ecma", "rfc3986": "rfc3986", "whatwg": "whatwg",
	"form": "form", "neturl": "neturl", "iri": "iri", "annexb": "annexb",
	"encoding": "encoding",
}

var (
	slugRE    = regexp.MustCompile(`^[A-Za-z0-9._+-]+$`)
	hexFields = regexp.MustCompile(`"(in_hex|out_hex)":"([^"]*)"`)
	lowerHex2 = regexp.MustCompile(`^([0-9a-f]{2})*$`)
	refSpecs  = []string{"ECMA-262 5.1 ", "RFC 3986 ", "RFC 3987 ", "WHATWG URL ", "WHATWG Encoding ", "Go net/url "}
)

// TestLint checks the corpus files beyond what the loader checks: each file
// is its area, one vector per line in the canonical form AppendVectorJSON
// writes (so that diffs and line numbers stay readable), hex lowercase, ids
// formed as README.md says, refs naming a spec, and exactly one expected
// value of the op's kind.
func TestLint(t *testing.T) {
	if data, err := os.ReadFile("../.gitattributes"); err != nil || !bytes.Contains(data, []byte("vectors/*.json -text")) {
		t.Errorf(".gitattributes does not keep vectors/*.json byte-exact (-text): %v", err)
	}
	vs := loadCorpus(t)
	byFile := map[string][]Vector{}
	for _, v := range vs {
		byFile[v.File] = append(byFile[v.File], v)
	}
	for _, name := range Files() {
		data, err := ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		area := strings.TrimSuffix(name, ".json")
		lines := strings.Split(string(data), "\n")
		if want := `{"area":"` + area + `",`; !strings.HasPrefix(lines[0], want) {
			t.Errorf("%s: first line does not start with %s", name, want)
		}
		if !bytes.HasSuffix(data, []byte("\n]}\n")) || bytes.Contains(data, []byte("\r")) {
			t.Errorf("%s: does not end in \"\\n]}\\n\" or holds a carriage return", name)
		}
		for _, v := range byFile[name] {
			lintVector(t, v, area, lines)
		}
		if n := len(byFile[name]); n != len(lines)-3 {
			t.Errorf("%s: %d vectors on %d lines: want one vector per line", name, n, len(lines))
		}
	}
}

func lintVector(t *testing.T, v Vector, area string, lines []string) {
	t.Helper()
	where := fmt.Sprintf("%s:%d: %s", v.File, v.Line, v.ID)
	op, _ := v.Op.Info()
	if op.Area != area {
		t.Errorf("%s: op %s is of area %s", where, v.Op, op.Area)
	}
	prefix := areaPrefixes[area] + "." + string(v.Op) + "."
	if !strings.HasPrefix(v.ID, prefix) || !slugRE.MatchString(strings.TrimPrefix(v.ID, prefix)) {
		t.Errorf("%s: id is not %s<slug> with slug of [A-Za-z0-9._+-]", where, prefix)
	}
	if !slices.ContainsFunc(refSpecs, func(p string) bool { return strings.HasPrefix(v.Ref, p) }) {
		t.Errorf("%s: ref %q does not start with a spec name (%q)", where, v.Ref, refSpecs)
	}
	n := 0
	if v.Expect.Out != nil {
		n++
		if op.Out != Text {
			t.Errorf("%s: out for an op that answers %s", where, op.Out)
		}
	}
	if v.Expect.OutHex != nil {
		n++
		if op.Out != Octets {
			t.Errorf("%s: out_hex for an op that answers %s", where, op.Out)
		}
	}
	if v.Expect.Error != "" {
		n++
	}
	if n != 1 || v.Expect.Unsupported || v.Expect.Message != "" {
		t.Errorf("%s: %d expected values, want exactly one", where, n)
	}
	if (op.In == Text) != (v.In != nil) || (op.In == Octets) != (v.InHex != nil) {
		t.Errorf("%s: input does not match the op's input kind %s", where, op.In)
	}
	if v.Level == LevelShould && !shouldOps[string(v.Op)] {
		t.Errorf("%s: level should for op %s, whose specs have no SHOULD that fixes its answers", where, v.Op)
	}
	if v.Level == LevelShould && v.Op == "percentEncodeSet" && !strings.HasPrefix(v.Args["set"], "rfc3986.") {
		t.Errorf("%s: level should for set %s: only RFC 3986 makes uppercase hex a SHOULD", where, v.Args["set"])
	}
	if v.Level == LevelImplementationDefined && !implDefinedOps[string(v.Op)] {
		t.Errorf("%s: level implementation-defined for op %s, whose spec defines an answer for every input", where, v.Op)
	}
	if v.Level == LevelImplementationDefined && v.Note == "" {
		t.Errorf("%s: level implementation-defined without a note saying why the spec leaves the answer open", where)
	}
	line := strings.TrimSuffix(lines[v.Line-1], ",")
	if want := string(AppendVectorJSON(nil, v)); line != want {
		t.Errorf("%s: line is not in the canonical form\n got %s\nwant %s", where, line, want)
	}
	for _, m := range hexFields.FindAllStringSubmatch(line, -1) {
		if !lowerHex2.MatchString(m[2]) {
			t.Errorf("%s: %s %q is not lowercase hex, two digits per octet", where, m[1], m[2])
		}
	}
}

// shouldOps are the ops whose vectors may be "should" (README.md, "Levels").
var shouldOps = map[string]bool{
	"percentEncode": true, "percentEncodeSet": true, "normalize": true, "encodeNoDouble": true, "iriToURI": true,
	"uriToIRI": true,
}

// implDefinedOps are the ops whose spec leaves some inputs of the op
// outside its domain, so that their vectors may be "implementation-defined"
// (README.md, "Levels"): the RFC 3986 and RFC 3987 ops on text that is not
// a URI, URI component or IRI.
var implDefinedOps = map[string]bool{
	"percentDecode": true, "normalize": true, "equivalent": true, "iriToURI": true, "uriToIRI": true,
}

// TestCoverage checks the minimum coverage of issue 4 on the corpus itself,
// so that a regenerated corpus cannot silently lose it.
func TestCoverage(t *testing.T) {
	vs := loadCorpus(t)
	ids := map[string]Vector{}
	for _, v := range vs {
		ids[v.ID] = v
	}
	need := func(id string) {
		if _, ok := ids[id]; !ok {
			t.Errorf("missing vector %s", id)
		}
	}
	// Every ASCII octet through every encode op and named set.
	for c := 0; c < 0x80; c++ {
		for _, id := range []string{"ecma.encodeURI", "ecma.encodeURIComponent", "rfc3986.encodeNoDouble", "form.formEncode",
			"neturl.goQueryEscape", "neturl.goPathEscape"} {
			need(fmt.Sprintf("%s.ascii-%02x", id, c))
		}
		need(fmt.Sprintf("rfc3986.percentEncode.octet-%02x", c))
		need(fmt.Sprintf("iri.iriToURI.path-ascii-%02x", c))
	}
	sets := map[string]bool{}
	for _, v := range vs {
		if v.Op == "percentEncodeSet" {
			sets[v.Args["set"]] = true
		}
	}
	if len(sets) < 20 {
		t.Errorf("percentEncodeSet vectors name only %d sets", len(sets))
	}
	for s := range sets {
		for c := 0; c < 0x80; c++ {
			need(fmt.Sprintf("rfc3986.percentEncodeSet.%s.octet-%02x", s, c))
		}
	}
	// Every %XX from 00 to FF through every decode op, in both cases.
	for _, id := range []string{"ecma.decodeURI.", "ecma.decodeURIComponent.", "rfc3986.percentDecode.", "rfc3986.normalize.",
		"whatwg.percentDecodeLenient.", "form.formDecode.", "neturl.goQueryUnescape.", "neturl.goPathUnescape.", "iri.uriToIRI.path-"} {
		for c := 0; c < 256; c++ {
			x := fmt.Sprintf("%02x", c)
			if strings.ContainsAny(x, "abcdef") {
				need(fmt.Sprintf("%spct-%s-upper", id, x))
				need(fmt.Sprintf("%spct-%s-lower", id, x))
			} else {
				need(fmt.Sprintf("%spct-%s", id, x))
			}
		}
	}
	// UTF-8 length boundaries.
	for _, b := range []string{"007f", "0080", "07ff", "0800", "d7ff", "e000", "ffff", "10000", "10ffff"} {
		for _, id := range []string{"ecma.encodeURI", "ecma.encodeURIComponent", "rfc3986.percentEncode", "whatwg.utf8DecodeReplace",
			"form.formEncode", "neturl.goQueryEscape"} {
			need(id + ".utf8-u" + b)
		}
	}
	// Every throwing step by at least three inputs, one with the fault at
	// code unit 0 (for a continuation escape: in a sequence that starts at
	// code unit 0).
	steps := map[string][]string{
		"Encode": {"4.d.i", "4.d.iii.2", "4.d.iii.4"},
		"Decode": {"4.d.ii", "4.d.iii", "4.d.vii.2", "4.d.vii.5", "4.d.vii.7.b", "4.d.vii.7.c", "4.d.vii.7.e", "4.d.vii.8"},
	}
	for _, op := range []Op{OpEncodeURI, OpEncodeURIComponent, OpDecodeURI, OpDecodeURIComponent} {
		abstract := "Encode"
		if strings.HasPrefix(string(op), "decode") {
			abstract = "Decode"
		}
		for _, step := range steps[abstract] {
			n, atStart := 0, false
			for _, v := range vs {
				if v.Op == op && v.Expect.Error == ErrURIError && strings.HasSuffix(v.Ref, abstract+" step "+step) {
					n++
					atStart = atStart || strings.Contains(v.Note, "at code unit 0:") ||
						strings.HasPrefix(step, "4.d.vii.7.") && v.In[0] == '%'
				}
			}
			if n < 3 || !atStart {
				t.Errorf("%s: step %s is reached by %d vectors (at the start: %v), want at least 3 and one at the start", op, step, n, atStart)
			}
		}
	}
	// Every kind of invalid UTF-8 through every decode op.
	for _, kind := range []string{"truncated-2-of-2", "overlong-c0-80", "surrogate-d800", "above-10ffff-f4-90", "bad-continuation-ascii",
		"lone-continuation-80", "5-byte-lead-f8", "6-byte-lead-fc", "fe", "ff"} {
		for _, id := range []string{"ecma.decodeURI", "ecma.decodeURIComponent", "rfc3986.percentDecode", "whatwg.percentDecodeLenient",
			"form.formDecode", "neturl.goQueryUnescape", "neturl.goPathUnescape"} {
			if _, ok := ids[id+".invalid-utf8-"+kind+"-upper"]; ok {
				continue
			}
			need(id + ".invalid-utf8-" + kind)
		}
		need("whatwg.utf8DecodeReplace.invalid-" + kind)
	}
	// The named examples of the specs.
	for _, id := range []string{
		"rfc3986.encodeNoDouble.double-encoding-100pct", "rfc3986.percentDecode.premature-decoding-2541",
		"rfc3986.equivalent.hex-case", "rfc3986.equivalent.reserved-not-equivalent", "rfc3986.equivalent.unreserved-tilde",
		"rfc3986.percentEncode.a-grave", "rfc3986.percentEncode.katakana-a", "iri.iriToURI.host-and-path",
		"ecma.decodeURI.reserved-escape-keeps-case", "ecma.decodeURI.hash-escape-kept", "ecma.encodeURI.hash-kept",
	} {
		need(id)
	}
	if v := ids["iri.iriToURI.host-and-path"]; string(utf16.Decode(v.Expect.Out)) != "http://xn--r8jz45g.jp/%E5%BC%95%E3%81%8D%E5%87%BA%E3%81%97" {
		t.Errorf("the IRI example expects %q", string(utf16.Decode(v.Expect.Out)))
	}
	if v := ids["rfc3986.encodeNoDouble.double-encoding-100pct"]; string(utf16.Decode(v.Expect.Out)) != "100%25" {
		t.Errorf("the double-encoding example expects %q", string(utf16.Decode(v.Expect.Out)))
	}
}
