// Package testee runs percent-encoding implementations written in any
// language as subprocesses, through the line-based JSON protocol of
// PROTOCOL.md. It is the subprocess adapter only: the checks it is run
// through are package conformance's, and the fuzzing engine of pctest
// fuzz (fuzz.Run) package fuzz's.
//
// A testee is a program that reads one JSON request per line on its stdin
// and writes one JSON response per line on its stdout. [Start] runs one and
// returns a [*Process], which implements [conformance.Implementation], so a
// Go test can run the conformance vectors against a program written in any
// language:
//
//	p, err := testee.Start(ctx, []string{"node", "testee.js"}, testee.Timeout(time.Minute))
//	if err != nil {
//		t.Fatal(err)
//	}
//	defer p.Close()
//	conformance.Run(t, p)
//
// Options are values, as conformance's are: [Name], [Timeout],
// [StartTimeout], [Window], [UTF16Hex], [MaxLine], [Dir] and [Env]; Start
// rejects a wrong one with an [*OptionError].
//
// The Process pipelines requests over the one process (up to
// [Window] in flight), restarts the testee when it crashes, hangs or
// breaks the protocol, and charges the incident to the request that caused
// it as a [*CrashError], [*TimeoutError] or [*ProtocolError]; its [Process.Incidents]
// count them. A testee that cannot run at all gives a [*StartError]; one
// whose stdout carries lines that are not answers (log text: lines that do
// not begin as a JSON object; a malformed answer only charges its
// request), an [*OutputError]. Every request ends, answered or charged,
// whatever the testee does (PROTOCOL.md §5).
//
// A Process is a fuzz.Batcher: fuzz.Run sends it its
// cases in batches. Its errors say what they stand for through methods that
// Fuzz looks for (IncidentKind, Fatal, UnconfirmedIncident), so that
// neither package imports the other.
//
// The package exports:
//
//   - [Start], its [Option]s and [OptionError], [Process] and its methods:
//     the subprocess client;
//   - [CrashError], [TimeoutError], [ProtocolError], [StartError],
//     [OutputError], [UnconfirmedError], [ErrClosed] and [Kind]: what
//     stands in for an answer;
//   - [ProtocolVersion] and [DefaultWindow];
//   - the messages of PROTOCOL.md §3, for both sides: [AppendRequestJSON]
//     and [ParseResponseJSON] (the runner's), [ParseRequestJSON] and
//     [AppendResponseJSON] (a testee's, for testees written in Go).
package testee
