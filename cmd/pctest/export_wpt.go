package main

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode/utf16"

	"github.com/pctest/pctest/internal/headless"
	"github.com/pctest/pctest/vectors"
)

// The files of the WPT export, under web-platform-tests' url/ directory.
const (
	wptPercentEncoding = "url/resources/pctest-percent-encoding.json"
	wptURLEncoded      = "url/resources/pctest-urlencoded-parser.json"

	// The tests beside the data: the .any.js ones (URL and URLSearchParams,
	// which parse with UTF-8 in every global), the helper the
	// percent-encoding tests share, and a document per legacy encoding
	// label, wptDocPrefix + slug + ".html", with its .headers file.
	wptPercentEncodingAny = "url/pctest-percent-encoding.any.js"
	wptURLEncodedAny      = "url/pctest-urlencoded-parser.any.js"
	wptPercentHelper      = "url/resources/pctest-percent-encoding-test.js"
	wptDocPrefix          = "url/pctest-percent-encoding-"
	wptReadme             = "PCTEST-WPT-README.md"
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
// A comment string before each object names the vectors behind it; a
// percent-encoding object's "pctest" member, which WPT's runners ignore,
// names them per label, for the tests' names.
func exportWPT(vs []vectors.Vector) ([]exportFile, error) {
	type unit struct {
		in     []uint16
		labels []string
		out    map[string][]uint16
		ids    []string
		byLab  map[string][]string
	}
	units := map[string]*unit{}
	var order []string
	var form []*vectors.Vector
	byID := map[string]*vectors.Vector{}
	for i := range vs {
		byID[vs[i].ID] = &vs[i]
		v := &vs[i]
		switch v.Op {
		case vectors.OpQueryEncode:
			key := string(vectors.AppendJSONText(nil, v.In))
			u := units[key]
			if u == nil {
				u = &unit{in: v.In, out: map[string][]uint16{}, byLab: map[string][]string{}}
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
			u.byLab[label] = append(u.byLab[label], v.ID)
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
		pe.WriteString("\n    },\n    \"pctest\": {")
		for i, label := range u.labels {
			if i > 0 {
				pe.WriteString(",")
			}
			ids := make([]string, len(u.byLab[label]))
			for k, id := range u.byLab[label] {
				ids[k] = jsonStr(id)
			}
			fmt.Fprintf(&pe, "\n      %s: [%s]", jsonStr(label), strings.Join(ids, ", "))
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
	files := []exportFile{
		{Path: wptPercentEncoding, Data: []byte(pe.String()), IDs: peIDs, Op: string(vectors.OpQueryEncode)},
		{Path: wptURLEncoded, Data: []byte(fp.String()), IDs: fpIDs, Op: string(vectors.OpFormDecode)},
	}

	// The tests: which vectors each runs, and which none can run.
	byLabel := map[string][]string{}
	var labels []string
	var skipped []wptSkip
	for _, key := range order {
		u := units[key]
		for _, id := range u.ids {
			v := byID[id]
			label := v.Args["encoding"]
			why := headless.QueryUnfit(string(utf16.Decode(u.in)))
			if why == "" && label != "utf-8" {
				why = headless.DocumentUnfit(label)
			}
			if why != "" {
				skipped = append(skipped, wptSkip{id, label, why})
				continue
			}
			if _, ok := byLabel[label]; !ok {
				labels = append(labels, label)
			}
			byLabel[label] = append(byLabel[label], id)
		}
	}
	sort.Strings(labels)
	version := suiteVersion()
	files = append(files,
		exportFile{Path: wptPercentHelper, Data: []byte(wptHelperJS(version))},
		exportFile{Path: wptURLEncodedAny, Data: []byte(wptURLEncodedJS(version)), IDs: fpIDs, Op: string(vectors.OpFormDecode)},
		exportFile{Path: wptPercentEncodingAny, Data: []byte(wptPercentAnyJS(version)), IDs: byLabel["utf-8"], Op: string(vectors.OpQueryEncode)})
	slugs := map[string]bool{}
	var docs []string
	for _, label := range labels {
		if label == "utf-8" {
			continue
		}
		slug := wptSlug(label)
		for n := 2; slugs[slug]; n++ {
			slug = wptSlug(label) + "-" + strconv.Itoa(n)
		}
		slugs[slug] = true
		path := wptDocPrefix + slug + ".html"
		docs = append(docs, path)
		files = append(files,
			exportFile{Path: path, Data: []byte(wptDocHTML(label, version)), IDs: byLabel[label], Op: string(vectors.OpQueryEncode)},
			exportFile{Path: path + ".headers", Data: []byte("Content-Type: text/html; charset=" + label + "\n")})
	}
	files = append(files, exportFile{Path: wptReadme, Data: []byte(wptReadmeText(version, docs, skipped))})
	return files, nil
}

// A wptSkip is a queryEncode vector no exported test runs, and why.
type wptSkip struct{ id, label, why string }

// wptSlug makes a file name part of an encoding label: lowercase ASCII
// letters, digits, '-' and '_', anything else '-'.
func wptSlug(label string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(label) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '_' || r == '-' {
			b.WriteRune(r)
		} else {
			b.WriteByte('-')
		}
	}
	return b.String()
}

// wptHelperJS is url/resources/pctest-percent-encoding-test.js: the test
// the percent-encoding documents and .any.js share. It is ASCII, since a
// document in a legacy encoding decodes it in that encoding.
func wptHelperJS(version string) string {
	return `// pctest suite ` + version + ` (pctest export wpt), BSD-3-Clause.
// The test of url/resources/pctest-percent-encoding.json that every
// pctest-percent-encoding test runs: for each input that has an output for
// the encoding, parse(URL) must give the query "?" + output, as WPT's
// url/percent-encoding.window.js checks it. Each test is named by its
// vector ids (the input's "pctest" member names them per encoding; the
// comment before it, all of them) and the suite version. Inputs the URL parser cannot carry in a query as they are ('#',
// tab, LF, CR, a C0 control or space at the end) get no test; the export's
// PCTEST-WPT-README.md lists their vectors.
"use strict";

function pctestQueryUnfit(input) {
  return /[#\t\n\r]/.test(input) ||
    (input.length > 0 && input.charCodeAt(input.length - 1) <= 0x20);
}

function pctestPercentEncodingTests(encoding, version, parse) {
  promise_test(() => fetch_json("resources/pctest-percent-encoding.json").then(units => {
    let ids = [];
    for (const unit of units) {
      if (typeof unit === "string") {
        ids = unit.startsWith("pctest ") ? unit.slice(7).split(" ") : [];
        continue;
      }
      if (!Object.prototype.hasOwnProperty.call(unit.output, encoding) || pctestQueryUnfit(unit.input)) {
        continue;
      }
      const own = unit.pctest && unit.pctest[encoding] ? unit.pctest[encoding] : ids;
      const want = unit.output[encoding];
      test(() => {
        assert_equals(parse("https://doesnotmatter.invalid/?" + unit.input), want === "" ? "" : "?" + want, "query");
      }, own.join(" ") + ": input " + JSON.stringify(unit.input) +
        " with encoding " + encoding + " (pctest " + version + ")");
    }
  }), "Loading data (pctest " + version + ")");
}
`
}

// wptPercentAnyJS is url/pctest-percent-encoding.any.js: the utf-8
// outputs through the URL API, which parses with UTF-8 in every global.
func wptPercentAnyJS(version string) string {
	return `// META: global=window,dedicatedworker
// META: script=resources/pctest-percent-encoding-test.js
// META: title=pctest ` + version + `: percent-encode after encoding, UTF-8 (URL API)
// Exported by pctest export wpt from pctest suite ` + version + `, BSD-3-Clause:
// the utf-8 outputs of resources/pctest-percent-encoding.json (WHATWG URL 1.3
// percent-encode after encoding, special-query percent-encode set), as
// new URL(...).search gives them. The legacy encodings have a document each,
// pctest-percent-encoding-LABEL.html.
pctestPercentEncodingTests("utf-8", "` + version + `", href => new URL(href).search);
`
}

// wptURLEncodedJS is url/pctest-urlencoded-parser.any.js, after WPT's
// url/urlencoded-parser.any.js, but comparing the whole list of pairs.
func wptURLEncodedJS(version string) string {
	return `// META: global=window,dedicatedworker
// META: title=pctest ` + version + `: application/x-www-form-urlencoded parsing (URLSearchParams)
// Exported by pctest export wpt from pctest suite ` + version + `, BSD-3-Clause:
// each input of resources/pctest-urlencoded-parser.json (WHATWG URL 5.1) given
// to new URLSearchParams must give exactly its output's name-value pairs, as
// url/urlencoded-parser.any.js checks urlencoded-parser-data.json. Each test
// is named by its vector id (the comment before the input) and the suite version.
"use strict";

promise_test(() => fetch_json("resources/pctest-urlencoded-parser.json").then(units => {
  let ids = [];
  for (const unit of units) {
    if (typeof unit === "string") {
      ids = unit.startsWith("pctest ") ? unit.slice(7).split(" ") : [];
      continue;
    }
    test(() => {
      const got = [...new URLSearchParams(unit.input)];
      assert_equals(got.length, unit.output.length, "number of name-value pairs");
      got.forEach((pair, i) => assert_array_equals(pair, unit.output[i], "pair " + i));
    }, ids.join(" ") + ": URLSearchParams constructed with " + JSON.stringify(unit.input) + " (pctest ` + version + `)");
  }
}), "Loading data (pctest ` + version + `)");
`
}

// wptDocHTML is the test document of one legacy encoding label, served in
// it (its .headers file): an <a> in it parses each URL with the
// document's encoding, as WPT's percent-encoding.window.js has
// percent-encoding.py serve a page per encoding. It is ASCII, so it reads
// the same in every encoding a document can be served in.
func wptDocHTML(label, version string) string {
	return `<!doctype html>
<title>pctest ` + version + `: percent-encode after encoding in a document in ` + label + `</title>
<link rel="help" href="https://url.spec.whatwg.org/#percent-encode-after-encoding">
<!-- Exported by pctest export wpt from pctest suite ` + version + `, BSD-3-Clause.
     Served with the charset of its .headers file; the tests are named by
     their vector ids. -->
<script src="/resources/testharness.js"></script>
<script src="/resources/testharnessreport.js"></script>
<script src="resources/pctest-percent-encoding-test.js"></script>
<div id="log"></div>
<script>
pctestPercentEncodingTests(` + jsString(utf16.Encode([]rune(label))) + `, "` + version + `", href => {
  const a = document.createElement("a");
  a.setAttribute("href", href);
  return a.search;
});
</script>
`
}

// wptReadmeText is the export's README: how to drop it into a WPT
// checkout and run it, and the vectors no test runs.
func wptReadmeText(version string, docs []string, skipped []wptSkip) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# pctest's web-platform-tests export (suite %s)\n\n", version)
	b.WriteString("Written by `pctest export wpt`. Copy `url/` into a web-platform-tests checkout's\n")
	b.WriteString("`url/` directory and run the tests as any other WPT test, for example:\n\n")
	b.WriteString("    cp -r url/. ~/wpt/url/\n    cd ~/wpt && ./wpt lint url && ./wpt run --headless chrome url/pctest-*\n\n")
	b.WriteString("- `url/pctest-urlencoded-parser.any.js`: the formDecode vectors through URLSearchParams (window and worker).\n")
	b.WriteString("- `url/pctest-percent-encoding.any.js`: the utf-8 queryEncode vectors through the URL API.\n")
	fmt.Fprintf(&b, "- %d documents `url/pctest-percent-encoding-LABEL.html`, one per legacy encoding label, each served in\n", len(docs))
	b.WriteString("  its label by its `.headers` file (wptserve applies it); an `<a>` in it parses the URLs.\n")
	b.WriteString("- `url/resources/`: the data (in the shapes of WPT's percent-encoding.json and\n")
	b.WriteString("  urlencoded-parser-data.json) and the helper the percent-encoding tests share.\n\n")
	b.WriteString("Every test is named by its vector ids and the suite version; `pctest-export.json`\n")
	b.WriteString("says which vectors each file holds.\n\n")
	fmt.Fprintf(&b, "## Vectors no test runs (%d)\n\n", len(skipped))
	for _, s := range skipped {
		fmt.Fprintf(&b, "- %s (%s): %s\n", s.id, strings.TrimSpace(strconv.Quote(s.label)), s.why)
	}
	return b.String()
}

// jsonStr writes s as a JSON string with vectors.AppendJSONText.
func jsonStr(s string) string { return string(vectors.AppendJSONText(nil, utf16.Encode([]rune(s)))) }
