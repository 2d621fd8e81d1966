package codec

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"
)

// The octet path of Decode (ecmadecode.go) against the steps, and its
// kernels (ecmadec_amd64.s) against their plain twins, in the default build
// and under -tags purego (where the octet path runs only the twins).

// withECMAOctetPath runs f with the octet path on or off and the kernels on or
// off (where there are none, "on" is the plain twins again).
func withECMAOctetPath(path, kernels bool, f func()) {
	defer func(p, k bool) { useECMAOctets, useECMAKernels = p, k }(useECMAOctets, useECMAKernels)
	useECMAOctets = path
	useECMAKernels = kernels && hasECMAKernels
	f()
}

// ecmaOctetsRef is ecmaOctets as a plain byte loop with no scan, the
// reference of TestECMAOctetsPaths.
func ecmaOctetsRef(src string, keep *Set) ([]byte, bool) {
	var out []byte
	for i := 0; i < len(src); i++ {
		if src[i] != '%' {
			out = append(out, src[i])
			continue
		}
		if i+2 >= len(src) || unhex[src[i+1]]|unhex[src[i+2]] > 0xF {
			return nil, false
		}
		v := unhex[src[i+1]]<<4 | unhex[src[i+2]]
		if v < 0x80 && keep.has(v) {
			out = append(out, src[i:i+3]...)
		} else {
			out = append(out, v)
		}
		i += 2
	}
	return out, true
}

// octetInputs returns inputs for ecmaOctets: escape-dense text of every
// length up to 200 from an alphabet of '%', hex digits, non-digits,
// reserved characters and non-ASCII bytes, and a long encoded text with a
// '%', a non-digit or a cut at every offset.
func octetInputs() []string {
	r := rand.New(rand.NewPCG(40, 41))
	pieces := []string{"%", "2", "F", "f", "3", "B", "C", "9", "8", "A", "g", "/", "#", "a", "%2F", "%23", "%41", "%C3%A9", "%E3%81%82", "é", "\x00", "%3b", "%80"}
	var ins []string
	for n := range 200 {
		for range 3 {
			var b strings.Builder
			for b.Len() < n {
				b.WriteString(pieces[r.IntN(len(pieces))])
			}
			ins = append(ins, b.String()[:n])
		}
	}
	base := strings.Repeat("%E3%83%87%E3%83%BC%2F%3Fq%3D%C2%AB%E2%82%AC%20100%25%C2%BB%26x%3D%3C%3E", 6)
	for p := range len(base) + 1 {
		ins = append(ins, base[:p]+"%"+base[p:], base[:p]+"g"+base[p:], base[:p])
	}
	return ins
}

// TestECMAOctetsPaths holds ecmaOctets, with its kernel and with its plain
// path, to ecmaOctetsRef on every input of octetInputs, with the empty
// reserved set and decodeURI's, into room of len(src) and into room of the
// exact length when every '%' starts an escape.
func TestECMAOctetsPaths(t *testing.T) {
	for _, keep := range []Set{{}, DecodeURIReserved} {
		var kt ecmaKeepTable
		kt.fill(&keep)
		for _, s := range octetInputs() {
			want, wantOK := ecmaOctetsRef(s, &keep)
			for _, kernels := range []bool{true, false} {
				withECMAOctetPath(true, kernels, func() {
					rooms := []int{len(s)}
					if wantOK {
						rooms = append(rooms, len(want))
					}
					for _, room := range rooms {
						out := make([]byte, room)
						n, ok := ecmaOctets(out, s, &keep, &kt)
						if ok != wantOK || ok && string(out[:n]) != string(want) {
							t.Fatalf("ecmaOctets(%q, keep %v, room %d, kernels %v) = %q, %v; want %q, %v", s, keep == DecodeURIReserved, room, kernels, out[:n], ok, want, wantOK)
						}
						// the []byte form, as the []uint16 forms call it
						n, ok = ecmaOctets(out, []byte(s), &keep, &kt)
						if ok != wantOK || ok && string(out[:n]) != string(want) {
							t.Fatalf("ecmaOctets([]byte %q, room %d, kernels %v) = %q, %v; want %q, %v", s, room, kernels, out[:n], ok, want, wantOK)
						}
					}
				})
			}
		}
	}
}

// TestNarrowPaths holds narrowASCII to its plain twin at every length up
// to 100, every offset in a buffer up to 3, and with one unit at or above
// 0x80 at every position or none.
func TestNarrowPaths(t *testing.T) {
	for _, kernels := range []bool{true, false} {
		withECMAOctetPath(true, kernels, func() {
			for n := range 101 {
				for off := range 4 {
					for bad := -1; bad < n; bad++ {
						u := make([]uint16, off+n)
						b := make([]byte, off+n)
						for i := range n {
							u[off+i], b[off+i] = uint16('a'+i%26), byte('a'+i%26)
						}
						want := n
						if bad >= 0 {
							u[off+bad] = 0x80 + uint16(bad%3)*0x3F80
							want = bad
						}
						nb := make([]byte, n)
						if got := narrowASCII(nb, u[off:]); got != want || string(nb[:got]) != string(b[off:off+want]) {
							t.Fatalf("narrowASCII(%d units, non-ASCII at %d, kernels %v) = %d %q; want %d", n, bad, kernels, got, nb[:got], want)
						}
					}
				}
			}
		})
	}
}

