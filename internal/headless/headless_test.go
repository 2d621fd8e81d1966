package headless

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"testing"
)

// TestEncodePage checks the bytes of a page: ASCII as it is for an
// ASCII-compatible label, UTF-16 without a BOM in the label's byte order.
func TestEncodePage(t *testing.T) {
	for _, c := range []struct {
		label string
		want  []byte
	}{
		{"shift_jis", []byte("<a>")},
		{"UTF-16LE", []byte{'<', 0, 'a', 0, '>', 0}},
		{"utf-16", []byte{'<', 0, 'a', 0, '>', 0}},
		{"utf-16be", []byte{0, '<', 0, 'a', 0, '>'}},
	} {
		if got := EncodePage("<a>", c.label); !bytes.Equal(got, c.want) {
			t.Errorf("EncodePage(%q): % x, want % x", c.label, got, c.want)
		}
	}
}

// TestPageUnfit checks which labels no page can be served in.
func TestPageUnfit(t *testing.T) {
	for label, unfit := range map[string]bool{"windows-1252": false, "ISO-2022-KR": true, "replacement": true, " utf-8": true, "utf-16le": false} {
		if got := PageUnfit(label) != ""; got != unfit {
			t.Errorf("PageUnfit(%q) = %q, want unfit %v", label, PageUnfit(label), unfit)
		}
	}
}

// TestStartUnknownKind checks that an unknown browser is refused with
// the kinds named, and that nothing is left listening.
func TestStartUnknownKind(t *testing.T) {
	_, err := Start(context.Background(), "lynx", "/bin/true", http.NewServeMux())
	if err == nil || !bytes.Contains([]byte(err.Error()), []byte("webkitgtk")) {
		t.Fatalf("Start(lynx): %v, want an error naming the kinds", err)
	}
	var nse *NoScriptError
	if errors.As(err, &nse) {
		t.Errorf("Start(lynx) gave a NoScriptError: %v", err)
	}
}
