package codec

import (
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/htmlindex"
	"golang.org/x/text/transform"
)

// This file is "percent-encode after encoding" of the WHATWG URL Standard
// (§1.3), the operation behind the query of a URL parsed in a page that is
// not UTF-8 (§4.4 query state) and behind the application/x-www-form-
// urlencoded serializer with an encoding (§5.2, HTML form submission). Its
// encoders are those of golang.org/x/text/encoding, found by WHATWG label
// through golang.org/x/text/encoding/htmlindex, with the places where they
// do not follow the WHATWG Encoding Standard corrected here, each with the
// section it follows (see legacyFixes).

// An EncodingLabelError is a label that names no encoding of the WHATWG
// Encoding Standard (§4.2 "get an encoding" returns failure).
type EncodingLabelError struct {
	// Label is the label as given.
	Label string
}

// Error returns the label, quoted.
func (e *EncodingLabelError) Error() string {
	return "unknown encoding label " + strconv.Quote(e.Label) + " (WHATWG Encoding §4.2)"
}

// EncodingName returns the name of the encoding label names, as the
// Encoding Standard writes it ("Shift_JIS", "windows-1252", "UTF-16LE"),
// after §4.2 "get an encoding": leading and trailing ASCII whitespace is
// removed and the label is matched ASCII case-insensitively. A label that
// names no encoding gives an [*EncodingLabelError].
func EncodingName(label string) (string, error) {
	_, name, err := getEncoding(label)
	return name, err
}

// OutputEncodingName returns the name of the encoding that percent-encode
// after encoding and the urlencoded serializer use for label: §4.3 "get an
// output encoding" turns replacement, UTF-16BE and UTF-16LE into UTF-8.
func OutputEncodingName(label string) (string, error) {
	_, name, err := getEncoding(label)
	if err != nil {
		return "", err
	}
	return outputEncoding(name), nil
}

// specNames maps htmlindex's canonical names to the Encoding Standard's.
var specNames = map[string]string{
	"utf-8": "UTF-8", "ibm866": "IBM866", "iso-8859-2": "ISO-8859-2", "iso-8859-3": "ISO-8859-3",
	"iso-8859-4": "ISO-8859-4", "iso-8859-5": "ISO-8859-5", "iso-8859-6": "ISO-8859-6",
	"iso-8859-7": "ISO-8859-7", "iso-8859-8": "ISO-8859-8", "iso-8859-8-i": "ISO-8859-8-I",
	"iso-8859-10": "ISO-8859-10", "iso-8859-13": "ISO-8859-13", "iso-8859-14": "ISO-8859-14",
	"iso-8859-15": "ISO-8859-15", "iso-8859-16": "ISO-8859-16", "koi8-r": "KOI8-R", "koi8-u": "KOI8-U",
	"macintosh": "macintosh", "windows-874": "windows-874", "windows-1250": "windows-1250",
	"windows-1251": "windows-1251", "windows-1252": "windows-1252", "windows-1253": "windows-1253",
	"windows-1254": "windows-1254", "windows-1255": "windows-1255", "windows-1256": "windows-1256",
	"windows-1257": "windows-1257", "windows-1258": "windows-1258", "x-mac-cyrillic": "x-mac-cyrillic",
	"gbk": "GBK", "gb18030": "gb18030", "big5": "Big5", "euc-jp": "EUC-JP", "iso-2022-jp": "ISO-2022-JP",
	"shift_jis": "Shift_JIS", "euc-kr": "EUC-KR", "replacement": "replacement", "utf-16be": "UTF-16BE",
	"utf-16le": "UTF-16LE", "x-user-defined": "x-user-defined",
}

