package main

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/pctest/pctest/conformance"
	"github.com/pctest/pctest/internal/show"
	"github.com/pctest/pctest/vectors"
)

// A Result is one vector's outcome, or one fuzz finding, in the survey's
// terms.
type Result struct {
	ID      string // the vector's id, or "fuzz#N"
	Op      vectors.Op
	Ref     string
	Outcome conformance.Outcome
	Req     vectors.Request
	Want    vectors.Response
	Got     vectors.Response
	// Incident is the runner's account of a crash, timeout or protocol
	// error that stood in for an answer.
	Incident string
	// Fuzz marks a finding of pctest fuzz.
	Fuzz bool
}

// failed reports whether r is a divergence.
func (r *Result) failed() bool { return r.Outcome.Fails() || r.Fuzz }

// ShowInput, ShowWant and ShowGot write r's input, the expected answer and
// the implementation's (or the incident that stood in for it) for people,
// as every pctest report does (internal/show).
func (r *Result) ShowInput() string { return show.Input(r.Req) }
func (r *Result) ShowWant() string  { return show.Answer(r.Op, r.Want) }
func (r *Result) ShowGot() string {
	if r.Incident != "" {
		return "(" + r.Incident + ")"
	}
	return show.Answer(r.Op, r.Got)
}

// A Run is what pctest run -format json said about one row.
type Run struct {
	Suite    string
	Vectors  int
	Seconds  float64
	Partial  bool
	Results  []Result
	Stderr   string
	Incident string // the incidents block, when there was any
}

// The pctest JSON report (cmd/pctest/report.schema.json), as far as the
// survey reads it.
type jsonReport struct {
	RunInfo struct {
		SuiteVersion    string  `json:"suite_version"`
		VectorCount     int     `json:"vector_count"`
		DurationSeconds float64 `json:"duration_seconds"`
		Partial         bool    `json:"partial"`
	} `json:"run_info"`
	Incidents map[string]int `json:"incidents"`
	Results   []struct {
		ID       string              `json:"id"`
		Op       string              `json:"op"`
		Ref      string              `json:"ref"`
		Status   conformance.Outcome `json:"status"`
		In       json.RawMessage     `json:"in"`
		InHex    *string             `json:"in_hex"`
		Args     map[string]string   `json:"args"`
		Expected *jsonResponse       `json:"expected"`
		Got      *jsonResponse       `json:"got"`
		Error    string              `json:"error"`
	} `json:"results"`
	Stderr string `json:"testee_stderr"`
}

type jsonResponse struct {
	Out         json.RawMessage `json:"out"`
	OutHex      *string         `json:"out_hex"`
	Error       string          `json:"error"`
	Message     string          `json:"message"`
	Unsupported bool            `json:"unsupported"`
}

func (j *jsonResponse) response() (vectors.Response, error) {
	var r vectors.Response
	if j == nil {
		return r, nil
	}
	r.Error, r.Message, r.Unsupported = j.Error, j.Message, j.Unsupported
	if len(j.Out) > 0 {
		u, err := vectors.ParseJSONText(j.Out)
		if err != nil {
			return r, err
		}
		r.Out = u
	}
	if j.OutHex != nil {
		b, err := hex.DecodeString(*j.OutHex)
		if err != nil {
			return r, err
		}
		r.OutHex = b
	}
	return r, nil
}

