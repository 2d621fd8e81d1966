package main

import (
	"fmt"
	"sort"
	"strings"

	"github.com/pctest/pctest/internal/spec"
	"github.com/pctest/pctest/vectors"
)

// The vectors of the encoding area: every legacy encoding of the Encoding
// Standard through queryEncode and formEncodeLegacy. Inputs are chosen here;
// the expected values come from internal/spec (legacy.go). No input holds U+0009, U+000A,
// U+000D or ends in a C0 control or space, which the URL parser would strip
// before the query state, so that the vectors can be checked through a
// browser's URL parser as they are (vectors/chromium_test.go); '#' is in
// vectors of its own (the parser would start a fragment there).

// legacyEncodingNames lists the encodings whose encoders the sweeps cover,
// in the order of the Encoding Standard's encodings.json.
var legacyEncodingNames = []string{
	"IBM866", "ISO-8859-2", "ISO-8859-3", "ISO-8859-4", "ISO-8859-5", "ISO-8859-6", "ISO-8859-7",
	"ISO-8859-8", "ISO-8859-8-I", "ISO-8859-10", "ISO-8859-13", "ISO-8859-14", "ISO-8859-15",
	"ISO-8859-16", "KOI8-R", "KOI8-U", "macintosh", "windows-874", "windows-1250", "windows-1251",
	"windows-1252", "windows-1253", "windows-1254", "windows-1255", "windows-1256", "windows-1257",
	"windows-1258", "x-mac-cyrillic",
	"GBK", "gb18030", "Big5", "EUC-JP", "ISO-2022-JP", "Shift_JIS", "EUC-KR", "x-user-defined",
}

// legacyReq builds a request of op with args.encoding label.
func legacyReq(op vectors.Op, label string, in []rune) vectors.Request {
	return vectors.Request{Op: op, In: u(string(in)), Args: map[string]string{"encoding": label}}
}

// labelSlug is label as an id part.
func labelSlug(label string) string {
	var s strings.Builder
	for _, c := range strings.ToLower(strings.TrimSpace(label)) {
		switch {
		case c >= 'a' && c <= 'z', c >= '0' && c <= '9', c == '_', c == '-', c == '.':
			s.WriteRune(c)
		default:
			s.WriteByte('-')
		}
	}
	return s.String()
}

// runeRange is lo..hi inclusive.
func runeRange(lo, hi rune) []rune {
	var r []rune
	for c := lo; c <= hi; c++ {
		r = append(r, c)
	}
	return r
}

// chunks adds one vector per n code points of cps.
func (b *builder) chunks(op vectors.Op, label, slug string, cps []rune, n int, note string) {
	for i := 0; i < len(cps); i += n {
		part := cps[i:min(i+n, len(cps))]
		b.add(fmt.Sprintf("%s.%s-%d", labelSlug(label), slug, i/n), legacyReq(op, label, part),
			fmt.Sprintf("%s U+%04X..U+%04X", note, part[0], part[len(part)-1]))
	}
}

// indexCodePoints returns the code points of ix in pointer order, each
// once, keeping those keep accepts.
func indexCodePoints(ix *spec.Index, keep func(p int, c rune) bool) []rune {
	var out []rune
	seen := map[rune]bool{}
	for _, p := range ix.Pointers {
		c := ix.CodePoint[p]
		if !seen[c] && keep(p, c) {
			seen[c] = true
			out = append(out, c)
		}
	}
	return out
}

// every returns every k-th element of cps, at most n of them.
func every(cps []rune, n int) []rune {
	if len(cps) <= n {
		return cps
	}
	var out []rune
	for i := 0; i < n; i++ {
		out = append(out, cps[i*len(cps)/n])
	}
	return out
}

