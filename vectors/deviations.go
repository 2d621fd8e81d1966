package vectors

import (
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// A Deviation is a known disagreement between an engine and the spec: an
// input class on which the engine answers differently from what the spec
// requires, proven by the spec step it breaks and by a second engine that
// answers as the spec says. The list lives in deviations.json; the oracle
// and the fuzzers use it to tell a known engine bug from a new failure.
// A deviation never changes what the reference codec does.
type Deviation struct {
	// ID is stable and unique, such as
	// "goja.decodeURIComponent.lone-surrogate-to-fffd".
	ID string `json:"id"`
	// Engine is the implementation that deviates, by its conformance name
	// ("goja"); EngineVersion is the version the deviation was seen in.
	Engine        string `json:"engine"`
	EngineVersion string `json:"engine_version"`
	// Op is the op (see Ops) the deviation is in.
	Op Op `json:"op"`
	// Ref is the spec step the engine breaks, such as
	// "ECMA-262 5.1 §15.1.3 Decode 4.c.i".
	Ref string `json:"ref"`
	// Summary says in a sentence what the engine does instead.
	Summary string `json:"summary"`
	// Cause, when known, says where in the engine the deviation comes from.
	Cause string `json:"cause,omitempty"`
	// Match says exactly which answers the deviation covers.
	Match DeviationMatch `json:"match"`
	// Example is one input the deviation covers, with the answer the spec
	// requires and the one the engine gives.
	Example DeviationExample `json:"example"`
	// Evidence holds what other engines answer on Example.In; at least one
	// must agree with Example.Want.
	Evidence []DeviationEvidence `json:"evidence"`

	in *regexp.Regexp
}

// DeviationMatch is the exact pattern of a deviation. An engine's answer got
// to a request is covered when the request's input, written in the
// deviation notation, matches In, and got stands in the relation Got to
// the answer want that the spec requires.
//
// The deviation notation writes text (UTF-16 code units) as a Go string:
// printable ASCII but '\' as itself, '\' as \\, a valid surrogate pair as
// \UXXXXXXXX (the code point, eight uppercase hex digits) and every other
// code unit, lone surrogates included, as \uXXXX (four uppercase hex
// digits). So `\\uD[89A-F]` matches exactly a lone surrogate.
type DeviationMatch struct {
	// In is an RE2 regular expression (Go regexp syntax), not anchored.
	In string `json:"in"`
	// Got is one of the relations named by the Rel constants.
	Got string `json:"got"`
}

// Relations between an engine's answer (got) and the spec's (want) that a
// DeviationMatch can name. Each holds only when got differs from want.
const (
	// RelLoneSurrogatesToFFFD: both are results, and got is want with every
	// lone surrogate replaced by U+FFFD (want holds at least one).
	RelLoneSurrogatesToFFFD = "lone-surrogates-to-fffd"
)

var relations = map[string]func(want, got Response) bool{
	RelLoneSurrogatesToFFFD: func(want, got Response) bool {
		if want.Error != "" || got.Error != "" || want.Unsupported || got.Unsupported ||
			want.OutHex != nil || got.OutHex != nil || len(want.Out) != len(got.Out) {
			return false
		}
		lone := loneSurrogates(want.Out)
		if len(lone) == 0 {
			return false
		}
		for i, c := range want.Out {
			if _, ok := slices.BinarySearch(lone, i); ok {
				c = 0xFFFD
			}
			if got.Out[i] != c {
				return false
			}
		}
		return true
	},
}

// loneSurrogates returns the indexes of the unpaired surrogates in u, in
// increasing order.
func loneSurrogates(u []uint16) []int {
	var idx []int
	for i := 0; i < len(u); i++ {
		switch c := u[i]; {
		case c >= 0xD800 && c <= 0xDBFF && i+1 < len(u) && u[i+1] >= 0xDC00 && u[i+1] <= 0xDFFF:
			i++
		case c >= 0xD800 && c <= 0xDFFF:
			idx = append(idx, i)
		}
	}
	return idx
}

// DeviationExample is an input a deviation covers and the two answers, in
// the deviation notation (see DeviationMatch).
type DeviationExample struct {
	In   string          `json:"in"`
	Want DeviationAnswer `json:"want"`
	Got  DeviationAnswer `json:"got"`
}

// DeviationAnswer is an answer to a text op: an error kind, or else Out in
// the deviation notation.
type DeviationAnswer struct {
	Out   string `json:"out,omitempty"`
	Error string `json:"error,omitempty"`
}

// DeviationEvidence is what another engine answers on the example input.
type DeviationEvidence struct {
	Engine  string `json:"engine"`
	Version string `json:"version"`
	// Source is the expression that was evaluated.
	Source string          `json:"source"`
	Answer DeviationAnswer `json:"answer"`
}

//go:embed deviations.json
var deviationsJSON []byte

// Deviations returns the known deviations of deviations.json, checked: IDs
// unique, op known and text to text, pattern compiling, relation known, and
// the example covered by its own match with evidence that agrees with the
// spec's answer.
func Deviations() ([]Deviation, error) {
	return parseDeviations(deviationsJSON)
}

func parseDeviations(data []byte) ([]Deviation, error) {
	var file struct {
		Deviations []Deviation `json:"deviations"`
	}
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&file); err != nil {
		return nil, fmt.Errorf("deviations.json: %w", err)
	}
	seen := map[string]bool{}
	for i := range file.Deviations {
		d := &file.Deviations[i]
		if err := d.check(); err != nil {
			return nil, fmt.Errorf("deviations.json: %q: %w", d.ID, err)
		}
		if seen[d.ID] {
			return nil, fmt.Errorf("deviations.json: %q: duplicate id", d.ID)
		}
		seen[d.ID] = true
	}
	return file.Deviations, nil
}

