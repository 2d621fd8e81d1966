//go:build !purego

package codec

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"
)

// TestNarrowLatin1AVX2 holds narrowLatin1AVX2 to narrowLatin1Plain at every
// length up to 200, every offset of the source, and every position of a
// unit from 256 on (with 0x100 and 0xFFFF at the edges of the byte range).
func TestNarrowLatin1AVX2(t *testing.T) {
	if !useAVX2 {
		t.Skip("no AVX2 on this CPU")
	}
	r := rand.New(rand.NewPCG(40, 41))
	wide := []uint16{0x100, 0x1FF, 0xFF00, 0xFFFF, 0x3042}
	for n := 0; n <= 200; n++ {
		for pos := 0; pos <= n; pos++ {
			for off := 0; off < 3; off++ {
				src := make([]uint16, off+n)
				for i := range src {
					src[i] = uint16(r.IntN(256))
				}
				s := src[off:]
				if pos < n {
					s[pos] = wide[r.IntN(len(wide))]
				}
				want := make([]byte, n+1)
				got := make([]byte, n+1)
				wn := narrowLatin1Plain(want, s)
				gn := 0
				if n >= 32 {
					gn = narrowLatin1AVX2(&got[0], &s[0], n)
				}
				if gn != wn || string(got[:gn]) != string(want[:wn]) {
					t.Fatalf("n=%d off=%d wide at %d: AVX2 narrowed %d units %x, plain %d %x", n, off, pos, gn, got[:gn], wn, want[:wn])
				}
				if want := min(pos, n) &^ 31; wn != want {
					t.Fatalf("n=%d wide at %d: plain narrowed %d units, want %d", n, pos, wn, want)
				}
			}
		}
	}
}

// TestEscapePathsAgree runs the escape functions with each vector path
// (narrowLatin1AVX2, the octet encoders' AVX2 and AVX-512 escapes,
// escapeUTF16AVX512)
// turned off and on,
// and checks both against the reference loop of annexb_paths_test.go.
func TestEscapePathsAgree(t *testing.T) {
	if RaceDetector {
		t.Skip("one goroutine: run without -race (make test does)")
	}
	defer func(a, b, c, d, e, f bool) {
		useNarrowAVX2, useEncodeOctets, useEncodeOctets512, useEscape512, useUTF8ToUTF16512, useEscapeUTF8512 = a, b, c, d, e, f
	}(useNarrowAVX2, useEncodeOctets, useEncodeOctets512, useEscape512, useUTF8ToUTF16512, useEscapeUTF8512)
	for m := range 64 {
		useNarrowAVX2, useEncodeOctets = m&1 != 0 && useAVX2, m&2 != 0 && useAVX2
		useEncodeOctets512, useEscape512 = m&4 != 0 && useAVX512, m&8 != 0 && useAVX512
		useUTF8ToUTF16512 = m&16 != 0 && useAVX512
		useEscapeUTF8512 = m&32 != 0 && useAVX512
		checkEscapeEveryCut(t)
	}
}

// escapeUTF8Pool is what TestEscapeUTF8AVX512 and TestEscapedLenAVX512
// draw text from: kept and escaped ASCII, Latin-1 as two bytes (0xC2 and
// 0xC3 leads), other two- and three-byte characters with the edges of
// their ranges, and four-byte ones.
var escapeUTF8Pool = []string{"a", "Z", "0", "@", "*", "_", "+", "-", ".", "/", " ", "~", "%", "\x00", "\x7f",
	"\u0080", "é", "ÿ", "\u0100", "ɐ", "\u07ff", "\u0800", "あ", "€", "\ud7ff", "\ue000", "\uffff", "😀", "\U00010000", "\U0010ffff"}

