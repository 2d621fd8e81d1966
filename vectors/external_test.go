package vectors

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestLoadFiles reads a directory and a file of one's own vectors: File is
// the path, Line the vector's line, and a lone surrogate survives.
func TestLoadFiles(t *testing.T) {
	dir := t.TempDir()
	vs := []Vector{
		{ID: "mine.decodeURIComponent.lone", Request: Request{Op: OpDecodeURIComponent, In: []uint16{0xD800}}, Expect: Response{Out: []uint16{0xD800}}, Ref: "r", Level: LevelMust},
		{ID: "mine.decodeURIComponent.b", Request: Request{Op: OpDecodeURIComponent, In: []uint16{'%', '4', '1'}}, Expect: Response{Out: []uint16{'A'}}, Ref: "r", Level: LevelShould, Note: "n"},
	}
	a := filepath.Join(dir, "a.json")
	if err := os.WriteFile(a, AppendFileJSON(nil, "ecmascript", "mine", vs), 0o644); err != nil {
		t.Fatal(err)
	}
	other := filepath.Join(t.TempDir(), "b.json")
	b := []Vector{{ID: "mine.percentDecode.x", Request: Request{Op: OpPercentDecode, In: []uint16{'x'}}, Expect: Response{OutHex: []byte("x")}, Ref: "r", Level: LevelMust}}
	if err := os.WriteFile(other, AppendFileJSON(nil, "rfc3986", "", b), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := LoadFiles(dir, other)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 3 || got[0].File != a || got[0].Line != 2 || got[1].Line != 3 || got[2].File != other || !slices.Equal(got[0].In, []uint16{0xD800}) {
		t.Errorf("got %+v", got)
	}
	if files := FilesOf(got); !slices.Equal(files, []string{a, other}) {
		t.Errorf("FilesOf: %q", files)
	}
}

// TestLoadFilesErrors: each fault is a *FormatError at file:line, an id
// the suite has is one, and so is an id two files share.
func TestLoadFilesErrors(t *testing.T) {
	dir := t.TempDir()
	write := func(name, data string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	one := `{"id":"mine.x","op":"decodeURI","in":"x","out":"x","ref":"r","level":"must"}`
	a := write("a.json", "{\"area\":\"ecmascript\",\"vectors\":[\n"+one+"\n]}\n")
	b := write("b.json", "{\"area\":\"ecmascript\",\"vectors\":[\n"+one+",\n"+
		`{"id":"ecma.decodeURI.reserved-escape-keeps-case","op":"decodeURI","in":"%2f","out":"%2f","ref":"r","level":"must"}`+"\n]}\n")
	c := write("c.json", "{\"area\":\"ecmascript\",\"vectors\":[\n\n"+`{"id":"mine.y","op":"decodeURI","in":"x","ref":"r","level":"must"}`+"\n]}\n")
	_, err := LoadFiles(a, b, c, filepath.Join(dir, "missing.json"))
	if err == nil {
		t.Fatal("no error")
	}
	for _, want := range []string{
		b + `:2: vector "mine.x": field "id": duplicate id (also at ` + a + `:2)`,
		b + `:3: vector "ecma.decodeURI.reserved-escape-keeps-case": field "id": the suite has a vector of this id (in ecmascript.json)`,
		c + `:3: vector "mine.y"`,
		"missing.json: no such file",
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error lacks %q:\n%v", want, err)
		}
	}
	var fe *FormatError
	if !errors.As(err, &fe) || fe.File != b || fe.Line != 2 {
		t.Errorf("first *FormatError: %+v", fe)
	}
}

// TestReadUserFileBounded: a file that never ends is a *FormatError that
// names it, read up to MaxFileSize, not an exhausted memory.
func TestReadUserFileBounded(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero here")
	}
	_, err := ReadUserFile("/dev/zero")
	var fe *FormatError
	if !errors.As(err, &fe) || fe.File != "/dev/zero" || !strings.Contains(err.Error(), "longer than 64 MiB") {
		t.Errorf("got %v, want a *FormatError naming /dev/zero and the bound", err)
	}
	if _, err := LoadFiles("/dev/zero"); !errors.As(err, &fe) {
		t.Errorf("LoadFiles: %v", err)
	}
}
