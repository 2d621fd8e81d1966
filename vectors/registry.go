package vectors

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"
)

// Labels of a known divergence: the verdicts rule (README.md, "Verdicts").
// Every entry of a registry carries exactly one.
const (
	// LabelBug: the implementation contradicts the spec it says it
	// implements for that function, or its own docs or tests.
	LabelBug = "bug"
	// LabelDocumented: the implementation's docs state the behaviour.
	LabelDocumented = "documented deviation"
	// LabelOlderSpec: it follows an older spec it claims (RFC 2396, HTML
	// 4.01, IDNA2003, an older WHATWG text); Claim names that spec.
	LabelOlderSpec = "older spec"
	// LabelEngineLag: an engine behind a spec change; Change names the
	// change.
	LabelEngineLag = "engine lag"
	// LabelDeliberate: its tests assert the behaviour, or a source
	// comment, changelog or maintainer says it is intended; Evidence's
	// Intent links it.
	LabelDeliberate = "deliberate"
)

// Labels lists the labels an entry may carry, in the order reports show
// them.
var Labels = []string{LabelBug, LabelOlderSpec, LabelEngineLag, LabelDeliberate, LabelDocumented}

// Not labels: an entry that records a known divergence the verdicts rule
// gives no label, and why.
const (
	// NoLabelImplDefined: the spec is silent on the input, or asks only
	// SHOULD: the divergence is implementation-defined.
	NoLabelImplDefined = "implementation-defined"
	// NoLabelUnmapped: the function claims no spec that the op covers:
	// the divergence is no verdict, and the mapping is to be fixed.
	NoLabelUnmapped = "unmapped"
)

// NoLabels lists the verdicts that are not labels.
var NoLabels = []string{NoLabelImplDefined, NoLabelUnmapped}

// A Divergence is one entry of a registry of known divergences: a fact of
// the form "these implementations (rows), on these ops, on inputs matching
// this pattern, answer in this relation to the spec's answer; under the
// spec they claim this is a bug (or a documented deviation, older spec,
// engine lag), because of this clause and these words of their docs; this
// program reproduces it". vectors/deviations.json (the engines pctest runs
// itself, whose entries the oracle and the fuzzers excuse) and the survey's
// verdicts.json files (survey/testees/README.md) are registries of one
// schema, vectors/registry.schema.json, read by [ParseRegistry].
//
// Matching: an entry covers a divergence of a row when the row is one of
// Rows, the op one of Ops, every pattern given (In, Want, Got, Vector)
// matches somewhere in its form (see [InputForm], [AnswerForm]), and the
// relation between the expected and the actual answer is Relation (the id
// of a relation of internal/cause's table) when one is given. An entry
// with neither an input pattern (In or Vector) nor a relation would catch
// everything of its rows and ops: ParseRegistry rejects it.
type Divergence struct {
	// ID is stable and unique across all registries.
	ID string `json:"id"`
	// Rows names every implementation the entry covers (a survey row, or
	// the name of a built-in implementation such as "goja"): forks,
	// wrappers and versions that share the root cause are one entry.
	Rows []string `json:"rows"`
	// Ops are the ops the divergence is in.
	Ops []Op `json:"ops"`
	// Version is the version the divergence was seen in, when the
	// registry records it (the survey records versions per run).
	Version string `json:"version,omitempty"`
	// In, Want and Got are RE2 regular expressions over the forms of the
	// input (InputForm), the expected answer and the actual answer
	// (AnswerForm); Vector is one over the vector's id. Not anchored.
	In     string `json:"in,omitempty"`
	Want   string `json:"want,omitempty"`
	Got    string `json:"got,omitempty"`
	Vector string `json:"vector,omitempty"`
	// Check names a computed condition that must hold too (the survey's
	// lenient.go checks); only registries whose reader knows it may use it.
	Check string `json:"check,omitempty"`
	// Relation is the id of a relation of internal/cause's table (such as
	// "lowercase-hex") that every divergence the entry covers shows; or,
	// written as a JSON array, the few relations they show (Classify tells
	// an input that ends in an escape apart, say).
	Relation RelationSet `json:"relation,omitempty"`
	// Title says in a line what goes wrong.
	Title string `json:"title"`
	// Verdict is the label: one of Labels.
	Verdict string `json:"verdict"`
	// Claim is the spec the implementation claims for the function (such
	// as "RFC 3986", "HTML 4.01", "ECMA-262"); entries with the same
	// relation and the same claim carry the same label.
	Claim string `json:"claim,omitempty"`
	// Spec is the clause of the op's spec the implementation departs from.
	Spec string `json:"spec"`
	// Docs links the implementation's documentation (or source) the
	// verdict rests on, and Quote gives its words.
	Docs  string `json:"docs,omitempty"`
	Quote string `json:"quote,omitempty"`
	// Explain says why, in a few sentences.
	Explain string `json:"explain"`
	// Impact says what the divergence costs a user; Known links an
	// existing report of it.
	Impact string `json:"impact,omitempty"`
	Known  string `json:"known,omitempty"`
	// Change names the spec change an engine lags behind (LabelEngineLag).
	Change string `json:"change,omitempty"`
	// Repro is the standalone reproduction, in the implementation's own
	// language (required of a bug by the survey).
	Repro *Repro `json:"repro,omitempty"`
	// Class is the id of the entry's behaviour class (the survey's
	// classes.json): entries of one class under one claim carry one label.
	Class string `json:"class,omitempty"`
	// Evidence is what the verdict rests on, each piece linked (required
	// of a bug by the survey: [Evidence]).
	Evidence *Evidence `json:"evidence,omitempty"`
	// Review is the adversarial review of a bug by someone who did not
	// write it.
	Review *Review `json:"review,omitempty"`
	// Examples are inputs the entry covers, with the answer the spec
	// requires, the one the implementation gives, and what other engines
	// answer (required of the entries of vectors/deviations.json).
	Examples []DivergenceExample `json:"examples,omitempty"`

	in, want, got, vector *regexp.Regexp
}