// TestEscapeUTF8AVX512 holds escapeUTF8AVX512 to refEscape on text drawn
// from escapeUTF8Pool, some of it with long ASCII runs, at every length up
// to 160 bytes and three offsets, with room of every size up to the
// longest result and 200 more: it must use whole characters, write exactly
// the escape of what it used and touch no byte past room; and it must take
// something whenever room has escapeUTF8Room bytes, s does not start with a
// four-byte character and, 64 bytes long or more, not with 64 ASCII bytes;
// and all of s when room has it all and 176 bytes more, and s has no
// four-byte character nor 64 ASCII bytes in a row.
func TestEscapeUTF8AVX512(t *testing.T) {
	if !useAVX512 {
		t.Skip("no AVX-512 on this CPU")
	}
	if RaceDetector {
		t.Skip("one goroutine: run without -race (make test does)")
	}
	r := rand.New(rand.NewPCG(44, 45))
	for trial := range 300 {
		var sb strings.Builder
		for sb.Len() < 170 {
			if trial%3 == 0 && r.IntN(20) == 0 {
				sb.WriteString(strings.Repeat("x", 40+r.IntN(40)))
			}
			p := escapeUTF8Pool[r.IntN(len(escapeUTF8Pool))]
			if trial%2 == 0 && utf8.RuneLen([]rune(p)[0]) == 4 {
				continue
			}
			sb.WriteString(p)
		}
		text := sb.String()
		for off := 0; off < 3; off++ {
			for n := 0; off+n <= 160; n++ {
				s := text[off : off+n]
				for !utf8.ValidString(s) {
					s = s[1:] // start and end at characters
					if len(s) > 0 && !utf8.ValidString(s) {
						s = s[:len(s)-1]
					}
				}
				whole := refEscape(utf16.Encode([]rune(s)))
				for room := 0; room <= len(whole)+200; room += 1 + r.IntN(13) {
					buf := make([]byte, room+64)
					for i := range buf {
						buf[i] = 0xEE
					}
					used, wrote := escapeUTF8Units(buf[:room], s)
					if used > len(s) || !utf8.ValidString(s[:used]) || !utf8.ValidString(s[used:]) {
						t.Fatalf("%q, room %d: used %d bytes", s, room, used)
					}
					if want := refEscape(utf16.Encode([]rune(s[:used]))); string(buf[:wrote]) != want {
						t.Fatalf("%q, room %d: wrote %q for %q, want %q", s, room, buf[:wrote], s[:used], want)
					}
					for i := room; i < len(buf); i++ {
						if buf[i] != 0xEE {
							t.Fatalf("%q: wrote byte %d, past room %d", s, i, room)
						}
					}
					starts4 := len(s) > 0 && s[0] >= 0xF0
					ascii := len(s) >= 64 && ascii64(s)
					if used == 0 && room >= escapeUTF8Room && len(s) > 0 && !starts4 && !ascii {
						t.Fatalf("%q, room %d: used nothing", s, room)
					}
					if room >= len(whole)+escapeUTF8Room && !strings.ContainsFunc(s, func(r rune) bool { return r >= 0x10000 }) &&
						longestASCIIRun(s) < 64 && used != len(s) {
						t.Fatalf("%q, room %d: used %d of %d bytes", s, room, used, len(s))
					}
				}
			}
		}
	}
}

// TestEscapedLenAVX512 holds escapeLenUTF8AVX512 and escapeLenUTF16AVX512
// to their plain twins and to the length of refEscape, at every length up
// to 300 and three offsets, on text drawn from escapeUTF8Pool.
func TestEscapedLenAVX512(t *testing.T) {
	if !useAVX512 {
		t.Skip("no AVX-512 on this CPU")
	}
	r := rand.New(rand.NewPCG(46, 47))
	for range 20 {
		var sb strings.Builder
		for sb.Len() < 310 {
			sb.WriteString(escapeUTF8Pool[r.IntN(len(escapeUTF8Pool))])
		}
		text := sb.String()
		for off := 0; off < 3; off++ {
			for n := 0; off+n <= 300; n++ {
				b := text[off : off+n]
				want := escapedLenPlain(utf16.Encode([]rune(b)))
				if utf8.ValidString(b) {
					if got, plain := escapedLenUTF8(b), escapedLenUTF8Plain(b); got != want || plain != want {
						t.Fatalf("%q: escapedLenUTF8 %d, plain %d, want %d", b, got, plain, want)
					}
				}
				u := utf16.Encode([]rune(text))[off:]
				u = u[:min(n, len(u))]
				if got, want := escapedLen(u), len(refEscape(u)); got != want || escapedLenPlain(u) != want {
					t.Fatalf("%x: escapedLen %d, plain %d, want %d", u, got, escapedLenPlain(u), want)
				}
			}
		}
	}
}

