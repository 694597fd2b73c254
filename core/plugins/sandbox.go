package plugins

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"

	"its/core/config"
	"its/core/plugins/confine"
	"its/core/plugins/pluginapi"
	"its/core/registry"
)

// The host's maximum of each limit when no configuration says (the Installer's checks).
const (
	DefaultMaxMemoryMB   = 1024
	DefaultMaxCPUSeconds = 86400
	DefaultMaxOpenFiles  = 1024
	DefaultUser          = "nobody"
)

// runPrefix starts the name of each plugin process's working folder.
const runPrefix = "its-plugin-"

// Sandbox is how a server starts plugin processes: within Max, as User when the server runs
// as root, with the contract's environment only (Env holds the values of the variables the
// core passes), in a working folder of their own under RunDir, recorded in PIDDir.
type Sandbox struct {
	Max registry.Limits
	// User is the OS user plugins run as when ITS runs as root (empty: nobody).
	User string
	// Env is KEY=VALUE of the contract's variables the core passes (pluginapi.Environment).
	Env []string
	// RunDir holds the working folders (empty: the system's temporary folder).
	RunDir string
	// PIDDir, when set, gets a file per running process (see Reap).
	PIDDir string
	// Cgroup, when set, is a cgroup v2 folder (memory controller enabled for its children) in
	// which ITS creates a child per process.
	Cgroup string
	// Log, when set, hears of a cgroup that cannot be used.
	Log *slog.Logger
}

// DefaultSandbox bounds the processes started outside a server (the Installer's check): the
// default maximum, the passed variables taken from this process's environment.
func DefaultSandbox() *Sandbox {
	return &Sandbox{Max: registry.Limits{MemoryMB: DefaultMaxMemoryMB, CPUSeconds: DefaultMaxCPUSeconds, OpenFiles: DefaultMaxOpenFiles},
		Env: passedEnv(os.Getenv)}
}

// SandboxFor is the sandbox of a server configured by cfg.
func SandboxFor(cfg *config.Config) *Sandbox {
	get := func(k string) string {
		switch k {
		case "ITS_ENV":
			return cfg.Env
		case "ITS_DEMO":
			return strconv.FormatBool(cfg.Demo)
		case "ITS_PDF_CHROMIUM_PATH":
			return cfg.PDF.ChromiumPath
		}
		return os.Getenv(k)
	}
	return &Sandbox{Max: registry.Limits{MemoryMB: cfg.Plugins.MaxMemoryMB, CPUSeconds: cfg.Plugins.MaxCPUSeconds, OpenFiles: cfg.Plugins.MaxOpenFiles},
		User: cfg.Plugins.User, Env: passedEnv(get), PIDDir: filepath.Join(cfg.DataDir, PIDDir), Cgroup: cfg.Plugins.Cgroup}
}

// passedEnv is the contract's variables that have a value, except those the sandbox sets per
// process.
func passedEnv(get func(string) string) []string {
	var env []string
	for _, k := range pluginapi.Environment {
		switch k {
		case "PATH", "HOME", "TMPDIR", "ITS_PLUGIN_ID":
			continue
		}
		if v := get(k); v != "" {
			env = append(env, k+"="+v)
		}
	}
	return env
}

// limits are f's limits: the manifest's, each within the maximum, the maximum for one it
// leaves out.
func (sb *Sandbox) limits(f *Folder) (registry.Limits, error) {
	out := sb.Max
	l := f.Manifest.Plugin.Limits
	if l == nil {
		return out, nil
	}
	for _, c := range []struct {
		name       string
		want, max  int
		out        *int
		configured string
	}{{"memoryMB", l.MemoryMB, sb.Max.MemoryMB, &out.MemoryMB, "plugins.max_memory_mb"},
		{"cpuSeconds", l.CPUSeconds, sb.Max.CPUSeconds, &out.CPUSeconds, "plugins.max_cpu_seconds"},
		{"openFiles", l.OpenFiles, sb.Max.OpenFiles, &out.OpenFiles, "plugins.max_open_files"}} {
		if c.want == 0 {
			continue
		}
		if c.want > c.max {
			return out, fmt.Errorf("module.yaml: field /plugin/limits/%s: %d is above this server's maximum %d (%s)", c.name, c.want, c.max, c.configured)
		}
		*c.out = c.want
	}
	return out, nil
}

