package report

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode/utf16"

	"github.com/pctest/pctest/internal/cause"
	"github.com/pctest/pctest/internal/show"
	"github.com/pctest/pctest/vectors"
)

// This file holds how a report says to reproduce one failure: the request
// line the testee received, and one command that runs that vector alone.

// A Repro is what a report needs to say how to reproduce one of its
// failures: how the implementation was chosen and how requests were sent.
// pctest run and pctest fuzz fill it from their command line.
type Repro struct {
	// Flags are the flags of pctest run that every rerun needs: -impl NAME
	// for a built-in implementation or shipped example, -utf16hex,
	// -timeout, -expect-fail FILE, as the run was given them.
	Flags []string
	// Command is the testee's command as given after --; nil with -impl.
	Command []string
	// UTF16Hex says text was sent as "in_utf16" (-utf16hex).
	UTF16Hex bool
}

// RequestLine returns req as the one-line request a testee receives
// (testee/PROTOCOL.md §3), with id 1: the runner numbers requests as it
// sends them, and everything after the id is what the testee received.
// Text input is "in_utf16" hex code units with UTF16Hex (§4).
func (p Repro) RequestLine(req vectors.Request) string {
	body := req.AppendJSON(nil, p.UTF16Hex) // {"op":…}
	return `{"id":1,` + string(body[1:])
}

// Pipe returns a shell command that sends req's request line to the
// testee on its own, "printf '%s\n' 'LINE' | CMD" (with UTF16Hex,
// "| PCTEST_UTF16HEX=1 CMD"), or "" for a built-in implementation, which
// reads no requests.
func (p Repro) Pipe(req vectors.Request) string {
	if p.Command == nil {
		return ""
	}
	env := ""
	if p.UTF16Hex {
		env = "PCTEST_UTF16HEX=1 " // the testee reads "in_utf16" in that mode (PROTOCOL.md §4)
	}
	return "printf '%s\\n' " + show.Command([]string{p.RequestLine(req)}) + " | " + env + show.Command(p.Command)
}

// Rerun returns the command that runs vector v alone again, as the run
// ran it: "pctest run FLAGS [-vectors FILE] [-level implementation-defined]
// -run '^ID$' -- CMD". file is v's vectors file when it is not the suite's
// (-vectors), or "". judged says the run judged v: for an
// implementation-defined vector, only -level implementation-defined does.
func (p Repro) Rerun(v *vectors.Vector, file string, judged bool) string {
	argv := []string{"pctest", "run"}
	argv = append(argv, p.Flags...)
	if file != "" {
		argv = append(argv, "-vectors", file)
	}
	if judged && v.Level == vectors.LevelImplementationDefined {
		argv = append(argv, "-level", vectors.LevelImplementationDefined)
	}
	argv = append(argv, "-run", "^"+regexp.QuoteMeta(v.ID)+"$")
	if p.Command != nil {
		argv = append(append(argv, "--"), p.Command...)
	}
	return show.Command(argv)
}

// reproducible reports whether a report says how to reproduce a result of
// outcome o: a failure, an expected failure, an unexpected pass or an
// implementation-defined vector that differs.
func reproducible(o Outcome) bool {
	return o == Failed || o == UnexpectedPass || o == ExpectedFailure || o == Differs
}

// rerun returns the command that runs the vector of o alone again.
func (r *Run) rerun(o *Result) string {
	file := ""
	if o.Vector.File != "" && slices.Contains(r.VectorFiles, o.Vector.File) {
		file = o.Vector.File
	}
	return r.Repro.Rerun(&o.Vector, file, !o.Outcome.Unjudged())
}

// SurrogateTrouble counts the failures of results that show a testee whose
// JSON cannot carry lone surrogates: of the Failed results whose input or
// expected output holds a lone surrogate, Crashed counts those that got no
// answer (a crash, a hang or a protocol error stood in for it), Mangled
// those whose answer is what a JSON library that reads or writes a lone
// surrogate escape as U+FFFD makes of the request: the expected answer
// with each lone surrogate as U+FFFD (or, in escape's answer, %uFFFD), or
// an encoder's answer, where a lone surrogate throws, with U+FFFD's
// UTF-8 escaped (%EF%BF%BD) once for each of them (and each U+FFFD of the
// input). A lone surrogate that came back as it was, beside a U+FFFD of
// the testee's own making, is no such trouble. (A library that replaces
// lone surrogates itself answers the same: pctest check tells the two
// apart.)
type SurrogateTrouble struct {
	Failures, Crashed, Mangled int
}

// SurrogateTroubleOf counts the failures of results that involve lone
// surrogates (see [SurrogateTrouble]).
func SurrogateTroubleOf(results []Result) SurrogateTrouble {
	var t SurrogateTrouble
	for i := range results {
		o := &results[i]
		v := &o.Vector
		if o.Outcome != Failed || !show.HasLoneSurrogate(v.In) && !show.HasLoneSurrogate(v.Expect.Out) {
			continue
		}
		t.Failures++
		switch {
		case o.Err != nil:
			t.Crashed++
		case lostSurrogates(o):
			t.Mangled++
		}
	}
	return t
}

// lostSurrogates reports whether r's answer is what its request gives with
// its lone surrogates as U+FFFD (see [SurrogateTrouble]).
func lostSurrogates(r *Result) bool {
	switch cause.Classify(failure(r)).ID {
	case cause.FFFDForSurrogate.ID:
		return true
	case cause.LoneSurrogateEncoded.ID:
		// U+FFFD's UTF-8, escaped, once in the place of each lone
		// surrogate (and of each U+FFFD the input had): the encoder was
		// given U+FFFD instead.
		got := strings.ToUpper(string(utf16.Decode(r.Got.Out)))
		return strings.Count(got, "%EF%BF%BD") == strings.Count(string(utf16.Decode(r.Vector.In)), "\uFFFD")
	}
	return false
}

// Hint returns the advice the failures t counts call for, in one
// paragraph, or "" when none of them crashed or came back mangled.
func (t SurrogateTrouble) Hint() string {
	if t.Crashed+t.Mangled == 0 {
		return ""
	}
	have := show.Count(t.Failures, "failure has", "failures have")
	return fmt.Sprintf("hint: %s a lone surrogate in their input or expected answer; %d of them got no answer (crash, hang or protocol error) "+
		"and %d came back with U+FFFD, as when the testee's JSON library cannot read or write a lone surrogate escape such as \"\\ud800\": "+
		UseUTF16Hex+"; 'pctest check -- COMMAND' checks this in seconds",
		have, t.Crashed, t.Mangled)
}

// UseUTF16Hex is the advice for a testee whose JSON library loses lone
// surrogates, in one wording wherever pctest gives it: the -utf16hex hint
// of a run report ([SurrogateTrouble.Hint]) and pctest check's fix.
const UseUTF16Hex = "run pctest with -utf16hex (pctest run -utf16hex, pctest fuzz -utf16hex): text then travels as \"in_utf16\" hex code units, which no JSON library mangles (testee/PROTOCOL.md §4)"

// UTF16HexHint returns the -utf16hex hint of the run ([SurrogateTrouble]),
// or "": only for a testee run without -utf16hex.
func (r *Run) UTF16HexHint() string {
	if r.Argv == nil || r.Repro.UTF16Hex {
		return ""
	}
	return SurrogateTroubleOf(r.Results).Hint()
}