// escape512Stop is where escapeUTF16AVX512 must stop on s with room bytes
// of room: at the first block (every 32 units from the start) whose escape
// does not fit in the room left; else at the end of s.
func escape512Stop(s []uint16, room int) int {
	return escape512Stopper(s)(room)
}

// escape512Stopper is escape512Stop for s at any room, with the blocks'
// escapes measured once.
func escape512Stopper(s []uint16) func(room int) int {
	var ends, need []int // each block's end, and the escape up to it
	for i, w := 0, 0; i < len(s); {
		j := min(i+32, len(s))
		i, w = j, w+len(refEscape(s[i:j]))
		ends, need = append(ends, i), append(need, w)
	}
	return func(room int) int {
		stop := 0
		for b := range ends {
			if need[b] > room {
				break
			}
			stop = ends[b]
		}
		return stop
	}
}

// TestEscapeUTF16AVX512 holds escapeUTF16AVX512 to refEscape on every
// length up to 140 and three offsets of units of every kind (kept, escaped
// ASCII, Latin-1, from 256 on, surrogates, the edges 0x7F, 0x80, 0xFF,
// 0x100, 0xFFFF, and units whose low byte is kept), drawn from all of them
// and from those below 256 alone (so that it meets whole blocks of them),
// with room of every size up to 6 units a unit and more (whole stores,
// masked ones near the end of room, and both in one call): it must stop
// exactly where escape512Stop says, write exactly the escape of what it
// used, and touch no byte past room.
func TestEscapeUTF16AVX512(t *testing.T) {
	if !useAVX512 {
		t.Skip("no AVX-512 on this CPU")
	}
	r := rand.New(rand.NewPCG(42, 43))
	pool := []uint16{'a', 'Z', '0', '@', '*', '_', '+', '-', '.', '/', ' ', '~', '%', 0, 0x7F, 0x80, 0xE9, 0xFF,
		0x100, 0x3042, 0xD83D, 0xDE00, 0xFFFF, 0x1234, 0xABCD, 0x141, 0x2F2F}
	latin := 18 // pool[:latin] are below 256
	for n := 0; n <= 140; n++ {
		for off := 0; off < 6; off++ {
			src := make([]uint16, off+n)
			p := pool
			if off >= 3 {
				p = pool[:latin+r.IntN(2)] // below 256, or but for 0x100
			}
			for i := range src {
				src[i] = p[r.IntN(len(p))]
			}
			s := src[off:]
			stop := escape512Stopper(s)
			for room := 0; room <= 6*n+2*escape512Room; room += 1 + r.IntN(17) {
				buf := make([]byte, room+80)
				for i := range buf {
					buf[i] = 0xEE
				}
				used, wrote := 0, 0
				if n > 0 {
					used, wrote = escapeUTF16AVX512(&buf[0], room, &s[0], n, &escapeAVX512Consts)
				}
				if want := stop(room); used != want {
					t.Fatalf("n=%d off=%d room=%d: used %d units of %04X, want %d", n, off, room, used, s, want)
				}
				if want := refEscape(s[:used]); string(buf[:wrote]) != want {
					t.Fatalf("n=%d off=%d: wrote %q for %x, want %q", n, off, buf[:wrote], s[:used], want)
				}
				for i := room; i < len(buf); i++ {
					if buf[i] != 0xEE {
						t.Fatalf("n=%d room=%d: wrote byte %d, past room", n, room, i)
					}
				}
			}
		}
	}
}

