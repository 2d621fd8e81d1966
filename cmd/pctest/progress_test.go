package main

import (
	"bytes"
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pctest/pctest/conformance"
)

func TestProgressLine(t *testing.T) {
	start := time.Now()
	var b bytes.Buffer
	p := newProgressLine(&b, start)
	if p.tty {
		t.Fatal("a buffer taken for a terminal")
	}
	// Not a terminal: a line every 10 s, never rewritten in place.
	for s := 1; s <= 25; s++ {
		p.show(start.Add(time.Duration(s)*time.Second), "at "+time.Duration(s*int(time.Second)).String())
	}
	if got := b.String(); got != "at 10s\nat 20s\n" {
		t.Errorf("not a terminal: %q", got)
	}
	// A terminal: each line replaces the last, and clear removes it.
	b.Reset()
	p = &progressLine{w: &b, tty: true}
	p.show(start, "one")
	p.show(start, "two")
	p.clear()
	if got := b.String(); got != "\r\x1b[Kone\r\x1b[Ktwo\r\x1b[K" {
		t.Errorf("terminal: %q", got)
	}
}

// syncBuffer is a bytes.Buffer safe for the progress goroutine.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func TestRunProgress(t *testing.T) {
	defer func(d time.Duration) { runProgressAfter = d }(runProgressAfter)
	runProgressAfter = 50 * time.Millisecond
	c := &counted{Implementation: conformance.Reference()}
	c.n.Store(25)
	var w syncBuffer
	stop := watchRun(&w, c, func() int { return 100 }, time.Now(), nil)
	time.Sleep(20 * time.Millisecond)
	if w.String() != "" {
		t.Errorf("progress before the run lasted runProgressAfter: %q", w.String())
	}
	// Until the line comes, however slow the machine.
	for deadline := time.Now().Add(time.Minute); w.String() == "" && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
	}
	stop()
	if got := w.String(); !strings.HasPrefix(got, "run: 25 of 100 vectors, ") {
		t.Errorf("progress %q", got)
	}
	// A short run shows none.
	var quiet syncBuffer
	watchRun(&quiet, c, func() int { return 100 }, time.Now(), nil)()
	if quiet.String() != "" {
		t.Errorf("a short run shows progress: %q", quiet.String())
	}
}

// firstWrite keeps the first write it gets and calls onFirst after it.
type firstWrite struct {
	mu      sync.Mutex
	first   string
	onFirst func()
	bytes.Buffer
}

func (f *firstWrite) Write(p []byte) (int, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.first == "" && len(p) > 0 {
		f.first = string(p)
		if f.onFirst != nil {
			defer f.onFirst()
		}
	}
	return f.Buffer.Write(p)
}

// TestFuzzHeaderAtOnce checks that pctest fuzz writes its header when it
// starts, not with its report: the first write interrupts a run of ten
// minutes, which then ends as interrupted. A header held back to the end
// would come after the run ended by itself, and the exit would be 0. (No
// clock is read: the order of events is what is checked.)
func TestFuzzHeaderAtOnce(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	out := firstWrite{onFirst: cancel}
	var errw syncBuffer
	code := pctest(ctx, []string{"fuzz", "-impl", "reference", "-time", "10m", "-seed", "7"}, &out, &errw)
	if !strings.HasPrefix(out.first, "pctest fuzz: reference") || !strings.Contains(out.first, "seed 7, for 10m") {
		t.Errorf("first output %q, want the header", out.first)
	}
	if code != exitInterrupted {
		t.Errorf("exit %d, want %d (interrupted by the header's arrival): %s", code, exitInterrupted, errw.String())
	}
}

// TestRateWindow: the time left comes from the recent rate, so that it
// follows a run that slows down and never grows without bound while
// answers come; with no answer in the window there is no estimate (issue
// 22, defect 3).
func TestRateWindow(t *testing.T) {
	var r rateWindow
	start := time.Now()
	at := func(s int) time.Time { return start.Add(time.Duration(s) * time.Second) }
	if _, ok := r.left(at(0), 0, 1000); ok {
		t.Error("an estimate from one sample")
	}
	// 100 a second for 10 s, then 1 a second.
	for s := 1; s <= 10; s++ {
		r.left(at(s), int64(100*s), 1000)
	}
	if left, ok := r.left(at(11), 1000, 2000); !ok || left < 9*time.Second || left > 12*time.Second {
		t.Errorf("after a steady 100/s: %v, %v", left, ok)
	}
	n := int64(1000)
	var last time.Duration
	for s := 12; s <= 100; s++ {
		n++
		left, ok := r.left(at(s), n, 2000)
		if !ok {
			t.Fatalf("%ds: no estimate while answers come", s)
		}
		last = left
	}
	// At 1/s, 910 left: about 910 s, not the 100/s of the start.
	if last < 800*time.Second || last > 1000*time.Second {
		t.Errorf("after slowing to 1/s: %v left, want about 910s", last)
	}
	for s := 101; s <= 140; s++ {
		if _, ok := r.left(at(s), n, 2000); ok && s > 100+int(estimateWindow/time.Second) {
			t.Errorf("%ds: an estimate with no answer for %ds", s, s-100)
		}
	}
}

// TestRateWindowText: the text both progress lines (run's and fuzz's) show:
// the time left at the recent rate while answers come, then, once none
// came in the window, how long none came, never an estimate that grows.
func TestRateWindowText(t *testing.T) {
	start := time.Now()
	at := func(s int) time.Time { return start.Add(time.Duration(s) * time.Second) }
	r := newRateWindow(start)
	if got := r.leftText(at(1), 0, 100); got != "" {
		t.Errorf("at 1s with nothing: %q", got)
	}
	for s := 2; s <= 10; s++ {
		r.leftText(at(s), int64(s), 100)
	}
	// 11 answers in the 10 s since the first sample (0 at 1 s): 1.1/s,
	// 89 left, about 81 s.
	if got := r.leftText(at(11), 11, 100); got != ", about 1m21s left" {
		t.Errorf("at 1.1/s with 89 left: %q", got)
	}
	var got string
	for s := 12; s <= 60; s++ {
		got = r.leftText(at(s), 11, 100)
	}
	if got != ", no answer for 49s" {
		t.Errorf("49 s with no answer: %q", got)
	}
}
