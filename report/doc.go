// Package report is the one home of pctest's results: what running a vector
// came to ([Result], [Outcome]), how results are counted ([Summary]) and
// summed up in a cell of a matrix ([Verdict]), how failures group into
// causes ([Causes], ordered by level, must first), the JSON reports that
// pctest run and pctest fuzz write ([RunReport], report.schema.json;
// [FuzzReport] of [Finding]s, fuzz.schema.json, which fuzz.Run returns),
// with functions that write and read them, and the renderers for people:
// the text report ([Run.WriteText], [Line], [WriteCauses]), JUnit XML
// ([Run.WriteJUnit]), the HTML page ([WriteHTML], its template embedded
// from templates/run.html) and the matrix ([NewMatrix], [Cell]).
// conformance.Run writes its go test log itself (it knows the adapter's
// errors, such as a panic's stack), with the relations, levels and causes
// of this package.
//
// Causes are package internal/cause's: its table of relations, which
// [Result.Relation] and [Causes] go through, is their one home.
//
// conformance.Run, cmd/pctest and the field survey all go through it, and
// so can a third party: [ReadRunReport] and [ReadFuzzReport] read the
// files pctest writes with -format json.
//
// Every report lists failures by level, must before should before
// implementation-defined, and marks each line with its level: a run with a
// hundred SHOULD-level failures (hex digits in lowercase) and one MUST
// failure shows the MUST one first.
package report
