package codec_test

import (
	"bytes"
	"encoding/hex"
	"errors"
	"math/rand/v2"
	"os/exec"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"

	"github.com/pctest/pctest/codec"
	"github.com/pctest/pctest/internal/testenv"
)

const fffd = "\uFFFD"

func TestUTF8ReplaceTable(t *testing.T) {
	cases := []struct {
		name string
		in   string
		want string
	}{
		{"empty", "", ""},
		{"Table 3-7 well-formed, each row", "\x7f\xc2\x80\xdf\xbf\xe0\xa0\x80\xe1\x80\x80\xed\x9f\xbf\xee\x80\x80\xf0\x90\x80\x80\xf1\x80\x80\x80\xf4\x8f\xbf\xbf",
			"\x7f\u0080\u07ff\u0800\u1000\ud7ff\ue000\U00010000\U00040000\U0010ffff"},
		{"BOM kept (decode without BOM)", "\xef\xbb\xbfa", "\ufeffa"},
		{"U+FFFD itself is well-formed", "\xef\xbf\xbd", fffd},
		// Unicode §3.9.6, the examples of U+FFFD substitution of maximal
		// subparts (Tables 3-8 to 3-11 in Unicode 15.0).
		{"Unicode §3.9.6 mixed example", "\x61\xF1\x80\x80\xE1\x80\xC2\x62\x80\x63\x80\xBF\x64",
			"a" + fffd + fffd + fffd + "b" + fffd + "c" + fffd + fffd + "d"},
		{"Unicode §3.9.6 non-shortest forms", "\xC0\xAF\xE0\x80\xBF\xF0\x81\x82\x41",
			strings.Repeat(fffd, 8) + "A"},
		{"Unicode §3.9.6 surrogates", "\xED\xA0\x80\xED\xBF\xBF\xED\xAF\x41",
			strings.Repeat(fffd, 8) + "A"},
		{"Unicode §3.9.6 other ill-formed", "\xF4\x91\x92\x93\xFF\x41\x80\xBF\x42",
			strings.Repeat(fffd, 5) + "A" + fffd + fffd + "B"},
		{"Unicode §3.9.6 truncated", "\xE1\x80\xE2\xF0\x91\x92\xF1\xBF\x41",
			strings.Repeat(fffd, 4) + "A"},
		{"D93b truncated at end, 3 of 4", "a\xf0\x9f\x98", "a" + fffd},
		{"D93b truncated at end, 2 of 3", "a\xe3\x81", "a" + fffd},
		{"Table 3-7 E0 lower boundary A0", "\xe0\x9f\x80", fffd + fffd + fffd},
		{"Table 3-7 ED upper boundary 9F", "\xed\xa0\x80", fffd + fffd + fffd},
		{"Table 3-7 F0 lower boundary 90", "\xf0\x8f\x80\x80", fffd + fffd + fffd + fffd},
		{"Table 3-7 F4 upper boundary 8F", "\xf4\x90\x80\x80", fffd + fffd + fffd + fffd},
		{"Table 3-7 F5..FF start nothing", "\xf5\x80\xff", fffd + fffd + fffd},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := codec.UTF8ReplaceString(tc.in); got != tc.want {
				t.Errorf("UTF8ReplaceString(%q) = %q, want %q", tc.in, got, tc.want)
			}
			if got := codec.AppendUTF8Replace([]byte("x"), []byte(tc.in)); string(got) != "x"+tc.want {
				t.Errorf("AppendUTF8Replace(%q) = %q, want %q", tc.in, got, "x"+tc.want)
			}
		})
	}
}

