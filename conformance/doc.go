// Package conformance runs pctest's checks against any implementation of
// percent-encoding: the JSON test vectors of package vectors, property laws
// written with pgregory.net/rapid, and a differential oracle that compares
// two implementations op by op on generated inputs.
//
// An [Implementation] answers the ops of the vector format (see
// [vectors.Ops]). The package adapts the reference codec ([Reference]), the
// goja JavaScript engine ([Goja]), Go's net/url ([NetURL]) and any set of Go
// functions ([Funcs]); the subprocess adapter for implementations in other
// languages lives with the runner, cmd/pctest.
//
// A third-party Go package tests itself with the vectors from its own tests,
// as it would test a file system with testing/fstest:
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
// never passed. [Check] makes the same checks without a *testing.T and
// returns one joined error. [Laws] and [Differential] add the property laws
// and the oracle; [Results] returns every outcome for a report.
//
// What the package owns: the Implementation interface and its in-process
// adapters, vector selection and evaluation, the strict expected-failures
// list, the laws, the oracle and the input generators that the laws, the
// oracle, the runner's fuzz command and package fuzz share.
package conformance
