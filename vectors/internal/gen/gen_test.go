package main

import (
	"github.com/pctest/pctest/internal/spec"

	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestUpToDate checks that the committed vectors files are exactly what the
// generator writes: run "go generate ./vectors/" after changing hand/*.json
// or the generator.
func TestUpToDate(t *testing.T) {
	files, err := build()
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range areas {
		name := filepath.Join("..", "..", a.name+".json")
		old, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(old, files[a.name]) {
			t.Errorf("%s is not what the generator writes: run go generate ./vectors/", name)
		}
	}
}

// TestSetsUpToDate checks that the committed sets.json is exactly what the
// generator writes from internal/spec: run "go generate ./vectors/" after
// changing a set there.
func TestSetsUpToDate(t *testing.T) {
	want, err := setsFile()
	if err != nil {
		t.Fatal(err)
	}
	name := filepath.Join("..", "..", "sets.json")
	old, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(old, want) {
		t.Errorf("%s is not what the generator writes: run go generate ./vectors/", name)
	}
}

// TestModelSelfChecks checks properties of the transcriptions that do not
// depend on any expected value: Encode then Decode is the identity on
// well-formed text, and the WHATWG UTF-8 decoder agrees with Go's on valid
// UTF-8.
func TestModelSelfChecks(t *testing.T) {
	r := rand.New(rand.NewPCG(2, 2))
	for range 3000 {
		var s []rune
		for range r.IntN(6) {
			s = append(s, []rune{'a', '%', '#', '/', ' ', 0x7F, 0x80, 0x7FF, 0x800, 0xD7FF, 0xE000, 0xFFFF, 0x10000, 0x10FFFF}[r.IntN(14)])
		}
		in := spec.Units(string(s))
		enc := spec.ECMAEncode(in, spec.URIUnescaped)
		if enc.Throws != "" {
			t.Fatalf("Encode(%q) throws at %s", string(s), enc.Throws)
		}
		dec := spec.ECMADecode(enc.Out, spec.Set{})
		if dec.Throws != "" || !slices.Equal(dec.Out, in) {
			t.Fatalf("Decode(Encode(%q)) = %04x, %s", string(s), dec.Out, dec.Throws)
		}
		if got := spec.UTF8DecodeWithoutBOM([]byte(string(s))); !slices.Equal(got, in) {
			t.Fatalf("utf8DecodeWithoutBOM(%q) = %04x", string(s), got)
		}
		if got := spec.FormParse(spec.FormSerialize(in)); !slices.Equal(got, in) {
			t.Fatalf("formParse(formSerialize(%q)) = %04x", string(s), got)
		}
	}
}