// TestEscapeUTF16AVX512Latin1Runs holds escapeUTF16AVX512 on runs of
// whole blocks below 256, which it escapes itself (it once left them to
// the octet encoders, which are slower since its compresses run side by
// side): behind blocks with a unit from 256 on (one at each lane of the
// block before the run, or in the run's first or second block), two whole
// blocks below 256 and then 0 to 40 more units; and the same with the run
// at the start or short of two blocks by a unit. With room for the
// escape, it must take every unit and write its escape.
func TestEscapeUTF16AVX512Latin1Runs(t *testing.T) {
	if !useAVX512 {
		t.Skip("no AVX-512 on this CPU")
	}
	buf := make([]byte, 6*256+escape512Room)
	check := func(s []uint16) {
		t.Helper()
		used, wrote := escapeUTF16AVX512(&buf[0], len(buf), &s[0], len(s), &escapeAVX512Consts)
		if used != len(s) || string(buf[:wrote]) != refEscape(s) {
			t.Fatalf("escapeUTF16AVX512(%04X) used %d units, wrote %q; want %d, %q", s, used, buf[:wrote], len(s), refEscape(s))
		}
	}
	latin := func(n int) []uint16 {
		u := make([]uint16, n)
		for i := range u {
			u[i] = []uint16{'a', ' ', 0xE9, '%', '~', 'Z', 0xFF, 0x80, '-'}[i%9]
		}
		return u
	}
	for before := 0; before <= 2; before++ {
		for lane := range 32 {
			for after := 0; after <= 40; after += 1 + after/8 {
				for _, at := range []int{-1, 0, 31, 32, 63} { // a wide unit in the pair
					s := latin(32*before + 64 + after)
					if before > 0 {
						s[32*(before-1)+lane] = 0x3042
					}
					if at >= 0 {
						s[32*before+at] = 0x100
					}
					check(s)
					check(s[:len(s)-1])
				}
			}
		}
	}
	check(latin(63))
	check(latin(64))
}

// TestEscapeUTF16AVX512RoomEdges holds escapeUTF16AVX512 at every room
// from none to 320 bytes past the escape, one byte at a time, on blocks
// whose first w units (0 to 32) are from 256 on and the rest of one other
// kind (kept, "%XY" ASCII, Latin-1), alone or behind a block of each kind:
// so the last whole stores, whose reach (the lengths of the first two
// parts, then 64 bytes) nears 192 bytes when those parts are all "%uWXYZ",
// meet every room left. It must stop where escape512Stopper says, write
// the escape of what it used, and touch no byte past room.
func TestEscapeUTF16AVX512RoomEdges(t *testing.T) {
	if !useAVX512 {
		t.Skip("no AVX-512 on this CPU")
	}
	block := func(w int, rest uint16) []uint16 {
		u := make([]uint16, 32)
		for i := range u {
			u[i] = rest
			if i < w {
				u[i] = 0x3042
			}
		}
		return u
	}
	// Room for two blocks of 32 "%uWXYZ" and 320 bytes more, and the 80
	// bytes past room that must stay 0xEE.
	fill := bytes.Repeat([]byte{0xEE}, 2*6*32+320+80)
	buf := make([]byte, len(fill))
	for _, lead := range []uint16{0, 'a', ' ', 0x3042} {
		for _, rest := range []uint16{'a', ' ', 0xE9} {
			for w := 0; w <= 32; w++ {
				s := block(w, rest)
				if lead != 0 {
					s = append(block(32, lead), s...)
				}
				stop := escape512Stopper(s)
				want := refEscape(s)
				// The escape of s[:used] for each used the kernel may
				// stop at (the ends of blocks), made once. The buffer is
				// filled by copy and checked with bytes.Equal, not byte
				// by byte: under -race a loop's every byte is checked.
				wantAt := map[int]string{}
				for room := 0; room <= len(want)+320; room++ {
					buf := buf[:room+80]
					copy(buf, fill)
					used, wrote := escapeUTF16AVX512(&buf[0], room, &s[0], len(s), &escapeAVX512Consts)
					esc, ok := wantAt[used]
					if !ok {
						esc = refEscape(s[:used])
						wantAt[used] = esc
					}
					if used != stop(room) || string(buf[:wrote]) != esc {
						t.Fatalf("lead %04X, %d wide then %04X, room %d: used %d units, wrote %q; want %d, %q",
							lead, w, rest, room, used, buf[:wrote], stop(room), refEscape(s[:stop(room)]))
					}
					if !bytes.Equal(buf[room:], fill[:80]) {
						t.Fatalf("lead %04X, %d wide then %04X, room %d: wrote %x past room", lead, w, rest, room, buf[room:])
					}
				}
			}
		}
	}
}

