// Package faketestee is the misbehaving testee of the runner's tests: a
// test starts the program [Command] returns, with ModeEnv saying how to
// misbehave, and it runs [Main]. That program is built once per test
// binary without -race (package internal/faketestee/fake); where it cannot
// be built, it is the test binary itself, started again with RoleEnv set
// to "fake", whose TestMain ([RunTests]) then calls [Main] (the
// TestHelperProcess pattern of os/exec). It is for tests only.
package faketestee

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/pctest/pctest/conformance"
	"github.com/pctest/pctest/vectors"
)

// The environment of a fake testee.
const (
	// RoleEnv selects what the test binary does: "fake" runs [Main]
	// ([RunTests]).
	RoleEnv = "PCTEST_TEST_ROLE"
	// ModeEnv lists the fake testee's behaviours, comma-separated:
	//
	//	exit-at-start  write "fatal: boom" to stderr and exit 1 at once
	//	close-stdout-at-start
	//	               close stdout at once and sleep
	//	never-read     never read stdin; sleep
	//	spew=LINE      never read stdin; print LINE on stdout every
	//	               millisecond, for ever (a testee that logs to stdout
	//	               and never answers; LINE holds no comma)
	//	stderr-junk    write terminal escapes, NUL and CR to stderr at start
	//	setsid         at start, start a grandchild in a session of its own
	//	               that sleeps (its pid goes to the pidfile)
	//	pidfile=PATH   append the process's pid (and any grandchild's) to PATH
	//	grandchild     on HANG, first start a grandchild that sleeps
	//	once=PATH      misbehave only if PATH does not exist, creating it
	//	sticky=PATH    misbehave the first time, and from then on only on
	//	               the request with that id (its id goes to PATH)
	//	logreq         copy each request line to stderr
	//	wait-eof       read everything before answering anything
	//	start-delay=D  sleep for the duration D before reading anything (a
	//	               slow start: a JVM, node on a loaded machine)
	//	restart-delay=D,marker=PATH
	//	               the first process creates PATH; the later ones,
	//	               finding it, sleep for D before reading anything
	//	debug-every    print "debug: " and the request line on stdout
	//	               before each answer (print() debugging)
	//	ok-every       answer every request with the line "ok"
	//	one-shot       exit 0 after the first answer (a CGI-style wrapper)
	//	close-stdin-after=N
	//	               after N answers and all it read, close stdin and
	//	               sleep
	//	flush-each     flush after each answer, not once per chunk read
	//	ref            answer as the reference implementation does
	//	bang-bug       with ref: encodeURIComponent escapes '!' as %21
	//	lenient-pct    with ref: percentDecode keeps a '%' that starts no
	//	               escape, as percentDecodeLenient does, where the
	//	               reference fails (an input RFC 3986 leaves open)
	//	lossy-json     with ref: read and write "in" and "out" as Go's
	//	               encoding/json does, turning lone surrogates into U+FFFD;
	//	               a request with "in_utf16" is answered exactly
	//	cesu8          write characters outside the BMP in answers as
	//	               CESU-8 (each surrogate's three octets)
	//	buffer-all     flush answers only when stdout's buffer is full and at
	//	               the end of input (a testee that forgot to flush)
	//	drop-at-eof    as buffer-all, but exit at the end of input without
	//	               writing the answers still buffered
	//	int32-id       echo each id as a 32-bit int
	//	max-line=N     exit 3 on a request line longer than N bytes (a
	//	               fixed line buffer)
	//	noflush        on a crash, exit without writing the answers of the
	//	               chunk read so far (as the shipped examples would)
	//	crash-at=N, hang-at=N, garbage-at=N
	//	               at the process's Nth request, behave as for the
	//	               CRASH, HANG or GARBAGE triggers below
	//	close-stdout-after=N
	//	               after N answers, close stdout and sleep
	//	dup-every=N    write every Nth answer twice
	//	unsup-op=OP    answer unsupported to every request of OP; "*":
	//	               of every op (a testee whose op names are misspelled)
	//	crash-char=C, hang-char=C, garbage-char=C, extra-char=C,
	//	dup-char=C, malformed-char=C, long-char=C, setsid-char=C
	//	               on a request whose input holds the character C:
	//	               exit 3; hang; print a line that is not JSON instead
	//	               of the answer; print one before the answer; answer
	//	               twice; answer with a JSON object cut short; print a
	//	               3 MiB line, then answer; start a grandchild in a
	//	               session of its own, then answer
	//
	// Otherwise it answers each request by echoing its "in" as "out"
	// ("in_hex" as "out_hex", "in_utf16" as "out_utf16"), unless the input
	// contains a trigger:
	//
	//	CRASH      write "dying" to stderr and exit 3
	//	HANG       stop answering and sleep
	//	GARBAGE    print a line that is not JSON instead of the answer
	//	EXTRA      print a line that is not JSON, then the answer
	//	WRONGID    answer with the id plus 1000
	//	NOID       answer without an id
	//	LONGLINE   print a 3 MiB line without a newline, then hang
	//	UNSUP      answer unsupported
	ModeEnv = "PCTEST_FAKE"
)

// Main runs the fake testee that ModeEnv describes and returns its exit
// status: the behaviours of startBehaviours that ModeEnv names, in turn,
// then, for each request line, the first of requestBehaviours that
// applies, then what the modes say after an answer (afterRequest).
func Main() int {
	f := newFake(os.Getenv(ModeEnv))
	if path, ok := f.opts["pidfile"]; ok {
		AppendPid(path, os.Getpid())
	}
	for _, b := range startBehaviours {
		if !f.has(b.name) {
			continue
		}
		if exit, stop := b.run(f); stop {
			return exit
		}
	}
	for {
		line, err := f.in.ReadBytes('\n')
		if len(line) > 0 {
			exit, next := f.request(line)
			switch next {
			case exitNow:
				return exit
			case skipLine:
				continue
			}
		}
		if err != nil && f.has("drop-at-eof") {
			return 0
		}
		if f.in.Buffered() == 0 && !f.has("buffer-all") && !f.has("drop-at-eof") || err != nil {
			f.out.Flush()
		}
		if err != nil {
			return 0
		}
	}
}