func TestValidateUTF8Table(t *testing.T) {
	cases := []struct {
		name   string
		in     string
		offset int    // -1 when valid
		text   string // UTF8Error.Text
	}{
		{"RFC 3629 §4 ASCII", "abc", -1, ""},
		{"RFC 3629 §4 max code point", "\xf4\x8f\xbf\xbf", -1, ""},
		{"Table 3-7 lone continuation", "ab\x80", 2, "\x80"},
		{"Table 3-7 overlong C0", "\xc0\xaf", 0, "\xc0"},
		{"Table 3-7 surrogate ED A0", "a\xed\xa0\x80", 1, "\xed"},
		{"D93b truncated 3 of 4", "é\xf0\x9f\x98!", 2, "\xf0\x9f\x98"},
		{"D93b truncated 2 of 3 at end", "\xe3\x81", 0, "\xe3\x81"},
		{"Table 3-7 above U+10FFFF", "\xf4\x90\x80\x80", 0, "\xf4"},
		{"Table 3-7 F5", "\xf5", 0, "\xf5"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			for _, err := range []error{codec.ValidateUTF8([]byte(tc.in)), codec.ValidateUTF8String(tc.in)} {
				if tc.offset < 0 {
					if err != nil {
						t.Errorf("error %v, want nil", err)
					}
					continue
				}
				var ue *codec.UTF8Error
				if !errors.As(err, &ue) {
					t.Errorf("error %#v, want a *UTF8Error", err)
				} else if diff := cmp.Diff(&codec.UTF8Error{Offset: tc.offset, Text: tc.text}, ue); diff != "" {
					t.Errorf("error (-want +got):\n%s", diff)
				}
			}
		})
	}
}

// utf8Interesting are the octets where Table 3-7's ranges start and end.
var utf8Interesting = []byte{
	0x00, 0x41, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf,
	0xe0, 0xe1, 0xec, 0xed, 0xee, 0xef, 0xf0, 0xf1, 0xf3, 0xf4, 0xf5, 0xff,
}

// utf8TestInputs returns every sequence of up to three interesting octets
// and random longer sequences of them.
func utf8TestInputs() [][]byte {
	var ins [][]byte
	for _, a := range utf8Interesting {
		ins = append(ins, []byte{a})
		for _, b := range utf8Interesting {
			ins = append(ins, []byte{a, b})
			for _, c := range utf8Interesting {
				ins = append(ins, []byte{a, b, c})
			}
		}
	}
	r := rand.New(rand.NewPCG(13, 14))
	for range 2000 {
		in := make([]byte, 4+r.IntN(12))
		for i := range in {
			in[i] = utf8Interesting[r.IntN(len(utf8Interesting))]
		}
		ins = append(ins, in)
	}
	return ins
}

// TestUTF8ReplaceAgainstEngines decodes the test inputs with node's
// TextDecoder (an implementation of the Encoding Standard) and with
// Python's "replace" error handler (which follows Unicode's maximal-subpart
// practice), and compares.
func TestUTF8ReplaceAgainstEngines(t *testing.T) {
	engines := []struct {
		name string
		args []string
	}{
		{"node", []string{"node", "-e", `
const lines = require('fs').readFileSync(0, 'utf8').split('\n');
const d = new TextDecoder();
const out = [];
for (const l of lines) { if (l === '') continue; out.push(Buffer.from(d.decode(Buffer.from(l.slice(1), 'hex'))).toString('hex')); }
process.stdout.write(out.join('\n') + '\n');`}},
		{"python3", []string{"python3", "-c", `
import sys
out = []
for l in sys.stdin.read().split('\n'):
    if l == '': continue
    out.append(bytes.fromhex(l[1:]).decode('utf-8', 'replace').encode('utf-8').hex())
sys.stdout.write('\n'.join(out) + '\n')`}},
	}
	ins := utf8TestInputs()
	var stdin bytes.Buffer
	for _, in := range ins {
		stdin.WriteString("x" + hex.EncodeToString(in) + "\n")
	}
	for _, e := range engines {
		t.Run(e.name, func(t *testing.T) {
			testenv.Require(t, testenv.Command(e.args[0]))
			cmd := exec.Command(e.args[0], e.args[1:]...)
			cmd.Stdin = bytes.NewReader(stdin.Bytes())
			out, err := cmd.Output()
			if err != nil {
				t.Fatalf("%s: %v", e.name, err)
			}
			lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
			if len(lines) != len(ins) {
				t.Fatalf("%s answered %d lines for %d inputs", e.name, len(lines), len(ins))
			}
			fails := 0
			for i, in := range ins {
				want, err := hex.DecodeString(lines[i])
				if err != nil {
					t.Fatalf("%s line %d: %v", e.name, i, err)
				}
				if got := codec.AppendUTF8Replace(nil, in); !bytes.Equal(got, want) {
					t.Errorf("AppendUTF8Replace(%x) = %x, %s gives %x", in, got, e.name, want)
					if fails++; fails > 10 {
						t.FailNow()
					}
				}
			}
		})
	}
}

