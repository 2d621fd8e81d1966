// Command go-gojq is a pctest testee (testee/PROTOCOL.md) for the URI
// formats of gojq (github.com/itchyny/gojq), jq in Go:
//
//	percentEncode  "@uri"
//	percentDecode  "@urid" (error kind "MalformedEscape")
//
// A jq string is JSON text: octets that are not UTF-8 are no jq string and
// are answered "unsupported".
package main

import (
	"fmt"
	"os"
	"unicode/utf8"

	"github.com/itchyny/gojq"
	protocol "pctest.example/survey/go-common"
)

func compile(src string) *gojq.Code {
	q, err := gojq.Parse(src)
	if err == nil {
		var c *gojq.Code
		if c, err = gojq.Compile(q); err == nil {
			return c
		}
	}
	fmt.Fprintln(os.Stderr, err)
	os.Exit(1)
	return nil
}

func main() {
	uri, urid := compile("@uri"), compile("@urid")
	protocol.Serve(func(req *protocol.Request) protocol.Response {
		var code *gojq.Code
		var in string
		switch req.Op {
		case "percentEncode":
			if !utf8.Valid(req.Octets) {
				return protocol.Unsupported()
			}
			code, in = uri, string(req.Octets)
		case "percentDecode":
			s, ok := req.Text()
			if !ok {
				return protocol.Unsupported()
			}
			code, in = urid, s
		default:
			return protocol.Unsupported()
		}
		v, _ := code.Run(in).Next()
		switch v := v.(type) {
		case string:
			if req.Op == "percentDecode" {
				return protocol.OutOctets([]byte(v))
			}
			return protocol.OutString(v)
		case error:
			return protocol.Err("MalformedEscape", v.Error())
		}
		return protocol.Err("Error", fmt.Sprint(v))
	})
}
