package plugins

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"sync"

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
	dir, err := os.MkdirTemp(sb.Cgroup, runPrefix+id+"-")
	if err == nil {
		err = os.WriteFile(filepath.Join(dir, "memory.max"), []byte(strconv.Itoa(lim.MemoryMB<<20)), 0)
		if err == nil {
			_ = os.WriteFile(filepath.Join(dir, "memory.swap.max"), []byte("0"), 0)
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
			fmt.Fprintf(os.Stderr, "plugins.cgroup %s is not usable (%v): plugins run with rlimits only\n", sb.Cgroup, err)
		})
		return nil, ""
	}
	return fd, dir
}
