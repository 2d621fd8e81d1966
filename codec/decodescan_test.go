package codec

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"

	"pgregory.net/rapid"
)

// The wide scans of the decoders (indexSpecial: AVX2 or a word at a time;
// indexPct16; decodeInto's copied runs; decodeString's fast paths) against
// the plain paths that follow the spec a byte or a code unit at a time.
// Build with -tags purego to run them on the word path alone.

// decodeReference is the octet decoder one byte at a time, as decodeInto
// was before it scanned runs: what decodeInto must compute.
func decodeReference(src string, keep *Set, mode decodeMode) (string, int) {
	var out []byte
	for i := 0; i < len(src); i++ {
		c := src[i]
		if c == '%' {
			if i+2 < len(src) {
				h, l := unhex[src[i+1]], unhex[src[i+2]]
				if h|l < 16 {
					if v := h<<4 | l; !keep.has(v) {
						out = append(out, v)
					} else {
						out = append(out, src[i:i+3]...)
					}
					i += 2
					continue
				}
			}
			if mode&decodeLenient == 0 {
				return "", i
			}
		} else if c == '+' && mode&decodePlus != 0 {
			c = ' '
		}
		out = append(out, c)
	}
	return string(out), -1
}

// decodeScanModes are the four decode modes with the sets they are tested
// with.
var decodeScanModes = []struct {
	mode decodeMode
	keep Set
}{
	{0, Set{}},
	{0, SetOf("/?#%")},
	{decodeLenient, Set{}},
	{decodeLenient, SetRange(0x80, 0xFF)},
	{decodePlus, Set{}},
	{decodePlus | decodeLenient, Set{}},
}

// fataler is what checkDecodeScan needs of a *testing.T or a *rapid.T.
type fataler interface {
	Helper()
	Fatalf(format string, args ...any)
}

// checkDecodeScan checks every scan and decoder of this file's paths on s.
func checkDecodeScan(t fataler, s string) {
	t.Helper()
	for _, second := range []byte{'%', '+'} {
		want := indexSpecialBytes(s, second)
		if got := indexSpecial(s, second); got != want {
			t.Fatalf("indexSpecial(%q, %q) = %d, want %d", s, second, got, want)
		}
		if got := indexSpecial([]byte(s), second); got != want {
			t.Fatalf("indexSpecial([]byte(%q), %q) = %d, want %d", s, second, got, want)
		}
		if got := indexSpecialWord(s, second); got != want {
			t.Fatalf("indexSpecialWord(%q, %q) = %d, want %d", s, second, got, want)
		}
	}
	for _, m := range decodeScanModes {
		want, wantBad := decodeReference(s, &m.keep, m.mode)
		out := make([]byte, len(s))
		n, bad := decodeInto(out, s, &m.keep, m.mode)
		if bad != wantBad || (bad < 0 && string(out[:n]) != want) {
			t.Fatalf("decodeInto(%q, %v, mode %d) = %q, %d; want %q, %d", s, m.keep, m.mode, out[:n], bad, want, wantBad)
		}
		got, err := pctDecodeString(s, m.keep, m.mode)
		if (err != nil) != (wantBad >= 0) || got != want {
			t.Fatalf("pctDecodeString(%q, %v, mode %d) = %q, %v; want %q, bad %d", s, m.keep, m.mode, got, err, want, wantBad)
		}
		// Exactly sized out: too short by one byte must say so, never
		// write past it.
		if wantBad < 0 && len(want) > 0 {
			short := make([]byte, len(want)-1)
			if _, bad := decodeInto(short, s, &m.keep, m.mode); bad != outOfRoom {
				t.Fatalf("decodeInto(%q) into %d bytes for %d: bad = %d, want outOfRoom", s, len(short), len(want), bad)
			}
		}
	}
	u := make([]uint16, 0, len(s))
	for _, c := range []byte(s) {
		if c >= 0x80 { // a unit with both bytes c&0x7F: 0x2525 for 0xA5
			u = append(u, uint16(c&0x7F)<<8|uint16(c&0x7F))
		} else {
			u = append(u, uint16(c))
		}
	}
	if got, want := indexPct16(u), slices.Index(u, '%'); got != want {
		t.Fatalf("indexPct16(%v) = %d, want %d", u, got, want)
	}
	if utf8.ValidString(s) {
		for _, keep := range []*Set{{}, &DecodeURIReserved} {
			got, err := decodeString(s, keep)
			want, werr := decodeStringStepwise(s, keep)
			if got != want || !sameURIError(err, werr) {
				t.Fatalf("decodeString(%q, %v) = %q, %v; decodeStringStepwise = %q, %v", s, keep, got, err, want, werr)
			}
		}
	}
}

