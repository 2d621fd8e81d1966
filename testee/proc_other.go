//go:build !unix

package testee

import (
	"os"
	"os/exec"
)

// prepareCommand does nothing where there are no process groups: what the
// testee starts may survive it.
func prepareCommand(cmd *exec.Cmd) {}

// killProcessGroup kills the process pid; where there are no process
// groups, what it started may survive it.
func killProcessGroup(pid int) {
	if p, err := os.FindProcess(pid); err == nil {
		p.Kill()
	}
}

// killTree does nothing on this system: see prepareCommand.
func killTree(pid int) {}

// killEscaped does nothing on this system: see prepareCommand.
func killEscaped(token string) {}

// unreadBytes returns 0: where the runner cannot tell what a testee left
// unread, every request in flight counts as read.
func unreadBytes(f *os.File) int64 { return 0 }

// stdinClosed reports false: where the runner cannot poll a pipe, a
// closed stdin is noticed on the next write.
func stdinClosed(f *os.File) bool { return false }
