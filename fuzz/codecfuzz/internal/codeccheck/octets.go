package codeccheck

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/pctest/pctest/codec"
	"github.com/pctest/pctest/fuzz/internal/fuzzinput"
	"github.com/pctest/pctest/vectors"
)

// This file checks the codec's octet layer (RFC 3986 §2, WHATWG URL §1.3
// and §5, WHATWG Encoding's UTF-8 decoder, RFC 3986 §6.2.2) against the
// models of model.go, for robustness (typed errors with offsets inside the
// input, outputs within their bounds) and for the laws that tie the
// operations together.

// prefix is what every Append form is given as dst: it must come back
// untouched in front of the result.
const prefix = "pre"

// same reports whether the string b is the string a itself (its memory and
// its length), not a copy nor a part of it:
// the codec's string forms promise to return their input, allocating
// nothing, when nothing changes.
func same(a, b string) bool {
	return len(a) == len(b) && (len(a) == 0 || unsafe.StringData(a) == unsafe.StringData(b))
}

// checkEncodeBound checks the bound every encoder keeps: at most three
// bytes ("%XX") per input octet.
func checkEncodeBound(op vectors.Op, in []byte, out string) error {
	if len(out) > 3*len(in) {
		return fmt.Errorf("%s(%q) = %q: %d bytes, more than 3 per input octet", op, in, out, len(out))
	}
	return nil
}

// checkEscapeError checks that err is a *codec.EscapeError equal to want:
// the offset of the first '%' that starts no escape, and the '%' with at
// most two bytes after it.
func checkEscapeError(op vectors.Op, in []byte, err error, want *codec.EscapeError) error {
	var ee *codec.EscapeError
	if !errors.As(err, &ee) {
		return fmt.Errorf("%s(%q): error %v (%T), want a *codec.EscapeError", op, in, err, err)
	}
	if ee.Offset < 0 || ee.Offset >= len(in) || in[ee.Offset] != '%' {
		return fmt.Errorf("%s(%q): EscapeError offset %d is not a '%%' of the input", op, in, ee.Offset)
	}
	if *ee != *want {
		return fmt.Errorf("%s(%q): EscapeError{%d, %q}, the model says {%d, %q}", op, in, ee.Offset, ee.Text, want.Offset, want.Text)
	}
	return nil
}

// PercentEncode checks AppendPercentEncode and PercentEncodeString with the encode
// set that sel picks, against modelEncode; and that a strict decode gives
// the input back when the set does not keep '%'.
func PercentEncode(sel byte, in []byte) error {
	keep, name := fuzzinput.SetOf(sel)
	want := modelEncode(string(in), keep)
	if got := codec.AppendPercentEncode([]byte(prefix), in, keep); !hasPrefixRest(got, prefix, want) {
		return fmt.Errorf("AppendPercentEncode(%q, %q, %s) = %q, want %q", prefix, in, name, got, prefix+want)
	}
	s := string(in)
	got := codec.PercentEncodeString(s, keep)
	if got != want {
		return fmt.Errorf("PercentEncodeString(%q, %s) = %q, want %q", in, name, got, want)
	}
	if got == s && !same(s, got) {
		return fmt.Errorf("PercentEncodeString(%q, %s) copied its input; it must return it itself when nothing changes", in, name)
	}
	if err := checkEncodeBound("PercentEncodeString", in, got); err != nil {
		return err
	}
	if !keep.Contains('%') {
		if back, err := codec.PercentDecodeString(got, codec.Set{}); err != nil || back != s {
			return fmt.Errorf("PercentDecodeString(PercentEncodeString(%q, %s)) = %q, %v; want the input back", in, name, back, err)
		}
	}
	return nil
}

