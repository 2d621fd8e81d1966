//go:build !purego

package codec

import (
	"math/rand/v2"
	"syscall"
	"testing"
	"unsafe"
)

// guarded maps pages readable pages followed by an unreadable one and
// returns the readable ones (readableBeforeGuard for more than a page).
func guarded(t *testing.T, pages int) []byte {
	page := syscall.Getpagesize()
	mem, err := syscall.Mmap(-1, 0, (pages+1)*page, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		t.Skipf("mmap: %v", err)
	}
	t.Cleanup(func() { syscall.Munmap(mem) })
	if err := syscall.Mprotect(mem[pages*page:], syscall.PROT_NONE); err != nil {
		t.Skipf("mprotect: %v", err)
	}
	return mem[: pages*page : pages*page]
}

// hexUp is the digits of fastEscape.
const hexUp = "0123456789ABCDEF"

// fastEscape appends escape(s) to b: refEscape without fmt, for the many
// inputs of TestEscapeUTF16AVX512Random.
func fastEscape(b []byte, s []uint16) []byte {
	for _, c := range s {
		switch {
		case c < 0x80 && escapeKeepSet.Contains(byte(c)):
			b = append(b, byte(c))
		case c < 256:
			b = append(b, '%', hexUp[c>>4], hexUp[c&15])
		default:
			b = append(b, '%', 'u', hexUp[c>>12], hexUp[c>>8&15], hexUp[c>>4&15], hexUp[c&15])
		}
	}
	return b
}

// fastEscLen is the length of the escape of c.
func fastEscLen(c uint16) int {
	switch {
	case c < 0x80 && escapeKeepSet.Contains(byte(c)):
		return 1
	case c < 256:
		return 3
	}
	return 6
}

// revStop is escape512Stop written apart from it: the first block (every
// 32 units) whose escape does not fit in the room left, else the end of s.
func revStop(s []uint16, room int) int {
	i, w := 0, 0
	for i < len(s) {
		j := min(i+32, len(s))
		e := 0
		for _, c := range s[i:j] {
			e += fastEscLen(c)
		}
		if w+e > room {
			return i
		}
		i, w = j, w+e
	}
	return i
}

// revUnit draws a unit of class c: kept, ASCII, 0x80-0xFF, from 256 on,
// edges (0x7F, 0x80, 0xFF, 0x100, surrogates, units whose low byte is
// kept or '%'), any below 256.
func revUnit(r *rand.Rand, class int) uint16 {
	const kept = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789@*_+-./"
	switch class {
	case 0:
		return uint16(kept[r.IntN(len(kept))])
	case 1:
		return uint16(r.IntN(128))
	case 2:
		return uint16(128 + r.IntN(128))
	case 3:
		return uint16(256 + r.IntN(65536-256))
	case 4:
		return []uint16{0x7F, 0x80, 0xFF, 0x100, 0xFFFF, 0xD800, 0xDFFF, 0x0141, 0x0125, 0x2E2E, 0x00, 0x20, 0x3F3F}[r.IntN(13)]
	}
	return uint16(r.IntN(256))
}

// TestEscapeUTF16AVX512Random holds escapeUTF16AVX512, AppendEscape and
// Escape to fastEscape on random inputs of 0 to 2000 units in runs of
// classes (revUnit), each ending where an unreadable page begins: the
// kernel with room ending at an unreadable page (0, 1, the escape's
// length and one either side, random ones, and 6 a unit and more) must
// stop where revStop says, write the escape of what it used and nothing
// before dst; AppendEscape with dst's capacity ending at the guard
// (random spare capacity, and exactly the escape) must append the escape.
func TestEscapeUTF16AVX512Random(t *testing.T) {
	if !useAVX512 {
		t.Skip("no AVX-512 on this CPU")
	}
	iters := 20000
	if RaceDetector || testing.Short() {
		iters = 2000
	}
	r := rand.New(rand.NewPCG(7, 77))
	in := guarded(t, 2)
	out := guarded(t, 4) // 16 KiB of room at most before the guard
	var want []byte
	for it := 0; it < iters; it++ {
		var n int
		switch p := r.IntN(100); {
		case p < 60:
			n = r.IntN(130)
		case p < 95:
			n = r.IntN(700)
		default:
			n = r.IntN(2001)
		}
		if 2*n > len(in) {
			n = len(in) / 2
		}
		var s []uint16
		if n > 0 {
			s = unsafe.Slice((*uint16)(unsafe.Pointer(&in[len(in)-2*n])), n)
		}
		// Runs of the classes of a random set of them.
		mask := r.IntN(63) + 1
		for i := 0; i < n; {
			c := r.IntN(6)
			for mask&(1<<c) == 0 {
				c = r.IntN(6)
			}
			run := 1 + r.IntN([]int{4, 40, 120}[r.IntN(3)])
			for ; run > 0 && i < n; run, i = run-1, i+1 {
				s[i] = revUnit(r, c)
			}
		}
		want = fastEscape(want[:0], s)
		rooms := []int{0, 1, len(want), len(want) - 1, len(want) + 1, r.IntN(len(want) + 1), r.IntN(len(want) + 1), r.IntN(len(want) + 300), 6*n + 256}
		for _, room := range rooms {
			if room < 0 || room > len(out) || n == 0 {
				continue
			}
			dst := out[len(out)-room:]
			// 0xEE from 64 bytes before dst to the guard.
			pre := len(out) - room
			for k := max(0, pre-64); k < len(out); k++ {
				out[k] = 0xEE
			}
			var p *byte
			if room > 0 {
				p = &dst[0]
			} else {
				p = &out[len(out)-1] // room 0: pointer anywhere valid
			}
			used, wrote := escapeUTF16AVX512(p, room, &s[0], n, &escapeAVX512Consts)
			if ws := revStop(s, room); used != ws {
				t.Fatalf("it %d n=%d room=%d: used %d, want %d", it, n, room, used, ws)
			}
			if wrote > room || string(dst[:wrote]) != string(fastEscape(nil, s[:used])) {
				t.Fatalf("it %d n=%d room=%d: wrong output (wrote %d)", it, n, room, wrote)
			}
			for k := max(0, pre-64); k < pre; k++ {
				if out[k] != 0xEE {
					t.Fatalf("it %d: wrote before dst", it)
				}
			}
			if room == 0 && out[len(out)-1] != 0xEE {
				t.Fatalf("it %d: room 0 wrote", it)
			}
		}
		// AppendEscape on a prefix, with room random, then exact.
		for k := 0; k < 3; k++ {
			pre := r.IntN(8)
			c := pre + r.IntN(len(want)+2)
			if k == 2 {
				c = pre + len(want)
			}
			var d []byte
			if c <= len(out) {
				d = out[len(out)-c : len(out)-c+pre : len(out)]
			} else {
				d = make([]byte, pre, c)
			}
			for q := range d {
				d[q] = 'P'
			}
			got := AppendEscape(d, s)
			if string(got[pre:]) != string(want) || len(got) != pre+len(want) {
				t.Fatalf("it %d: AppendEscape n=%d pre=%d cap=%d wrong", it, n, pre, c)
			}
			for q := 0; q < pre; q++ {
				if got[q] != 'P' {
					t.Fatalf("prefix clobbered")
				}
			}
		}
		if got := Escape(s); got != string(want) {
			t.Fatalf("it %d: Escape n=%d wrong", it, n)
		}
	}
}