// TestEscapeUTF16AVX512KeptBlocks holds escapeUTF16AVX512's blocks of 32
// kept units, stored as they are, to escape512Stop at every room up to
// past the escape: each alone, behind and before blocks with a unit from
// 256 on, and before a short last block. A kept block must be taken when
// its 32 bytes fit exactly, and must write nothing past room when they do
// not.
func TestEscapeUTF16AVX512KeptBlocks(t *testing.T) {
	if !useAVX512 {
		t.Skip("no AVX-512 on this CPU")
	}
	block := func(kind byte, k int) []uint16 {
		u := make([]uint16, 32)
		for i := range u {
			u[i] = uint16("ABCxyz019@*_+-./"[(i+k)%16])
		}
		if kind == 'W' {
			u[(7*k)%32] = 0x3042
		}
		return u
	}
	for _, shape := range []string{"K", "KW", "WK", "KWK", "WKW", "KWKW", "WKWK", "Kt", "WKt", "KWKt"} {
		for k := range 4 {
			var s []uint16
			for b, kind := range []byte(shape) {
				if kind == 't' {
					s = append(s, []uint16{'a', 0x3042, 0xE9, '%', 'Z'}[:1+k]...)
					continue
				}
				s = append(s, block(kind, k+b)...)
			}
			want := refEscape(s)
			stop := escape512Stopper(s)
			for room := 0; room <= len(want)+escape512Room; room++ {
				buf := make([]byte, room+80)
				for i := range buf {
					buf[i] = 0xEE
				}
				used, wrote := escapeUTF16AVX512(&buf[0], room, &s[0], len(s), &escapeAVX512Consts)
				if used != stop(room) || string(buf[:wrote]) != refEscape(s[:used]) {
					t.Fatalf("%s: escapeUTF16AVX512(room %d, %04X) used %d units, wrote %q; want %d", shape, room, s, used, buf[:wrote], stop(room))
				}
				if i := slices.IndexFunc(buf[room:], func(b byte) bool { return b != 0xEE }); i >= 0 {
					t.Fatalf("%s: escapeUTF16AVX512(room %d, %04X) wrote byte %d, past room", shape, room, s, room+i)
				}
			}
		}
	}
}

// TestEscapeUTF16AVX512EveryUnit holds escapeUTF16AVX512 to refEscape on
// every code unit at every lane of a block: the blocks of 32 consecutive
// units from each unit on (so that the units below 128 meet the pattern
// table at every lane, 0x80 to 0xFF its saturation, and those from 256 on
// the digits of both bytes, in each of the three parts of a block's slots
// and across their edges), and the same 32 behind a short block of 5 (so
// that the slots of every class of unit meet those edges too), each with
// room for far more (whole stores) and with room for just the escape
// (stores masked to its bytes), past which it must write nothing.
func TestEscapeUTF16AVX512EveryUnit(t *testing.T) {
	if RaceDetector {
		t.Skip("one goroutine: run without -race (make test does)")
	}
	if !useAVX512 {
		t.Skip("no AVX-512 on this CPU")
	}
	buf := make([]byte, 2*6*64+escape512Room)
	var s [37]uint16
	for c := range 1 << 16 {
		for i := range 32 {
			s[i] = uint16(c + i)
		}
		copy(s[32:], []uint16{'~', 0x3042, 'a', 0xE9, '%'})
		for _, u := range [][]uint16{s[:32], s[:], s[3:]} {
			want := refEscape(u)
			for _, room := range []int{len(buf), len(want)} {
				for i := range buf {
					buf[i] = 0xEE
				}
				used, wrote := escapeUTF16AVX512(&buf[0], room, &u[0], len(u), &escapeAVX512Consts)
				if used != len(u) || string(buf[:wrote]) != want {
					t.Fatalf("escapeUTF16AVX512(room %d, %04X) used %d, wrote %q, want %q", room, u, used, buf[:wrote], want)
				}
				if i := slices.IndexFunc(buf[room:], func(b byte) bool { return b != 0xEE }); i >= 0 {
					t.Fatalf("escapeUTF16AVX512(room %d, %04X) wrote byte %d, past room", room, u, room+i)
				}
			}
		}
	}
}

