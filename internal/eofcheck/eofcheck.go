// Package eofcheck checks that a testee writes out every answer before it
// exits at the end of its input (testee/PROTOCOL.md §1): a testee that
// exits while answers are still in its own buffers or queues (Node's
// process.exit with stdout writes pending, a buffered stdout not flushed)
// loses the answers that its reader had not read yet. It is for tests
// only.
//
// [Run] feeds the testee a file of requests, so that the testee reads as
// fast as it likes, and does not read the testee's stdout until the testee
// has exited or has gone still: it has read all of its input, or blocks on
// its full stdout pipe, and uses no CPU. That is the adversarial case: the
// pipe is full, the testee has every answer queued or buffered, and it
// reaches the end of its input. Then Run reads every answer and checks
// that there is one for every request. The pause is a matter of when Run
// begins to read, never a verdict: nothing here fails because something
// was slow, and there is no deadline but go test's -timeout.
package eofcheck

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pctest/pctest/testee"
)

// RequestsEnv overrides the number of requests that [Requests] returns.
const RequestsEnv = "PCTEST_EOF_REQUESTS"

// Million is the number of requests an example testee is tested with.
const Million = 1_000_000

// Requests returns the number of requests a test sends to a testee: the
// number RequestsEnv holds when it is set, otherwise def, or at most
// 20,000 under -short (enough for a testee's answers to overflow a pipe
// many times over).
func Requests(t testing.TB, def int) int {
	t.Helper()
	if s := os.Getenv(RequestsEnv); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			t.Fatalf("%s=%q: want a positive number of requests", RequestsEnv, s)
		}
		return n
	}
	if testing.Short() {
		return min(def, 20_000)
	}
	return def
}

// Run starts cmd (its Path, Args, Dir and Env as the caller set them) with
// n requests on its stdin, numbered 1 to n, and checks that it answers
// every one, each exactly once with a valid response line, and exits with
// status 0. Request i is the JSON object {"id":i,BODY} with BODY the
// bodies in turn, such as `"op":"encodeURI","in":"a b"`.
//
// Run reads nothing from the testee's stdout until the testee has exited
// or gone still (see the package documentation), and logs how far the
// testee had read its input by then.
func Run(t testing.TB, cmd *exec.Cmd, n int, bodies ...string) {
	t.Helper()
	if len(bodies) == 0 {
		t.Fatal("eofcheck.Run: no request bodies")
	}
	input, size := writeRequests(t, n, bodies)
	defer input.Close()

	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	stderr := &tailBuffer{max: 64 << 10}
	cmd.Stdin, cmd.Stdout, cmd.Stderr = input, w, stderr
	setGroup(cmd)
	start := time.Now()
	if err := cmd.Start(); err != nil {
		w.Close()
		t.Fatalf("%s: %v", cmd.Path, err)
	}
	w.Close()
	pid := cmd.Process.Pid
	exited := make(chan struct{})
	var waitErr error
	go func() {
		waitErr = cmd.Wait()
		close(exited)
	}()
	defer func() {
		select {
		case <-exited:
		default:
			killGroup(pid)
			<-exited
		}
	}()

	read, gone := waitStill(pid, exited)
	state := "had gone still (blocked or waiting)"
	if gone {
		state = "had exited"
	}
	if read >= 0 {
		t.Logf("before its first answer was read, the testee had read %d of the %d bytes of its input and %s", read, size, state)
	} else {
		t.Logf("before its first answer was read, the testee %s", state)
	}

	seen := make([]bool, n+1)
	var answers, dups, outOfRange, unsupported, errs int
	var bad []string
	br := bufio.NewReaderSize(r, 1<<20)
	for {
		line, err := br.ReadSlice('\n')
		if err == bufio.ErrBufferFull {
			if len(bad) < 5 {
				bad = append(bad, fmt.Sprintf("a line longer than %d bytes", len(line)))
			}
			for err == bufio.ErrBufferFull {
				_, err = br.ReadSlice('\n')
			}
			continue
		}
		if len(bytes.TrimSpace(line)) > 0 {
			id, resp, perr := testee.ParseResponseJSON(bytes.TrimRight(line, "\r\n"))
			switch {
			case perr != nil:
				if len(bad) < 5 {
					bad = append(bad, fmt.Sprintf("%.200q: %v", line, perr))
				}
			case id < 1 || id > int64(n):
				outOfRange++
			case seen[id]:
				dups++
			default:
				seen[id] = true
				answers++
				if resp.Unsupported {
					unsupported++
				} else if resp.Error != "" {
					errs++
				}
			}
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("reading the testee's stdout: %v", err)
		}
	}
	<-exited
	elapsed := time.Since(start)
	t.Logf("%d answers to %d requests (%d unsupported, %d errors) in %v", answers, n, unsupported, errs, elapsed.Round(time.Millisecond))

	if waitErr != nil {
		t.Errorf("the testee did not exit with status 0 at the end of its input: %v\nits stderr ends:\n%s", waitErr, stderr)
	}
	if len(bad) > 0 {
		t.Errorf("lines that are not answers: %s", strings.Join(bad, "; "))
	}
	if dups > 0 || outOfRange > 0 {
		t.Errorf("%d answers repeat an id and %d name no request", dups, outOfRange)
	}
	if answers != n {
		var missing []string
		for id := 1; id <= n && len(missing) < 10; id++ {
			if !seen[id] {
				missing = append(missing, strconv.Itoa(id))
			}
		}
		t.Errorf("the testee answered %d of %d requests: it lost %d answers at the end of its input (the first missing ids: %s); it must write out (flush) every answer before it exits\nits stderr ends:\n%s",
			answers, n, n-answers, strings.Join(missing, ", "), stderr)
	}
}

