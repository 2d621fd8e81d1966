package main

import (
	"regexp"
	"strconv"
	"time"
)

// go test -fuzz reports on its progress every 3 seconds, and at the end,
// with lines such as these (internal/fuzz's coordinator.logStats; the
// elapsed time is a time.Duration rounded to the second, so "1m3s" once a
// minute has passed):
//
//	fuzz: elapsed: 0s, gathering baseline coverage: 0/193 completed
//	fuzz: elapsed: 4s, gathering baseline coverage: 193/193 completed, now fuzzing with 2 workers
//	fuzz: elapsed: 12s, execs: 196853 (63914/sec), new interesting: 8 (total: 201)
//	fuzz: minimizing 52-byte failing input file
//	fuzz: elapsed: 15s, minimizing
//	fuzz: elapsed: 1m3s, execs: 3812461 (61520/sec), new interesting: 9 (total: 202)
//
// They are the only interface to the engine's progress, so a status reads
// them and nothing else, and ignores every line it does not know.

var (
	statusRE = regexp.MustCompile(`^fuzz: elapsed: ([0-9hms]+), execs: (\d+) \(\d+/sec\)(?:, new interesting: (\d+) \(total: (\d+)\))?`)
	// The baseline phase is "testing seed corpus" instead when the binary
	// has no coverage instrumentation.
	baselineRE   = regexp.MustCompile(`^fuzz: elapsed: ([0-9hms]+), (?:gathering baseline coverage|testing seed corpus): (\d+)/(\d+) completed`)
	minimizingRE = regexp.MustCompile(`^fuzz: elapsed: ([0-9hms]+), minimizing`)
	// Failing input written to testdata/fuzz/FuzzX/582528ddfad69eb5
	failingRE = regexp.MustCompile(`Failing input written to (\S+)`)
)

// A status is what go test's progress lines said of one target's run.
type status struct {
	elapsed    time.Duration // at the last progress line
	baseline   time.Duration // when the baseline coverage was gathered (0 before)
	baselineOK bool          // the baseline phase is over
	execs      int64
	newEntries int
	corpus     string // the corpus size as last reported

	// lastGrowth is when execs last grew (or fuzzing began); stall is the
	// longest stretch of fuzzing, to the last line, with no new execs, and
	// stallFrom where it began. go test reports a worker's executions only
	// when the worker returns to the coordinator: while both workers
	// minimize an input, or a worker is restarted, the count stands still.
	lastGrowth, stall, stallFrom time.Duration
	// minimizing is the time spent minimizing a failing input ("fuzz:
	// elapsed: …, minimizing" lines, which hold up all fuzzing), to the
	// resolution of the 3-second progress lines: each stretch counts from
	// the last progress line before the first such line.
	minimizing    time.Duration
	minimizeStart time.Duration
	inMinimize    bool
}

// parseElapsed reads the elapsed field of a progress line.
func parseElapsed(s string) (time.Duration, bool) {
	d, err := time.ParseDuration(s)
	return d, err == nil && d >= 0
}

// line takes one line of go test's output and reports whether it was a
// progress line.
func (s *status) line(l string) bool {
	if m := statusRE.FindStringSubmatch(l); m != nil {
		d, ok := parseElapsed(m[1])
		if !ok {
			return false
		}
		execs, _ := strconv.ParseInt(m[2], 10, 64)
		s.endMinimize(d)
		s.advance(d, execs)
		if m[3] != "" {
			s.newEntries, _ = strconv.Atoi(m[3])
			s.corpus = m[4]
		}
		return true
	}
	if m := baselineRE.FindStringSubmatch(l); m != nil {
		d, ok := parseElapsed(m[1])
		if !ok {
			return false
		}
		s.elapsed = d
		if m[2] == m[3] && !s.baselineOK {
			s.baseline, s.baselineOK = d, true
			s.lastGrowth = d
		}
		return true
	}
	if m := minimizingRE.FindStringSubmatch(l); m != nil {
		d, ok := parseElapsed(m[1])
		if !ok {
			return false
		}
		if !s.inMinimize {
			s.inMinimize, s.minimizeStart = true, s.elapsed
		}
		s.advance(d, s.execs)
		return true
	}
	return false
}

// advance records a progress line at d with execs executions so far.
func (s *status) advance(d time.Duration, execs int64) {
	if d < s.elapsed {
		d = s.elapsed
	}
	s.elapsed = d
	if !s.baselineOK {
		// A progress line with execs ends the baseline phase even when its
		// own line was missed.
		s.baseline, s.baselineOK, s.lastGrowth = d, true, d
		s.execs = execs
		return
	}
	if execs > s.execs {
		s.execs, s.lastGrowth = execs, d
		return
	}
	if stall := d - s.lastGrowth; stall > s.stall {
		s.stall, s.stallFrom = stall, s.lastGrowth
	}
}

// endMinimize closes a stretch of minimizing at d.
func (s *status) endMinimize(d time.Duration) {
	if s.inMinimize {
		s.minimizing += d - s.minimizeStart
		s.inMinimize = false
	}
}

// finish closes the status at the end of the output.
func (s *status) finish() {
	s.endMinimize(s.elapsed)
}
