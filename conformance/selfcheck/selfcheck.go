// Package selfcheck is the protocol self-check of a testee, what `pctest
// check -- COMMAND` runs: in a few seconds it tells the author of a new
// testee whether the testee keeps the contract of testee/PROTOCOL.md, and
// for each problem what to fix, before a whole run meets it as hundreds of
// crashes or a fuzzing campaign at a crawl.
//
// It checks that the testee starts and answers a request while its stdin
// is still open (its answers are flushed before it reads more), writes
// every answer out before it exits at the end of its input, keeps its
// stdout for answers, echoes ids (up to 2⁵³−1) in order, ignores members
// it does not know, answers or declines each op cleanly, reads long
// lines, carries lone surrogates through its JSON (when it cannot, and
// -utf16hex works, it says to use -utf16hex, by name), and carries
// characters outside the BMP both ways, as UTF-8 and as escape pairs.
//
// It compares answers with the reference codec only to tell the testee's
// transport from its implementation: a wrong answer that is not the
// protocol's fault is a note, which `pctest run` judges.
package selfcheck

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/pctest/pctest/conformance"
	"github.com/pctest/pctest/internal/show"
	"github.com/pctest/pctest/report"
	"github.com/pctest/pctest/testee"
	"github.com/pctest/pctest/vectors"
)

// Config says which testee to check, and how.
type Config struct {
	// Command is the testee's command and arguments, run without a shell.
	Command []string
	// Timeout and StartTimeout are the testee's allowances, as pctest
	// run's -timeout and -start-timeout (zero: 10s, and three times
	// Timeout).
	Timeout, StartTimeout time.Duration
	// UTF16Hex checks the testee in -utf16hex mode (PROTOCOL.md §4).
	UTF16Hex bool
	// Dir and Env are the testee's working directory and extra
	// environment, as testee.Dir and testee.Env.
	Dir string
	Env []string
}

// LongLine is the length, in code units or octets, of the input of the
// long-line check: about twelve times the longest input of the suite's
// vectors (8,203 on 2026-12-06), so that a testee reading lines into a
// fixed buffer fails here first.
const LongLine = 100_000

// plainRequests is how many plain requests the exit check sends before
// closing the testee's stdin.
const plainRequests = 64

// bigIDs are the ids the ids check sends after the plain requests: past
// 2³¹ and 2³², and the largest the protocol allows.
var bigIDs = []int64{1<<31 + 1, 1<<32 + 7, 1<<53 - 1}

// Run checks the testee c names and returns the report. The error is a
// *testee.OptionError for a wrong option or ctx's error; a testee that
// cannot start is a report with CannotStart set.
func Run(ctx context.Context, c Config) (*report.CheckReport, error) {
	ck := &checker{c: c, rep: &report.CheckReport{}}
	ck.rep.Info = report.CheckInfo{
		Command:         c.Command,
		UTF16Hex:        c.UTF16Hex,
		ProtocolVersion: testee.ProtocolVersion,
		StartTime:       time.Now(),
	}
	err := ck.run(ctx)
	ck.rep.Info.Elapsed = time.Since(ck.rep.Info.StartTime).Seconds()
	return ck.rep, err
}

type checker struct {
	c   Config
	rep *report.CheckReport

	answered []vectors.Op                   // the ops answered, in vectors.Ops order
	probe    map[vectors.Op]vectors.Request // each op's probe
	badLines []string                       // stdout lines that are not answers
}

// options returns the testee options of c, in -utf16hex mode when hex.
func (ck *checker) options(hex bool) []testee.Option {
	opts := []testee.Option{testee.Timeout(ck.c.Timeout), testee.StartTimeout(ck.c.StartTimeout), testee.Env(ck.c.Env...)}
	if ck.c.Dir != "" {
		opts = append(opts, testee.Dir(ck.c.Dir))
	}
	if hex {
		opts = append(opts, testee.UTF16Hex())
	}
	return opts
}

