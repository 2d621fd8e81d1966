package codec

import (
	"encoding/binary"
	"fmt"
	"slices"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"
)

// refEscape is Annex B.2.1 step by step over the code units s, the
// reference the escape paths are held to.
func refEscape(s []uint16) string {
	var b strings.Builder
	for _, c := range s {
		switch {
		case c < 0x80 && EscapeKeep.Contains(byte(c)): // steps 7, 13
			b.WriteByte(byte(c))
		case c < 256: // steps 8, 11
			fmt.Fprintf(&b, "%%%02X", c)
		default: // step 9
			fmt.Fprintf(&b, "%%u%04X", c)
		}
	}
	return b.String()
}

// escapeCutText is text with every kind of code point escape meets, in runs
// long and short: kept and escaped ASCII, Latin-1, code points from 256 on,
// a pair, and (in its string form) invalid UTF-8.
var escapeCutText = strings.Repeat("abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOP@*_+-./", 2) +
	" ~%é\u00ff\u0080ü«»あ€😀" + strings.Repeat("x", 70) + strings.Repeat("éü", 40) + "日本語\u0100" +
	strings.Repeat("A ", 40)

// checkEscapeEveryCut checks Escape, AppendEscape (into dst of every spare
// capacity up to 8 and of none) and EscapeString against refEscape on every
// cut s[i:j] of escapeCutText's code units at every start and a spread of
// lengths, and on its UTF-8 bytes, with invalid bytes spliced in.
func checkEscapeEveryCut(t *testing.T) {
	t.Helper()
	u := utf16.Encode([]rune(escapeCutText))
	for i := 0; i <= len(u); i++ {
		for j := i; j <= len(u); j += 1 + (j-i)/8 {
			s := u[i:j]
			want := refEscape(s)
			if got := Escape(s); got != want {
				t.Fatalf("Escape(u[%d:%d]) = %q, want %q", i, j, got, want)
			}
			for spare := 0; spare <= 8; spare += 4 {
				dst := make([]byte, 1, 1+spare)
				dst[0] = '>'
				if got := string(AppendEscape(dst, s)); got != ">"+want {
					t.Fatalf("AppendEscape(spare %d, u[%d:%d]) = %q, want %q", spare, i, j, got, ">"+want)
				}
			}
		}
	}
	// Long runs of units from 256 on and below it in turn, none of 64
	// below 256 in a row: without the AVX-512 escape, appendEscapeBuffered's
	// unit loop writes them through its buffer in several flushes.
	long := utf16.Encode([]rune(strings.Repeat("あ€\uffffé\u0100ÿ ~", 150)))
	for _, n := range []int{len(long), len(long) - 1, 500, 333} {
		want := refEscape(long[:n])
		if got := Escape(long[:n]); got != want {
			t.Fatalf("Escape of %d units: got %d bytes %.40q…, want %d bytes", n, len(got), got, len(want))
		}
		for _, spare := range []int{0, 100, 6 * n} {
			if got := string(AppendEscape(make([]byte, 0, spare), long[:n])); got != want {
				t.Fatalf("AppendEscape(spare %d) of %d units: got %d bytes %.40q…, want %d bytes", spare, n, len(got), got, len(want))
			}
		}
	}
	b := escapeCutText
	for i := 0; i <= len(b); i++ {
		for j := i; j <= len(b); j += 1 + (j-i)/8 {
			s := b[i:j] // cuts inside a rune make invalid UTF-8
			want := refEscape(utf16.Encode([]rune(s)))
			if got := EscapeString(s); got != want {
				t.Fatalf("EscapeString(%q) = %q, want %q", s, got, want)
			}
			s = s + "\xc3" + s[:len(s)/2] + "\x80\xc2" + s
			want = refEscape(utf16.Encode([]rune(s)))
			if got := EscapeString(s); got != want {
				t.Fatalf("EscapeString(%q) = %q, want %q", s, got, want)
			}
		}
	}
}

// TestAppendEscapeRunsEveryCut holds appendEscapeRuns, EscapeString's
// loop for valid UTF-8, to refEscape on every cut of escapeCutText's bytes
// with invalid and ill-formed sequences (a surrogate, overlong forms, a
// lone lead) spliced in, into no room (nil) and into room to spare: it
// escapes up to the first byte not part of a valid sequence, exactly.
func TestAppendEscapeRunsEveryCut(t *testing.T) {
	text := escapeCutText + "\xed\xa0\x80b\xe0\x80\x80c\xc1\xbf" + escapeCutText[:100] + "\xf0\x9f\x98" + strings.Repeat("é", 30) +
		"\xf0\x8f\xbf\xbfa\xf4\x90\x80\x80b\xf5\x80\x80\x80c\xf4\x8f\xbf\xbf😀"
	for i := 0; i <= len(text); i++ {
		for j := i; j <= len(text); j += 1 + (j-i)/8 {
			s := text[i:j]
			valid := 0
			for valid < len(s) {
				r, size := utf8.DecodeRuneInString(s[valid:])
				if r == utf8.RuneError && size <= 1 {
					break
				}
				valid += size
			}
			want := refEscape(utf16.Encode([]rune(s[:valid])))
			for _, dst := range [][]byte{nil, make([]byte, 0, 3*len(s)+8)} {
				got, rest := appendEscapeRuns(dst, s)
				if string(got) != want || rest != s[valid:] {
					t.Fatalf("appendEscapeRuns(%q) = %q, rest %q; want %q, rest %q", s, got, rest, want, s[valid:])
				}
			}
		}
	}
}

