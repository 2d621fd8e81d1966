//go:build unix && !linux

package testee

import (
	"os"
	"os/exec"
	"syscall"
)

// prepareCommand makes cmd's process the leader of a new process group, so
// that killProcessGroup reaches everything it starts and a terminal's Ctrl-C
// reaches only the runner. Descendants that leave the group (setsid) are
// out of reach on this system, and so is the testee when the runner itself
// is killed with SIGKILL.
func prepareCommand(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// killTree does nothing on this system: see prepareCommand.
func killTree(pid int) {}

// killEscaped does nothing on this system: see prepareCommand.
func killEscaped(token string) {}

// unreadBytes returns 0: on this system every request written to a testee
// counts as read.
func unreadBytes(f *os.File) int64 { return 0 }
