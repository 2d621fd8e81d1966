package testee

import (
	"errors"
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/pctest/pctest/fuzz"
	"github.com/pctest/pctest/report"
)

// A Process is what fuzz.Run sends batches to.
var _ fuzz.Batcher = (*Process)(nil)

// TestErrorsTellFuzz checks the methods through which this package's
// errors tell fuzz.Run what stands in for an answer (see
// fuzz.Batcher), wrapped as they reach it: the kind of an incident,
// an error after which nothing is answered, and the incident an
// unconfirmed request was in flight at.
func TestErrorsTellFuzz(t *testing.T) {
	type incident interface{ IncidentKind() string }
	type fatal interface{ Fatal() bool }
	type unconfirmed interface{ UnconfirmedIncident() any }
	g := &group{err: &CrashError{Status: "exit status 3"}}
	errs := map[string]error{
		"crash":       &CrashError{Status: "exit status 3"},
		"timeout":     &TimeoutError{},
		"protocol":    &ProtocolError{Line: `"x"`, Err: errors.New("not JSON")},
		"start":       &StartError{Err: errors.New("no such file")},
		"output":      &OutputError{},
		"closed":      ErrClosed,
		"unconfirmed": &UnconfirmedError{Incident: g.err, Requests: 2, group: g},
		"other":       errors.New("other"),
	}
	type tells struct {
		Kind        string
		Fatal       bool
		Unconfirmed any
	}
	got := map[string]tells{}
	for name, err := range errs {
		err = fmt.Errorf("wrapped: %w", err)
		var (
			ie incident
			fe fatal
			ue unconfirmed
			tl tells
		)
		if errors.As(err, &ie) {
			tl.Kind = ie.IncidentKind()
		}
		if errors.As(err, &fe) {
			tl.Fatal = fe.Fatal()
		}
		if errors.As(err, &ue) {
			tl.Unconfirmed = ue.UnconfirmedIncident()
		}
		got[name] = tl
	}
	want := map[string]tells{
		"crash":       {Kind: report.KindCrash},
		"timeout":     {Kind: report.KindTimeout},
		"protocol":    {Kind: report.KindProtocol},
		"start":       {Kind: "start", Fatal: true}, // Kind for the reports (report.ErrorKind); Fatal comes first in Fuzz
		"output":      {Kind: report.KindProtocol, Fatal: true},
		"closed":      {Fatal: true},
		"unconfirmed": {Kind: report.KindCrash, Unconfirmed: g},
		"other":       {},
	}
	if diff := cmp.Diff(want, got, cmp.Comparer(func(a, b *group) bool { return a == b })); diff != "" {
		t.Errorf("what the errors tell Fuzz (-want +got):\n%s", diff)
	}
	if !errors.Is(fmt.Errorf("x: %w", ErrClosed), ErrClosed) {
		t.Error("errors.Is does not find ErrClosed")
	}
}