// parseRun reads the output of pctest run -format json.
func parseRun(data []byte) (*Run, error) {
	var j jsonReport
	if err := json.Unmarshal(data, &j); err != nil {
		return nil, fmt.Errorf("pctest JSON report: %w", err)
	}
	run := &Run{
		Suite: j.RunInfo.SuiteVersion, Vectors: j.RunInfo.VectorCount,
		Seconds: j.RunInfo.DurationSeconds, Partial: j.RunInfo.Partial, Stderr: j.Stderr,
	}
	var inc []string
	for _, k := range slices.Sorted(maps.Keys(j.Incidents)) {
		if n := j.Incidents[k]; n > 0 {
			inc = append(inc, fmt.Sprintf("%d %s", n, strings.ReplaceAll(k, "_", " ")))
		}
	}
	run.Incident = strings.Join(inc, ", ")
	for _, jr := range j.Results {
		r := Result{ID: jr.ID, Op: vectors.Op(jr.Op), Ref: jr.Ref, Outcome: jr.Status, Incident: jr.Error}
		r.Req.Op, r.Req.Args = vectors.Op(jr.Op), jr.Args
		var err error
		switch {
		case jr.InHex != nil:
			if r.Req.InHex, err = hex.DecodeString(*jr.InHex); err == nil && r.Req.InHex == nil {
				r.Req.InHex = []byte{}
			}
		case len(jr.In) > 0:
			r.Req.In, err = vectors.ParseJSONText(jr.In)
		}
		if err != nil {
			return nil, fmt.Errorf("result %s: input: %w", jr.ID, err)
		}
		if r.Want, err = jr.Expected.response(); err != nil {
			return nil, fmt.Errorf("result %s: expected: %w", jr.ID, err)
		}
		if r.Got, err = jr.Got.response(); err != nil {
			return nil, fmt.Errorf("result %s: got: %w", jr.ID, err)
		}
		run.Results = append(run.Results, r)
	}
	return run, nil
}

// A FuzzRun is what pctest fuzz printed about one row.
type FuzzRun struct {
	Findings    []Result
	Summary     string // the "N cases in T (R/s), N disagreements" line
	Unsupported string // the ops the testee does not have
	Header      string
	Incident    string
}

// parseFuzz reads pctest fuzz's text output: per disagreement a line
// "DISAGREE op input" and the lines "  reference: …" and "  testee:    …",
// in the forms of cmd/pctest/display.go.
func parseFuzz(data []byte) (*FuzzRun, error) {
	fr := &FuzzRun{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 1<<16), 1<<22)
	var cur *Result
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "pctest fuzz:"):
			fr.Header = line
		case strings.HasPrefix(line, "DISAGREE "):
			rest := strings.TrimPrefix(line, "DISAGREE ")
			op, in, _ := strings.Cut(rest, " ")
			req, err := parseDisplayInput(op, in)
			if err != nil {
				return nil, fmt.Errorf("line %d: %w", n, err)
			}
			fr.Findings = append(fr.Findings, Result{
				ID: fmt.Sprintf("fuzz#%d", len(fr.Findings)+1), Op: vectors.Op(op), Outcome: conformance.Failed, Req: req, Fuzz: true,
			})
			cur = &fr.Findings[len(fr.Findings)-1]
		case cur != nil && strings.HasPrefix(line, "  reference: "):
			resp, _, err := parseDisplayResponse(strings.TrimPrefix(line, "  reference: "))
			if err != nil {
				return nil, fmt.Errorf("line %d: %w", n, err)
			}
			cur.Want = resp
		case cur != nil && strings.HasPrefix(line, "  testee:"):
			resp, incident, err := parseDisplayResponse(strings.TrimSpace(strings.TrimPrefix(line, "  testee:")))
			if err != nil {
				return nil, fmt.Errorf("line %d: %w", n, err)
			}
			cur.Got, cur.Incident = resp, incident
		case strings.HasPrefix(line, "unsupported by the testee"):
			_, fr.Unsupported, _ = strings.Cut(line, ": ")
		case strings.HasPrefix(line, "testee: "):
			fr.Incident = strings.TrimPrefix(line, "testee: ")
		case strings.Contains(line, " cases in "):
			fr.Summary = line
		}
	}
	return fr, sc.Err()
}

