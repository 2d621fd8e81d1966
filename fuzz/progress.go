package fuzz

import (
	"sync"
	"time"
)

// A Progress is how far a [Run] has come.
type Progress struct {
	// Cases counts the requests answered so far, Findings the findings.
	Cases    int64
	Findings int
	// Elapsed is the time since the start; Left the time left until
	// the Duration option is up, or, with only a case limit, an estimate
	// from the rate so far (zero when there is no bound, or no rate yet).
	Elapsed, Left time.Duration
}

// reportProgress calls cfg.progress every cfg.progressEvery until the
// returned stop is called.
func (f *fuzzer) reportProgress(cfg *config, start time.Time) (stop func()) {
	if cfg.progress == nil {
		return func() {}
	}
	every := cfg.progressEvery
	if every <= 0 {
		every = time.Second
	}
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		tick := time.NewTicker(every)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case now := <-tick.C:
				p := Progress{Cases: f.answered.Load(), Elapsed: now.Sub(start)}
				f.mu.Lock()
				p.Findings = len(f.findings)
				f.mu.Unlock()
				switch {
				case cfg.duration > 0:
					p.Left = max(f.deadline.Sub(now), 0)
				case cfg.cases > 0 && p.Cases > 0:
					p.Left = time.Duration(float64(p.Elapsed) * float64(cfg.cases-p.Cases) / float64(p.Cases))
				}
				cfg.progress(p)
			}
		}
	}()
	return func() {
		close(done)
		wg.Wait()
	}
}
