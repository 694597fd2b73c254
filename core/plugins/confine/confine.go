// Package confine starts a plugin's executable inside its bounds: resource limits, another OS
// user, no way to gain privileges and death with its parent. Go's os/exec has no hook between
// fork and exec, so the bounds are set by a launcher: the core's own executable run again under
// the name Arg0, which this package's init recognises before anything else runs. It sets the
// bounds on itself and then execs the plugin's executable in the same process, so no code of
// the plugin ever runs unbounded (limits set on a pid from outside, after it started, would
// leave it a moment to reserve what it likes).
package confine

import (
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"syscall"
	"unsafe"

	"golang.org/x/sys/unix"
)

// Arg0 is the name the launcher runs under.
const Arg0 = "its-plugin-launch"

// Spec is one plugin process to start.
type Spec struct {
	// Exe is the executable; Dir the working folder; Env the whole environment.
	Exe string
	Dir string
	Env []string
	// MemoryMB bounds the writable memory (RLIMIT_DATA), CPUSeconds the CPU time (RLIMIT_CPU),
	// OpenFiles the descriptors (RLIMIT_NOFILE); zero leaves one as it is.
	MemoryMB, CPUSeconds, OpenFiles int
	// UID and GID, when UID >= 0, are the user the process runs as (without supplementary groups).
	UID, GID int
	// CgroupFD, when >= 0, is a cgroup v2 folder the process starts in.
	CgroupFD int
}

// Command is the command that starts s through the launcher: the core's executable, run
// again, dying with the core's process (parent-death signal SIGKILL).
func Command(s Spec) *exec.Cmd {
	args := []string{Arg0,
		strconv.Itoa(s.MemoryMB), strconv.Itoa(s.CPUSeconds), strconv.Itoa(s.OpenFiles),
		strconv.Itoa(s.UID), strconv.Itoa(s.GID), strconv.Itoa(os.Getpid()), s.Exe}
	cmd := &exec.Cmd{Path: "/proc/self/exe", Args: args, Dir: s.Dir, Env: s.Env}
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	if s.CgroupFD >= 0 {
		cmd.SysProcAttr.UseCgroupFD, cmd.SysProcAttr.CgroupFD = true, s.CgroupFD
	}
	return cmd
}

func init() {
	if len(os.Args) == 8 && os.Args[0] == Arg0 {
		err := launch(os.Args[1:])
		fmt.Fprintln(os.Stderr, Arg0+":", err)
		os.Exit(126)
	}
}

// launch bounds this process and replaces it with the plugin's executable; it returns only on
// failure.
func launch(args []string) error {
	n := make([]int, 6)
	for i := range n {
		v, err := strconv.Atoi(args[i])
		if err != nil {
			return fmt.Errorf("argument %d: %w", i+1, err)
		}
		n[i] = v
	}
	mem, cpu, files, uid, gid, parent := n[0], n[1], n[2], n[3], n[4], n[5]
	exe := args[6]
	// Everything exec needs is prepared first: once the memory limit holds, this process (a
	// whole server binary) may be above it and must not allocate again.
	argv, err := syscall.SlicePtrFromStrings([]string{exe})
	if err != nil {
		return err
	}
	envv, err := syscall.SlicePtrFromStrings(os.Environ())
	if err != nil {
		return err
	}
	path, err := syscall.BytePtrFromString(exe)
	if err != nil {
		return err
	}
	if uid >= 0 {
		if err := syscall.Setgroups(nil); err != nil {
			return fmt.Errorf("setgroups: %w", err)
		}
		if err := syscall.Setgid(gid); err != nil {
			return fmt.Errorf("setgid %d: %w", gid, err)
		}
		if err := syscall.Setuid(uid); err != nil {
			return fmt.Errorf("setuid %d: %w", uid, err)
		}
	}
	if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
		return fmt.Errorf("no_new_privs: %w", err)
	}
	// A change of user clears the parent-death signal: set it again, then make sure the parent
	// did not die before it held.
	if err := unix.Prctl(unix.PR_SET_PDEATHSIG, uintptr(syscall.SIGKILL), 0, 0, 0); err != nil {
		return fmt.Errorf("pdeathsig: %w", err)
	}
	if os.Getppid() != parent {
		return fmt.Errorf("the core's process %d is gone", parent)
	}
	limits := []struct {
		res int
		val int
		mul uint64
	}{{unix.RLIMIT_CORE, 0, 1}, {unix.RLIMIT_NOFILE, files, 1}, {unix.RLIMIT_CPU, cpu, 1}, {unix.RLIMIT_DATA, mem, 1 << 20}}
	for i, l := range limits {
		if l.val <= 0 && i > 0 {
			continue
		}
		v := uint64(l.val) * l.mul
		var cur unix.Rlimit
		if unix.Getrlimit(l.res, &cur) == nil && cur.Max < v {
			v = cur.Max // a limit can only be lowered
		}
		if err := unix.Setrlimit(l.res, &unix.Rlimit{Cur: v, Max: v}); err != nil {
			return fmt.Errorf("setrlimit %d: %w", l.res, err)
		}
	}
	_, _, errno := syscall.RawSyscall(syscall.SYS_EXECVE, uintptr(unsafe.Pointer(path)), uintptr(unsafe.Pointer(&argv[0])), uintptr(unsafe.Pointer(&envv[0])))
	return fmt.Errorf("exec %s: %w", exe, errno)
}
