//go:build unix

package fuzz

import (
	"syscall"
	"time"
)

// selfCPU returns the CPU time, user and system, this process has used,
// and whether it could tell.
func selfCPU() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
