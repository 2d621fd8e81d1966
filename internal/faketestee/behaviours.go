// The fake testee's behaviours, as tables: what it does at start, with a
// request, and how it writes an answer.

package faketestee

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"time"
)

// A fake is the state of one fake testee process.
type fake struct {
	opts map[string]string // ModeEnv's behaviours, name to value
	in   *bufio.Reader
	out  *bufio.Writer
	// count is the requests read; answers the answers written.
	count, answers int
	// closeAfter, dupEvery and closeInAfter are close-stdout-after,
	// dup-every and close-stdin-after's values, or 0.
	closeAfter, dupEvery, closeInAfter int
	// closing, with close-stdin-after, is the lines left to answer before
	// closing stdin; -1 before it is counted.
	closing int
	ref     bool
	// The request being answered: its line, fields and input (in, in_hex
	// and in_utf16's JSON, one after another).
	line  []byte
	req   fakeRequest
	input string
}

// A fakeRequest is the fields of a request line a fake reads.
type fakeRequest struct {
	ID      int64           `json:"id"`
	Op      string          `json:"op"`
	In      json.RawMessage `json:"in"`
	InHex   json.RawMessage `json:"in_hex"`
	InUTF16 json.RawMessage `json:"in_utf16"`
}

// newFake returns the fake testee that mode, ModeEnv's value, describes.
func newFake(mode string) *fake {
	f := &fake{
		opts:    map[string]string{},
		in:      bufio.NewReader(os.Stdin),
		out:     bufio.NewWriter(os.Stdout),
		closing: -1,
	}
	for _, kv := range strings.Split(mode, ",") {
		k, v, _ := strings.Cut(kv, "=")
		f.opts[k] = v
	}
	f.closeAfter, f.dupEvery, f.closeInAfter = f.atoi("close-stdout-after"), f.atoi("dup-every"), f.atoi("close-stdin-after")
	_, f.ref = f.opts["ref"]
	return f
}

// has reports whether the mode names behaviour k.
func (f *fake) has(k string) bool { _, ok := f.opts[k]; return ok }

// atoi returns behaviour key's value as a number, 0 if none.
func (f *fake) atoi(key string) int {
	n, _ := strconv.Atoi(f.opts[key])
	return n
}

// misbehave reports whether to misbehave on the request being answered,
// as once= and sticky= allow.
func (f *fake) misbehave() bool {
	if path, ok := f.opts["sticky"]; ok {
		// The first misbehaviour picks a request; it is the one
		// misbehaved on from then on, in every process.
		id := strconv.FormatInt(f.req.ID, 10)
		if data, err := os.ReadFile(path); err == nil {
			return string(data) == id
		}
		file, err := os.OpenFile(path, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644)
		if err != nil {
			data, _ := os.ReadFile(path)
			return string(data) == id
		}
		file.WriteString(id)
		file.Close()
		return true
	}
	path, ok := f.opts["once"]
	if !ok {
		return true
	}
	file, err := os.OpenFile(path, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644)
	if err != nil {
		return false
	}
	file.Close()
	return true
}

// at reports whether the request being answered is the Nth that behaviour
// key (crash-at=N...) names, and to misbehave on it.
func (f *fake) at(key string) bool {
	n, ok := f.opts[key]
	if !ok {
		return false
	}
	if path, ok := f.opts["sticky"]; ok {
		if data, err := os.ReadFile(path); err == nil {
			return string(data) == strconv.FormatInt(f.req.ID, 10)
		}
	}
	return n == strconv.Itoa(f.count) && f.misbehave()
}

// trigger reports whether the input holds word, and to misbehave on it.
func (f *fake) trigger(word string) bool {
	return strings.Contains(f.input, word) && f.misbehave()
}

// char reports whether the input holds the character behaviour key
// (crash-char=C...) names, and to misbehave on it.
func (f *fake) char(key string) bool {
	c, ok := f.opts[key]
	return ok && c != "" && strings.Contains(f.input, c) && f.misbehave()
}

