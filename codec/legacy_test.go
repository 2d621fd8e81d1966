package codec_test

import (
	"encoding/hex"
	"errors"
	"fmt"
	"os/exec"
	"sort"
	"strconv"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/pctest/pctest/codec"
	"github.com/pctest/pctest/internal/testenv"
	"github.com/pctest/pctest/vectors"
)

// TestPercentEncodeAfterEncodingVectors runs every vector of the encoding
// area (vectors/encoding.json, from the generator's transcription of the
// Encoding Standard's encoders over its index files, never from this
// codec) through PercentEncodeAfterEncodingString and its Append form.
func TestPercentEncodeAfterEncodingVectors(t *testing.T) {
	vs, err := vectors.Load()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, v := range vs {
		var keep codec.Set
		var plus bool
		if v.Op == vectors.OpQueryEncodeScheme { // URL §4.4 steps 1, 2
			n++
			in, want := string(utf16.Decode(v.In)), string(utf16.Decode(v.Expect.Out))
			got, err := codec.QueryEncodeString(v.Args["encoding"], v.Args["scheme"], in)
			app, err2 := codec.AppendQueryEncode([]byte("x"), v.Args["encoding"], v.Args["scheme"], []byte(in))
			if err != nil || got != want || err2 != nil || string(app) != "x"+want {
				t.Errorf("%s: QueryEncodeString(%q, %q, %q) = %q, %v; Append %q, %v; want %q", v.ID, v.Args["encoding"], v.Args["scheme"], in, got, err, app, err2, want)
			}
			continue
		}
		switch v.Op {
		case vectors.OpQueryEncode: // URL §4.4: special-query set
			keep = codec.WHATWGSpecialQuery
		case vectors.OpFormEncodeLegacy: // URL §5.2
			keep, plus = codec.WHATWGFormURLEncoded, true
		default:
			continue
		}
		n++
		in := string(utf16.Decode(v.In))
		want := string(utf16.Decode(v.Expect.Out))
		got, err := codec.PercentEncodeAfterEncodingString(v.Args["encoding"], in, keep, plus)
		if err != nil || got != want {
			t.Errorf("%s: PercentEncodeAfterEncodingString(%q, %q) = %q, %v; want %q", v.ID, v.Args["encoding"], in, got, err, want)
			continue
		}
		app, err := codec.AppendPercentEncodeAfterEncoding([]byte("x"), v.Args["encoding"], []byte(in), keep, plus)
		if err != nil || string(app) != "x"+want {
			t.Errorf("%s: AppendPercentEncodeAfterEncoding = %q, %v; want %q", v.ID, app, err, "x"+want)
		}
	}
	if n < 1000 {
		t.Errorf("only %d vectors of the encoding area", n)
	}
}

