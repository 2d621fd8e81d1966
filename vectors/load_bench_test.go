package vectors

import "testing"

// BenchmarkLoadVectors is the start-up cost of a run: Load parsing and
// checking every embedded vectors file.
func BenchmarkLoadVectors(b *testing.B) {
	n := 0
	for _, name := range files {
		data, _ := ReadFile(name)
		n += len(data)
	}
	b.SetBytes(int64(n))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Load(); err != nil {
			b.Fatal(err)
		}
	}
}