func (ck *checker) run(ctx context.Context) error {
	// 1. At the end of input: exit, stdout, ids.
	aHello := vectors.Request{Op: vectors.OpEncodeURIComponent, In: []uint16{'a'}}
	var input []byte
	for i := int64(1); i <= plainRequests; i++ {
		input = append(testee.AppendRequestJSON(input, i, aHello, ck.c.UTF16Hex), '\n')
	}
	for _, id := range bigIDs {
		input = append(testee.AppendRequestJSON(input, id, aHello, ck.c.UTF16Hex), '\n')
	}
	tr, err := testee.Once(ctx, ck.c.Command, input, ck.options(ck.c.UTF16Hex)...)
	if err != nil {
		var se *testee.StartError
		if errors.As(err, &se) {
			ck.cannotStart(se.Error(), "check the command: it is executed directly, with no shell")
			return nil
		}
		return err
	}
	ck.rep.Stderr = tr.Stderr
	answers := ck.readTranscript(tr.Stdout)
	onceOK := ck.checkExit(tr, answers)

	// 2. With stdin open: start, ops, long lines, lone surrogates.
	p, err := testee.Start(ctx, ck.c.Command, ck.options(ck.c.UTF16Hex)...)
	if err != nil {
		var se *testee.StartError
		if errors.As(err, &se) {
			ck.cannotStart(se.Error(), "")
			return nil
		}
		return err
	}
	defer func() { p.Kill() }()
	if !ck.checkStart(ctx, p, onceOK, tr) {
		if len(ck.badLines) > 0 {
			ck.checkStdout(p)
		}
		return ctx.Err()
	}
	ck.checkOps(ctx, p)
	if len(ck.answered) == 0 {
		ck.checkStdout(p)
		return ctx.Err()
	}
	ck.checkLongLine(ctx, p)
	surrogates := ck.checkLoneSurrogates(ctx, p)
	ck.checkStdout(p)
	ck.rep.Stderr = p.Stderr(4 << 10)
	p.Close()
	if surrogates != nil && !ck.c.UTF16Hex {
		ck.retryInHex(ctx, surrogates)
	}

	// 3. Members it does not know, characters outside the BMP.
	ck.checkNonBMP(ctx)
	return ctx.Err()
}

// cannotStart records a testee that cannot start.
func (ck *checker) cannotStart(why, fix string) {
	ck.rep.CannotStart = true
	ck.rep.Add(report.CheckItem{Name: "start", Status: report.CheckProblem, Summary: why, Fix: fix})
}

// onceAnswer is a line of a transcript read as an answer.
type onceAnswer struct {
	id   int64
	resp vectors.Response
	err  error  // the line is shaped like an answer but is not a valid one
	line string // the line, quoted and cut short
}

// readTranscript reads the lines of a testee's stdout: those not shaped
// like an answer go to ck.badLines, the others are returned in order.
func (ck *checker) readTranscript(out []byte) []onceAnswer {
	var answers []onceAnswer
	for line := range bytes.Lines(out) {
		line = bytes.TrimRight(line, "\r\n")
		trimmed := bytes.TrimLeft(line, " \t\r")
		switch {
		case len(trimmed) == 0:
		case trimmed[0] != '{':
			ck.badLines = append(ck.badLines, quote(line))
		default:
			id, resp, err := testee.ParseResponseJSON(line)
			answers = append(answers, onceAnswer{id: id, resp: resp, err: err, line: quote(line)})
		}
	}
	return answers
}

// quote quotes a line of output, cut to 120 bytes.
func quote(line []byte) string {
	if len(line) > 120 {
		return strconv.Quote(string(line[:120])) + "…"
	}
	return strconv.Quote(string(line))
}