// TestUTF8ToUTF16Paths holds utf8ToUTF16 and validUTF8, with their
// kernels and without (the plain path: utf8ToUTF16Step alone, utf8.Valid),
// to utf8.Valid and unicode/utf16: texts of ASCII and two-, three- and
// four-octet sequences of every length up to 140, at offsets up to 3 in
// their buffer, as they are and with an invalid piece (a stray
// continuation, C0, C1, F5, an overlong form, a surrogate, a value above
// U+10FFFF, a cut sequence) at every position.
func TestUTF8ToUTF16Paths(t *testing.T) {
	r := rand.New(rand.NewPCG(44, 45))
	good := []string{"a", "b", "~", "é", "\u07FF", "\u0800", "あ", "\uD7FF", "\uE000", "\uFFFF", "\U00010000", "😀", "\U0010FFFF"}
	bad := []string{"\x80", "\xBF", "\xC0\x80", "\xC1\xBF", "\xF5\x80\x80\x80", "\xE0\x9F\xBF", "\xED\xA0\x80", "\xED\xB0\x80", "\xED\xBF\xBF", "\xF4\x90\x80\x80", "\xC3", "\xE3\x81", "\xF0\x9F\x98", "\xC3a", "\xE3\x81a", "\xF8"}
	n := 0
	for length := range 141 {
		var b strings.Builder
		for b.Len() < length {
			if r.IntN(3+30*(length%2)) == 0 { // odd lengths: long ASCII runs
				b.WriteString(good[r.IntN(len(good))])
			} else {
				b.WriteByte(byte('a' + r.IntN(26)))
			}
		}
		text := b.String()
		ins := []string{text}
		for p := 0; p <= len(text); p++ {
			ins = append(ins, text[:p]+bad[r.IntN(len(bad))]+text[p:])
		}
		for _, in := range ins {
			for off := range 4 {
				src := append(make([]byte, off), in...)[off:]
				wok := utf8.Valid(src)
				var want []uint16
				if wok {
					want = utf16.Encode([]rune(string(src)))
				}
				for _, kernels := range []bool{true, false} {
					withECMAOctetPath(true, kernels, func() {
						if validUTF8(src) != wok || validUTF8(string(src)) != wok {
							t.Fatalf("validUTF8(%q, kernels %v) = %v, want %v", src, kernels, !wok, wok)
						}
					})
				}
				for _, kernels := range []bool{true, false} {
					withECMAOctetPath(true, kernels, func() {
						got := make([]uint16, len(src))
						gn, gok := utf8ToUTF16(got, src)
						if gok != wok || gok && !slices.Equal(got[:gn], want) {
							t.Fatalf("utf8ToUTF16(%q, kernels %v) = %x, %v; want %x, %v", src, kernels, got[:gn], gok, want, wok)
						}
						if !wok {
							return
						}
						// Into room of the exact length and one unit short of it,
						// in a buffer whose next unit must stay as it is.
						for _, room := range []int{len(want), len(want) - 1} {
							if room < 0 {
								continue
							}
							buf := make([]uint16, room+1)
							buf[room] = 0x5A5A
							gn, gok := utf8ToUTF16(buf[:room], src)
							if gok != (room == len(want)) || buf[room] != 0x5A5A || !slices.Equal(buf[:gn], want[:gn]) {
								t.Fatalf("utf8ToUTF16(%q, room %d of %d, kernels %v) = %x, %v", src, room, len(want), kernels, buf[:gn], gok)
							}
						}
					})
				}
				n++
			}
		}
	}
	if n < 10000 {
		t.Fatalf("only %d inputs", n)
	}
}

