package vectors

import (
	"bytes"
	"encoding/json"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

func TestDeviationsLoad(t *testing.T) {
	devs, err := Deviations()
	if err != nil {
		t.Fatal(err)
	}
	if len(devs) == 0 {
		t.Fatal("no deviations")
	}
	for _, d := range devs {
		if !strings.HasPrefix(d.ID, d.Engine+"."+string(d.Op)+".") {
			t.Errorf("%s: id does not start with engine.op.", d.ID)
		}
		if !strings.HasPrefix(d.Ref, "ECMA-262 5.1 §15.1.3 ") && !strings.HasPrefix(d.Ref, "RFC ") &&
			!strings.HasPrefix(d.Ref, "WHATWG ") {
			t.Errorf("%s: ref %q names no spec", d.ID, d.Ref)
		}
	}
}

func TestDeviationText(t *testing.T) {
	for _, tc := range []struct {
		units []uint16
		text  string
	}{
		{nil, ""},
		{[]uint16{'a', '%', '4', '1'}, "a%41"},
		{[]uint16{'\\', 'u'}, `\\u`},
		{[]uint16{0xD800}, `\uD800`},
		{[]uint16{0xDFFF, 0xD800}, `\uDFFF\uD800`},
		{[]uint16{0xD83D, 0xDE00}, `\U0001F600`},
		{[]uint16{0xDBFF, 0xDFFF, 0xDBFF}, `\U0010FFFF\uDBFF`},
		{[]uint16{0, 0x1F, 0x7F, 0xE9, 0xFFFF}, `\u0000\u001F\u007F\u00E9\uFFFF`},
	} {
		if got := formatDeviationText(tc.units); got != tc.text {
			t.Errorf("format(%04X) = %q, want %q", tc.units, got, tc.text)
		}
		got, err := parseDeviationText(tc.text)
		if err != nil || !slices.Equal(got, tc.units) {
			t.Errorf("parse(%q) = %04X, %v; want %04X", tc.text, got, err, tc.units)
		}
	}
	// Parsing also takes non-ASCII characters as they are, and \u pairs.
	if got, err := parseDeviationText(`é\uD83D\uDE00😀`); err != nil ||
		!slices.Equal(got, []uint16{0xE9, 0xD83D, 0xDE00, 0xD83D, 0xDE00}) {
		t.Errorf("parse mixed = %04X, %v", got, err)
	}
	for _, bad := range []string{`\`, `\x41`, `\u12`, `\uZZZZ`, `\U0000FFFF`, `\U00110000`, "\xff"} {
		if _, err := parseDeviationText(bad); err == nil {
			t.Errorf("parse(%q) succeeded", bad)
		}
	}
}

func TestDeviationCovers(t *testing.T) {
	devs, err := Deviations()
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(devs, func(d Deviation) bool {
		return d.ID == "goja.decodeURIComponent.lone-surrogate-to-fffd"
	})
	if i < 0 {
		t.Fatal("deviation goja.decodeURIComponent.lone-surrogate-to-fffd is missing")
	}
	d := devs[i]
	op := "decodeURIComponent"
	in := []uint16{'x', 0xD800, '%', '4', '1', 0xDC00, 0xD83D, 0xDE00}
	want := Response{Out: []uint16{'x', 0xD800, 'A', 0xDC00, 0xD83D, 0xDE00}}
	gojaGot := Response{Out: []uint16{'x', 0xFFFD, 'A', 0xFFFD, 0xD83D, 0xDE00}}
	for _, tc := range []struct {
		name   string
		engine string
		req    Request
		want   Response
		got    Response
		covers bool
	}{
		{"as described", "goja", Request{Op: Op(op), In: in}, want, gojaGot, true},
		{"other engine", "node", Request{Op: Op(op), In: in}, want, gojaGot, false},
		{"other op", "goja", Request{Op: "decodeURIComponentX", In: in}, want, gojaGot, false},
		{"agreement", "goja", Request{Op: Op(op), In: in}, want, want, false},
		{"only one surrogate replaced", "goja", Request{Op: Op(op), In: in}, want,
			Response{Out: []uint16{'x', 0xFFFD, 'A', 0xDC00, 0xD83D, 0xDE00}}, false},
		{"pair replaced too", "goja", Request{Op: Op(op), In: in}, want,
			Response{Out: []uint16{'x', 0xFFFD, 'A', 0xFFFD, 0xFFFD, 0xFFFD}}, false},
		{"something else changed", "goja", Request{Op: Op(op), In: in}, want,
			Response{Out: []uint16{'x', 0xFFFD, 'B', 0xFFFD, 0xD83D, 0xDE00}}, false},
		{"engine throws", "goja", Request{Op: Op(op), In: in}, want, Response{Error: ErrURIError}, false},
		{"spec throws", "goja", Request{Op: Op(op), In: in}, Response{Error: ErrURIError}, gojaGot, false},
		{"no lone surrogate in input", "goja", Request{Op: Op(op), In: []uint16{'%', '4', '1'}},
			Response{Out: []uint16{'A'}}, Response{Out: []uint16{'A'}}, false},
	} {
		if got := d.Covers(tc.engine, tc.req, tc.want, tc.got); got != tc.covers {
			t.Errorf("%s: Covers = %v, want %v", tc.name, got, tc.covers)
		}
		_, found := FindDeviation(devs, tc.engine, tc.req, tc.want, tc.got)
		if found != tc.covers {
			t.Errorf("%s: FindDeviation found = %v, want %v", tc.name, found, tc.covers)
		}
	}
}

func TestParseDeviationsRejects(t *testing.T) {
	good := func() map[string]any {
		return map[string]any{
			"id": "goja.decodeURI.x", "engine": "goja", "engine_version": "v1", "op": "decodeURI",
			"ref": "ECMA-262 5.1 §15.1.3 Decode 4.c.i", "summary": "s",
			"match":   map[string]any{"in": `\\uD8`, "got": RelLoneSurrogatesToFFFD},
			"example": map[string]any{"in": `\uD800%41`, "want": map[string]any{"out": `\uD800A`}, "got": map[string]any{"out": `\uFFFDA`}},
			"evidence": []any{map[string]any{"engine": "node", "version": "v20", "source": "decodeURI(...)",
				"answer": map[string]any{"out": `\uD800A`}}},
		}
	}
	encode := func(entries ...map[string]any) []byte {
		b, err := json.Marshal(map[string]any{"deviations": entries})
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	if _, err := parseDeviations(encode(good())); err != nil {
		t.Fatalf("good entry rejected: %v", err)
	}
	for _, tc := range []struct {
		name   string
		change func(m map[string]any)
	}{
		{"no id", func(m map[string]any) { m["id"] = "" }},
		{"unknown op", func(m map[string]any) { m["op"] = "decodeURIX" }},
		{"octet op", func(m map[string]any) { m["op"] = "percentEncode" }},
		{"bad regexp", func(m map[string]any) { m["match"] = map[string]any{"in": "(", "got": RelLoneSurrogatesToFFFD} }},
		{"unknown relation", func(m map[string]any) { m["match"] = map[string]any{"in": "", "got": "whatever"} }},
		{"example not matched", func(m map[string]any) { m["match"] = map[string]any{"in": "^zzz$", "got": RelLoneSurrogatesToFFFD} }},
		{"example not in relation", func(m map[string]any) {
			m["example"] = map[string]any{"in": `\uD800%41`, "want": map[string]any{"out": `\uD800A`}, "got": map[string]any{"out": `\uD800A`}}
		}},
		{"no evidence", func(m map[string]any) { m["evidence"] = []any{} }},
		{"evidence disagrees", func(m map[string]any) {
			m["evidence"] = []any{map[string]any{"engine": "node", "version": "v20", "source": "x",
				"answer": map[string]any{"error": "URIError"}}}
		}},
		{"evidence from the same engine", func(m map[string]any) {
			m["evidence"] = []any{map[string]any{"engine": "goja", "version": "v1", "source": "x",
				"answer": map[string]any{"out": `\uD800A`}}}
		}},
		{"unknown field", func(m map[string]any) { m["extra"] = true }},
	} {
		m := good()
		tc.change(m)
		if _, err := parseDeviations(encode(m)); err == nil {
			t.Errorf("%s: accepted", tc.name)
		}
	}
	if _, err := parseDeviations(encode(good(), good())); err == nil {
		t.Error("duplicate id accepted")
	}
}

// deviationNodeScript evaluates each JavaScript expression of a JSON array read from
// stdin and prints, for each, its string result as code units or the name
// of what it threw.
const deviationNodeScript = `
const exprs = JSON.parse(require("fs").readFileSync(0, "utf8"));
console.log(JSON.stringify(exprs.map((x) => {
	try {
		const r = String((0, eval)(x));
		return {out: Array.from({length: r.length}, (_, i) => r.charCodeAt(i))};
	} catch (e) {
		return {error: String(e && e.name)};
	}
})));
`

// TestDeviationEvidenceNode re-runs the node evidence of every deviation:
// each source must still give its recorded answer, and the deviation's op on
// the example input must give the example's spec answer.
func TestDeviationEvidenceNode(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed")
	}
	devs, err := Deviations()
	if err != nil {
		t.Fatal(err)
	}
	type check struct {
		what string
		want Response
	}
	var exprs []string
	var checks []check
	for _, d := range devs {
		req, want, _, err := d.Example.Parse(d.Op)
		if err != nil {
			t.Fatal(err)
		}
		codes := make([]string, len(req.In))
		for i, c := range req.In {
			codes[i] = "0x" + deviationHex16(c)
		}
		exprs = append(exprs, string(d.Op)+"(String.fromCharCode("+strings.Join(codes, ", ")+"))")
		checks = append(checks, check{d.ID + ": example", want})
		for _, e := range d.Evidence {
			if e.Engine != "node" {
				continue
			}
			ans, err := e.Answer.Response()
			if err != nil {
				t.Fatal(err)
			}
			exprs = append(exprs, e.Source)
			checks = append(checks, check{d.ID + ": evidence " + e.Source, ans})
		}
	}
	in, _ := json.Marshal(exprs)
	cmd := exec.Command(node, "-e", deviationNodeScript)
	cmd.Stdin = bytes.NewReader(in)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	var got []struct {
		Out   []uint16 `json:"out"`
		Error string   `json:"error"`
	}
	if err := json.Unmarshal(out, &got); err != nil || len(got) != len(checks) {
		t.Fatalf("node answered %q (%v)", out, err)
	}
	for i, c := range checks {
		if got[i].Error != c.want.Error || !slices.Equal(got[i].Out, c.want.Out) {
			t.Errorf("%s: node gives %04X %q, recorded %04X %q", c.what, got[i].Out, got[i].Error, c.want.Out, c.want.Error)
		}
	}
}

func deviationHex16(c uint16) string {
	const digits = "0123456789ABCDEF"
	return string([]byte{digits[c>>12], digits[c>>8&15], digits[c>>4&15], digits[c&15]})
}
