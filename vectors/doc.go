// Package vectors owns pctest's JSON test vectors: their format, the embedded
// corpus (one file per area), and the loader that returns them typed.
//
// The format is documented in README.md beside this package and as a JSON
// Schema in vectors.schema.json. It is meant to be read from any language:
// a vector is the request a testee gets plus the response the spec requires.
package vectors