// duplicates returns the code points with more than one pointer in ix.
func duplicates(ix *spec.Index) []rune {
	var out []rune
	for c, ps := range ix.All {
		if len(ps) > 1 {
			out = append(out, c)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

func encodingSweeps(b *builder) {
	q, f := vectors.OpQueryEncode, vectors.OpFormEncodeLegacy
	printable := []rune{}
	for c := rune(0x20); c < 0x7F; c++ {
		if c != '#' {
			printable = append(printable, c)
		}
	}
	controls := append(runeRange(0, 8), 0x0B, 0x0C)
	controls = append(append(controls, runeRange(0x0E, 0x1F)...), 0x7F)
	common := []struct {
		slug string
		in   []rune
		ops  []vectors.Op
	}{
		{"ascii-printable", printable, []vectors.Op{q, f}},
		{"hash", []rune("a#b"), []vectors.Op{q, f}},
		{"controls", controls, []vectors.Op{q}},
		{"percent-kept", []rune("%41%zz%"), []vectors.Op{q, f}},
		{"char-ref-literal", []rune("&#9731;"), []vectors.Op{q, f}},
		{"u00a0", []rune{0xA0}, []vectors.Op{q}},
		{"euro", []rune{0x20AC}, []vectors.Op{q, f}},
		{"snowman", []rune{0x2603}, []vectors.Op{q, f}},
		{"u1f600", []rune{0x1F600}, []vectors.Op{q, f}},
		{"ufffd", []rune{0xFFFD}, []vectors.Op{q}},
		{"ufeff", []rune{0xFEFF}, []vectors.Op{q}},
		{"mixed", []rune("a b☃c€d😀e"), []vectors.Op{q, f}},
	}
	for _, name := range legacyEncodingNames {
		label := strings.ToLower(name)
		for _, c := range common {
			for _, op := range c.ops {
				b.add(labelSlug(label)+"."+c.slug, legacyReq(op, label, c.in), "")
			}
		}
		if ixName, ok := spec.SingleByteIndex(name); ok {
			b.chunks(q, label, "latin1", runeRange(0x80, 0xFF), 32, "")
			cps := indexCodePoints(spec.LoadIndex(ixName), func(int, rune) bool { return true })
			b.chunks(q, label, "index", cps, 16, "the index's code points in pointer order,")
			b.chunks(f, label, "index", cps, 64, "the index's code points in pointer order,")
			continue
		}
		legacyMultiByteSweeps(b, name, label)
	}
	for c := rune(0x80); c < 0xA0; c++ { // windows-1252, byte by byte
		b.add(fmt.Sprintf("windows-1252.u%04x", c), legacyReq(q, "windows-1252", []rune{c}), "")
	}

	// Get an output encoding: replacement and UTF-16BE/LE encode as UTF-8.
	for _, label := range []string{"utf-8", "utf-16le", "utf-16be", "utf-16", "replacement", "iso-2022-kr", "hz-gb-2312"} {
		for _, in := range []struct{ slug, s string }{{"ascii-printable", string(printable)}, {"mixed", "é☃€😀"}} {
			b.add(labelSlug(label)+"."+in.slug, legacyReq(q, label, []rune(in.s)), "")
			b.add(labelSlug(label)+"."+in.slug, legacyReq(f, label, []rune(in.s)), "")
		}
	}
	// The query state's step 1: UTF-8 for a URL that is not special, or ws
	// or wss, whatever the document's encoding; step 2.1: the query set
	// (no ') when it is not special. https and file are the controls.
	for _, label := range []string{"windows-1252", "koi8-r", "shift_jis", "euc-jp", "iso-2022-jp", "gbk", "gb18030", "big5", "euc-kr", "x-user-defined", "utf-16le"} {
		for _, scheme := range []string{"foo", "ws", "wss", "https", "file"} {
			for _, in := range []struct{ slug, s string }{
				{"e-acute", "é"}, {"snowman", "☃"}, {"quote-marks", "'\"<>`"}, {"cjk", "あ中한"}, {"mixed", "a b¥€😀"},
			} {
				b.add(labelSlug(label)+"."+scheme+"."+in.slug, vectors.Request{Op: vectors.OpQueryEncodeScheme, In: u(in.s),
					Args: map[string]string{"encoding": label, "scheme": scheme}}, "")
			}
		}
	}

	// Get an encoding: labels, case and whitespace.
	for i, label := range []string{" Shift_JIS ", "SHIFT_JIS", "sjis", "ms932", "windows-31j", "x-sjis", "latin1", "ascii",
		"us-ascii", "iso-8859-1", "iso-8859-9", "iso-8859-11", "tis-620", "gb2312", "x-gbk", "big5-hkscs", "ks_c_5601-1987",
		"csiso2022jp", "x-euc-jp", "x-mac-ukrainian", "koi8", "\tEUC-KR\n", "ISO-8859-8-E"} {
		if _, ok := spec.GetEncoding(label); !ok {
			continue // not a label (the sweeps try a few that are not)
		}
		b.add(fmt.Sprintf("label-%02d-%s.mixed", i, labelSlug(label)), legacyReq(q, label, []rune("aé¥€☃中한")), "label "+fmt.Sprintf("%q", label))
	}
}

// legacyMultiByteSweeps are the vectors of one multi-byte encoding (and
// x-user-defined).
func legacyMultiByteSweeps(b *builder, name, label string) {
	q, f := vectors.OpQueryEncode, vectors.OpFormEncodeLegacy
	one := func(slug string, in []rune, note string) {
		b.add(labelSlug(label)+"."+slug, legacyReq(q, label, in), note)
	}
	both := func(slug string, in []rune, note string) {
		one(slug, in, note)
		b.add(labelSlug(label)+"."+slug, legacyReq(f, label, in), note)
	}
	japanese := func() {
		// The form serializer takes the same encoder: these, where
		// encoders differ most, go through both (go-x-text answers
		// formEncodeLegacy only; its U+2212 showed in no vector).
		both("yen", []rune{0xA5}, "")
		both("overline", []rune{0x203E}, "")
		both("minus-u2212", []rune{0x2212}, "U+2212 is encoded as U+FF0D")
		both("fullwidth-minus", []rune{0xFF0D}, "")
		both("wave-dash", []rune{0x301C, 0xFF5E}, "")
		one("halfwidth-katakana", runeRange(0xFF61, 0xFF9F), "")
		both("kana-kanji", []rune("あア中日本語"), "")
		one("jis0212-only", []rune{0x02D8, 0x00A6, 0x4E02, 0x9FA5}, "index jis0212 is not used by the encoder")
		jis := spec.LoadIndex("jis0208")
		b.chunks(q, label, "jis0208", every(indexCodePoints(jis, func(int, rune) bool { return true }), 100), 10, "every 70th or so code point of index jis0208,")
		b.chunks(q, label, "jis0208-duplicates", duplicates(jis), 20, "code points with several pointers in index jis0208:")
	}
	switch name {
	case "Shift_JIS":
		japanese()
		one("u0080", []rune{0x80}, "")
		one("u0081", []rune{0x81}, "")
		jis := spec.LoadIndex("jis0208")
		var excluded []rune
		for p := 8272; p <= 8835; p++ {
			if c, ok := jis.CodePoint[p]; ok {
				excluded = append(excluded, c)
			}
		}
		b.chunks(q, label, "pointers-8272-8835", excluded, 20, "code points of index jis0208 pointers 8272 to 8835 (excluded by the index Shift_JIS pointer):")
	case "EUC-JP":
		japanese()
		one("u0080", []rune{0x80}, "")
	case "ISO-2022-JP":
		japanese()
		for _, c := range []struct{ slug, s string }{
			{"kana-at-end", "aあ"}, {"kana-then-ascii", "あa"}, {"yen-then-ascii", "¥a"}, {"yen-backslash", "¥\\"},
			{"yen-tilde", "¥~"}, {"yen-yen", "¥¥"}, {"yen-overline", "¥‾"}, {"yen-kana", "¥あ"}, {"kana-yen", "あ¥"},
			{"yen-snowman", "¥☃"}, {"kana-snowman", "あ☃"}, {"kana-snowman-kana", "あ☃あ"}, {"snowman-kana", "☃あ"},
			{"yen-snowman-yen", "¥☃¥"}, {"so", "a\x0eb"}, {"si", "a\x0fb"}, {"esc", "a\x1bb"}, {"yen-esc", "¥\x1b"},
			{"kana-esc", "あ\x1b"}, {"kana-space", "あ b"}, {"halfwidth-a", "ｱ"}, {"halfwidth-voiced", "ﾞﾟ"},
			{"kana-emoji-kana", "あ😀い"}, {"yen-quote", "¥'\""},
		} {
			both(c.slug, []rune(c.s), "")
		}
	case "GBK", "gb18030":
		// Both ops for the code points GB18030-2005 and -2022 map
		// differently (golang/go#62063, #81126: x/text's form encoder).
		both("ue5e5", []rune{0xE5E5}, "")
		both("u1e3f", []rune{0x1E3F}, "")
		both("ue7c7", []rune{0xE7C7}, "")
		one("u0080", []rune{0x80}, "")
		one("ua5", []rune{0xA5}, "")
		both("vertical-forms", runeRange(0xFE10, 0xFE19), "")
		both("pua-aaa1-a6d9-a7cd", []rune{0xE000, 0xFE10, 0xE7AB}, "U+E000 and U+E7AB: private-use cells of index gb18030 (pointers 7886, 7360); U+FE10 at pointer 7182")
		keys := make([]rune, 0, len(spec.GB18030Table))
		for c := range spec.GB18030Table {
			keys = append(keys, c)
		}
		sort.Slice(keys, func(i, j int) bool { return keys[i] < keys[j] })
		one("table", keys, "the code points of the gb18030 encoder's table")
		one("astral", []rune{0x10000, 0x1F600, 0x10FFFF}, "")
		both("bmp-ends", []rune{0xD7FF, 0xE000, 0xFFFE, 0xFFFF}, "")
		both("hanzi", []rune("中文汉字"), "")
		gb := spec.LoadIndex("gb18030")
		b.chunks(q, label, "index", every(indexCodePoints(gb, func(int, rune) bool { return true }), 100), 10, "a sample of index gb18030,")
		ranges := spec.LoadIndex("gb18030-ranges")
		var starts, ends []rune
		for _, p := range ranges.Pointers {
			c := ranges.CodePoint[p]
			starts = append(starts, c)
			if _, in := gb.First[c-1]; !in && c-1 >= 0x80 && c-1 != 0xE5E5 {
				ends = append(ends, c-1)
			}
		}
		if name == "gb18030" {
			b.chunks(q, label, "ranges-starts", starts, 10, "the code points of index gb18030 ranges:")
			b.chunks(q, label, "ranges-ends", ends, 10, "the code points before those of index gb18030 ranges, when not in index gb18030:")
		} else {
			b.chunks(q, label, "ranges-starts", every(starts, 40), 10, "a sample of the code points of index gb18030 ranges (not in GBK):")
		}
	case "Big5":
		big5 := spec.LoadIndex("big5")
		for _, c := range []rune{0x2550, 0x255E, 0x2561, 0x256A, 0x5341, 0x5345} {
			one(fmt.Sprintf("u%04x", c), []rune{c}, "one of the six code points that take their last pointer")
		}
		hkscs := indexCodePoints(big5, func(p int, c rune) bool {
			_, ok := spec.Big5Pointer(c)
			return p < (0xA1-0x81)*157 && !ok
		})
		b.chunks(q, label, "hkscs-only", every(hkscs, 60), 10, "code points whose only pointers are below (0xA1-0x81)×157:")
		var dup []rune
		for _, c := range duplicates(big5) {
			switch c {
			case 0x2550, 0x255E, 0x2561, 0x256A, 0x5341, 0x5345:
			default:
				dup = append(dup, c)
			}
		}
		b.chunks(q, label, "duplicates", every(dup, 60), 10, "code points with several pointers in index Big5 (first pointer):")
		b.chunks(q, label, "index", every(indexCodePoints(big5, func(p int, c rune) bool { return p >= (0xA1-0x81)*157 }), 100), 10, "a sample of index Big5,")
		both("hanzi", []rune("中文漢字"), "")
		one("u00a5", []rune{0xA5}, "")
	case "EUC-KR":
		kr := spec.LoadIndex("euc-kr")
		b.chunks(q, label, "index", every(indexCodePoints(kr, func(int, rune) bool { return true }), 100), 10, "a sample of index EUC-KR,")
		b.chunks(q, label, "hangul", every(runeRange(0xAC00, 0xD7A3), 40), 10, "a sample of the Hangul syllables:")
		both("hangul-words", []rune("한국어 글"), "")
		one("u00a5", []rune{0xA5}, "")
	case "x-user-defined":
		one("uf780", []rune{0xF780}, "")
		one("uf7ff", []rune{0xF7FF}, "")
		one("uf77f-uf800", []rune{0xF77F, 0xF800}, "")
		b.chunks(q, label, "uf780-uf7ff", runeRange(0xF780, 0xF7FF), 32, "")
		both("mixed-pua", []rune{'a', 0xF7E9, ' ', 0xE9}, "")
	default:
		panic("no sweeps for " + name)
	}
}
