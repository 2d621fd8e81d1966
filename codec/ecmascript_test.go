package codec_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"pgregory.net/rapid"

	"github.com/pctest/pctest/codec"
	"github.com/pctest/pctest/internal/testenv"
	"github.com/pctest/pctest/vectors"
)

// ecmaUnits builds UTF-16 code units from Go strings (as UTF-16) and single
// code units (int), so that tables can hold lone surrogates.
func ecmaUnits(parts ...any) []uint16 {
	u := []uint16{}
	for _, p := range parts {
		switch p := p.(type) {
		case string:
			u = append(u, utf16.Encode([]rune(p))...)
		case int:
			u = append(u, uint16(p))
		default:
			panic(fmt.Sprintf("ecmaUnits: %T", p))
		}
	}
	return u
}

// An ecmaCase is one call of an ECMAScript URI function and what ECMA-262
// 5.1 §15.1.3 makes of it, worked out by hand from the steps: either out,
// or a URIError thrown at step with the URIError.Offset defined by the
// codec (the unpaired surrogate, or the '%' at fault).
type ecmaCase struct {
	op     string
	in     []uint16
	out    []uint16
	step   string // "" for a result
	offset int
	ref    string // the step that makes a result
}

func ecmaOK(op string, in []uint16, out []uint16, ref string) ecmaCase {
	return ecmaCase{op: op, in: in, out: out, ref: ref}
}

func ecmaErr(op string, in []uint16, step string, offset int) ecmaCase {
	return ecmaCase{op: op, in: in, step: step, offset: offset}
}

// ecmaBoth returns c for both encoders or both decoders.
func ecmaBoth(c ecmaCase) []ecmaCase {
	d := c
	switch c.op {
	case "encodeURI":
		d.op = "encodeURIComponent"
	case "encodeURIComponent":
		d.op = "encodeURI"
	case "decodeURI":
		d.op = "decodeURIComponent"
	case "decodeURIComponent":
		d.op = "decodeURI"
	}
	return []ecmaCase{c, d}
}

const (
	eURI  = "encodeURI"
	eComp = "encodeURIComponent"
	dURI  = "decodeURI"
	dComp = "decodeURIComponent"
)