// A RelationSet is the relation ids an entry names: in JSON one string, or
// an array of them.
type RelationSet []string

// Has reports whether id is one of s.
func (s RelationSet) Has(id string) bool { return slices.Contains(s, id) }

// UnmarshalJSON reads a string or an array of strings.
func (s *RelationSet) UnmarshalJSON(data []byte) error {
	var one string
	if err := json.Unmarshal(data, &one); err == nil {
		*s = RelationSet{one}
		if one == "" {
			*s = nil
		}
		return nil
	}
	var many []string
	if err := json.Unmarshal(data, &many); err != nil {
		return errors.New("relation: want a relation id or an array of them")
	}
	if len(many) == 0 || slices.Contains(many, "") {
		return errors.New("relation: an empty array or id")
	}
	*s = many
	return nil
}

// MarshalJSON writes one relation as a string, several as an array.
func (s RelationSet) MarshalJSON() ([]byte, error) {
	if len(s) == 1 {
		return json.Marshal(s[0])
	}
	return json.Marshal([]string(s))
}

// Deviation is the former name of Divergence.
type Deviation = Divergence

// A Repro is a standalone reproduction: a program of a few lines in the
// implementation's own language that prints, on one line, what the
// implementation does with the minimal input.
type Repro struct {
	// File is the program, relative to the directory of the registry file.
	File string `json:"file"`
	// Argv runs it; {file} stands for File's absolute path (the survey
	// adds its own placeholders, survey/testees/README.md).
	Argv []string `json:"argv"`
	// Expected is what the spec asks for, in the form the program prints;
	// Actual is what the program prints today.
	Expected string `json:"expected"`
	Actual   string `json:"actual"`
	// Needs lists what the reproduction uses beyond Go, each as
	// "KIND:NAME" (internal/testenv's kinds: "command:g++",
	// "pkg-config:Qt5Qml", "c-lib:exslt", "file:/usr/share/java/x.jar",
	// "module:python3:urllib.parse"), with Argv's placeholders. The
	// survey's tests check that it is exactly what Argv and the program
	// use, and skip a reproduction whose needs are missing.
	Needs []string `json:"needs,omitempty"`
}

// A DivergenceExample is one input an entry covers. In, and Out of the
// answers, are JSON strings as in the vector files (a lone surrogate is a
// \uXXXX escape), which is why they are kept raw.
type DivergenceExample struct {
	Op   Op               `json:"op"`
	In   json.RawMessage  `json:"in"`
	Want DivergenceAnswer `json:"want"`
	Got  DivergenceAnswer `json:"got"`
	// Evidence holds what other engines answer on In; at least one must
	// agree with Want.
	Evidence []DivergenceEvidence `json:"evidence,omitempty"`
}