// checkExit checks the transcript of the testee run to the end of its
// input: every answer written out before it exits (exit), and each id
// echoed in order (ids). It reports whether the testee answered at all.
func (ck *checker) checkExit(tr *testee.Transcript, answers []onceAnswer) bool {
	sent := plainRequests + len(bigIDs)
	valid := 0
	for _, a := range answers {
		if a.err == nil {
			valid++
		}
	}
	ended := "it exited (" + tr.Status + ")"
	if tr.Killed {
		ended = "it did not exit at the end of its input, and was killed"
	}
	switch {
	case valid == 0:
		ck.rep.Add(report.CheckItem{Name: "exit", Status: report.CheckProblem,
			Summary: fmt.Sprintf("sent %d requests and closed its stdin: no answer came back; %s", sent, ended),
			Details: firstN(append(linesOf(answers), ck.badLines...), 3),
			Fix:     "answer each request line with one JSON object line on stdout (PROTOCOL.md §2, §3), and write every answer out before exiting: flush stdout (PROTOCOL.md §1)"})
		return false
	case len(answers) < sent && !tr.Killed:
		ck.rep.Add(report.CheckItem{Name: "exit", Status: report.CheckProblem,
			Summary: fmt.Sprintf("sent %d requests and closed its stdin: %d answers came back before %s", sent, len(answers), ended),
			Fix:     "write every answer out before exiting at the end of input: flush a buffered stdout, wait for asynchronous writes (in Node, do not call process.exit(); PROTOCOL.md §1). Piping a request line into the testee shows nothing otherwise"})
	case tr.Killed:
		ck.rep.Add(report.CheckItem{Name: "exit", Status: report.CheckNote,
			Summary: fmt.Sprintf("answered %d of %d requests, but %s", len(answers), sent, ended),
			Fix:     "exit when stdin reaches its end (PROTOCOL.md §1: SHOULD); pctest kills it 2 s after closing its stdin"})
	default:
		ck.rep.Add(report.CheckItem{Name: "exit", Status: report.CheckOK,
			Summary: fmt.Sprintf("all %d answers written out before the testee exited at the end of its input", sent)})
	}
	// ids
	want := make([]int64, 0, sent)
	for i := int64(1); i <= plainRequests; i++ {
		want = append(want, i)
	}
	want = append(want, bigIDs...)
	var bad []string
	for i, a := range answers {
		if i >= len(want) {
			bad = append(bad, "an answer more than the requests: "+a.line)
			break
		}
		switch {
		case a.err != nil:
			bad = append(bad, fmt.Sprintf("request id %d: answer %s is not valid: %v", want[i], a.line, a.err))
		case a.id != want[i]:
			bad = append(bad, fmt.Sprintf("request id %d: answered with id %d: %s", want[i], a.id, a.line))
		}
		if len(bad) == 3 {
			break
		}
	}
	switch {
	case len(bad) > 0:
		ck.rep.Add(report.CheckItem{Name: "ids", Status: report.CheckProblem,
			Summary: "answers do not echo the ids of the requests, in their order",
			Details: bad,
			Fix:     "answer in the order of the requests, each with its request's id as it came: an integer up to 2^53−1 (" + strconv.FormatInt(1<<53-1, 10) + "), so read it as a 64-bit integer or a double, never a 32-bit int, and write it back as an integer (PROTOCOL.md §3)"})
	case len(answers) == sent:
		ck.rep.Add(report.CheckItem{Name: "ids", Status: report.CheckOK,
			Summary: "each answer has its request's id, in order, up to 2^53−1"})
	}
	return true
}

// linesOf returns the lines of answers.
func linesOf(answers []onceAnswer) []string {
	var lines []string
	for _, a := range answers {
		lines = append(lines, a.line)
	}
	return lines
}

// firstN returns the first n of s.
func firstN[T any](s []T, n int) []T { return s[:min(n, len(s))] }