// FormEncode checks AppendFormEncode and FormEncodeString with the set
// that sel picks, against modelFormEncode; that QueryUnescapeString gives the
// input back when the set keeps neither '%' nor '+'; and that the WHATWG
// parser (FormDecodeString) reads the serializer's output as the input's
// UTF-8 decode.
func FormEncode(sel byte, in []byte) error {
	keep, name := fuzzinput.SetOf(sel)
	want := modelFormEncode(string(in), keep)
	if got := codec.AppendFormEncode([]byte(prefix), in, keep); !hasPrefixRest(got, prefix, want) {
		return fmt.Errorf("AppendFormEncode(%q, %q, %s) = %q, want %q", prefix, in, name, got, prefix+want)
	}
	s := string(in)
	got := codec.FormEncodeString(s, keep)
	if got != want {
		return fmt.Errorf("FormEncodeString(%q, %s) = %q, want %q", in, name, got, want)
	}
	if got == s && !same(s, got) {
		return fmt.Errorf("FormEncodeString(%q, %s) copied its input; it must return it itself when nothing changes", in, name)
	}
	if err := checkEncodeBound("FormEncodeString", in, got); err != nil {
		return err
	}
	if !keep.Contains('%') && !keep.Contains('+') {
		if back, err := codec.QueryUnescapeString(got); err != nil || back != s {
			return fmt.Errorf("QueryUnescapeString(FormEncodeString(%q, %s)) = %q, %v; want the input back", in, name, back, err)
		}
		if v, want := codec.FormDecodeString(got), codec.UTF8ReplaceString(s); v != want {
			return fmt.Errorf("FormDecodeString(FormEncodeString(%q, %s)) = %q, want UTF8ReplaceString of the input, %q", in, name, v, want)
		}
	}
	return nil
}

// PercentDecode checks AppendPercentDecode and PercentDecodeString with the verbatim
// set that sel picks, against modelDecode: the same result or the same
// *codec.EscapeError. A result is no longer than the input, and equals the
// lenient decode's. Decoding with '%' kept verbatim as well, then decoding
// the rest, is decoding everything at once.
func PercentDecode(sel byte, in []byte) error {
	verbatim, name := fuzzinput.SetOf(sel)
	s := string(in)
	want, wantErr := modelDecode(s, verbatim, false)
	got, err := codec.PercentDecodeString(planted(s), verbatim)
	app, appErr := codec.AppendPercentDecode([]byte(prefix), plantedOctets(in), verbatim)
	if wantErr != nil {
		if err := checkEscapeError("PercentDecodeString", in, err, wantErr); err != nil {
			return err
		}
		if err := checkEscapeError("AppendPercentDecode", in, appErr, wantErr); err != nil {
			return err
		}
		if got != "" || string(app) != prefix {
			return fmt.Errorf("PercentDecodeString(%q, %s) = %q and AppendPercentDecode gives %q beside an error; want \"\" and dst unchanged", in, name, got, app)
		}
		return nil
	}
	if err != nil || got != want {
		return fmt.Errorf("PercentDecodeString(%q, %s) = %q, %v; want %q", in, name, got, err, want)
	}
	if appErr != nil || !hasPrefixRest(app, prefix, want) {
		return fmt.Errorf("AppendPercentDecode(%q, %q, %s) = %q, %v; want %q", prefix, in, name, app, appErr, prefix+want)
	}
	if len(got) > len(s) {
		return fmt.Errorf("PercentDecodeString(%q, %s) = %q: longer than the input", in, name, got)
	}
	if strings.IndexByte(s, '%') < 0 && !same(s, got) {
		return fmt.Errorf("PercentDecodeString(%q, %s) copied an input without '%%'; it must return it itself", in, name)
	}
	if lenient := codec.PercentDecodeLenientString(s, verbatim); lenient != got {
		return fmt.Errorf("PercentDecodeLenientString(%q, %s) = %q, but the strict decode, which succeeds, gives %q", in, name, lenient, got)
	}
	all, _ := modelDecode(s, codec.Set{}, false)
	kept, err := codec.PercentDecodeString(s, verbatim.With("%"))
	if err != nil {
		return fmt.Errorf("PercentDecodeString(%q, %s + '%%') fails (%v) where PercentDecodeString(%q, %s) does not", in, name, err, in, name)
	}
	if rest, err := codec.PercentDecodeString(kept, codec.Set{}); err != nil || rest != all {
		return fmt.Errorf("PercentDecodeString(PercentDecodeString(%q, %s + '%%'), empty) = %q, %v; want the full decode %q", in, name, rest, err, all)
	}
	return nil
}

