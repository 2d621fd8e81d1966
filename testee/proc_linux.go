//go:build linux

package testee

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// On Linux nothing a testee starts survives the run:
//
//   - the testee leads a process group of its own, killed as a whole;
//   - descendants that left the group (setsid) are found by walking the
//     process tree from the testee (/proc/PID/task/TID/children) and killed
//     with it;
//   - the runner is a child subreaper (PR_SET_CHILD_SUBREAPER), so that
//     descendants orphaned while the testee runs (a daemon's double fork)
//     become the runner's children instead of init's: those that carry the
//     Process's token in their environment are killed and reaped when the
//     testee exits;
//   - the testee gets SIGKILL when the runner dies (PR_SET_PDEATHSIG), even
//     of SIGKILL.
//
// Becoming a subreaper is for the whole program: processes orphaned below
// any child of it are reparented to it, and stay zombies unless it reaps
// them. pctest reaps those it kills.

var subreaper sync.Once

// prepareCommand makes cmd's process the leader of a new process group,
// killed with SIGKILL when the runner's thread that started it exits, and
// makes the runner a child subreaper.
func prepareCommand(cmd *exec.Cmd) {
	subreaper.Do(func() { unix.Prctl(unix.PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) })
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}

// children returns the children of process pid.
func children(pid int) []int {
	dir := "/proc/" + strconv.Itoa(pid) + "/task"
	tasks, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var kids []int
	for _, t := range tasks {
		data, err := os.ReadFile(filepath.Join(dir, t.Name(), "children"))
		if err != nil {
			continue
		}
		for _, f := range strings.Fields(string(data)) {
			if k, err := strconv.Atoi(f); err == nil {
				kids = append(kids, k)
			}
		}
	}
	return kids
}

// killed are the pids the runner killed that may become its children to
// reap.
var killed struct {
	sync.Mutex
	pids map[int]bool
}

func markKilled(pid int) {
	killed.Lock()
	if killed.pids == nil {
		killed.pids = map[int]bool{}
	}
	killed.pids[pid] = true
	killed.Unlock()
}

// killTree sends SIGKILL to every descendant of pid, wherever its process
// group or session, and then to pid.
func killTree(pid int) {
	var walk func(int, int)
	walk = func(p, depth int) {
		if depth > 64 {
			return
		}
		syscall.Kill(p, syscall.SIGSTOP) // no more forks while we look
		for _, k := range children(p) {
			walk(k, depth+1)
		}
		syscall.Kill(p, syscall.SIGKILL)
		markKilled(p)
	}
	for _, k := range children(pid) {
		walk(k, 0)
	}
	syscall.Kill(pid, syscall.SIGKILL)
}

// killEscaped kills the runner's children that carry token in their
// environment (descendants of a testee orphaned to the subreaper), and
// reaps every process the runner killed that is now its child.
func killEscaped(token string) {
	me := os.Getpid()
	want := []byte(tokenEnv + "=" + token + "\x00")
	for _, k := range children(me) {
		env, err := os.ReadFile("/proc/" + strconv.Itoa(k) + "/environ")
		if err != nil || !bytes.Contains(env, want) {
			continue
		}
		killTree(k)
		markKilled(k)
	}
	killed.Lock()
	defer killed.Unlock()
	deadline := time.Now().Add(time.Second)
	for pid := range killed.pids {
		for {
			var ws unix.WaitStatus
			got, err := unix.Wait4(pid, &ws, unix.WNOHANG, nil)
			if got == pid || err != nil {
				// Reaped, or not a child of ours (init's, or gone).
				if err == nil || parentOf(pid) != me {
					delete(killed.pids, pid)
					break
				}
			}
			if time.Now().After(deadline) {
				break // still dying: the next call reaps it
			}
			time.Sleep(time.Millisecond)
		}
	}
}

// parentOf returns the parent of pid, or 0 if there is no such process.
func parentOf(pid int) int {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0
	}
	s := string(data)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return 0
	}
	f := strings.Fields(s[i+1:])
	if len(f) < 2 {
		return 0
	}
	ppid, _ := strconv.Atoi(f[1])
	return ppid
}

// unreadBytes returns how many bytes written to the pipe f (its write end)
// are still in the pipe, unread (FIONREAD); 0 if that cannot be told.
func unreadBytes(f *os.File) int64 {
	rc, err := f.SyscallConn()
	if err != nil {
		return 0
	}
	var n int
	rc.Control(func(fd uintptr) {
		n, err = unix.IoctlGetInt(int(fd), unix.TIOCINQ)
	})
	if err != nil || n < 0 {
		return 0
	}
	return int64(n)
}
