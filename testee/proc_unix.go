//go:build unix

package testee

import (
	"os/exec"
	"syscall"
)

// setProcessGroup makes cmd's process the leader of a new process group, so
// that killProcessGroup reaches everything it starts and a terminal's Ctrl-C
// reaches only the runner.
func setProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// killProcessGroup sends SIGKILL to the process group led by pid.
func killProcessGroup(pid int) {
	syscall.Kill(-pid, syscall.SIGKILL)
}
