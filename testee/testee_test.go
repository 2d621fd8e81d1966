package testee

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf16"

	"github.com/pctest/pctest/internal/faketestee"
	"github.com/pctest/pctest/report"
	"github.com/pctest/pctest/vectors"
)

// fakeConfig returns the config of a fake testee (package faketestee) with
// the behaviours in mode.
func fakeConfig(t testing.TB, mode string) config {
	t.Helper()
	return config{
		Command: []string{faketestee.Command(t)},
		Name:    "fake",
		// A loaded machine may take seconds to start a process (and a
		// race-enabled test binary, the fake where it cannot be built,
		// longer): tests about start-up set their own allowance.
		StartTimeout: 2 * time.Minute,
		// RoleEnv for the test binary as the fake; GORACE: a race-enabled
		// binary sleeps 1s at exit by default.
		Env: []string{faketestee.RoleEnv + "=fake", faketestee.ModeEnv + "=" + mode, "GORACE=atexit_sleep_ms=0"},
	}
}

// startFake starts a fake testee and closes it when t ends, checking that
// no goroutine and no process is left behind.
func startFake(t *testing.T, cfg config) (*Process, *[]int) {
	t.Helper()
	faketestee.CheckNoLeaks(t)
	var (
		mu   sync.Mutex
		pids []int
	)
	tt := newProcess(cfg)
	tt.onStart = func(pid int) {
		mu.Lock()
		pids = append(pids, pid)
		mu.Unlock()
	}
	if err := tt.start(); err != nil {
		t.Fatalf("start: %v", err)
	}
	t.Cleanup(func() {
		tt.close(false)
		mu.Lock()
		defer mu.Unlock()
		faketestee.CheckReaped(t, pids)
	})
	return tt, &pids
}

func textReq(s string) vectors.Request {
	return vectors.Request{Op: "encodeURIComponent", In: utf16.Encode([]rune(s))}
}

// doAll sends every input at once, from a goroutine each, and returns the
// responses and errors by input.
func doAll(tt *Process, inputs []string) ([]vectors.Response, []error) {
	resps := make([]vectors.Response, len(inputs))
	errs := make([]error, len(inputs))
	var wg sync.WaitGroup
	for i, in := range inputs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			resps[i], errs[i] = tt.Do(context.Background(), textReq(in))
		}()
	}
	wg.Wait()
	return resps, errs
}

// checkEchoes fails t unless every input but those in bad was echoed.
func checkEchoes(t *testing.T, inputs []string, resps []vectors.Response, errs []error, bad map[string]bool) {
	t.Helper()
	for i, in := range inputs {
		if bad[in] {
			continue
		}
		if errs[i] != nil {
			t.Errorf("%q: error %v", in, errs[i])
			continue
		}
		if got := string(utf16.Decode(resps[i].Out)); got != in {
			t.Errorf("%q: got %q", in, got)
		}
	}
}

func inputs(n int, specials ...string) []string {
	var in []string
	for i := range n {
		in = append(in, fmt.Sprintf("input-%d-\u00e9\U0001F600", i))
		if i == n/2 {
			in = append(in, specials...)
		}
	}
	return in
}

func TestTesteePipelinesAndMatchesIDs(t *testing.T) {
	cfg := fakeConfig(t, "")
	cfg.Window = 16
	tt, _ := startFake(t, cfg)
	in := inputs(2000)
	resps, errs := doAll(tt, in)
	checkEchoes(t, in, resps, errs, nil)

	// A lone surrogate travels as it is.
	lone := vectors.Request{Op: "decodeURI", In: []uint16{'a', 0xD800, 'b'}}
	resp, err := tt.Do(context.Background(), lone)
	if err != nil || len(resp.Out) != 3 || resp.Out[1] != 0xD800 {
		t.Errorf("lone surrogate: got %x, %v", resp.Out, err)
	}
	if s := tt.Incidents(); s != (report.Incidents{}) {
		t.Errorf("incidents: %+v", s)
	}
}