// sameURIError reports whether a and b are both nil or the same URIError.
func sameURIError(a, b error) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.Error() == b.Error()
}

// TestDecodeScanBoundaries puts '%', '+', a whole escape and a truncated or
// invalid one at every offset of inputs up to 100 bytes long, across the 8-,
// 16-, 32- and 64-byte blocks of the wide scans, and at the end.
func TestDecodeScanBoundaries(t *testing.T) {
	pieces := []string{"%", "+", "%41", "%4", "%G1", "%1G", "%C3%A9", "%C3", "%E3%81%82", "%F0%9F%98%80", "%ED%A0%80", "é", "\xff", "%%%"}
	for n := 0; n <= 100; n++ {
		base := strings.Repeat("abcdefgh", 13)[:n]
		checkDecodeScan(t, base)
		for p := 0; p <= n; p++ {
			for _, piece := range pieces {
				checkDecodeScan(t, base[:p]+piece+base[p:])
			}
		}
	}
}

// decodeScanByte draws bytes that matter to the scans and decoders.
var decodeScanByte = rapid.OneOf(
	rapid.SampledFrom([]byte{'%', '%', '%', '+', 'a', 'F', '0', '9', 'G', '/', '#', 0x80, 0xC3, 0xA9, 0xE3, 0xFF, 0x25 | 0x80}),
	rapid.Byte(),
)

// TestDecodeScanMatchesGeneric checks the wide scans against the plain
// paths on random inputs, long enough to cross several vector blocks, made
// of runs of plain bytes with special bytes between them.
func TestDecodeScanMatchesGeneric(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var b []byte
		for range rapid.IntRange(0, 12).Draw(t, "pieces") {
			b = append(b, strings.Repeat("x", rapid.IntRange(0, 70).Draw(t, "run"))...)
			b = append(b, rapid.SliceOfN(decodeScanByte, 0, 6).Draw(t, "special")...)
		}
		checkDecodeScan(t, string(b))
	})
}

// FuzzScanMatchesGeneric is TestDecodeScanMatchesGeneric's check, with
// the octet and form decodes' (checkOctetDecode, checkFormDecode), as a
// native fuzz target: go test -fuzz FuzzScanMatchesGeneric ./codec.
func FuzzScanMatchesGeneric(f *testing.F) {
	for _, s := range []string{"", "%", "abc%41def", strings.Repeat("a", 31) + "%4", strings.Repeat("a+", 40) + "%C3%A9%E3%81", "%F0%9F%98%80" + strings.Repeat("%", 33), denseEscapes(150, 1) + "%G0" + denseEscapes(70, 2)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 4096 {
			s = s[:4096]
		}
		checkDecodeScan(t, s)
		checkOctetDecode(t, s)
		checkFormDecode(t, s)
	})
}

