// Package gojadiff owns the fuzz targets that check goja, a JavaScript
// engine in Go, against pctest's reference codec on the four URI functions
// of ECMA-262 5.1 §15.1.3 (encodeURI, encodeURIComponent, decodeURI,
// decodeURIComponent), over UTF-16 built from fuzz bytes so that lone
// surrogates are common.
//
// A difference is a failure unless a deviation of vectors/deviations.json
// covers it, by its exact input pattern and answer relation
// (vectors.FindDeviation). The targets live apart from package fuzz so that
// goja, a large dependency, is not linked into the codec-only targets: the
// fuzzing engine scans every instrumented counter after each execution,
// and goja's would slow those targets down several times.
//
// The rules of package fuzz hold here too: checks in ordinary files
// returning errors, target files using only testing.F and testing.T, and
// each target's name in one file only (see fuzz/README.md).
package gojadiff