// TestPercentEncodeAfterEncodingByHand checks cases worked out by hand from
// URL §1.3 and the Encoding Standard, the ISO-2022-JP states among them.
func TestPercentEncodeAfterEncodingByHand(t *testing.T) {
	q, f := codec.WHATWGSpecialQuery, codec.WHATWGFormURLEncoded
	for _, tc := range []struct {
		label, in string
		keep      codec.Set
		plus      bool
		want      string
	}{
		{"windows-1252", "é€☃", q, false, "%E9%80%26%239731%3B"},
		{"windows-1252", "\u0081\u0080", q, false, "%81%26%23128%3B"}, // index: 0x81 is U+0081; U+0080 is not in it
		{"iso-8859-2", "\u0085", q, false, "%85"},                     // C1 control: pointer 5
		{"shift_jis", "¥‾−\u0080", q, false, "\\~%81|%80"},            // §12.3.2 steps 2-4, 6; | is not in the set
		{"shift_jis", "ⅰ", q, false, "%FA@"},                          // pointer 8272..8835 excluded: IBM extension
		{"euc-jp", "¦", q, false, "%26%23166%3B"},                     // index jis0212 only: error
		{"big5", "═", q, false, "%F9%F9"},                             // last pointer
		{"big5", "Ê", q, false, "%26%23202%3B"},                       // HKSCS only
		{"gb18030", "\ue5e5\ue7c7\u1e3f\U0001F600", q, false, "%26%2358853%3B%815%F47%A8%BC%949%FC6"},
		{"gbk", "\ue7c7€\U0001F600", q, false, "%26%2359335%3B%80%26%23128512%3B"},
		{"iso-2022-jp", "¥☃¥", q, false, "%1B(J\\%26%239731%3B\\%1B(B"},
		{"iso-2022-jp", "あ☃a", q, false, "%1B$B$%22%1B(B%26%239731%3Ba"},
		{"iso-2022-jp", "\x1b", q, false, "%26%2365533%3B"},
		{"iso-2022-jp", "ｱ", q, false, "%1B$B%%22%1B(B"}, // U+30A2: 0x25 0x22, and % is not in the set,
		{"iso-2022-jp", "あ", f, true, "%1B%24B%24%22%1B%28B"},
		{"utf-16le", "é", f, true, "%C3%A9"}, // output encoding UTF-8
		{"replacement", "é", q, false, "%C3%A9"},
		{"  SJIS\n", "あ", q, false, "%82%A0"},
		{"windows-1252", "a b", f, true, "a+b"},
		{"windows-1252", "", f, true, ""},
	} {
		got, err := codec.PercentEncodeAfterEncodingString(tc.label, tc.in, tc.keep, tc.plus)
		if err != nil || got != tc.want {
			t.Errorf("PercentEncodeAfterEncodingString(%q, %q) = %q, %v; want %q", tc.label, tc.in, got, err, tc.want)
		}
	}
}

// TestQueryEncodeSchemes checks URL §4.4 query state steps 1 and 2.1 by
// hand: UTF-8 for a URL that is not special or is ws or wss, and ' kept
// outside special URLs.
func TestQueryEncodeSchemes(t *testing.T) {
	for _, tc := range []struct{ label, scheme, in, want string }{
		{"shift_jis", "foo", "あ'", "%E3%81%82'"},           // not special: UTF-8, query set
		{"shift_jis", "WS", "あ'", "%E3%81%82%27"},          // ws: UTF-8, special-query set; scheme case ignored
		{"shift_jis", "wss", "☃", "%E2%98%83"},             // wss: UTF-8, so no &#9731;
		{"shift_jis", "https", "あ'", "%82%A0%27"},          // special: the page's encoding
		{"windows-1252", "file", "é☃", "%E9%26%239731%3B"}, // file is special too
		{"utf-16be", "http", "é", "%C3%A9"},                // output encoding UTF-8
		{"windows-1252", "javascript", "é", "%C3%A9"},
	} {
		got, err := codec.QueryEncodeString(tc.label, tc.scheme, tc.in)
		if err != nil || got != tc.want {
			t.Errorf("QueryEncodeString(%q, %q, %q) = %q, %v; want %q", tc.label, tc.scheme, tc.in, got, err, tc.want)
		}
	}
	var le *codec.EncodingLabelError
	if _, err := codec.QueryEncodeString("utf-7", "foo", "a"); !errors.As(err, &le) {
		t.Errorf("an unknown label with a non-special scheme: error %v, want *EncodingLabelError", err)
	}
}

