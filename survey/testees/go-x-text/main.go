// Command go-x-text is a pctest testee (testee/PROTOCOL.md) for Go's
// encodings: golang.org/x/text's WHATWG encodings (encoding/htmlindex)
// with net/url, and the standard library's UTF-8 decoders. The argument
// picks the function set, one row each:
//
//	(none)   formEncodeLegacy   url.Values{k: {v}}.Encode(), v the bytes of
//	                            encoding.HTMLEscapeUnsupported(e.NewEncoder()).String(text),
//	                            e = htmlindex.Get(args.encoding)
//	         utf8DecodeReplace  htmlindex.Get("utf-8").NewDecoder().Bytes(octets)
//	runes    utf8DecodeReplace  string(bytes.Runes(octets))
//	tovalid  utf8DecodeReplace  strings.ToValidUTF8(string(octets), "\uFFFD")
//
// Every other op is answered "unsupported". README.md beside this file
// says why each function maps to its op; mapping.json says the same for
// machines.
package main

import (
	"bytes"
	"fmt"
	"net/url"
	"os"
	"strings"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/htmlindex"
	"golang.org/x/text/encoding/unicode"
	protocol "pctest.example/survey/go-common"
)

// outputEncoding is the encoding text is encoded with for the label: the
// Encoding Standard's "get an output encoding" (§4.3), which the URL
// standard applies (§1.3) and htmlindex does not: UTF-8 for replacement,
// UTF-16BE and UTF-16LE.
func outputEncoding(label string) (encoding.Encoding, error) {
	e, err := htmlindex.Get(label)
	if err != nil {
		return nil, err
	}
	switch name, _ := htmlindex.Name(e); name {
	case "replacement", "utf-16be", "utf-16le":
		return unicode.UTF8, nil
	}
	return e, nil
}

func main() {
	variant := ""
	if len(os.Args) > 1 {
		variant = os.Args[1]
	}
	if variant != "" && variant != "runes" && variant != "tovalid" {
		fmt.Fprintf(os.Stderr, "testee: unknown function set %q; want none, runes or tovalid\n", variant)
		os.Exit(2)
	}
	utf8Decoder, err := htmlindex.Get("utf-8")
	if err != nil {
		fmt.Fprintln(os.Stderr, "testee:", err)
		os.Exit(1)
	}
	protocol.Serve(func(req *protocol.Request) protocol.Response {
		switch variant + " " + req.Op {
		case " formEncodeLegacy":
			s, ok := req.Text()
			if !ok {
				return protocol.Unsupported()
			}
			e, err := outputEncoding(req.Args["encoding"])
			if err != nil {
				// htmlindex knows no such label: the Encoding Standard's
				// "get an encoding" fails, and the vectors hold none.
				return protocol.Unsupported()
			}
			b, err := encoding.HTMLEscapeUnsupported(e.NewEncoder()).String(s)
			if err != nil {
				return protocol.Err(fmt.Sprintf("%T", err), err.Error())
			}
			return protocol.OutString(strings.TrimPrefix(url.Values{"k": {b}}.Encode(), "k="))
		case " utf8DecodeReplace":
			b, err := utf8Decoder.NewDecoder().Bytes(req.Octets)
			if err != nil {
				return protocol.Err(fmt.Sprintf("%T", err), err.Error())
			}
			return protocol.OutString(string(b))
		case "runes utf8DecodeReplace":
			return protocol.OutString(string(bytes.Runes(req.Octets)))
		case "tovalid utf8DecodeReplace":
			return protocol.OutString(strings.ToValidUTF8(string(req.Octets), "\uFFFD"))
		}
		return protocol.Unsupported()
	})
}
