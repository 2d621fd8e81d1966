// Package vectors owns pctest's JSON test vectors: their format, the embedded
// corpus (one file per area), and the loader that returns them typed.
//
// The format is documented in README.md beside this package and as a JSON
// Schema in vectors.schema.json. It is meant to be read from any language:
// a vector is the request a testee gets plus the response the spec requires.
// Its level ([Levels]) says how strongly: must, should, or
// implementation-defined, where the spec leaves the answer open for that
// input and the response is the suite's recommendation.
//
// The package holds:
//
//   - the op table ([Op] and its constants, [Ops], [Op.Info]) with the input and output [Kind] and
//     the error kinds of each op;
//   - the corpus, embedded: [Load] returns every vector, [LoadFile] reads
//     one file, [Files] and [ReadFile] give the raw files; malformed input is
//     reported as [*FormatError] values that name the file, line, vector id
//     and field;
//   - a JSON text codec that keeps lone surrogates, which encoding/json turns
//     into U+FFFD: [ParseJSONText] and [AppendJSONText];
//   - the JSON objects of [Request] and [Response] ([Request.AppendJSON],
//     [Response.AppendJSON], and MarshalJSON and UnmarshalJSON methods on
//     them and on [Vector]): a vector's members, which are also the members
//     of the runner's wire messages; package testee, beside
//     testee/PROTOCOL.md, adds the "id" and the framing;
//   - the known deviations of other engines ([Deviations], deviations.json);
//   - the named encode sets of percentEncodeSet's args.set, their one home
//     ([NamedSets], [SetByName], sets.json with sets.schema.json): each
//     set's name, the octets it keeps and its definition quoted from its
//     spec, written by the generator from internal/spec.
//
// The corpus is written by the generator in internal/gen (go generate), from
// hand-written vectors and from the generator's own transcription of the
// specs, never from package codec; its tests check it against goja, node,
// Python's urllib.parse, net/url, golang.org/x/net/idna and (the encoding
// area) Chromium's recorded answers.
package vectors