// TestNothingToDecodeReturnsInput checks that the string forms of the
// decoders and escape return their input itself when they change nothing,
// that the ECMAScript []uint16 decoders do too (their doc comments say the
// result shares s's memory when s holds no '%'), while their Append forms
// into nil copy, and that Unescape never shares memory with its input.
func TestNothingToDecodeReturnsInput(t *testing.T) {
	u := utf16.Encode([]rune(strings.Repeat("abc/é😀~", 20)))
	for name, f := range map[string]func([]uint16) ([]uint16, error){
		"DecodeURIComponent": DecodeURIComponent, "DecodeURI": DecodeURI,
	} {
		in := slices.Clone(u)
		got, err := f(in)
		if err != nil || !slices.Equal(got, u) {
			t.Fatalf("%s without '%%' = %v, %v; want its input", name, got, err)
		}
		if unsafe.SliceData(got) != unsafe.SliceData(in) || len(got) != len(in) {
			t.Errorf("%s without '%%' did not return its input itself", name)
		}
	}
	for name, f := range map[string]func(dst, s []uint16) ([]uint16, error){
		"AppendDecodeURIComponent": AppendDecodeURIComponent, "AppendDecodeURI": AppendDecodeURI,
	} {
		in := slices.Clone(u)
		got, err := f(nil, in)
		clear(in)
		if err != nil || !slices.Equal(got, u) {
			t.Errorf("%s(nil, s) without '%%' = %v, %v; want a copy of s", name, got, err)
		}
	}
	s := strings.Repeat("abc/é😀~", 20)
	for name, got := range map[string]string{
		"DecodeURIComponentString": must(DecodeURIComponentString(s)),
		"PercentDecodeString":      must(PercentDecodeString(s, Set{})),
		"UnescapeString":           UnescapeString(s),
	} {
		if unsafe.StringData(got) != unsafe.StringData(s) {
			t.Errorf("%s did not return its input", name)
		}
	}
	if kept := "abc/@*_+-.x"; unsafe.StringData(EscapeString(kept)) != unsafe.StringData(kept) {
		t.Errorf("EscapeString(%q) did not return its input", kept)
	}
}

// must returns s, panicking on err.
func must(s string, err error) string {
	if err != nil {
		panic(err)
	}
	return s
}

// checkOctetDecode checks decodeInto and pctDecodeString with no escape
// kept, in the strict, lenient and '+' modes, against decodeReference: the
// paths of the vector octet decode (decodeOctets); and decodeInto into
// exactly the room of the result and into less, where it must stop
// (outOfRoom) and write nothing past the room.
func checkOctetDecode(t fataler, s string) {
	t.Helper()
	var none Set
	for _, mode := range []decodeMode{0, decodeLenient, decodePlus, decodePlus | decodeLenient} {
		want, wantBad := decodeReference(s, &none, mode)
		out := make([]byte, len(s))
		n, bad := decodeInto(out, s, &none, mode)
		if bad != wantBad || (bad < 0 && string(out[:n]) != want) {
			t.Fatalf("decodeInto(%q, mode %d) = %q, %d; want %q, %d", s, mode, out[:n], bad, want, wantBad)
		}
		got, err := pctDecodeString(s, none, mode)
		if (err != nil) != (wantBad >= 0) || got != want {
			t.Fatalf("pctDecodeString(%q, mode %d) = %q, %v; want %q, bad %d", s, mode, got, err, want, wantBad)
		}
		if wantBad < 0 {
			checkShortRoom(t, fmt.Sprintf("decodeInto(%q, mode %d)", s, mode), len(want), func(out []byte) int {
				_, bad := decodeInto(out, s, &none, mode)
				return bad
			})
		}
		if wantBad < 0 && len(want) > 0 {
			exact := make([]byte, len(want)+8)
			if n, bad := decodeInto(exact[:len(want)], []byte(s), &none, mode); bad != -1 || string(exact[:n]) != want || string(exact[len(want):]) != "\x00\x00\x00\x00\x00\x00\x00\x00" {
				t.Fatalf("decodeInto(%q, mode %d) into exactly %d bytes = %q, %d, wrote past: %q", s, mode, len(want), exact[:n], bad, exact[len(want):])
			}
		}
	}
}

