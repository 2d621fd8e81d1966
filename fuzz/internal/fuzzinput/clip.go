package fuzzinput

// MaxLen is the length, in bytes, up to which the targets check an input:
// each target checks the first MaxLen bytes of a longer one (Clip).
//
// Without a bound, go test -fuzz grows inputs to kilobytes (14 KB in a
// 15-second run of the IRI target): its coverage counters count loop
// iterations in power-of-two buckets, so every per-octet loop of a model,
// the codec or net/url rewards a longer input, up to 255 iterations and
// past it as the 8-bit counters wrap. Such an input costs far more than
// the engine per execution, and minimizing it is quadratic in its length:
// go test gives up after -fuzzminimizetime, kills the worker and drops
// its executions, so a campaign stalls while both workers do this.
//
// 160 bytes reach every length-dependent path of the codec with room to
// spare (its vector and table paths start at 48 and 64 octets and work in
// blocks of 32 and 64: 160 is two blocks of 64 and a tail of 32, or five
// of 32), hold the longest input of any vector (128) and reach the 8-bit
// counters' last bucket (128–255). Bytes past the bound change no
// coverage, so minimization cuts them off at once. A reproducer longer
// than the bound fails again as it is: the target clips it the same way.
//
// The bound was 256 until 2026-12-06. Minimizing a new input that does not
// shrink tries every subrange, about n²/2 executions (32,000 at 256,
// 12,800 at 160), and at a load average of 15 to 20 on two cores an
// execution takes about 100 µs of wall time with the engine's own work:
// at 256 a minimization ran past the campaign's 5 s, go test killed the
// worker, and the target stood still. In `make fuzz-bench` runs of 5 s at
// that load, the median share of the empty target's rate went, from 256
// to 160, for AnnexB from 41% to 43%, ECMADecode 32% to 65%, IRI 22% to
// 48%, FormEncode 18% to 52%, UTF8 30% to 84%, Normalize 46% to 67%,
// NoDouble 61% to 54% (four runs at 256, two at 160: fuzz/README.md,
// Throughput).
const MaxLen = 160

// MaxLenGoja is MaxLen for the goja targets (fuzz/gojadiff). An execution
// there costs several times one of package fuzz (goja's coverage counters,
// goja itself), so minimizing a 256-byte input took 4 to 5 s of a worker,
// and such stalls held those targets to a fifth of their empty target's
// rate in some 10-second runs. 64 bytes hold five of the longest escaped
// sequence (a 4-octet UTF-8 sequence is 12 units of "%XX") or 21 arbitrary
// code units: goja's functions work one code unit or one escaped sequence
// at a time; the codec's long-input paths are checked up to MaxLen by the
// ECMAScript targets of package fuzz.
const MaxLenGoja = 64

// Clip returns the first MaxLen bytes of s.
func Clip[S ~string | ~[]byte](s S) S {
	return ClipTo(s, MaxLen)
}

// ClipTo returns the first n bytes of s.
//
// It has no branch on purpose (min compiles to a conditional move): go test
// -fuzz counts the executions of every basic block as coverage, so a branch
// taken only for inputs longer than n would make the first such input of a
// campaign "new coverage" that only its length keeps. Minimizing it would
// cut it to n+1 bytes that no removal can shorten, and try every subrange
// (about n²/2 executions, 13,000 at MaxLen: seconds of a worker under load,
// past the campaign's -fuzzminimizetime, which kills the worker and drops
// its executions). Bytes past the bound change nothing a target checks, so
// nothing about them should count as coverage.
func ClipTo[S ~string | ~[]byte](s S, n int) S {
	return s[:min(len(s), n)]
}