// LenientDecode checks AppendPercentDecodeLenient and PercentDecodeLenientString with
// the verbatim set that sel picks against modelDecodeLenient, and the
// WHATWG form parser's decode (FormPercentDecodeLenientString, FormDecodeString)
// against the same model after '+' becomes space, then modelUTF8Decode.
func LenientDecode(sel byte, in []byte) error {
	verbatim, name := fuzzinput.SetOf(sel)
	s := string(in)
	want := modelDecodeLenient(s, verbatim)
	if app := codec.AppendPercentDecodeLenient([]byte(prefix), plantedOctets(in), verbatim); !hasPrefixRest(app, prefix, want) {
		return fmt.Errorf("AppendPercentDecodeLenient(%q, %q, %s) = %q, want %q", prefix, in, name, app, prefix+want)
	}
	got := codec.PercentDecodeLenientString(planted(s), verbatim)
	if got != want {
		return fmt.Errorf("PercentDecodeLenientString(%q, %s) = %q, want %q", in, name, got, want)
	}
	if len(got) > len(s) {
		return fmt.Errorf("PercentDecodeLenientString(%q, %s) = %q: longer than the input", in, name, got)
	}
	plus := modelDecodeLenient(strings.ReplaceAll(s, "+", " "), codec.Set{})
	if app := codec.AppendFormPercentDecodeLenient([]byte(prefix), in); !hasPrefixRest(app, prefix, plus) {
		return fmt.Errorf("AppendFormPercentDecodeLenient(%q, %q) = %q, want %q", prefix, in, app, prefix+plus)
	}
	if form := codec.FormPercentDecodeLenientString(s); form != plus {
		return fmt.Errorf("FormPercentDecodeLenientString(%q) = %q, want %q", in, form, plus)
	}
	text, _, _ := modelUTF8Decode([]byte(plus))
	if v := codec.FormDecodeString(s); v != string(text) {
		return fmt.Errorf("FormDecodeString(%q) = %q, want %q", in, v, text)
	}
	return nil
}

// FormDecode checks AppendQueryUnescape and QueryUnescapeString against
// modelDecode with '+' as space: the same result or the same
// *codec.EscapeError, and a result no longer than the input.
func FormDecode(in []byte) error {
	s := string(in)
	want, wantErr := modelDecode(s, codec.Set{}, true)
	got, err := codec.QueryUnescapeString(planted(s))
	app, appErr := codec.AppendQueryUnescape([]byte(prefix), plantedOctets(in))
	if wantErr != nil {
		if err := checkEscapeError("QueryUnescapeString", in, err, wantErr); err != nil {
			return err
		}
		if err := checkEscapeError("AppendQueryUnescape", in, appErr, wantErr); err != nil {
			return err
		}
		if got != "" || string(app) != prefix {
			return fmt.Errorf("QueryUnescapeString(%q) = %q and AppendQueryUnescape gives %q beside an error; want \"\" and dst unchanged", in, got, app)
		}
		return nil
	}
	if err != nil || got != want {
		return fmt.Errorf("QueryUnescapeString(%q) = %q, %v; want %q", in, got, err, want)
	}
	if appErr != nil || !hasPrefixRest(app, prefix, want) {
		return fmt.Errorf("AppendQueryUnescape(%q, %q) = %q, %v; want %q", prefix, in, app, appErr, prefix+want)
	}
	if len(got) > len(s) {
		return fmt.Errorf("QueryUnescapeString(%q) = %q: longer than the input", in, got)
	}
	return nil
}