// checkShortRoom checks that decode, given 1, 3 and half of n bytes too
// few for its result, stops (returns outOfRoom) and writes nothing past the
// room it is given.
func checkShortRoom(t fataler, what string, n int, decode func(out []byte) (bad int)) {
	t.Helper()
	for _, r := range []int{n - 1, n - 3, n / 2} {
		if r < 0 || r >= n {
			continue
		}
		short := make([]byte, r+8)
		for i := range short {
			short[i] = 0xEE
		}
		if bad := decode(short[:r]); bad != outOfRoom || string(short[r:]) != strings.Repeat("\xEE", 8) {
			t.Fatalf("%s into %d bytes, %d short: bad %d, past the room %q; want outOfRoom and nothing written past it", what, r, n-r, bad, short[r:])
		}
	}
}

// denseEscapes returns n bytes of runs of escapes in upper and lower case,
// with '+', spaces and plain bytes between them, from the seed; the last
// escape may be cut short.
func denseEscapes(n, seed int) string {
	units := []string{"%E3", "%81", "%82", "%c3", "%a9", "%fF", "%Ff", "%2B", "%20", "%25", "+", "a", "%41", "%0a", "Z", "%7e"}
	var b strings.Builder
	for i := seed; b.Len() < n; i = (i*5 + 3) % 1021 {
		b.WriteString(units[i%len(units)])
	}
	return b.String()[:n]
}

// testOctetDecodeBoundaries puts a malformed '%' (each of the bytes just
// outside the ranges of hex digits after it, bytes whose low 6 bits are
// those of a digit, or too few bytes) and a
// plain byte or '+' at every offset of runs of escapes up to 200 bytes
// long, across the 32- and 64-byte blocks of decodeOctets and its padded
// tail, and cuts the runs at every length.
func testOctetDecodeBoundaries(t *testing.T) {
	bads := []string{"%", "%4", "%G1", "%1G", "%g0", "%:0", "%0:", "%/0", "%@1", "%`1", "%0\x00", "%%", "x", "+",
		// Bytes whose low 6 bits are those of a hex digit.
		"%p0", "%0p", "%\x01A", "%A\x21", "%\xc1a", "%a\xe6", "%\xb9\xb9", "%\xf0\x70"}
	checkInsertions(denseEscapes, bads, func(s string) { checkOctetDecode(t, s) })
}

// checkInsertions runs check on text(n, n) for each n up to 200, and on
// each of those with each of ins put in at offsets all across it.
func checkInsertions(text func(n, seed int) string, ins []string, check func(string)) {
	for n := 0; n <= 200; n++ {
		base := text(n, n)
		check(base)
		for p := 0; p <= n; p += 1 + n/67 {
			for _, in := range ins {
				check(base[:p] + in + base[p:])
			}
		}
	}
}

// drawRuns draws up to 8 runs of text (each up to maxRun bytes, from a seed
// below seeds) with up to 4 bytes of special between them.
func drawRuns(t *rapid.T, text func(n, seed int) string, maxRun, seeds int, special *rapid.Generator[byte]) string {
	var b []byte
	for range rapid.IntRange(0, 8).Draw(t, "pieces") {
		b = append(b, text(rapid.IntRange(0, maxRun).Draw(t, "run"), rapid.IntRange(0, seeds-1).Draw(t, "seed"))...)
		b = append(b, rapid.SliceOfN(special, 0, 4).Draw(t, "special")...)
	}
	return string(b)
}

// TestOctetDecodeBoundaries runs testOctetDecodeBoundaries on the paths of
// this build (scan_amd64_test.go runs it on each vector path too). It
// runs in one goroutine: make test runs it without -race, and
// TestOctetDecodeMatchesGeneric checks the same decode under -race.
func TestOctetDecodeBoundaries(t *testing.T) {
	if RaceDetector {
		t.Skip("one goroutine: run without -race (make test does)")
	}
	testOctetDecodeBoundaries(t)
}

// TestOctetDecodeMatchesGeneric checks the octet decode on random runs of
// escapes, malformed ones and plain bytes between them.
func TestOctetDecodeMatchesGeneric(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		checkOctetDecode(t, drawRuns(t, denseEscapes, 150, 100, decodeScanByte))
	})
}
