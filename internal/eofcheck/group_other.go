//go:build !unix

package eofcheck

import (
	"os"
	"os/exec"
)

func setGroup(cmd *exec.Cmd) {}

func killGroup(pid int) {
	if p, err := os.FindProcess(pid); err == nil {
		p.Kill()
	}
}
