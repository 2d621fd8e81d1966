package fuzzinput

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/pctest/pctest/vectors"
)

// TestSeedVectorsExist checks that the ops the targets seed from have
// vectors: a target seeded from nothing would fuzz from an empty corpus
// without saying so.
func TestSeedVectorsExist(t *testing.T) {
	for _, op := range vectors.Ops() {
		vs, err := Vectors(op.Name)
		if err != nil {
			t.Fatal(err)
		}
		if len(vs) == 0 {
			t.Errorf("op %s has no vectors to seed from", op.Name)
		}
	}
}

// TestUnitsOf checks the UTF-16 builder: UnitsBytes inverts it, and it
// makes lone surrogates from single bytes.
func TestUnitsOf(t *testing.T) {
	for _, s := range [][]uint16{
		{},
		{'a', '%', '4', '1'},
		{0xD800},
		{0xDC00, 'x', 0xD83D, 0xDE00},
		{0x80, 0xFFFF, 0x00A0, 0xFF00, 0x7F},
	} {
		if got := Units(UnitsBytes(s)); !slices.Equal(got, s) {
			t.Errorf("Units(UnitsBytes(%s)) = %s", UnitsString(s), UnitsString(got))
		}
	}
	for _, c := range []struct {
		in   []byte
		want []uint16
	}{
		{[]byte{'%', 0x80, 'A'}, []uint16{'%', 0xD800, 'A'}},
		{[]byte{0x88}, []uint16{0xDC00}},
		{[]byte{0x95}, []uint16{0xFFFD}},
		{[]byte{0xA0, 0xD8}, []uint16{0xD800}},
		{[]byte{0xFF}, []uint16{0}},
	} {
		if got := Units(c.in); !slices.Equal(got, c.want) {
			t.Errorf("Units(%q) = %s, want %s", c.in, UnitsString(got), UnitsString(c.want))
		}
	}
	if got := FirstLoneSurrogate(Units([]byte{0x80, 0x88, 0x88})); got != 2 {
		t.Errorf("FirstLoneSurrogate of a pair then a low surrogate = %d, want 2", got)
	}
}

// TestReadCorpusFile reads files as go test -fuzz writes them.
func TestReadCorpusFile(t *testing.T) {
	for _, c := range []struct {
		file string
		want []any
	}{
		{"go test fuzz v1\nbyte('\\x15')\n[]byte(\"\\xef88%\")\n", []any{byte(0x15), []byte("\xef88%")}},
		{"go test fuzz v1\nbyte('A')\n[]byte(\"\")\n", []any{byte('A'), []byte{}}},
		{"go test fuzz v1\nbyte('\\u00e9')\n[]byte(\"x\")\n", []any{byte(0xE9), []byte("x")}},
		{"go test fuzz v1\nstring(\"a\\\"b\")\nstring(\"%zz\")\n", []any{"a\"b", "%zz"}},
	} {
		got, err := ReadCorpusFile([]byte(c.file))
		if diff := cmp.Diff(c.want, got); err != nil || diff != "" {
			t.Errorf("ReadCorpusFile(%q): %v, (-want +got):\n%s", c.file, err, diff)
		}
	}
	if _, err := ReadCorpusFile([]byte("go test fuzz v1\nint(3)\n")); err == nil {
		t.Error("ReadCorpusFile accepted an int argument")
	}
}

// TestMarshalCorpusFile checks that ReadCorpusFile reads back what
// MarshalCorpusFile writes, for every byte value and for invalid UTF-8.
func TestMarshalCorpusFile(t *testing.T) {
	var all []byte
	for b := range 256 {
		all = append(all, byte(b))
	}
	for _, args := range [][]any{
		{byte(0x15), []byte("\xef88%")},
		{byte(0xE9), []byte{}},
		{"a\"b\\", "%zz\xff"},
		{string(all)},
		{all},
	} {
		data, err := MarshalCorpusFile(args)
		if err != nil {
			t.Fatal(err)
		}
		got, err := ReadCorpusFile(data)
		if diff := cmp.Diff(args, got); err != nil || diff != "" {
			t.Errorf("ReadCorpusFile(MarshalCorpusFile(%#v)): %v, (-want +got):\n%s", args, err, diff)
		}
	}
	for b := range 256 {
		data, _ := MarshalCorpusFile([]any{byte(b)})
		if got, err := ReadCorpusFile(data); err != nil || got[0] != byte(b) {
			t.Errorf("byte %#x: read back %#v, %v from %q", b, got, err, data)
		}
	}
	if _, err := MarshalCorpusFile([]any{3}); err == nil {
		t.Error("MarshalCorpusFile accepted an int")
	}
}

// namedAdder is an Adder with a name, as *testing.F is.
type namedAdder struct {
	name string
	n    int
}

func (a *namedAdder) Add(args ...any) { a.n++ }
func (a *namedAdder) Name() string    { return a.name }

