package vectors

import (
	"crypto/sha256"
	_ "embed"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"
	"sync"
)

// The manifest: the suite's version, the digest of the corpus it was
// released with, and the vectors files (see README.md, "Versions").
//
//go:embed index.json
var manifestJSON []byte

// A Manifest is vectors/index.json: the suite version, the corpus digest
// recorded for it, and the vectors files a consumer should read (and no
// other file of the directory, such as deviations.json or the schema).
type Manifest struct {
	// Suite is "pctest".
	Suite string `json:"suite"`
	// Version is the suite's semantic version, such as "v1.0.0"
	// (CHANGELOG.md says what each version added, changed and removed).
	Version string `json:"version"`
	// CorpusSHA256 is [CorpusHash] of the files as released under Version.
	CorpusSHA256 string `json:"corpus_sha256"`
	// Schema names the JSON Schema of a vectors file.
	Schema string `json:"schema"`
	// Files lists the vectors files, one per area, in the order [Load]
	// reads them.
	Files []ManifestFile `json:"files"`
}

// A ManifestFile is one vectors file of the manifest.
type ManifestFile struct {
	Name    string   `json:"name"`    // file name, such as "ecmascript.json"
	Area    string   `json:"area"`    // its area
	Ops     []string `json:"ops"`     // the ops of the area, in the order of [Ops]
	Vectors int      `json:"vectors"` // how many vectors it holds
}

var manifest = sync.OnceValues(func() (Manifest, error) {
	var m Manifest
	if err := json.Unmarshal(manifestJSON, &m); err != nil {
		return m, fmt.Errorf("vectors/index.json: %w", err)
	}
	return m, nil
})

// ReadManifest returns the embedded vectors/index.json.
func ReadManifest() (Manifest, error) {
	m, err := manifest()
	m.Files = slices.Clone(m.Files)
	return m, err
}

// CorpusHash returns the SHA-256, in hex, of the embedded vectors files in
// the order of [Files], each as its name, a NUL byte and its bytes.
func CorpusHash() string { return corpusHash() }

var corpusHash = sync.OnceValue(func() string {
	h := sha256.New()
	for _, f := range corpus {
		h.Write([]byte(f.name + "\x00"))
		h.Write(readOnly(*f.data))
	}
	return hex.EncodeToString(h.Sum(nil))
})

// SuiteVersion names the vectors in use, for reports: the manifest's
// version and the first 12 hex digits of [CorpusHash], as
// "v1.0.0+vectors.17a8ddea6624". When the embedded files are not those the
// version was recorded with (the corpus was edited since), ".modified"
// follows, so that no report claims a release it did not run.
func SuiteVersion() string { return suiteVersion() }

var suiteVersion = sync.OnceValue(func() string {
	m, err := manifest()
	version := m.Version
	if err != nil || version == "" {
		version = "v0.0.0"
	}
	h := CorpusHash()
	s := version + "+vectors." + h[:min(12, len(h))]
	if err != nil || m.CorpusSHA256 != h {
		s += ".modified"
	}
	return s
})

// Digest returns a short digest of what v asks and expects: its id, op,
// input, args and expected response, but not its ref, level or note. Two
// releases whose vector of the same id has different digests changed that
// vector's expected behaviour (CHANGELOG.md must say so).
func (v *Vector) Digest() string {
	h := sha256.New()
	var buf []byte
	field := func(b []byte) {
		buf = binary.AppendUvarint(buf[:0], uint64(len(b)))
		h.Write(buf)
		h.Write(b)
	}
	units := func(u []uint16) []byte {
		b := make([]byte, 0, 2*len(u))
		for _, c := range u {
			b = binary.BigEndian.AppendUint16(b, c)
		}
		return b
	}
	field([]byte(v.ID))
	field([]byte(v.Op))
	field(units(v.In))
	field(v.InHex)
	keys := make([]string, 0, len(v.Args))
	for k := range v.Args {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		field([]byte(k))
		field([]byte(v.Args[k]))
	}
	field(units(v.Expect.Out))
	field(v.Expect.OutHex)
	field([]byte(v.Expect.Error))
	return hex.EncodeToString(h.Sum(nil))[:16]
}