func (d *Deviation) check() error {
	switch {
	case d.ID == "", d.Engine == "", d.EngineVersion == "", d.Ref == "", d.Summary == "":
		return errors.New("id, engine, engine_version, ref and summary are required")
	case len(d.Evidence) == 0:
		return errors.New("no evidence")
	}
	op, ok := d.Op.Info()
	if !ok {
		return fmt.Errorf("unknown op %q", d.Op)
	}
	if op.In != Text || op.Out != Text {
		return fmt.Errorf("op %q is not text to text", d.Op)
	}
	re, err := regexp.Compile(d.Match.In)
	if err != nil {
		return fmt.Errorf("match.in: %w", err)
	}
	d.in = re
	if relations[d.Match.Got] == nil {
		return fmt.Errorf("match.got: unknown relation %q", d.Match.Got)
	}
	req, want, got, err := d.Example.Parse(d.Op)
	if err != nil {
		return fmt.Errorf("example: %w", err)
	}
	if !d.Covers(d.Engine, req, want, got) {
		return errors.New("example is not covered by match")
	}
	agree := false
	for _, e := range d.Evidence {
		if e.Engine == "" || e.Version == "" || e.Source == "" {
			return errors.New("evidence needs engine, version and source")
		}
		if e.Engine == d.Engine {
			return errors.New("evidence must come from another engine")
		}
		ans, err := e.Answer.Response()
		if err != nil {
			return fmt.Errorf("evidence from %s: %w", e.Engine, err)
		}
		if ans.Error == want.Error && slices.Equal(ans.Out, want.Out) {
			agree = true
		}
	}
	if !agree {
		return errors.New("no evidence agrees with example.want")
	}
	return nil
}

// Parse returns the example as a request for op, the answer the spec
// requires and the answer the engine gives.
func (e DeviationExample) Parse(op Op) (req Request, want, got Response, err error) {
	in, err := parseDeviationText(e.In)
	if err != nil {
		return req, want, got, err
	}
	if want, err = e.Want.Response(); err != nil {
		return req, want, got, err
	}
	if got, err = e.Got.Response(); err != nil {
		return req, want, got, err
	}
	return Request{Op: op, In: in}, want, got, nil
}