// TestUTF8ToUTF16Long holds utf8ToUTF16, with its kernel and without, to
// unicode/utf16 on longer texts (up to 700 octets, so that the kernel's
// blocks of sequences start at every distance from the end, past 255
// included) of one-, two-, three- and four-octet sequences in every
// mixture, valid and with an invalid piece at a random position, and into
// room of the exact length.
func TestUTF8ToUTF16Long(t *testing.T) {
	r := rand.New(rand.NewPCG(46, 47))
	good := []string{"a", "~", "é", "\u07FF", "あ", "\u0800", "\uD7FF", "\uE000", "\uFFFF", "😀", "\U0010FFFF"}
	bad := []string{"\x80", "\xC0\x80", "\xC1\xBF", "\xE0\x9F\xBF", "\xED\xA0\x80", "\xED\xB0\x80", "\xED\xBF\xBF", "\xF5\x80\x80\x80", "\xC3", "\xE3\x81", "\xE3a", "\xF8", "\xEF\xBF"}
	for it := range 6000 {
		var b strings.Builder
		n := r.IntN(700)
		k := 1 + it%len(good) // the first k pieces: ASCII alone, then more kinds
		for b.Len() < n {
			b.WriteString(good[r.IntN(k)])
		}
		src := b.String()
		if it%3 == 0 {
			p := r.IntN(len(src) + 1)
			src = src[:p] + bad[r.IntN(len(bad))] + src[p:]
		}
		wok := utf8.ValidString(src)
		var want []uint16
		if wok {
			want = utf16.Encode([]rune(src))
		}
		for _, kernels := range []bool{true, false} {
			withECMAOctetPath(true, kernels, func() {
				rooms := []int{len(src)}
				if wok {
					rooms = append(rooms, len(want))
				}
				for _, room := range rooms {
					got := make([]uint16, room+1)
					got[room] = 0x5A5A
					gn, gok := utf8ToUTF16(got[:room], []byte(src))
					if gok != wok || gok && !slices.Equal(got[:gn], want) || got[room] != 0x5A5A {
						t.Fatalf("utf8ToUTF16(%q, room %d, kernels %v) = %x, %v; want %x, %v", src, room, kernels, got[:gn], gok, want, wok)
					}
				}
			})
		}
	}
}

// decodePieces are the escapes, sequences, faults and literals that
// TestDecodeOctetPathMatchesSteps builds its inputs from.
var decodePieces = []string{
	"a", "~", "%41", "%2F", "%2f", "%23", "%3B", "%25", "%C3%A9", "%E3%81%82", "%F0%9F%98%80", "%EF%BF%BF",
	"%ED%A0%80", "%ED%B0%80", "%ED%BF%BF", "%C0%80", "%E0%80%80", "%F4%90%80%80", "%F8%80%80%80", "%80", "%C3", "%C3%41", "%E3%81",
	"%E3%81%", "%", "%4", "%G1", "%4G", "é", "\U0001F600", "\uFFFE", "\xff", "%%41", "%C3é", "%C3%C3",
}

// units16 is s as UTF-16 code units (an invalid byte as U+FFFD), with
// U+FFFE standing for a lone surrogate, which a Go string cannot hold.
func units16(s string) []uint16 {
	u := utf16.Encode([]rune(s))
	for i, c := range u {
		if c == 0xFFFE {
			u[i] = 0xD800
		}
	}
	return u
}

// decodeInputs returns long inputs made of valid pieces with one piece of
// decodePieces inserted at every piece boundary, and random mixtures, as
// units and as Go strings.
func decodeInputs() []string {
	r := rand.New(rand.NewPCG(42, 43))
	valid := decodePieces[:12]
	var base strings.Builder
	for base.Len() < 1300 {
		base.WriteString(valid[r.IntN(len(valid))])
	}
	b := base.String()
	var ins []string
	for p := 0; p <= len(b); p++ {
		if p < len(b) && b[p] == '%' || p == len(b) {
			bad := decodePieces[r.IntN(len(decodePieces))]
			ins = append(ins, b[:p]+bad+b[p:])
		}
	}
	for range 400 {
		var s strings.Builder
		n := r.IntN(700)
		for s.Len() < n {
			s.WriteString(decodePieces[r.IntN(len(decodePieces))])
		}
		ins = append(ins, s.String())
	}
	ins = append(ins, b, strings.Repeat("%C3%A9", 300), strings.Repeat("a", 1100), strings.Repeat("%2F", 400))
	// Longer than a chunk of the octet path (octetChunk units), several
	// times over: valid, and with a piece put near the ends of chunks and
	// at random.
	long := strings.Repeat(b, 5)
	ins = append(ins, long, strings.Repeat("%E3%81%82", 2000))
	for range 40 {
		p := r.IntN(len(long))
		if r.IntN(2) == 0 {
			p = min(len(long), (1+r.IntN(3))*octetChunk-12+r.IntN(24))
		}
		ins = append(ins, long[:p]+decodePieces[r.IntN(len(decodePieces))]+long[p:])
	}
	return ins
}