func ecmaCases() []ecmaCase {
	u := ecmaUnits
	var cs []ecmaCase
	add := func(c ...ecmaCase) { cs = append(cs, c...) }

	// Encode: what stays, what is escaped, uppercase hex.
	add(ecmaBoth(ecmaOK(eComp, u(""), u(""), "Encode 4.a"))...)
	add(ecmaBoth(ecmaOK(eComp, u("AZaz09-_.!~*'()"), u("AZaz09-_.!~*'()"), "Encode 4.c: uriUnescaped"))...)
	add(ecmaOK(eComp, u(";/?:@&=+$,#"), u("%3B%2F%3F%3A%40%26%3D%2B%24%2C%23"), "Encode 4.d: uriReserved and # are escaped"))
	add(ecmaOK(eURI, u(";/?:@&=+$,#"), u(";/?:@&=+$,#"), "Encode 4.c: encodeURI keeps uriReserved and #"))
	add(ecmaBoth(ecmaOK(eComp, u(" \"%<>[\\]^`{|}"), u("%20%22%25%3C%3E%5B%5C%5D%5E%60%7B%7C%7D"), "Encode 4.d.vi"))...)
	add(ecmaBoth(ecmaOK(eComp, u(0x00, 0x0A, 0x1F, 0x7F), u("%00%0A%1F%7F"), "Encode 4.d.vi.2: two uppercase hex digits"))...)
	add(ecmaBoth(ecmaOK(eComp, u(0x80, 0xAB, 0xE9, 0xFF, 0x7FF), u("%C2%80%C2%AB%C3%A9%C3%BF%DF%BF"), "Encode 4.d.iv: two UTF-8 octets"))...)
	add(ecmaBoth(ecmaOK(eComp, u(0x800, 0x20AC, 0xD7FF, 0xE000, 0xFFFD, 0xFFFE, 0xFFFF),
		u("%E0%A0%80%E2%82%AC%ED%9F%BF%EE%80%80%EF%BF%BD%EF%BF%BE%EF%BF%BF"), "Encode 4.d.iv: three UTF-8 octets"))...)
	add(ecmaBoth(ecmaOK(eComp, u(0xD800, 0xDC00), u("%F0%90%80%80"), "Encode 4.d.iii.5: U+10000"))...)
	add(ecmaBoth(ecmaOK(eComp, u(0xDBFF, 0xDFFF), u("%F4%8F%BF%BF"), "Encode 4.d.iii.5: U+10FFFF"))...)
	add(ecmaBoth(ecmaOK(eComp, u("a", 0xD83D, 0xDE00, "b", 0xD834, 0xDD1E), u("a%F0%9F%98%80b%F0%9D%84%9E"), "Encode 4.d.iii.5"))...)

	// Encode: unpaired surrogates.
	add(ecmaBoth(ecmaErr(eComp, u(0xDC00), "Encode 4.d.i", 0))...)
	add(ecmaBoth(ecmaErr(eComp, u("ab", 0xDFFF), "Encode 4.d.i", 2))...)
	add(ecmaBoth(ecmaErr(eComp, u(0xDC00, 0xD800), "Encode 4.d.i", 0))...)
	add(ecmaBoth(ecmaErr(eComp, u(0xD83D, 0xDE00, 0xDE00), "Encode 4.d.i", 2))...)
	add(ecmaBoth(ecmaErr(eComp, u(0xD800), "Encode 4.d.iii.2", 0))...)
	add(ecmaBoth(ecmaErr(eComp, u("abc", 0xDBFF), "Encode 4.d.iii.2", 3))...)
	add(ecmaBoth(ecmaErr(eComp, u(0xD83D, 0xDE00, 0xD83D), "Encode 4.d.iii.2", 2))...)
	add(ecmaBoth(ecmaErr(eComp, u(0xD800, "a"), "Encode 4.d.iii.4", 0))...)
	add(ecmaBoth(ecmaErr(eComp, u(0xD800, 0xD800), "Encode 4.d.iii.4", 0))...)
	add(ecmaBoth(ecmaErr(eComp, u(0xD800, 0xD800, 0xDC00), "Encode 4.d.iii.4", 0))...)
	add(ecmaBoth(ecmaErr(eComp, u(0xDBFF, 0xE000), "Encode 4.d.iii.4", 0))...)
	add(ecmaBoth(ecmaErr(eComp, u(0xDBFF, 0xD7FF), "Encode 4.d.iii.4", 0))...)
	add(ecmaErr(eURI, u("%", 0xD800, "%"), "Encode 4.d.iii.4", 1))

	// Decode: literals and one-octet escapes.
	add(ecmaBoth(ecmaOK(dComp, u(""), u(""), "Decode 4.a"))...)
	add(ecmaBoth(ecmaOK(dComp, u("abc+ é"), u("abc+ é"), "Decode 4.c.i"))...)
	add(ecmaBoth(ecmaOK(dComp, u("%41%42%43%61%4a%4A%7f"), u("ABCaJJ", 0x7F), "Decode 4.d.vi.2, either hex case"))...)
	add(ecmaBoth(ecmaOK(dComp, u("%00"), u(0), "Decode 4.d.vi.2"))...)
	add(ecmaOK(dURI, u("%2f%23%41"), u("%2f%23A"), "Decode 4.d.vi.3: reserved escape kept as written"))
	add(ecmaOK(dComp, u("%2f%23%41"), u("/#A"), "Decode 4.d.vi.2: empty reserved set"))
	add(ecmaOK(dURI, u("%3B%2F%3F%3A%40%26%3D%2B%24%2C%23"), u("%3B%2F%3F%3A%40%26%3D%2B%24%2C%23"), "Decode 4.d.vi.3"))
	add(ecmaOK(dURI, u("%3b%2f%3f%3a%40%26%3d%2b%24%2c%23"), u("%3b%2f%3f%3a%40%26%3d%2b%24%2c%23"), "Decode 4.d.vi.3: case kept"))
	add(ecmaOK(dComp, u("%3B%2F%3F%3A%40%26%3D%2B%24%2C%23"), u(";/?:@&=+$,#"), "Decode 4.d.vi.2"))
	add(ecmaBoth(ecmaOK(dURI, u("%5B%5D%21%27%28%29%2A%25%20"), u("[]!'()*% "), "Decode 4.d.vi.2: not in uriReserved"))...)
	add(ecmaBoth(ecmaOK(dURI, u("%2525"), u("%25"), "Decode 4.d.vi.2: one pass only"))...)
	add(ecmaOK(dURI, u("%252F"), u("%2F"), "Decode 4.d.vi.2"))
	add(ecmaOK(dURI, u("http://a/b%20c?d=%C3%A9&e=%26#f%23"), u("http://a/b c?d=é&e=%26#f%23"), "Decode 4.d"))

	// Decode: multi-octet sequences, noncharacters included.
	add(ecmaBoth(ecmaOK(dComp, u("%C3%A9%c3%a9%C2%80%DF%BF"), u(0xE9, 0xE9, 0x80, 0x7FF), "Decode 4.d.vii.9.b"))...)
	add(ecmaBoth(ecmaOK(dComp, u("%E0%A0%80%E2%82%AC%ED%9F%BF%EE%80%80"), u(0x800, 0x20AC, 0xD7FF, 0xE000), "Decode 4.d.vii.9.b"))...)
	add(ecmaBoth(ecmaOK(dComp, u("%EF%BF%BD%EF%BF%BE%ef%bf%bf"), u(0xFFFD, 0xFFFE, 0xFFFF), "Decode 4.d.vii.9.b: U+FFFD, U+FFFE, U+FFFF"))...)
	add(ecmaBoth(ecmaOK(dComp, u("%F0%90%80%80"), u(0xD800, 0xDC00), "Decode 4.d.vii.10: U+10000"))...)
	add(ecmaBoth(ecmaOK(dComp, u("%F4%8F%BF%BF"), u(0xDBFF, 0xDFFF), "Decode 4.d.vii.10: U+10FFFF"))...)
	add(ecmaBoth(ecmaOK(dComp, u("%f0%9f%98%80!"), u(0xD83D, 0xDE00, "!"), "Decode 4.d.vii.10"))...)

	// Decode: literal code units pass through, lone surrogates included.
	add(ecmaBoth(ecmaOK(dComp, u(0xD800, "%41", 0xDC00), u(0xD800, "A", 0xDC00), "Decode 4.c.i"))...)
	add(ecmaBoth(ecmaOK(dComp, u(0xDFFF), u(0xDFFF), "Decode 4.c.i"))...)
	add(ecmaBoth(ecmaOK(dComp, u(0xDC00, 0xD800, "%2F"), u(0xDC00, 0xD800, "/"), "Decode 4.c.i"))[:1]...)
	add(ecmaOK(dURI, u(0xDC00, 0xD800, "%2F"), u(0xDC00, 0xD800, "%2F"), "Decode 4.c.i, 4.d.vi.3"))
	add(ecmaBoth(ecmaOK(dComp, u(0xD83D, "%F0%9F%98%80", 0xDE00), u(0xD83D, 0xD83D, 0xDE00, 0xDE00), "Decode 4.c.i, 4.d.vii.10"))...)

	// Decode: '%' not followed by two hex digits.
	add(ecmaBoth(ecmaErr(dComp, u("%"), "Decode 4.d.ii", 0))...)
	add(ecmaBoth(ecmaErr(dComp, u("%4"), "Decode 4.d.ii", 0))...)
	add(ecmaBoth(ecmaErr(dComp, u("a%"), "Decode 4.d.ii", 1))...)
	add(ecmaBoth(ecmaErr(dComp, u("%41%"), "Decode 4.d.ii", 3))...)
	add(ecmaBoth(ecmaErr(dComp, u("abc%C3%A9%4"), "Decode 4.d.ii", 9))...)
	for _, bad := range [][]uint16{u("%G1"), u("%1G"), u("%%41"), u("% 41"), u("%+1"), u("%x4"), u("%4", 0),
		u("%", 0x664, 0x661), u("%", 0xFF11, 0xFF11), u("%", 0xD800, 0xDC00)} {
		add(ecmaBoth(ecmaErr(dComp, bad, "Decode 4.d.iii", 0))...)
	}

	// Decode: first octet 10xxxxxx (n = 1) or with more than four leading 1s.
	for _, bad := range []string{"%80", "%BF", "%80%80", "%F8%88%80%80%80", "%FC%84%80%80%80%80", "%FE", "%FF"} {
		add(ecmaBoth(ecmaErr(dComp, u(bad), "Decode 4.d.vii.2", 0))...)
	}
	add(ecmaBoth(ecmaErr(dComp, u("a%a9"), "Decode 4.d.vii.2", 1))...)

	// Decode: too few code units left for the sequence.
	for _, bad := range [][]uint16{u("%C3"), u("%C3%A"), u("%E2%82"), u("%E2%82%A"), u("%F0%9F%98"),
		u("%E0%41"), u("%E2%82€"), u("%F0%9F%98", 0xD83D, 0xDE00)} {
		add(ecmaBoth(ecmaErr(dComp, bad, "Decode 4.d.vii.5", 0))...)
	}
	add(ecmaBoth(ecmaErr(dComp, u("x%F0%9F%98%8"), "Decode 4.d.vii.5", 1))...)
	add(ecmaBoth(ecmaErr(dComp, u("%41%C3"), "Decode 4.d.vii.5", 3))...)

	// Decode: the continuation position does not hold an escape.
	add(ecmaBoth(ecmaErr(dComp, u("%C3A9x"), "Decode 4.d.vii.7.b", 3))...)
	add(ecmaBoth(ecmaErr(dComp, u("%C3+%A9"), "Decode 4.d.vii.7.b", 3))...)
	add(ecmaBoth(ecmaErr(dComp, u("%C3éxx"), "Decode 4.d.vii.7.b", 3))...)
	add(ecmaBoth(ecmaErr(dComp, u("%E2%82+AC%"), "Decode 4.d.vii.7.b", 6))...)
	add(ecmaBoth(ecmaErr(dComp, u("%C3%G9"), "Decode 4.d.vii.7.c", 3))...)
	add(ecmaBoth(ecmaErr(dComp, u("%C3%%A9"), "Decode 4.d.vii.7.c", 3))...)
	add(ecmaBoth(ecmaErr(dComp, u("%E2%82%AG"), "Decode 4.d.vii.7.c", 6))...)

	// Decode: a continuation octet that is not 10xxxxxx. 5.1 checks each
	// continuation as it reads it, before the octets after it.
	add(ecmaBoth(ecmaErr(dComp, u("%C3%41"), "Decode 4.d.vii.7.e", 3))...)
	add(ecmaBoth(ecmaErr(dComp, u("%C3%C3%A9"), "Decode 4.d.vii.7.e", 3))...)
	add(ecmaBoth(ecmaErr(dComp, u("%C3%FF"), "Decode 4.d.vii.7.e", 3))...)
	add(ecmaBoth(ecmaErr(dComp, u("%E2%41%AC"), "Decode 4.d.vii.7.e", 3))...)
	add(ecmaBoth(ecmaErr(dComp, u("%E0%41%ZZ"), "Decode 4.d.vii.7.e", 3))...)
	add(ecmaBoth(ecmaErr(dComp, u("%E2%82%41"), "Decode 4.d.vii.7.e", 6))...)
	add(ecmaBoth(ecmaErr(dComp, u("%F0%9F%98%41"), "Decode 4.d.vii.7.e", 9))...)
	add(ecmaErr(dURI, u("%C3%2F"), "Decode 4.d.vii.7.e", 3))

	// Decode: octets that are not the UTF-8 of a code point (RFC 3629):
	// overlong, surrogates, above U+10FFFF.
	for _, bad := range []string{"%C0%80", "%C0%AF", "%C1%BF", "%E0%80%80", "%E0%9F%BF", "%F0%80%80%80", "%F0%8F%BF%BF",
		"%ED%A0%80", "%ED%AF%BF", "%ED%B0%80", "%ED%BF%BF", "%ED%A0%BD%ED%B8%80",
		"%F4%90%80%80", "%F5%80%80%80", "%F7%BF%BF%BF"} {
		add(ecmaBoth(ecmaErr(dComp, u(bad), "Decode 4.d.vii.8", 0))...)
	}
	add(ecmaBoth(ecmaErr(dComp, u("ok%C3%A9%ED%A0%80"), "Decode 4.d.vii.8", 8))...)
	return cs
}

