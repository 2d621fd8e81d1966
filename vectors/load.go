package vectors

import (
	"bytes"
	_ "embed" // the corpus
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"regexp"
	"slices"
	"strconv"
	"sync"
	"unicode/utf8"
	"unsafe"

	"github.com/pctest/pctest/internal/spec"
)

//go:generate go run ./internal/gen -dir .

// The corpus: one file per area, in the order of [Ops]. Each is embedded
// as a string, not in an embed.FS, whose ReadFile copies the file: Load
// parses the strings where they lie (readOnly), so that a run does not
// first copy 3 MB of JSON into memory it has to fault in.
var (
	//go:embed ecmascript.json
	ecmascriptJSON string
	//go:embed rfc3986.json
	rfc3986JSON string
	//go:embed whatwg.json
	whatwgJSON string
	//go:embed form.json
	formJSON string
	//go:embed neturl.json
	neturlJSON string
	//go:embed iri.json
	iriJSON string
	//go:embed annexb.json
	annexbJSON string
	//go:embed encoding.json
	encodingJSON string
)

// corpus names the embedded files, in the order of [Ops], and holds them.
var corpus = [...]struct {
	name string
	data *string
}{
	{"ecmascript.json", &ecmascriptJSON}, {"rfc3986.json", &rfc3986JSON}, {"whatwg.json", &whatwgJSON},
	{"form.json", &formJSON}, {"neturl.json", &neturlJSON}, {"iri.json", &iriJSON},
	{"annexb.json", &annexbJSON}, {"encoding.json", &encodingJSON},
}

// files are the names of corpus's files, in its order.
var files = func() []string {
	names := make([]string, len(corpus))
	for i, f := range corpus {
		names[i] = f.name
	}
	return names
}()

// corpusFile returns the contents of the embedded vectors file name, and
// whether there is one.
func corpusFile(name string) (string, bool) {
	for _, f := range corpus {
		if f.name == name {
			return *f.data, true
		}
	}
	return "", false
}

// readOnly returns the bytes of s without copying them, for code that
// only reads them (LoadFile, a hash's Write): the bytes of an embedded
// string lie in read-only memory, where a write faults.
func readOnly(s string) []byte { return unsafe.Slice(unsafe.StringData(s), len(s)) }

// Files returns the names of the embedded vectors files, one per area, in
// the order Load reads them.
func Files() []string { return slices.Clone(files) }