// TestDecodeOctetPathMatchesSteps holds the []uint16 and string forms with
// the octet path (kernels on and off) to the steps alone, result and error
// (offset, step, reason) alike, on decodeInputs, with the empty reserved
// set and decodeURI's.
func TestDecodeOctetPathMatchesSteps(t *testing.T) {
	type answer struct {
		units []uint16
		str   string
		err   string
	}
	run := func(s string, keep Set) (a answer) {
		u := units16(s)
		d, off, f := appendDecode([]uint16{'p'}, u, &keep)
		if f != faultNone {
			a.err = f.at(off).Error()
		} else {
			a.units = d
		}
		// DecodeUTF16 decides by itself when to take the octet path
		// (decodeExact); its answer is the same as appendDecode's.
		if du, err := DecodeUTF16(u, keep); (err != nil) != (f != faultNone) || err != nil && err.Error() != a.err || err == nil && !slices.Equal(du, d[1:]) {
			t.Fatalf("DecodeUTF16(%q, keep %v) = %v, %v; appendDecode gives %v, %q", s, keep == DecodeURIReserved, du, err, d, a.err)
		}
		str, err := decodeString(s, &keep)
		if err != nil {
			a.err += " | " + err.Error()
		}
		a.str = str
		return a
	}
	n := 0
	for _, s := range decodeInputs() {
		for _, keep := range []Set{{}, DecodeURIReserved} {
			var want answer
			withECMAOctetPath(false, false, func() { want = run(s, keep) })
			for _, kernels := range []bool{true, false} {
				withECMAOctetPath(true, kernels, func() {
					got := run(s, keep)
					if got.err != want.err || !slices.Equal(got.units, want.units) || got.str != want.str {
						t.Fatalf("Decode(%q, keep %v), octet path (kernels %v):\n got %v %q %s\nwant %v %q %s", s, keep == DecodeURIReserved, kernels, got.units, got.str, got.err, want.units, want.str, want.err)
					}
				})
			}
			n++
		}
	}
	if n < 1000 {
		t.Fatalf("only %d inputs", n)
	}
}

// TestECMAKeepTableLayout checks the offsets ecmadec_amd64.s reads.
func TestECMAKeepTableLayout(t *testing.T) {
	var k ecmaKeepTable
	if o := [3]uintptr{unsafe.Offsetof(k.bits), unsafe.Offsetof(k.sel), unsafe.Offsetof(k.low5)}; o != [3]uintptr{0, 64, 128} {
		t.Fatalf("ecmaKeepTable offsets = %v, want [0 64 128]", o)
	}
	keep := DecodeURIReserved
	k.fill(&keep)
	for c := range 256 {
		in := k.bits[c>>3&63]>>(c&7)&1 != 0 && c < 0x80
		if in != (c < 0x80 && keep.has(byte(c))) || k.sel[c&63] != 1<<(c&7) {
			t.Fatalf("ecmaKeepTable wrong at %#x", c)
		}
	}
}

// TestDecodedUnitsPaths holds decodedUnits, with its kernel and without, to
// the length of Decode's result: equal for every input of decodeInputs that
// decodes with the empty reserved set, at least it with decodeURI's, and
// for every input (faults included, cut at every length up to 100 and at
// offsets up to 3 in its buffer) the kernel and the plain path give the
// same count.
func TestDecodedUnitsPaths(t *testing.T) {
	n := 0
	for _, s := range decodeInputs() {
		u := units16(s)
		for _, keep := range []Set{{}, DecodeURIReserved} {
			kept := keep != Set{}
			var plain int
			withECMAOctetPath(true, false, func() { plain = decodedUnits(u, kept) })
			withECMAOctetPath(true, true, func() {
				if got := decodedUnits(u, kept); got != plain {
					t.Fatalf("decodedUnits(%q, kept %v) = %d with the kernel, %d without", s, kept, got, plain)
				}
			})
			d, _, f := appendDecode(nil, u, &keep)
			if f == faultNone && (plain < len(d) || !kept && plain != len(d)) {
				t.Fatalf("decodedUnits(%q, kept %v) = %d, Decode writes %d units", s, kept, plain, len(d))
			}
			n++
		}
	}
	for _, s := range octetInputs() {
		full := units16(s)
		for length := range min(len(full), 100) + 1 {
			for off := range 4 {
				u := append(make([]uint16, off), full[:length]...)[off:]
				for _, kept := range []bool{false, true} {
					var plain int
					withECMAOctetPath(true, false, func() { plain = decodedUnits(u, kept) })
					withECMAOctetPath(true, true, func() {
						if got := decodedUnits(u, kept); got != plain {
							t.Fatalf("decodedUnits(%q, kept %v) = %d with the kernel, %d without", s[:length], kept, got, plain)
						}
					})
					n++
				}
			}
		}
	}
	if n < 10000 {
		t.Fatalf("only %d inputs", n)
	}
}

// TestDecodeURIResultNotOversized: decodeURI's octet path sizes its result
// by a bound that counts every ASCII escape as kept (decodeExact, for an
// input longer than decodeScratchUnits; a shorter one is copied out of the
// scratch buffer at its length); a result far under the bound must not
// keep the rest of it.
func TestDecodeURIResultNotOversized(t *testing.T) {
	for _, in := range []string{strings.Repeat("%41", 1000), strings.Repeat("a%20", 500), strings.Repeat("%2F", 1000),
		strings.Repeat("%41", 2000), strings.Repeat("a%20", 1100), strings.Repeat("%41%2F", 700)} {
		r, err := DecodeURI(units16(in))
		if err != nil {
			t.Fatal(err)
		}
		if cap(r) >= 2*len(r) && len(r) > 0 {
			t.Errorf("DecodeURI(%.12q…): %d units in a capacity of %d", in, len(r), cap(r))
		}
	}
}

