package testee

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/pctest/pctest/internal/testenv"
)

// TestOnce: a testee run once gets its input and gives back its output
// and exit status; one that outlives its allowance is killed.
func TestOnce(t *testing.T) {
	testenv.Require(t, testenv.Command("sh"))
	tr, err := Once(context.Background(), []string{"sh", "-c", "cat; echo bye >&2; exit 3"}, []byte("hello\n"))
	if err != nil || string(tr.Stdout) != "hello\n" || tr.Status != "exit status 3" || !strings.Contains(tr.Stderr, "bye") || tr.Killed {
		t.Errorf("Once: %+v, %v", tr, err)
	}
	tr, err = Once(context.Background(), []string{"sh", "-c", "exec sleep 600"}, nil, StartTimeout(200*time.Millisecond))
	if err != nil || !tr.Killed {
		t.Errorf("a testee that never ends: %+v, %v; want it killed", tr, err)
	}
}

// TestOnceCancelledAsItExits: a context cancelled while the testee ends of
// itself must not make Once wait for an exit it has already taken (it used
// to, for ever, when the clean exit's nil error read as "still running").
// The cancellation lands at a different point of the exit each round; a
// hang fails the test by go test's -timeout.
func TestOnceCancelledAsItExits(t *testing.T) {
	testenv.Require(t, testenv.Command("sh"))
	for i := range 400 {
		ctx, cancel := context.WithCancel(context.Background())
		go func() {
			time.Sleep(time.Duration(i%40) * 50 * time.Microsecond)
			cancel()
		}()
		tr, err := Once(ctx, []string{"sh", "-c", "exit 0"}, nil)
		if tr == nil && err == nil {
			t.Fatalf("round %d: no transcript and no error", i)
		}
		cancel()
	}
}
