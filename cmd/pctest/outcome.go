package main

import (
	"crypto/sha256"
	"encoding/hex"
	"io"
	"runtime/debug"
	"sync"

	"github.com/pctest/pctest/conformance"
	"github.com/pctest/pctest/vectors"
)

// outcomeOf turns a conformance result into an outcome.
func outcomeOf(r conformance.Result) outcome {
	o := outcome{Vector: r.Vector, Got: r.Got, Err: r.Err, Deviation: r.Deviation}
	switch r.Outcome {
	case conformance.Passed:
		o.Status = statusPass
	case conformance.Skipped:
		o.Status = statusSkip
	case conformance.ExpectedFailure:
		o.Status = statusXFail
		o.Why = r.Reason
	case conformance.UnexpectedPass:
		o.Status = statusXPass
		o.Why = r.Reason
	default:
		// The failure line shows what was wanted and what came; the
		// reason would say it again.
		o.Status = statusFail
	}
	return o
}

// suiteVersion identifies the vectors a run used: pctest's module version
// and a digest of the embedded vectors files, so that two reports with the
// same suite version ran the same vectors.
var suiteVersion = sync.OnceValue(func() string {
	h := sha256.New()
	for _, name := range vectors.Files() {
		data, err := vectors.ReadFile(name)
		if err != nil {
			return "unknown"
		}
		io.WriteString(h, name+"\x00")
		h.Write(data)
	}
	version := "devel"
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		version = bi.Main.Version
	}
	return version + "+vectors." + hex.EncodeToString(h.Sum(nil))[:12]
})

// writeExpectedFailures writes the vectors of rep that failed, in the
// format -expect-fail reads (conformance.WriteExpectedFailures).
func writeExpectedFailures(w io.Writer, rep *runReport) error {
	return conformance.WriteExpectedFailures(w, rep.results)
}
