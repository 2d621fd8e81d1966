package mutants

import "testing"

// TestEscape1FHashInput checks the rewrite on octets and on code units:
// only an escape %1F or %1f followed by '#' changes, and an input with
// nothing to rewrite comes back itself.
func TestEscape1FHashInput(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"%1F#", "%1E#"},
		{"a%1f#b%1F#", "a%1E#b%1E#"},
		{"%1F", "%1F"},
		{"%1F%23", "%1F%23"},
		{"%1E#", "%1E#"},
		{"1F#", "1F#"},
		{"", ""},
	} {
		if got := string(Escape1FHashInput([]byte(tt.in))); got != tt.want {
			t.Errorf("Escape1FHashInput(%q) = %q, want %q", tt.in, got, tt.want)
		}
		u := make([]uint16, len(tt.in))
		for i := range u {
			u[i] = uint16(tt.in[i])
		}
		got := Escape1FHashInput(u)
		for i := range got {
			if got[i] != uint16(tt.want[i]) {
				t.Errorf("Escape1FHashInput(units of %q) = %v, want the units of %q", tt.in, got, tt.want)
				break
			}
		}
	}
	in := []byte("no escape here")
	if got := Escape1FHashInput(in); &got[0] != &in[0] {
		t.Error("Escape1FHashInput copied an input it did not rewrite")
	}
}
