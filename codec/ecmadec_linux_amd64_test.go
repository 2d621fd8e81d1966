//go:build !purego

package codec

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"
)

// TestECMADecodeReadsInBounds runs ECMAScript Decode's octet path and its
// kernels (narrowASCIIAVX512, ecmaUnitOctetsAVX512, utf8ToUTF16AVX512, ecmadecCountAVX512,
// decodeOctetsAVX512 through ecmaOctets) on inputs that end where an
// unreadable page begins, and writes results into room that ends there
// too: a read or a write past either would fault. Results and errors are
// held to the steps alone (no octet path).
func TestECMADecodeReadsInBounds(t *testing.T) {
	in := readableBeforeGuard(t)
	room := readableBeforeGuard(t)
	fills := []string{
		"abcdefgh", "%41%2F%23b", "%C3%A9", "%E3%81%82x", "%F0%9F%98%80", "é%C3%A9あ", "\U0001F600%2f",
		"%3B%3b%25", "a%E3%81", "%ED%A0%80", "%C0%80zz", "%F4%90%80%80", "\uFFFE%41", // U+FFFE: a lone surrogate (units16)
	}
	n := 0
	for _, fill := range fills {
		for _, keep := range []Set{{}, DecodeURIReserved} {
			for units := 0; units <= 300; units++ {
				var b strings.Builder
				for b.Len() < 4*units {
					b.WriteString(fill)
				}
				s := units16(b.String())[:units]
				src := unsafe.Slice((*uint16)(unsafe.Pointer(unsafe.SliceData(in[len(in)-2*units:]))), units)
				copy(src, s)
				var want []uint16
				var werr string
				withECMAOctetPath(false, false, func() {
					d, off, f := appendDecode(nil, s, &keep)
					if f != faultNone {
						werr = f.at(off).Error()
					} else {
						want = d
					}
				})
				withECMAOctetPath(true, true, func() {
					got, err := DecodeUTF16(src, keep)
					if e := errString(err); e != werr || err == nil && !slices.Equal(got, want) {
						t.Fatalf("DecodeUTF16(%q×, %d units, keep %v) = %v, %q; want %v, %q", fill, units, keep == DecodeURIReserved, got, e, want, werr)
					}
					// dst whose room for len(s) units ends at the guard page.
					dst := unsafe.Slice((*uint16)(unsafe.Pointer(unsafe.SliceData(room[len(room)-2*units:]))), units)[:0]
					got, err = AppendDecodeUTF16(dst, src, keep)
					if e := errString(err); e != werr || err == nil && !slices.Equal(got, want) {
						t.Fatalf("AppendDecodeUTF16(%q×, %d units, keep %v) = %v, %q; want %v, %q", fill, units, keep == DecodeURIReserved, got, e, want, werr)
					}
				})
				n++
			}
		}
		// The string forms, on the bytes of fill repeated, ending at the
		// guard page.
		for _, keep := range []Set{{}, DecodeURIReserved} {
			long := strings.Repeat(fill, 300/len(fill)+1)
			for nb := 0; nb <= 300; nb++ {
				b := in[len(in)-nb:]
				copy(b, long)
				var want, werr string
				withECMAOctetPath(false, false, func() {
					w, err := decodeString(string(b), &keep)
					want, werr = w, errString(err)
				})
				withECMAOctetPath(true, true, func() {
					got, err := decodeString(unsafe.String(unsafe.SliceData(b), nb), &keep)
					if e := errString(err); e != werr || got != want {
						t.Fatalf("decodeString(%q, keep %v) = %q, %q; want %q, %q", b, keep == DecodeURIReserved, got, e, want, werr)
					}
				})
			}
		}
		// The UTF-8 bytes of fill's decoded text, ending at the guard page,
		// transcoded into room that ends there too.
		text := strings.Repeat(strings.NewReplacer("%C3%A9", "é", "%E3%81%82", "あ", "%F0%9F%98%80", "😀").Replace(fill), 300/len(fill)+1)
		for nb := 0; nb <= 300; nb++ {
			b := in[len(in)-nb:]
			copy(b, text)
			ok := utf8.Valid(b)
			var want []uint16
			if ok {
				want = utf16.Encode([]rune(string(b)))
			}
			out := unsafe.Slice((*uint16)(unsafe.Pointer(unsafe.SliceData(room[len(room)-2*nb:]))), nb)
			withECMAOctetPath(true, true, func() {
				w, gok := utf8ToUTF16(out, b)
				if gok != ok || ok && !slices.Equal(out[:w], want) {
					t.Fatalf("utf8ToUTF16(%q) = %x, %v; want %x, %v", b, out[:w], gok, want, ok)
				}
			})
		}
	}
	if n < 5000 {
		t.Fatalf("only %d inputs", n)
	}
}

// TestUnitOctetsReadsInBounds runs unitOctetsKernel (ecmaUnitOctetsAVX512)
// on code units that end where an unreadable page begins, at every length
// up to 200, into room of exactly len(src)+64 bytes that ends there too,
// and holds what it does to checkUnitOctets: its last blocks, loaded with
// masks, must not read or write past either.
func TestUnitOctetsReadsInBounds(t *testing.T) {
	if !hasECMAKernels {
		t.Skip("no kernels")
	}
	in := readableBeforeGuard(t)
	room := readableBeforeGuard(t)
	fills := []string{"abcdefgh", "%41%2F%23b", "%C3%A9", "%E3%81%82x", "%3B%3b%25", "a%E3%81", "%4", "x%", "%%41", "é%41"}
	for _, fill := range fills {
		for _, keep := range []Set{{}, DecodeURIReserved} {
			var t0 ecmaKeepTable
			kt := ecmaKeepTableOf(&keep, &t0)
			long := units16(strings.Repeat(fill, 200))
			for units := 0; units <= 200; units++ {
				src := unsafe.Slice((*uint16)(unsafe.Pointer(unsafe.SliceData(in[len(in)-2*units:]))), units)
				copy(src, long[len(long)-units:]) // fill's end at the page's
				out := room[len(room)-units-64:]
				var u, w int
				withECMAOctetPath(true, true, func() { u, w = unitOctetsKernel(out, src, kt) })
				if e := checkUnitOctets(src, &keep, out, u, w); e != "" {
					t.Fatalf("unitOctetsKernel(%q×, %d units, keep %v): %s", fill, units, keep == DecodeURIReserved, e)
				}
			}
		}
	}
}