// writeRequests writes the n requests to a temporary file and returns it,
// open at its start, and its size.
func writeRequests(t testing.TB, n int, bodies []string) (*os.File, int64) {
	t.Helper()
	f, err := os.CreateTemp(t.TempDir(), "requests-*.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	w := bufio.NewWriterSize(f, 1<<20)
	var line []byte
	for i := 1; i <= n; i++ {
		line = append(strconv.AppendInt(append(line[:0], `{"id":`...), int64(i), 10), ',')
		line = append(append(line, bodies[(i-1)%len(bodies)]...), "}\n"...)
		w.Write(line)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	size, err := f.Seek(0, io.SeekCurrent)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		t.Fatal(err)
	}
	return f, size
}

// still is how long the testee must read nothing and use no CPU to be
// taken as still, and poll how often it is looked at.
const (
	still = 300 * time.Millisecond
	poll  = 10 * time.Millisecond
)

// waitStill waits until the process pid has exited (exited is closed) or
// has gone still: for the time still, its process group has read nothing
// more of its stdin and used no CPU. It returns how much of its stdin the
// process had read (-1 when that cannot be known) and whether it had
// exited. Where /proc cannot be read, a process is still after the time
// still. This is only when to begin reading its answers: it decides no
// verdict.
func waitStill(pid int, exited <-chan struct{}) (read int64, gone bool) {
	read = -1
	last, quietSince := "", time.Now()
	tick := time.NewTicker(poll)
	defer tick.Stop()
	for {
		select {
		case <-exited:
			return read, true
		case <-tick.C:
		}
		pos := inputPos(pid)
		if pos >= 0 {
			read = pos
		}
		sig := fmt.Sprint(pos, groupCPU(pid))
		if sig != last {
			last, quietSince = sig, time.Now()
			continue
		}
		if time.Since(quietSince) >= still {
			return read, false
		}
	}
}

// inputPos returns the offset in its stdin (a file) of process pid, or -1.
func inputPos(pid int) int64 {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/fdinfo/0")
	if err != nil {
		return -1
	}
	for _, l := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(l, "pos:"); ok {
			p, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
			if err == nil {
				return p
			}
		}
	}
	return -1
}

// groupCPU returns the CPU time, in clock ticks, of the processes of the
// process group pgid (the testee and what it started), or -1.
func groupCPU(pgid int) int64 {
	ents, err := os.ReadDir("/proc")
	if err != nil {
		return -1
	}
	var sum int64
	for _, e := range ents {
		if e.Name()[0] < '0' || e.Name()[0] > '9' {
			continue
		}
		b, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue
		}
		// pid (comm) state ppid pgrp session tty_nr tpgid flags minflt
		// cminflt majflt cmajflt utime stime ...; comm may hold spaces.
		i := bytes.LastIndexByte(b, ')')
		if i < 0 {
			continue
		}
		f := strings.Fields(string(b[i+1:]))
		if len(f) < 13 || f[2] != strconv.Itoa(pgid) {
			continue
		}
		ut, _ := strconv.ParseInt(f[11], 10, 64)
		st, _ := strconv.ParseInt(f[12], 10, 64)
		sum += ut + st
	}
	return sum
}

// A tailBuffer keeps the last max bytes written to it.
type tailBuffer struct {
	mu  sync.Mutex
	max int
	b   []byte
}

func (b *tailBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.b = append(b.b, p...)
	if len(b.b) > b.max {
		b.b = append(b.b[:0], b.b[len(b.b)-b.max:]...)
	}
	return len(p), nil
}

// String returns the last 20 lines kept.
func (b *tailBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	lines := strings.SplitAfter(strings.TrimRight(string(b.b), "\n"), "\n")
	if len(lines) > 20 {
		lines = lines[len(lines)-20:]
	}
	if s := strings.Join(lines, ""); s != "" {
		return s
	}
	return "(nothing)"
}
