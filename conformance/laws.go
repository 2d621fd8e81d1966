package conformance

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/pctest/pctest/codec"
	"github.com/pctest/pctest/internal/gen"
	"github.com/pctest/pctest/internal/reference"
	"github.com/pctest/pctest/internal/show"
	"github.com/pctest/pctest/internal/spec"
	"github.com/pctest/pctest/vectors"
)

// A law is a property that every correct implementation has, checked with
// rapid on generated inputs.
type law struct {
	name string
	// ops are the ops the law calls; it runs when the implementation has
	// all of them (see also any).
	ops []vectors.Op
	// any, when set, lets the law run when the implementation has at
	// least one of ops; the law finds the others elsewhere.
	any  bool
	prop func(impl Implementation) func(*rapid.T)
}

// laws are the property laws every correct implementation has (see Laws
// and README.md), in the order Laws documents them.
var laws = []law{
	// Round trip: decode(encode(x)) = x, for every encoder and the decoder
	// that undoes it.
	{name: "RoundTrip/percentEncodeSet", ops: []vectors.Op{vectors.OpPercentEncodeSet, vectors.OpPercentDecode}, prop: roundTripSet},
	{name: "RoundTrip/percentEncode", ops: []vectors.Op{vectors.OpPercentEncode, vectors.OpPercentDecode}, prop: roundTripOctets(vectors.OpPercentDecode)},
	{name: "RoundTrip/percentDecodeLenient", ops: []vectors.Op{vectors.OpPercentEncode, vectors.OpPercentDecodeLenient}, prop: roundTripOctets(vectors.OpPercentDecodeLenient)},
	{name: "RoundTrip/formEncode", ops: []vectors.Op{vectors.OpFormEncode, vectors.OpFormDecode}, prop: roundTripText(vectors.OpFormEncode, vectors.OpFormDecode, false)},
	{name: "RoundTrip/goQueryEscape", ops: []vectors.Op{vectors.OpGoQueryEscape, vectors.OpGoQueryUnescape}, prop: roundTripText(vectors.OpGoQueryEscape, vectors.OpGoQueryUnescape, true)},
	{name: "RoundTrip/goPathEscape", ops: []vectors.Op{vectors.OpGoPathEscape, vectors.OpGoPathUnescape}, prop: roundTripText(vectors.OpGoPathEscape, vectors.OpGoPathUnescape, true)},
	{name: "RoundTrip/encodeURIComponent", ops: []vectors.Op{vectors.OpEncodeURIComponent, vectors.OpDecodeURIComponent}, prop: roundTripText(vectors.OpEncodeURIComponent, vectors.OpDecodeURIComponent, false)},
	{name: "RoundTrip/encodeURI", ops: []vectors.Op{vectors.OpEncodeURI, vectors.OpDecodeURI}, prop: roundTripText(vectors.OpEncodeURI, vectors.OpDecodeURI, false)},

	// Alphabet and case: an encoder's output is its kept characters and
	// %XX escapes with uppercase hex of the octets it does not keep.
	{name: "Alphabet/encodeURI", ops: []vectors.Op{vectors.OpEncodeURI}, prop: alphabet(vectors.OpEncodeURI)},
	{name: "Alphabet/encodeURIComponent", ops: []vectors.Op{vectors.OpEncodeURIComponent}, prop: alphabet(vectors.OpEncodeURIComponent)},
	{name: "Alphabet/percentEncode", ops: []vectors.Op{vectors.OpPercentEncode}, prop: alphabet(vectors.OpPercentEncode)},
	{name: "Alphabet/percentEncodeSet", ops: []vectors.Op{vectors.OpPercentEncodeSet}, prop: alphabet(vectors.OpPercentEncodeSet)},
	{name: "Alphabet/formEncode", ops: []vectors.Op{vectors.OpFormEncode}, prop: alphabet(vectors.OpFormEncode)},
	{name: "Alphabet/goQueryEscape", ops: []vectors.Op{vectors.OpGoQueryEscape}, prop: alphabet(vectors.OpGoQueryEscape)},
	{name: "Alphabet/goPathEscape", ops: []vectors.Op{vectors.OpGoPathEscape}, prop: alphabet(vectors.OpGoPathEscape)},

	// Errors: the ECMAScript encoders throw exactly on lone surrogates.
	{name: "Errors/encodeURI", ops: []vectors.Op{vectors.OpEncodeURI}, prop: throwsOnLoneSurrogate(vectors.OpEncodeURI)},
	{name: "Errors/encodeURIComponent", ops: []vectors.Op{vectors.OpEncodeURIComponent}, prop: throwsOnLoneSurrogate(vectors.OpEncodeURIComponent)},

	// Normalization.
	{name: "Normalize/Idempotent", ops: []vectors.Op{vectors.OpNormalize}, prop: idempotent(vectors.OpNormalize, true)},
	{name: "Normalize/KeepsOctets", ops: []vectors.Op{vectors.OpNormalize}, prop: normalizeKeepsOctets},
	{name: "Normalize/Canonical", ops: []vectors.Op{vectors.OpNormalize}, prop: normalizeCanonical},
	{name: "Equivalent/Reflexive", ops: []vectors.Op{vectors.OpEquivalent}, prop: equivalentReflexive},
	{name: "Equivalent/Symmetric", ops: []vectors.Op{vectors.OpEquivalent}, prop: equivalentSymmetric},
	{name: "Equivalent/AgreesWithNormalize", ops: []vectors.Op{vectors.OpEquivalent, vectors.OpNormalize}, prop: equivalentAgrees},

	// The no-double-encode encoder.
	{name: "EncodeNoDouble/Idempotent", ops: []vectors.Op{vectors.OpEncodeNoDouble}, prop: idempotent(vectors.OpEncodeNoDouble, false)},

	// escape and unescape (ECMA-262 5.1 Annex B.2.1, B.2.2), over any
	// text, lone surrogates included.
	{name: "RoundTrip/escape", ops: []vectors.Op{vectors.OpEscape, vectors.OpUnescape}, prop: roundTripEscape},
	{name: "Escape/Form", ops: []vectors.Op{vectors.OpEscape}, prop: escapeForm},

	// Agreement of encodeURIComponent with net/url's QueryEscape.
	{name: "Agreement/encodeURIComponent-goQueryEscape", ops: []vectors.Op{vectors.OpEncodeURIComponent, vectors.OpGoQueryEscape}, any: true, prop: agreement},
}