// sleepForever sleeps for an hour (the runner kills it first) and exits 0.
func sleepForever() (int, bool) {
	time.Sleep(time.Hour)
	return 0, true
}

// A behaviour is one thing a fake does: run returns its exit status and
// true when the process ends there.
type behaviour struct {
	name string
	run  func(*fake) (exit int, stop bool)
}

// startBehaviours are what a fake does at start, in this order, for each
// behaviour the mode names.
var startBehaviours = []behaviour{
	{"exit-at-start", func(*fake) (int, bool) {
		fmt.Fprintln(os.Stderr, "fatal: boom")
		return 1, true
	}},
	{"stderr-junk", func(*fake) (int, bool) {
		os.Stderr.WriteString("junk: \x1b[2J\x1b]0;owned\x07 NUL\x00 CR\rover \u202egnp.exe\n")
		return 0, false
	}},
	{"setsid", func(f *fake) (int, bool) {
		startSetsid(f.opts["pidfile"])
		return 0, false
	}},
	{"close-stdout-at-start", func(*fake) (int, bool) {
		os.Stdout.Close()
		return sleepForever()
	}},
	{"never-read", func(*fake) (int, bool) { return sleepForever() }},
	{"spew", func(f *fake) (int, bool) {
		for {
			if _, err := fmt.Println(f.opts["spew"]); err != nil {
				return 0, true
			}
			time.Sleep(time.Millisecond)
		}
	}},
	{"start-delay", func(f *fake) (int, bool) {
		if d, err := time.ParseDuration(f.opts["start-delay"]); err == nil {
			time.Sleep(d)
		}
		return 0, false
	}},
	{"restart-delay", func(f *fake) (int, bool) {
		if d, err := time.ParseDuration(f.opts["restart-delay"]); err == nil {
			if file, err := os.OpenFile(f.opts["marker"], os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644); err == nil {
				file.Close()
			} else {
				time.Sleep(d)
			}
		}
		return 0, false
	}},
	{"wait-eof", func(*fake) (int, bool) {
		io.ReadAll(os.Stdin)
		return 0, true
	}},
}

// A requestBehaviour is what a fake does with a request when it applies;
// run returns its exit status and true when the process ends there.
type requestBehaviour struct {
	name    string // the behaviours and triggers it stands for
	applies func(*fake) bool
	run     func(*fake) (exit int, stop bool)
}

// writeLong writes a 3 MiB line of "x" without its newline.
func (f *fake) writeLong() {
	chunk := bytes.Repeat([]byte("x"), 1<<16)
	for range 48 {
		f.out.Write(chunk)
	}
}

