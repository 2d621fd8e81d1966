//go:build unix

package fuzz

import (
	"syscall"
	"time"
)

// selfCPU returns the CPU time, user and system, this process has used,
// and whether it could tell.
func selfCPU() (time.Duration, bool) { return rusage(syscall.RUSAGE_SELF) }

// childrenCPU returns the CPU time, user and system, of this process's
// children that have ended and been waited for, and whether it could tell.
func childrenCPU() (time.Duration, bool) { return rusage(syscall.RUSAGE_CHILDREN) }

func rusage(who int) (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(who, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