// getEncoding is Encoding §4.2 "get an encoding". htmlindex.Get trims
// Unicode white space (U+000B, U+0085, U+00A0 among them) and lowercases
// with Unicode rules (U+212A KELVIN SIGN becomes 'k'); the Encoding
// Standard removes only ASCII whitespace and matches ASCII
// case-insensitively, so the label is prepared here and a label with a
// non-ASCII byte left is no label.
func getEncoding(label string) (encoding.Encoding, string, error) {
	l := strings.Trim(label, "\t\n\f\r ") // step 1: ASCII whitespace
	for i := 0; i < len(l); i++ {
		if c := l[i]; c >= utf8.RuneSelf || c == '\v' {
			return nil, "", &EncodingLabelError{Label: label}
		}
	}
	e, err := htmlindex.Get(strings.ToLower(l)) // step 2: ASCII case-insensitive
	if err != nil {
		return nil, "", &EncodingLabelError{Label: label}
	}
	n, err := htmlindex.Name(e)
	name, ok := specNames[n]
	if err != nil || !ok {
		return nil, "", &EncodingLabelError{Label: label}
	}
	return e, name, nil
}

// outputEncoding is Encoding §4.3 "get an output encoding".
func outputEncoding(name string) string {
	switch name {
	case "replacement", "UTF-16BE", "UTF-16LE": // step 1
		return "UTF-8"
	}
	return name // step 2
}

// AppendPercentEncodeAfterEncoding appends to dst the result of WHATWG URL
// §1.3 "percent-encode after encoding" with the encoding label names, the
// scalar value string src (UTF-8) and the percent-encode set whose
// complement is keep; with spaceAsPlus, 0x20 is written as '+' (§1.3 step
// 2 sets it for the application/x-www-form-urlencoded percent-encode set).
// The encoding is the output encoding of label (Encoding §4.3), as the URL
// parser's query state and the §5.2 serializer take it. A code point the
// encoding cannot encode is written as "%26%23", its value in decimal, and
// "%3B" (step 7.4): the HTML character reference "&#NNNN;".
//
// The URL parser calls it with [WHATWGSpecialQuery] for a special URL's
// query (§4.4), the serializer with [WHATWGFormURLEncoded] and spaceAsPlus
// (§5.2). Errors: an [*EncodingLabelError] for a label that names no
// encoding, a [*UTF8Error] when src is not UTF-8; dst is returned as it
// was with either.
func AppendPercentEncodeAfterEncoding(dst []byte, label string, src []byte, keep Set, spaceAsPlus bool) ([]byte, error) {
	return appendPercentEncodeAfterEncoding(dst, label, src, keep, spaceAsPlus)
}

// PercentEncodeAfterEncodingString returns s encoded as
// [AppendPercentEncodeAfterEncoding] encodes it (WHATWG URL §1.3).
func PercentEncodeAfterEncodingString(label, s string, keep Set, spaceAsPlus bool) (string, error) {
	out, err := appendPercentEncodeAfterEncoding(nil, label, s, keep, spaceAsPlus)
	if err != nil {
		return "", err
	}
	return string(out), nil
}

// appendPercentEncodeAfterEncoding is URL §1.3, step by step.
func appendPercentEncodeAfterEncoding[S string | []byte](dst []byte, label string, src S, keep Set, spaceAsPlus bool) ([]byte, error) {
	if err := utf8Error(src); err != nil { // input is a scalar value string
		return dst, err
	}
	e, name, err := getEncoding(label)
	if err != nil {
		return dst, err
	}
	name = outputEncoding(name)
	// Step 1's assertion (UTF-8, or the special-query or urlencoded set) is
	// not enforced: any set gives a well-defined result.
	// Step 2: spaceAsPlus is the caller's.
	// Step 3: get an encoder (Encoding §6.1).
	enc := newLegacyEncoder(name, e)
	// Steps 4, 5: the input queue is in, read from i; output is dst.
	in := string(src)
	out := dst
	k := formKeep(keep, spaceAsPlus)
	for i := 0; ; { // step 6: potentialError starts non-null; step 7: loop
		// Steps 7.1, 7.2: encode or fail (Encoding §6.1) from in[i:].
		encoded, n, potentialError := enc.encodeOrFail(in[i:])
		i += n
		for _, b := range encoded { // step 7.3
			switch {
			case spaceAsPlus && b == ' ': // 7.3.1
				out = append(out, '+')
			case k.has(b): // 7.3.2-7.3.4: the isomorph is not in the set
				out = append(out, b)
			default: // 7.3.5: percent-encode the byte
				out = append(out, '%', upperHex[b>>4], upperHex[b&15])
			}
		}
		if potentialError < 0 { // step 7: potentialError is null, so stop
			break
		}
		// Step 7.4: "%26%23", the code point in decimal, "%3B".
		out = append(out, "%26%23"...)
		out = strconv.AppendInt(out, int64(potentialError), 10)
		out = append(out, "%3B"...)
	}
	return out, nil // step 8
}