// checkStart sends the testee a first request with its stdin open and
// waits for the answer; it reports whether one came. onceOK says whether
// the testee answered when its input ended.
func (ck *checker) checkStart(ctx context.Context, p *testee.Process, onceOK bool, tr *testee.Transcript) bool {
	allowance := ck.c.StartTimeout
	if allowance <= 0 {
		allowance = 3 * max(ck.c.Timeout, 0)
		if allowance == 0 {
			allowance = 30 * time.Second
		}
	}
	dctx, cancel := context.WithTimeout(ctx, allowance)
	defer cancel()
	_, err := p.Do(dctx, vectors.Request{Op: vectors.OpEncodeURIComponent, In: []uint16{'a'}})
	switch {
	case err == nil:
		ck.rep.Add(report.CheckItem{Name: "start", Status: report.CheckOK,
			Summary: "answers a request while its stdin stays open (answers are flushed before it reads more)"})
		return true
	case ctx.Err() != nil:
		return false
	case onceOK && errors.Is(err, context.DeadlineExceeded):
		ck.rep.Add(report.CheckItem{Name: "start", Status: report.CheckProblem,
			Summary: fmt.Sprintf("answers only when its input ends: a request sent with stdin left open got no answer in %v", allowance),
			Fix:     "flush stdout after writing the answers to the lines read, before reading more (PROTOCOL.md §2, pipelining): stdout is block-buffered on a pipe in C, Perl ($| = 1), Python (flush=True), Ruby ($stdout.sync = true), Java (flush the writer) and Rust (lock and flush)"})
		ck.rep.CannotStart = true
		return false
	default:
		ck.cannotStart(fmt.Sprintf("a first request with stdin open got no answer: %v", err), "see the testee's stderr below; answer each request line with one JSON object line (PROTOCOL.md §3)")
		return false
	}
}

// probeFor returns a request of op: the input of the first must vector of
// the op that is short and free of lone surrogates, with its args.
func probeFor(op vectors.Op, all []vectors.Vector) vectors.Request {
	var best *vectors.Vector
	for i := range all {
		v := &all[i]
		if v.Op != op || v.Level != vectors.LevelMust || show.HasLoneSurrogate(v.In) || len(v.In)+len(v.InHex) == 0 {
			continue
		}
		if best == nil || len(v.In)+len(v.InHex) > len(best.In)+len(best.InHex) && len(v.In)+len(v.InHex) <= 12 {
			best = v
		}
	}
	if best == nil {
		return vectors.Request{Op: op, In: []uint16{'a'}}
	}
	return best.Request
}

// reference answers req with the reference codec.
func reference(req vectors.Request) (vectors.Response, error) {
	return conformance.Reference().Do(context.Background(), req)
}

// checkOps sends every op's probe and sorts the ops into answered,
// declined and broken.
func (ck *checker) checkOps(ctx context.Context, p *testee.Process) {
	all, err := vectors.Load()
	if err != nil {
		all = nil
	}
	ck.probe = make(map[vectors.Op]vectors.Request)
	var reqs []vectors.Request
	for _, o := range vectors.Ops() {
		r := probeFor(o.Name, all)
		ck.probe[o.Name] = r
		reqs = append(reqs, r)
	}
	resps := make([]vectors.Response, len(reqs))
	errs := make([]error, len(reqs))
	p.DoBatch(ctx, reqs, resps, errs)
	var broken, differ []string
	for i, req := range reqs {
		op := string(req.Op)
		switch {
		case errs[i] != nil:
			ck.rep.Broken = append(ck.rep.Broken, op)
			broken = append(broken, fmt.Sprintf("%s %s: %v", op, show.InputField(req), errs[i]))
		case resps[i].Unsupported:
			ck.rep.Declined = append(ck.rep.Declined, op)
		default:
			ck.rep.Answered = append(ck.rep.Answered, op)
			ck.answered = append(ck.answered, req.Op)
			if want, err := reference(req); err == nil && !vectors.SameAnswer(req.Op, want, resps[i]) {
				differ = append(differ, fmt.Sprintf("%s %s: the reference answers %s, the testee %s", op, show.InputField(req), show.Answer(req.Op, want), show.Answer(req.Op, resps[i])))
			}
		}
	}
	switch {
	case len(broken) > 0:
		ck.rep.Add(report.CheckItem{Name: "ops", Status: report.CheckProblem,
			Summary: fmt.Sprintf("%s answered, %d declined, %d answered with a crash, a timeout or a malformed answer", show.Count(len(ck.rep.Answered), "op", "ops"), len(ck.rep.Declined), len(broken)),
			Details: firstN(broken, 5),
			Fix:     `answer every request with one JSON object: the result, {"id":N,"error":KIND}, or {"id":N,"unsupported":true} for an op the testee does not have, never a crash (PROTOCOL.md §3; pctest ops lists the ops)`})
	case len(ck.answered) == 0:
		ck.rep.Add(report.CheckItem{Name: "ops", Status: report.CheckProblem,
			Summary: fmt.Sprintf("every op declined (%d): pctest run would judge nothing", len(ck.rep.Declined)),
			Fix:     "check the op names the testee knows against `pctest ops` (they are case-sensitive, such as encodeURIComponent)"})
		ck.rep.CannotStart = true
	default:
		ck.rep.Add(report.CheckItem{Name: "ops", Status: report.CheckOK,
			Summary: fmt.Sprintf("%s answered, %d declined as unsupported", show.Count(len(ck.rep.Answered), "op", "ops"), len(ck.rep.Declined))})
	}
	if len(differ) > 0 {
		ck.rep.Add(report.CheckItem{Name: "answers", Status: report.CheckNote,
			Summary: fmt.Sprintf("%d ops' first answers differ from the reference's: not a protocol problem; pctest run judges them", len(differ)),
			Details: firstN(differ, 5)})
	}
}

