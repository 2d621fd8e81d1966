package codecfuzz

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"unicode/utf8"

	"golang.org/x/text/encoding/htmlindex"

	"github.com/pctest/pctest/codec"
	"github.com/pctest/pctest/internal/spec"
)

// This file checks percent-encode after encoding (WHATWG URL §1.3) and the
// query state's use of it (§4.4 steps 1 and 2.1) over a fuzzed label and
// text. The model of a single-byte encoding is built from the other side
// of golang.org/x/text: the table its decoder gives for the 128 high
// bytes, with the Encoding Standard's identity mapping of 0x80–0x9F where
// that decoder has none (the index files of ISO-8859-2 to -16 and of
// windows-874 and windows-125x map those bytes to U+0080–U+009F). Every
// encoding gets the checks any one must pass: an error exactly when the
// text is not UTF-8, ASCII output made of kept bytes and %XX with
// uppercase digits, the UTF-8 of the text for an encoding whose output
// encoding is UTF-8, and the query state's answer equal to the operation
// with the special-query set for a special scheme.

// singleByteTables caches, per label, the byte each code point encodes to
// in a single-byte encoding (nil for other encodings).
var singleByteTables sync.Map // label -> map[rune]byte or nil

// singleByteTable returns the code point → byte table of label's encoding
// when it is a single-byte one, built from its decoder, or nil.
func singleByteTable(label string) map[rune]byte {
	if t, ok := singleByteTables.Load(label); ok {
		return t.(map[rune]byte)
	}
	var table map[rune]byte
	name, err := codec.EncodingName(label)
	enc, err2 := htmlindex.Get(label)
	if err == nil && err2 == nil && isSingleByte(name) {
		table = map[rune]byte{}
		dec := enc.NewDecoder()
		for b := 0x80; b <= 0xFF; b++ {
			out, err := dec.Bytes([]byte{byte(b)})
			r, _ := utf8.DecodeRune(out)
			switch {
			case err == nil && r != utf8.RuneError:
				table[r] = byte(b)
			case b <= 0x9F:
				table[rune(b)] = byte(b) // the Encoding Standard's C1 identity
			}
		}
	}
	singleByteTables.Store(label, table)
	return table
}

// isSingleByte reports whether the encoding named name is one of the
// single-byte encodings of the Encoding Standard (§9).
func isSingleByte(name string) bool {
	switch name {
	case "IBM866", "KOI8-R", "KOI8-U", "macintosh", "x-mac-cyrillic", "windows-874":
		return true
	}
	return strings.HasPrefix(name, "ISO-8859-") || strings.HasPrefix(name, "windows-125")
}

// checkLegacy checks percent-encode after encoding of s in label's
// encoding, with the special-query set and with the form set and spaces
// as '+', and the query state for the schemes "https" and "foo".
func checkLegacy(label, s string) error {
	for _, c := range []struct {
		keep codec.Set
		plus bool
	}{{codec.WHATWGSpecialQuery, false}, {codec.WHATWGFormURLEncoded, true}} {
		out, err := codec.PercentEncodeAfterEncodingString(label, s, c.keep, c.plus)
		var ue *codec.UTF8Error
		switch {
		case !utf8.ValidString(s):
			if !errors.As(err, &ue) {
				return fmt.Errorf("%s %q: not UTF-8, yet the error is %v", label, s, err)
			}
			continue
		case err != nil:
			return fmt.Errorf("%s %q: %v", label, s, err)
		}
		if err := checkEscapedForm(out, c.keep, c.plus); err != nil {
			return fmt.Errorf("%s %q → %q: %v", label, s, out, err)
		}
		if want, ok := legacyModel(label, s, c.keep, c.plus); ok && out != want {
			return fmt.Errorf("%s %q → %q: the model says %q", label, s, out, want)
		}
		if c.plus {
			continue
		}
		q, err := codec.QueryEncodeString(label, "https", s)
		if err != nil || q != out {
			return fmt.Errorf("%s %q: the query of an https URL is %q (%v), percent-encode after encoding gives %q", label, s, q, err, out)
		}
		if _, err := codec.QueryEncodeString(label, "foo", s); err != nil {
			return fmt.Errorf("%s %q: query of a foo: URL: %v", label, s, err)
		}
	}
	return nil
}

// checkEscapedForm checks that out is ASCII made of kept bytes, '%'
// (which starts an escape, or is kept when keep holds it) and, when plus,
// '+' for a space.
func checkEscapedForm(out string, keep codec.Set, plus bool) error {
	for i := 0; i < len(out); i++ {
		switch c := out[i]; {
		case c == '%' && i+2 < len(out) && isUpperHex(out[i+1]) && isUpperHex(out[i+2]):
			i += 2
		case c < 0x80 && keep.Contains(c) && c != ' ', plus && c == '+':
		default:
			return fmt.Errorf("byte %#x at %d is neither kept nor an escape with uppercase hex", c, i)
		}
	}
	return nil
}

func isUpperHex(c byte) bool { return c >= '0' && c <= '9' || c >= 'A' && c <= 'F' }

// escapeOctets is §1.3 step 4.4 over the encoder's octets: an octet the
// set keeps as it is, a space as '+' when plus (step 4.3), any other as
// %XX with uppercase hex (spec.FormEncode and spec.EncodeWith).
func escapeOctets(octets []byte, keep codec.Set, plus bool) string {
	k := keepOf(keep.Intersect(codec.SetRange(0, 0x7F)))
	if plus {
		return string(spec.FormEncode(octets, k))
	}
	out, _ := spec.EncodeWith(octets, k)
	return string(out)
}

// legacyModel returns what §1.3 gives for s in label's encoding, where the
// model knows the encoder: UTF-8 when the output encoding is UTF-8, and the
// single-byte tables. Each code point's octets are escaped as step 4.4
// says (escapeOctets); a code point the encoding lacks gives "%26%23",
// its decimal number and "%3B" (step 4.2).
func legacyModel(label, s string, keep codec.Set, plus bool) (string, bool) {
	name, err := codec.OutputEncodingName(label)
	if err != nil {
		return "", false
	}
	table := singleByteTable(label)
	if name != "UTF-8" && table == nil {
		return "", false
	}
	var out string
	for _, r := range s {
		b, ok := table[r]
		switch {
		case name == "UTF-8":
			out += escapeOctets([]byte(string(r)), keep, plus)
		case r < 0x80:
			out += escapeOctets([]byte{byte(r)}, keep, plus)
		case ok:
			out += escapeOctets([]byte{b}, keep, plus)
		default:
			out += fmt.Sprintf("%%26%%23%d%%3B", r)
		}
	}
	return out, true
}