// legacyEncoder is an instance of an encoding's encoder (Encoding §6.1 "get
// an encoder"): x/text's encoder, kept across calls as §6.1's note on
// ISO-2022-JP asks, or the ISO-2022-JP encoder of this file.
type legacyEncoder struct {
	name string
	t    transform.Transformer // nil for UTF-8 and ISO-2022-JP
	// jis is the EUC-JP encoder that gives the ISO-2022-JP encoder its
	// index jis0208 pointers.
	jis      transform.Transformer
	iso2022  int // ISO-2022-JP encoder state (§12.2.2)
	buf, one []byte
}

func newLegacyEncoder(name string, e encoding.Encoding) *legacyEncoder {
	le := &legacyEncoder{name: name}
	switch name {
	case "UTF-8":
	case "ISO-2022-JP":
		eucjp, _ := htmlindex.Get("euc-jp")
		le.jis = eucjp.NewEncoder()
	default:
		le.t = e.NewEncoder()
	}
	return le
}

// encodeOrFail is Encoding §6.1 "encode or fail" on the queue s: it returns
// the bytes output, how many bytes of s it consumed (the code point of an
// error included), and the error's code point, or -1 for none (null).
func (le *legacyEncoder) encodeOrFail(s string) (out []byte, n int, errCP rune) {
	le.buf = le.buf[:0]
	if le.name == "UTF-8" { // §8.1.2: every scalar value encodes
		return append(le.buf, s...), len(s), -1
	}
	if le.name == "ISO-2022-JP" {
		return le.iso2022JP(s)
	}
	for n < len(s) {
		r, size := utf8.DecodeRuneInString(s[n:])
		if b, ok, handled := legacyFix(le.name, r); handled {
			if !ok {
				return le.buf, n + size, r
			}
			le.buf = append(le.buf, b...)
			n += size
			continue
		}
		in := s[n : n+size]
		if r == 0x2212 && (le.name == "EUC-JP" || le.name == "Shift_JIS") {
			// §12.1.2 step 6, §12.3.2 step 6: U+2212 is looked up as
			// U+FF0D, which x/text does not do.
			in = "\uFF0D"
		}
		b, ok := le.encodeRune(in)
		b, ok = le.checkXText(r, b, ok)
		if !ok {
			return le.buf, n + size, r
		}
		le.buf = append(le.buf, b...)
		n += size
	}
	return le.buf, n, -1
}

// encodeRune encodes the one code point s with x/text's encoder, or says
// that it has no bytes for it. The encoders of this file are stateless
// (all but ISO-2022-JP's), so one code point at a time is the same as the
// whole queue.
func (le *legacyEncoder) encodeRune(s string) ([]byte, bool) {
	return transformOne(le.t, &le.one, s)
}

// transformOne runs t over the one code point s.
func transformOne(t transform.Transformer, scratch *[]byte, s string) ([]byte, bool) {
	if cap(*scratch) < 8 {
		*scratch = make([]byte, 8)
	}
	dst := (*scratch)[:8]
	t.Reset()
	nDst, _, err := t.Transform(dst, []byte(s), true)
	if err != nil {
		// x/text's RepertoireError: the encoding has no bytes for s. No
		// other error can come from one code point and eight bytes of room.
		return nil, false
	}
	return dst[:nDst], true
}

