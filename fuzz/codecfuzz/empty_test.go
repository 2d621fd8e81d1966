//go:build fuzzbench

package codecfuzz

import "testing"

// FuzzEmpty does nothing: `make fuzz-bench` measures every target of this
// package as a share of its executions, in the same run, so that what the
// engine costs (mutation, the coverage scan of every instrumented package
// linked in, the coordinator) and the machine's load cancel out. The build
// tag keeps it out of `make test`, `make fuzz` and the ClusterFuzzLite build.
func FuzzEmpty(f *testing.F) {
	f.Add([]byte("x"))
	f.Fuzz(func(t *testing.T, b []byte) {})
}