// TestEncodingLabelErrors checks that labels the Encoding Standard does
// not know are typed errors, including those htmlindex would accept after
// its Unicode trimming and lowercasing.
func TestEncodingLabelErrors(t *testing.T) {
	for _, label := range []string{"", "utf-7", "shift-jis2", "\u212Aoi8-r", "\u00a0sjis", "sjis\v", "sjis\u0085", "x-user-defined2"} {
		_, err := codec.PercentEncodeAfterEncodingString(label, "a", codec.WHATWGSpecialQuery, false)
		var le *codec.EncodingLabelError
		if !errors.As(err, &le) || le.Label != label {
			t.Errorf("label %q: error %v, want *EncodingLabelError", label, err)
		}
		if _, err := codec.EncodingName(label); !errors.As(err, &le) {
			t.Errorf("EncodingName(%q): error %v, want *EncodingLabelError", label, err)
		}
		dst, err := codec.AppendPercentEncodeAfterEncoding([]byte("keep"), label, []byte("a"), codec.WHATWGSpecialQuery, false)
		if err == nil || string(dst) != "keep" {
			t.Errorf("Append with label %q = %q, %v", label, dst, err)
		}
	}
	for label, want := range map[string]string{"latin1": "windows-1252", " SJIS ": "Shift_JIS", "utf-16": "UTF-16LE", "iso-2022-kr": "replacement", "GB2312": "GBK", "x-user-defined": "x-user-defined"} {
		if got, err := codec.EncodingName(label); err != nil || got != want {
			t.Errorf("EncodingName(%q) = %q, %v; want %q", label, got, err, want)
		}
	}
	for label, want := range map[string]string{"utf-16be": "UTF-8", "hz-gb-2312": "UTF-8", "big5-hkscs": "Big5"} {
		if got, err := codec.OutputEncodingName(label); err != nil || got != want {
			t.Errorf("OutputEncodingName(%q) = %q, %v; want %q", label, got, err, want)
		}
	}
	_, err := codec.PercentEncodeAfterEncodingString("shift_jis", "a\xffb", codec.WHATWGSpecialQuery, false)
	var ue *codec.UTF8Error
	if !errors.As(err, &ue) || ue.Offset != 1 {
		t.Errorf("invalid UTF-8 input: error %v, want *UTF8Error at 1", err)
	}
}

// pythonCodecs maps the single-byte encodings to Python's codecs of the
// same tables.
var pythonCodecs = map[string]string{
	"ibm866": "cp866", "iso-8859-2": "iso8859_2", "iso-8859-3": "iso8859_3", "iso-8859-4": "iso8859_4",
	"iso-8859-5": "iso8859_5", "iso-8859-6": "iso8859_6", "iso-8859-7": "iso8859_7", "iso-8859-8": "iso8859_8",
	"iso-8859-8-i": "iso8859_8", "iso-8859-10": "iso8859_10", "iso-8859-13": "iso8859_13",
	"iso-8859-14": "iso8859_14", "iso-8859-15": "iso8859_15", "iso-8859-16": "iso8859_16",
	"koi8-r": "koi8_r", "koi8-u": "koi8_u", "macintosh": "mac_roman", "windows-874": "cp874",
	"windows-1250": "cp1250", "windows-1251": "cp1251", "windows-1252": "cp1252", "windows-1253": "cp1253",
	"windows-1254": "cp1254", "windows-1255": "cp1255", "windows-1256": "cp1256", "windows-1257": "cp1257",
	"windows-1258": "cp1258", "x-mac-cyrillic": "mac_cyrillic",
}

// pythonTableDiffs are the code points where Python's codec (3.11) and the
// Encoding Standard's index differ, each with why; the codec follows the
// index, and so does Chromium (vectors/testdata/chromium-legacy.json and
// make chromium-legacy's sweep). The test fails if one of them no longer
// differs, or another does.
var pythonTableDiffs = map[string]struct {
	cps []rune
	why string
}{
	"koi8-u":       {[]rune{0x040E, 0x045E, 0x255D, 0x256C}, "the Encoding Standard's KOI8-U is KOI8-RU: 0xAE and 0xBE are U+045E and U+040E; Python's koi8_u (RFC 2319) has U+255D and U+256C there"},
	"windows-874":  {codePoints(0x81, 0x82, 0x83, 0x84, 0x86, 0x87, 0x88, 0x89, 0x8A, 0x8B, 0x8C, 0x8D, 0x8E, 0x8F, 0x90, 0x98, 0x99, 0x9A, 0x9B, 0x9C, 0x9D, 0x9E, 0x9F), c1Why},
	"windows-1250": {codePoints(0x81, 0x83, 0x88, 0x90, 0x98), c1Why},
	"windows-1251": {codePoints(0x98), c1Why},
	"windows-1252": {codePoints(0x81, 0x8D, 0x8F, 0x90, 0x9D), c1Why},
	"windows-1253": {codePoints(0x81, 0x88, 0x8A, 0x8C, 0x8D, 0x8E, 0x8F, 0x90, 0x98, 0x9A, 0x9C, 0x9D, 0x9E, 0x9F), c1Why},
	"windows-1254": {codePoints(0x81, 0x8D, 0x8E, 0x8F, 0x90, 0x9D, 0x9E), c1Why},
	"windows-1255": {append(codePoints(0x81, 0x8A, 0x8C, 0x8D, 0x8E, 0x8F, 0x90, 0x9A, 0x9C, 0x9D, 0x9E, 0x9F), 0x05BA), c1Why + "; and the index has 0xCA U+05BA, which Python's cp1255 lacks"},
	"windows-1257": {codePoints(0x81, 0x83, 0x88, 0x8A, 0x8C, 0x90, 0x98, 0x9A, 0x9C, 0x9F), c1Why},
	"windows-1258": {codePoints(0x81, 0x8A, 0x8D, 0x8E, 0x8F, 0x90, 0x9A, 0x9D, 0x9E), c1Why},
}

