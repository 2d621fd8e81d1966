//go:build unix

package testee

import "syscall"

// killProcessGroup sends SIGKILL to the process group led by pid.
func killProcessGroup(pid int) {
	syscall.Kill(-pid, syscall.SIGKILL)
}