// TestUnescapeUTF16AVX512 holds unescapeUTF16AVX512 to refUnescape on every
// length up to 200 (past three windows of 59 units) and three offsets of
// units drawn from escapes of every kind, well-formed and not, hex digits
// of both cases, 'u', 'U', '%', and units whose low byte is a digit, '%'
// or 'u' (and 0x8025, which a signed pack would take as negative): it must
// use all of them, so every window boundary falls inside escapes of every
// kind and malformed ones end the input, write exactly their unescape and
// touch no unit of dst past the n units of room it is given.
func TestUnescapeUTF16AVX512(t *testing.T) {
	if !useAVX512 {
		t.Skip("no AVX-512 on this CPU")
	}
	r := rand.New(rand.NewPCG(44, 45))
	pool := []uint16{'%', '%', '%', 'u', 'u', 'U', '0', '9', 'a', 'f', 'A', 'F', 'g', 'G', '/', ' ', 'x', 0x130, 0x161, 0x3042, 0xFF,
		0x0025 | 0x100, 0x0175, 0x8025, 0xFF30, 0xD83D, 0xDE00}
	for n := 0; n <= 200; n++ {
		for off := 0; off < 3; off++ {
			for rep := 0; rep < 20; rep++ {
				src := make([]uint16, off+n)
				for i := range src {
					src[i] = pool[r.IntN(len(pool))]
				}
				s := src[off:]
				want := refUnescape(s)
				dst := make([]uint16, n+32)
				for i := range dst {
					dst[i] = 0xEEEE
				}
				used, wrote := 0, 0
				if n > 0 {
					used, wrote = unescapeUTF16AVX512(&dst[0], &s[0], n, &unescapeAVX512Consts)
				}
				if used != n || !slices.Equal(dst[:wrote], want) {
					t.Fatalf("n=%d off=%d: used %d, wrote %x for %x, want %x", n, off, used, dst[:wrote], s, want)
				}
				for i := n; i < len(dst); i++ {
					if dst[i] != 0xEEEE {
						t.Fatalf("n=%d off=%d: wrote unit %d, past the room for %d", n, off, i, n)
					}
				}
			}
		}
	}
}

// TestUnescapeUTF16AVX512Windows holds unescapeUTF16AVX512 to refUnescape
// where its windows begin and end: after a literal run of every length up
// to 140 (so that whole windows of 64 units with no '%' are copied, at
// every alignment), an escape of every kind, well-formed, cut or malformed
// (so that one starts at every unit of a window of 59 units, and one that
// starts near its end is carried into the next), then literal units or
// escapes to lengths around the next window's edges. Its literal units
// include some from 256 on whose low byte is '%', 'u' or a digit. dst has
// room for exactly n units, and no unit past them may change.
func TestUnescapeUTF16AVX512Windows(t *testing.T) {
	if !useAVX512 {
		t.Skip("no AVX-512 on this CPU")
	}
	forms := []string{"%uD83D%uDE00", "%u00e9", "%uFFFF", "%41", "%e9", "%uD8", "%u", "%4", "%", "%%41", "%u%41", "%u0g00", "%zz", "%U0041", "%u12%34"}
	lit := []uint16{'a', 'u', '7', 0x125, 0x175, 0x8025, 0x3042, 'F', '-'}
	tails := []string{"", "x", "%41", "yyyyy%u3042", strings.Repeat("z", 60) + "%7E%", strings.Repeat("%20", 30)}
	for pre := 0; pre <= 140; pre++ {
		for _, f := range forms {
			for _, tail := range tails {
				s := make([]uint16, pre)
				for i := range s {
					s[i] = lit[(i*5+pre)%len(lit)]
				}
				s = append(s, utf16.Encode([]rune(f+tail))...)
				n := len(s)
				want := refUnescape(s)
				dst := make([]uint16, n+40)
				for i := range dst {
					dst[i] = 0xEEEE
				}
				used, wrote := unescapeUTF16AVX512(&dst[0], &s[0], n, &unescapeAVX512Consts)
				if used != n || !slices.Equal(dst[:wrote], want) {
					t.Fatalf("%d literal units, %q: used %d of %d, wrote %x, want %x", pre, f+tail, used, n, dst[:wrote], want)
				}
				for i := n; i < len(dst); i++ {
					if dst[i] != 0xEEEE {
						t.Fatalf("%d literal units, %q: wrote unit %d, past the room for %d", pre, f+tail, i, n)
					}
				}
			}
		}
	}
}