func ecmaCall(op string, in []uint16) ([]uint16, error) {
	switch op {
	case eURI, eComp:
		f := codec.EncodeURI
		if op == eComp {
			f = codec.EncodeURIComponent
		}
		s, err := f(in)
		if err != nil {
			return nil, err
		}
		out := make([]uint16, len(s))
		for i := 0; i < len(s); i++ {
			out[i] = uint16(s[i])
		}
		return out, nil
	case dURI:
		return codec.DecodeURI(in)
	case dComp:
		return codec.DecodeURIComponent(in)
	}
	panic("unknown op " + op)
}

func TestECMATable(t *testing.T) {
	for _, c := range ecmaCases() {
		got, err := ecmaCall(c.op, c.in)
		name := fmt.Sprintf("%s(%s)", c.op, ecmaUnitsString(c.in))
		if c.step == "" {
			if err != nil || !slices.Equal(got, c.out) {
				t.Errorf("%s = %s, %v; want %s (%s)", name, ecmaUnitsString(got), err, ecmaUnitsString(c.out), c.ref)
			}
			continue
		}
		var ue *codec.URIError
		if !errors.As(err, &ue) {
			t.Errorf("%s = %s, %v; want URIError at %s", name, ecmaUnitsString(got), err, c.step)
			continue
		}
		if diff := cmp.Diff(codec.URIError{Offset: c.offset, Step: c.step}, *ue, cmpopts.IgnoreFields(codec.URIError{}, "Reason")); diff != "" || ue.Reason == "" {
			t.Errorf("%s: URIError with reason %q (-want +got):\n%s", name, ue.Reason, diff)
		}
		if got != nil {
			t.Errorf("%s: result %s beside the error", name, ecmaUnitsString(got))
		}
		if msg := ue.Error(); !strings.Contains(msg, c.step) || !strings.Contains(msg, "URIError") {
			t.Errorf("%s: message %q does not name URIError and the step", name, msg)
		}
	}
}

