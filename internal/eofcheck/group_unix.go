//go:build unix

package eofcheck

import (
	"os/exec"
	"syscall"
)

// setGroup starts cmd in a process group of its own, so that groupCPU
// counts what it starts and killGroup kills it all.
func setGroup(cmd *exec.Cmd) {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.Setpgid = true
}

func killGroup(pgid int) { syscall.Kill(-pgid, syscall.SIGKILL) }