// UTF8 checks ValidateUTF8 against utf8.Valid and against
// modelUTF8Decode's first error (offset and maximal subpart), and
// AppendUTF8Replace and UTF8ReplaceString against modelUTF8Decode's text:
// well-formed, at most three bytes per input byte, and the input itself
// when that is well-formed.
func UTF8(in []byte) error {
	want, off, text := modelUTF8Decode(in)
	for _, v := range [...]struct {
		name string
		err  error
	}{{"ValidateUTF8", codec.ValidateUTF8(in)}, {"ValidateUTF8String", codec.ValidateUTF8String(string(in))}} {
		if (v.err == nil) != utf8.Valid(in) || (v.err == nil) != (off < 0) {
			return fmt.Errorf("%s(%q) = %v; utf8.Valid says %t, the model's first error is at %d", v.name, in, v.err, utf8.Valid(in), off)
		}
		if v.err == nil {
			continue
		}
		var ue *codec.UTF8Error
		if !errors.As(v.err, &ue) {
			return fmt.Errorf("%s(%q): error %v (%T), want a *codec.UTF8Error", v.name, in, v.err, v.err)
		}
		if ue.Offset != off || ue.Text != string(text) {
			return fmt.Errorf("%s(%q): UTF8Error{%d, %q}, the model says {%d, %q}", v.name, in, ue.Offset, ue.Text, off, text)
		}
	}
	if app := codec.AppendUTF8Replace([]byte(prefix), in); !hasPrefixRest(app, prefix, string(want)) {
		return fmt.Errorf("AppendUTF8Replace(%q, %q) = %q, want %q", prefix, in, app, prefix+string(want))
	}
	s := string(in)
	got := codec.UTF8ReplaceString(s)
	if got != string(want) {
		return fmt.Errorf("UTF8ReplaceString(%q) = %q, want %q", in, got, want)
	}
	if !utf8.ValidString(got) {
		return fmt.Errorf("UTF8ReplaceString(%q) = %q is not well-formed UTF-8", in, got)
	}
	if off < 0 && !same(s, got) {
		return fmt.Errorf("UTF8ReplaceString(%q) copied well-formed input; it must return it itself", in)
	}
	return checkEncodeBound("UTF8ReplaceString", in, got)
}

// Normalize checks codec.Normalize against modelNormalize (and that it
// returns its input itself when nothing changes, and never lengthens it),
// and codec.Equivalent against modelEquivalent, reflexive and symmetric.
func Normalize(a, b string) error {
	for _, s := range [...]string{a, b} {
		got, want := codec.Normalize(s), modelNormalize(s)
		if got != want {
			return fmt.Errorf("Normalize(%q) = %q, want %q", s, got, want)
		}
		if got == s && !same(s, got) {
			return fmt.Errorf("Normalize(%q) copied its input; it must return it itself when nothing changes", s)
		}
		if len(got) > len(s) {
			return fmt.Errorf("Normalize(%q) = %q: longer than the input", s, got)
		}
		if !codec.Equivalent(s, s) {
			return fmt.Errorf("Equivalent(%q, %q) = false", s, s)
		}
	}
	got, want := codec.Equivalent(a, b), modelEquivalent(a, b)
	if got != want {
		return fmt.Errorf("Equivalent(%q, %q) = %t, want %t (normalized: %q, %q)", a, b, got, want, modelNormalize(a), modelNormalize(b))
	}
	if rev := codec.Equivalent(b, a); rev != got {
		return fmt.Errorf("Equivalent(%q, %q) = %t but Equivalent(%q, %q) = %t", a, b, got, b, a, rev)
	}
	return nil
}

// NoDouble checks PercentEncodeNoDouble with the set that sel picks against
// modelEncodeNoDouble: within the encode bound, idempotent, and such that
// a strict decode of its output is the lenient decode of its input.
func NoDouble(sel byte, in []byte) error {
	keep, name := fuzzinput.SetOf(sel)
	s := string(in)
	got, want := codec.PercentEncodeNoDouble(s, keep), modelEncodeNoDouble(s, keep)
	if got != want {
		return fmt.Errorf("PercentEncodeNoDouble(%q, %s) = %q, want %q", in, name, got, want)
	}
	if got == s && !same(s, got) {
		return fmt.Errorf("PercentEncodeNoDouble(%q, %s) copied its input; it must return it itself when nothing changes", in, name)
	}
	if err := checkEncodeBound("PercentEncodeNoDouble", in, got); err != nil {
		return err
	}
	if again := codec.PercentEncodeNoDouble(got, keep); again != got {
		return fmt.Errorf("PercentEncodeNoDouble(PercentEncodeNoDouble(%q, %s)) = %q, want %q (no double encoding)", in, name, again, got)
	}
	dec, err := codec.PercentDecodeString(got, codec.Set{})
	if lenient := modelDecodeLenient(s, codec.Set{}); err != nil || dec != lenient {
		return fmt.Errorf("PercentDecodeString(PercentEncodeNoDouble(%q, %s)) = %q, %v; want the lenient decode of the input, %q", in, name, dec, err, lenient)
	}
	return nil
}