// legacyFix returns the Encoding Standard's bytes for r where x/text's
// encoder for the encoding name does not follow it (handled is true), or
// handled false to let x/text encode r. ok false is an error with r.
//
// Each case was found by checking x/text (v0.43.0) against the
// generator's transcription of the Encoding Standard's encoders over its
// index files (vectors/internal/gen/legacy.go), for every scalar value;
// TestPercentEncodeAfterEncodingTables keeps that check over U+0080 to
// U+FFFF, and the vectors of vectors/encoding.json over a sample with
// astral code points and ISO-2022-JP's states.
func legacyFix(name string, r rune) (b []byte, ok, handled bool) {
	switch name {
	case "Shift_JIS":
		switch r {
		case 0x80: // §12.3.2 step 2: U+0080 is the byte 0x80
			return []byte{0x80}, true, true
		case 0xA5: // step 3
			return []byte{0x5C}, true, true
		case 0x203E: // step 4
			return []byte{0x7E}, true, true
		}
	case "EUC-JP":
		switch r {
		case 0xA5: // §12.1.2 step 3
			return []byte{0x5C}, true, true
		case 0x203E: // step 4
			return []byte{0x7E}, true, true
		}
	case "GBK", "gb18030":
		switch r {
		case 0xE5E5: // §10.2.2 step 3
			return nil, false, true
		case 0xE7C7: // not in index gb18030 since the Encoding Standard followed GB18030-2005 in 2016 (whatwg/encoding#26: 0xA8BC is U+1E3F)
			if name == "GBK" { // step 8
				return nil, false, true
			}
			// Steps 9-16 with §5 index gb18030 ranges pointer step 1: 7457.
			return []byte{0x81, 0x35, 0xF4, 0x37}, true, true
		}
		if b, ok := gb18030Table[r]; ok { // step 5
			return b[:], true, true
		}
		if p, ok := gb18030Extra()[r]; ok { // steps 6, 7
			lead, trail := p/190+0x81, p%190
			off := 0x41
			if trail < 0x3F {
				off = 0x40
			}
			return []byte{byte(lead), byte(trail + off)}, true, true
		}
	case "Big5":
		// §5 index Big5 pointer step 2: these six take their last pointer.
		switch r {
		case 0x2550:
			return []byte{0xF9, 0xF9}, true, true
		case 0x255E:
			return []byte{0xF9, 0xE9}, true, true
		case 0x2561:
			return []byte{0xF9, 0xEB}, true, true
		case 0x256A:
			return []byte{0xF9, 0xEA}, true, true
		case 0x5341:
			return []byte{0xA4, 0x51}, true, true
		case 0x5345:
			return []byte{0xA4, 0xCA}, true, true
		}
	}
	return nil, false, false
}

// gb18030Table is the table of Encoding §10.2.2 step 5, which x/text does
// not have.
var gb18030Table = map[rune][2]byte{
	0xE78D: {0xA6, 0xD9}, 0xE78E: {0xA6, 0xDA}, 0xE78F: {0xA6, 0xDB}, 0xE790: {0xA6, 0xDC},
	0xE791: {0xA6, 0xDD}, 0xE792: {0xA6, 0xDE}, 0xE793: {0xA6, 0xDF}, 0xE794: {0xA6, 0xEC},
	0xE795: {0xA6, 0xED}, 0xE796: {0xA6, 0xF3}, 0xE81E: {0xFE, 0x59}, 0xE826: {0xFE, 0x61},
	0xE82B: {0xFE, 0x66}, 0xE82C: {0xFE, 0x67}, 0xE832: {0xFE, 0x6D}, 0xE843: {0xFE, 0x7E},
	0xE854: {0xFE, 0x90}, 0xE864: {0xFE, 0xA0},
}

