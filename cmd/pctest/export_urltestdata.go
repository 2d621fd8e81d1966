package main

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/pctest/pctest/vectors"
)

// urltestdataPath is the file pctest export urltestdata writes, beside
// web-platform-tests' url/resources/urltestdata.json.
const urltestdataPath = "url/resources/pctest-urltestdata.json"

// urltestdataHost is the host of every URL the export writes.
const urltestdataHost = "pctest.example"

// A urlSlot is where a vector's input goes in a URL: a component and a
// scheme.
type urlSlot struct {
	component string // "username", "password", "pathname", "search" or "hash"
	scheme    string
}

// special reports whether the slot's scheme is a special scheme (WHATWG
// URL §4.1).
func (s urlSlot) special() bool {
	switch s.scheme {
	case "ftp", "file", "http", "https", "ws", "wss":
		return true
	}
	return false
}

// urlSlotsBySet says where the vectors of each WHATWG per-component
// percent-encode set go: the userinfo set in username and password, the
// path set in the path, the query set in the query of a non-special URL
// and the special-query set in that of a special one, the fragment set in
// the fragment; https for a special URL and foo for a non-special one.
var urlSlotsBySet = map[string][]urlSlot{
	"whatwg.userinfo":      {{"username", "https"}, {"username", "foo"}, {"password", "https"}, {"password", "foo"}},
	"whatwg.path":          {{"pathname", "https"}, {"pathname", "foo"}},
	"whatwg.query":         {{"search", "foo"}},
	"whatwg.special-query": {{"search", "https"}},
	"whatwg.fragment":      {{"hash", "https"}, {"hash", "foo"}},
}

// urlEntry is one urltestdata.json object, its keys in WPT's order.
type urlEntry struct {
	input, href, origin, protocol, username, password, host, hostname, port, pathname, search, hash string
}

// exportURLTestData writes the WHATWG per-component percent-encode
// vectors as entries of web-platform-tests' url/resources/urltestdata.json
// (the data url-constructor.any.js and url-origin.any.js run, and with
// them whatwg-url, ada, rust-url and node in their own CI): each vector's
// input in the component its set is for, in a special and a non-special
// URL where both use the set, with href and every component expected.
// The vectors are the percentEncodeSet ones of the userinfo, path, query,
// special-query and fragment sets, and the queryEncodeScheme ones whose
// query is UTF-8 whatever the page (the URL constructor parses in UTF-8).
// A comment string before each entry names its vector, component and
// scheme. A vector whose input a URL cannot hold in that component (it
// would end the component, is not UTF-8, or the parser drops part of it)
// is left out, and the index lists it with the reason.
func exportURLTestData(vs []vectors.Vector) ([]exportFile, []exportSkip) {
	var b strings.Builder
	b.WriteString("[\n")
	fmt.Fprintf(&b, "  %s", jsonStr("pctest suite "+suiteVersion()+" (pctest export urltestdata): the WHATWG URL per-component percent-encode vectors (userinfo, path, query, special-query, fragment sets; vectors/rfc3986.json percentEncodeSet and vectors/encoding.json queryEncodeScheme) in the shape of url/resources/urltestdata.json. The comment before each entry names its vector id, the component and the scheme."))
	var ids []string
	var skipped []exportSkip
	for i := range vs {
		v := &vs[i]
		in, slots, reason := urlVectorSlots(v)
		if slots == nil && reason == "" {
			continue
		}
		wrote := false
		var reasons []string
		for _, slot := range slots {
			e, why := urlEntryFor(slot, in, string(utf16.Decode(v.Expect.Out)))
			if why != "" {
				reasons = append(reasons, slot.component+" of "+slot.scheme+": "+why)
				continue
			}
			fmt.Fprintf(&b, ",\n  %s,\n  %s", jsonStr("pctest "+v.ID+": "+slot.component+" of a "+specialWord(slot)+" URL ("+slot.scheme+":)"), e.json())
			wrote = true
		}
		if wrote {
			ids = append(ids, v.ID)
			continue
		}
		if reason == "" {
			reason = strings.Join(reasons, "; ")
		}
		skipped = append(skipped, exportSkip{ID: v.ID, Reason: reason})
	}
	b.WriteString("\n]\n")
	return []exportFile{{Path: urltestdataPath, Data: []byte(b.String()), IDs: ids}}, skipped
}

func specialWord(s urlSlot) string {
	if s.special() {
		return "special"
	}
	return "non-special"
}

// urlVectorSlots returns a vector's input as a string and where it goes;
// nil slots and no reason for a vector the export is not about, nil slots
// and a reason for one it cannot write.
func urlVectorSlots(v *vectors.Vector) (string, []urlSlot, string) {
	switch v.Op {
	case vectors.OpPercentEncodeSet:
		slots := urlSlotsBySet[v.Args["set"]]
		if slots == nil {
			return "", nil, ""
		}
		if !utf8.Valid(v.InHex) {
			return "", nil, "the input octets are not UTF-8, and a URL's are its code points' UTF-8"
		}
		return string(v.InHex), slots, ""
	case vectors.OpQueryEncodeScheme:
		slot := urlSlot{"search", v.Args["scheme"]}
		if slot.special() && slot.scheme != "ws" && slot.scheme != "wss" && !strings.EqualFold(v.Args["encoding"], "utf-8") {
			return "", nil, "the query of a special URL is in the page's encoding (" + v.Args["encoding"] + "), and the URL constructor parses in UTF-8"
		}
		if !slices.Equal(utf16.Encode(utf16.Decode(v.In)), v.In) {
			return "", nil, "the input holds a lone surrogate, which a URL's UTF-8 cannot carry"
		}
		return string(utf16.Decode(v.In)), []urlSlot{slot}, ""
	}
	return "", nil, ""
}