// Laws checks the property laws against impl, each law in a subtest, with
// rapid (-rapid.checks cases each; a failure reports rapid's shrunk
// counterexample and how to replay it). A law whose ops impl does not
// support is skipped. Ops and Areas options select the laws that call a
// selected op; other options are ignored.
//
// The laws:
//
//   - RoundTrip: decode(encode(x)) = x for every octet string and every
//     encode set (percentEncodeSet and percentEncode then percentDecode or
//     percentDecodeLenient; for a set that keeps '%', x has none), and
//     for every well-formed text (formEncode/formDecode,
//     goQueryEscape/goQueryUnescape, goPathEscape/goPathUnescape,
//     encodeURIComponent/decodeURIComponent, encodeURI/decodeURI).
//   - Alphabet: an encoder's output is ASCII, every '%' starts an escape
//     with two uppercase hex digits, every other character is one the
//     encoder keeps ('+' for a space in the form and query encoders), and
//     no escape is of an octet the encoder keeps.
//   - Errors: encodeURI and encodeURIComponent throw URIError if and only
//     if the input holds a lone surrogate.
//   - Normalize: on text where every '%' starts an escape, normalize is
//     idempotent, and it never changes the octets a strict decode yields
//     nor which of them are escaped, except that it may decode escapes of
//     unreserved octets (RFC 3986 §6.2.2.2). Elsewhere neither need hold:
//     in "%%341" the escape %34 decodes to '4' and makes a new escape %41.
//     And on such text every escape normalize leaves is of an octet outside
//     unreserved, written with uppercase hex (§6.2.2.1, §6.2.2.2).
//   - Equivalent: equivalent is reflexive and symmetric, and agrees with
//     equality of normalize.
//   - EncodeNoDouble: encodeNoDouble is idempotent.
//   - Agreement: for well-formed text, encodeURIComponent(s) is
//     QueryEscape(s) with '+' written %20 and !'()* unescaped. The law uses
//     impl's two ops; when impl has only one, the other comes from the
//     reference codec (encodeURIComponent) or net/url (QueryEscape).
func Laws(t *testing.T, impl Implementation, opts ...Option) {
	t.Helper()
	c, err := newConfig("Laws", opts)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range laws {
		if !c.lawSelected(l) {
			continue
		}
		t.Run(l.name, func(t *testing.T) {
			if why := lawUnsupported(impl, l); why != "" {
				t.Skip(why)
			}
			rapid.Check(t, l.prop(impl))
		})
	}
}