// TestDecodeStepsAfterOctetPath holds the steps, going on from where the
// octet path stopped with too little room (as DecodeUTF16 goes on after
// decodeExact), to the steps alone: the same units, or the same fault at the
// same offset, for every room from none to len(s).
func TestDecodeStepsAfterOctetPath(t *testing.T) {
	n, cont := 0, 0
	for _, s := range decodeInputs() {
		u := units16(s)
		if len(u) < octetPathMin || len(u) > 5000 {
			continue
		}
		for _, keep := range []Set{{}, DecodeURIReserved} {
			want := make([]uint16, len(u))
			ww, woff, wf := decodeSteps(want, u, &keep, 0, 0)
			for _, kernels := range []bool{true, false} {
				withECMAOctetPath(true, kernels, func() {
					for room := 0; room <= len(u); room += 1 + room/4 {
						pre := make([]uint16, room)
						w, k := decodeOctetPath(pre, u, &keep)
						out := make([]uint16, len(u))
						gw, goff, gf := decodeSteps(out, u, &keep, copy(out, pre[:w]), k)
						if gf != wf || goff != woff || wf == faultNone && !slices.Equal(out[:gw], want[:ww]) {
							t.Fatalf("Decode(%q, keep %v) after the octet path (room %d, kernels %v, stopped at %d):\n got %v %v@%d\nwant %v %v@%d", s, keep == DecodeURIReserved, room, kernels, k, out[:gw], gf, goff, want[:ww], wf, woff)
						}
						n++
						if k > 0 && wf == faultNone {
							cont++
						}
					}
				})
			}
		}
	}
	if n < 1000 || cont < 100 {
		t.Fatalf("only %d cases, %d that go on after some units", n, cont)
	}
}

// TestDecodeUTF16ScratchShared holds DecodeUTF16, whose inputs of up to
// decodeScratchUnits units are decoded in a scratch buffer shared between
// calls (decodeScratch), and AppendDecodeUTF16, whose octet path takes its
// buffers from a pool (octetBufs), to appendDecode in four goroutines at
// once, each
// going over decodeInputs from another place: a result must not be the
// scratch (it is checked again after the next call) nor hold units of an
// earlier, longer input.
func TestDecodeUTF16ScratchShared(t *testing.T) {
	ins := decodeInputs()
	type answer struct {
		units []uint16
		err   string
	}
	want := make([][2]answer, len(ins))
	keeps := [2]Set{{}, DecodeURIReserved}
	scratched := 0
	for i, s := range ins {
		u := units16(s)
		if len(u) <= decodeScratchUnits {
			scratched++
		}
		for j, keep := range keeps {
			d, off, f := appendDecode(nil, u, &keep)
			if f != faultNone {
				want[i][j].err = f.at(off).Error()
			} else {
				want[i][j].units = d
			}
		}
	}
	if scratched < 500 || scratched == len(ins) {
		t.Fatalf("%d of %d inputs fit the scratch buffer: want most, not all", scratched, len(ins))
	}
	errs := make(chan string, 4)
	for g := range 4 {
		go func() {
			var last []uint16
			var lastWant []uint16
			for n := range ins {
				i := (n + g*len(ins)/4) % len(ins)
				j := n % 2
				got, err := DecodeUTF16(units16(ins[i]), keeps[j])
				if !slices.Equal(last, lastWant) {
					errs <- "an earlier result changed after the next call"
					return
				}
				w := want[i][j]
				if (err != nil) != (w.err != "") || err != nil && err.Error() != w.err || err == nil && !slices.Equal(got, w.units) {
					errs <- fmt.Sprintf("DecodeUTF16(%.40q…, keep %v) = %v, %v; want %v, %q", ins[i], j == 1, got, err, w.units, w.err)
					return
				}
				last, lastWant = got, w.units
				// AppendDecodeUTF16, whose octet path takes its buffers
				// from a pool too (octetBufs), for inputs longer than
				// octetChunkShort.
				got, err = AppendDecodeUTF16(nil, units16(ins[i]), keeps[j])
				if (err != nil) != (w.err != "") || err != nil && err.Error() != w.err || err == nil && !slices.Equal(got, w.units) {
					errs <- fmt.Sprintf("AppendDecodeUTF16(nil, %.40q…, keep %v) = %v, %v; want %v, %q", ins[i], j == 1, got, err, w.units, w.err)
					return
				}
			}
			errs <- ""
		}()
	}
	for range 4 {
		if e := <-errs; e != "" {
			t.Error(e)
		}
	}
}

