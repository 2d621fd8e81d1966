package codeccheck

import (
	"errors"
	"fmt"
	"unicode/utf8"

	"github.com/pctest/pctest/codec"
	"github.com/pctest/pctest/internal/spec"
)

// This file checks percent-encode after encoding (WHATWG URL §1.3) and the
// query state's use of it (§4.4 steps 1 and 2.1) over a fuzzed label and
// text, against internal/spec's transcription of the URL and Encoding
// Standards (spec.PercentEncodeAfterEncoding over the standard's own index
// files; the codec uses golang.org/x/text's encoders). Every encoding also
// gets the checks any one must pass: an error exactly when the text is not
// UTF-8, ASCII output made of kept bytes and %XX with uppercase digits, and
// the query state's answer equal to the operation with the special-query
// set for a special scheme, and to UTF-8 with the query set for a scheme
// that is not special.

// LegacyEncode checks percent-encode after encoding of s in label's
// encoding, with the special-query set and with the form set and spaces
// as '+', and the query state for the schemes "https" and "foo".
func LegacyEncode(label, s string) error {
	valid := utf8.ValidString(s)
	var runes []rune // s as the models take it, made once when needed
	for _, c := range []struct {
		keep  codec.Set
		model spec.Set // the same set as the Standard writes it: what is encoded
		plus  bool
	}{{codec.WHATWGSpecialQuery, spec.WHATWGSpecialQueryEnc, false}, {codec.WHATWGFormURLEncoded, spec.WHATWGFormEnc, true}} {
		out, err := codec.PercentEncodeAfterEncodingString(label, s, c.keep, c.plus)
		var ue *codec.UTF8Error
		switch {
		case !valid:
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
		if runes == nil {
			runes = []rune(s)
		}
		if want, ok := legacyModel(label, runes, c.model, c.plus); ok && out != want {
			return fmt.Errorf("%s %q → %q: the model says %q", label, s, out, want)
		}
		if c.plus {
			continue
		}
		q, err := codec.QueryEncodeString(label, "https", s)
		if err != nil || q != out {
			return fmt.Errorf("%s %q: the query of an https URL is %q (%v), percent-encode after encoding gives %q", label, s, q, err, out)
		}
		// §4.4 step 1: a URL that is not special takes UTF-8, and step
		// 2.1 the query set.
		q, err = codec.QueryEncodeString(label, "foo", s)
		if want, _ := legacyModel("utf-8", runes, spec.WHATWGQueryEnc, false); err != nil || q != want {
			return fmt.Errorf("%s %q: the query of a foo: URL is %q (%v), the model says %q", label, s, q, err, want)
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

// legacyModel returns what §1.3 gives for the text s in the output
// encoding of label (spec.GetEncoding, spec.GetOutputEncoding), with
// encodeSet and spaceAsPlus; false when the label names no encoding.
func legacyModel(label string, s []rune, encodeSet spec.Set, spaceAsPlus bool) (string, bool) {
	name, ok := spec.GetEncoding(label)
	if !ok {
		return "", false
	}
	out, _ := spec.PercentEncodeAfterEncoding(spec.GetOutputEncoding(name), s, encodeSet, spaceAsPlus)
	return out, true
}
