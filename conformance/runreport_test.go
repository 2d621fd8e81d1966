package conformance

import (
	"strings"
	"testing"

	"github.com/pctest/pctest/vectors"
)

// panicky panics with "boom" for every request: a named function, so that
// a stack that has it shows where an implementation panicked.
func panicky(vectors.Request) (vectors.Response, error) {
	panic("boom")
}

// TestPanicStack (issue 26) checks that a vector on which the
// implementation panicked is described with the stack where it panicked,
// from the function that called panic down, and not from the recover.
func TestPanicStack(t *testing.T) {
	f := fake{name: "panicky", fn: map[string]func(vectors.Request) (vectors.Response, error){"encodeURIComponent": panicky}}
	err := Check(f, withVectors(tinyCorpus()))
	if err == nil {
		t.Fatal("Check passes an implementation that panics")
	}
	msg := err.Error()
	i := strings.Index(msg, "  stack:\n")
	if i < 0 {
		t.Fatalf("no stack in the description of a panic:\n%s", msg)
	}
	stack := msg[i:]
	if !strings.Contains(msg, "encodeURIComponent panicked: boom") || !strings.Contains(stack, "conformance.panicky(") {
		t.Errorf("the stack does not name the function that panicked:\n%s", msg)
	}
	if first := strings.Split(stack, "\n")[1]; !strings.Contains(first, "conformance.panicky(") {
		t.Errorf("the stack starts at %q, want the function that panicked", first)
	}
	if strings.Contains(stack, "runtime/debug.Stack") || strings.Contains(stack, "panic(") || strings.Contains(stack, "conformance.do(") {
		t.Errorf("the stack holds the recovery's frames:\n%s", stack)
	}
}