// laneTexts calls f with one piece — a character of every class and range
// edge, or an ill-formed sequence — put at every character boundary of a
// background of one-, two- and three-octet text 64 to 200 octets long, so
// that each piece stands at every lane of utf8ToUTF16AVX512's blocks of 32
// and 64 octets and across their ends (a four-octet one across the
// 64-octet block boundary included), and at every distance from the end of
// the input. It returns how many texts it made.
func laneTexts(f func(src, piece, bg string, p int)) int {
	pieces := []string{"a", "\u0080", "é", "\u07FF", "\u0800", "あ", "\uD7FF", "\uE000", "\uFFFF", "\U00010000", "😀", "\U0010FFFF",
		"\x80", "\xBF", "\xC0\x80", "\xC1\xBF", "\xE0\x9F\xBF", "\xED\xA0\x80", "\xED\xBF\xBF", "\xF4\x90\x80\x80", "\xF5\x80\x80\x80", "\xF8",
		"\xFF", "\xC3", "\xE3\x81", "\xF0\x9F\x98", "\xC3a", "\xE3\x81a"}
	n := 0
	for _, back := range []string{"a", "é", "あ", "aé", "éあa", "あé"} {
		for _, length := range []int{64, 65, 66, 67, 68, 95, 96, 97, 127, 128, 129, 130, 131, 132, 160, 192, 193, 200} {
			bg := strings.Repeat(back, length/len(back)+1)
			for len(bg) > length {
				_, size := utf8.DecodeLastRuneInString(bg)
				bg = bg[:len(bg)-size]
			}
			for _, piece := range pieces {
				for p := 0; p <= len(bg); p++ {
					if p == len(bg) || utf8.RuneStart(bg[p]) {
						f(bg[:p]+piece+bg[p:], piece, bg, p)
						n++
					}
				}
			}
		}
	}
	return n
}

// TestUTF8ToUTF16EveryLane holds utf8ToUTF16 (utf8ToUTF16AVX512 with the
// kernels) to unicode/utf16 on laneTexts, into room of the input's length
// in a buffer whose next unit must stay as it is.
func TestUTF8ToUTF16EveryLane(t *testing.T) {
	n := laneTexts(func(src, piece, bg string, p int) {
		ok := utf8.ValidString(src)
		var want []uint16
		if ok {
			want = utf16.Encode([]rune(src))
		}
		withECMAOctetPath(true, true, func() {
			out := make([]uint16, len(src)+1)
			out[len(src)] = 0x5A5A
			w, gok := utf8ToUTF16(out[:len(src)], []byte(src))
			if gok != ok || ok && !slices.Equal(out[:w], want) || out[len(src)] != 0x5A5A {
				t.Fatalf("utf8ToUTF16(%q at %d of %q) = %x, %v; want %x, %v", piece, p, bg, out[:w], gok, want, ok)
			}
		})
	})
	if n < 50000 {
		t.Fatalf("only %d inputs", n)
	}
}

// TestDecodeAroundSizes holds DecodeUTF16, AppendDecodeUTF16 (after a
// prefix, with spare room) and the string form with the octet path to the
// steps alone, result and error alike, at every input length up to 300
// and at lengths around octetChunk and decodeScratchUnits (where
// DecodeUTF16 stops using its scratch buffer), on backgrounds of escapes
// of one to four octets with a piece of decodePieces put at every
// position (near the ends only, for the long ones): escapes and
// sequences of escapes cut by every chunk and block boundary.
func TestDecodeAroundSizes(t *testing.T) {
	if RaceDetector {
		t.Skip("one goroutine: run without -race (make test does)")
	}
	backs := []string{"%E3%81%82", "%C3%A9a", "%F0%9F%98%80", "%2F%41b%23", "é%2fx%3B"}
	type answer struct {
		units []uint16
		str   string
		err   string
	}
	run := func(s string, u []uint16, keep Set) (a answer) {
		d, err := DecodeUTF16(u, keep)
		a.units, a.err = d, errString(err)
		pre := []uint16{'p', 'q'}
		ad, aerr := AppendDecodeUTF16(slices.Grow(pre, 7), u, keep)
		if errString(aerr) != a.err || aerr == nil && (!slices.Equal(ad[:2], pre) || !slices.Equal(ad[2:], d)) {
			t.Fatalf("AppendDecodeUTF16(%q) = %v, %v; DecodeUTF16 gives %v, %v", s, ad, aerr, d, err)
		}
		str, err := decodeString(s, &keep)
		a.str = str
		if err != nil {
			a.err += " | " + err.Error()
		}
		return a
	}
	n := 0
	check := func(s string) {
		u := units16(s)
		for _, keep := range []Set{{}, DecodeURIReserved} {
			var want answer
			withECMAOctetPath(false, false, func() { want = run(s, u, keep) })
			withECMAOctetPath(true, true, func() {
				got := run(s, u, keep)
				if got.err != want.err || !slices.Equal(got.units, want.units) || got.str != want.str {
					t.Fatalf("Decode(%q, %d units, keep %v), octet path:\n got %v %q %s\nwant %v %q %s", s, len(u), keep == DecodeURIReserved, got.units, got.str, got.err, want.units, want.str, want.err)
				}
			})
			n++
		}
	}
	for bi, back := range backs {
		for _, length := range []int{300, octetChunk, decodeScratchUnits} {
			lo := 0
			if length > 300 {
				lo = length - 24
			}
			for l := lo; l <= length+24; l++ {
				bg := units16(strings.Repeat(back, 2*l/len(back)+2))[:l]
				for p := 0; p <= l; p++ {
					if length > 300 && p > 24 && p < l-24 && (p < octetChunkShort-12 || p > octetChunkShort+12) && (p < octetChunk-12 || p > octetChunk+12) {
						continue
					}
					if length == 300 && (p+l)%5 != 0 {
						continue
					}
					piece := decodePieces[(bi+p+l)%len(decodePieces)]
					check(string(utf16.Decode(bg[:p])) + piece + string(utf16.Decode(bg[p:])))
				}
				check(string(utf16.Decode(bg)))
			}
		}
	}
	if n < 20000 {
		t.Fatalf("only %d inputs", n)
	}
}

