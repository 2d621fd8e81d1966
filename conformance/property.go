package conformance

import (
	"fmt"
	"runtime"
	"strings"
	"sync"

	"pgregory.net/rapid"
)

// A propertyError is a law or an oracle check that rapid falsified. Log is
// rapid's report: the failure, the shrunk counterexample and how to replay
// it.
type propertyError struct {
	Name string
	Log  string
}

// Error returns the property's name and rapid's report.
func (e *propertyError) Error() string {
	return e.Name + " fails:\n" + strings.TrimRight(e.Log, "\n")
}

// recorder is a rapid.TB outside any test: it keeps what rapid logs and
// whether it failed. FailNow and SkipNow end the goroutine, as they do in
// package testing, so a check runs in a goroutine of its own.
type recorder struct {
	name string

	mu      sync.Mutex
	log     strings.Builder
	failed  bool
	skipped bool
}

func (r *recorder) Helper()      {}
func (r *recorder) Name() string { return r.name }

func (r *recorder) Log(args ...any) { r.logf("%s", fmt.Sprintln(args...)) }
func (r *recorder) Logf(format string, args ...any) {
	r.logf(format, args...)
}

func (r *recorder) logf(format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	s := fmt.Sprintf(format, args...)
	r.log.WriteString(s)
	if !strings.HasSuffix(s, "\n") {
		r.log.WriteByte('\n')
	}
}

func (r *recorder) Error(args ...any) { r.Log(args...); r.Fail() }
func (r *recorder) Errorf(format string, args ...any) {
	r.logf(format, args...)
	r.Fail()
}
func (r *recorder) Fatal(args ...any) { r.Log(args...); r.FailNow() }
func (r *recorder) Fatalf(format string, args ...any) {
	r.logf(format, args...)
	r.FailNow()
}
func (r *recorder) Fail() {
	r.mu.Lock()
	r.failed = true
	r.mu.Unlock()
}
func (r *recorder) FailNow() { r.Fail(); runtime.Goexit() }
func (r *recorder) Failed() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.failed
}
func (r *recorder) Skip(args ...any) { r.Log(args...); r.SkipNow() }
func (r *recorder) Skipf(format string, args ...any) {
	r.logf(format, args...)
	r.SkipNow()
}
func (r *recorder) SkipNow() {
	r.mu.Lock()
	r.skipped = true
	r.mu.Unlock()
	runtime.Goexit()
}

// checkProperty runs rapid.Check on prop outside a test and returns a
// *propertyError if rapid falsifies it.
func checkProperty(name string, prop func(*rapid.T)) error {
	r := &recorder{name: name}
	done := make(chan struct{})
	go func() {
		defer close(done)
		defer func() {
			if p := recover(); p != nil {
				r.logf("panic: %v", p)
				r.Fail()
			}
		}()
		rapid.Check(r, prop)
	}()
	<-done
	if r.Failed() {
		return &propertyError{Name: name, Log: r.log.String()}
	}
	return nil
}
