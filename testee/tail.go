package testee

import (
	"bytes"
	"fmt"
	"strings"
	"sync"
)

// A tailBuffer keeps the last bytes written to it, up to a fixed size. It is
// how the runner bounds what it keeps of a testee's stderr. It is safe for
// concurrent use.
type tailBuffer struct {
	mu      sync.Mutex
	buf     []byte // ring storage, len == size once full
	size    int
	next    int   // where the next byte goes, once full
	written int64 // bytes ever written
}

// newTailBuffer returns a tailBuffer keeping the last size bytes.
func newTailBuffer(size int) *tailBuffer {
	return &tailBuffer{size: size}
}

// Write keeps the tail of p; it never fails.
func (b *tailBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	n := len(p)
	b.written += int64(n)
	if len(p) >= b.size {
		b.buf = append(b.buf[:0], p[len(p)-b.size:]...)
		b.next = 0
		return n, nil
	}
	if len(b.buf) < b.size {
		room := b.size - len(b.buf)
		if len(p) <= room {
			b.buf = append(b.buf, p...)
			return n, nil
		}
		b.buf = append(b.buf, p[:room]...)
		p = p[room:]
		b.next = 0
	}
	for len(p) > 0 {
		c := copy(b.buf[b.next:], p)
		p = p[c:]
		b.next = (b.next + c) % b.size
	}
	return n, nil
}

// Last returns at most the last n bytes kept, starting at a line boundary
// when one is near, with invalid UTF-8 replaced and control characters but
// newline and tab escaped (see sanitize).
func (b *tailBuffer) Last(n int) string {
	b.mu.Lock()
	var all []byte
	if len(b.buf) < b.size {
		all = append(all, b.buf...)
	} else {
		all = append(append(all, b.buf[b.next:]...), b.buf[:b.next]...)
	}
	written := b.written
	b.mu.Unlock()
	cut := int64(len(all)) < written
	if len(all) > n {
		all = all[len(all)-n:]
		cut = true
	}
	if cut {
		if i := bytes.IndexByte(all, '\n'); i >= 0 && i < len(all)-1 && i < 200 {
			all = all[i+1:]
		}
	}
	return sanitize(strings.ToValidUTF8(string(all), "\uFFFD"))
}

// sanitize escapes what a terminal would act on in s: C0 and C1 control
// characters but newline and tab (escape sequences, carriage returns, NUL,
// backspaces), DEL, and the Unicode format characters that reorder or hide
// text (bidirectional overrides and isolates, zero-width characters). Each
// becomes a Go escape such as \x1b or \u202e.
func sanitize(s string) string {
	clean := true
	for _, r := range s {
		if unsafeRune(r) {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 16)
	for _, r := range s {
		if !unsafeRune(r) {
			b.WriteRune(r)
			continue
		}
		switch {
		case r < 0x80:
			fmt.Fprintf(&b, `\x%02x`, r)
		default:
			fmt.Fprintf(&b, `\u%04x`, r)
		}
	}
	return b.String()
}

// unsafeRune reports whether sanitize escapes r.
func unsafeRune(r rune) bool {
	switch {
	case r == '\n' || r == '\t':
		return false
	case r < 0x20 || r == 0x7F || r >= 0x80 && r < 0xA0:
		return true
	case r >= 0x200B && r <= 0x200F, r >= 0x202A && r <= 0x202E, r >= 0x2066 && r <= 0x2069, r == 0xFEFF:
		return true
	}
	return false
}

// Len returns how many bytes were ever written.
func (b *tailBuffer) Len() int64 {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.written
}
