package main

import "github.com/pctest/pctest/vectors"

// Which inputs lie outside the domain of the clause an op follows, so that
// the spec leaves the answer open and the vector is "implementation-defined"
// (README.md, "Levels"), is decided by vectors.Request.Open, which pctest
// fuzz uses too; this file only writes the vector's level, ref and note.

// leaveOpen makes r an implementation-defined vector: ref names the clause
// that leaves the answer open, note says why and what the suite
// recommends (r's expected response).
func (r *modelResult) leaveOpen(ref, note string) {
	r.level, r.ref, r.note = vectors.LevelImplementationDefined, ref, "implementation-defined: "+note
}

// leaveOpenIf makes r implementation-defined when req.Open says the spec
// leaves req's answer open; rec follows "The suite recommends" in the note.
func (r *modelResult) leaveOpenIf(req vectors.Request, rec string) {
	if clause, why := req.Open(); clause != "" {
		r.leaveOpen(clause, why+". The suite recommends"+rec)
	}
}
