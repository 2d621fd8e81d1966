package vectors

import (
	"bytes"
	"encoding/json"
	"errors"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/pctest/pctest/internal/testenv"
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
		if !strings.HasPrefix(d.ID, d.Rows[0]+".") {
			t.Errorf("%s: id does not start with its first row and a dot", d.ID)
		}
		if !strings.HasPrefix(d.Spec, "ECMA-262 5.1 §15.1.3 ") && !strings.HasPrefix(d.Spec, "RFC ") &&
			!strings.HasPrefix(d.Spec, "WHATWG ") {
			t.Errorf("%s: spec %q names no spec", d.ID, d.Spec)
		}
	}
}

func TestDeviationCovers(t *testing.T) {
	devs, err := Deviations()
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(devs, func(d Deviation) bool {
		return d.ID == "goja.decode-lone-surrogate-to-fffd"
	})
	if i < 0 {
		t.Fatal("deviation goja.decode-lone-surrogate-to-fffd is missing")
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
			"id": "goja.x", "rows": []any{"goja"}, "ops": []any{"decodeURI"}, "relation": "fffd-for-surrogate",
			"in": `[\\]ud8`, "title": "t", "verdict": "bug", "spec": "ECMA-262 5.1 §15.1.3 Decode 4.c.i", "explain": "e",
			"examples": []any{map[string]any{"op": "decodeURI", "in": `\ud800%41`, "want": map[string]any{"out": `\ud800A`}, "got": map[string]any{"out": `\ufffdA`},
				"evidence": []any{map[string]any{"engine": "node", "version": "v20", "source": "decodeURI(...)",
					"answer": map[string]any{"out": `\ud800A`}}}}},
		}
	}
	encode := func(entries ...map[string]any) []byte {
		b, err := json.Marshal(entries)
		if err != nil {
			t.Fatal(err)
		}
		// encoding/json writes the escapes' backslash as \\; the files
		// hold lone surrogates as \uXXXX escapes, as here.
		return bytes.ReplaceAll(b, []byte(`\\u`), []byte(`\u`))
	}
	if _, err := parseDeviations(encode(good())); err != nil {
		t.Fatalf("good entry rejected: %v", err)
	}
	example := func(m map[string]any) map[string]any { return m["examples"].([]any)[0].(map[string]any) }
	for _, tc := range []struct {
		name   string
		change func(m map[string]any)
	}{
		{"no id", func(m map[string]any) { m["id"] = "" }},
		{"no rows", func(m map[string]any) { m["rows"] = []any{} }},
		{"unknown op", func(m map[string]any) { m["ops"] = []any{"decodeURIX"} }},
		{"octet op", func(m map[string]any) { m["ops"] = []any{"percentEncode"}; example(m)["op"] = "percentEncode" }},
		{"example's op not the entry's", func(m map[string]any) { example(m)["op"] = "decodeURIComponent" }},
		{"unknown label", func(m map[string]any) { m["verdict"] = "suite error" }},
		{"bad regexp", func(m map[string]any) { m["in"] = "(" }},
		{"unknown relation", func(m map[string]any) { m["relation"] = "whatever" }},
		{"no relation", func(m map[string]any) { delete(m, "relation") }},
		{"no input pattern and no relation", func(m map[string]any) { delete(m, "relation"); delete(m, "in") }},
		{"example not matched", func(m map[string]any) { m["in"] = "^zzz$" }},
		{"example not in relation", func(m map[string]any) { example(m)["got"] = map[string]any{"out": `\ud800A`} }},
		{"no examples", func(m map[string]any) { m["examples"] = []any{} }},
		{"no evidence", func(m map[string]any) { example(m)["evidence"] = []any{} }},
		{"evidence disagrees", func(m map[string]any) {
			example(m)["evidence"] = []any{map[string]any{"engine": "node", "version": "v20", "source": "x",
				"answer": map[string]any{"error": "URIError"}}}
		}},
		{"evidence from the same engine", func(m map[string]any) {
			example(m)["evidence"] = []any{map[string]any{"engine": "goja", "version": "v1", "source": "x",
				"answer": map[string]any{"out": `\ud800A`}}}
		}},
		{"documented without docs", func(m map[string]any) { m["verdict"] = LabelDocumented }},
		{"older spec without claim", func(m map[string]any) { m["verdict"] = LabelOlderSpec }},
		{"unknown field", func(m map[string]any) { m["extra"] = true }},
	} {
		m := good()
		tc.change(m)
		_, err := parseDeviations(encode(m))
		var re *RegistryError
		if !errors.As(err, &re) {
			t.Errorf("%s: accepted, or an error that is no *RegistryError: %v", tc.name, err)
			continue
		}
		if re.File != "vectors/deviations.json" || (re.Entry == "" && re.Line == 0) {
			t.Errorf("%s: the error does not say where: %v", tc.name, err)
		}
	}
	if _, err := parseDeviations(encode(good(), good())); err == nil {
		t.Error("duplicate id accepted")
	}
	if _, err := parseDeviations([]byte("[\n{\"id\": 1}]")); err == nil || !strings.Contains(err.Error(), "deviations.json:2") {
		t.Errorf("a type error does not give its line: %v", err)
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
	testenv.Require(t, testenv.Command("node"))
	node := "node"
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
		for _, e := range d.Examples {
			req, want, _, err := e.Parse()
			if err != nil {
				t.Fatal(err)
			}
			codes := make([]string, len(req.In))
			for i, c := range req.In {
				codes[i] = "0x" + deviationHex16(c)
			}
			exprs = append(exprs, string(e.Op)+"(String.fromCharCode("+strings.Join(codes, ", ")+"))")
			checks = append(checks, check{d.ID + ": example", want})
			for _, ev := range e.Evidence {
				if ev.Engine != "node" {
					continue
				}
				ans, err := ev.Answer.Response()
				if err != nil {
					t.Fatal(err)
				}
				exprs = append(exprs, ev.Source)
				checks = append(checks, check{d.ID + ": evidence " + ev.Source, ans})
			}
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