// TestUnescapePathsAgree runs the unescape functions with the AVX-512 path
// off and on against the reference loop, at every cut.
func TestUnescapePathsAgree(t *testing.T) {
	defer func(a bool) { useUnescape512 = a }(useUnescape512)
	for _, on := range []bool{false, true} {
		useUnescape512 = on && useAVX512
		TestUnescapeEveryCut(t)
	}
}

// TestUTF8ToUTF16Units holds utf8ToUTF16Units (Decode's kernel, as
// EscapeString calls it) to utf16.Encode on every
// cut of a text of ASCII, two-, three- and four-byte UTF-8 with ill-formed
// sequences (a surrogate, overlong forms, lone leads and continuation
// bytes) spliced in, with room of 64 to 200 units: what it takes must be
// whole valid characters, decoded exactly, and it must take a window of
// text that is all ASCII, two- and three-byte UTF-8.
func TestUTF8ToUTF16Units(t *testing.T) {
	if !useAVX512 {
		t.Skip("no AVX-512 on this CPU")
	}
	text := strings.Repeat("データ/ファイル?q=«€ 100%»&x=<>{}|^ ", 3) + "\xed\xa0\x80b\xe0\x80\x80c\xc1\xbf" + strings.Repeat("ab", 20) + "\xffa\xc0b\xf8c\xf5" +
		strings.Repeat("ab é~ あ", 12) + "\xe0\xa0\x80\xef\xbf\xbf\xdf\xbf\xc2\x80😀\x80é\xf0\x9f\x98x" + strings.Repeat("\u0800\uffff\u07ff", 30)
	u := make([]uint16, 300)
	for i := 0; i <= len(text); i++ {
		for j := i; j <= len(text); j += 1 + (j-i)/16 {
			s := text[i:j]
			for _, room := range []int{64, 100, 200} {
				clear(u)
				used, n := utf8ToUTF16Units(u[:room], s)
				if used > len(s) || n > room || (used > 0 && used < len(s) && !utf8.RuneStart(s[used])) {
					t.Fatalf("text[%d:%d], room %d: used %d, wrote %d", i, j, room, used, n)
				}
				if want := utf16.Encode([]rune(s[:used])); !utf8.ValidString(s[:used]) || !slices.Equal(u[:n], want) {
					t.Fatalf("text[%d:%d], room %d: used %d, wrote %x, want %x", i, j, room, used, u[:n], want)
				}
				if used == 0 && len(s) >= 64 && utf8.RuneStart(s[0]) {
					// A window of ASCII, two- and three-byte characters
					// must be taken.
					w := s[:50]
					for len(w) > 0 && !utf8.RuneStart(w[len(w)-1]) {
						w = w[:len(w)-1]
					}
					ok := utf8.ValidString(s[:len(w)+3]) || utf8.ValidString(s[:len(w)+2]) || utf8.ValidString(s[:len(w)+1])
					for _, r := range s[:len(w)] {
						ok = ok && r < 0x10000
					}
					if ok && utf8.ValidString(s[:64]) {
						t.Fatalf("text[%d:%d], room %d: took nothing of %q", i, j, room, s[:64])
					}
				}
			}
		}
	}
}