// TestECMATableNode runs every table case in node, an engine independent
// of both goja and the codec: the table's expectations, worked out by hand,
// must be what node answers.
func TestECMATableNode(t *testing.T) {
	testenv.Require(t, testenv.Command("node"))
	node := "node"
	cases := ecmaCases()
	exprs := make([]string, len(cases))
	for i, c := range cases {
		codes := make([]string, len(c.in))
		for j, x := range c.in {
			codes[j] = fmt.Sprintf("0x%04X", x)
		}
		exprs[i] = c.op + "(String.fromCharCode(" + strings.Join(codes, ",") + "))"
	}
	got := ecmaRunNode(t, node, exprs)
	for i, c := range cases {
		want := vectors.Response{Out: c.out}
		if c.step != "" {
			want = vectors.Response{Error: vectors.ErrURIError}
		}
		if !ecmaSameResponse(got[i], want) {
			t.Errorf("node: %s(%s) %s, table %s", c.op, ecmaUnitsString(c.in), ecmaResponseString(got[i]), ecmaResponseString(want))
		}
	}
}

// ecmaRunNode evaluates JavaScript expressions in one node process and
// returns each string result as code units, or the name of what it threw.
func ecmaRunNode(t *testing.T, node string, exprs []string) []vectors.Response {
	t.Helper()
	const script = `
const exprs = JSON.parse(require("fs").readFileSync(0, "utf8"));
console.log(JSON.stringify(exprs.map((x) => {
	try {
		const r = String((0, eval)(x));
		return {out: Array.from({length: r.length}, (_, i) => r.charCodeAt(i))};
	} catch (e) {
		return {error: String(e && e.name)};
	}
})));
`
	in, err := json.Marshal(exprs)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(node, "-e", script)
	cmd.Stdin = bytes.NewReader(in)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	var answers []struct {
		Out   []uint16 `json:"out"`
		Error string   `json:"error"`
	}
	if err := json.Unmarshal(out, &answers); err != nil || len(answers) != len(exprs) {
		t.Fatalf("node answered %.200q (%v)", out, err)
	}
	rs := make([]vectors.Response, len(answers))
	for i, a := range answers {
		if a.Error != "" {
			rs[i] = vectors.Response{Error: a.Error}
		} else {
			rs[i] = vectors.Response{Out: append([]uint16{}, a.Out...)}
		}
	}
	return rs
}

