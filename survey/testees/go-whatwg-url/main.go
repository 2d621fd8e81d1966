// Command go-whatwg-url is a pctest testee (testee/PROTOCOL.md) for
// github.com/nlnwa/whatwg-url, a WHATWG URL parser in Go:
//
//	percentEncodeSet  Parser.PercentEncodeString(s, set), with the
//	                  exported sets C0, fragment, query, special-query,
//	                  path and userinfo
//	formEncode        SearchParams.String, one value
//	formDecode        SearchParams.Get after Url.SetSearch, one value
//
// With the argument "encoding", another function set:
//
//	queryEncode       NewParser(WithEncodingOverride(cm)).Parse("http://h/?" + s),
//	                  then Url.Query()
//	queryEncodeScheme the same with args.scheme + "://h/?" + s
//
// cm is the golang.org/x/text charmap that htmlindex gives for the label
// args.encoding: the single-byte encodings only (the option takes a
// *charmap.Charmap); a UTF-8 label (and those whose output encoding is
// UTF-8) parses with no override. Any other label is "unsupported", as is
// text the parser would not take as one query as written: '#' (it starts
// the fragment), tab and newline (removed), and C0 controls or spaces at
// its end (trimmed from the URL).
package main

import (
	"os"
	"strings"
	"unicode/utf8"

	"github.com/nlnwa/whatwg-url/url"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/htmlindex"
	protocol "pctest.example/survey/go-common"
)

var sets = map[string]*url.PercentEncodeSet{
	"whatwg.c0-control":    url.C0PercentEncodeSet,
	"whatwg.fragment":      url.FragmentPercentEncodeSet,
	"whatwg.query":         url.QueryPercentEncodeSet,
	"whatwg.special-query": url.SpecialQueryPercentEncodeSet,
	"whatwg.path":          url.PathPercentEncodeSet,
	"whatwg.userinfo":      url.UserInfoPercentEncodeSet,
}

// parser returns the parser for an encoding label, or nil when the label
// names no encoding this option can take.
func parser(label string) url.Parser {
	e, err := htmlindex.Get(label)
	if err != nil {
		return nil
	}
	switch name, _ := htmlindex.Name(e); name {
	case "utf-8", "utf-16be", "utf-16le", "replacement": // output encoding UTF-8
		return url.NewParser()
	}
	if cm, ok := e.(*charmap.Charmap); ok {
		return url.NewParser(url.WithEncodingOverride(cm))
	}
	return nil
}

func serveEncoding() {
	protocol.Serve(func(req *protocol.Request) protocol.Response {
		scheme := "http"
		switch req.Op {
		case "queryEncode":
		case "queryEncodeScheme":
			scheme = req.Args["scheme"]
		default:
			return protocol.Unsupported()
		}
		s, ok := req.Text()
		p := parser(req.Args["encoding"])
		if !ok || p == nil || scheme == "" || strings.ContainsAny(s, "#\t\n\r") ||
			strings.TrimRight(s, "\x00\x01\x02\x03\x04\x05\x06\x07\x08\x0b\x0c\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f ") != s {
			return protocol.Unsupported()
		}
		u, err := p.Parse(scheme + "://h/?" + s)
		if err != nil {
			return protocol.Err("Error", err.Error())
		}
		return protocol.OutString(u.Query())
	})
}

func main() {
	if len(os.Args) > 1 && os.Args[1] == "encoding" {
		serveEncoding()
		return
	}
	p := url.NewParser()
	protocol.Serve(func(req *protocol.Request) protocol.Response {
		switch req.Op {
		case "percentEncodeSet":
			set := sets[req.Args["set"]]
			if set == nil || !utf8.Valid(req.Octets) {
				return protocol.Unsupported()
			}
			return protocol.OutString(p.PercentEncodeString(string(req.Octets), set))
		case "formEncode", "formDecode":
		default:
			return protocol.Unsupported()
		}
		s, ok := req.Text()
		if !ok {
			return protocol.Unsupported()
		}
		u, err := p.Parse("http://h/")
		if err != nil {
			return protocol.Err("Error", err.Error())
		}
		if req.Op == "formEncode" {
			u.SearchParams().Append("a", s)
			return protocol.OutString(strings.TrimPrefix(u.SearchParams().String(), "a="))
		}
		// One value only: '&' splits pairs, and the URL setter drops tab
		// and newline before the query is parsed.
		if strings.ContainsAny(s, "&\t\n\r") {
			return protocol.Unsupported()
		}
		u.SetSearch("?a=" + s)
		return protocol.OutString(u.SearchParams().Get("a"))
	})
}
