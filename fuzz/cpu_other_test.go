//go:build !unix

package fuzz

import "time"

// selfCPU returns false: this system has no getrusage.
func selfCPU() (time.Duration, bool) { return 0, false }

// childrenCPU returns false: this system has no getrusage.
func childrenCPU() (time.Duration, bool) { return 0, false }