// requestBehaviours are what a fake does with a request: the first that
// applies, in this order (whether one applies may create the files of
// once= and sticky=, so the order is part of the behaviour).
var requestBehaviours = []requestBehaviour{
	{"crash", func(f *fake) bool { return f.at("crash-at") || f.trigger("CRASH") || f.char("crash-char") },
		func(f *fake) (int, bool) {
			if !f.has("noflush") {
				f.out.Flush()
			}
			fmt.Fprintln(os.Stderr, "dying")
			return 3, true
		}},
	{"hang", func(f *fake) bool { return f.at("hang-at") || f.trigger("HANG") || f.char("hang-char") },
		func(f *fake) (int, bool) {
			f.out.Flush()
			if f.has("grandchild") {
				cmd := exec.Command("sleep", "600")
				if cmd.Start() == nil {
					if path, ok := f.opts["pidfile"]; ok {
						AppendPid(path, cmd.Process.Pid)
					}
				}
			}
			return sleepForever()
		}},
	{"garbage", func(f *fake) bool { return f.at("garbage-at") || f.trigger("GARBAGE") || f.char("garbage-char") },
		func(f *fake) (int, bool) {
			fmt.Fprintln(f.out, "this is not json <script>")
			return 0, false
		}},
	{"extra", func(f *fake) bool { return f.trigger("EXTRA") || f.char("extra-char") },
		func(f *fake) (int, bool) {
			fmt.Fprintln(f.out, "debug: extra line")
			f.answer()
			return 0, false
		}},
	{"dup-char", func(f *fake) bool { return f.char("dup-char") },
		func(f *fake) (int, bool) {
			f.answer()
			f.answer()
			return 0, false
		}},
	{"malformed-char", func(f *fake) bool { return f.char("malformed-char") },
		func(f *fake) (int, bool) {
			fmt.Fprintf(f.out, "{\"id\":%d,\"out\":\"x\"\n", f.req.ID)
			return 0, false
		}},
	{"long-char", func(f *fake) bool { return f.char("long-char") },
		func(f *fake) (int, bool) {
			f.writeLong()
			f.out.WriteByte('\n')
			f.answer()
			return 0, false
		}},
	{"setsid-char", func(f *fake) bool { return f.char("setsid-char") },
		func(f *fake) (int, bool) {
			startSetsid(f.opts["pidfile"])
			f.answer()
			return 0, false
		}},
	{"WRONGID", func(f *fake) bool { return f.trigger("WRONGID") },
		func(f *fake) (int, bool) {
			fmt.Fprintf(f.out, "{\"id\":%d,\"out\":%s}\n", f.req.ID+1000, f.req.In)
			return 0, false
		}},
	{"NOID", func(f *fake) bool { return f.trigger("NOID") },
		func(f *fake) (int, bool) {
			fmt.Fprintf(f.out, "{\"out\":%s}\n", f.req.In)
			return 0, false
		}},
	{"LONGLINE", func(f *fake) bool { return f.trigger("LONGLINE") },
		func(f *fake) (int, bool) {
			f.writeLong()
			f.out.Flush()
			return sleepForever()
		}},
	{"UNSUP", func(f *fake) bool { return f.trigger("UNSUP") },
		func(f *fake) (int, bool) {
			fmt.Fprintf(f.out, "{\"id\":%d,\"unsupported\":true}\n", f.req.ID)
			return 0, false
		}},
	{"answer", func(*fake) bool { return true },
		func(f *fake) (int, bool) {
			f.answer()
			if f.dupEvery > 0 && f.answers%f.dupEvery == 0 {
				f.answer()
			}
			return 0, false
		}},
}

// What Main does after a request line.
const (
	goOn     = iota // flush if nothing more is buffered, and read on
	exitNow         // exit with the status request returned
	skipLine        // read the next line at once (a line that is not JSON)
)

// request handles one request line: the first of requestBehaviours that
// applies, then afterRequest. It returns the exit status and what Main
// does next.
func (f *fake) request(line []byte) (int, int) {
	f.count++
	f.req = fakeRequest{}
	if json.Unmarshal(line, &f.req) != nil {
		fmt.Fprintf(os.Stderr, "fake: bad request %q\n", line)
		return 0, skipLine
	}
	f.line = line
	if f.has("logreq") {
		os.Stderr.Write(line)
	}
	f.input = string(f.req.In) + string(f.req.InHex) + string(f.req.InUTF16)
	if n := f.atoi("max-line"); n > 0 && len(line) > n {
		fmt.Fprintln(os.Stderr, "line too long")
		return 3, exitNow
	}
	for _, b := range requestBehaviours {
		if b.applies(f) {
			if exit, stop := b.run(f); stop {
				return exit, exitNow
			}
			break
		}
	}
	if exit, stop := f.afterRequest(); stop {
		return exit, exitNow
	}
	return 0, goOn
}