// startSetsid starts a grandchild that sleeps in a session of its own, out
// of the testee's process group, and appends its pid to pidfile.
func startSetsid(pidfile string) {
	cmd := exec.Command("sleep", "600")
	cmd.SysProcAttr = setsidAttr()
	if cmd.Start() == nil && pidfile != "" {
		AppendPid(pidfile, cmd.Process.Pid)
	}
}

// AppendPid appends pid to the file at path, a line each.
func AppendPid(path string, pid int) {
	f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return
	}
	defer f.Close()
	fmt.Fprintln(f, pid)
}

// ReadPids returns the pids AppendPid wrote to path.
func ReadPids(path string) []int {
	data, _ := os.ReadFile(path)
	var pids []int
	for _, f := range strings.Fields(string(data)) {
		if pid, err := strconv.Atoi(f); err == nil {
			pids = append(pids, pid)
		}
	}
	return pids
}

// referenceAnswer answers a request line as the reference implementation.
// With bang set, encodeURIComponent escapes '!', which it must not.
// With lenientPct set, percentDecode answers as percentDecodeLenient,
// keeping a '%' that starts no escape.
func referenceAnswer(line []byte, bang, lenientPct bool) []byte {
	// The framing is written here as a testee outside this module would
	// write it (package testee, which has it, runs this program in its
	// tests); the members are vectors.Request's and vectors.Response's.
	var head struct {
		ID int64 `json:"id"`
	}
	var req vectors.Request
	if err := errors.Join(json.Unmarshal(line, &head), req.UnmarshalJSON(line)); err != nil {
		return []byte("bad request: " + err.Error())
	}
	if lenientPct && req.Op == vectors.OpPercentDecode {
		req.Op = vectors.OpPercentDecodeLenient
	}
	resp, err := conformance.Reference().Do(context.Background(), req)
	if err != nil {
		resp = vectors.Response{Error: "ReferenceFailed", Message: err.Error()}
	}
	if bang && req.Op == "encodeURIComponent" && resp.Error == "" {
		var out []uint16
		for _, u := range resp.Out {
			if u == '!' {
				out = append(out, '%', '2', '1')
			} else {
				out = append(out, u)
			}
		}
		resp.Out = out
	}
	return append(fmt.Appendf(nil, `{"id":%d,`, head.ID), resp.AppendJSON(nil, false)[1:]...)
}

// CheckNoLeaks fails t if, once t's cleanups ran, more goroutines are left
// than before it started.
func CheckNoLeaks(t *testing.T) {
	t.Helper()
	before := runtime.NumGoroutine()
	t.Cleanup(func() {
		deadline := time.Now().Add(15 * time.Second)
		for {
			n := runtime.NumGoroutine()
			if n <= before {
				return
			}
			if time.Now().After(deadline) {
				buf := make([]byte, 1<<20)
				buf = buf[:runtime.Stack(buf, true)]
				t.Errorf("goroutines: %d before, %d after\n%s", before, n, buf)
				return
			}
			time.Sleep(10 * time.Millisecond)
		}
	})
}

// ProcState returns the state letter of process pid from /proc ('Z' for a
// zombie) and its parent's pid, or ok false if there is no such process.
func ProcState(pid int) (state byte, ppid int, ok bool) {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, 0, false
	}
	s := string(data)
	i := strings.LastIndexByte(s, ')')
	if i < 0 || i+4 > len(s) {
		return 0, 0, false
	}
	f := strings.Fields(s[i+1:])
	if len(f) < 2 {
		return 0, 0, false
	}
	ppid, _ = strconv.Atoi(f[1])
	return f[0][0], ppid, true
}

// CheckReaped fails t unless every pid is gone: the runner's own children
// reaped, and anything else at least dead (a zombie whose parent is not
// this process, waiting for init).
func CheckReaped(t *testing.T, pids []int) {
	t.Helper()
	if _, err := os.Stat("/proc/self/stat"); err != nil {
		t.Log("no /proc: cannot check for zombies")
		return
	}
	deadline := time.Now().Add(15 * time.Second)
	for _, pid := range pids {
		for {
			state, ppid, ok := ProcState(pid)
			if !ok || (state == 'Z' && ppid != os.Getpid()) {
				break
			}
			if time.Now().After(deadline) {
				t.Errorf("process %d still there: state %c, parent %d (we are %d)", pid, state, ppid, os.Getpid())
				break
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
}

// lossyJSON returns the JSON object line read and written again by
// encoding/json, which turns lone surrogates into U+FFFD.
func lossyJSON(line []byte) []byte {
	var m map[string]any
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.UseNumber()
	if dec.Decode(&m) != nil {
		return line
	}
	out, err := json.Marshal(m)
	if err != nil {
		return line
	}
	return out
}

// cesu8 returns line with each character outside the BMP written as the
// UTF-8 forms of its two surrogates.
func cesu8(line []byte) []byte {
	var out []byte
	for len(line) > 0 {
		r, n := utf8.DecodeRune(line)
		if r > 0xFFFF {
			hi, lo := utf16.EncodeRune(r)
			for _, s := range []rune{hi, lo} {
				out = append(out, 0xE0|byte(s>>12), 0x80|byte(s>>6&0x3F), 0x80|byte(s&0x3F))
			}
		} else {
			out = append(out, line[:n]...)
		}
		line = line[n:]
	}
	return out
}
