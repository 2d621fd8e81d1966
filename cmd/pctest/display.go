package main

import (
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf16"

	"github.com/pctest/pctest/vectors"
)

// unitLimit is how many code units or octets a failure line lists before it
// abbreviates.
const unitLimit = 48

// displayText renders UTF-16 text as a double-quoted string for a terminal:
// printable characters as they are, '"' and '\' escaped, and controls,
// format characters, lone surrogates and other unprintable code points as
// JavaScript escapes (\uXXXX, \u{XXXXX}).
func displayText(s []uint16) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		u := s[i]
		r := rune(u)
		if utf16.IsSurrogate(r) {
			if i+1 < len(s) && u < 0xDC00 && s[i+1] >= 0xDC00 && s[i+1] < 0xE000 {
				r = utf16.DecodeRune(r, rune(s[i+1]))
				i++
			} else {
				fmt.Fprintf(&b, `\u%04X`, u)
				continue
			}
		}
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\r':
			b.WriteString(`\r`)
		case r < 0x80 && unicode.IsPrint(r),
			r >= 0x80 && unicode.IsGraphic(r) && !unicode.In(r, unicode.Mn, unicode.Zs) && r != 0xFFFD:
			b.WriteRune(r)
		case r > 0xFFFF:
			fmt.Fprintf(&b, `\u{%X}`, r)
		default:
			fmt.Fprintf(&b, `\u%04X`, r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// displayUnits lists UTF-16 code units in hex, as "[0041 D800]".
func displayUnits(s []uint16) string {
	var b strings.Builder
	b.WriteByte('[')
	for i, u := range s {
		if i == unitLimit {
			fmt.Fprintf(&b, " …+%d", len(s)-i)
			break
		}
		if i > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "%04X", u)
	}
	b.WriteByte(']')
	return b.String()
}

// displayOctets renders octets as hex and as a Go string literal, as
// `e38182 "あ"`.
func displayOctets(p []byte) string {
	h := p
	more := ""
	if len(h) > unitLimit {
		h, more = h[:unitLimit], fmt.Sprintf("…+%d", len(p)-unitLimit)
	}
	return hex.EncodeToString(h) + more + " " + strconv.Quote(string(p))
}

// displayInput renders a request's input (and its args) for a failure line.
func displayInput(req vectors.Request) string {
	var s string
	if req.InHex != nil || isOctetInput(req.Op) {
		s = "in_hex=" + displayOctets(req.InHex)
	} else {
		s = "in=" + displayText(req.In) + " " + displayUnits(req.In)
	}
	for _, k := range sortedKeys(req.Args) {
		s += " " + k + "=" + strconv.Quote(req.Args[k])
	}
	return s
}

// displayResponse renders a response, or the error that stood in for it.
func displayResponse(resp vectors.Response, err error) string {
	switch {
	case err != nil:
		return "(" + err.Error() + ")"
	case resp.Unsupported:
		return "unsupported"
	case resp.Error != "":
		if resp.Message != "" {
			return "error " + resp.Error + " (" + strconv.Quote(resp.Message) + ")"
		}
		return "error " + resp.Error
	case resp.OutHex != nil:
		return displayOctets(resp.OutHex)
	case resp.Out != nil:
		return displayText(resp.Out) + " " + displayUnits(resp.Out)
	}
	return "(empty response)"
}

// isOctetInput reports whether op takes octets.
func isOctetInput(op string) bool {
	o, ok := vectors.LookupOp(op)
	return ok && o.In == vectors.Octets
}