// gb18030ExtraRuns are the entries of the Encoding Standard's index
// gb18030 (index-gb18030.txt, whatwg/encoding a985b62, 2024) that x/text's
// GBK and gb18030 tables lack, as runs of {first pointer, first code
// point, length} along which both go up by one: the private use code
// points of the user-defined areas (0xAAA1-0xAFFE, 0xF8A1-0xFEFE,
// 0xA140-0xA7A0 and single cells), the GB18030-2005 change (U+1E3F at
// 0xA8BC, in the Encoding Standard since 2016) and the GB18030-2022 ones
// (U+9FB4-U+9FBB and U+FE10-U+FE19 in two-byte cells), which x/text
// writes as four bytes.
var gb18030ExtraRuns = [][3]int{
	{6080, 0xE4C6, 96}, {6270, 0xE526, 96}, {6376, 0xE766, 6}, {6433, 0xE76D, 1}, {6444, 0xE76E, 2},
	{6458, 0xE770, 2}, {6460, 0xE586, 95}, {6650, 0xE5E6, 96}, {6829, 0xE772, 11}, {6840, 0xE646, 96},
	{7022, 0xE77D, 8}, {7030, 0xE6A6, 96}, {7150, 0xE785, 8}, {7182, 0xFE10, 1}, {7183, 0xFE12, 1},
	{7184, 0xFE11, 1}, {7185, 0xFE13, 4}, {7201, 0xFE17, 2}, {7208, 0xFE19, 1}, {7211, 0xE797, 9},
	{7220, 0xE706, 96}, {7349, 0xE7A0, 15}, {7397, 0xE7AF, 13}, {7495, 0xE7BC, 11}, {7533, 0x1E3F, 1},
	{7538, 0xE7C9, 4}, {7579, 0xE7CD, 21}, {7624, 0xE7E2, 1}, {7627, 0xE7E3, 1}, {7629, 0xE7E4, 3},
	{7686, 0xE7F4, 13}, {7775, 0xE801, 15}, {7886, 0xE000, 94}, {8076, 0xE05E, 94}, {8266, 0xE0BC, 94},
	{8456, 0xE11A, 94}, {8646, 0xE178, 94}, {8836, 0xE1D6, 94}, {16525, 0xE810, 5}, {22706, 0xE234, 94},
	{22896, 0xE292, 94}, {23086, 0xE2F0, 94}, {23276, 0xE34E, 94}, {23466, 0xE3AC, 94}, {23656, 0xE40A, 94},
	{23767, 0xE816, 3}, {23775, 0x9FB4, 1}, {23783, 0x9FB5, 1}, {23788, 0x9FB6, 2}, {23794, 0xE831, 1},
	{23795, 0x9FB8, 1}, {23804, 0xE83B, 1}, {23812, 0x9FB9, 1}, {23829, 0x9FBA, 1}, {23830, 0xE855, 1},
	{23845, 0x9FBB, 1}, {23846, 0xE468, 94},
}

// gb18030Extra maps the code points of gb18030ExtraRuns to their first
// pointer.
var gb18030Extra = sync.OnceValue(func() map[rune]int {
	m := map[rune]int{}
	for _, run := range gb18030ExtraRuns {
		for i := 0; i < run[2]; i++ {
			if _, dup := m[rune(run[1]+i)]; !dup {
				m[rune(run[1]+i)] = run[0] + i
			}
		}
	}
	return m
})

// checkXText corrects what x/text's encoder wrote for r (b, or ok false
// when it had nothing), where its tables leave the Encoding Standard:
//
//   - single-byte encodings (§9.2): the Encoding Standard's indexes map
//     the bytes 0x80 to 0x9F that the encoding leaves unassigned to the
//     code points U+0080 to U+009F of the same value (the C1 controls of
//     ISO-8859-2 to -16, bytes such as windows-1252's 0x81, 0x8D, 0x8F,
//     0x90 and 0x9D); x/text's tables leave those bytes out (its decoder
//     gives U+FFFD for them) and its encoder cannot encode the code points.
//     So a code point U+0080 to U+009F that x/text cannot encode is the
//     byte of the same value when x/text decodes that byte to U+FFFD;
//   - EUC-JP (§12.1.2 step 7): the encoder uses index jis0208 only, but
//     x/text writes index jis0212 code points as 0x8F and two bytes: an
//     error;
//   - Shift_JIS (§5 index Shift_JIS pointer): pointers 8272 to 8835 (NEC's
//     selection of IBM extensions, lead bytes 0xED and 0xEE) are excluded,
//     so the code point takes its IBM extension pointer (lead 0xFA to
//     0xFC); x/text writes the excluded one;
//   - Big5 (§5 index Big5 pointer): pointers below (0xA1-0x81)×157 (the
//     HKSCS extensions, lead bytes 0x81 to 0xA0) are excluded, and the
//     first pointer from there on is the one (but for six code points,
//     legacyFix); x/text writes HKSCS pointers and, for 27 code points
//     such as U+256D and U+5344, a later pointer. So the Big5 bytes are
//     the first, in pointer order from 5024, that x/text's decoder maps
//     to the code point, or an error when there is none.
func (le *legacyEncoder) checkXText(r rune, b []byte, ok bool) ([]byte, bool) {
	switch {
	case singleByte[le.name] && !ok && r >= 0x80 && r < 0xA0:
		if le.c1Self(byte(r)) {
			return []byte{byte(r)}, true
		}
	case le.name == "EUC-JP" && ok && len(b) == 3 && b[0] == 0x8F:
		return nil, false
	case le.name == "Shift_JIS" && ok && len(b) == 2 && sjisPointer(b) >= 8272 && sjisPointer(b) <= 8835:
		return le.reverse(r)
	case le.name == "Big5" && r >= 0x80:
		return le.reverse(r)
	}
	return b, ok
}

