package main

import (
	"github.com/pctest/pctest/internal/spec"

	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"unicode/utf8"

	"golang.org/x/net/idna"
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

// TestPunycode checks the Punycode transcription on the samples of RFC 3492
// §7.1 and on the IRI examples.
func TestPunycode(t *testing.T) {
	for _, tt := range []struct {
		in  []rune
		out string
	}{
		{[]rune{0x0644, 0x064A, 0x0647, 0x0645, 0x0627, 0x0628, 0x062A, 0x0643, 0x0644, 0x0645, 0x0648, 0x0634, 0x0639, 0x0631, 0x0628, 0x064A, 0x061F},
			"egbpdaj6bu4bxfgehfvwxn"}, // (A) Arabic (Egyptian)
		{[]rune{0x4ED6, 0x4EEC, 0x4E3A, 0x4EC0, 0x4E48, 0x4E0D, 0x8BF4, 0x4E2D, 0x6587}, "ihqwcrb4cv8a8dqg056pqjye"}, // (B)
		{[]rune{0x0033, 0x5E74, 0x0042, 0x7D44, 0x91D1, 0x516B, 0x5148, 0x751F}, "3B-ww4c5e180e575a65lsy2b"},         // (L)
		{[]rune("例え"), "r8jz45g"},
		{[]rune("résumé"), "rsum-bpad"},
		{[]rune("納豆"), "99zt52a"},
	} {
		if got := punyEncode(tt.in); got != tt.out {
			t.Errorf("punyEncode(%q) = %q, want %q", string(tt.in), got, tt.out)
		}
		if got, ok := punyDecode(tt.out); !ok || !slices.Equal(got, tt.in) {
			t.Errorf("punyDecode(%q) = %q, %v; want %q", tt.out, string(got), ok, string(tt.in))
		}
	}
	// Against golang.org/x/net/idna's Punycode profile, on random labels.
	r := rand.New(rand.NewPCG(1, 1))
	pool := []rune{'a', 'z', '0', '-', 0xE9, 0xFC, 0x4F8B, 0x3048, 0x10000, 0x1F600, 0x10FFFD, 0x0644}
	for range 2000 {
		l := make([]rune, 1+r.IntN(8))
		for i := range l {
			if r.IntN(2) == 0 {
				l[i] = pool[r.IntN(len(pool))]
			} else {
				l[i] = rune(0x80 + r.IntN(0x3000))
			}
		}
		if !utf8.ValidString(string(l)) || isASCII(string(l)) {
			continue
		}
		want, err := idna.Punycode.ToASCII(string(l))
		if err != nil {
			continue
		}
		if got := "xn--" + punyEncode(l); got != want {
			t.Fatalf("punyEncode(%q) = %q, idna says %q", string(l), got, want)
		}
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