// checkLaws checks the laws as Laws does, without a *testing.T, and returns
// nil if all hold, or an error joining a *propertyError (with rapid's
// report and shrunk counterexample) for each law that fails. It must run
// in a test binary, since rapid reads its -rapid.* flags; a failure writes
// rapid's fail file under testdata/rapid unless -rapid.nofailfile is set.
// The mutant zoo uses it.
func checkLaws(impl Implementation, opts ...Option) error {
	c, err := newConfig("Laws", opts)
	if err != nil {
		return err
	}
	var errs []error
	for _, l := range laws {
		if !c.lawSelected(l) || lawUnsupported(impl, l) != "" {
			continue
		}
		if err := checkProperty("checkLaws/"+impl.Name()+"/"+l.name, l.prop(impl)); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// lawSelected reports whether the options select a law: one of its ops is
// selected.
func (c *config) lawSelected(l law) bool {
	return slices.ContainsFunc(l.ops, c.opSelected)
}

// lawUnsupported returns why impl cannot be checked by l, or "".
func lawUnsupported(impl Implementation, l law) string {
	var missing []string
	for _, op := range l.ops {
		if !supports(impl, op) {
			missing = append(missing, string(op))
		}
	}
	if len(missing) == 0 || l.any && len(missing) < len(l.ops) {
		return ""
	}
	return impl.Name() + " does not support " + strings.Join(missing, ", ")
}

// supports reports whether impl answers op: whether it answers a plain
// request other than Unsupported. An implementation that fails to answer
// is taken to support the op, so that the checks report the failure.
func supports(impl Implementation, op vectors.Op) bool {
	o, ok := vectors.Op(op).Info()
	if !ok {
		return false
	}
	req := vectors.Request{Op: op, Args: map[string]string{}}
	if o.In == vectors.Octets {
		req.InHex = []byte("a")
	} else {
		req.In = []uint16{'a'}
	}
	for _, a := range o.Args {
		switch a {
		case "set":
			req.Args[a] = "rfc3986.unreserved"
		default:
			req.Args[a] = "a"
		}
	}
	resp, err := Do(context.Background(), impl, req)
	return err != nil || !resp.Unsupported
}

// call sends req to impl, failing the property if impl cannot answer and
// skipping the case if it does not take this input.
func call(t *rapid.T, impl Implementation, req vectors.Request) vectors.Response {
	t.Helper()
	resp, err := Do(context.Background(), impl, req)
	if err != nil {
		t.Fatalf("%s: %s %s: no answer: %v", impl.Name(), req.Op, show.Input(req), err)
	}
	if resp.Unsupported {
		t.Skipf("%s: %s does not take %s", impl.Name(), req.Op, show.Input(req))
	}
	return resp
}

// text calls impl and returns its text result, failing on an error.
func text(t *rapid.T, impl Implementation, req vectors.Request) []uint16 {
	t.Helper()
	resp := call(t, impl, req)
	if resp.Error != "" {
		t.Fatalf("%s: %s %s: want a result, got %s", impl.Name(), req.Op, show.Input(req), show.Answer(req.Op, resp))
	}
	return resp.Out
}

// octets calls impl and returns its octet result, failing on an error.
func octets(t *rapid.T, impl Implementation, req vectors.Request) []byte {
	t.Helper()
	resp := call(t, impl, req)
	if resp.Error != "" {
		t.Fatalf("%s: %s %s: want a result, got %s", impl.Name(), req.Op, show.Input(req), show.Answer(req.Op, resp))
	}
	return resp.OutHex
}

// withoutPercent returns p without its '%' octets.
func withoutPercent(p []byte) []byte {
	return bytes.ReplaceAll(p, []byte("%"), nil)
}

func roundTripSet(impl Implementation) func(*rapid.T) {
	return func(t *rapid.T) {
		set := gen.SetName().Draw(t, "set")
		x := gen.Octets().Draw(t, "octets")
		if keep, _ := codec.SetByName(set); keep.Contains('%') {
			x = withoutPercent(x) // the set keeps '%', so escapes would be ambiguous
		}
		enc := text(t, impl, vectors.Request{Op: vectors.OpPercentEncodeSet, InHex: x, Args: map[string]string{"set": set}})
		dec := octets(t, impl, vectors.Request{Op: vectors.OpPercentDecode, In: enc})
		if !bytes.Equal(dec, x) {
			t.Fatalf("percentDecode(percentEncodeSet(x, %q)) != x\n  x:       %s\n  encoded: %s\n  decoded: %s",
				set, show.Octets(x), show.Text(enc), show.Octets(dec))
		}
	}
}

func roundTripOctets(decoder vectors.Op) func(Implementation) func(*rapid.T) {
	return func(impl Implementation) func(*rapid.T) {
		return func(t *rapid.T) {
			x := gen.Octets().Draw(t, "octets")
			enc := text(t, impl, vectors.Request{Op: vectors.OpPercentEncode, InHex: x})
			dec := octets(t, impl, vectors.Request{Op: decoder, In: enc})
			if !bytes.Equal(dec, x) {
				t.Fatalf("%s(percentEncode(x)) != x\n  x:       %s\n  encoded: %s\n  decoded: %s",
					decoder, show.Octets(x), show.Text(enc), show.Octets(dec))
			}
		}
	}
}

// roundTripText checks decoder(encoder(s)) = s for well-formed text s;
// toOctets says the decoder answers with octets, to be compared with the
// UTF-8 of s.
func roundTripText(encoder, decoder vectors.Op, toOctets bool) func(Implementation) func(*rapid.T) {
	return func(impl Implementation) func(*rapid.T) {
		return func(t *rapid.T) {
			s := gen.ValidText().Draw(t, "text")
			enc := text(t, impl, vectors.Request{Op: encoder, In: s})
			var ok bool
			var got string
			if toOctets {
				dec := octets(t, impl, vectors.Request{Op: decoder, In: enc})
				want, _ := reference.UTF8(s)
				ok, got = string(dec) == want, show.Octets(dec)
			} else {
				dec := text(t, impl, vectors.Request{Op: decoder, In: enc})
				ok, got = slices.Equal(dec, s), show.Text(dec)
			}
			if !ok {
				t.Fatalf("%s(%s(s)) != s\n  s:       %s\n  encoded: %s\n  decoded: %s",
					decoder, encoder, show.Text(s), show.Text(enc), got)
			}
		}
	}
}

// encoderAlphabet returns what the encoder op keeps, and whether it writes
// a space as '+'.
func encoderAlphabet(op vectors.Op, set string) (keep codec.Set, plus bool) {
	switch op {
	case vectors.OpEncodeURI:
		return codec.EncodeURIUnescaped, false
	case vectors.OpEncodeURIComponent:
		return codec.URIUnescaped, false
	case vectors.OpPercentEncode:
		return codec.Unreserved, false
	case vectors.OpPercentEncodeSet:
		keep, _ = codec.SetByName(set)
		return keep, false
	case vectors.OpFormEncode:
		return codec.WHATWGFormURLEncoded, true
	case vectors.OpGoQueryEscape:
		return codec.GoQuery, true
	case vectors.OpGoPathEscape:
		return codec.GoPathSegment, false
	}
	return codec.Set{}, false
}

func alphabet(op vectors.Op) func(Implementation) func(*rapid.T) {
	return func(impl Implementation) func(*rapid.T) {
		return func(t *rapid.T) {
			req := vectors.Request{Op: op}
			set := ""
			switch op {
			case vectors.OpEncodeURI, vectors.OpEncodeURIComponent:
				req.In = gen.Text().Draw(t, "text")
			case vectors.OpPercentEncode:
				req.InHex = gen.Octets().Draw(t, "octets")
			case vectors.OpPercentEncodeSet:
				set = gen.SetName().Draw(t, "set")
				req.Args = map[string]string{"set": set}
				req.InHex = gen.Octets().Draw(t, "octets")
			default:
				req.In = gen.ValidText().Draw(t, "text")
			}
			keep, plus := encoderAlphabet(op, set)
			if keep.Contains('%') {
				req.InHex = withoutPercent(req.InHex)
			}
			resp := call(t, impl, req)
			if resp.Error != "" {
				return // which inputs may throw is the Errors law's business
			}
			if why := checkAlphabet(resp.Out, keep, plus); why != "" {
				t.Fatalf("%s %s = %s: %s (kept: %v)", op, show.Input(req), show.Text(resp.Out), why, keep)
			}
		}
	}
}

// checkAlphabet returns what is wrong with out as the output of an encoder
// that keeps keep (and writes a space as '+' if plus), or "".
func checkAlphabet(out []uint16, keep codec.Set, plus bool) string {
	for i := 0; i < len(out); i++ {
		c := out[i]
		switch {
		case c >= 0x80:
			return fmt.Sprintf("code unit %04X at %d is not ASCII", c, i)
		case c == '%':
			if i+2 >= len(out) || !isUpperHex(out[i+1]) || !isUpperHex(out[i+2]) {
				return fmt.Sprintf("the '%%' at %d does not start an escape with two uppercase hex digits", i)
			}
			b := byte(spec.HexUnitValue(out[i+1])<<4 | spec.HexUnitValue(out[i+2]))
			if keep.Contains(b) {
				return fmt.Sprintf("the escape at %d is of %q, which the encoder keeps", i, b)
			}
			if plus && b == ' ' {
				return fmt.Sprintf("the escape at %d is of a space, which the encoder writes as '+'", i)
			}
			i += 2
		case plus && c == '+':
		case !keep.Contains(byte(c)):
			return fmt.Sprintf("%q at %d is neither kept nor escaped", rune(c), i)
		}
	}
	return ""
}

func isUpperHex(c uint16) bool { return c >= '0' && c <= '9' || c >= 'A' && c <= 'F' }

func throwsOnLoneSurrogate(op vectors.Op) func(Implementation) func(*rapid.T) {
	return func(impl Implementation) func(*rapid.T) {
		return func(t *rapid.T) {
			s := gen.Text().Draw(t, "text")
			resp := call(t, impl, vectors.Request{Op: op, In: s})
			lone := hasLoneSurrogate(s)
			switch {
			case lone && resp.Error != vectors.ErrURIError:
				t.Fatalf("%s(%s) = %s; want URIError: the input holds a lone surrogate", op, show.Text(s), show.Answer(op, resp))
			case !lone && resp.Error != "":
				t.Fatalf("%s(%s) = %s; want a result: the input is well-formed UTF-16", op, show.Text(s), show.Answer(op, resp))
			}
		}
	}
}

// idempotent checks op(op(s)) = op(s) for well-formed encoded text; with
// uri set, only for text in which every '%' starts an escape.
func idempotent(op vectors.Op, uri bool) func(Implementation) func(*rapid.T) {
	return func(impl Implementation) func(*rapid.T) {
		return func(t *rapid.T) {
			s := gen.ValidEncoded().Draw(t, "text")
			if uri {
				s = strayPercentTo25(s)
			}
			once := text(t, impl, vectors.Request{Op: op, In: s})
			twice := text(t, impl, vectors.Request{Op: op, In: once})
			if !slices.Equal(once, twice) {
				t.Fatalf("%s is not idempotent\n  s:          %s\n  %s(s):      %s\n  applied again: %s",
					op, show.Text(s), op, show.Text(once), show.Text(twice))
			}
		}
	}
}

// strayPercentTo25 returns u with every '%' that does not start an escape
// written %25, so that u is a URI as far as escapes go (RFC 3986 §2.4).
func strayPercentTo25(u []uint16) []uint16 {
	out := make([]uint16, 0, len(u))
	for i, c := range u {
		if c == '%' && !(i+2 < len(u) && spec.IsHexUnit(u[i+1]) && spec.IsHexUnit(u[i+2])) {
			out = append(out, '%', '2', '5')
			continue
		}
		out = append(out, c)
	}
	return out
}

// A token is one octet of percent-encoded text: written as it is, or as
// an escape.
type token struct {
	b       byte
	escaped bool
}

// tokens splits the UTF-8 of u into octets, each literal or escaped; a '%'
// that does not start an escape is a literal '%'.
func tokens(u []uint16) []token {
	s, _ := reference.UTF8(u)
	var ts []token
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) && spec.IsHexUnit(uint16(s[i+1])) && spec.IsHexUnit(uint16(s[i+2])) {
			ts = append(ts, token{byte(spec.HexUnitValue(uint16(s[i+1]))<<4 | spec.HexUnitValue(uint16(s[i+2]))), true})
			i += 2
			continue
		}
		ts = append(ts, token{s[i], false})
	}
	return ts
}

