//go:build unix

package testee

import (
	"os"
	"syscall"

	"golang.org/x/sys/unix"
)

// killProcessGroup sends SIGKILL to the process group led by pid.
func killProcessGroup(pid int) {
	syscall.Kill(-pid, syscall.SIGKILL)
}

// stdinClosed reports whether the reading end of the pipe f writes to is
// closed: poll reports POLLERR on the writing end.
func stdinClosed(f *os.File) bool {
	rc, err := f.SyscallConn()
	if err != nil {
		return false
	}
	closed := false
	rc.Control(func(fd uintptr) {
		fds := []unix.PollFd{{Fd: int32(fd), Events: unix.POLLOUT}}
		if n, err := unix.Poll(fds, 0); err == nil && n > 0 && fds[0].Revents&unix.POLLERR != 0 {
			closed = true
		}
	})
	return closed
}
