package fuzz

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/pctest/pctest/conformance"
	"github.com/pctest/pctest/internal/show"
	"github.com/pctest/pctest/report"
	"github.com/pctest/pctest/vectors"
)

// A Corpus is a directory that keeps the findings of [Run] as vectors
// files in the suite's format (vectors/README.md), one finding a file
// named by its vector's id, as go test keeps its fuzzing corpus in
// testdata/fuzz: pctest fuzz -corpus DIR replays it before fuzzing and
// saves each new finding in it, and pctest run -vectors DIR runs it.
type Corpus struct {
	// Dir is the directory.
	Dir string
	// Vectors are the vectors its files held when it was opened.
	Vectors []vectors.Vector
}

// OpenCorpus opens the corpus in dir, creating the directory if it is not
// there, checks that a file can be written in it (so that a campaign does
// not run to find it cannot keep its findings), and loads every *.json
// file in it with vectors.LoadFiles: an error names each bad file by
// file:line and vector id.
func OpenCorpus(dir string) (*Corpus, error) {
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return nil, err
	}
	probe, err := os.CreateTemp(dir, ".pctest-write-check-*")
	if err != nil {
		return nil, fmt.Errorf("%s: no finding could be saved there: %w", dir, err)
	}
	probe.Close()
	os.Remove(probe.Name())
	vs, err := vectors.LoadFiles(dir)
	if err != nil {
		return nil, err
	}
	return &Corpus{Dir: dir, Vectors: vs}, nil
}

// Replay runs the corpus's vectors against impl, as conformance.Results
// does with the options opts (Parallel, KnownDeviations), and judges every one of
// them whatever its level, since each was a finding: a Failed result is
// an earlier finding that still fails, a Passed one a finding that no
// longer does.
func (c *Corpus) Replay(ctx context.Context, impl conformance.Implementation, opts ...conformance.Option) ([]report.Result, error) {
	if len(c.Vectors) == 0 {
		return nil, nil
	}
	opts = append(opts, conformance.Vectors(c.Vectors), conformance.Level(vectors.Levels()...))
	return conformance.Results(ctx, impl, opts...)
}

// Save writes the finding f of the implementation impl to the corpus as
// a vectors file of one vector ([FindingVector]), named by its id, unless
// the corpus holds that vector already, in a file of that name or of any
// other (a finding kept under a name of the user's: writing it again would
// make the corpus hold one id twice, which no run loads). It returns the
// path of the file that holds it and whether it wrote it.
func (c *Corpus) Save(f *report.Finding, impl string) (path string, added bool, err error) {
	v := FindingVector(f, impl)
	for _, old := range c.Vectors {
		if old.ID == v.ID {
			return old.File, false, nil
		}
	}
	path = filepath.Join(c.Dir, v.ID+".json")
	op, _ := v.Op.Info()
	data := vectors.AppendFileJSON(nil, op.Area, "a finding of pctest fuzz, kept by -corpus", []vectors.Vector{v})
	file, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o666)
	if errors.Is(err, fs.ErrExist) {
		return path, false, nil
	}
	if err != nil {
		return "", false, err
	}
	if _, err := file.Write(data); err != nil {
		file.Close()
		os.Remove(path)
		return "", false, err
	}
	if err := file.Close(); err != nil {
		os.Remove(path)
		return "", false, err
	}
	return path, true, nil
}

// FindingVector returns the finding f of the implementation impl as a
// vector: its minimal request, the reference codec's answer as the
// expected one, the op's spec as its ref, and a note of what impl did.
// Its id is "fuzz.OP.HASH", HASH the first 12 hex digits of the SHA-256
// of the request's JSON, so that the same request is always the same
// vector, and an id the suite's ("ecma.", "rfc3986.", …) never is. Its
// level is implementation-defined when the spec leaves the request's
// answer open (vectors.Request.Open: a finding only with
// Level(vectors.LevelImplementationDefined), or a crash), else must:
// fuzzing cannot tell must from should, and a run judges both.
func FindingVector(f *report.Finding, impl string) vectors.Vector {
	req := f.Request
	sum := sha256.Sum256(req.AppendJSON(nil, false))
	v := vectors.Vector{
		ID:      "fuzz." + string(req.Op) + "." + hex.EncodeToString(sum[:6]),
		Request: req,
		Expect:  f.Expected,
		Level:   vectors.LevelMust,
	}
	v.Expect.Message = "" // a message is never compared, and a vector has none
	v.Ref = report.FindingRef(req)
	if clause, _ := req.Open(); clause != "" {
		v.Level = vectors.LevelImplementationDefined
	}
	v.Note = "found by pctest fuzz, expected as the reference codec answers; " + impl + " answered " + show.Clip(show.Result(req.Op, f.Got, f.Err), 300)
	return v
}