func normalizeKeepsOctets(impl Implementation) func(*rapid.T) {
	return func(t *rapid.T) {
		// Only on URIs, as far as escapes go: where a '%' starts no
		// escape, decoding an escape of an unreserved hex digit next to
		// it makes a new escape ("%%41a" becomes "%Aa"), and RFC 3986
		// §6.2.2 says nothing of text that is not a URI.
		s := strayPercentTo25(gen.ValidEncoded().Draw(t, "text"))
		n := text(t, impl, vectors.Request{Op: vectors.OpNormalize, In: s})
		ts, tn := tokens(s), tokens(n)
		fail := func(format string, args ...any) {
			t.Helper()
			t.Fatalf("normalize(%s) = %s: %s", show.Text(s), show.Text(n), fmt.Sprintf(format, args...))
		}
		if len(ts) != len(tn) {
			fail("%d octets became %d", len(ts), len(tn))
		}
		for i := range ts {
			a, b := ts[i], tn[i]
			switch {
			case a.b != b.b:
				fail("octet %d changed from %#02x to %#02x", i, a.b, b.b)
			case !a.escaped && b.escaped:
				fail("octet %d (%#02x) was escaped", i, a.b)
			case a.escaped && !b.escaped && !codec.Unreserved.Contains(a.b):
				fail("octet %d (%q) was decoded, but it is not unreserved", i, a.b)
			}
		}
	}
}

