package codeccheck

import (
	"errors"
	"fmt"
	"slices"
	"unicode/utf16"

	"github.com/pctest/pctest/codec"
	"github.com/pctest/pctest/fuzz/internal/fuzzinput"
	"github.com/pctest/pctest/internal/spec"
	"github.com/pctest/pctest/vectors"
)

// This file checks the ECMAScript functions of ECMA-262 5.1 §15.1.3 over
// fuzzed UTF-16 (see fuzzinput.Units), against models built from the standard
// library: unicode/utf16 and unicode/utf8 for the UTF-8 of each code point,
// net/url for percent-decoding.

// ecmaEncoders are the two encode functions with their unescaped sets.
var ecmaEncoders = [...]struct {
	name      string
	unescaped codec.Set
	encode    func([]uint16) (string, error)
	append    func([]byte, []uint16) ([]byte, error)
	str       func(string) (string, error)
}{
	{string(vectors.OpEncodeURI), codec.EncodeURIUnescaped, codec.EncodeURI, codec.AppendEncodeURI, codec.EncodeURIString},
	{string(vectors.OpEncodeURIComponent), codec.URIUnescaped, codec.EncodeURIComponent, codec.AppendEncodeURIComponent, codec.EncodeURIComponentString},
}

// ecmaDecoders are the two decode functions, in the order of ecmaEncoders.
var ecmaDecoders = [...]struct {
	name   string
	decode func([]uint16) ([]uint16, error)
	append func([]uint16, []uint16) ([]uint16, error)
	str    func(string) (string, error)
}{
	{string(vectors.OpDecodeURI), codec.DecodeURI, codec.AppendDecodeURI, codec.DecodeURIString},
	{string(vectors.OpDecodeURIComponent), codec.DecodeURIComponent, codec.AppendDecodeURIComponent, codec.DecodeURIComponentString},
}

// ecmaEncodeModel is Encode(s, unescaped) of §15.1.3 (spec.ECMAEncode)
// for s without lone surrogates.
func ecmaEncodeModel(s []uint16, unescaped codec.Set) []uint16 {
	return spec.ECMAEncode(s, keepOf(unescaped)).Out
}

// equalUnits reports whether the string s is, byte for byte, the code
// units u (an encoder's ASCII output against the model's), without
// converting either.
func equalUnits(s string, u []uint16) bool {
	if len(s) != len(u) {
		return false
	}
	for i := range len(u) {
		if uint16(s[i]) != u[i] {
			return false
		}
	}
	return true
}

// ECMAEncode checks encodeURI and encodeURIComponent on s: an error
// exactly when s holds a lone surrogate, a *URIError at the first one;
// otherwise the result of ecmaEncodeModel, ASCII and at most 3 bytes per
// UTF-8 octet of s, which the matching decode function turns back into s.
// The Append form must agree, leaving what dst held alone, and the Go
// string form must agree on s's UTF-8 when s is valid UTF-16.
func ECMAEncode(s []uint16) error {
	lone := fuzzinput.FirstLoneSurrogate(s)
	var text string // the UTF-8 of s (unicode/utf16), when s is valid UTF-16
	if lone < 0 {
		text = string(appendUTF16AsUTF8(nil, s))
	}
	for i, e := range ecmaEncoders {
		out, err := e.encode(s)
		prefix := []byte("pre")
		app, appErr := e.append(prefix, s)
		if lone >= 0 {
			var ue *codec.URIError
			if !errors.As(err, &ue) {
				return fmt.Errorf("%s(%s): got %q, %v; want a *codec.URIError at %d", e.name, fuzzinput.UnitsString(s), out, err, lone)
			}
			if ue.Offset != lone {
				return fmt.Errorf("%s(%s): URIError at offset %d, want %d (the first lone surrogate)", e.name, fuzzinput.UnitsString(s), ue.Offset, lone)
			}
			if out != "" {
				return fmt.Errorf("%s(%s): result %q beside an error", e.name, fuzzinput.UnitsString(s), out)
			}
			var ae *codec.URIError
			if !errors.As(appErr, &ae) || ae.Offset != lone || string(app) != "pre" {
				return fmt.Errorf("Append%s(%q, %s) = %q, %v; want \"pre\" and a *codec.URIError at %d", e.name, "pre", fuzzinput.UnitsString(s), app, appErr, lone)
			}
			continue
		}
		if err != nil {
			return fmt.Errorf("%s(%s): unexpected error %v (no lone surrogate)", e.name, fuzzinput.UnitsString(s), err)
		}
		if want := ecmaEncodeModel(s, e.unescaped); !equalUnits(out, want) {
			return fmt.Errorf("%s(%s) = %q, want %s", e.name, fuzzinput.UnitsString(s), out, fuzzinput.UnitsString(want))
		}
		if n := 3 * utf8Len(s); len(out) > n {
			return fmt.Errorf("%s(%s): %d bytes, more than 3 per UTF-8 octet (%d)", e.name, fuzzinput.UnitsString(s), len(out), n)
		}
		if appErr != nil || !hasPrefixRest(app, "pre", out) {
			return fmt.Errorf("Append%s(%q, %s) = %q, %v; want %q", e.name, "pre", fuzzinput.UnitsString(s), app, appErr, "pre"+out)
		}
		back, err := ecmaDecoders[i].decode(fuzzinput.ASCIIUnits(out))
		if err != nil || !slices.Equal(back, s) {
			return fmt.Errorf("%s(%s(%s)) = %s, %v; want the input back", ecmaDecoders[i].name, e.name, fuzzinput.UnitsString(s), fuzzinput.UnitsString(back), err)
		}
		if str, err := e.str(text); err != nil || str != out {
			return fmt.Errorf("%sString of the UTF-8 of %s = %q, %v; want %q", e.name, fuzzinput.UnitsString(s), str, err, out)
		}
	}
	return nil
}

