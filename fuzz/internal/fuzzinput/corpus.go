package fuzzinput

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// ReadCorpusDir reads the inputs that go test -fuzz keeps for one target in
// dir (a target's directory of its fuzz cache, or of testdata/fuzz), so that
// a benchmark or a profile can run a check over the inputs a campaign grew.
// It returns each file's arguments in order; see ReadCorpusFile.
func ReadCorpusDir(dir string) ([][]any, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var out [][]any
	for _, e := range ents {
		if e.IsDir() {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			return nil, err
		}
		args, err := ReadCorpusFile(data)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", e.Name(), err)
		}
		out = append(out, args)
	}
	return out, nil
}

// ReadCorpusFile parses a file in go test's corpus format ("go test fuzz
// v1", then one Go literal per argument and line) for the argument types
// the targets take: []byte, string and byte.
func ReadCorpusFile(data []byte) ([]any, error) {
	lines := strings.Split(strings.TrimSpace(string(bytes.ReplaceAll(data, []byte("\r\n"), []byte("\n")))), "\n")
	if len(lines) == 0 || lines[0] != "go test fuzz v1" {
		return nil, fmt.Errorf("not a go test fuzz v1 file")
	}
	var args []any
	for _, l := range lines[1:] {
		l = strings.TrimSpace(l)
		typ, lit, ok := strings.Cut(l, "(")
		if !ok || !strings.HasSuffix(lit, ")") {
			return nil, fmt.Errorf("cannot read %q", l)
		}
		lit = lit[:len(lit)-1]
		switch typ {
		case "[]byte", "string":
			s, err := strconv.Unquote(lit)
			if err != nil {
				return nil, fmt.Errorf("%q: %w", l, err)
			}
			if typ == "string" {
				args = append(args, s)
			} else {
				args = append(args, []byte(s))
			}
		case "byte", "uint8":
			if r, err := strconv.Unquote(lit); err == nil && len(r) == 1 {
				args = append(args, r[0])
				continue
			} else if err == nil {
				// '\u00e9' style: a rune below 256.
				if v := []rune(r); len(v) == 1 && v[0] < 256 {
					args = append(args, byte(v[0]))
					continue
				}
			}
			v, err := strconv.ParseUint(lit, 0, 8)
			if err != nil {
				return nil, fmt.Errorf("%q: %w", l, err)
			}
			args = append(args, byte(v))
		default:
			return nil, fmt.Errorf("%q: type %s not supported", l, typ)
		}
	}
	return args, nil
}

// MarshalCorpusFile writes args (each a []byte, string or byte) in go
// test's corpus format, as go test -fuzz writes a file of testdata/fuzz or
// of its cache; ReadCorpusFile reads it back.
func MarshalCorpusFile(args []any) ([]byte, error) {
	b := []byte("go test fuzz v1\n")
	for i, a := range args {
		switch a := a.(type) {
		case []byte:
			b = fmt.Appendf(b, "[]byte(%q)\n", a)
		case string:
			b = fmt.Appendf(b, "string(%q)\n", a)
		case byte:
			b = fmt.Appendf(b, "byte(%q)\n", a)
		default:
			return nil, fmt.Errorf("argument %d: type %T not supported", i, a)
		}
	}
	return b, nil
}