// afterRequest does what close-stdout-after, flush-each, one-shot and
// close-stdin-after say after a request is handled.
func (f *fake) afterRequest() (int, bool) {
	if f.closeAfter > 0 && f.answers >= f.closeAfter {
		f.out.Flush()
		os.Stdout.Close()
		return sleepForever()
	}
	if f.has("flush-each") {
		f.out.Flush()
	}
	if f.has("one-shot") {
		f.out.Flush()
		return 0, true
	}
	if f.closeInAfter > 0 && f.answers >= f.closeInAfter {
		// The whole lines it read are answered first.
		if f.closing < 0 {
			buf, _ := f.in.Peek(f.in.Buffered())
			f.closing = bytes.Count(buf, []byte("\n"))
		} else {
			f.closing--
		}
		if f.closing == 0 {
			// Answered what it read: closes its stdin, and lives on.
			f.out.Flush()
			os.Stdin.Close()
			return sleepForever()
		}
	}
	return 0, false
}

// An answerForm is one way a fake writes an answer, when it applies.
type answerForm struct {
	name    string
	applies func(*fake) bool
	write   func(*fake)
}

// answerForms are the ways a fake answers: the first that applies.
var answerForms = []answerForm{
	{"ok-every", func(f *fake) bool { return f.has("ok-every") },
		func(f *fake) { fmt.Fprintln(f.out, "ok") }},
	{"unsup-op", func(f *fake) bool { return f.opts["unsup-op"] == f.req.Op || f.opts["unsup-op"] == "*" },
		func(f *fake) { fmt.Fprintf(f.out, "{\"id\":%d,\"unsupported\":true}\n", f.req.ID) }},
	{"ref,lossy-json,in_utf16", func(f *fake) bool { return f.ref && f.has("lossy-json") && f.req.InUTF16 != nil },
		func(f *fake) {
			f.out.Write(f.reference(f.line))
			f.out.WriteByte('\n')
		}},
	{"ref,lossy-json", func(f *fake) bool { return f.ref && f.has("lossy-json") },
		func(f *fake) {
			f.out.Write(lossyJSON(f.reference(lossyJSON(f.line))))
			f.out.WriteByte('\n')
		}},
	{"ref,cesu8", func(f *fake) bool { return f.ref && f.has("cesu8") },
		func(f *fake) {
			f.out.Write(cesu8(f.reference(f.line)))
			f.out.WriteByte('\n')
		}},
	{"ref,int32-id", func(f *fake) bool { return f.ref && f.has("int32-id") },
		func(f *fake) {
			a := f.reference(f.line)
			id := strconv.FormatInt(f.req.ID, 10)
			a = bytes.Replace(a, []byte(`"id":`+id), []byte(`"id":`+strconv.Itoa(int(int32(f.req.ID)))), 1)
			f.out.Write(append(a, '\n'))
		}},
	{"ref", func(f *fake) bool { return f.ref },
		func(f *fake) {
			f.out.Write(f.reference(f.line))
			f.out.WriteByte('\n')
		}},
	{"echo in_utf16", func(f *fake) bool { return f.req.InUTF16 != nil },
		func(f *fake) { fmt.Fprintf(f.out, "{\"id\":%d,\"out_utf16\":%s}\n", f.req.ID, f.req.InUTF16) }},
	{"echo in", func(f *fake) bool { return f.req.In != nil },
		func(f *fake) { fmt.Fprintf(f.out, "{\"id\":%d,\"out\":%s}\n", f.req.ID, f.req.In) }},
	{"echo in_hex", func(*fake) bool { return true },
		func(f *fake) { fmt.Fprintf(f.out, "{\"id\":%d,\"out_hex\":%s}\n", f.req.ID, f.req.InHex) }},
}

// reference is the reference implementation's answer to line, with
// bang-bug and lenient-pct as the mode says.
func (f *fake) reference(line []byte) []byte {
	return referenceAnswer(line, f.has("bang-bug"), f.has("lenient-pct"))
}

// answer writes the answer to the request being answered: debug-every's
// line first, then the first of answerForms that applies.
func (f *fake) answer() {
	f.answers++
	if f.has("debug-every") {
		fmt.Fprintf(f.out, "debug: %s", f.line)
	}
	for _, a := range answerForms {
		if a.applies(f) {
			a.write(f)
			return
		}
	}
}
