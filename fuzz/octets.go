package fuzz

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

// same reports whether the string b is the string a itself, not a copy:
// the codec's string forms promise to return their input, allocating
// nothing, when nothing changes.
func same(a, b string) bool {
	return len(a) == 0 || unsafe.StringData(a) == unsafe.StringData(b)
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

// checkPercentEncode checks AppendEncode and EncodeString with the encode
// set that sel picks, against modelEncode; and that a strict decode gives
// the input back when the set does not keep '%'.
func checkPercentEncode(sel byte, in []byte) error {
	keep, name := fuzzinput.SetOf(sel)
	want := modelEncode(string(in), keep)
	if got := codec.AppendEncode([]byte(prefix), in, keep); string(got) != prefix+want {
		return fmt.Errorf("AppendEncode(%q, %q, %s) = %q, want %q", prefix, in, name, got, prefix+want)
	}
	s := string(in)
	got := codec.EncodeString(s, keep)
	if got != want {
		return fmt.Errorf("EncodeString(%q, %s) = %q, want %q", in, name, got, want)
	}
	if got == s && !same(s, got) {
		return fmt.Errorf("EncodeString(%q, %s) copied its input; it must return it itself when nothing changes", in, name)
	}
	if err := checkEncodeBound("EncodeString", in, got); err != nil {
		return err
	}
	if !keep.Contains('%') {
		if back, err := codec.DecodeString(got, codec.Set{}); err != nil || back != s {
			return fmt.Errorf("DecodeString(EncodeString(%q, %s)) = %q, %v; want the input back", in, name, back, err)
		}
	}
	return nil
}

// checkFormEncode checks AppendFormEncode and FormEncodeString with the set
// that sel picks, against modelFormEncode; that FormDecodeString gives the
// input back when the set keeps neither '%' nor '+'; and that the WHATWG
// parser (ParseFormValue) reads the serializer's output as the input's
// UTF-8 decode.
func checkFormEncode(sel byte, in []byte) error {
	keep, name := fuzzinput.SetOf(sel)
	want := modelFormEncode(string(in), keep)
	if got := codec.AppendFormEncode([]byte(prefix), in, keep); string(got) != prefix+want {
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
		if back, err := codec.FormDecodeString(got); err != nil || back != s {
			return fmt.Errorf("FormDecodeString(FormEncodeString(%q, %s)) = %q, %v; want the input back", in, name, back, err)
		}
		if v, want := codec.ParseFormValue(got), codec.UTF8ReplaceString(s); v != want {
			return fmt.Errorf("ParseFormValue(FormEncodeString(%q, %s)) = %q, want UTF8ReplaceString of the input, %q", in, name, v, want)
		}
	}
	return nil
}

// checkPercentDecode checks AppendDecode and DecodeString with the verbatim
// set that sel picks, against modelDecode: the same result or the same
// *codec.EscapeError. A result is no longer than the input, and equals the
// lenient decode's. Decoding with '%' kept verbatim as well, then decoding
// the rest, is decoding everything at once.
func checkPercentDecode(sel byte, in []byte) error {
	verbatim, name := fuzzinput.SetOf(sel)
	s := string(in)
	want, wantErr := modelDecode(s, verbatim, false)
	got, err := codec.DecodeString(s, verbatim)
	app, appErr := codec.AppendDecode([]byte(prefix), in, verbatim)
	if wantErr != nil {
		if err := checkEscapeError("DecodeString", in, err, wantErr); err != nil {
			return err
		}
		if err := checkEscapeError("AppendDecode", in, appErr, wantErr); err != nil {
			return err
		}
		if got != "" || string(app) != prefix {
			return fmt.Errorf("DecodeString(%q, %s) = %q and AppendDecode gives %q beside an error; want \"\" and dst unchanged", in, name, got, app)
		}
		return nil
	}
	if err != nil || got != want {
		return fmt.Errorf("DecodeString(%q, %s) = %q, %v; want %q", in, name, got, err, want)
	}
	if appErr != nil || string(app) != prefix+want {
		return fmt.Errorf("AppendDecode(%q, %q, %s) = %q, %v; want %q", prefix, in, name, app, appErr, prefix+want)
	}
	if len(got) > len(s) {
		return fmt.Errorf("DecodeString(%q, %s) = %q: longer than the input", in, name, got)
	}
	if strings.IndexByte(s, '%') < 0 && !same(s, got) {
		return fmt.Errorf("DecodeString(%q, %s) copied an input without '%%'; it must return it itself", in, name)
	}
	if lenient := codec.DecodeLenientString(s, verbatim); lenient != got {
		return fmt.Errorf("DecodeLenientString(%q, %s) = %q, but the strict decode, which succeeds, gives %q", in, name, lenient, got)
	}
	all, _ := modelDecode(s, codec.Set{}, false)
	kept, err := codec.DecodeString(s, verbatim.With("%"))
	if err != nil {
		return fmt.Errorf("DecodeString(%q, %s + '%%') fails (%v) where DecodeString(%q, %s) does not", in, name, err, in, name)
	}
	if rest, err := codec.DecodeString(kept, codec.Set{}); err != nil || rest != all {
		return fmt.Errorf("DecodeString(DecodeString(%q, %s + '%%'), empty) = %q, %v; want the full decode %q", in, name, rest, err, all)
	}
	return nil
}

// checkLenientDecode checks AppendDecodeLenient and DecodeLenientString with
// the verbatim set that sel picks against modelDecodeLenient, and the
// WHATWG form parser's decode (FormDecodeLenientString, ParseFormValue)
// against the same model after '+' becomes space, then modelUTF8Decode.
func checkLenientDecode(sel byte, in []byte) error {
	verbatim, name := fuzzinput.SetOf(sel)
	s := string(in)
	want := modelDecodeLenient(s, verbatim)
	if app := codec.AppendDecodeLenient([]byte(prefix), in, verbatim); string(app) != prefix+want {
		return fmt.Errorf("AppendDecodeLenient(%q, %q, %s) = %q, want %q", prefix, in, name, app, prefix+want)
	}
	got := codec.DecodeLenientString(s, verbatim)
	if got != want {
		return fmt.Errorf("DecodeLenientString(%q, %s) = %q, want %q", in, name, got, want)
	}
	if len(got) > len(s) {
		return fmt.Errorf("DecodeLenientString(%q, %s) = %q: longer than the input", in, name, got)
	}
	plus := modelDecodeLenient(strings.ReplaceAll(s, "+", " "), codec.Set{})
	if app := codec.AppendFormDecodeLenient([]byte(prefix), in); string(app) != prefix+plus {
		return fmt.Errorf("AppendFormDecodeLenient(%q, %q) = %q, want %q", prefix, in, app, prefix+plus)
	}
	if form := codec.FormDecodeLenientString(s); form != plus {
		return fmt.Errorf("FormDecodeLenientString(%q) = %q, want %q", in, form, plus)
	}
	text, _, _ := modelUTF8Decode([]byte(plus))
	if v := codec.ParseFormValue(s); v != string(text) {
		return fmt.Errorf("ParseFormValue(%q) = %q, want %q", in, v, text)
	}
	return nil
}

// checkFormDecode checks AppendFormDecode and FormDecodeString against
// modelDecode with '+' as space: the same result or the same
// *codec.EscapeError, and a result no longer than the input.
func checkFormDecode(in []byte) error {
	s := string(in)
	want, wantErr := modelDecode(s, codec.Set{}, true)
	got, err := codec.FormDecodeString(s)
	app, appErr := codec.AppendFormDecode([]byte(prefix), in)
	if wantErr != nil {
		if err := checkEscapeError("FormDecodeString", in, err, wantErr); err != nil {
			return err
		}
		if err := checkEscapeError("AppendFormDecode", in, appErr, wantErr); err != nil {
			return err
		}
		if got != "" || string(app) != prefix {
			return fmt.Errorf("FormDecodeString(%q) = %q and AppendFormDecode gives %q beside an error; want \"\" and dst unchanged", in, got, app)
		}
		return nil
	}
	if err != nil || got != want {
		return fmt.Errorf("FormDecodeString(%q) = %q, %v; want %q", in, got, err, want)
	}
	if appErr != nil || string(app) != prefix+want {
		return fmt.Errorf("AppendFormDecode(%q, %q) = %q, %v; want %q", prefix, in, app, appErr, prefix+want)
	}
	if len(got) > len(s) {
		return fmt.Errorf("FormDecodeString(%q) = %q: longer than the input", in, got)
	}
	return nil
}

// checkUTF8 checks ValidateUTF8 against utf8.Valid and against
// modelUTF8Decode's first error (offset and maximal subpart), and
// AppendUTF8Replace and UTF8ReplaceString against modelUTF8Decode's text:
// well-formed, at most three bytes per input byte, and the input itself
// when that is well-formed.
func checkUTF8(in []byte) error {
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
	if app := codec.AppendUTF8Replace([]byte(prefix), in); string(app) != prefix+string(want) {
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

// checkNormalize checks Normalize against modelNormalize (and that it
// returns its input itself when nothing changes, and never lengthens it),
// and Equivalent against modelEquivalent, reflexive and symmetric.
func checkNormalize(a, b string) error {
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

// checkNoDouble checks EncodeNoDouble with the set that sel picks against
// modelEncodeNoDouble: within the encode bound, idempotent, and such that
// a strict decode of its output is the lenient decode of its input.
func checkNoDouble(sel byte, in []byte) error {
	keep, name := fuzzinput.SetOf(sel)
	s := string(in)
	got, want := codec.EncodeNoDouble(s, keep), modelEncodeNoDouble(s, keep)
	if got != want {
		return fmt.Errorf("EncodeNoDouble(%q, %s) = %q, want %q", in, name, got, want)
	}
	if got == s && !same(s, got) {
		return fmt.Errorf("EncodeNoDouble(%q, %s) copied its input; it must return it itself when nothing changes", in, name)
	}
	if err := checkEncodeBound("EncodeNoDouble", in, got); err != nil {
		return err
	}
	if again := codec.EncodeNoDouble(got, keep); again != got {
		return fmt.Errorf("EncodeNoDouble(EncodeNoDouble(%q, %s)) = %q, want %q (no double encoding)", in, name, again, got)
	}
	dec, err := codec.DecodeString(got, codec.Set{})
	if lenient := modelDecodeLenient(s, codec.Set{}); err != nil || dec != lenient {
		return fmt.Errorf("DecodeString(EncodeNoDouble(%q, %s)) = %q, %v; want the lenient decode of the input, %q", in, name, dec, err, lenient)
	}
	return nil
}
