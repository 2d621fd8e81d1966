// Command fake is the fake testee of the runner's tests as a program of its
// own: it runs faketestee.Main, with the behaviours that the environment
// variable PCTEST_FAKE names. faketestee.Command builds it once for a test
// binary, without -race, so that each start of a fake takes as long as a
// plain Go program's.
package main

import (
	"os"

	"github.com/pctest/pctest/internal/faketestee"
)

func main() {
	os.Exit(faketestee.Main())
}
