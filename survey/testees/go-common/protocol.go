// Package protocol is the pctest wire protocol (testee/PROTOCOL.md) for the
// survey's Go testees: it reads requests, hands each to an answer function
// and writes the responses, flushing before it blocks for more input.
//
// Text crosses as UTF-16 code units in both modes: "in_utf16" is hex, and
// "in" is a JSON string decoded here by hand, since encoding/json turns a
// lone surrogate into U+FFFD.
package protocol

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
)

// A Request is one request line.
type Request struct {
	ID     int64
	Op     string
	Units  []uint16 // the text input, as UTF-16 code units
	Octets []byte   // the octet input
	Args   map[string]string
}

// Text returns the input text as UTF-8; ok is false when it holds a lone
// surrogate, which a Go string cannot carry as UTF-8.
func (r *Request) Text() (s string, ok bool) {
	for i := 0; i < len(r.Units); i++ {
		u := r.Units[i]
		switch {
		case u >= 0xd800 && u < 0xdc00 && i+1 < len(r.Units) && r.Units[i+1] >= 0xdc00 && r.Units[i+1] < 0xe000:
			i++
		case u >= 0xd800 && u < 0xe000:
			return "", false
		}
	}
	return string(utf16.Decode(r.Units)), true
}

// A Response is one response line.
type Response struct {
	ID          int64   `json:"id"`
	Out         *string `json:"out,omitempty"`
	OutUTF16    *string `json:"out_utf16,omitempty"`
	OutHex      *string `json:"out_hex,omitempty"`
	Error       string  `json:"error,omitempty"`
	Message     string  `json:"message,omitempty"`
	Unsupported bool    `json:"unsupported,omitempty"`
}

// OutString answers text given as a Go string; octets that are not UTF-8
// are answered with the error NotUTF8 and the octets in hex.
func OutString(s string) Response {
	if !utf8.ValidString(s) {
		return Response{Error: "NotUTF8", Message: "result octets " + hex.EncodeToString([]byte(s))}
	}
	return Response{Out: &s}
}

// OutUnits answers text given as UTF-16 code units.
func OutUnits(u []uint16) Response {
	var b bytes.Buffer
	for _, c := range u {
		fmt.Fprintf(&b, "%04x", c)
	}
	s := b.String()
	return Response{OutUTF16: &s}
}

// OutOctets answers octets.
func OutOctets(b []byte) Response {
	s := hex.EncodeToString(b)
	return Response{OutHex: &s}
}

// Err answers an error of the given kind.
func Err(kind, msg string) Response { return Response{Error: kind, Message: msg} }

// Unsupported answers that the op is not implemented.
func Unsupported() Response { return Response{Unsupported: true} }

type wire struct {
	ID      int64             `json:"id"`
	Op      string            `json:"op"`
	In      json.RawMessage   `json:"in"`
	InUTF16 *string           `json:"in_utf16"`
	InHex   *string           `json:"in_hex"`
	Args    map[string]string `json:"args"`
}

func parse(line []byte) (*Request, error) {
	var w wire
	if err := json.Unmarshal(line, &w); err != nil {
		return nil, err
	}
	r := &Request{ID: w.ID, Op: w.Op, Args: w.Args}
	switch {
	case w.In != nil:
		u, err := jsonUnits(w.In)
		if err != nil {
			return r, err
		}
		r.Units = u
	case w.InUTF16 != nil:
		b, err := hex.DecodeString(*w.InUTF16)
		if err != nil || len(b)%2 != 0 {
			return r, errors.New("in_utf16 is not hex code units")
		}
		for i := 0; i < len(b); i += 2 {
			r.Units = append(r.Units, uint16(b[i])<<8|uint16(b[i+1]))
		}
	case w.InHex != nil:
		b, err := hex.DecodeString(*w.InHex)
		if err != nil {
			return r, err
		}
		r.Octets = b
	}
	return r, nil
}

// jsonUnits decodes a JSON string literal to UTF-16 code units, keeping
// lone \uXXXX surrogates.
func jsonUnits(raw []byte) ([]uint16, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) < 2 || raw[0] != '"' || raw[len(raw)-1] != '"' {
		return nil, errors.New("in is not a string")
	}
	s := string(raw[1 : len(raw)-1])
	var u []uint16
	for i := 0; i < len(s); {
		if s[i] != '\\' {
			r, n := utf8.DecodeRuneInString(s[i:])
			u = utf16.AppendRune(u, r)
			i += n
			continue
		}
		if i+1 >= len(s) {
			return nil, errors.New("bad escape")
		}
		switch c := s[i+1]; c {
		case 'u':
			if i+6 > len(s) {
				return nil, errors.New("bad \\u escape")
			}
			v, err := strconv.ParseUint(s[i+2:i+6], 16, 16)
			if err != nil {
				return nil, err
			}
			u = append(u, uint16(v))
			i += 6
			continue
		case 'b':
			u = append(u, '\b')
		case 'f':
			u = append(u, '\f')
		case 'n':
			u = append(u, '\n')
		case 'r':
			u = append(u, '\r')
		case 't':
			u = append(u, '\t')
		default:
			u = append(u, uint16(c))
		}
		i += 2
	}
	return u, nil
}

// Serve answers requests from stdin on stdout until end of input.
func Serve(answer func(*Request) Response) {
	in := bufio.NewReaderSize(os.Stdin, 1<<16)
	out := bufio.NewWriterSize(os.Stdout, 1<<16)
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	for {
		line, err := in.ReadBytes('\n')
		if len(bytes.TrimSpace(line)) > 0 {
			req, perr := parse(line)
			var resp Response
			if perr != nil {
				fmt.Fprintf(os.Stderr, "bad request line: %v\n", perr)
				resp = Err("BadRequest", perr.Error())
			} else {
				resp = answer(req)
			}
			if req != nil {
				resp.ID = req.ID
			}
			if enc.Encode(resp) != nil {
				os.Exit(1)
			}
		}
		if err != nil || !hasLine(in) {
			if out.Flush() != nil {
				os.Exit(1)
			}
		}
		if err == io.EOF {
			return
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
}

func hasLine(in *bufio.Reader) bool {
	b, _ := in.Peek(in.Buffered())
	return bytes.IndexByte(b, '\n') >= 0
}