// TestDumpSeeds checks that dumpSeeds writes every seed, in order and
// numbered on across calls, under the target's name.
func TestDumpSeeds(t *testing.T) {
	dir := t.TempDir()
	f := &namedAdder{name: "FuzzX"}
	if err := dumpSeeds(dir, f, [][]any{{byte(1), []byte("a")}, {byte(2), []byte("b")}}); err != nil {
		t.Fatal(err)
	}
	if err := dumpSeeds(dir, f, [][]any{{byte(3), []byte("c")}}); err != nil {
		t.Fatal(err)
	}
	got, err := ReadCorpusDir(filepath.Join(dir, "FuzzX"))
	want := [][]any{{byte(1), []byte("a")}, {byte(2), []byte("b")}, {byte(3), []byte("c")}}
	if diff := cmp.Diff(want, got); err != nil || diff != "" {
		t.Fatalf("ReadCorpusDir: %v, seeds (-want +got):\n%s", err, diff)
	}
	if err := dumpSeeds(dir, struct{ Adder }{f}, nil); err == nil {
		t.Error("dumpSeeds accepted an Adder without a name")
	}
}

// TestSeedsSkipShim checks that seeding adds nothing, and loads nothing, for
// go-118-fuzz-build's shim (an Adder named "libFuzzer").
func TestSeedsSkipShim(t *testing.T) {
	shim := &namedAdder{name: "libFuzzer"}
	built := false
	if err := addSeeds(shim, "shim test", func() ([][]any, error) {
		built = true
		return [][]any{{byte(1)}}, nil
	}); err != nil || built || shim.n != 0 {
		t.Errorf("addSeeds for the shim: err %v, built %v, %d added", err, built, shim.n)
	}
	if err := SeedLabeled(shim, "queryEncode"); err != nil || shim.n != 0 {
		t.Errorf("SeedLabeled for the shim: err %v, %d added", err, shim.n)
	}
	f := &namedAdder{name: "FuzzX"}
	if err := SeedOctets(f, "utf8DecodeReplace"); err != nil || f.n == 0 {
		t.Errorf("SeedOctets for a Fuzz function: err %v, %d added", err, f.n)
	}
}

// TestLabels checks that Labels gives the sorted labels of the vectors, the
// same from its cache, and an error for an unknown op.
func TestLabels(t *testing.T) {
	a, err := Labels("queryEncode")
	if err != nil || len(a) < 2 || !slices.IsSorted(a) {
		t.Fatalf("Labels(queryEncode) = %q, %v", a, err)
	}
	if b, err := Labels("queryEncode"); err != nil || cmp.Diff(a, b) != "" {
		t.Errorf("Labels(queryEncode) again: %v, (-first +again):\n%s", err, cmp.Diff(a, b))
	}
	if _, err := Labels("noSuchOp"); err == nil {
		t.Error("Labels accepted an unknown op")
	}
}

// recordingAdder keeps what it is given.
type recordingAdder struct{ seeds [][]any }

func (a *recordingAdder) Add(args ...any) { a.seeds = append(a.seeds, args) }

// TestClipSeeds checks that seeding clips every []byte and string argument
// to MaxLen, as the targets clip their inputs, keeps the other arguments
// and the order, and drops a seed that clipping makes equal to an earlier
// one; and that the formEncode vectors of 1 to 8 KB, the same 160 bytes to
// FormEncode, seed it once.
func TestClipSeeds(t *testing.T) {
	long := strings.Repeat("a", MaxLen)
	got := clipSeeds([][]any{
		{byte(1), []byte(long + "b")},
		{byte(1), []byte(long + "cc")},
		{byte(2), []byte(long + "b")},
		{"x", long + "d"},
		{"x", long},
		{byte(1), []byte("short")},
		{"ab", "c"},
		{"a", "bc"},
	})
	want := [][]any{
		{byte(1), []byte(long)},
		{byte(2), []byte(long)},
		{"x", long},
		{byte(1), []byte("short")},
		{"ab", "c"},
		{"a", "bc"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("clipSeeds (-want +got):\n%s", diff)
	}

	f := &recordingAdder{}
	if err := SeedSetOctets(f, "whatwg.form-urlencoded", "formEncode"); err != nil {
		t.Fatal(err)
	}
	vs, err := Vectors("formEncode")
	if err != nil {
		t.Fatal(err)
	}
	longVectors, longSeeds := 0, 0
	for _, v := range vs {
		if len(InputOctets(v)) > MaxLen {
			longVectors++
		}
	}
	for _, s := range f.seeds {
		if n := len(s[1].([]byte)); n > MaxLen {
			t.Fatalf("a formEncode seed of %d bytes, more than MaxLen (%d)", n, MaxLen)
		} else if n == MaxLen {
			longSeeds++
		}
	}
	if longVectors < 2 || longSeeds != 1 {
		t.Errorf("%d formEncode vectors longer than MaxLen gave %d seeds of MaxLen bytes; want one (they share their first MaxLen bytes)", longVectors, longSeeds)
	}
}

// TestSeedUnitShapes checks that every seed SeedUnitShapes adds reaches the
// codec's vector paths (64 code units or more once Units reads it) and fits
// MaxLen, so that the targets do not clip it.
func TestSeedUnitShapes(t *testing.T) {
	var a recordingAdder
	if err := SeedUnitShapes(&a); err != nil {
		t.Fatal(err)
	}
	if len(a.seeds) != 2*len(unitShapes) {
		t.Fatalf("%d seeds, want 2 for each of %d shapes", len(a.seeds), len(unitShapes))
	}
	for _, s := range a.seeds {
		b, ok := s[0].([]byte)
		if len(s) != 1 || !ok {
			t.Fatalf("seed %v: want one []byte", s)
		}
		if n := len(Units(b)); n < 64 || len(b) > MaxLen {
			t.Errorf("seed %q: %d bytes, %d code units; want at most %d bytes and at least 64 units", b, len(b), n, MaxLen)
		}
	}
}
