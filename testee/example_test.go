package testee_test

import (
	"context"
	"os/exec"
	"testing"

	"github.com/pctest/pctest/conformance"
	"github.com/pctest/pctest/report"
	"github.com/pctest/pctest/testee"
)

// TestExampleNode runs the node example testee
// (cmd/pctest/testees/node-builtin/testee.js) through conformance.Run, as a
// Go project runs a testee written in another language from its own go
// test. It skips when node is not installed.
func TestExampleNode(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed: the example testee needs it")
	}
	p, err := testee.Start(context.Background(), []string{node, "../cmd/pctest/testees/node-builtin/testee.js"}, testee.Name("node"))
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	// Node's URI functions are ECMAScript's: run those vectors. Ops the
	// testee does not have are skipped.
	conformance.Run(t, p, conformance.Areas("ecmascript"))
	if st := p.Incidents(); st != (report.Incidents{}) {
		t.Errorf("incidents: %+v", st)
	}
}

// This example runs a testee written in another language against the
// conformance vectors from a Go test.
func ExampleStart() {
	var t *testing.T // the test's

	p, err := testee.Start(context.Background(), []string{"node", "testee.js"})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	conformance.Run(t, p)
}