// sjisPointer is the Shift_JIS decoder's pointer for the two bytes b
// (§12.3.1 step 5.3-5.5).
func sjisPointer(b []byte) int {
	lead, trail := int(b[0]), int(b[1])
	leadOff := 0xC1
	if lead < 0xA0 {
		leadOff = 0x81
	}
	off := 0x41
	if trail < 0x7F {
		off = 0x40
	}
	return (lead-leadOff)*188 + trail - off
}

// c1Self reports whether x/text's decoder for the single-byte encoding
// has nothing for the byte b (it gives U+FFFD).
func (le *legacyEncoder) c1Self(b byte) bool {
	e, _, _ := getEncoding(le.name)
	out, err := e.NewDecoder().Bytes([]byte{b})
	return err == nil && string(out) == "\uFFFD"
}

// singleByte lists the single-byte encodings (§9).
var singleByte = map[string]bool{
	"IBM866": true, "ISO-8859-2": true, "ISO-8859-3": true, "ISO-8859-4": true, "ISO-8859-5": true,
	"ISO-8859-6": true, "ISO-8859-7": true, "ISO-8859-8": true, "ISO-8859-8-I": true, "ISO-8859-10": true,
	"ISO-8859-13": true, "ISO-8859-14": true, "ISO-8859-15": true, "ISO-8859-16": true, "KOI8-R": true,
	"KOI8-U": true, "macintosh": true, "windows-874": true, "windows-1250": true, "windows-1251": true,
	"windows-1252": true, "windows-1253": true, "windows-1254": true, "windows-1255": true,
	"windows-1256": true, "windows-1257": true, "windows-1258": true, "x-mac-cyrillic": true,
}

var (
	reverseMu     sync.Mutex
	reverseTables = map[string]map[rune][]byte{}
)

// reverse returns the bytes that x/text's decoder for the encoding maps
// to r, the first in pointer order among the pointers the Encoding
// Standard's encoder may use: Shift_JIS pointers from 8836 (the IBM extensions after the excluded
// range), Big5 pointers from 5024.
func (le *legacyEncoder) reverse(r rune) ([]byte, bool) {
	reverseMu.Lock()
	defer reverseMu.Unlock()
	m, ok := reverseTables[le.name]
	if !ok {
		m = map[rune][]byte{}
		e, _, _ := getEncoding(le.name)
		dec := e.NewDecoder()
		var seqs [][]byte
		switch {
		case le.name == "Shift_JIS":
			// Pointers 10716 to 11279: lead 0xFA to 0xFC (§12.3.1).
			for p := 10716; p < 11280; p++ {
				lead, trail := p/188, p%188
				lo, to := 0xC1, 0x41
				if trail < 0x3F {
					to = 0x40
				}
				seqs = append(seqs, []byte{byte(lead + lo), byte(trail + to)})
			}
		case le.name == "Big5":
			for p := (0xA1 - 0x81) * 157; p < (0xFF-0x81)*157; p++ {
				lead, trail := p/157+0x81, p%157
				to := 0x62
				if trail < 0x3F {
					to = 0x40
				}
				seqs = append(seqs, []byte{byte(lead), byte(trail + to)})
			}
		}
		for _, s := range seqs {
			out, err := dec.Bytes(s)
			c, size := utf8.DecodeRune(out)
			if err != nil || size != len(out) || c == utf8.RuneError {
				continue
			}
			if _, dup := m[c]; !dup {
				m[c] = s
			}
		}
		reverseTables[le.name] = m
	}
	b, ok := m[r]
	return b, ok
}