// TestEscapeEveryCut holds the escape functions to refEscape on every cut
// of a text with every kind of code point, in the build's paths (the plain
// ones under -tags purego).
func TestEscapeEveryCut(t *testing.T) {
	checkEscapeEveryCut(t)
}

// TestEscapeLong holds the escape functions to refEscape on texts long
// enough for the bulk paths and the sized allocations: ASCII, Latin-1 and
// mixed, of 10,000 code units and more.
func TestEscapeLong(t *testing.T) {
	for _, s := range []string{
		strings.Repeat("abc~", 3000),
		strings.Repeat("é~\u00ffa", 3000),
		strings.Repeat(escapeCutText, 30),
		strings.Repeat("a\xffé\xc3", 3000),
	} {
		u := utf16.Encode([]rune(s))
		want := refEscape(u)
		if got := Escape(u); got != want {
			t.Fatalf("Escape of %d units differs from the reference", len(u))
		}
		if got := string(AppendEscape(nil, u)); got != want {
			t.Fatalf("AppendEscape of %d units differs from the reference", len(u))
		}
		if got := EscapeString(s); got != want {
			t.Fatalf("EscapeString of %d bytes differs from the reference", len(s))
		}
	}
}

// refUnescape is Annex B.2.2 step by step over the code units s, the
// reference the unescape paths are held to.
func refUnescape(s []uint16) []uint16 {
	hex := func(c uint16) int {
		switch {
		case c >= '0' && c <= '9':
			return int(c - '0')
		case c >= 'a' && c <= 'f':
			return int(c-'a') + 10
		case c >= 'A' && c <= 'F':
			return int(c-'A') + 10
		}
		return -1
	}
	var r []uint16
	n := len(s)
	for k := 0; k < n; k++ {
		c := s[k]
		if c == '%' {
			if k <= n-6 && s[k+1] == 'u' && hex(s[k+2]) >= 0 && hex(s[k+3]) >= 0 && hex(s[k+4]) >= 0 && hex(s[k+5]) >= 0 {
				c = uint16(hex(s[k+2])<<12 | hex(s[k+3])<<8 | hex(s[k+4])<<4 | hex(s[k+5]))
				k += 5
			} else if k <= n-3 && hex(s[k+1]) >= 0 && hex(s[k+2]) >= 0 {
				c = uint16(hex(s[k+1])<<4 | hex(s[k+2]))
				k += 2
			}
		}
		r = append(r, c)
	}
	return r
}

// unescapeCutText has escapes of every kind, well-formed and not, in both
// cases, with literal runs short and long between them.
var unescapeCutText = "%41%u0042%e9%E9%u00e9%uD83D%uDE00%uD800x%uDC00%u12%4%%41%u%41%U0041%uFFFF%G1" +
	strings.Repeat("literal-text_", 8) + "%20%u3042%20" + strings.Repeat("%u65E5%u672C", 6) + "é€😀あ%" +
	strings.Repeat("%7E", 12) + "%u12G4%u00" + strings.Repeat("a%", 10) + "%uDBFF%uDFFF%5"

// TestUnescapeEveryCut holds Unescape, AppendUnescape (into dst of several
// spare capacities) and UnescapeString (on the UTF-8 form, with invalid
// bytes spliced in) to refUnescape on every cut of unescapeCutText, in the
// build's paths (the plain ones under -tags purego).
func TestUnescapeEveryCut(t *testing.T) {
	u := utf16.Encode([]rune(unescapeCutText))
	for i := 0; i <= len(u); i++ {
		for j := i; j <= len(u); j++ {
			s := u[i:j]
			want := refUnescape(s)
			if got := Unescape(s); !slices.Equal(got, want) {
				t.Fatalf("Unescape(u[%d:%d]) = %x, want %x", i, j, got, want)
			}
			for _, spare := range []int{0, 3, len(s)} {
				dst := make([]uint16, 1, 1+spare)
				dst[0] = '>'
				if got := AppendUnescape(dst, s); got[0] != '>' || !slices.Equal(got[1:], want) {
					t.Fatalf("AppendUnescape(spare %d, u[%d:%d]) = %x, want > and %x", spare, i, j, got, want)
				}
			}
		}
	}
	b := unescapeCutText
	for i := 0; i <= len(b); i++ {
		for j := i; j <= len(b); j += 1 + (j-i)/16 {
			for _, s := range []string{b[i:j], b[i:j] + "\xff%4\xc3" + b[i:j]} {
				want := string(utf16.Decode(refUnescape(utf16.Encode([]rune(s)))))
				if got := UnescapeString(s); got != want {
					t.Fatalf("UnescapeString(%q) = %q, want %q", s, got, want)
				}
			}
		}
	}
}