func TestTesteeUTF16Hex(t *testing.T) {
	cfg := fakeConfig(t, "logreq")
	cfg.UTF16Hex = true
	tt, _ := startFake(t, cfg)
	want := []uint16{0xD800, 'A', 0xDE00}
	resp, err := tt.Do(context.Background(), vectors.Request{Op: "decodeURI", In: want})
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(resp.Out) != fmt.Sprint(want) {
		t.Errorf("out_utf16 echo: got %x, want %x", resp.Out, want)
	}
	tt.close(false)
	if got := tt.Stderr(1000); !strings.Contains(got, `"in_utf16":"d8000041de00"`) {
		t.Errorf("request was not sent as in_utf16: %s", got)
	}
}

func TestTesteeCrash(t *testing.T) {
	tt, pids := startFake(t, fakeConfig(t, ""))
	in := inputs(300, "CRASH-1", "CRASH-2")
	resps, errs := doAll(tt, in)
	bad := map[string]bool{"CRASH-1": true, "CRASH-2": true}
	checkEchoes(t, in, resps, errs, bad)
	for i, s := range in {
		if !bad[s] {
			continue
		}
		var ce *CrashError
		if !errors.As(errs[i], &ce) {
			t.Errorf("%s: got %v, %v; want a crash", s, resps[i], errs[i])
			continue
		}
		if ce.Status != "exit status 3" || !strings.Contains(ce.Stderr, "dying") {
			t.Errorf("%s: crash %+v", s, ce)
		}
		if !strings.HasPrefix(ce.Error(), "crash:") {
			t.Errorf("%s: %q", s, ce.Error())
		}
	}
	st := tt.Incidents()
	// Each crash restarts the testee; so does the first one when it lost
	// several requests, which are then sent again alone (issue 14).
	if st.Crashes != 2 || st.Restarts < 2 || st.Restarts > 4 || st.Flaky != 0 {
		t.Errorf("incidents: %+v", st)
	}
	if len(*pids) != st.Restarts+1 {
		t.Errorf("started %d processes, want %d", len(*pids), st.Restarts+1)
	}
}

func TestTesteeHangKillsProcessGroup(t *testing.T) {
	dir := t.TempDir()
	pidfile := filepath.Join(dir, "pids")
	cfg := fakeConfig(t, "grandchild,pidfile="+pidfile)
	cfg.Timeout = 2 * time.Second // generous: a loaded CI machine restarts a race-enabled fake testee slowly
	tt, _ := startFake(t, cfg)
	in := inputs(50, "HANG")
	resps, errs := doAll(tt, in)
	checkEchoes(t, in, resps, errs, map[string]bool{"HANG": true})
	for i, s := range in {
		if s != "HANG" {
			continue
		}
		var te *TimeoutError
		if !errors.As(errs[i], &te) {
			t.Errorf("HANG: got %v, %v; want a timeout", resps[i], errs[i])
		}
	}
	// The hung testee and the grandchild it started are gone, long before
	// the testee is closed. With several requests in flight at the
	// timeout, HANG is sent again alone and hangs a second testee, which
	// starts a second grandchild; on a loaded machine a testee may be
	// killed before it writes its grandchild's pid (which the runner kills
	// all the same). So the pids are at least the first hung testee, its
	// grandchild and the last testee, and every one but the last is gone.
	pids := faketestee.ReadPids(pidfile)
	if len(pids) < 3 {
		t.Fatalf("pids %v: want each hung testee and its grandchild, and the last testee", pids)
	}
	faketestee.CheckReaped(t, pids[:len(pids)-1])
}

func TestTesteeProtocolErrors(t *testing.T) {
	tt, _ := startFake(t, fakeConfig(t, ""))
	in := inputs(100, "GARBAGE", "WRONGID", "NOID", "EXTRA")
	resps, errs := doAll(tt, in)
	bad := map[string]bool{"GARBAGE": true, "WRONGID": true, "NOID": true, "EXTRA": true}
	checkEchoes(t, in, resps, errs, bad)
	for i, s := range in {
		if !bad[s] {
			continue
		}
		var pe *ProtocolError
		if !errors.As(errs[i], &pe) {
			t.Errorf("%s: got %v, %v; want a protocol error", s, resps[i], errs[i])
			continue
		}
		msg := pe.Error()
		if !strings.HasPrefix(msg, "protocol error: ") || !strings.Contains(msg, s) && s != "GARBAGE" && s != "EXTRA" {
			t.Errorf("%s: %s", s, msg)
		}
		if s == "GARBAGE" && !strings.Contains(msg, `"this is not json <script>"`) {
			t.Errorf("%s: does not quote the line: %s", s, msg)
		}
	}
	// A line that names no request in flight, with several in flight,
	// restarts the testee and sends them again alone (issue 14): restarts
	// vary with timing, the charges do not.
	if st := tt.Incidents(); st.ProtocolErrors != 4 || st.Flaky != 0 {
		t.Errorf("incidents: %+v", st)
	}
}