// errString is err's text, or "" for nil.
func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// TestDecodeLongMalformedString decodes strings longer than decodeStackMax
// made mostly of '%' that starts no escape, with an empty reserved set: the
// result's length, sized as if every '%' started one (two bytes off each),
// came out negative, and make panicked. Each must fail with the URIError
// of its first '%' instead.
func TestDecodeLongMalformedString(t *testing.T) {
	for _, s := range []string{
		strings.Repeat("%", 2*decodeStackMax),
		"a" + strings.Repeat("%%41", decodeStackMax),
		strings.Repeat("%41", decodeStackMax) + strings.Repeat("%", 4*decodeStackMax),
	} {
		for _, f := range []func(string) (string, error){DecodeURIComponentString, DecodeURIString} {
			_, err := f(s)
			var ue *URIError
			if !errors.As(err, &ue) || ue.Offset != strings.Index(s, "%%") {
				t.Errorf("decoding %d bytes (%q...) = %v; want a *URIError at %d", len(s), s[:8], err, strings.Index(s, "%%"))
			}
		}
	}
}

// checkUnitOctets holds what unitOctetsKernel did with src (used u units,
// wrote n octets to out) to what it must do: src[:u] is ASCII and decodes
// by ecmaOctetsRef (with keep) to out[:n] (up to the end of an escape it
// keeps, when it stops inside one); u is len(src) when src is ASCII
// and every '%' has two hex digits after it, and otherwise it stops before
// the first unit at or above 0x80 or the first '%' without two hex digits
// (p), no more than a block and two units before it (at p-65 or later).
// It returns what is wrong, or "".
func checkUnitOctets(src []uint16, keep *Set, out []byte, u, n int) string {
	if u < 0 || u > len(src) || n < 0 || n > u {
		return fmt.Sprintf("used %d, wrote %d of %d units", u, n, len(src))
	}
	p := len(src) // the first unit the kernel must not take
	for i := 0; i < len(src); i++ {
		if src[i] >= utf8.RuneSelf {
			p = i
			break
		}
		if src[i] == '%' {
			if i+2 >= len(src) || src[i+1] >= utf8.RuneSelf || src[i+2] >= utf8.RuneSelf ||
				unhex[src[i+1]]|unhex[src[i+2]] > 0xF {
				p = i
				break
			}
			i += 2
		}
	}
	if u > p || u < p-65 || p == len(src) && u != p {
		return fmt.Sprintf("used %d units, want %d or up to 65 fewer (of %d)", u, p, len(src))
	}
	// It may stop after the '%' of an escape it keeps, or after its
	// first digit: the rest of the escape, copied as it stands too, is
	// then left to what follows.
	e := u
	for _, d := range []int{1, 2} {
		if u >= d && src[u-d] == '%' && u-d+2 < len(src) {
			if c := unhex[src[u-d+1]&0x7F]<<4 | unhex[src[u-d+2]&0x7F]; c < utf8.RuneSelf && keep.has(c) {
				e = u - d + 3
			}
		}
	}
	b := make([]byte, e)
	for i := range b {
		b[i] = byte(src[i])
	}
	want, ok := ecmaOctetsRef(string(b), keep)
	if ok {
		want = want[:len(want)-(e-u)]
	}
	if !ok || string(out[:n]) != string(want) {
		return fmt.Sprintf("used %d units, wrote %q; want %q (%v)", u, out[:n], want, ok)
	}
	return ""
}