// ReadFile returns a copy of the bytes of the embedded vectors file name,
// one of [Files], or an error that names it when it is not one.
func ReadFile(name string) ([]byte, error) {
	data, ok := corpusFile(name)
	if !ok {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	return []byte(data), nil
}

// Load reads every embedded vectors file (see [Files]) with [LoadFile] and
// returns all their vectors, file by file, each file in its own order. Ids
// are unique across files. An error joins up to 20 [*FormatError] values.
func Load() ([]Vector, error) {
	data := make([][]byte, len(corpus))
	for i, f := range corpus {
		data[i] = readOnly(*f.data)
	}
	return loadFiles(files, data)
}

// loadFiles is Load for the files names, whose contents are data (only
// read). The files are parsed at once, each on a goroutine of its own,
// into its own part of one slice, as large as the file's idHint, so that
// the vectors are not copied from one slice per file into the result; the
// first error, in the order of files, is the one returned.
func loadFiles(names []string, data [][]byte) ([]Vector, error) {
	hints, offs := make([]int, len(names)), make([]int, len(names))
	total := 0
	for i := range names {
		hints[i], offs[i] = idHint(data[i]), total
		total += hints[i]
	}
	all := make([]Vector, total)
	perFile := make([][]Vector, len(names))
	fileErrs := make([]error, len(names))
	var wg sync.WaitGroup
	for i, name := range names {
		part := all[offs[i] : offs[i] : offs[i]+hints[i]]
		wg.Go(func() { perFile[i], fileErrs[i] = loadFile(name, data[i], part) })
	}
	wg.Wait()
	n := 0
	inPlace := true
	for i, vs := range perFile {
		if fileErrs[i] != nil {
			return nil, fileErrs[i]
		}
		// A file with more vectors than its hint (a member name "id"
		// written with an escape) has them in a slice of its own: append
		// left the part. With no more, they are in the part.
		inPlace = inPlace && len(vs) <= hints[i]
		n += len(vs)
	}
	if inPlace {
		// Close the gaps that files with fewer vectors than their hint
		// (an "id" that names no vector) left: each part moves down, or
		// stays, onto parts already moved.
		w := 0
		for _, vs := range perFile {
			w += copy(all[w:], vs)
		}
		clear(all[w:])
		all = all[:w]
	} else {
		all = make([]Vector, 0, n)
		for _, vs := range perFile {
			all = append(all, vs...)
		}
	}
	seen := make(map[string]string, n)
	var errs []error
	for _, v := range all {
		if f, dup := seen[v.ID]; dup {
			errs = append(errs, &FormatError{File: v.File, Line: v.Line, ID: v.ID, Field: "id",
				Reason: "duplicate id (also in " + f + ")"})
			if len(errs) >= maxErrors {
				break
			}
		}
		seen[v.ID] = v.File
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return all, nil
}

const maxErrors = 20

// LoadFile parses data, the contents of the vectors file name, and returns
// its vectors in order, each with File set to name and Line to the line of
// its opening brace.
//
// The file is a JSON object {"area": A, "description": D, "vectors": [...]}
// ("description" optional) and each vector is checked against the format of
// README.md: an id unique in the file, an op of area A (see [Ops]), exactly
// the input member of the op's input Kind ("in" or "in_hex"), exactly the
// op's required args and no others, exactly one of "out"/"out_hex" (by the
// op's output Kind) and "error" (one of the op's error kinds), a non-empty
// "ref", a "level" of "must", "should" or "implementation-defined" (see
// [Levels]), an optional "note", an optional "source" (an https URL with a
// host, no spaces), and no other
// members. Text input to an op outside the ecmascript area must be valid
// UTF-16, since such ops take the input's UTF-8.
//
// LoadFile never panics. An error joins up to 20 [*FormatError] values,
// each naming the file, line, vector id and field.
func LoadFile(name string, data []byte) ([]Vector, error) {
	return loadFile(name, data, make([]Vector, 0, idHint(data)))
}

// idHint returns how many times the JSON string "id" stands in data, as a
// member's name or any string: room for as many vectors, a hint. For
// LoadFile more or fewer only cost a reallocation; for loadFiles, more
// leave a gap to close, fewer make it concatenate the files' vectors.
func idHint(data []byte) int { return bytes.Count(data, []byte(`"id"`)) }

// loadFile is LoadFile appending the vectors to vs, which has no length:
// in place when they fit its capacity. It only reads data.
func loadFile(name string, data []byte, vs []Vector) ([]Vector, error) {
	lines := lineIndex(data)
	fail := func(off int, id, field, reason string, err error) error {
		return &FormatError{File: name, Line: lines.line(off), ID: id, Field: field, Reason: reason, Err: err}
	}
	// The vectors are read as the parser reaches them, so that the parse
	// tree of the whole file is never built; what is wrong with them is
	// reported below, after what is wrong with the file, as before.
	type read struct {
		err error
		off int
	}
	reads := make([]read, 0, cap(vs))
	top, err := parseJSONStreaming(data, "vectors", func(e jsonValue) {
		v, err := vectorFromJSON(e)
		// Its code units are the parser's, valid only during this call.
		v.In, v.Expect.Out = slices.Clone(v.In), slices.Clone(v.Expect.Out)
		vs = append(vs, v)
		reads = append(reads, read{err, e.off})
	})
	if err != nil {
		var se *SyntaxError
		off := 0
		if errors.As(err, &se) {
			off = se.Offset
		}
		return nil, fail(off, "", "", err.Error(), err)
	}
	if top.kind != jsonObject {
		return nil, fail(top.off, "", "", "want a JSON object with members area and vectors", nil)
	}
	var area string
	var list jsonValue
	for _, m := range top.members {
		switch m.name {
		case "area":
			if m.val.kind != jsonString {
				return nil, fail(m.off, "", "area", "want a string", nil)
			}
			area = utf16String(m.val.str)
		case "description":
			if m.val.kind != jsonString {
				return nil, fail(m.off, "", "description", "want a string", nil)
			}
		case "vectors":
			if m.val.kind != jsonArray {
				return nil, fail(m.off, "", "vectors", "want an array", nil)
			}
			list = m.val
		default:
			return nil, fail(m.off, "", m.name, "unknown member of a vectors file", nil)
		}
	}
	if area == "" {
		return nil, fail(top.off, "", "area", "missing", nil)
	}
	if !slices.ContainsFunc(ops, func(op OpInfo) bool { return op.Area == area }) {
		return nil, fail(top.off, "", "area", "unknown area "+strconv.Quote(area), nil)
	}
	if list.kind != jsonArray {
		return nil, fail(top.off, "", "vectors", "missing", nil)
	}

	// The vectors without errors are kept in place, in order.
	all := vs
	vs = vs[:0]
	seen := make(map[string]int, len(all))
	var errs []error
	for i, e := range reads {
		v, err := all[i], e.err
		if err == nil {
			if op, _ := v.Op.Info(); op.Area != area {
				err = &fieldError{field: "op", reason: "op " + string(v.Op) + " belongs to area " + op.Area + ", not " + area, off: e.off}
			} else if prev, dup := seen[v.ID]; dup {
				err = &fieldError{field: "id", reason: "duplicate id (first at line " + strconv.Itoa(prev) + ")", off: e.off}
			}
		}
		if err != nil {
			var fe *fieldError
			if errors.As(err, &fe) {
				errs = append(errs, fail(fe.off, v.ID, fe.field, fe.reason, nil))
			} else {
				errs = append(errs, fail(e.off, v.ID, "", err.Error(), err))
			}
			if len(errs) >= maxErrors {
				break
			}
			continue
		}
		v.File = name
		v.Line = lines.line(e.off)
		seen[v.ID] = v.Line
		vs = append(vs, v)
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return vs, nil
}

// idBytes are the bytes a vector id may hold: A-Z a-z 0-9 . _ + -.
var idBytes = func() (t [256]bool) {
	for _, c := range []byte("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._+-") {
		t[c] = true
	}
	return t
}()

// badIDByte returns the index of the first byte of id that a vector id may
// not hold (see idBytes), or -1.
func badIDByte(id string) int {
	for i := 0; i < len(id); i++ {
		if !idBytes[id[i]] {
			return i
		}
	}
	return -1
}

// vectorFromJSON reads and checks one vector object. Its errors are
// *fieldError values; the returned Vector has its ID set whenever it could
// be read, also with an error.
func vectorFromJSON(e jsonValue) (Vector, error) {
	var v Vector
	if e.kind != jsonObject {
		return v, &fieldError{reason: "want a vector object, got " + e.kind.String(), off: e.off}
	}
	str := func(name string, required bool) (string, error) {
		m, ok := member(e, name)
		if !ok {
			if required {
				return "", &fieldError{field: name, reason: "missing", off: e.off}
			}
			return "", nil
		}
		if m.kind != jsonString {
			return "", fieldErr(name, m, "want a string, got "+m.kind.String())
		}
		if required && len(m.str) == 0 {
			return "", fieldErr(name, m, "empty")
		}
		return utf16String(m.str), nil
	}
	var err error
	if v.ID, err = str("id", true); err != nil {
		return v, err
	}
	if i := badIDByte(v.ID); i >= 0 {
		m, _ := member(e, "id")
		id := v.ID
		v.ID = "" // not to be printed as it is
		r, _ := utf8.DecodeRuneInString(id[i:])
		return v, fieldErr("id", m, fmt.Sprintf("%q holds %q at byte %d: an id is made of A-Z a-z 0-9 . _ + - (vectors/README.md, Ids), so that a list of ids and a shell command can hold it", id, r, i))
	}
	for _, m := range e.members {
		if !slices.Contains(vectorMembers, m.name) {
			return v, &fieldError{field: m.name, reason: "unknown member of a vector", off: m.off}
		}
	}
	if v.Request, err = requestFromJSON(e, false); err != nil {
		return v, err
	}
	op, ok := v.Op.Info()
	if !ok {
		m, _ := member(e, "op")
		return v, fieldErr("op", m, "unknown op "+strconv.Quote(string(v.Op)))
	}
	if op.In == Text && !op.Units {
		if i := firstLoneSurrogate(v.In); i >= 0 {
			m, _ := member(e, "in")
			return v, fieldErr("in", m, "lone surrogate at code unit "+strconv.Itoa(i)+": op "+string(op.Name)+" takes the input's UTF-8")
		}
	}
	for _, a := range op.Args {
		if _, ok := v.Args[a]; !ok {
			return v, &fieldError{field: "args." + a, reason: "missing: op " + string(op.Name) + " requires it", off: e.off}
		}
	}
	for k := range v.Args {
		if !slices.Contains(op.Args, k) {
			m, _ := member(e, "args")
			return v, fieldErr("args."+k, m, "op "+string(op.Name)+" takes no such argument")
		}
	}
	if name, ok := v.Args["set"]; ok {
		if _, known := SetByName(name); !known {
			m, _ := member(e, "args")
			return v, fieldErr("args.set", m, "unknown encode set "+strconv.Quote(name)+" (vectors/sets.json names them)")
		}
	}
	if label, ok := v.Args["encoding"]; ok {
		if _, known := spec.GetEncoding(label); !known {
			m, _ := member(e, "args")
			return v, fieldErr("args.encoding", m, "unknown encoding label "+strconv.Quote(label)+" (the WHATWG Encoding Standard's labels)")
		}
	}
	if v.Expect, err = responseFromJSON(e, false); err != nil {
		return v, err
	}
	switch {
	case v.Expect.Error != "":
		if !slices.Contains(op.Errors, v.Expect.Error) {
			m, _ := member(e, "error")
			return v, fieldErr("error", m, "op "+string(op.Name)+" has no error kind "+strconv.Quote(v.Expect.Error))
		}
	case op.Out == Text && v.Expect.Out == nil:
		m, _ := member(e, "out_hex")
		return v, fieldErr("out_hex", m, "op "+string(op.Name)+" answers text: want out")
	case op.Out == Octets && v.Expect.OutHex == nil:
		m, _ := member(e, "out")
		return v, fieldErr("out", m, "op "+string(op.Name)+" answers octets: want out_hex")
	}
	if v.Ref, err = str("ref", true); err != nil {
		return v, err
	}
	if v.Level, err = str("level", true); err != nil {
		return v, err
	}
	if !slices.Contains(Levels(), v.Level) {
		m, _ := member(e, "level")
		return v, fieldErr("level", m, "want \"must\", \"should\" or \"implementation-defined\", got "+strconv.Quote(v.Level))
	}
	if v.Note, err = str("note", false); err != nil {
		return v, err
	}
	if v.Source, err = str("source", false); err != nil {
		return v, err
	}
	if m, ok := member(e, "source"); ok {
		if reason := checkSource(v.Source); reason != "" {
			return v, fieldErr("source", m, reason)
		}
	}
	return v, nil
}

// vectorMembers are the members a vector object may have.
var vectorMembers = []string{"id", "op", "in", "in_hex", "args", "out", "out_hex", "error", "ref", "level", "note", "source"}

// checkSource says what is wrong with a vector's source, or "" if it is an
// https URL: "https://", a host, and no space, control or non-ASCII
// character (the schema's pattern).
func checkSource(s string) string {
	if !sourceRE.MatchString(s) {
		return "want an https URL (https://host/...), printable ASCII without spaces, got " + strconv.Quote(s)
	}
	return ""
}

var sourceRE = regexp.MustCompile(`^https://[A-Za-z0-9.-]+(:[0-9]+)?(/[!-~]*)?$`)

func firstLoneSurrogate(u []uint16) int {
	for i := 0; i < len(u); i++ {
		c := u[i]
		if c < 0xD800 || c > 0xDFFF {
			continue
		}
		if c <= 0xDBFF && i+1 < len(u) && u[i+1] >= 0xDC00 && u[i+1] <= 0xDFFF {
			i++
			continue
		}
		return i
	}
	return -1
}

// AppendVectorJSON appends v as a one-line JSON object of the vector format
// (README.md), without a trailing newline, and returns the extended buffer.
// Members come in the order id, op, in or in_hex, args, out or out_hex or
// error, ref, level, note, source; hex is lowercase, text is written by
// [AppendJSONText]. File and Line are not written.
func AppendVectorJSON(dst []byte, v Vector) []byte {
	dst = append(dst, `{"id":`...)
	dst = appendJSONString(dst, v.ID)
	dst = append(dst, `,"op":`...)
	dst = appendJSONString(dst, string(v.Op))
	dst = appendRequestFields(dst, v.Request, false)
	switch {
	case v.Expect.Error != "":
		dst = append(dst, `,"error":`...)
		dst = appendJSONString(dst, v.Expect.Error)
	case v.Expect.OutHex != nil:
		dst = append(dst, `,"out_hex":"`...)
		dst = hex.AppendEncode(dst, v.Expect.OutHex)
		dst = append(dst, '"')
	default:
		dst = append(dst, `,"out":`...)
		dst = AppendJSONText(dst, v.Expect.Out)
	}
	dst = append(dst, `,"ref":`...)
	dst = appendJSONString(dst, v.Ref)
	dst = append(dst, `,"level":`...)
	dst = appendJSONString(dst, v.Level)
	if v.Note != "" {
		dst = append(dst, `,"note":`...)
		dst = appendJSONString(dst, v.Note)
	}
	if v.Source != "" {
		dst = append(dst, `,"source":`...)
		dst = appendJSONString(dst, v.Source)
	}
	return append(dst, '}')
}

// MarshalJSON returns v as [AppendVectorJSON] writes it.
func (v Vector) MarshalJSON() ([]byte, error) { return AppendVectorJSON(nil, v), nil }

// UnmarshalJSON reads one vector object, checked as [LoadFile] checks each
// vector (but for uniqueness and area), keeping lone surrogates. File and
// Line are left as they are.
func (v *Vector) UnmarshalJSON(data []byte) error {
	e, err := parseJSON(data)
	if err != nil {
		return &FormatError{Reason: "not a JSON object", Err: err}
	}
	got, err := vectorFromJSON(e)
	if err != nil {
		var fe *fieldError
		if errors.As(err, &fe) {
			return &FormatError{ID: got.ID, Field: fe.field, Reason: fe.reason}
		}
		return err
	}
	got.File, got.Line = v.File, v.Line
	*v = got
	return nil
}

// lineStarts holds the offsets where lines start.
type lineStarts []int

func lineIndex(data []byte) lineStarts {
	ls := lineStarts{0}
	for i := 0; ; {
		j := bytes.IndexByte(data[i:], '\n')
		if j < 0 {
			return ls
		}
		i += j + 1
		ls = append(ls, i)
	}
}

// line returns the 1-based line of offset off.
func (ls lineStarts) line(off int) int {
	i, found := slices.BinarySearch(ls, off)
	if found {
		return i + 1
	}
	return i
}
