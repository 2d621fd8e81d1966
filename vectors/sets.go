package vectors

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// sets.json is the one home of the named encode sets that percentEncodeSet
// takes as args.set: each set's name, the octets it keeps and the spec text
// that defines it (sets.schema.json). The generator in internal/gen writes
// it from package internal/spec, never from package codec; the codec, its
// tests, the survey's shims and cmd/pctest's `ops` are checked against it or
// read it.
//
//go:embed sets.json
var setsJSON []byte

// A SetsFile is the content of sets.json.
type SetsFile struct {
	// Description says what the file holds, for people.
	Description string `json:"description"`
	// Sets are the named sets, sorted by name.
	Sets []NamedSet `json:"sets"`
}

// A NamedSet is one named encode set: the octets it keeps (an encoder
// leaves them as they are and writes every other octet as %XX) and where
// the set is defined.
type NamedSet struct {
	// Name is the name vectors give the set in args.set, such as
	// "whatwg.path".
	Name string `json:"name"`
	// Keeps lists the kept octets as sorted, disjoint, non-adjacent ranges.
	Keeps []OctetRange `json:"keeps"`
	// KeepCount is how many octets the set keeps.
	KeepCount int `json:"keep_count"`
	// KeepsASCII is the printable ASCII octets (0x20 to 0x7E) the set
	// keeps, in order: what a shim's table of kept characters lists.
	KeepsASCII string `json:"keeps_ascii"`
	// Ref says where the set is defined.
	Ref SetRef `json:"ref"`
}

// A SetRef is the definition of a named set: the document, its section,
// and the definition as the document words it.
type SetRef struct {
	Document string `json:"document"`
	Section  string `json:"section"`
	Quote    string `json:"quote"`
}

// An OctetRange is the octets Lo to Hi, both included. In JSON it is a
// string of lowercase hex, "2d" for one octet or "30-39" for a range.
type OctetRange struct{ Lo, Hi byte }

// MarshalJSON writes r as "lo" or "lo-hi" in lowercase hex.
func (r OctetRange) MarshalJSON() ([]byte, error) {
	return strconv.AppendQuote(nil, r.String()), nil
}

// String returns "lo" or "lo-hi" in lowercase hex.
func (r OctetRange) String() string {
	if r.Lo == r.Hi {
		return fmt.Sprintf("%02x", r.Lo)
	}
	return fmt.Sprintf("%02x-%02x", r.Lo, r.Hi)
}

// UnmarshalJSON reads "lo" or "lo-hi", two lowercase hex digits each, with
// lo <= hi.
func (r *OctetRange) UnmarshalJSON(data []byte) error {
	var s string
	if err := json.Unmarshal(data, &s); err != nil {
		return err
	}
	lo, hi, isRange := strings.Cut(s, "-")
	if !isRange {
		hi = lo
	}
	a, errA := parseOctetHex(lo)
	b, errB := parseOctetHex(hi)
	if errA != nil || errB != nil || a > b {
		return fmt.Errorf("octet range %q: want two lowercase hex digits, or two of them joined by '-' in increasing order", s)
	}
	r.Lo, r.Hi = a, b
	return nil
}

func parseOctetHex(s string) (byte, error) {
	if len(s) != 2 || strings.ToLower(s) != s {
		return 0, fmt.Errorf("not two lowercase hex digits")
	}
	v, err := strconv.ParseUint(s, 16, 8)
	return byte(v), err
}

// NewNamedSet returns the named set that keeps the octets c with keep[c],
// with Keeps, KeepCount and KeepsASCII worked out from keep.
func NewNamedSet(name string, keep [256]bool, ref SetRef) NamedSet {
	s := NamedSet{Name: name, Keeps: []OctetRange{}, Ref: ref}
	var ascii []byte
	for c := 0; c < 256; c++ {
		if !keep[c] {
			continue
		}
		s.KeepCount++
		if c >= 0x20 && c < 0x7f {
			ascii = append(ascii, byte(c))
		}
		if n := len(s.Keeps); n > 0 && int(s.Keeps[n-1].Hi) == c-1 {
			s.Keeps[n-1].Hi = byte(c)
		} else {
			s.Keeps = append(s.Keeps, OctetRange{byte(c), byte(c)})
		}
	}
	s.KeepsASCII = string(ascii)
	return s
}

