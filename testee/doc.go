// Package testee runs percent-encoding implementations written in any
// language as subprocesses, through the line-based JSON protocol of
// PROTOCOL.md, and fuzzes them against pctest's reference codec.
//
// A testee is a program that reads one JSON request per line on its stdin
// and writes one JSON response per line on its stdout. [Start] runs one and
// returns a [*Process], which implements [conformance.Implementation], so a
// Go test can run the conformance vectors against a program written in any
// language:
//
//	p, err := testee.Start(ctx, testee.Config{Command: []string{"node", "testee.js"}})
//	if err != nil {
//		t.Fatal(err)
//	}
//	defer p.Close()
//	conformance.Run(t, p)
//
// The Process pipelines requests over the one process (up to
// [Config].Window in flight), restarts the testee when it crashes, hangs or
// breaks the protocol, and charges the incident to the request that caused
// it as a [*CrashError], [*TimeoutError] or [*ProtocolError]; its [Stats]
// count them. A testee that cannot run at all gives a [*StartError]; one
// whose stdout carries lines that are not answers, an [*OutputError]. Every
// request ends, answered or charged, whatever the testee does
// (PROTOCOL.md §5).
//
// [Fuzz] sends generated requests to an implementation and to the
// reference codec ([conformance.Reference]) and shrinks each difference to a
// minimal input, returning a [FuzzReport] of [Finding]s.
//
// The package exports:
//
//   - [Start], [Config], [Process] and its methods: the subprocess client;
//   - [Stats]: the incident counts of a run;
//   - [CrashError], [TimeoutError], [ProtocolError], [StartError],
//     [OutputError], [ErrClosed] and [Kind]: what stands in for an answer;
//   - [EmptyError] and [CheckJudged]: a run that judged nothing;
//   - [Fuzz], [FuzzConfig], [FuzzReport], [Finding], [UnconfirmedError],
//     [DefaultMaxFindings] and the finding kinds ([KindDisagreement],
//     [KindCrash], [KindTimeout], [KindProtocol], [KindError]):
//     differential fuzzing;
//   - [ProtocolVersion] and [DefaultWindow].
package testee