const c1Why = "the index maps the bytes Microsoft leaves unassigned to the C1 controls of the same value; Python's codec has no mapping for them"

func codePoints(cs ...rune) []rune { return cs }

// TestPercentEncodeAfterEncodingAgainstPython compares every single-byte
// encoding, code point by code point from U+0080 to U+FFFF, with Python's
// codec of the same table (a second oracle: Python's tables for
// shift_jis, euc-jp, big5 and gb18030 are not the Encoding Standard's, so
// only the single-byte ones are used). Where the two tables differ the
// code points are listed in pythonTableDiffs, with why.
func TestPercentEncodeAfterEncodingAgainstPython(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	testenv.Require(t, testenv.Command("python3"))
	py := "python3"
	labels := make([]string, 0, len(pythonCodecs))
	for l := range pythonCodecs {
		labels = append(labels, l)
	}
	sort.Strings(labels)
	// Python prints, per encoding, the code points it encodes and their
	// byte: "cp:hex cp:hex ...".
	var script strings.Builder
	script.WriteString("import sys\nfor name in sys.argv[1:]:\n    out = []\n    for c in range(0x80, 0x10000):\n        if 0xD800 <= c < 0xE000: continue\n        try: out.append('%x:%s' % (c, chr(c).encode(name).hex()))\n        except UnicodeEncodeError: pass\n    print(' '.join(out))\n")
	args := []string{"-c", script.String()}
	for _, l := range labels {
		args = append(args, pythonCodecs[l])
	}
	out, err := exec.Command(py, args...).Output()
	if err != nil {
		t.Fatalf("python3: %v", err)
	}
	lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	if len(lines) != len(labels) {
		t.Fatalf("python3 answered %d lines for %d encodings", len(lines), len(labels))
	}
	for i, label := range labels {
		pyBytes := map[rune]string{}
		for _, f := range strings.Fields(lines[i]) {
			cp, hx, _ := strings.Cut(f, ":")
			c, err := strconv.ParseUint(cp, 16, 32)
			b, err2 := hex.DecodeString(hx)
			if err != nil || err2 != nil || len(b) != 1 {
				t.Fatalf("%s: Python gave %q", label, f)
			}
			pyBytes[rune(c)] = string(b)
		}
		listed := map[rune]bool{}
		for _, c := range pythonTableDiffs[label].cps {
			listed[c] = true
		}
		for c := rune(0x80); c <= 0xFFFF; c++ {
			if c >= 0xD800 && c < 0xE000 {
				continue
			}
			want := "%26%23" + strconv.Itoa(int(c)) + "%3B" // Python cannot encode c
			if b, ok := pyBytes[c]; ok {
				want = codec.FormEncodeString(b, codec.WHATWGFormURLEncoded)
			}
			got, err := codec.PercentEncodeAfterEncodingString(label, string(c), codec.WHATWGFormURLEncoded, true)
			if err != nil {
				t.Fatal(err)
			}
			switch {
			case got != want && !listed[c]:
				t.Errorf("%s U+%04X: codec %s, Python %s gives %s", label, c, got, pythonCodecs[label], want)
			case got == want && listed[c]:
				t.Errorf("%s U+%04X: listed in pythonTableDiffs, but the codec and Python %s agree (%s)", label, c, pythonCodecs[label], got)
			}
		}
	}
}