// normalizeCanonical checks that, on text where every '%' starts an
// escape, each escape that normalize leaves is of an octet outside
// unreserved (RFC 3986 §6.2.2.2: those "should be decoded") and has
// uppercase hex digits (§6.2.2.1: they "should be normalized to use
// uppercase letters"). Like the Alphabet laws, it holds the should of the
// spec, as the should-level vectors do.
func normalizeCanonical(impl Implementation) func(*rapid.T) {
	return func(t *rapid.T) {
		s := strayPercentTo25(gen.ValidEncoded().Draw(t, "text"))
		n := text(t, impl, vectors.Request{Op: vectors.OpNormalize, In: s})
		for i := 0; i < len(n); i++ {
			if n[i] != '%' {
				continue
			}
			if i+2 >= len(n) || !spec.IsHexUnit(n[i+1]) || !spec.IsHexUnit(n[i+2]) {
				t.Fatalf("normalize(%s) = %s: the '%%' at %d starts no escape, but every '%%' of the input did", show.Text(s), show.Text(n), i)
			}
			esc := n[i : i+3]
			switch b := byte(spec.HexUnitValue(n[i+1])<<4 | spec.HexUnitValue(n[i+2])); {
			case codec.Unreserved.Contains(b):
				t.Fatalf("normalize(%s) = %s: the escape %s at %d is of the unreserved %q; RFC 3986 §6.2.2.2 decodes it", show.Text(s), show.Text(n), show.Quote(esc), i, b)
			case n[i+1] >= 'a' || n[i+2] >= 'a':
				t.Fatalf("normalize(%s) = %s: the escape %s at %d has lowercase hex; RFC 3986 §6.2.2.1 makes it uppercase", show.Text(s), show.Text(n), show.Quote(esc), i)
			}
			i += 2
		}
	}
}

