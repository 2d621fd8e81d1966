//go:build race

package codec

// RaceDetector says the tests run under -race. Single-goroutine
// differential tests that the race detector slows several times and can
// find nothing in skip themselves then; make test runs them in a second
// step without it. It is exported for the external tests (codec_test).
const RaceDetector = true
