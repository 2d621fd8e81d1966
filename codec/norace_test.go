//go:build !race

package codec

// RaceDetector says the tests run under -race (see race_test.go).
const RaceDetector = false