// ISO-2022-JP encoder states (Encoding §12.2.2).
const (
	isoASCII = iota
	isoRoman
	isoJIS0208
)

// iso2022JP is Encoding §12.2.2, the ISO-2022-JP encoder, run over the
// queue s until it finishes or fails, as "encode or fail" runs it. x/text's
// ISO-2022-JP encoder does not follow §12.2.2: it has no Roman state, so it
// cannot encode U+00A5 and U+203E (steps 5 and 7), it writes halfwidth
// katakana with ESC ( I instead of mapping them to fullwidth (step 9), and
// it does not fail on U+000E, U+000F and U+001B (step 3). So the state
// machine is here, and x/text's EUC-JP encoder only gives the index
// jis0208 pointer of step 10 (its two bytes less 0x80; EUC-JP's bytes
// 0x8E and 0x8F, halfwidth katakana and index jis0212, are not index
// jis0208).
func (le *legacyEncoder) iso2022JP(s string) ([]byte, int, rune) {
	out := le.buf[:0]
	n := 0
	for {
		if n == len(s) { // end-of-queue
			if le.iso2022 != isoASCII { // step 1
				le.iso2022 = isoASCII
				out = append(out, 0x1B, 0x28, 0x42)
			}
			return out, n, -1 // step 2: finished
		}
		r, size := utf8.DecodeRuneInString(s[n:])
		ascii := r < 0x80
		if (le.iso2022 == isoASCII || le.iso2022 == isoRoman) && (r == 0x0E || r == 0x0F || r == 0x1B) { // step 3
			return out, n + size, 0xFFFD
		}
		if le.iso2022 == isoASCII && ascii { // step 4
			out = append(out, byte(r))
			n += size
			continue
		}
		if le.iso2022 == isoRoman && (ascii && r != 0x5C && r != 0x7E || r == 0xA5 || r == 0x203E) { // step 5
			switch r {
			case 0xA5:
				out = append(out, 0x5C)
			case 0x203E:
				out = append(out, 0x7E)
			default:
				out = append(out, byte(r))
			}
			n += size
			continue
		}
		if ascii && le.iso2022 != isoASCII { // step 6: restore, switch to ASCII
			le.iso2022 = isoASCII
			out = append(out, 0x1B, 0x28, 0x42)
			continue
		}
		if (r == 0xA5 || r == 0x203E) && le.iso2022 != isoRoman { // step 7
			le.iso2022 = isoRoman
			out = append(out, 0x1B, 0x28, 0x4A)
			continue
		}
		c := r
		if c == 0x2212 { // step 8
			c = 0xFF0D
		}
		if c >= 0xFF61 && c <= 0xFF9F { // step 9: index ISO-2022-JP katakana
			c = iso2022JPKatakana[c-0xFF61]
		}
		lead, trail, ok := le.jis0208(c) // step 10
		if !ok {                         // step 11
			if le.iso2022 == isoJIS0208 { // 11.1: restore, back to ASCII
				le.iso2022 = isoASCII
				out = append(out, 0x1B, 0x28, 0x42)
				continue
			}
			return out, n + size, r // 11.2
		}
		if le.iso2022 != isoJIS0208 { // step 12: restore, switch to jis0208
			le.iso2022 = isoJIS0208
			out = append(out, 0x1B, 0x24, 0x42)
			continue
		}
		out = append(out, lead, trail) // steps 13-15
		n += size
	}
}