// TestECMAAbstractSets checks EncodeUTF16 and DecodeUTF16 (the abstract
// operations Encode and Decode) with other sets than the four functions use.
func TestECMAAbstractSets(t *testing.T) {
	u := ecmaUnits
	// Encode 4.c keeps exactly the set's ASCII members.
	if got, err := codec.EncodeUTF16(u("a b~"), codec.SetOf(" ")); got != "%61 %62%7E" || err != nil {
		t.Errorf("EncodeUTF16 with {' '} = %q, %v", got, err)
	}
	// Members at or above 0x80 are ignored: the result stays ASCII.
	if got, err := codec.EncodeUTF16(u(0xE9, "A"), codec.SetRange(0, 0xFF)); got != "%C3%A9A" || err != nil {
		t.Errorf("EncodeUTF16 with all octets = %q, %v", got, err)
	}
	if got, err := codec.EncodeUTF16(u(0xD800), codec.SetRange(0, 0xFF)); err == nil {
		t.Errorf("EncodeUTF16 of a lone surrogate = %q, nil", got)
	}
	// Decode 4.d.vi.3 keeps the escape of an ASCII member as written; a
	// multi-octet character is decoded even when its value is a member.
	got, err := codec.DecodeUTF16(u("%c3%a9%41%42"), codec.SetRange(0x41, 0xFF))
	if want := u(0xE9, "%41%42"); err != nil || !slices.Equal(got, want) {
		t.Errorf("DecodeUTF16 with 41-FF kept = %s, %v; want %s", ecmaUnitsString(got), err, ecmaUnitsString(want))
	}
	got, err = codec.DecodeUTF16(u("%25%2525"), codec.SetOf("%"))
	if want := u("%25%2525"); err != nil || !slices.Equal(got, want) {
		t.Errorf("DecodeUTF16 with %% kept = %s, %v", ecmaUnitsString(got), err)
	}
}

func TestECMAAppend(t *testing.T) {
	u := ecmaUnits
	b, err := codec.AppendEncodeURIComponent([]byte("q="), u("a b/é"))
	if string(b) != "q=a%20b%2F%C3%A9" || err != nil {
		t.Errorf("AppendEncodeURIComponent = %q, %v", b, err)
	}
	b, err = codec.AppendEncodeURI([]byte("u="), u("a b/é"))
	if string(b) != "u=a%20b/%C3%A9" || err != nil {
		t.Errorf("AppendEncodeURI = %q, %v", b, err)
	}
	b, err = codec.AppendEncodeUTF16([]byte("x"), u("ab"), codec.SetOf("a"))
	if string(b) != "xa%62" || err != nil {
		t.Errorf("AppendEncodeUTF16 = %q, %v", b, err)
	}
	// On error dst comes back as it was, even when something was written
	// past its length.
	dst := make([]byte, 2, 64)
	copy(dst, "q=")
	b, err = codec.AppendEncodeURIComponent(dst, u("abc", 0xD800))
	var ue *codec.URIError
	if string(b) != "q=" || !errors.As(err, &ue) || ue.Offset != 3 {
		t.Errorf("AppendEncodeURIComponent on error = %q, %v", b, err)
	}

	d, err := codec.AppendDecodeURIComponent(u("p"), u("%41%2F"))
	if !slices.Equal(d, u("pA/")) || err != nil {
		t.Errorf("AppendDecodeURIComponent = %s, %v", ecmaUnitsString(d), err)
	}
	d, err = codec.AppendDecodeURI(u("p"), u("%41%2F"))
	if !slices.Equal(d, u("pA%2F")) || err != nil {
		t.Errorf("AppendDecodeURI = %s, %v", ecmaUnitsString(d), err)
	}
	d, err = codec.AppendDecodeUTF16(u("p"), u("%41%42"), codec.SetOf("B"))
	if !slices.Equal(d, u("pA%42")) || err != nil {
		t.Errorf("AppendDecodeUTF16 = %s, %v", ecmaUnitsString(d), err)
	}
	d, err = codec.AppendDecodeURIComponent(u("p"), u("%41%C3"))
	if !slices.Equal(d, u("p")) || !errors.As(err, &ue) || ue.Step != "Decode 4.d.vii.5" {
		t.Errorf("AppendDecodeURIComponent on error = %s, %v", ecmaUnitsString(d), err)
	}
}