// ECMADecode checks decodeURI and decodeURIComponent on s:
//   - errors are *URIError values with an offset inside s, and both
//     functions fail on the same inputs at the same offset (their reserved
//     sets change which escapes are kept, never which are accepted);
//   - a result is no longer than s, and equal to the Append form's;
//   - decodeURIComponent agrees with spec.ECMADecode;
//   - decodeURI keeps escapes of reserved characters as written, so
//     decodeURIComponent of its result with escapes of '%' kept as well is
//     decodeURIComponent of s;
//   - on valid UTF-16 the Go string forms agree.
func ECMADecode(s []uint16) error {
	var (
		outs [2][]uint16
		errs [2]error
	)
	for i, d := range ecmaDecoders {
		out, err := d.decode(s)
		outs[i], errs[i] = out, err
		prefix := []uint16{'p'}
		app, appErr := d.append(prefix, s)
		if err != nil {
			var ue *codec.URIError
			if !errors.As(err, &ue) {
				return fmt.Errorf("%s(%s): error %v (%T) is not a *codec.URIError", d.name, fuzzinput.UnitsString(s), err, err)
			}
			if ue.Offset < 0 || ue.Offset >= len(s) {
				return fmt.Errorf("%s(%s): URIError offset %d outside the input (length %d)", d.name, fuzzinput.UnitsString(s), ue.Offset, len(s))
			}
			if out != nil {
				return fmt.Errorf("%s(%s): result %s beside an error", d.name, fuzzinput.UnitsString(s), fuzzinput.UnitsString(out))
			}
			var ae *codec.URIError
			if !errors.As(appErr, &ae) || *ae != *ue || !slices.Equal(app, prefix) {
				return fmt.Errorf("Append%s(%s) = %s, %v; want the prefix back and %v", d.name, fuzzinput.UnitsString(s), fuzzinput.UnitsString(app), appErr, err)
			}
			continue
		}
		if len(out) > len(s) {
			return fmt.Errorf("%s(%s) = %s: longer than the input", d.name, fuzzinput.UnitsString(s), fuzzinput.UnitsString(out))
		}
		if appErr != nil || len(app) != 1+len(out) || app[0] != 'p' || !slices.Equal(app[1:], out) {
			return fmt.Errorf("Append%s(%s) = %s, %v; want the prefix and %s", d.name, fuzzinput.UnitsString(s), fuzzinput.UnitsString(app), appErr, fuzzinput.UnitsString(out))
		}
	}
	if (errs[0] == nil) != (errs[1] == nil) {
		return fmt.Errorf("on %s decodeURI gives %v and decodeURIComponent %v; both or neither must fail", fuzzinput.UnitsString(s), errs[0], errs[1])
	}
	if errs[0] != nil {
		var a, b *codec.URIError
		errors.As(errs[0], &a)
		errors.As(errs[1], &b)
		if a.Offset != b.Offset {
			return fmt.Errorf("on %s decodeURI fails at %d and decodeURIComponent at %d", fuzzinput.UnitsString(s), a.Offset, b.Offset)
		}
	}
	if m := spec.ECMADecode(s, spec.Set{}); (errs[1] != nil) != (m.Throws != "") || (errs[1] == nil && !slices.Equal(outs[1], m.Out)) {
		return fmt.Errorf("decodeURIComponent(%s) = %s, %v; the model (spec.ECMADecode) says %s, throws at step %q",
			fuzzinput.UnitsString(s), fuzzinput.UnitsString(outs[1]), errs[1], fuzzinput.UnitsString(m.Out), m.Throws)
	}
	if errs[0] == nil {
		kept, err := codec.DecodeUTF16(s, codec.DecodeURIReserved.With("%"))
		if err != nil {
			return fmt.Errorf("DecodeUTF16(%s, reserved+%%) fails (%v) where decodeURI does not", fuzzinput.UnitsString(s), err)
		}
		full, err := codec.DecodeURIComponent(kept)
		if err != nil || !slices.Equal(full, outs[1]) {
			return fmt.Errorf("decodeURIComponent(DecodeUTF16(%s, reserved+%%)) = %s, %v; want decodeURIComponent of the input, %s",
				fuzzinput.UnitsString(s), fuzzinput.UnitsString(full), err, fuzzinput.UnitsString(outs[1]))
		}
	}
	if fuzzinput.FirstLoneSurrogate(s) < 0 {
		in := string(appendUTF16AsUTF8(nil, s))
		for i, d := range ecmaDecoders {
			got, err := d.str(in)
			if (err != nil) != (errs[i] != nil) || (err == nil && got != string(appendUTF16AsUTF8(nil, outs[i]))) {
				return fmt.Errorf("%sString(%q) = %q, %v; the UTF-16 form gives %s, %v", d.name, in, got, err, fuzzinput.UnitsString(outs[i]), errs[i])
			}
		}
	}
	return nil
}

// utf8Len returns the length of the UTF-8 of s without lone surrogates.
func utf8Len(s []uint16) int {
	n := 0
	for k := 0; k < len(s); k++ {
		switch u := s[k]; {
		case u < 0x80:
			n++
		case u < 0x800:
			n += 2
		case utf16.IsSurrogate(rune(u)):
			n += 4 // a pair: its two code units are one 4-octet code point
			k++
		default:
			n += 3
		}
	}
	return n
}

// hasPrefixRest reports whether b is prefix followed by rest (an Append
// form's result after what dst held), without building prefix+rest.
func hasPrefixRest(b []byte, prefix, rest string) bool {
	return len(b) == len(prefix)+len(rest) && string(b[:len(prefix)]) == prefix && string(b[len(prefix):]) == rest
}