// DivergenceAnswer is an answer to a text op: an error kind, or else Out,
// a JSON string.
type DivergenceAnswer struct {
	Out   json.RawMessage `json:"out,omitempty"`
	Error string          `json:"error,omitempty"`
}

// DivergenceEvidence is what another engine answers on an example's input.
type DivergenceEvidence struct {
	Engine  string `json:"engine"`
	Version string `json:"version"`
	// Source is the expression that was evaluated.
	Source string           `json:"source"`
	Answer DivergenceAnswer `json:"answer"`
}

// A RegistryError is an entry of a registry file that is wrong: which
// file, which entry (its id, or its position when it has none), and what.
type RegistryError struct {
	File string
	// Line is the line of a JSON syntax or type error, 0 otherwise.
	Line  int
	Entry string
	// Reason says what is wrong.
	Reason string
}

// Error returns "file:line: entry ID: reason".
func (e *RegistryError) Error() string {
	s := e.File
	if e.Line > 0 {
		s += fmt.Sprintf(":%d", e.Line)
	}
	if e.Entry != "" {
		s += ": entry " + e.Entry
	}
	return s + ": " + e.Reason
}

// RegistryRules says what a registry's reader knows besides this package:
// the relation ids it accepts and the checks it can compute.
type RegistryRules struct {
	// Relation reports whether id is a relation of internal/cause's table.
	// Nil accepts only the relations that Covers can evaluate here.
	Relation func(id string) bool
	// Check reports whether name is a check the reader computes. Nil
	// accepts none.
	Check func(name string) bool
}

// ParseRegistry reads and checks a registry file (a JSON array of
// Divergence; name is for errors) and compiles its patterns. Every error is
// a [*RegistryError] naming the file, the entry and what is wrong.
func ParseRegistry(name string, data []byte, rules RegistryRules) ([]Divergence, error) {
	lines := lineIndex(data)
	syntax := func(err error, off int64) error {
		e := &RegistryError{File: name, Reason: err.Error(), Line: lines.line(int(off))}
		var se *json.SyntaxError
		var te *json.UnmarshalTypeError
		switch {
		case errors.As(err, &se):
			e.Line = lines.line(int(se.Offset))
		case errors.As(err, &te):
			e.Line = lines.line(int(te.Offset))
		}
		return e
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	if tok, err := dec.Token(); err != nil {
		return nil, syntax(err, dec.InputOffset())
	} else if tok != json.Delim('[') {
		return nil, &RegistryError{File: name, Line: 1, Reason: "a registry is a JSON array of entries"}
	}
	var entries []Divergence
	for dec.More() {
		start := dec.InputOffset()
		for start < int64(len(data)) && bytes.IndexByte([]byte(", \t\r\n"), data[start]) >= 0 {
			start++ // to the entry's first byte
		}
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return nil, syntax(err, start)
		}
		var d Divergence
		one := json.NewDecoder(bytes.NewReader(raw))
		one.DisallowUnknownFields()
		if err := one.Decode(&d); err != nil {
			var id struct{ ID any }
			json.Unmarshal(raw, &id)
			e := syntax(err, start).(*RegistryError)
			if te := (*json.UnmarshalTypeError)(nil); errors.As(err, &te) {
				e.Line = lines.line(int(start + te.Offset))
			} else {
				e.Line = lines.line(int(start))
			}
			e.Entry = fmt.Sprint(id.ID)
			if id.ID == nil {
				e.Entry = fmt.Sprintf("#%d", len(entries)+1)
			}
			return nil, e
		}
		entries = append(entries, d)
	}
	if _, err := dec.Token(); err != nil {
		return nil, syntax(err, dec.InputOffset())
	}
	seen := map[string]bool{}
	for i := range entries {
		d := &entries[i]
		entry := d.ID
		if entry == "" {
			entry = fmt.Sprintf("#%d", i+1)
		}
		if err := d.check(rules); err != nil {
			return nil, &RegistryError{File: name, Entry: entry, Reason: err.Error()}
		}
		if seen[d.ID] {
			return nil, &RegistryError{File: name, Entry: entry, Reason: "id repeated"}
		}
		seen[d.ID] = true
	}
	return entries, nil
}

