//go:build unix

package faketestee

import "syscall"

func setsidAttr() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setsid: true} }
