package main

import (
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"

	"github.com/pctest/pctest/vectors"
)

// Verdicts a cause may carry.
const (
	// VerdictBug: the implementation does not do what its documentation
	// or the spec it claims says.
	VerdictBug = "bug"
	// VerdictDocumented: the implementation does what its own
	// documentation says, which differs from the op's spec.
	VerdictDocumented = "documented deviation"
	// VerdictLag: an engine follows an older edition of a spec that has
	// since changed; Cause.Change names the change.
	VerdictLag = "engine lag"
	// VerdictOlder: the implementation follows an older spec that it
	// claims (RFC 2396, HTML 4.01, IDNA2003, an older WHATWG text).
	VerdictOlder = "older spec"
	// VerdictSuite: the vector or the reference is wrong; the fix belongs
	// in pctest, not in the implementation.
	VerdictSuite = "suite error"
)

// A Repro is a bug's standalone reproduction: a program of a few lines in
// the implementation's own language that prints, on one line, what the
// implementation does with the minimal input.
type Repro struct {
	// File is the program, relative to its testee's directory.
	File string `json:"file"`
	// Argv runs it, with the placeholders of layout.expand and {file}.
	Argv []string `json:"argv"`
	// Expected is what the spec asks for, in the form the program prints;
	// Actual is what the program prints today.
	Expected string `json:"expected"`
	Actual   string `json:"actual"`
}

// A Cause is one reason for divergences, with the matcher that recognizes
// them and its verdict.
type Cause struct {
	ID string `json:"id"`
	// Rows and Ops restrict the cause to these rows and ops (empty: any).
	Rows []string     `json:"rows,omitempty"`
	Ops  []vectors.Op `json:"ops,omitempty"`
	// In, Want and Got are regular expressions over the input's, the
	// expected answer's and the implementation's answer's forms (see
	// inputForm and responseForm); ID over the vector's id. Every one given
	// must match somewhere in its form.
	In   string `json:"in,omitempty"`
	Want string `json:"want,omitempty"`
	Got  string `json:"got,omitempty"`
	VID  string `json:"vector,omitempty"`
	// Check names a computed condition of lenient.go's checks that must
	// hold too.
	Check string `json:"check,omitempty"`
	// Title says in a line what goes wrong.
	Title string `json:"title"`
	// Verdict is VerdictBug, VerdictDocumented or VerdictSuite.
	Verdict string `json:"verdict"`
	// Spec is the clause the op follows that the implementation departs
	// from.
	Spec string `json:"spec"`
	// Docs links the implementation's documentation (or source) that the
	// verdict rests on, and Quote gives the words there, briefly.
	Docs  string `json:"docs,omitempty"`
	Quote string `json:"quote,omitempty"`
	// Explain says why, in a few sentences.
	Explain string `json:"explain"`
	// Impact says, optionally, what the divergence costs a user.
	Impact string `json:"impact,omitempty"`
	// Known links an existing report of the bug, if there is one.
	Known string `json:"known,omitempty"`
	// Change names the spec change an engine lags behind (VerdictLag).
	Change string `json:"change,omitempty"`
	// Relation is the internal/cause relation the cause's divergences
	// show; Claim names the spec the implementation claims for the
	// function (minimal fields; the registry schema of issue 23 replaces
	// them).
	Relation string `json:"relation,omitempty"`
	Claim    string `json:"claim,omitempty"`
	// Repro is a bug's standalone reproduction (VerdictBug).
	Repro *Repro `json:"repro,omitempty"`

	// dir is the testee directory whose verdicts.json holds the cause, ""
	// for survey/verdicts.json.
	dir string

	in, want, got, vid *regexp.Regexp
}

// loadCauses reads and compiles survey/verdicts.json and then every testee
// directory's verdicts.json, in the order of dirs.
func loadCauses(root string, dirs []*TesteeDir) ([]*Cause, error) {
	causes, err := loadCauseFile(filepath.Join(root, "survey", "verdicts.json"), "")
	if err != nil {
		return nil, err
	}
	seen := map[string]string{}
	for _, c := range causes {
		seen[c.ID] = "survey/verdicts.json"
	}
	for _, d := range dirs {
		name := filepath.Join(root, d.Dir, "verdicts.json")
		cs, err := loadCauseFile(name, d.Dir)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		} else if err != nil {
			return nil, err
		}
		for _, c := range cs {
			if other := seen[c.ID]; other != "" {
				return nil, fmt.Errorf("%s: cause id %q is also in %s", name, c.ID, other)
			}
			seen[c.ID] = d.Dir + "/verdicts.json"
		}
		causes = append(causes, cs...)
	}
	return causes, nil
}

