// Package fuzz is the engine of pctest fuzz: differential fuzzing of any
// implementation against the reference codec. [Run] sends generated
// requests (the module's one generator of op inputs, internal/gen, from a
// seed) to an implementation of conformance.Implementation and to
// conformance.Reference, judges each answer against the reference's,
// shrinks each difference, crash, hang or protocol error to a minimal
// input, sends it again on its own to confirm it, and returns a
// report.FuzzReport (its Findings, each a report.Finding), the report
// pctest fuzz writes:
//
//	rep, err := fuzz.Run(ctx, impl, fuzz.Seed(1), fuzz.Cases(100000))
//
// The package exports:
//
//   - [Run] and its [Option]s, values as in go-cmp and rapid: what is
//     fuzzed ([Ops], [Areas], [KnownDeviations], [JudgeOpen]), how much
//     ([Cases], [Duration], [MaxFindings], [DefaultMaxFindings]) and how
//     ([Seed], [Parallel], [Grace], [ShrinkTime], [AllowEmpty],
//     [OnProgress] with its [Progress]); a wrong value is an
//     [OptionError];
//   - [Batcher]: an implementation that takes its cases in batches, as
//     the subprocess adapter testee.Process does, and the methods through
//     which an adapter's errors say what they stand for;
//   - [Corpus] ([OpenCorpus]) and [FindingVector]: a directory of
//     findings kept as vectors files (pctest fuzz -corpus), which
//     pctest run -vectors runs.
//
// Its files follow the engine's jobs: options.go (the options),
// fuzz.go (Run and the fuzzer's state), generate.go (the workers that
// generate cases and send them in batches), judge.go (judging an answer
// and recording a finding), shrink.go (shrinking a finding), progress.go
// (reporting progress) and corpus.go (the corpus of findings).
//
// Data flows one way: package fuzz imports conformance (the
// implementations and the reference), never the reverse. The codec's
// native Go fuzz targets are elsewhere, in fuzz/codecfuzz and
// fuzz/gojadiff (see fuzz/README.md).
package fuzz
