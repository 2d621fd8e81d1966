package testee

import (
	"bytes"
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
// when one is near, with invalid UTF-8 replaced.
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
	return strings.ToValidUTF8(string(all), "\uFFFD")
}

// Len returns how many bytes were ever written.
func (b *tailBuffer) Len() int64 {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.written
}