// jis0208 returns pointer / 94 + 0x21 and pointer % 94 + 0x21 for the index
// jis0208 pointer of c (Encoding §12.2.2 steps 13-15), from the EUC-JP
// encoder's two bytes (§12.1.2 steps 9-11 add 0xA1 where ISO-2022-JP adds
// 0x21). The EUC-JP encoder's own special cases (steps 3-6: U+00A5,
// U+203E, halfwidth katakana, U+2212) are not index jis0208 and were
// dealt with before the lookup; x/text's EUC-JP writes index jis0212 as
// three bytes, which are not taken.
func (le *legacyEncoder) jis0208(c rune) (lead, trail byte, ok bool) {
	if c < 0x80 || c == 0xA5 || c == 0x203E || c >= 0xFF61 && c <= 0xFF9F {
		return 0, 0, false
	}
	b, ok := transformOne(le.jis, &le.one, string(c))
	if !ok || len(b) != 2 || b[0] < 0xA1 || b[1] < 0xA1 {
		return 0, 0, false
	}
	return b[0] - 0x80, b[1] - 0x80, true
}

// iso2022JPKatakana is the Encoding Standard's index ISO-2022-JP katakana
// (index-iso-2022-jp-katakana.txt): U+FF61 to U+FF9F to fullwidth
// katakana, as NFKC maps them but for U+FF9E and U+FF9F, which map to
// U+309B and U+309C.
var iso2022JPKatakana = [63]rune{
	0x3002, 0x300C, 0x300D, 0x3001, 0x30FB, 0x30F2, 0x30A1, 0x30A3, 0x30A5, 0x30A7, 0x30A9, 0x30E3, 0x30E5, 0x30E7, 0x30C3, 0x30FC,
	0x30A2, 0x30A4, 0x30A6, 0x30A8, 0x30AA, 0x30AB, 0x30AD, 0x30AF, 0x30B1, 0x30B3, 0x30B5, 0x30B7, 0x30B9, 0x30BB, 0x30BD, 0x30BF,
	0x30C1, 0x30C4, 0x30C6, 0x30C8, 0x30CA, 0x30CB, 0x30CC, 0x30CD, 0x30CE, 0x30CF, 0x30D2, 0x30D5, 0x30D8, 0x30DB, 0x30DE, 0x30DF,
	0x30E0, 0x30E1, 0x30E2, 0x30E4, 0x30E6, 0x30E8, 0x30E9, 0x30EA, 0x30EB, 0x30EC, 0x30ED, 0x30EF, 0x30F3, 0x309B, 0x309C,
}

// specialSchemes are the special schemes of WHATWG URL §4.1.
var specialSchemes = map[string]bool{"ftp": true, "file": true, "http": true, "https": true, "ws": true, "wss": true}

// AppendQueryEncode appends to dst the query that the WHATWG URL parser
// writes for src, the query of a URL whose scheme is scheme, parsed with
// the encoding label names (URL §4.4 query state): step 1 uses UTF-8
// instead when the URL is not special or its scheme is ws or wss; step
// 2.1 takes the special-query percent-encode set for a special URL and the
// query percent-encode set otherwise; step 2.2 is percent-encode after
// encoding ([AppendPercentEncodeAfterEncoding]). The scheme is matched
// ASCII case-insensitively, as the parser lowercases it. The errors are
// those of AppendPercentEncodeAfterEncoding.
func AppendQueryEncode(dst []byte, label, scheme string, src []byte) ([]byte, error) {
	label, keep, err := queryEncoding(label, scheme)
	if err != nil {
		return dst, err
	}
	return appendPercentEncodeAfterEncoding(dst, label, src, keep, false)
}

// QueryEncodeString returns s encoded as [AppendQueryEncode] encodes it
// (WHATWG URL §4.4 query state).
func QueryEncodeString(label, scheme, s string) (string, error) {
	label, keep, err := queryEncoding(label, scheme)
	if err != nil {
		return "", err
	}
	out, err := appendPercentEncodeAfterEncoding(nil, label, s, keep, false)
	if err != nil {
		return "", err
	}
	return string(out), nil
}

// queryEncoding is URL §4.4 query state steps 1 and 2.1: the label to
// encode with and the set to keep.
func queryEncoding(label, scheme string) (string, Set, error) {
	if _, _, err := getEncoding(label); err != nil {
		return "", Set{}, err
	}
	scheme = strings.ToLower(scheme)
	special := specialSchemes[scheme]
	if !special || scheme == "ws" || scheme == "wss" { // step 1
		label = "utf-8"
	}
	if special { // step 2.1
		return label, WHATWGSpecialQuery, nil
	}
	return label, WHATWGQuery, nil
}
