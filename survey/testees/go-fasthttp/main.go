// Command go-fasthttp is a pctest testee (testee/PROTOCOL.md) for the query
// argument escaping of fasthttp (github.com/valyala/fasthttp):
//
//	goQueryEscape  fasthttp.AppendQuotedArg (its tests hold it to url.QueryEscape)
//	formDecode     fasthttp.AppendUnquotedArg
//
// AppendUnquotedArg returns octets; a result that is not UTF-8 is answered
// with the error NotUTF8 (see README.md).
package main

import (
	"github.com/valyala/fasthttp"
	protocol "pctest.example/survey/go-common"
)

func main() {
	protocol.Serve(func(req *protocol.Request) protocol.Response {
		s, ok := req.Text()
		if !ok {
			return protocol.Unsupported()
		}
		switch req.Op {
		case "goQueryEscape":
			return protocol.OutString(string(fasthttp.AppendQuotedArg(nil, []byte(s))))
		case "formDecode":
			return protocol.OutString(string(fasthttp.AppendUnquotedArg(nil, []byte(s))))
		}
		return protocol.Unsupported()
	})
}
