// Package conformance runs pctest's checks against any implementation of
// percent-encoding: the JSON test vectors of package vectors, property laws
// written with pgregory.net/rapid, and a differential oracle that compares
// two implementations op by op on generated inputs.
//
// A third-party Go package tests itself with the vectors from its own
// tests, as it would test a file system with testing/fstest:
//
//	func TestConformance(t *testing.T) {
//		conformance.Run(t, conformance.Funcs{
//			Label:              "mylib",
//			EncodeURIComponent: mylib.EncodeURIComponent,
//			DecodeURIComponent: mylib.DecodeURIComponent,
//		})
//	}
//
// [Run] makes one subtest per vector, named by the vector's id, so that
// go test -run 'TestConformance/ecma.decodeURI.reserved-escape-keeps-case'
// runs a single vector. Ops the implementation does not have are skipped,
// never passed.
//
// The package exports:
//
//   - the checks: [Run] (the vectors, a subtest each), [Check] (the same
//     without a *testing.T, one joined error), [Laws] (the property laws)
//     and [Differential] (the oracle), each taking [Option]s;
//   - what is checked: the [Implementation] interface, answering the ops of
//     the vector format (see vectors.Ops), and its in-process adapters:
//     [Reference] (the reference codec), [NetURL] (Go's net/url) and
//     [Funcs] (any set of Go functions). The goja JavaScript engine's
//     adapter is package conformance/gojaimpl, so that importing conformance
//     does not bring goja; the subprocess adapter for implementations in
//     other languages is package testee (testee.Start);
//   - the options that select vectors and laws ([Areas], [Ops], [Match]
//     with go test's -run and -skip patterns, [Level]) and change how they
//     run ([Parallel], [Detail] (how many failures of an op Run shows in
//     full), [KnownDeviations], and [ExpectedFailures], which reads a
//     strict expected-failures list; [WriteExpectedFailures] writes one).
//     Options are values, as in go-cmp and rapid; an entry point rejects
//     one it cannot honour with an [OptionError] (see [Option]);
//   - the results for reports: [Results] returns a report.Result per
//     vector and its report.Outcome (pass, fail, skip, xfail, xpass, agree
//     or differ), whose report.Summary counts them as every report of
//     pctest counts them;
//   - the errors: [VectorError] (a vector that fails a Check), [ListError]
//     (a wrong or stale line of an expected-failures list), [AnswerError]
//     (why an adapter gave no answer), [OptionError] (an option an entry
//     point cannot honour) and [EmptyError] (a run that judged nothing;
//     [CheckJudged] tells of the results of one).
//
// The engine of pctest fuzz, differential fuzzing against the reference
// codec, is package fuzz, which imports this one.
//
// The one generator of op inputs, which the laws, the oracle and fuzz.Run
// all draw from (rapid's choices or a seeded math/rand/v2 source), is in the
// module's internal/gen;
// failure messages are written by internal/show, the renderer of every
// pctest report, and failures are grouped into causes (the same op and the
// same relation between the expected and the actual answer) by
// internal/cause, which every report's summary uses. The codec's native
// fuzz targets (fuzz/codecfuzz) have generators of their own.
package conformance
