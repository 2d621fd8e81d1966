// Command go-whatwg-url is a pctest testee (testee/PROTOCOL.md) for
// github.com/nlnwa/whatwg-url, a WHATWG URL parser in Go:
//
//	percentEncodeSet  Parser.PercentEncodeString(s, set), with the
//	                  exported sets C0, fragment, query, special-query,
//	                  path and userinfo
//	formEncode        SearchParams.String, one value
//	formDecode        SearchParams.Get after Url.SetSearch, one value
package main

import (
	"strings"
	"unicode/utf8"

	"github.com/nlnwa/whatwg-url/url"
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

func main() {
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