// urlEntryFor writes the urltestdata entry that puts in (whose expected
// encoding is enc) in slot, or says why a URL cannot hold it there.
func urlEntryFor(slot urlSlot, in, enc string) (urlEntry, string) {
	if strings.ContainsAny(in, "\t\n\r") {
		return urlEntry{}, "the URL parser removes tabs and newlines first"
	}
	ends := map[string]string{"username": "/?#:", "password": "/?#", "pathname": "?#", "search": "#", "hash": ""}[slot.component]
	if slot.special() && slot.component != "search" && slot.component != "hash" {
		ends += `\`
	}
	if i := strings.IndexAny(in, ends); i >= 0 {
		return urlEntry{}, fmt.Sprintf("%q ends the %s there", in[i], slot.component)
	}
	if slot.component == "pathname" {
		for _, seg := range strings.Split(in, "/") {
			switch strings.ToLower(strings.ReplaceAll(strings.ToLower(seg), "%2e", ".")) {
			case ".", "..":
				return urlEntry{}, "a dot segment, which the parser removes"
			}
		}
	}
	// A URL's leading and trailing C0 controls and spaces are stripped:
	// an input that would end the URL with one is followed by an empty
	// query or fragment, or, in a fragment, by an 'x'.
	trailing := in != "" && in[len(in)-1] <= ' '
	e := urlEntry{protocol: slot.scheme + ":", host: urltestdataHost, hostname: urltestdataHost, pathname: "/"}
	var user, pass, query, frag *string
	var inURL string
	switch slot.component {
	case "username":
		user = &enc
		inURL = slot.scheme + "://" + in + "@" + urltestdataHost + "/"
	case "password":
		u := "u"
		user, pass = &u, &enc
		inURL = slot.scheme + "://u:" + in + "@" + urltestdataHost + "/"
	case "pathname":
		e.pathname = "/" + enc
		inURL = slot.scheme + "://" + urltestdataHost + "/" + in
		if trailing {
			empty := ""
			query, inURL = &empty, inURL+"?"
		}
	case "search":
		query = &enc
		inURL = slot.scheme + "://" + urltestdataHost + "/?" + in
		if trailing {
			empty := ""
			frag, inURL = &empty, inURL+"#"
		}
	case "hash":
		// Nothing can follow a fragment but more of it: an 'x' the
		// fragment set keeps.
		f := enc
		inURL = slot.scheme + "://" + urltestdataHost + "/#" + in
		if trailing {
			f, inURL = f+"x", inURL+"x"
		}
		frag = &f
	}
	e.input = inURL
	e.href = slot.scheme + "://"
	if user != nil && *user != "" || pass != nil && *pass != "" {
		e.href += *user
		e.username = *user
		if pass != nil && *pass != "" {
			e.href += ":" + *pass
			e.password = *pass
		}
		e.href += "@"
	}
	e.href += urltestdataHost + e.pathname
	if query != nil {
		e.href += "?" + *query
		if *query != "" {
			e.search = "?" + *query
		}
	}
	if frag != nil {
		e.href += "#" + *frag
		if *frag != "" {
			e.hash = "#" + *frag
		}
	}
	switch slot.scheme {
	case "http", "https", "ws", "wss", "ftp":
		e.origin = slot.scheme + "://" + urltestdataHost
	default:
		e.origin = "null"
	}
	return e, ""
}

// json writes the entry as urltestdata.json does, keys in its order.
func (e urlEntry) json() string {
	kv := []struct{ k, v string }{{"input", e.input}, {"base", ""}, {"href", e.href}, {"origin", e.origin},
		{"protocol", e.protocol}, {"username", e.username}, {"password", e.password}, {"host", e.host},
		{"hostname", e.hostname}, {"port", e.port}, {"pathname", e.pathname}, {"search", e.search}, {"hash", e.hash}}
	var b strings.Builder
	b.WriteString("{\n")
	for i, p := range kv {
		if i > 0 {
			b.WriteString(",\n")
		}
		if p.k == "base" {
			b.WriteString(`    "base": null`)
			continue
		}
		fmt.Fprintf(&b, "    %q: %s", p.k, jsonStr(p.v))
	}
	b.WriteString("\n  }")
	return b.String()
}

// urltestdataReadme writes the README.md beside url/: what the file holds
// and how URL parsers' runners take it.
func urltestdataReadme(f exportFile, skipped []exportSkip) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "# pctest's urltestdata export (suite %s)\n\n", suiteVersion())
	fmt.Fprintf(&b, "%s holds %d pctest vectors of the WHATWG URL per-component\n", f.Path, len(f.IDs))
	b.WriteString("percent-encode sets (userinfo, path, query, special-query, fragment) as entries of\n")
	b.WriteString("web-platform-tests' url/resources/urltestdata.json: input, base (null), href, origin\n")
	b.WriteString("and every component. The string before each entry is a comment, as urltestdata.json\n")
	b.WriteString("has them (runners skip strings), naming the vector id, the component and the scheme.\n\n")
	b.WriteString("To run it, give it to a urltestdata runner in place of urltestdata.json or append its\n")
	b.WriteString("elements to that file's array (WPT's url-constructor.any.js and url-origin.any.js,\n")
	b.WriteString("whatwg-url's test/web-platform.js, ada's and rust-url's urltestdata tests all read the\n")
	b.WriteString("same array). pctest's make urltestdata-export runs it in node's URL and in whatwg-url.\n\n")
	fmt.Fprintf(&b, "%d vectors of those sets are left out: a URL cannot hold their input in that\n", len(skipped))
	b.WriteString("component as it is. pctest-export.json lists each, with the reason.\n")
	return []byte(b.String())
}