// unitOctetsInputs returns inputs for unitOctetsKernel: those of
// octetInputs as units, and escape-dense ASCII text of every length up to
// 200 with, at every position, a unit at or above 0x80 (some whose low byte
// is '%' or a hex digit, which narrowing must not take for one), a '%'
// without hex digits after it, or a digit made a non-digit, so that each
// stands in every lane of the kernel's blocks, in the two units after a
// block and in the last blocks, which it loads with masks. The text's
// escapes (32 units a period) end at the blocks' ends, so it is also
// shifted by one and two units, with those units planted only around the
// blocks' ends: there an escape at unit 62 or 63 of a block has its digits
// in the two units after it, which the kernel must check too (a digit
// 0x141 there is no 'A').
func unitOctetsInputs() [][]uint16 {
	var ins [][]uint16
	for _, s := range octetInputs() {
		ins = append(ins, units16(s))
	}
	for shift, pre := range []string{"", "a", "ab"} {
		base := units16(pre + strings.Repeat("%2F%41b%23%E3%81%82%C3%A9x%3b%25", 8))
		for n := range 201 {
			ins = append(ins, slices.Clone(base[:n]))
			for p := range n {
				if shift > 0 && p%64 < 62 && p%64 > 1 {
					continue
				}
				for _, c := range []uint16{0x80, 0x125, 0x130, 0x141, 0x2566, 0xFF25, 0xD800, '%', 'g'} {
					u := slices.Clone(base[:n])
					u[p] = c
					ins = append(ins, u)
				}
			}
		}
	}
	return ins
}

// TestUnitOctetsKernel holds unitOctetsKernel (ecmaUnitOctetsAVX512) to
// checkUnitOctets on unitOctetsInputs, with the empty reserved set and
// decodeURI's, into room of exactly len(src)+64 bytes followed by bytes
// that must stay as they are.
func TestUnitOctetsKernel(t *testing.T) {
	if RaceDetector {
		t.Skip("one goroutine: run without -race (make test does)")
	}
	if !hasECMAKernels {
		t.Skip("no kernels")
	}
	n := 0
	for _, keep := range []Set{{}, DecodeURIReserved} {
		var t0 ecmaKeepTable
		kt := ecmaKeepTableOf(&keep, &t0)
		for _, src := range unitOctetsInputs() {
			buf := make([]byte, len(src)+64+8)
			for i := range buf {
				buf[i] = 0xA5
			}
			out := buf[:len(src)+64]
			var u, w int
			withECMAOctetPath(true, true, func() { u, w = unitOctetsKernel(out, src, kt) })
			if len(src) > 0 && u == 0 && w == 0 && checkUnitOctets(src, &keep, out, 0, 0) != "" {
				t.Fatalf("unitOctetsKernel(%x, keep %v) did nothing", src, keep == DecodeURIReserved)
			}
			if e := checkUnitOctets(src, &keep, out, u, w); e != "" {
				t.Fatalf("unitOctetsKernel(%x, keep %v): %s", src, keep == DecodeURIReserved, e)
			}
			for i, c := range buf[len(out):] {
				if c != 0xA5 {
					t.Fatalf("unitOctetsKernel(%x) wrote past its room, at %d", src, len(out)+i)
				}
			}
			n++
		}
	}
	if n < 100000 {
		t.Fatalf("only %d inputs", n)
	}
}

// TestDecodeOctetPathEveryLane holds appendDecode with the octet path (the
// unit kernel, then utf8ToUTF16AVX512) to the steps alone, result and
// error (offset included), on escape-dense text of 1 to 300 units with an
// escape or sequence of escapes that is not valid UTF-8 (overlong,
// surrogate, cut short, a lone continuation, a four-octet lead beyond
// U+10FFFF), a valid four-octet one, a non-ASCII unit or a malformed '%'
// at every position: each at every lane of both kernels' blocks and across
// their ends.
func TestDecodeOctetPathEveryLane(t *testing.T) {
	if RaceDetector {
		t.Skip("one goroutine: run without -race (make test does)")
	}
	pieces := []string{"%C0%80", "%E0%9F%BF", "%ED%A0%80", "%E3%81", "%E3%81%41", "%80", "%F4%90%80%80", "%F0%9F%98%80", "%C3", "é", "%", "%4", "%G1"}
	base := strings.Repeat("%2F%41b%23%E3%81%82%C3%A9x%3b%25", 10)
	n := 0
	for _, keep := range []Set{{}, DecodeURIReserved} {
		for _, piece := range pieces {
			for length := 1; length <= 300; length += 1 + length/100 {
				bg := base[:length]
				for p := 0; p <= len(bg); p++ {
					s := units16(bg[:p] + piece + bg[p:])
					var want []uint16
					var werr string
					withECMAOctetPath(false, false, func() {
						d, off, f := appendDecode(nil, s, &keep)
						want, werr = d, ""
						if f != faultNone {
							want, werr = nil, f.at(off).Error()
						}
					})
					withECMAOctetPath(true, true, func() {
						d, off, f := appendDecode(nil, s, &keep)
						e := ""
						if f != faultNone {
							d, e = nil, f.at(off).Error()
						}
						if e != werr || !slices.Equal(d, want) {
							t.Fatalf("appendDecode(%q, keep %v) = %x, %q; want %x, %q", bg[:p]+piece+bg[p:], keep == DecodeURIReserved, d, e, want, werr)
						}
					})
					n++
				}
			}
		}
	}
	if n < 50000 {
		t.Fatalf("only %d inputs", n)
	}
}