// equivalent asks impl whether a and b are equivalent.
func equivalent(t *rapid.T, impl Implementation, a, b []uint16) bool {
	t.Helper()
	other, _ := reference.UTF8(b)
	out := text(t, impl, vectors.Request{Op: vectors.OpEquivalent, In: a, Args: map[string]string{"other": other}})
	switch s, _ := reference.UTF8(out); s {
	case "true":
		return true
	case "false":
		return false
	}
	t.Fatalf("equivalent(%s, %s) = %s; want \"true\" or \"false\"", show.Text(a), show.Text(b), show.Text(out))
	return false
}

func equivalentReflexive(impl Implementation) func(*rapid.T) {
	return func(t *rapid.T) {
		a := gen.ValidEncoded().Draw(t, "a")
		if !equivalent(t, impl, a, a) {
			t.Fatalf("equivalent(a, a) is false for a = %s", show.Text(a))
		}
	}
}

func equivalentSymmetric(impl Implementation) func(*rapid.T) {
	return func(t *rapid.T) {
		a, b := gen.EquivalentPair(t)
		if ab, ba := equivalent(t, impl, a, b), equivalent(t, impl, b, a); ab != ba {
			t.Fatalf("equivalent(a, b) = %v but equivalent(b, a) = %v\n  a: %s\n  b: %s", ab, ba, show.Text(a), show.Text(b))
		}
	}
}