// credential is the user plugins run as: User when this process is root, none otherwise
// (uid -1: the process keeps ITS's user, which is not a privileged one).
func (sb *Sandbox) credential() (uid, gid int, err error) {
	if os.Geteuid() != 0 {
		return -1, -1, nil
	}
	name := sb.User
	if name == "" {
		name = DefaultUser
	}
	u, err := user.Lookup(name)
	if err != nil {
		return 0, 0, fmt.Errorf("plugins.user: %w", err)
	}
	uid, _ = strconv.Atoi(u.Uid)
	gid, _ = strconv.Atoi(u.Gid)
	if uid == 0 {
		return 0, 0, fmt.Errorf("plugins.user: %s is root", name)
	}
	return uid, gid, nil
}

// runDir is the working folder of one plugin process: the executable copied in, verified and
// read-only, and home, the process's own writable folder (HOME, TMPDIR, working folder).
type runDir struct {
	dir, exe, home string
	// gid is the group of the plugin's user ("" when it runs as ITS's): the sockets of the
	// core's side (the Host service) are made writable for it.
	gid      string
	cgroup   string
	cgroupFD *os.File
}

// command lays out f's working folder and builds the command starting f's executable in the
// sandbox. The copy's checksum is compared with the manifest's: it is the file that runs.
func (sb *Sandbox) command(f *Folder) (*exec.Cmd, *runDir, error) {
	lim, err := sb.limits(f)
	if err != nil {
		return nil, nil, err
	}
	uid, gid, err := sb.credential()
	if err != nil {
		return nil, nil, err
	}
	dir, err := os.MkdirTemp(sb.RunDir, runPrefix+f.ID()+"-")
	if err != nil {
		return nil, nil, err
	}
	rd := &runDir{dir: dir, exe: filepath.Join(dir, f.Manifest.Plugin.Executable), home: filepath.Join(dir, "home")}
	fail := func(err error) (*exec.Cmd, *runDir, error) {
		rd.remove()
		return nil, nil, err
	}
	// The folder is the core's: the plugin's user may pass through it, not change it.
	if err := os.Chmod(dir, 0o711); err != nil {
		return fail(err)
	}
	sum, err := copyExecutable(f.Executable(), rd.exe)
	if err != nil {
		return fail(fmt.Errorf("module.yaml: field /plugin/executable: %w", err))
	}
	if sum != f.Manifest.Plugin.SHA256 {
		return fail(fmt.Errorf("module.yaml: field /plugin/sha256: checksum mismatch: %s is not the executable the manifest names", f.Manifest.Plugin.Executable))
	}
	if err := os.Mkdir(rd.home, 0o700); err != nil {
		return fail(err)
	}
	if uid >= 0 {
		if err := os.Chown(rd.home, uid, gid); err != nil {
			return fail(err)
		}
		rd.gid = strconv.Itoa(gid)
	}
	env := append([]string{"PATH=/usr/local/bin:/usr/bin:/bin", "HOME=" + rd.home, "TMPDIR=" + rd.home, "ITS_PLUGIN_ID=" + f.ID()}, sb.Env...)
	spec := confine.Spec{Exe: rd.exe, Dir: rd.home, Env: env, MemoryMB: lim.MemoryMB, CPUSeconds: lim.CPUSeconds,
		OpenFiles: lim.OpenFiles, UID: uid, GID: gid, CgroupFD: -1}
	cg, cgDir := sb.cgroup(f.ID(), lim)
	if cg != nil {
		// Open until the process started in it (the command is started at once).
		spec.CgroupFD, rd.cgroup = int(cg.Fd()), cgDir
		rd.cgroupFD = cg
	}
	return confine.Command(spec), rd, nil
}