// check checks one entry and compiles its patterns.
func (d *Divergence) check(rules RegistryRules) error {
	switch {
	case strings.TrimSpace(d.ID) == "":
		return errors.New("no id")
	case len(d.Rows) == 0 || slices.Contains(d.Rows, ""):
		return errors.New("rows: name every row the entry covers")
	case len(d.Ops) == 0:
		return errors.New("ops: name the ops the divergence is in")
	case d.Title == "" || d.Spec == "" || d.Explain == "":
		return errors.New("title, spec and explain are required")
	case !slices.Contains(Labels, d.Verdict) && !slices.Contains(NoLabels, d.Verdict):
		return fmt.Errorf("verdict %q is not one of %q, nor %q", d.Verdict, Labels, NoLabels)
	case d.Verdict == LabelDeliberate && (d.Evidence == nil || len(d.Evidence.Intent) == 0):
		return errors.New("deliberate needs the intent it rests on, linked (evidence.intent)")
	case d.Verdict == LabelDocumented && (d.Docs == "" || d.Quote == ""):
		return errors.New("a documented deviation needs the docs and the words it rests on (docs, quote)")
	case d.Verdict == LabelOlderSpec && d.Claim == "":
		return errors.New("an older spec needs the spec the implementation claims (claim)")
	case d.Verdict == LabelEngineLag && d.Change == "":
		return errors.New("an engine lag needs the change it lags behind (change)")
	case d.Docs != "" && !strings.HasPrefix(d.Docs, "https://"):
		return fmt.Errorf("docs %q is not an https link", d.Docs)
	}
	for _, op := range d.Ops {
		if _, ok := op.Info(); !ok {
			return fmt.Errorf("ops: unknown op %q", op)
		}
	}
	if err := d.Evidence.check(); err != nil {
		return fmt.Errorf("evidence: %v", err)
	}
	if err := d.Review.check(); err != nil {
		return fmt.Errorf("review: %v", err)
	}
	for _, f := range []struct {
		field, src string
		re         **regexp.Regexp
	}{{"in", d.In, &d.in}, {"want", d.Want, &d.want}, {"got", d.Got, &d.got}, {"vector", d.Vector, &d.vector}} {
		if f.src == "" {
			continue
		}
		re, err := regexp.Compile(f.src)
		if err != nil {
			return fmt.Errorf("%s: %v", f.field, err)
		}
		*f.re = re
	}
	known := rules.Relation
	if known == nil {
		known = func(id string) bool { return relationHolds[id] != nil }
	}
	for _, id := range d.Relation {
		if !known(id) {
			return fmt.Errorf("relation %q is not a relation of internal/cause's table", id)
		}
	}
	if d.In == "" && d.Vector == "" {
		switch {
		case len(d.Relation) == 0:
			return errors.New("no input pattern (in, vector) and no relation: the entry would catch every divergence of its rows and ops")
		case d.Relation.Has("different") && d.Want == "" && d.Got == "" && d.Check == "":
			return errors.New("relation \"different\" (the table's fallback) without a pattern catches every divergence of its rows and ops")
		}
	}
	if d.Check != "" && (rules.Check == nil || !rules.Check(d.Check)) {
		return fmt.Errorf("unknown check %q", d.Check)
	}
	if r := d.Repro; r != nil && (r.File == "" || len(r.Argv) == 0 || r.Expected == "" || r.Actual == "") {
		return errors.New("repro needs file, argv, expected and actual")
	}
	for i, e := range d.Examples {
		if !slices.Contains(d.Ops, e.Op) {
			return fmt.Errorf("example %d: op %q is not one of the entry's ops", i+1, e.Op)
		}
		req, want, got, err := e.Parse()
		if err != nil {
			return fmt.Errorf("example %d: %v", i+1, err)
		}
		if !d.MatchesPatterns("", req, want, got, "") {
			return fmt.Errorf("example %d is not matched by the entry's patterns", i+1)
		}
		for _, ev := range e.Evidence {
			if ev.Engine == "" || ev.Version == "" || ev.Source == "" {
				return fmt.Errorf("example %d: evidence needs engine, version and source", i+1)
			}
			if slices.Contains(d.Rows, ev.Engine) {
				return fmt.Errorf("example %d: evidence must come from another engine than %s", i+1, ev.Engine)
			}
			if _, err := ev.Answer.Response(); err != nil {
				return fmt.Errorf("example %d: evidence from %s: %v", i+1, ev.Engine, err)
			}
		}
	}
	return nil
}