func TestECMAStringForms(t *testing.T) {
	for _, tc := range []struct {
		f        func(string) (string, error)
		name, in string
		want     string
		step     string
		offset   int
	}{
		{codec.EncodeURIComponentString, "EncodeURIComponentString", "héllo wörld/😀", "h%C3%A9llo%20w%C3%B6rld%2F%F0%9F%98%80", "", 0},
		{codec.EncodeURIString, "EncodeURIString", "http://h/a b?q=é#f", "http://h/a%20b?q=%C3%A9#f", "", 0},
		// Invalid UTF-8: each byte is U+FFFD, as for range sees it.
		{codec.EncodeURIComponentString, "EncodeURIComponentString", "a\xffb", "a%EF%BF%BDb", "", 0},
		{codec.EncodeURIComponentString, "EncodeURIComponentString", "\xed\xa0\x80", "%EF%BF%BD%EF%BF%BD%EF%BF%BD", "", 0},
		{codec.EncodeURIComponentString, "EncodeURIComponentString", "\xe2\x82", "%EF%BF%BD%EF%BF%BD", "", 0},
		{codec.EncodeURIComponentString, "EncodeURIComponentString", "\uFFFD", "%EF%BF%BD", "", 0},
		{codec.DecodeURIComponentString, "DecodeURIComponentString", "h%C3%A9llo%20%F0%9F%98%80%2f", "héllo 😀/", "", 0},
		{codec.DecodeURIString, "DecodeURIString", "%2f%23%41", "%2f%23A", "", 0},
		{codec.DecodeURIString, "DecodeURIString", "é%2Fé", "é%2Fé", "", 0},
		{codec.DecodeURIComponentString, "DecodeURIComponentString", "\xff%41\xed\xa0\x80", "\uFFFDA\uFFFD\uFFFD\uFFFD", "", 0},
		{codec.DecodeURIComponentString, "DecodeURIComponentString", "é\xff", "é\uFFFD", "", 0},
		// Offsets are byte offsets; the step is the one the UTF-16 form
		// meets ("%E2%82€" is 7 code units but 9 bytes: 4.d.vii.5).
		{codec.DecodeURIComponentString, "DecodeURIComponentString", "%E2%82€", "", "Decode 4.d.vii.5", 0},
		{codec.DecodeURIComponentString, "DecodeURIComponentString", "é%C3", "", "Decode 4.d.vii.5", 2},
		{codec.DecodeURIComponentString, "DecodeURIComponentString", "é%C3%41", "", "Decode 4.d.vii.7.e", 5},
		{codec.DecodeURIComponentString, "DecodeURIComponentString", "😀%C3é%41", "", "Decode 4.d.vii.7.b", 7},
		{codec.DecodeURIString, "DecodeURIString", "€%ED%A0%80", "", "Decode 4.d.vii.8", 3},
		{codec.DecodeURIString, "DecodeURIString", "%", "", "Decode 4.d.ii", 0},
	} {
		got, err := tc.f(tc.in)
		if tc.step == "" {
			if got != tc.want || err != nil {
				t.Errorf("%s(%q) = %q, %v; want %q", tc.name, tc.in, got, err, tc.want)
			}
			continue
		}
		var ue *codec.URIError
		if !errors.As(err, &ue) {
			t.Errorf("%s(%q) = %q, %v; want URIError at %d (%s)", tc.name, tc.in, got, err, tc.offset, tc.step)
		} else if diff := cmp.Diff(codec.URIError{Offset: tc.offset, Step: tc.step}, *ue, cmpopts.IgnoreFields(codec.URIError{}, "Reason")); diff != "" {
			t.Errorf("%s(%q): URIError (-want +got):\n%s", tc.name, tc.in, diff)
		}
	}
}

// ecmaMixed is a sample text for allocation checks: ASCII, reserved, Latin,
// CJK and a supplementary character.
var ecmaMixed = ecmaUnits("path/to a?q=1&x=é;ü#frag 日本語 😀 end")