// checkLongLine sends a long request of the first op answered.
func (ck *checker) checkLongLine(ctx context.Context, p *testee.Process) {
	op := ck.answered[0]
	short := ck.probe[op]
	long := short
	long.In, long.InHex = repeat(short.In, LongLine), repeat(short.InHex, LongLine)
	want, err := reference(long)
	if err != nil {
		ck.rep.Add(report.CheckItem{Name: "long-lines", Status: report.CheckSkipped, Summary: "no long input of " + string(op) + ": " + err.Error()})
		return
	}
	got, err := p.Do(ctx, long)
	line := len(testee.AppendRequestJSON(nil, 1, long, ck.c.UTF16Hex))
	if err == nil && vectors.SameAnswer(op, want, got) {
		ck.rep.Add(report.CheckItem{Name: "long-lines", Status: report.CheckOK,
			Summary: fmt.Sprintf("a %d-byte request line of %s answered right", line, op)})
		return
	}
	ck.rep.Add(report.CheckItem{Name: "long-lines", Status: report.CheckProblem,
		Summary: fmt.Sprintf("a %d-byte request line of %s (its input %s repeated) was answered %s", line, op, show.Brief(short), brief(op, got, err)),
		Fix:     "read whole lines of any length: no fixed-size line buffer (fgets into char[4096], a read of one chunk taken for a line); split the input on \\n and keep a partial line for the next read"})
}

// repeat returns s repeated until it is n long or longer; nil stays nil.
func repeat[T any](s []T, n int) []T {
	if len(s) == 0 {
		return s
	}
	out := make([]T, 0, n+len(s))
	for len(out) < n {
		out = append(out, s...)
	}
	return out
}

// brief writes an answer, or the error that stood for it, in a short line.
func brief(op vectors.Op, r vectors.Response, err error) string {
	if err != nil {
		return "with " + err.Error()
	}
	s := show.BriefAnswer(op, r)
	if len(s) > 100 {
		s = s[:100] + "…"
	}
	return s
}

// surrogateProbe is a lone-surrogate request and what came of it.
type surrogateProbe struct {
	req  vectors.Request
	want vectors.Response
	got  vectors.Response
	err  error
}

// checkLoneSurrogates sends inputs with lone surrogates to each ECMAScript
// op answered, and returns the probes that went wrong, if any.
func (ck *checker) checkLoneSurrogates(ctx context.Context, p *testee.Process) []surrogateProbe {
	var probes []surrogateProbe
	for _, op := range ck.answered {
		if o, _ := op.Info(); !o.Units {
			continue
		}
		for _, in := range [][]uint16{{0xD800}, {'x', 0xDC00, 'y'}} {
			req := vectors.Request{Op: op, In: in}
			want, _ := reference(req)
			probes = append(probes, surrogateProbe{req: req, want: want})
		}
	}
	if len(probes) == 0 {
		ck.rep.Add(report.CheckItem{Name: "lone-surrogates", Status: report.CheckSkipped,
			Summary: "no ECMAScript op answered: no other op takes lone surrogates"})
		return nil
	}
	bad := ck.sendProbes(ctx, p, probes)
	if len(bad) == 0 {
		ck.rep.Add(report.CheckItem{Name: "lone-surrogates", Status: report.CheckOK,
			Summary: fmt.Sprintf("%d inputs with lone surrogates carried exactly, both ways", len(probes))})
		return nil
	}
	if ck.c.UTF16Hex {
		ck.rep.Add(surrogateItem(bad, report.CheckNote, "in -utf16hex mode too: not the JSON library's doing; pctest run judges them", ""))
		return nil
	}
	return bad
}

