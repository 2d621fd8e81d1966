//go:build !unix

package testee

import (
	"os"
	"os/exec"
)

// setProcessGroup does nothing where there are no process groups.
func setProcessGroup(cmd *exec.Cmd) {}

// killProcessGroup kills the process pid; where there are no process
// groups, what it started may survive it.
func killProcessGroup(pid int) {
	if p, err := os.FindProcess(pid); err == nil {
		p.Kill()
	}
}