// TestUnescapeSharesInput checks the documented sharing: Unescape returns
// s itself when s holds no '%', and a new slice when it does.
func TestUnescapeSharesInput(t *testing.T) {
	s := utf16.Encode([]rune("no escapes here, é and あ"))
	if got := Unescape(s); len(got) != len(s) || &got[0] != &s[0] {
		t.Errorf("Unescape without '%%' did not return s itself")
	}
	s = utf16.Encode([]rune("one %41 here"))
	if got := Unescape(s); &got[0] == &s[0] {
		t.Errorf("Unescape with an escape returned s's memory")
	}
	if got := AppendUnescape(nil, utf16.Encode([]rune("abc"))); string(utf16.Decode(got)) != "abc" {
		t.Errorf("AppendUnescape(nil, abc) = %q", string(utf16.Decode(got)))
	}
}

// TestUnescapeLong holds the unescape functions to refUnescape on inputs
// long enough for the vector path's blocks and the sized allocations, with
// surrogate pairs, lone surrogates and malformed escapes at every
// alignment to a block.
func TestUnescapeLong(t *testing.T) {
	for _, unit := range []string{"%uD83D%uDE00", "%uD83D%uDE00a", "%uD800%41", "%uDC00%e9%u3042", "%u00E9%%u12%4x", "%ud83d%ude00%u3042b", "%udbff-%u00e9", "%uD83D%uDC00", "%udbff%uDFFF"} {
		for off := 0; off < 40; off++ {
			s := strings.Repeat("y", off) + strings.Repeat(unit, 2100/len(unit)) + "%uD83D"
			u := utf16.Encode([]rune(s))
			want := refUnescape(u)
			if got := Unescape(u); !slices.Equal(got, want) {
				t.Fatalf("Unescape of %d × %q after %d bytes differs from the reference", 2100/len(unit), unit, off)
			}
			if got := AppendUnescape(nil, u); !slices.Equal(got, want) {
				t.Fatalf("AppendUnescape of %d × %q after %d bytes differs from the reference", 2100/len(unit), unit, off)
			}
			if got, want := UnescapeString(s), string(utf16.Decode(want)); got != want {
				t.Fatalf("UnescapeString of %d × %q after %d bytes differs from the reference", 2100/len(unit), unit, off)
			}
		}
	}
}

// TestEscapeUEveryUnit holds escapeU to refEscape on every code unit.
func TestEscapeUEveryUnit(t *testing.T) {
	var w [8]byte
	for c := range 1 << 16 {
		binary.LittleEndian.PutUint64(w[:], escapeU(uint16(c)))
		if got, want := string(w[:6]), fmt.Sprintf("%%u%04X", c); got != want {
			t.Fatalf("escapeU(%#x) = %q, want %q", c, got, want)
		}
	}
}

// TestEscapeAllocatesOnce holds Escape and EscapeString of valid text of
// every kind, short and long, to one allocation each (two for a long
// EscapeString without the AVX-512 escape of UTF-8) (the result, sized
// exactly: escapedLen and escapedLenUTF8 are held to the results' lengths
// by TestEscapedLenAVX512 and here), and AppendEscape into a dst with room
// for exactly the result to none.
func TestEscapeAllocatesOnce(t *testing.T) {
	for _, s := range []string{"a b", escapeCutText, strings.Repeat(escapeCutText, 40),
		strings.Repeat("データ/ファイル?q=«€ 100%»&x=<>{}|^ ", 30), strings.Repeat("é", 3000)} {
		u := utf16.Encode([]rune(s))
		want := refEscape(u)
		if n := escapedLen(u); n != len(want) {
			t.Fatalf("escapedLen = %d, want %d", n, len(want))
		}
		if n := escapedLenUTF8(s); n != len(want) {
			t.Fatalf("escapedLenUTF8 = %d, want %d", n, len(want))
		}
		if a := testing.AllocsPerRun(10, func() { _ = Escape(u) }); a != 1 {
			t.Errorf("Escape of %d units: %v allocations, want 1", len(u), a)
		}
		// Without the AVX-512 escape of UTF-8 (useEscapeUTF8512), a long s
		// is sized first and escaped through appendEscapeString, whose
		// ASCII runs may grow the result once for the worst case.
		if a := testing.AllocsPerRun(10, func() { _ = EscapeString(s) }); a != 1 && (useEscapeUTF8512 || a > 2) {
			t.Errorf("EscapeString of %d bytes: %v allocations, want 1", len(s), a)
		}
		dst := make([]byte, 0, len(want))
		if a := testing.AllocsPerRun(10, func() { dst = AppendEscape(dst[:0], u) }); a != 0 || string(dst) != want {
			t.Errorf("AppendEscape of %d units into room for the result: %v allocations", len(u), a)
		}
	}
}