// loadCauseFile reads and compiles one verdicts file, whose causes belong
// to the testee directory dir ("" for the survey's own).
func loadCauseFile(name, dir string) ([]*Cause, error) {
	var causes []*Cause
	if err := decodeStrict(name, &causes); err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	for _, c := range causes {
		if c.ID == "" || seen[c.ID] {
			return nil, fmt.Errorf("%s: cause id %q is empty or repeated", name, c.ID)
		}
		seen[c.ID] = true
		switch c.Verdict {
		case VerdictBug, VerdictDocumented, VerdictOlder, VerdictLag, VerdictSuite:
		default:
			return nil, fmt.Errorf("%s: cause %s: verdict %q is not one of %q, %q, %q, %q, %q", name, c.ID, c.Verdict, VerdictBug, VerdictDocumented, VerdictOlder, VerdictLag, VerdictSuite)
		}
		c.dir = dir
		if c.Verdict == VerdictLag && c.Change == "" {
			return nil, fmt.Errorf("%s: cause %s: an engine lag needs the change it lags behind (\"change\")", name, c.ID)
		}
		if r := c.Repro; r != nil {
			if r.File == "" || len(r.Argv) == 0 || r.Actual == "" || r.Expected == "" {
				return nil, fmt.Errorf("%s: cause %s: a repro needs file, argv, expected and actual", name, c.ID)
			}
			if _, err := os.Stat(filepath.Join(filepath.Dir(name), r.File)); err != nil {
				return nil, fmt.Errorf("%s: cause %s: repro: %w", name, c.ID, err)
			}
		}
		if c.Title == "" || c.Spec == "" || c.Explain == "" {
			return nil, fmt.Errorf("%s: cause %s needs a title, a spec clause and an explanation", name, c.ID)
		}
		if c.Verdict == VerdictDocumented && (c.Docs == "" || c.Quote == "") {
			return nil, fmt.Errorf("%s: cause %s: a documented deviation needs the docs and the words it rests on", name, c.ID)
		}
		if c.Check != "" && checks[c.Check] == nil {
			return nil, fmt.Errorf("%s: cause %s: unknown check %q", name, c.ID, c.Check)
		}
		for _, op := range c.Ops {
			if _, ok := vectors.Op(op).Info(); !ok {
				return nil, fmt.Errorf("%s: cause %s: unknown op %q", name, c.ID, op)
			}
		}
		for _, f := range []struct {
			src string
			re  **regexp.Regexp
		}{{c.In, &c.in}, {c.Want, &c.want}, {c.Got, &c.got}, {c.VID, &c.vid}} {
			if f.src == "" {
				continue
			}
			re, err := regexp.Compile(f.src)
			if err != nil {
				return nil, fmt.Errorf("%s: cause %s: %w", name, c.ID, err)
			}
			*f.re = re
		}
	}
	return causes, nil
}

// matches reports whether c explains the divergence r of row. A cause of
// a testee directory's verdicts.json explains only that directory's rows.
func (c *Cause) matches(row *Row, r *Result) bool {
	if c.dir != "" && c.dir != row.Dir {
		return false
	}
	if len(c.Rows) > 0 && !slices.Contains(c.Rows, row.Name) {
		return false
	}
	if len(c.Ops) > 0 && !slices.Contains(c.Ops, r.Op) {
		return false
	}
	if c.vid != nil && !c.vid.MatchString(r.ID) {
		return false
	}
	if c.in != nil && !c.in.MatchString(inputForm(r.Req)) {
		return false
	}
	if c.want != nil && !c.want.MatchString(responseForm(r.Want, "")) {
		return false
	}
	if c.got != nil && !c.got.MatchString(responseForm(r.Got, r.Incident)) {
		return false
	}
	if c.Check != "" && !checks[c.Check](r) {
		return false
	}
	return true
}

// classify returns the first cause that explains r, or nil.
func classify(causes []*Cause, row *Row, r *Result) *Cause {
	for _, c := range causes {
		if c.matches(row, r) {
			return c
		}
	}
	return nil
}

// inputForm is the form the In matcher sees: text as the inside of a JSON
// string (vectors.AppendJSONText: lone surrogates and controls as
// lowercase \uXXXX escapes), octets as lowercase hex, each after "in=" or
// "in_hex=", then " key=value" for each arg in name order.
func inputForm(req vectors.Request) string {
	var s string
	if req.InHex != nil || req.In == nil && isOctetOp(string(req.Op)) {
		s = "in_hex=" + hex.EncodeToString(req.InHex)
	} else {
		s = "in=" + jsonInner(req.In)
	}
	for _, k := range slices.Sorted(maps.Keys(req.Args)) {
		s += " " + k + "=" + req.Args[k]
	}
	return s
}

// responseForm is the form the Want and Got matchers see: "out=" and the
// inside of a JSON string, "out_hex=" and hex, "error=" and the kind,
// "unsupported", or "incident=" and the runner's account.
func responseForm(r vectors.Response, incident string) string {
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
	q := vectors.AppendJSONText(nil, s)
	return string(q[1 : len(q)-1])
}

func isOctetOp(name string) bool {
	op, ok := vectors.Op(name).Info()
	return ok && op.In == vectors.Octets
}
