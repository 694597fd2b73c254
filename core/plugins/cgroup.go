package plugins

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"sync"

	"golang.org/x/sys/unix"

	"its/core/registry"
)

// cgroupWarn logs once that the configured cgroup could not be used.
var cgroupWarn sync.Once

// cgroup creates a cgroup v2 child of sb.Cgroup for one process of plugin id, its memory.max
// the plugin's memory limit, and returns it open for the process to start in (nil without a
// usable cgroup: the rlimits still hold).
func (sb *Sandbox) cgroup(id string, lim registry.Limits) (*os.File, string) {
	if sb.Cgroup == "" {
		return nil, ""
	}
	var dir string
	var st unix.Statfs_t
	err := unix.Statfs(sb.Cgroup, &st)
	if err == nil && st.Type != unix.CGROUP2_SUPER_MAGIC {
		err = errors.New("not a cgroup v2 folder")
	}
	if err == nil {
		dir, err = os.MkdirTemp(sb.Cgroup, runPrefix+id+"-")
	}
	if err == nil {
		// Written, never created: a cgroup without the memory controller has no memory.max.
		err = writeExisting(filepath.Join(dir, "memory.max"), strconv.Itoa(lim.MemoryMB<<20))
		if err == nil {
			_ = writeExisting(filepath.Join(dir, "memory.swap.max"), "0")
		}
	}
	var fd *os.File
	if err == nil {
		fd, err = os.Open(dir)
	}
	if err != nil {
		if dir != "" {
			_ = os.Remove(dir)
		}
		cgroupWarn.Do(func() {
			if sb.Log != nil {
				sb.Log.Warn("plugins.cgroup is not usable: plugins run with their rlimits only", "cgroup", sb.Cgroup, "error", err)
			}
		})
		return nil, ""
	}
	return fd, dir
}

func writeExisting(path, value string) error {
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	_, err = f.WriteString(value)
	if e := f.Close(); err == nil {
		err = e
	}
	return err
}
