package codec

import (
	"fmt"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// The form decode with its UTF-8 check (AppendFormDecode, formDecodeInto:
// decodeOctetsEndAVX512 where the CPU has AVX-512, scan_amd64.go, and
// validUTF8 on each chunk) against the plain steps one after the other:
// decodeReference, then appendUTF8Replace. decodeform_amd64_test.go runs
// these on the plain path too.

// checkFormDecode checks FormDecodeString on s, AppendFormDecode after an
// empty dst and after a short one with spare capacity, and formDecodeInto
// with exactly the room the octets take when every '%' starts an escape,
// and with less, where it must stop and write nothing past the room; and
// all of these again with chunks of 64, 100 and 150 octets (each checked
// as UTF-8 before the next is decoded).
func checkFormDecode(t fataler, s string) {
	t.Helper()
	checkFormDecodeOnce(t, s)
	defer func(c int) { formDecodeChunk = c }(formDecodeChunk)
	for _, formDecodeChunk = range []int{64, 100, 150} {
		checkFormDecodeOnce(t, s)
	}
}

func checkFormDecodeOnce(t fataler, s string) {
	t.Helper()
	octets, _ := decodeReference(s, &Set{}, decodePlus|decodeLenient)
	want := string(appendUTF8Replace(nil, octets))
	if got := FormDecodeString(s); got != want {
		t.Fatalf("FormDecodeString(%q) = %q, want %q (chunks of %d)", s, got, want, formDecodeChunk)
	}
	if got := AppendFormDecode(nil, []byte(s)); string(got) != want {
		t.Fatalf("AppendFormDecode(%q) = %q, want %q (chunks of %d)", s, got, want, formDecodeChunk)
	}
	dst := make([]byte, 3, 5+len(s))
	copy(dst, "xyz")
	if got := AppendFormDecode(dst, []byte(s)); string(got) != "xyz"+want {
		t.Fatalf("AppendFormDecode(xyz, %q) = %q, want %q", s, got, "xyz"+want)
	}
	room := make([]byte, len(s)+8)
	n, valid, bad := formDecodeInto(room[:len(s)], s)
	if bad != -1 || string(room[:n]) != octets || valid != (want == octets) || string(room[len(s):]) != "\x00\x00\x00\x00\x00\x00\x00\x00" {
		t.Fatalf("formDecodeInto(%q) = %q, valid %v, bad %d, past the room %q; want %q, valid %v (chunks of %d)",
			s, room[:n], valid, bad, room[len(s):], octets, want == octets, formDecodeChunk)
	}
	checkShortRoom(t, fmt.Sprintf("formDecodeInto(%q)", s), len(octets), func(out []byte) int {
		_, _, bad := formDecodeInto(out, s)
		return bad
	})
	if len(octets) < len(s) {
		exact := make([]byte, len(octets)+8)
		n, valid, bad := formDecodeInto(exact[:len(octets)], s)
		if bad == -1 && (string(exact[:n]) != octets || valid != (want == octets)) || string(exact[len(octets):]) != "\x00\x00\x00\x00\x00\x00\x00\x00" {
			t.Fatalf("formDecodeInto(%q) into exactly %d bytes = %q, valid %v, bad %d, past the room %q; want %q, valid %v",
				s, len(octets), exact[:n], valid, bad, exact[len(octets):], octets, want == octets)
		}
	}
}

// formText returns n bytes of characters of one to four octets, escaped
// and written as they are, with '+' and plain ASCII between them, from the
// seed: every octet of the result decodes to well-formed UTF-8 (the last
// character may be cut short).
func formText(n, seed int) string {
	units := []string{"%E3%81%82", "あ", "%C3%A9", "é", "%F0%9F%98%80", "😀", "+", "a", "%41", "%2B", "%25",
		"%7e", "%e2%82%AC", "€", "%EF%BF%BD", "%DF%BF", "%F4%8F%BF%BF", "ab", "%20"}
	var b strings.Builder
	for i := seed; b.Len() < n; i = (i*5 + 3) % 1021 {
		b.WriteString(units[i%len(units)])
	}
	return b.String()[:n]
}

// testFormDecodeBoundaries puts an ill-formed UTF-8 sequence (escaped or
// not: cut, overlong, a surrogate, above U+10FFFF, a lone continuation, F5
// to FF), a malformed '%' or a well-formed character at every offset of
// runs of formText up to 200 bytes long (so at every offset of the 64-byte
// blocks of the input and, as the escapes shrink, of the output and of the
// chunks checked as UTF-8: a boundary falls inside escapes, inside
// multi-octet characters and inside the ill-formed sequences), and cuts
// the runs at every length.
func testFormDecodeBoundaries(t *testing.T) {
	ins := []string{"%E3%81", "\xE3\x81", "%80", "\x80", "%C0%80", "%ED%A0%80", "\xED\xA0\x80", "%F4%90%80%80",
		"%FF", "\xFF", "%F0%9F%98", "%C3", "%E0%9F%80", "%F5%80", "%", "%4", "%G1", "%C3%", "%C3%A", "%C3%A9", "あ"}
	checkInsertions(formText, ins, func(s string) { checkFormDecode(t, s) })
}

// TestFormDecodeBoundaries runs testFormDecodeBoundaries on the path of
// this build (decodeform_amd64_test.go runs it on the plain path too). It
// runs in one goroutine, where -race finds nothing and costs ten times the
// time (70 s): make test runs it without -race, and
// TestFormDecodeMatchesSteps runs the same checks under -race.
func TestFormDecodeBoundaries(t *testing.T) {
	if RaceDetector {
		t.Skip("one goroutine: run without -race (make test does)")
	}
	testFormDecodeBoundaries(t)
}

// TestFormDecodeMatchesSteps checks the form decode on random runs of
// formText with ill-formed sequences, malformed '%' and random bytes
// between them.
func TestFormDecodeMatchesSteps(t *testing.T) {
	special := rapid.SampledFrom([]byte{'%', '+', 'A', 'f', 'g', 0x80, 0xBF, 0xC3, 0xE3, 0xF0, 0xFF, 0})
	rapid.Check(t, func(t *rapid.T) {
		checkFormDecode(t, drawRuns(t, formText, 200, 1000, special))
	})
}

// TestFormDecodeStringMalformedPct checks that FormDecodeString, on text
// with a '%' that does not start an escape ("50% off": the result is the
// input), allocates no more than FormPercentDecodeLenientString, which it
// calls on the plain path: the vector path, which decodes into the exact
// length that every '%' starting an escape gives and runs out of room,
// must not then decode all over again from the start into a second
// buffer of that length.
func TestFormDecodeStringMalformedPct(t *testing.T) {
	for _, s := range []string{strings.Repeat("50% off, ", 10), strings.Repeat("abcdefgh", 8) + "100%", "%zz" + strings.Repeat("é", 40)} {
		if got := FormDecodeString(s); got != s {
			t.Fatalf("FormDecodeString(%q) = %q, want it unchanged", s, got)
		}
		form := testing.AllocsPerRun(20, func() { sinkFormString = FormDecodeString(s) })
		octets := testing.AllocsPerRun(20, func() { sinkFormString = FormPercentDecodeLenientString(s) })
		if form > octets {
			t.Errorf("FormDecodeString(%q): %v allocs, FormPercentDecodeLenientString %v", s, form, octets)
		}
	}
}

var sinkFormString string

// TestFormDecodeLarge checks the form decode on inputs of 20 to 60 KB
// (plain text, text with multi-octet characters, escapes) with a
// multi-octet character, an ill-formed sequence or a malformed '%' put in
// at each offset around the ends of the first two chunks of
// formDecodeChunk (8 KB of output) that decodeFormKernel writes, and cut
// there: the other form tests make the chunks small.
func TestFormDecodeLarge(t *testing.T) {
	if RaceDetector {
		t.Skip("one goroutine: run without -race (make test does)")
	}
	ins := []string{"%E3%81%82", "あ", "%F0%9F%98%80", "😀", "%E3%81", "\xE3\x81", "%80", "%ED%A0%80", "%F4%90%80%80",
		"%F0%9F%98", "\xF0\x9F\x98", "%C3", "%FF", "%", "%4", "%C3%", "%E0%A0%80", "%F4%8F%BF%BF"}
	for _, base := range []string{strings.Repeat("abcdefg+", 2500), strings.Repeat("abcé+あ%41x", 2000), strings.Repeat("%41%e3%81%82+", 5000)} {
		ends := []int{len(base) / 3, len(base) / 2} // on the plain path: anywhere
		if useDecodeForm {
			out := make([]byte, len(base))
			for k, i, n := 0, 0, 0; k < 2; k++ {
				u, w := decodeFormKernel(out[n:n+formDecodeChunk], base[i:])
				i, n = i+u, n+w
				ends[k] = i
			}
		}
		for _, e := range ends {
			for p := e - 20; p < e+20; p++ {
				checkFormDecodeOnce(t, base[:p])
				for _, in := range ins {
					checkFormDecodeOnce(t, base[:p]+in+base[p:])
				}
			}
		}
	}
}