// TestWidenASCII holds widenASCII, with widenAVX2 and without, to a byte
// by byte copy at every length up to 200 and four offsets, and checks that
// it writes no unit past the length.
func TestWidenASCII(t *testing.T) {
	defer func(a bool) { useWidenAVX2 = a }(useWidenAVX2)
	src := make([]byte, 210)
	for i := range src {
		src[i] = byte(i*37) & 0x7F
	}
	for _, on := range []bool{false, true} {
		useWidenAVX2 = on && useAVX2
		for n := 0; n <= 200; n++ {
			for off := 0; off < 4; off++ {
				s := string(src[off : off+n])
				u := make([]uint16, n+1)
				u[n] = 0xBEEF
				widenASCII(u, s)
				for i := range n {
					if u[i] != uint16(s[i]) {
						t.Fatalf("AVX2 %v, n=%d off=%d: unit %d is %#x, want %#x", on, n, off, i, u[i], s[i])
					}
				}
				if u[n] != 0xBEEF {
					t.Fatalf("AVX2 %v, n=%d off=%d: wrote past the length", on, n, off)
				}
			}
		}
	}
}

// longestASCIIRun is the length of the longest run of ASCII bytes in s.
func longestASCIIRun(s string) int {
	longest, run := 0, 0
	for i := range len(s) {
		if s[i] < utf8.RuneSelf {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	return longest
}

// TestEscape512ConstsLayout holds the offsets of escape512Consts's fields,
// and of unescape512Consts's, to those annexb_amd64.s reads them at.
func TestEscape512ConstsLayout(t *testing.T) {
	var k escape512Consts
	for _, f := range []struct {
		name     string
		got, off uintptr
	}{
		{"hex", unsafe.Offsetof(k.hex), 120}, {"idx0", unsafe.Offsetof(k.idx0), 184},
		{"idx1", unsafe.Offsetof(k.idx1), 248}, {"idx2", unsafe.Offsetof(k.idx2), 312},
		{"bC0", unsafe.Offsetof(k.bC0), 376}, {"b80", unsafe.Offsetof(k.b80), 440},
		{"bE0", unsafe.Offsetof(k.bE0), 504}, {"bF0", unsafe.Offsetof(k.bF0), 568},
		{"w3F", unsafe.Offsetof(k.w3F), 632}, {"w7C0", unsafe.Offsetof(k.w7C0), 696},
		{"set4", unsafe.Offsetof(k.set4), 760}, {"d31", unsafe.Offsetof(k.d31), 824},
		{"d1", unsafe.Offsetof(k.d1), 888}, {"d0F", unsafe.Offsetof(k.d0F), 952},
		{"dPct", unsafe.Offsetof(k.dPct), 1016}, {"dDigits", unsafe.Offsetof(k.dDigits), 1080},
		{"dLen3", unsafe.Offsetof(k.dLen3), 1144}, {"dLen1", unsafe.Offsetof(k.dLen1), 1208},
		{"w256", unsafe.Offsetof(k.w256), 1272}, {"pat", unsafe.Offsetof(k.pat), 1336},
		{"part", unsafe.Offsetof(k.part), 1464}, {"mul64", unsafe.Offsetof(k.mul64), 1656},
		{"mul4K", unsafe.Offsetof(k.mul4K), 1720}, {"pack", unsafe.Offsetof(k.pack), 1784},
		{"pmerge", unsafe.Offsetof(k.pmerge), 1848},
	} {
		if f.got != f.off {
			t.Errorf("escape512Consts.%s at %d, annexb_amd64.s reads it at %d", f.name, f.got, f.off)
		}
	}
	var u unescape512Consts
	for _, f := range []struct {
		name     string
		got, off uintptr
	}{
		{"hex", unsafe.Offsetof(u.hex), 0}, {"shift1", unsafe.Offsetof(u.shift1), 128},
		{"idxXYLo", unsafe.Offsetof(u.idxXYLo), 192}, {"idxXYHi", unsafe.Offsetof(u.idxXYHi), 256},
		{"idxULo", unsafe.Offsetof(u.idxULo), 320}, {"idxUHi", unsafe.Offsetof(u.idxUHi), 384},
		{"perm", unsafe.Offsetof(u.perm), 448},
	} {
		if f.got != f.off {
			t.Errorf("unescape512Consts.%s at %d, annexb_amd64.s reads it at %d", f.name, f.got, f.off)
		}
	}
}
