// Command go-neturl is a pctest testee (protocol version 1, see
// testee/PROTOCOL.md) for Go's net/url escapers:
//
//	goQueryEscape    url.QueryEscape
//	goPathEscape     url.PathEscape
//	goQueryUnescape  url.QueryUnescape (error kind "EscapeError")
//	goPathUnescape   url.PathUnescape  (error kind "EscapeError")
//
// Every other op is answered "unsupported". Run it with
//
//	go build -o /tmp/go-neturl ./cmd/pctest/testees/go-neturl
//	pctest run -- /tmp/go-neturl
//
// It is written as a third party would write one: the standard library,
// encoding/json for the wire, and pctest's op names (package vectors). encoding/json turns a lone surrogate
// into U+FFFD, as Go's own UTF-16 to string conversion does, so the input
// handed to net/url is the UTF-8 of the text with each lone surrogate
// replaced; the runner's -utf16hex mode ("in_utf16") carries the same text.
package main

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"unicode/utf16"

	"github.com/pctest/pctest/vectors"
)

// request is one line of the runner's input.
type request struct {
	ID      int64             `json:"id"`
	Op      string            `json:"op"`
	In      *string           `json:"in"`
	InUTF16 *string           `json:"in_utf16"`
	InHex   *string           `json:"in_hex"`
	Args    map[string]string `json:"args"`
}

// response is one line of the testee's output; exactly one of Out, OutHex,
// Error or Unsupported is set.
type response struct {
	ID          int64   `json:"id"`
	Out         *string `json:"out,omitempty"`
	OutHex      *string `json:"out_hex,omitempty"`
	Error       string  `json:"error,omitempty"`
	Message     string  `json:"message,omitempty"`
	Unsupported bool    `json:"unsupported,omitempty"`
}

func main() {
	in := bufio.NewReaderSize(os.Stdin, 1<<16)
	out := bufio.NewWriterSize(os.Stdout, 1<<16)
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	for {
		line, err := in.ReadBytes('\n')
		if len(line) > 0 {
			var req request
			if jerr := json.Unmarshal(line, &req); jerr != nil {
				fmt.Fprintf(os.Stderr, "go-neturl: bad request line: %v\n", jerr)
			} else if werr := enc.Encode(answer(req)); werr != nil {
				os.Exit(1)
			}
		}
		// Answer everything read so far before waiting for more input:
		// the runner has more requests in flight and waits for these.
		if err != nil || !hasLine(in) {
			if out.Flush() != nil {
				os.Exit(1)
			}
		}
		if err == io.EOF {
			return
		}
		if err != nil {
			fmt.Fprintf(os.Stderr, "go-neturl: %v\n", err)
			os.Exit(1)
		}
	}
}

// hasLine reports whether in holds a complete line that can be read
// without waiting.
func hasLine(in *bufio.Reader) bool {
	b, _ := in.Peek(in.Buffered())
	return bytes.IndexByte(b, '\n') >= 0
}

// answer computes the response to req.
func answer(req request) response {
	resp := response{ID: req.ID}
	var text string
	switch {
	case req.In != nil:
		text = *req.In
	case req.InUTF16 != nil:
		b, err := hex.DecodeString(*req.InUTF16)
		if err != nil || len(b)%2 != 0 {
			resp.Error, resp.Message = "BadRequest", "in_utf16 is not hex code units"
			return resp
		}
		units := make([]uint16, len(b)/2)
		for i := range units {
			units[i] = uint16(b[2*i])<<8 | uint16(b[2*i+1])
		}
		text = string(utf16.Decode(units))
	}
	var (
		s      string
		octets []byte
		err    error
	)
	switch vectors.Op(req.Op) {
	case vectors.OpGoQueryEscape:
		s = url.QueryEscape(text)
		resp.Out = &s
		return resp
	case vectors.OpGoPathEscape:
		s = url.PathEscape(text)
		resp.Out = &s
		return resp
	case vectors.OpGoQueryUnescape:
		s, err = url.QueryUnescape(text)
	case vectors.OpGoPathUnescape:
		s, err = url.PathUnescape(text)
	default:
		resp.Unsupported = true
		return resp
	}
	if err != nil {
		var e url.EscapeError
		if errors.As(err, &e) {
			resp.Error, resp.Message = "EscapeError", err.Error()
			return resp
		}
		resp.Error, resp.Message = "Error", err.Error()
		return resp
	}
	octets = []byte(s)
	h := hex.EncodeToString(octets)
	resp.OutHex = &h
	return resp
}