// TestEscapedStringLen holds escapedStringLen, which sizes EscapeString's
// result for long invalid UTF-8, to the length of what appendEscapeString
// writes, on text with invalid bytes of every kind spliced in (each taken
// as U+FFFD), and EscapeString of long such text to one allocation.
func TestEscapedStringLen(t *testing.T) {
	bad := []string{"\x80", "\xC2", "\xC3", "\xE3\x81", "\xED\xA0\x80", "\xF0\x9F", "\xF4\x90\x80\x80", "\xFF", "\xC0\xAF"}
	for i, b := range bad {
		for _, n := range []int{0, 1, 7, 100, 1500} {
			s := strings.Repeat(escapeCutText[:len(escapeCutText)-i%3]+b, n/len(escapeCutText)+1)
			want := len(appendEscapeString(nil, s))
			if got := escapedStringLen(s); got != want {
				t.Fatalf("escapedStringLen(%q…, %d bytes) = %d, want %d", s[:min(len(s), 20)], len(s), got, want)
			}
			if len(s) > encodeStackMax/3 {
				if a := testing.AllocsPerRun(5, func() { _ = EscapeString(s) }); a != 1 {
					t.Errorf("EscapeString of %d invalid bytes: %v allocations, want 1", len(s), a)
				}
			}
		}
	}
}

// TestAppendEscapeRoom holds AppendEscape to refEscape on texts of every
// kind of code unit, long enough for several of escapeUTF16AVX512's blocks,
// into dst of every spare capacity from none to more than the result's
// length: the vector path escapes into the room while it lasts (stopping
// at every block boundary), then what is left is sized, and dst is grown
// at most once.
func TestAppendEscapeRoom(t *testing.T) {
	for _, text := range []string{
		strings.Repeat("/files/my document.pdf?name=Tom&Jerry&q=100% あ é~", 6),
		strings.Repeat("データ/ファイル?q=«€ 100%»&x=<>{}|^ ", 8),
		strings.Repeat("é~\u00ffa", 40) + strings.Repeat("\U0001F600 b", 30),
	} {
		u := utf16.Encode([]rune(text))
		want := refEscape(u)
		for spare := 0; spare <= len(want)+300; spare++ {
			dst := make([]byte, 2, 2+spare)
			dst[0], dst[1] = '<', '>'
			got := AppendEscape(dst, u)
			if string(got) != "<>"+want {
				t.Fatalf("AppendEscape(spare %d) of %d units = %q, want %q", spare, len(u), got, "<>"+want)
			}
			if spare >= len(want) && &got[0] != &dst[0] {
				t.Fatalf("AppendEscape(spare %d) grew dst, which had room for the %d bytes", spare, len(want))
			}
		}
	}
}

// TestUnescapeEveryBoundary holds Unescape and AppendUnescape to
// refUnescape with an escape, well-formed or not, at every offset of the
// first blocks of 32 units of the vector path, which start at the first
// '%' (so that a block boundary falls at every unit of it), and the input cut right after it, one unit
// after it and long after it (so that malformed escapes end the input).
func TestUnescapeEveryBoundary(t *testing.T) {
	forms := []string{"%uD83D%uDE00", "%uDE00", "%u00e9", "%uFFFF", "%41", "%e9", "%uD8", "%u", "%4", "%", "%%41", "%u%41", "%u0g00", "%zz", "%uD83D%41"}
	for _, f := range forms {
		for pos := 0; pos <= 70; pos++ {
			// A '%' first, where the vector path starts its blocks.
			full := utf16.Encode([]rune("%" + strings.Repeat("x", pos) + f + strings.Repeat("y", 40)))
			for _, end := range []int{1 + pos + len(f), 2 + pos + len(f), len(full)} {
				s := full[:end]
				want := refUnescape(s)
				if got := Unescape(s); !slices.Equal(got, want) {
					t.Fatalf("Unescape(%q) = %x, want %x", string(utf16.Decode(s)), got, want)
				}
				if got := AppendUnescape(nil, s); !slices.Equal(got, want) {
					t.Fatalf("AppendUnescape(%q) = %x, want %x", string(utf16.Decode(s)), got, want)
				}
			}
		}
	}
}
