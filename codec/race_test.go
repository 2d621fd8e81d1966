//go:build race

package codec_test

// raceDetector says the tests run under -race. Single-goroutine
// differential tests that the race detector slows several times and can
// find nothing in skip themselves then; make test runs them in a second
// step without it.
const raceDetector = true
