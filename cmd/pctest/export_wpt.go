package main

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf16"

	"github.com/pctest/pctest/vectors"
)

// The files of the WPT export, under web-platform-tests' url/ directory.
const (
	wptPercentEncoding = "url/resources/pctest-percent-encoding.json"
	wptURLEncoded      = "url/resources/pctest-urlencoded-parser.json"
)

// exportWPT writes the WHATWG vectors in the shapes of web-platform-tests'
// URL directory:
//
//   - the queryEncode vectors (percent-encode after encoding, WHATWG URL
//     §1.3, in a special URL's query) as url/resources/percent-encoding.json
//     does: an array of comment strings and {"input": I, "output":
//     {ENCODING: QUERY, ...}} objects, one per input, the outputs of every
//     encoding label the vectors have for it (WPT's percent-encoding.window.js
//     serves a page per label and reads an <a>'s search);
//   - the formDecode vectors as urlencoded-parser.any.js's data:
//     {"input": I, "output": [[NAME, VALUE], ...]}, each input a lone name
//     (no '&' or '='), so the output is [[decoded, ""]] ([] for "").
//
// A comment string before each object names the vectors behind it.
func exportWPT(vs []vectors.Vector) ([]exportFile, error) {
	type unit struct {
		in     []uint16
		labels []string
		out    map[string][]uint16
		ids    []string
	}
	units := map[string]*unit{}
	var order []string
	var form []*vectors.Vector
	for i := range vs {
		v := &vs[i]
		switch v.Op {
		case vectors.OpQueryEncode:
			key := string(vectors.AppendJSONText(nil, v.In))
			u := units[key]
			if u == nil {
				u = &unit{in: v.In, out: map[string][]uint16{}}
				units[key] = u
				order = append(order, key)
			}
			label := v.Args["encoding"]
			if prev, dup := u.out[label]; dup {
				if !slices.Equal(prev, v.Expect.Out) {
					return nil, fmt.Errorf("vector %s: input %s under %q wants %s, another vector of the same input and label wants %s",
						v.ID, key, label, vectors.AppendJSONText(nil, v.Expect.Out), vectors.AppendJSONText(nil, prev))
				}
			} else {
				u.labels = append(u.labels, label)
				u.out[label] = v.Expect.Out
			}
			u.ids = append(u.ids, v.ID)
		case vectors.OpFormDecode:
			if slices.Contains(v.In, '&') || slices.Contains(v.In, '=') {
				return nil, fmt.Errorf("vector %s: a formDecode input with '&' or '=' is not one name", v.ID)
			}
			form = append(form, v)
		}
	}

	var pe strings.Builder
	pe.WriteString("[\n")
	fmt.Fprintf(&pe, "  %s", jsonStr("pctest suite "+suiteVersion()+" (pctest export wpt): the queryEncode vectors of vectors/encoding.json, WHATWG URL 1.3 percent-encode after encoding with the special-query percent-encode set, in the shape of url/resources/percent-encoding.json. Each object's outputs are the query as a page in that encoding writes it; the comment before it names the vectors."))
	var peIDs []string
	for _, key := range order {
		u := units[key]
		fmt.Fprintf(&pe, ",\n  %s,\n  {\n    \"input\": %s,\n    \"output\": {", jsonStr("pctest "+strings.Join(u.ids, " ")), vectors.AppendJSONText(nil, u.in))
		for i, label := range u.labels {
			if i > 0 {
				pe.WriteString(",")
			}
			fmt.Fprintf(&pe, "\n      %s: %s", jsonStr(label), vectors.AppendJSONText(nil, u.out[label]))
		}
		pe.WriteString("\n    }\n  }")
		peIDs = append(peIDs, u.ids...)
	}
	pe.WriteString("\n]\n")

	var fp strings.Builder
	fp.WriteString("[\n")
	fmt.Fprintf(&fp, "  %s", jsonStr("pctest suite "+suiteVersion()+" (pctest export wpt): the formDecode vectors of vectors/form.json, WHATWG URL 5.1 application/x-www-form-urlencoded parsing of one name, in the shape of urlencoded-parser.any.js's data; the comment before each object names its vector."))
	var fpIDs []string
	for _, v := range form {
		out := "[]"
		if len(v.In) > 0 {
			out = "[[" + string(vectors.AppendJSONText(nil, v.Expect.Out)) + ", \"\"]]"
		}
		fmt.Fprintf(&fp, ",\n  %s,\n  { \"input\": %s, \"output\": %s }", jsonStr("pctest "+v.ID), vectors.AppendJSONText(nil, v.In), out)
		fpIDs = append(fpIDs, v.ID)
	}
	fp.WriteString("\n]\n")
	return []exportFile{
		{Path: wptPercentEncoding, Data: []byte(pe.String()), IDs: peIDs, Op: string(vectors.OpQueryEncode)},
		{Path: wptURLEncoded, Data: []byte(fp.String()), IDs: fpIDs, Op: string(vectors.OpFormDecode)},
	}, nil
}

// jsonStr writes s as a JSON string with vectors.AppendJSONText.
func jsonStr(s string) string { return string(vectors.AppendJSONText(nil, utf16.Encode([]rune(s)))) }