// sendProbes sends the probes' requests and returns those answered
// otherwise than the reference does, each with what came back.
func (ck *checker) sendProbes(ctx context.Context, p *testee.Process, probes []surrogateProbe) []surrogateProbe {
	reqs := make([]vectors.Request, len(probes))
	for i := range probes {
		reqs[i] = probes[i].req
	}
	resps := make([]vectors.Response, len(reqs))
	errs := make([]error, len(reqs))
	p.DoBatch(ctx, reqs, resps, errs)
	var bad []surrogateProbe
	for i, pr := range probes {
		pr.got, pr.err = resps[i], errs[i]
		if pr.err != nil || !vectors.SameAnswer(pr.req.Op, pr.want, pr.got) {
			bad = append(bad, pr)
		}
	}
	return bad
}

// surrogateItem is the lone-surrogates check item for the probes bad.
func surrogateItem(bad []surrogateProbe, status, why, fix string) report.CheckItem {
	var details []string
	for _, pr := range firstN(bad, 4) {
		details = append(details, fmt.Sprintf("%s %s: the reference answers %s, the testee %s", pr.req.Op, show.Brief(pr.req), show.BriefAnswer(pr.req.Op, pr.want), brief(pr.req.Op, pr.got, pr.err)))
	}
	return report.CheckItem{Name: "lone-surrogates", Status: status,
		Summary: fmt.Sprintf("%d inputs with lone surrogates answered otherwise than the reference, %s", len(bad), why),
		Details: details, Fix: fix}
}

// retryInHex sends the lone-surrogate probes that went wrong again in
// -utf16hex mode, with each op's probe, and tells a JSON library that
// loses lone surrogates from an implementation that does.
func (ck *checker) retryInHex(ctx context.Context, bad []surrogateProbe) {
	p, err := testee.Start(ctx, ck.c.Command, ck.options(true)...)
	if err != nil {
		ck.rep.Add(surrogateItem(bad, report.CheckProblem, "and the testee could not be started in -utf16hex mode: "+err.Error(), report.UseUTF16Hex))
		return
	}
	defer p.Kill()
	// Each op's plain probe, in hex mode: does the testee read in_utf16?
	var plain []surrogateProbe
	for _, pr := range bad {
		req := ck.probe[pr.req.Op]
		want, _ := reference(req)
		if !slices.ContainsFunc(plain, func(q surrogateProbe) bool { return q.req.Op == req.Op }) {
			plain = append(plain, surrogateProbe{req: req, want: want})
		}
	}
	plainBad := ck.sendProbes(ctx, p, plain)
	again := ck.sendProbes(ctx, p, bad)
	crashed := slices.ContainsFunc(bad, func(pr surrogateProbe) bool { return pr.err != nil })
	switch {
	case len(plainBad) > 0:
		ck.rep.Add(surrogateItem(bad, report.CheckProblem,
			"and the testee does not answer in -utf16hex mode: sent "+string(plainBad[0].req.Op)+" "+show.Brief(plainBad[0].req)+" as \"in_utf16\" (PCTEST_UTF16HEX=1), it answered "+brief(plainBad[0].req.Op, plainBad[0].got, plainBad[0].err),
			"its JSON library loses lone surrogates: read \"in_utf16\" (four hex digits per UTF-16 code unit) when PCTEST_UTF16HEX=1, answer \"out_utf16\", and run pctest with -utf16hex (PROTOCOL.md §4)"))
	case len(again) == 0:
		why := "mangled by the testee's JSON library: in -utf16hex mode every one is right"
		if crashed {
			why = "crashing the testee or mangled by its JSON library: in -utf16hex mode every one is right"
		}
		ck.rep.Add(surrogateItem(bad, report.CheckProblem, why, report.UseUTF16Hex))
	default:
		ck.rep.Add(surrogateItem(again, report.CheckNote, "in -utf16hex mode too: the implementation's own answers, not its JSON library's; pctest run judges them", ""))
	}
}

