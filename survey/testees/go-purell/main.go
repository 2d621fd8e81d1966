// Command go-purell is a pctest testee (testee/PROTOCOL.md) for purell
// (github.com/PuerkitoBio/purell), a URL normalizer in Go:
//
//	normalize  purell.NormalizeURLString(s, FlagUppercaseEscapes|FlagDecodeUnnecessaryEscapes)
//
// The input is handed over as the URL string; a string that net/url cannot
// parse is answered with the error (EscapeError for a malformed escape).
package main

import (
	"errors"
	"net/url"

	"github.com/PuerkitoBio/purell"
	protocol "pctest.example/survey/go-common"
)

const flags = purell.FlagUppercaseEscapes | purell.FlagDecodeUnnecessaryEscapes

func main() {
	protocol.Serve(func(req *protocol.Request) protocol.Response {
		if req.Op != "normalize" {
			return protocol.Unsupported()
		}
		s, ok := req.Text()
		if !ok {
			return protocol.Unsupported()
		}
		r, err := purell.NormalizeURLString(s, flags)
		if err != nil {
			var e url.EscapeError
			if errors.As(err, &e) {
				return protocol.Err("EscapeError", err.Error())
			}
			return protocol.Err("Error", err.Error())
		}
		return protocol.OutString(r)
	})
}