// MatchesPatterns reports whether every pattern of d that is given matches:
// In over InputForm(req), Want over AnswerForm(want, ""), Got over
// AnswerForm(got, incident), Vector over id.
func (d *Divergence) MatchesPatterns(id string, req Request, want, got Response, incident string) bool {
	for _, m := range []struct {
		re   **regexp.Regexp
		src  string
		form func() string
	}{
		{&d.vector, d.Vector, func() string { return id }},
		{&d.in, d.In, func() string { return InputForm(req) }},
		{&d.want, d.Want, func() string { return AnswerForm(want, "") }},
		{&d.got, d.Got, func() string { return AnswerForm(got, incident) }},
	} {
		if m.src == "" {
			continue
		}
		re := *m.re
		if re == nil { // not read by ParseRegistry
			var err error
			if re, err = regexp.Compile(m.src); err != nil {
				return false
			}
		}
		if !re.MatchString(m.form()) {
			return false
		}
	}
	return true
}

// InputForm is the form an entry's In pattern sees: text as the inside of
// a JSON string written by AppendJSONText (lone surrogates and controls as
// lowercase \uXXXX escapes, other characters as themselves), octets as
// lowercase hex, after "in=" or "in_hex=", then " key=value" for each arg
// in name order. So `\\ud[89a-f]` matches a lone high surrogate.
func InputForm(req Request) string {
	var s string
	if op, ok := req.Op.Info(); req.InHex != nil || req.In == nil && ok && op.In == Octets {
		s = "in_hex=" + hex.EncodeToString(req.InHex)
	} else {
		s = "in=" + jsonInner(req.In)
	}
	for _, k := range slices.Sorted(maps.Keys(req.Args)) {
		s += " " + k + "=" + req.Args[k]
	}
	return s
}

// AnswerForm is the form an entry's Want and Got patterns see: "out=" and
// the inside of a JSON string, "out_hex=" and hex, "error=" and the kind,
// "unsupported", or "incident=" and the runner's account of a crash,
// timeout or protocol error that stood in for the answer.
func AnswerForm(r Response, incident string) string {
	switch {
	case incident != "":
		return "incident=" + incident
	case r.Unsupported:
		return "unsupported"
	case r.Error != "":
		return "error=" + r.Error
	case r.OutHex != nil:
		return "out_hex=" + hex.EncodeToString(r.OutHex)
	case r.Out != nil:
		return "out=" + jsonInner(r.Out)
	}
	return "empty"
}

// jsonInner returns s as a JSON string without its quotes.
func jsonInner(s []uint16) string {
	q := AppendJSONText(nil, s)
	return string(q[1 : len(q)-1])
}

// Parse returns the example as a request, the answer the spec requires and
// the answer the implementation gives.
func (e DivergenceExample) Parse() (req Request, want, got Response, err error) {
	in, err := ParseJSONText(e.In)
	if err != nil {
		return req, want, got, fmt.Errorf("in: %w", err)
	}
	if want, err = e.Want.Response(); err != nil {
		return req, want, got, fmt.Errorf("want: %w", err)
	}
	if got, err = e.Got.Response(); err != nil {
		return req, want, got, fmt.Errorf("got: %w", err)
	}
	return Request{Op: e.Op, In: in}, want, got, nil
}

// Response returns the answer as a Response.
func (a DivergenceAnswer) Response() (Response, error) {
	switch {
	case a.Error != "" && a.Out != nil:
		return Response{}, errors.New("answer has both out and error")
	case a.Error != "":
		return Response{Error: a.Error}, nil
	case a.Out == nil:
		return Response{}, errors.New("answer has neither out nor error")
	}
	out, err := ParseJSONText(a.Out)
	if err != nil {
		return Response{}, err
	}
	return Response{Out: out}, nil
}

// ClaimKey returns the claim in the form entries are compared by: lower
// case, spaces collapsed.
func ClaimKey(claim string) string { return strings.ToLower(strings.Join(strings.Fields(claim), " ")) }