// TestPercentEncodeAfterEncodingTables compares, for every legacy encoding,
// the codec with the generator's transcription of the Encoding Standard
// (vectors/internal/gen -encode-table, run as a program so that neither
// imports the other) on every scalar value U+0080 to U+FFFF: the whole of
// each encoder's table, where the vectors hold a sample. This is the check
// that found the places x/text leaves the standard (legacyFix,
// checkXText); it keeps them fixed.
func TestPercentEncodeAfterEncodingTables(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skipf("go not found: the tables are NOT compared (%v)", err)
	}
	bin := t.TempDir() + "/gen"
	if out, err := exec.Command(goTool, "build", "-o", bin, "../vectors/internal/gen").CombinedOutput(); err != nil {
		t.Fatalf("go build vectors/internal/gen: %v\n%s", err, out)
	}
	for _, label := range legacyLabels {
		out, err := exec.Command(bin, "-encode-table", label).Output()
		if err != nil {
			t.Fatalf("gen -encode-table %s: %v", label, err)
		}
		lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
		n, bad := 0, 0
		for c := rune(0x80); c <= 0xFFFF; c++ {
			if c >= 0xD800 && c < 0xE000 {
				continue
			}
			if n >= len(lines) {
				t.Fatalf("%s: the table ends at line %d", label, n)
			}
			want := lines[n]
			n++
			got, err := codec.PercentEncodeAfterEncodingString(label, string(c), codec.WHATWGFormURLEncoded, true)
			if err != nil || got != want {
				if bad++; bad <= 5 {
					t.Errorf("%s U+%04X: codec %q, %v; the Encoding Standard's tables give %q", label, c, got, err, want)
				}
			}
		}
		if bad > 5 {
			t.Errorf("%s: %d code points differ in all", label, bad)
		}
	}
}

// legacyLabels has one label for each legacy encoding.
var legacyLabels = []string{
	"ibm866", "iso-8859-2", "iso-8859-3", "iso-8859-4", "iso-8859-5", "iso-8859-6", "iso-8859-7",
	"iso-8859-8", "iso-8859-8-i", "iso-8859-10", "iso-8859-13", "iso-8859-14", "iso-8859-15",
	"iso-8859-16", "koi8-r", "koi8-u", "macintosh", "windows-874", "windows-1250", "windows-1251",
	"windows-1252", "windows-1253", "windows-1254", "windows-1255", "windows-1256", "windows-1257",
	"windows-1258", "x-mac-cyrillic", "gbk", "gb18030", "big5", "euc-jp", "iso-2022-jp", "shift_jis",
	"euc-kr", "x-user-defined",
}

// The query of a URL parsed in a Shift_JIS page, and a form value
// submitted from a windows-1252 one (WHATWG URL §4.4 and §5.2). 本 is
// 0x96 0x7B in Shift_JIS, and 0x7B '{' is not in the special-query
// percent-encode set, so it stays as it is.
func ExamplePercentEncodeAfterEncodingString() {
	q, _ := codec.PercentEncodeAfterEncodingString("shift_jis", "q=日本 ☃", codec.WHATWGSpecialQuery, false)
	f, _ := codec.PercentEncodeAfterEncodingString("windows-1252", "café ☃", codec.WHATWGFormURLEncoded, true)
	_, err := codec.PercentEncodeAfterEncodingString("utf-7", "x", codec.WHATWGSpecialQuery, false)
	fmt.Println(q)
	fmt.Println(f)
	fmt.Println(err)
	// Output:
	// q=%93%FA%96{%20%26%239731%3B
	// caf%E9+%26%239731%3B
	// unknown encoding label "utf-7" (WHATWG Encoding §4.2)
}