// checkNonBMP runs the testee to the end of an input that carries a
// character outside the BMP as UTF-8 and as an escape pair, to each text
// op answered, and a request with a member the protocol does not define.
func (ck *checker) checkNonBMP(ctx context.Context) {
	unknown := `{"id":1,"op":"encodeURIComponent","in":"a b","x_pctest_later":{"k":[1,"\u00e9",null]}}` + "\n"
	if ck.c.UTF16Hex {
		unknown = `{"id":1,"op":"encodeURIComponent","in_utf16":"006100200062","x_pctest_later":{"k":[1,"\u00e9",null]}}` + "\n"
	}
	input := []byte(unknown)
	type probe struct {
		req  vectors.Request
		form string
	}
	probes := []probe{{}}
	for _, op := range ck.answered {
		if o, _ := op.Info(); o.In != vectors.Text {
			continue
		}
		req := vectors.Request{Op: op, In: []uint16{'a', 0xD83D, 0xDE00, 'b'}, Args: ck.probe[op].Args}
		if ck.c.UTF16Hex {
			probes = append(probes, probe{req, "as in_utf16"})
			continue
		}
		probes = append(probes, probe{req, "as UTF-8"}, probe{req, "as the escape pair \\ud83d\\ude00"})
	}
	for i, pr := range probes[1:] {
		line := testee.AppendRequestJSON(nil, int64(i+2), pr.req, ck.c.UTF16Hex)
		if strings.HasPrefix(pr.form, "as the escape") {
			line = bytes.Replace(line, []byte("😀"), []byte(`\ud83d\ude00`), 1)
		}
		input = append(append(input, line...), '\n')
	}
	tr, err := testee.Once(ctx, ck.c.Command, input, ck.options(ck.c.UTF16Hex)...)
	if err != nil {
		return
	}
	var lines [][]byte
	for line := range bytes.Lines(tr.Stdout) {
		if line = bytes.TrimRight(line, "\r\n"); len(bytes.TrimSpace(line)) > 0 {
			lines = append(lines, line)
		}
	}
	answer := func(i int) (vectors.Response, error) {
		if i >= len(lines) {
			return vectors.Response{}, fmt.Errorf("no answer (the testee ended: %s)", tr.Status)
		}
		if !utf8.Valid(lines[i]) {
			return vectors.Response{}, fmt.Errorf("the answer line is not UTF-8 (CESU-8, the surrogates encoded one by one, or Latin-1): %s", quote(lines[i]))
		}
		_, resp, err := testee.ParseResponseJSON(lines[i])
		if err != nil {
			return resp, fmt.Errorf("%v: %s", err, quote(lines[i]))
		}
		return resp, nil
	}
	// Members the protocol does not define.
	want, _ := reference(vectors.Request{Op: vectors.OpEncodeURIComponent, In: []uint16{'a', ' ', 'b'}})
	got, err := answer(0)
	switch {
	case err == nil && (got.Unsupported || vectors.SameAnswer(vectors.OpEncodeURIComponent, want, got)):
		ck.rep.Add(report.CheckItem{Name: "unknown-fields", Status: report.CheckOK, Summary: "a request with a member the protocol does not define is answered as without it"})
	default:
		ck.rep.Add(report.CheckItem{Name: "unknown-fields", Status: report.CheckProblem,
			Summary: "a request with a member the protocol does not define (\"x_pctest_later\") was answered " + brief(vectors.OpEncodeURIComponent, got, err),
			Fix:     "ignore the members of a request the testee does not know: later protocol versions add optional ones (PROTOCOL.md §3)"})
	}
	if len(probes) == 1 {
		ck.rep.Add(report.CheckItem{Name: "non-bmp", Status: report.CheckSkipped, Summary: "no text op answered"})
		return
	}
	var bad []string
	transport := false
	for i, pr := range probes[1:] {
		want, rerr := reference(pr.req)
		if rerr != nil {
			continue
		}
		got, err := answer(i + 1)
		if err == nil && vectors.SameAnswer(pr.req.Op, want, got) {
			continue
		}
		if err != nil {
			transport = true
		}
		bad = append(bad, fmt.Sprintf("%s %s %s: the reference answers %s, the testee %s", pr.req.Op, show.Brief(pr.req), pr.form, show.BriefAnswer(pr.req.Op, want), brief(pr.req.Op, got, err)))
	}
	n := len(probes) - 1
	forms := "as UTF-8 and as an escape pair"
	if ck.c.UTF16Hex {
		forms = "as in_utf16"
	}
	switch {
	case len(bad) == 0:
		ck.rep.Add(report.CheckItem{Name: "non-bmp", Status: report.CheckOK,
			Summary: fmt.Sprintf("U+1F600 carried exactly through %d requests of the text ops answered, %s", n, forms)})
	case transport || !ck.c.UTF16Hex && formsDiffer(bad):
		ck.rep.Add(report.CheckItem{Name: "non-bmp", Status: report.CheckProblem,
			Summary: fmt.Sprintf("%d of %d requests carrying U+1F600 were answered wrong or not at all", len(bad), n),
			Details: firstN(bad, 4),
			Fix:     "read a character outside the BMP as one character both from UTF-8 and from a \\uD83D\\uDE00 escape pair, and write it as UTF-8 (4 octets) or as such a pair: never as CESU-8 (a surrogate's three octets each) (PROTOCOL.md §4)"})
	default:
		same := "the same in both forms"
		if ck.c.UTF16Hex {
			same = "sent as in_utf16, which no JSON library changes"
		}
		ck.rep.Add(report.CheckItem{Name: "non-bmp", Status: report.CheckNote,
			Summary: fmt.Sprintf("%d of %d requests carrying U+1F600 answered otherwise than the reference, %s: not the JSON layer's doing; pctest run reports them (as failures, or as warnings where the spec leaves the answer open)", len(bad), n, same),
			Details: firstN(bad, 4)})
	}
}

