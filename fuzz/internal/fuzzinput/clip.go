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
// 256 bytes is four times what any length-dependent path of the codec
// needs (its vector and table paths start at 48 and 64 octets and work in
// blocks of 32 and 64), twice the longest input of any vector (128), and
// past the 8-bit counters' last bucket (128–255). Bytes past the bound
// change no coverage, so minimization cuts them off at once. A reproducer
// longer than the bound fails again as it is: the target clips it the
// same way.
const MaxLen = 256

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
func ClipTo[S ~string | ~[]byte](s S, n int) S {
	if len(s) > n {
		return s[:n]
	}
	return s
}
