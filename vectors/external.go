package vectors

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// This file reads and writes vectors files that are not the suite's: a
// project's own regression vectors (pctest run -vectors) and the findings
// pctest fuzz -corpus keeps. They are in the suite's format (README.md,
// vectors.schema.json), one area per file, and are checked as LoadFile
// checks the suite's.

// LoadFiles reads the vectors files at paths, each a file or a directory
// whose *.json files are read in name order (not its subdirectories), and
// returns their vectors, path by path, each file in its own order. Each
// vector's File is the path of its file as given (joined to its
// directory's path), Line the line of its opening brace.
//
// Each file is checked as [LoadFile] checks one, ids must be unique across
// the files, and no id may be one of the suite's ([Load]): a project's
// vector that took a suite id would be confused with it in every report.
// A directory without *.json files holds no vectors, which is no error. An
// error joins up to 20 errors: a [*FormatError] naming the file, line,
// vector id and field, or an error from reading a path (an *fs.PathError).
func LoadFiles(paths ...string) ([]Vector, error) {
	suite, err := Load()
	if err != nil {
		return nil, err
	}
	suiteIDs := make(map[string]string, len(suite))
	for _, v := range suite {
		suiteIDs[v.ID] = v.File
	}
	var names []string
	var errs []error
	for _, p := range paths {
		fi, err := os.Stat(p)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if !fi.IsDir() {
			names = append(names, p)
			continue
		}
		entries, err := os.ReadDir(p)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		for _, e := range entries {
			if !e.IsDir() && strings.HasSuffix(e.Name(), ".json") {
				names = append(names, filepath.Join(p, e.Name()))
			}
		}
	}
	var all []Vector
	seen := map[string]Vector{}
	for _, name := range names {
		if len(errs) >= maxErrors {
			break
		}
		data, err := ReadUserFile(name)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		vs, err := LoadFile(name, data)
		if err != nil {
			errs = append(errs, unjoinErrors(err)...)
			continue
		}
		for _, v := range vs {
			if f, ok := suiteIDs[v.ID]; ok {
				errs = append(errs, &FormatError{File: v.File, Line: v.Line, ID: v.ID, Field: "id",
					Reason: "the suite has a vector of this id (in " + f + "): give the vector an id of its own"})
			} else if first, dup := seen[v.ID]; dup {
				errs = append(errs, &FormatError{File: v.File, Line: v.Line, ID: v.ID, Field: "id",
					Reason: "duplicate id (also at " + first.File + ":" + strconv.Itoa(first.Line) + ")"})
			}
			seen[v.ID] = v
		}
		all = append(all, vs...)
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs[:min(len(errs), maxErrors)]...)
	}
	return all, nil
}

// FilesOf returns the files vs come from (their File), each once, in the
// order of vs.
func FilesOf(vs []Vector) []string {
	var files []string
	for _, v := range vs {
		if v.File != "" && !slices.Contains(files, v.File) {
			files = append(files, v.File)
		}
	}
	return files
}

// AppendFileJSON appends a vectors file of area, with description (none
// when ""), holding vs, one vector a line as the suite's files are
// written ([AppendVectorJSON]), and returns the extended buffer. The
// vectors must be of the area's ops for [LoadFile] to read the file back.
func AppendFileJSON(dst []byte, area, description string, vs []Vector) []byte {
	dst = append(dst, `{"area":`...)
	dst = appendJSONString(dst, area)
	if description != "" {
		dst = append(dst, `,"description":`...)
		dst = appendJSONString(dst, description)
	}
	dst = append(dst, ",\"vectors\":[\n"...)
	for i, v := range vs {
		dst = AppendVectorJSON(dst, v)
		if i < len(vs)-1 {
			dst = append(dst, ',')
		}
		dst = append(dst, '\n')
	}
	return append(dst, "]}\n"...)
}

// unjoinErrors returns the errors err joins, or err alone.
func unjoinErrors(err error) []error {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		return j.Unwrap()
	}
	return []error{err}
}

// MaxFileSize bounds the files ReadUserFile reads: the suite's own vectors
// files are a few MiB at most.
const MaxFileSize = 64 << 20

// ReadUserFile reads a user's file of one of the suite's text formats (a
// vectors file, an expected-failures list) from disk, at most MaxFileSize bytes of it: a
// longer one, or one that never ends (/dev/zero), is a [*FormatError] that
// says so, not an exhausted memory.
func ReadUserFile(name string) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxFileSize+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxFileSize {
		return nil, &FormatError{File: name, Reason: fmt.Sprintf("longer than %d MiB: not a file of the suite's formats", MaxFileSize>>20)}
	}
	return data, nil
}
