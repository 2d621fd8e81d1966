package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/pctest/pctest/conformance"
	"github.com/pctest/pctest/report"
	"github.com/pctest/pctest/vectors"
)

// progressEvery is how often a progress line is printed when stderr is not
// a terminal; on a terminal the line is rewritten in place every second.
const progressEvery = 10 * time.Second

// A progressLine shows how far a long command has come, on stderr: on a
// terminal one line rewritten in place, otherwise a line every
// progressEvery, so that a log is not flooded.
type progressLine struct {
	w    io.Writer
	tty  bool
	mu   sync.Mutex
	last time.Time // when a line was last printed (not on a terminal)
	open bool      // a line is on the terminal, to be cleared
}

func newProgressLine(w io.Writer, start time.Time) *progressLine {
	return &progressLine{w: w, tty: isTerminal(w), last: start}
}

// isTerminal reports whether w is a character device, such as a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// show prints line: in place on a terminal, else if progressEvery has
// passed since the last one.
func (p *progressLine) show(now time.Time, line string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.tty {
		fmt.Fprintf(p.w, "\r\x1b[K%s", line)
		p.open = true
		return
	}
	if now.Sub(p.last) >= progressEvery {
		fmt.Fprintln(p.w, line)
		p.last = now
	}
}

// clear removes the line from a terminal, before the report is printed.
func (p *progressLine) clear() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.open {
		fmt.Fprint(p.w, "\r\x1b[K")
		p.open = false
	}
}

// rate writes n per second over d.
func rate(n int64, d time.Duration) string {
	if d <= 0 {
		return "0/s"
	}
	return fmt.Sprintf("%.0f/s", float64(n)/d.Seconds())
}

// counted is an implementation that counts the answers it gives, for
// pctest run's progress line.
type counted struct {
	conformance.Implementation
	n atomic.Int64
}

// Do answers req and counts the answer.
func (c *counted) Do(ctx context.Context, req vectors.Request) (vectors.Response, error) {
	defer c.n.Add(1)
	return c.Implementation.Do(ctx, req)
}

// countedBatch is a counted implementation that takes its requests in
// batches, as a testee does (conformance sends them so): it counts each
// answer of a batch once the batch is answered.
type countedBatch struct {
	*counted
	batch interface {
		DoBatch(ctx context.Context, reqs []vectors.Request, resps []vectors.Response, errs []error)
	}
}

// DoBatch answers reqs and counts the answers.
func (c countedBatch) DoBatch(ctx context.Context, reqs []vectors.Request, resps []vectors.Response, errs []error) {
	defer c.n.Add(int64(len(reqs)))
	c.batch.DoBatch(ctx, reqs, resps, errs)
}

// runProgressAfter is how long pctest run goes before it shows progress.
var runProgressAfter = 2 * time.Second

// estimateWindow is how far back the rate behind a progress line's
// estimate of the time left looks: the recent rate, so that a run that
// slows down (a testee restarted for every request) gets an honest
// estimate, and one that makes no progress gets none.
const estimateWindow = 30 * time.Second

// A rateWindow keeps the counts of the last estimateWindow, a sample a
// tick, to estimate the time left from the recent rate.
type rateWindow struct {
	at []time.Time
	n  []int64
	// lastN is the count last seen, lastAt when it last changed.
	lastN  int64
	lastAt time.Time
}

// newRateWindow returns a rateWindow for a run that started at start.
func newRateWindow(start time.Time) *rateWindow {
	return &rateWindow{lastN: -1, lastAt: start}
}

// leftText adds the sample (now, n) and says, for a progress line, how
// long reaching total takes at the recent rate (", about 1m5s left"), or,
// with no progress in the window, how long nothing came
// (", no answer for 40s"), or nothing.
func (r *rateWindow) leftText(now time.Time, n, total int64) string {
	if n != r.lastN {
		r.lastN, r.lastAt = n, now
	}
	if left, ok := r.left(now, n, total); ok {
		return fmt.Sprintf(", about %v left", left.Round(time.Second))
	}
	if d := now.Sub(r.lastAt); d >= 2*time.Second {
		return fmt.Sprintf(", no answer for %v", d.Round(time.Second))
	}
	return ""
}

// left adds the sample (now, n) and returns the time left to reach total
// at the rate of the window, and false when no progress was made in it.
func (r *rateWindow) left(now time.Time, n, total int64) (time.Duration, bool) {
	r.at, r.n = append(r.at, now), append(r.n, n)
	for len(r.at) > 2 && now.Sub(r.at[1]) >= estimateWindow {
		r.at, r.n = r.at[1:], r.n[1:]
	}
	done, el := n-r.n[0], now.Sub(r.at[0])
	if done <= 0 || el <= 0 {
		return 0, false
	}
	return time.Duration(float64(el) * float64(total-n) / float64(done)), true
}

// incidentsText says what went wrong with a testee so far, for a progress
// line: ", 3 restarts, 2 crashes" (the counts that are not zero), or "".
func incidentsText(st report.Incidents) string {
	var b strings.Builder
	for _, c := range []struct {
		n    int
		what string
	}{
		{st.Restarts, "restarts"}, {st.Crashes, "crashes"}, {st.Timeouts, "timeouts"},
		{st.ProtocolErrors, "protocol errors"}, {st.StrayLines, "stray lines"}, {st.Flaky, "flaky incidents"},
	} {
		if c.n > 0 {
			fmt.Fprintf(&b, ", %d %s", c.n, c.what)
		}
	}
	return b.String()
}

// watchRun shows the progress of a run on w once it has lasted
// runProgressAfter, until the returned stop is called: the count, the
// rate, the testee's incidents (stats, if not nil) and the time left at
// the recent rate, or how long nothing was answered. count gives the
// run's number of vectors; it is called once, when the first line shows.
func watchRun(w io.Writer, c *counted, count func() int, start time.Time, stats func() report.Incidents) (stop func()) {
	if w == nil {
		return func() {}
	}
	p := newProgressLine(w, start.Add(runProgressAfter-progressEvery)) // the first line at once after 2 s
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		select {
		case <-done:
			return
		case <-time.After(runProgressAfter):
		}
		total := count()
		tick := time.NewTicker(time.Second)
		defer tick.Stop()
		win := newRateWindow(start)
		for now := time.Now(); ; now = <-tick.C {
			n, el := c.n.Load(), now.Sub(start)
			line := fmt.Sprintf("run: %d of %d vectors, %s", n, total, rate(n, el))
			if stats != nil {
				line += incidentsText(stats())
			}
			if int(n) < total {
				line += win.leftText(now, n, int64(total))
			}
			p.show(now, line)
			select {
			case <-done:
				return
			default:
			}
		}
	}()
	return func() {
		close(done)
		wg.Wait()
		p.clear()
	}
}
