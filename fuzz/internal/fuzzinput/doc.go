// Package fuzzinput turns fuzz bytes and test vectors into the inputs of
// pctest's fuzz targets (packages fuzz and fuzz/gojadiff): UTF-16 built from
// bytes so that lone surrogates are common (Units), the seed corpus of a
// target from the vectors of its ops (SeedOctets, SeedUnits, ...), and the
// encode set a fuzzed selector byte picks (SetOf).
//
// It holds no checks: those stay with their targets. It is separate so that
// the differential against goja can live in its own package, keeping goja
// out of the codec-only targets' binary, whose coverage counters every
// execution scans.
package fuzzinput