// parseDisplayInput parses show.InputField's rendering (internal/show): `in="…" [0041 …]` or
// `in_hex=4142 "AB"`, then ` key="value"` args.
func parseDisplayInput(op, s string) (vectors.Request, error) {
	req := vectors.Request{Op: vectors.Op(op)}
	var rest string
	switch {
	case strings.HasPrefix(s, "in_hex="):
		s = strings.TrimPrefix(s, "in_hex=")
		h, after, _ := strings.Cut(s, " ")
		if strings.Contains(h, "…") {
			return req, fmt.Errorf("input %q is abbreviated", h)
		}
		b, err := hex.DecodeString(h)
		if err != nil {
			return req, fmt.Errorf("input hex %q: %w", h, err)
		}
		req.InHex = append([]byte{}, b...)
		// Skip the Go-quoted rendering of the octets.
		q, err := strconv.QuotedPrefix(after)
		if err != nil {
			return req, fmt.Errorf("input %q: %w", after, err)
		}
		rest = after[len(q):]
	case strings.HasPrefix(s, "in="):
		s = strings.TrimPrefix(s, "in=")
		end := displayTextEnd(s)
		if end < 0 {
			return req, fmt.Errorf("input %q: unterminated text", s)
		}
		units, after, err := parseUnits(strings.TrimPrefix(s[end:], " "))
		if err != nil {
			return req, err
		}
		req.In, rest = units, after
	default:
		return req, fmt.Errorf("input %q: want in= or in_hex=", s)
	}
	for rest = strings.TrimSpace(rest); rest != ""; rest = strings.TrimSpace(rest) {
		k, v, ok := strings.Cut(rest, "=")
		if !ok {
			return req, fmt.Errorf("args %q", rest)
		}
		q, err := strconv.QuotedPrefix(v)
		if err != nil {
			return req, fmt.Errorf("arg %s: %w", k, err)
		}
		val, _ := strconv.Unquote(q)
		if req.Args == nil {
			req.Args = map[string]string{}
		}
		req.Args[k] = val
		rest = v[len(q):]
	}
	return req, nil
}

// displayTextEnd returns the index just past displayText's closing quote,
// or -1.
func displayTextEnd(s string) int {
	if !strings.HasPrefix(s, `"`) {
		return -1
	}
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '"':
			return i + 1
		}
	}
	return -1
}

// parseUnits parses displayUnits's "[0041 D800]" at the start of s.
func parseUnits(s string) ([]uint16, string, error) {
	if !strings.HasPrefix(s, "[") {
		return nil, s, fmt.Errorf("code units %q: want [", s)
	}
	end := strings.IndexByte(s, ']')
	if end < 0 {
		return nil, s, fmt.Errorf("code units %q: want ]", s)
	}
	list := s[1:end]
	if strings.Contains(list, "…") {
		return nil, s, fmt.Errorf("code units %q are abbreviated", list)
	}
	units := []uint16{}
	for _, f := range strings.Fields(list) {
		v, err := strconv.ParseUint(f, 16, 16)
		if err != nil {
			return nil, s, fmt.Errorf("code unit %q: %w", f, err)
		}
		units = append(units, uint16(v))
	}
	return units, s[end+1:], nil
}

// parseDisplayResponse parses show.Result's rendering. An incident
// ("(…)") comes back as its text.
func parseDisplayResponse(s string) (vectors.Response, string, error) {
	var r vectors.Response
	switch {
	case s == "unsupported":
		r.Unsupported = true
	case s == "(empty response)":
	case strings.HasPrefix(s, "("):
		return r, strings.TrimSuffix(strings.TrimPrefix(s, "("), ")"), nil
	case strings.HasPrefix(s, "error "):
		kind, msg, _ := strings.Cut(strings.TrimPrefix(s, "error "), " ")
		r.Error = kind
		if m := strings.TrimSuffix(strings.TrimPrefix(msg, "("), ")"); m != "" {
			if u, err := strconv.Unquote(m); err == nil {
				r.Message = u
			} else {
				r.Message = m
			}
		}
	case strings.HasPrefix(s, `"`):
		end := displayTextEnd(s)
		if end < 0 {
			return r, "", fmt.Errorf("response %q: unterminated text", s)
		}
		units, _, err := parseUnits(strings.TrimPrefix(s[end:], " "))
		if err != nil {
			return r, "", err
		}
		r.Out = units
	default:
		h, _, _ := strings.Cut(s, " ")
		if strings.Contains(h, "…") {
			return r, "", fmt.Errorf("response %q is abbreviated", h)
		}
		b, err := hex.DecodeString(h)
		if err != nil {
			return r, "", fmt.Errorf("response %q: %w", s, err)
		}
		r.OutHex = append([]byte{}, b...)
	}
	return r, "", nil
}