func TestECMAAppendAllocs(t *testing.T) {
	enc, err := codec.EncodeURIComponent(ecmaMixed)
	if err != nil {
		t.Fatal(err)
	}
	encUnits := ecmaUnits(enc)
	buf := make([]byte, 0, 4*len(enc))
	buf16 := make([]uint16, 0, len(encUnits))
	for _, tc := range []struct {
		name string
		f    func()
	}{
		{"AppendEncodeURIComponent", func() { buf, _ = codec.AppendEncodeURIComponent(buf[:0], ecmaMixed) }},
		{"AppendEncodeURI", func() { buf, _ = codec.AppendEncodeURI(buf[:0], ecmaMixed) }},
		{"AppendEncodeUTF16", func() { buf, _ = codec.AppendEncodeUTF16(buf[:0], ecmaMixed, codec.Unreserved) }},
		{"AppendDecodeURIComponent", func() { buf16, _ = codec.AppendDecodeURIComponent(buf16[:0], encUnits) }},
		{"AppendDecodeURI", func() { buf16, _ = codec.AppendDecodeURI(buf16[:0], encUnits) }},
		{"AppendDecodeUTF16", func() { buf16, _ = codec.AppendDecodeUTF16(buf16[:0], encUnits, codec.Reserved) }},
		{"EncodeURIComponentString unchanged", func() { _, _ = codec.EncodeURIComponentString("plain-text_1.2") }},
		{"DecodeURIComponentString unchanged", func() { _, _ = codec.DecodeURIComponentString("plain text é") }},
	} {
		if n := testing.AllocsPerRun(100, tc.f); n != 0 {
			t.Errorf("%s: %v allocs, want 0", tc.name, n)
		}
	}
	if n := testing.AllocsPerRun(100, func() { _, _ = codec.DecodeURIComponent(encUnits) }); n != 1 {
		t.Errorf("DecodeURIComponent: %v allocs, want 1", n)
	}
	// The forms that make their result, and the append forms when dst
	// lacks room, allocate once: the exact length is counted first.
	long := slices.Repeat(ecmaMixed, 40) // long enough for the vector paths
	short := make([]byte, 0, 10)
	wide := ecmaUnits("\uFFFF\uFFFF\uFFFF\uFFFF") // fewer units than short has room, more octets
	for _, tc := range []struct {
		name string
		f    func()
	}{
		{"EncodeURIComponent", func() { _, _ = codec.EncodeURIComponent(ecmaMixed) }},
		{"EncodeURIComponent long", func() { _, _ = codec.EncodeURIComponent(long) }},
		{"AppendEncodeURIComponent nil long", func() { _, _ = codec.AppendEncodeURIComponent(nil, long) }},
		{"AppendEncodeURI short dst", func() { _, _ = codec.AppendEncodeURI(short, long) }},
		{"AppendEncodeURIComponent short dst, short text", func() { _, _ = codec.AppendEncodeURIComponent(short, wide) }},
	} {
		if n := testing.AllocsPerRun(100, tc.f); n != 1 {
			t.Errorf("%s: %v allocs, want 1", tc.name, n)
		}
	}
}

// ecmaEncodeOracle is Encode written independently of the codec, on
// unicode/utf16 and unicode/utf8: it returns the result, or the index of the
// first unpaired surrogate.
func ecmaEncodeOracle(s []uint16, keep codec.Set) (string, int) {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		r := rune(s[i])
		if utf16.IsSurrogate(r) {
			if i+1 >= len(s) || utf16.DecodeRune(r, rune(s[i+1])) == utf8.RuneError {
				return "", i
			}
			r = utf16.DecodeRune(r, rune(s[i+1]))
			i++
		}
		if r < utf8.RuneSelf && keep.Contains(byte(r)) {
			b.WriteByte(byte(r))
			continue
		}
		for _, o := range utf8.AppendRune(nil, r) {
			fmt.Fprintf(&b, "%%%02X", o)
		}
	}
	return b.String(), -1
}

// ecmaUnitGen draws code units that matter to Encode and Decode.
var ecmaUnitGen = rapid.OneOf(
	rapid.SampledFrom([]uint16{'%', '%', '%', 'A', 'f', '0', '9', 'G', 'x', '/', '#', ';', ' '}),
	rapid.SampledFrom([]uint16{'C', '3', 'E', 'F', 'D', '8', 'B', '2'}),
	rapid.Uint16Range(0, 0x7F),
	rapid.Uint16Range(0xD7FE, 0xE001),
	rapid.Uint16(),
)

func TestECMAEncodeProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := rapid.SliceOfN(ecmaUnitGen, 0, 40).Draw(t, "s")
		for _, f := range []struct {
			op   string
			keep codec.Set
		}{{eURI, codec.EncodeURIUnescaped}, {eComp, codec.URIUnescaped}} {
			var got string
			var err error
			if f.op == eURI {
				got, err = codec.EncodeURI(s)
			} else {
				got, err = codec.EncodeURIComponent(s)
			}
			want, bad := ecmaEncodeOracle(s, f.keep)
			var ue *codec.URIError
			if bad >= 0 {
				if !errors.As(err, &ue) || ue.Offset != bad {
					t.Fatalf("%s(%s) = %q, %v; want URIError at %d", f.op, ecmaUnitsString(s), got, err, bad)
				}
				continue
			}
			if err != nil || got != want {
				t.Fatalf("%s(%s) = %q, %v; want %q", f.op, ecmaUnitsString(s), got, err, want)
			}
			b, err := codec.AppendEncodeUTF16([]byte("z"), s, f.keep)
			if err != nil || string(b) != "z"+want {
				t.Fatalf("AppendEncodeUTF16 = %q, %v", b, err)
			}
			// Decode undoes Encode.
			back, err := codec.DecodeURIComponent(ecmaUnits(got))
			if err != nil || !slices.Equal(back, s) {
				t.Fatalf("decodeURIComponent(%s(s)) = %s, %v; want s = %s", f.op, ecmaUnitsString(back), err, ecmaUnitsString(s))
			}
			if f.op == eURI {
				back, err = codec.DecodeURI(ecmaUnits(got))
				if err != nil || !slices.Equal(back, s) {
					t.Fatalf("decodeURI(encodeURI(s)) = %s, %v; want %s", ecmaUnitsString(back), err, ecmaUnitsString(s))
				}
			}
		}
	})
}

func TestECMADecodeProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := rapid.SliceOfN(ecmaUnitGen, 0, 40).Draw(t, "s")
		for _, keep := range []codec.Set{codec.DecodeURIReserved, {}} {
			got, err := codec.DecodeUTF16(s, keep)
			app, aerr := codec.AppendDecodeUTF16([]uint16{'z'}, s, keep)
			if (err == nil) != (aerr == nil) || (err == nil && !slices.Equal(app, append([]uint16{'z'}, got...))) {
				t.Fatalf("DecodeUTF16 = %s, %v; AppendDecodeUTF16 = %s, %v", ecmaUnitsString(got), err, ecmaUnitsString(app), aerr)
			}
			if err != nil {
				var ue *codec.URIError
				if !errors.As(err, &ue) || ue.Offset < 0 || ue.Offset >= len(s) {
					t.Fatalf("DecodeUTF16(%s): %v", ecmaUnitsString(s), err)
				}
				// The offset points at a '%', or at what stands where a
				// continuation escape should (4.d.vii.7.b).
				if s[ue.Offset] != '%' && ue.Step != "Decode 4.d.vii.7.b" {
					t.Fatalf("DecodeUTF16(%s): offset %d is not a '%%' (%s)", ecmaUnitsString(s), ue.Offset, ue.Step)
				}
				continue
			}
			if len(got) > len(s) {
				t.Fatalf("DecodeUTF16(%s) = %s, longer than its input", ecmaUnitsString(s), ecmaUnitsString(got))
			}
			if !slices.Contains(s, '%') && !slices.Equal(got, s) {
				t.Fatalf("DecodeUTF16(%s) = %s without any escape", ecmaUnitsString(s), ecmaUnitsString(got))
			}
		}
	})
}

// ecmaFromGoString is the UTF-16 form of s, each invalid byte as U+FFFD,
// with the byte offset of each code unit.
func ecmaFromGoString(s string) (u []uint16, at []int) {
	for i, r := range s {
		n := len(u)
		u = utf16.AppendRune(u, r)
		for range len(u) - n {
			at = append(at, i)
		}
	}
	return u, at
}

// TestECMAStringFormsMatch checks the string forms against the []uint16
// forms on the UTF-16 form of random Go strings, invalid UTF-8 included.
func TestECMAStringFormsMatch(t *testing.T) {
	piece := rapid.SampledFrom([]string{"%", "%", "A", "f", "9", "G", "/", "#", "%2F", "%2f", "%41", "%C3", "%A9", "%E2",
		"%82", "%AC", "%F0", "%9F", "%98", "%80", "%ED", "%A0", "%F0%9F%98%80", "%E2%82%AC", "%C3%A9", "é", "€", "😀",
		"\xff", "\xed\xa0\x80", "\xe2\x82", " "})
	rapid.Check(t, func(t *rapid.T) {
		s := strings.Join(rapid.SliceOfN(piece, 0, 16).Draw(t, "pieces"), "")
		u, at := ecmaFromGoString(s)
		for _, f := range []struct {
			name string
			str  func(string) (string, error)
			enc  func([]uint16) (string, error)
			dec  func([]uint16) ([]uint16, error)
		}{
			{"EncodeURIString", codec.EncodeURIString, codec.EncodeURI, nil},
			{"EncodeURIComponentString", codec.EncodeURIComponentString, codec.EncodeURIComponent, nil},
			{"DecodeURIString", codec.DecodeURIString, nil, codec.DecodeURI},
			{"DecodeURIComponentString", codec.DecodeURIComponentString, nil, codec.DecodeURIComponent},
		} {
			got, gerr := f.str(s)
			var want string
			var werr error
			if f.enc != nil {
				want, werr = f.enc(u)
			} else {
				var d []uint16
				d, werr = f.dec(u)
				want = string(utf16.Decode(d))
			}
			if werr != nil {
				var wu, gu *codec.URIError
				if !errors.As(werr, &wu) || !errors.As(gerr, &gu) || gu.Step != wu.Step || gu.Offset != at[wu.Offset] {
					t.Fatalf("%s(%q) = %q, %v; the []uint16 form: %v (byte %d)", f.name, s, got, gerr, werr, at[wu.Offset])
				}
				continue
			}
			if gerr != nil || got != want || !utf8.ValidString(got) {
				t.Fatalf("%s(%q) = %q, %v; want %q", f.name, s, got, gerr, want)
			}
		}
	})
}