// Response returns the answer as a Response.
func (a DeviationAnswer) Response() (Response, error) {
	if a.Error != "" {
		if a.Out != "" {
			return Response{}, errors.New("answer has both out and error")
		}
		return Response{Error: a.Error}, nil
	}
	out, err := parseDeviationText(a.Out)
	if err != nil {
		return Response{}, err
	}
	if out == nil {
		out = []uint16{}
	}
	return Response{Out: out}, nil
}

// Covers reports whether d explains got, the answer engine gave to req,
// where the spec requires want: the engine and op are d's, req.In in the
// deviation notation matches d.Match.In, and got stands in the relation
// d.Match.Got to want.
//
// It needs want because the deviations it describes are relations to the
// spec's answer; callers (the oracle, the fuzzers) have that answer from the
// reference codec.
func (d *Deviation) Covers(engine string, req Request, want, got Response) bool {
	if engine != d.Engine || req.Op != d.Op {
		return false
	}
	rel := relations[d.Match.Got]
	if rel == nil {
		return false
	}
	re := d.in
	if re == nil {
		var err error
		if re, err = regexp.Compile(d.Match.In); err != nil {
			return false
		}
	}
	return re.MatchString(formatDeviationText(req.In)) && rel(want, got)
}

// FindDeviation returns the first of devs that covers got, the answer engine
// gave to req where the spec requires want (see Deviation.Covers).
func FindDeviation(devs []Deviation, engine string, req Request, want, got Response) (Deviation, bool) {
	for i := range devs {
		if devs[i].Covers(engine, req, want, got) {
			return devs[i], true
		}
	}
	return Deviation{}, false
}

// formatDeviationText writes u in the deviation notation.
func formatDeviationText(u []uint16) string {
	var b strings.Builder
	for i := 0; i < len(u); i++ {
		c := u[i]
		switch {
		case c == '\\':
			b.WriteString(`\\`)
		case c >= 0x20 && c < 0x7F:
			b.WriteByte(byte(c))
		case c >= 0xD800 && c <= 0xDBFF && i+1 < len(u) && u[i+1] >= 0xDC00 && u[i+1] <= 0xDFFF:
			fmt.Fprintf(&b, `\U%08X`, utf16.DecodeRune(rune(c), rune(u[i+1])))
			i++
		default:
			fmt.Fprintf(&b, `\u%04X`, c)
		}
	}
	return b.String()
}

// parseDeviationText reads the deviation notation. Other characters than
// printable ASCII are taken as their UTF-16 code units.
func parseDeviationText(s string) ([]uint16, error) {
	var u []uint16
	for i := 0; i < len(s); {
		if s[i] != '\\' {
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && size == 1 {
				return nil, fmt.Errorf("invalid UTF-8 at byte %d", i)
			}
			u = utf16.AppendRune(u, r)
			i += size
			continue
		}
		if i+1 >= len(s) {
			return nil, fmt.Errorf("lone '\\' at byte %d", i)
		}
		var digits int
		switch s[i+1] {
		case '\\':
			u = append(u, '\\')
			i += 2
			continue
		case 'u':
			digits = 4
		case 'U':
			digits = 8
		default:
			return nil, fmt.Errorf("unknown escape \\%c at byte %d", s[i+1], i)
		}
		if i+2+digits > len(s) {
			return nil, fmt.Errorf("short escape at byte %d", i)
		}
		v, err := strconv.ParseUint(s[i+2:i+2+digits], 16, 32)
		if err != nil {
			return nil, fmt.Errorf("bad escape at byte %d: %w", i, err)
		}
		if digits == 4 {
			u = append(u, uint16(v))
		} else {
			if v < 0x10000 || v > utf8.MaxRune {
				return nil, fmt.Errorf("\\U escape at byte %d is not a supplementary code point", i)
			}
			u = utf16.AppendRune(u, rune(v))
		}
		i += 2 + digits
	}
	return u, nil
}