func TestTesteeLongLineBoundedMemory(t *testing.T) {
	cfg := fakeConfig(t, "")
	cfg.MaxLine = 64 << 10
	cfg.Timeout = 5 * time.Second // generous: a loaded CI machine restarts a race-enabled fake testee slowly
	tt, _ := startFake(t, cfg)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := tt.Do(context.Background(), textReq("LONGLINE"))
	var pe *ProtocolError
	if !errors.As(err, &pe) || !strings.Contains(pe.Error(), "longer than 65536 bytes") {
		t.Fatalf("got %v, want a protocol error for a long line", err)
	}
	if len(pe.Line) > quoteLimit+40 {
		t.Errorf("quoted %d bytes", len(pe.Line))
	}
	// The testee would go on flooding, then hang: it is killed at once, so
	// that the next requests are answered by a new process (issue 14: no
	// longer charged with a timeout).
	in := inputs(3)
	resps, errs := doAll(tt, in)
	runtime.ReadMemStats(&after)
	n := 0
	for i := range in {
		var te *TimeoutError
		if errors.As(errs[i], &te) {
			n++
		} else if errs[i] != nil || string(utf16.Decode(resps[i].Out)) != in[i] {
			t.Errorf("%q: %v %v", in[i], resps[i], errs[i])
		}
	}
	if n != 0 {
		t.Errorf("%d timeouts, want 0", n)
	}
	if d := after.TotalAlloc - before.TotalAlloc; d > 2<<20 {
		t.Errorf("allocated %d bytes reading a 3 MiB line with a 64 KiB limit", d)
	}
}

func TestTesteeCannotStart(t *testing.T) {
	faketestee.CheckNoLeaks(t)
	tt := newProcess(config{Command: []string{filepath.Join(t.TempDir(), "no-such-testee")}})
	err := tt.start()
	var se *StartError
	if !errors.As(err, &se) || !strings.Contains(err.Error(), "no-such-testee") {
		t.Errorf("got %v, want a start error naming the command", err)
	}
	if _, err := tt.Do(context.Background(), textReq("a")); !errors.As(err, &se) {
		t.Errorf("Do after a failed start: %v", err)
	}
	tt.close(false)
}

func TestTesteeExitsAtStart(t *testing.T) {
	tt, pids := startFake(t, fakeConfig(t, "exit-at-start"))
	_, errs := doAll(tt, inputs(20))
	var se *StartError
	n := 0
	for _, err := range errs {
		if errors.As(err, &se) {
			n++
		}
	}
	if n == 0 {
		t.Fatalf("no start error: %v", errs)
	}
	if !strings.Contains(se.Stderr, "fatal: boom") || se.Status != "exit status 1" {
		t.Errorf("start error %+v", se)
	}
	if len(*pids) != startSilentExits {
		t.Errorf("started %d times, want %d", len(*pids), startSilentExits)
	}
}

func TestTesteeCloseWhileBusy(t *testing.T) {
	cfg := fakeConfig(t, "")
	cfg.Timeout = time.Minute
	tt, _ := startFake(t, cfg)
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	errs := make(chan error, 10)
	for i := range 10 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := "HANG"
			if i > 0 {
				s = fmt.Sprint(i)
			}
			_, err := tt.Do(ctx, textReq(s))
			errs <- err
		}()
	}
	time.Sleep(200 * time.Millisecond)
	cancel()
	wg.Wait()
	tt.close(true)
	close(errs)
	for err := range errs {
		if err != nil && !errors.Is(err, context.Canceled) {
			t.Errorf("got %v", err)
		}
	}
}