// Keep returns the set as a table: Keep()[c] reports whether the set keeps
// octet c.
func (s NamedSet) Keep() [256]bool {
	var t [256]bool
	for _, r := range s.Keeps {
		for c := int(r.Lo); c <= int(r.Hi); c++ {
			t[c] = true
		}
	}
	return t
}

// Contains reports whether the set keeps octet c.
func (s NamedSet) Contains(c byte) bool {
	for _, r := range s.Keeps {
		if r.Lo <= c && c <= r.Hi {
			return true
		}
	}
	return false
}

// parseSets reads a sets file (sets.json's format, named name in errors)
// and checks what the schema cannot: names unique and sorted, ranges sorted,
// disjoint and not adjacent, KeepCount and KeepsASCII agreeing with Keeps,
// and a reference in every field. A fault is a [*FormatError] naming the
// set and the field.
func parseSets(name string, data []byte) ([]NamedSet, error) {
	var f SetsFile
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return nil, &FormatError{File: name, Reason: "not a sets file: " + err.Error(), Err: err}
	}
	if len(f.Sets) == 0 {
		return nil, &FormatError{File: name, Field: "sets", Reason: "no sets"}
	}
	for i, s := range f.Sets {
		bad := func(field, reason string) error {
			return &FormatError{File: name, ID: s.Name, Field: field, Reason: reason}
		}
		if s.Name == "" {
			return nil, bad("name", "empty")
		}
		if i > 0 && f.Sets[i-1].Name >= s.Name {
			return nil, bad("name", fmt.Sprintf("not after %q: names are unique and sorted", f.Sets[i-1].Name))
		}
		for j, r := range s.Keeps {
			if j > 0 && int(s.Keeps[j-1].Hi)+1 >= int(r.Lo) {
				return nil, bad("keeps", fmt.Sprintf("range %s overlaps or touches %s: ranges are sorted, disjoint and not adjacent", r, s.Keeps[j-1]))
			}
		}
		want := NewNamedSet(s.Name, s.Keep(), s.Ref)
		if s.KeepCount != want.KeepCount {
			return nil, bad("keep_count", fmt.Sprintf("%d, but keeps holds %d octets", s.KeepCount, want.KeepCount))
		}
		if s.KeepsASCII != want.KeepsASCII {
			return nil, bad("keeps_ascii", fmt.Sprintf("%q, but keeps holds the printable ASCII %q", s.KeepsASCII, want.KeepsASCII))
		}
		if s.Ref.Document == "" || s.Ref.Section == "" || s.Ref.Quote == "" {
			return nil, bad("ref", "document, section and quote are all required")
		}
	}
	return f.Sets, nil
}

var namedSets = sync.OnceValues(func() ([]NamedSet, error) {
	return parseSets("sets.json", setsJSON)
})

// NamedSets returns the named sets of the embedded sets.json, sorted by
// name, or the [*FormatError] that says what is wrong with the file.
func NamedSets() ([]NamedSet, error) {
	sets, err := namedSets()
	return slices.Clone(sets), err
}

// SetByName returns the named set of sets.json called name, and whether
// there is one.
func SetByName(name string) (NamedSet, bool) {
	sets, err := namedSets()
	if err != nil {
		return NamedSet{}, false
	}
	i, ok := slices.BinarySearchFunc(sets, name, func(s NamedSet, n string) int { return strings.Compare(s.Name, n) })
	if !ok {
		return NamedSet{}, false
	}
	return sets[i], true
}