// TestUTF8AgainstGo checks against Go's unicode/utf8 where Go and the
// Encoding Standard agree: both say the same sequences are well-formed, the
// first ill-formed sequence starts at the same offset, and, where no
// ill-formed sequence has a maximal subpart longer than one byte (no lead
// byte C2..F4 is followed by a fitting continuation byte), a for-range
// loop's one U+FFFD per ill-formed byte is the Encoding Standard's result.
func TestUTF8AgainstGo(t *testing.T) {
	for _, in := range utf8TestInputs() {
		err := codec.ValidateUTF8(in)
		if (err == nil) != utf8.Valid(in) {
			t.Fatalf("ValidateUTF8(%x) = %v, utf8.Valid = %v", in, err, utf8.Valid(in))
		}
		if err != nil {
			goOffset := 0
			for goOffset < len(in) {
				r, size := utf8.DecodeRune(in[goOffset:])
				if r == utf8.RuneError && size == 1 {
					break
				}
				goOffset += size
			}
			var ue *codec.UTF8Error
			if !errors.As(err, &ue) || ue.Offset != goOffset {
				t.Fatalf("ValidateUTF8(%x) = %v, Go's first error at %d", in, err, goOffset)
			}
		}
	}
	// Inputs whose ill-formed bytes can only be one-byte subparts.
	single := []string{"\x80", "\xbf", "\xc0", "\xc1", "\xf5", "\xff", "a", "é", "\u20ac", "\U0001F600"}
	r := rand.New(rand.NewPCG(15, 16))
	for range 2000 {
		var b strings.Builder
		for range r.IntN(10) {
			b.WriteString(single[r.IntN(len(single))])
		}
		in := b.String()
		var goOut strings.Builder
		for _, r := range in {
			goOut.WriteRune(r)
		}
		if got := codec.UTF8ReplaceString(in); got != goOut.String() {
			t.Fatalf("UTF8ReplaceString(%x) = %q, Go's range loop gives %q", in, got, goOut.String())
		}
	}
}

func TestUTF8ReplaceUnchanged(t *testing.T) {
	s := benchMixed()
	if got := codec.UTF8ReplaceString(s); got != s || !sameData(got, s) {
		t.Errorf("UTF8ReplaceString of valid UTF-8 returned a different string")
	}
	allocs := testing.AllocsPerRun(100, func() {
		sinkString = codec.UTF8ReplaceString(s)
		if codec.ValidateUTF8String(s) != nil {
			panic("valid")
		}
	})
	if allocs != 0 {
		t.Errorf("UTF8ReplaceString/ValidateUTF8String of valid UTF-8: %v allocs, want 0", allocs)
	}
	dst := make([]byte, 0, 3*len(s))
	bad := []byte(s + "\xff\xe3\x81")
	allocs = testing.AllocsPerRun(100, func() { sinkBytes = codec.AppendUTF8Replace(dst, bad) })
	if allocs != 0 {
		t.Errorf("AppendUTF8Replace with room: %v allocs, want 0", allocs)
	}
}