// started closes what only the start needed.
func (rd *runDir) started() {
	if rd.cgroupFD != nil {
		_ = rd.cgroupFD.Close()
		rd.cgroupFD = nil
	}
}

// remove deletes the folder and cgroup of a process that ended.
func (rd *runDir) remove() {
	if rd == nil {
		return
	}
	rd.started()
	if rd.cgroup != "" {
		_ = os.Remove(rd.cgroup)
	}
	if rd != nil && strings.HasPrefix(filepath.Base(rd.dir), runPrefix) {
		_ = os.RemoveAll(rd.dir)
	}
}

// copyExecutable copies src to dst (read-only, executable by all) and returns its SHA-256.
func copyExecutable(src, dst string) (string, error) {
	in, err := os.Open(src)
	if err != nil {
		return "", err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o555)
	if err != nil {
		return "", err
	}
	h := sha256.New()
	_, err = io.Copy(io.MultiWriter(out, h), in)
	if e := out.Close(); err == nil {
		err = e
	}
	return hex.EncodeToString(h.Sum(nil)), err
}

// PIDDir is the folder under the data folder holding a file per running plugin process.
const PIDDir = "run/plugins"

// PIDRecord is what a pid file says of a plugin process: its pid, the server that started it
// (pid:start time, see hostID), the executable it runs and its working folder.
type PIDRecord struct {
	PID  int    `json:"pid"`
	Host string `json:"host"`
	Exe  string `json:"exe"`
	Dir  string `json:"dir,omitempty"`
}

// WritePIDFile records rec of plugin id in dir.
func WritePIDFile(dir, id string, rec PIDRecord) error {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	b, _ := json.Marshal(rec)
	return os.WriteFile(filepath.Join(dir, pidFileName(id, rec.PID)), b, 0o600)
}

func pidFileName(id string, pid int) string { return fmt.Sprintf("%s.%d", id, pid) }

// procStat is the fields of /proc/<pid>/stat after the command name (state first).
func procStat(pid int) []string {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return nil
	}
	i := strings.LastIndexByte(string(b), ')')
	if i < 0 {
		return nil
	}
	return strings.Fields(string(b[i+1:]))
}

// procIdentity is pid:start time of a running process ("" when it is not running): a pid alone
// may be another process's after a restart.
func procIdentity(pid int) string {
	st := procStat(pid)
	if len(st) < 20 || st[0] == "Z" || st[0] == "X" {
		return ""
	}
	return fmt.Sprintf("%d:%s", pid, st[19])
}

// hostID identifies this server's process in pid files.
var hostID = procIdentity(os.Getpid())

// Reap kills the plugin processes recorded in dir whose server is gone (a server killed before
// it could stop them), after checking that the pid still runs the recorded executable, and
// removes their working folders and pid files. Records of running servers are left alone.
func Reap(dir string, log *slog.Logger) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		path := filepath.Join(dir, e.Name())
		b, err := os.ReadFile(path)
		var rec PIDRecord
		if err != nil || json.Unmarshal(b, &rec) != nil {
			_ = os.Remove(path)
			continue
		}
		if pid, _, ok := strings.Cut(rec.Host, ":"); ok {
			if n, _ := strconv.Atoi(pid); n > 0 && procIdentity(n) == rec.Host {
				continue // its server still runs
			}
		}
		if cmd, err := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", rec.PID)); err == nil && rec.Exe != "" {
			argv0, _, _ := strings.Cut(string(cmd), "\x00")
			if argv0 == rec.Exe && procIdentity(rec.PID) != "" {
				err := syscall.Kill(rec.PID, syscall.SIGKILL)
				log.Warn("stale plugin process killed", "file", e.Name(), "pid", rec.PID, "error", err)
			}
		}
		if rec.Dir != "" {
			(&runDir{dir: rec.Dir}).remove()
		}
		if err := os.Remove(path); err != nil && !errors.Is(err, os.ErrNotExist) {
			log.Warn("stale plugin pid file not removed", "file", path, "error", err)
		}
	}
}
