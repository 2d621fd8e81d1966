package testee

import "testing"

func TestTailBuffer(t *testing.T) {
	b := newTailBuffer(16)
	b.Write([]byte("0123456789"))
	if got := b.Last(100); got != "0123456789" {
		t.Errorf("Last = %q", got)
	}
	b.Write([]byte("abcdefghij"))
	if got := b.Last(100); got != "456789abcdefghij" {
		t.Errorf("Last after wrapping = %q", got)
	}
	b.Write([]byte("line one\nline two\n"))
	if got := b.Last(100); got != "line two\n" {
		t.Errorf("Last cut at a line = %q", got)
	}
	if b.Len() != 38 {
		t.Errorf("Len = %d", b.Len())
	}
}