// formsDiffer reports whether the lines of bad name only one of the two
// forms of some op: a difference between the forms is the JSON layer's.
func formsDiffer(bad []string) bool {
	count := map[string]int{}
	for _, b := range bad {
		op, _, _ := strings.Cut(b, " ")
		count[op]++
	}
	for _, n := range count {
		if n == 1 {
			return true
		}
	}
	return false
}

// checkStdout records the stdout check: lines that were not answers, in
// the run to the end of input or in the pipelined run.
func (ck *checker) checkStdout(p *testee.Process) {
	st := p.Incidents()
	if len(ck.badLines) == 0 && st.ProtocolErrors == 0 && st.StrayLines == 0 {
		ck.rep.Add(report.CheckItem{Name: "stdout", Status: report.CheckOK, Summary: "stdout carries answers only"})
		return
	}
	var details []string
	if len(ck.badLines) > 0 {
		details = append(details, fmt.Sprintf("%d lines that are not answers, the first: %s", len(ck.badLines), ck.badLines[0]))
	}
	if st.ProtocolErrors > 0 || st.StrayLines > 0 {
		details = append(details, fmt.Sprintf("%d protocol errors and %d stray lines while pipelined", st.ProtocolErrors, st.StrayLines))
	}
	if len(ck.badLines) == 0 && st.StrayLines == 0 {
		// Every line was shaped like an answer: malformed answers (bad
		// JSON, a member of the wrong type, a line too long), not logs.
		ck.rep.Add(report.CheckItem{Name: "stdout", Status: report.CheckProblem,
			Summary: "stdout carries answers that are not valid",
			Details: details,
			Fix:     "write each answer as one JSON object on one line, as PROTOCOL.md §2 says, no longer than 1 MiB; pctest run shows each protocol error with its line"})
		return
	}
	ck.rep.Add(report.CheckItem{Name: "stdout", Status: report.CheckProblem,
		Summary: "stdout carries lines that are not answers",
		Details: details,
		Fix:     "keep stdout for answers, one JSON object per line: write logs, warnings and banners to stderr (PROTOCOL.md §2); 50 such lines in a row stop a run"})
}