func equivalentAgrees(impl Implementation) func(*rapid.T) {
	return func(t *rapid.T) {
		a, b := gen.EquivalentPair(t)
		eq := equivalent(t, impl, a, b)
		na := text(t, impl, vectors.Request{Op: vectors.OpNormalize, In: a})
		nb := text(t, impl, vectors.Request{Op: vectors.OpNormalize, In: b})
		if same := slices.Equal(na, nb); eq != same {
			t.Fatalf("equivalent(a, b) = %v but normalize(a) == normalize(b) is %v\n  a: %s\n  b: %s\n  normalize(a): %s\n  normalize(b): %s",
				eq, same, show.Text(a), show.Text(b), show.Text(na), show.Text(nb))
		}
	}
}

// queryToComponent rewrites QueryEscape's output as encodeURIComponent
// writes the same text: '+' as %20, and the five marks !'()* that
// encodeURIComponent keeps unescaped.
var queryToComponent = strings.NewReplacer("+", "%20", "%21", "!", "%27", "'", "%28", "(", "%29", ")", "%2A", "*")

func agreement(impl Implementation) func(*rapid.T) {
	ecu, qe := impl, impl
	if !supports(impl, vectors.OpEncodeURIComponent) {
		ecu = Reference()
	}
	if !supports(impl, vectors.OpGoQueryEscape) {
		qe = NetURL()
	}
	return func(t *rapid.T) {
		s := gen.ValidText().Draw(t, "text")
		a := text(t, ecu, vectors.Request{Op: vectors.OpEncodeURIComponent, In: s})
		q := text(t, qe, vectors.Request{Op: vectors.OpGoQueryEscape, In: s})
		qs, _ := reference.UTF8(q)
		as, _ := reference.UTF8(a)
		if want := queryToComponent.Replace(qs); as != want {
			t.Fatalf("encodeURIComponent(s) != QueryEscape(s) with '+' as %%20 and !'()* unescaped\n  s: %s\n  %s encodeURIComponent: %q\n  %s goQueryEscape:      %q\n  rewritten:          %q",
				show.Text(s), ecu.Name(), as, qe.Name(), qs, want)
		}
	}
}

// roundTripEscape checks unescape(escape(s)) = s for any text s: escape
// writes every code unit it does not keep as an escape that unescape
// reads back (Annex B.2.1 steps 9 and 11, B.2.2 steps 11 and 16).
func roundTripEscape(impl Implementation) func(*rapid.T) {
	return func(t *rapid.T) {
		s := gen.Text().Draw(t, "text")
		enc := text(t, impl, vectors.Request{Op: vectors.OpEscape, In: s})
		dec := text(t, impl, vectors.Request{Op: vectors.OpUnescape, In: enc})
		if !slices.Equal(dec, s) {
			t.Fatalf("unescape(escape(s)) != s\n  s:       %s\n  escaped: %s\n  back:    %s", show.Text(s), show.Text(enc), show.Text(dec))
		}
	}
}

// escapeForm checks that escape(s) is, code unit by code unit of s, the
// unit itself when codec.EscapeKeep holds it (Annex B.2.1 step 13), "%XY"
// below 256 (step 11) and "%uWXYZ" from 256 (step 9), with uppercase hex
// digits (ES2015 B.2.1.1).
func escapeForm(impl Implementation) func(*rapid.T) {
	return func(t *rapid.T) {
		s := gen.Text().Draw(t, "text")
		got := text(t, impl, vectors.Request{Op: vectors.OpEscape, In: s})
		const hex = "0123456789ABCDEF"
		var want []uint16
		for _, c := range s {
			switch {
			case c < 0x80 && codec.EscapeKeep.Contains(byte(c)):
				want = append(want, c)
			case c < 256:
				want = append(want, '%', uint16(hex[c>>4]), uint16(hex[c&15]))
			default:
				want = append(want, '%', 'u', uint16(hex[c>>12]), uint16(hex[c>>8&15]), uint16(hex[c>>4&15]), uint16(hex[c&15]))
			}
		}
		if !slices.Equal(got, want) {
			t.Fatalf("escape(s) is not s written unit by unit as Annex B.2.1 says\n  s:    %s\n  got:  %s\n  want: %s", show.Text(s), show.Text(got), show.Text(want))
		}
	}
}
