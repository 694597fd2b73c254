package apptest

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"go.uber.org/fx"

	"its/core/app"
	"its/core/config"
)

// ServeEnv makes a test binary a server (`its serve` with the modules its TestMain passes to
// Serve) instead of running tests, so that a test can kill a real server process. Not an ITS_
// variable: configuration refuses unknown ones.
const ServeEnv = "APPTEST_SERVE"

// Serving reports whether this test binary was started by StartProcess to be a server.
func Serving() bool { return os.Getenv(ServeEnv) != "" }

// Serve is `its serve` inside the test binary, configured from the environment; it answers the
// exit code. A TestMain calls it when Serving.
func Serve(modules fx.Option) int {
	cfg, err := config.Load()
	if err != nil {
		fmt.Fprintln(os.Stderr, "config:", err)
		return 1
	}
	a := app.Serve(cfg, modules)
	if err := a.Start(context.Background()); err != nil {
		fmt.Fprintln(os.Stderr, "start:", err)
		return 1
	}
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, syscall.SIGTERM, syscall.SIGINT)
	<-sig
	if err := a.Stop(context.Background()); err != nil {
		return 1
	}
	return 0
}

// Process is a server running as a process of its own.
type Process struct {
	URL  string
	cmd  *exec.Cmd
	done chan struct{}
}

// StartProcess starts the test binary as a server with the ITS_* settings env (none of the test's
// own), and waits until it answers.
func StartProcess(t testing.TB, env ...string) *Process {
	t.Helper()
	ln, err := (&net.ListenConfig{}).Listen(context.Background(), "tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	_ = ln.Close()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, config.EnvPrefix) {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	cmd.Env = append(cmd.Env, ServeEnv+"=1", "ITS_ADDR="+addr, "ITS_LOG_LEVEL=warn")
	cmd.Env = append(cmd.Env, env...)
	var out syncBuffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p := &Process{URL: "http://" + addr, cmd: cmd, done: make(chan struct{})}
	go func() { _ = cmd.Wait(); close(p.done) }()
	t.Cleanup(func() {
		p.Kill()
		if t.Failed() {
			t.Logf("server process output:\n%s", out.String())
		}
	})
	deadline := time.Now().Add(2 * time.Minute)
	for {
		res, err := http.Get(p.URL + "/api/health")
		if err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return p
			}
		}
		select {
		case <-p.done:
			t.Fatalf("server process ended at start:\n%s", out.String())
		case <-time.After(100 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			t.Fatalf("server process did not answer:\n%s", out.String())
		}
	}
}

// Stop asks the process to stop gracefully (SIGTERM) and returns at once; Exited waits for it.
// Pid is the server's process id (its CPU time can be read from /proc).
func (p *Process) Pid() int { return p.cmd.Process.Pid }

func (p *Process) Stop() error { return p.cmd.Process.Signal(syscall.SIGTERM) }

// Exited waits until the process has ended and answers its exit code.
func (p *Process) Exited() int {
	<-p.done
	return p.cmd.ProcessState.ExitCode()
}

// Kill ends the process at once, as a crash or an OOM kill would: no graceful shutdown.
func (p *Process) Kill() {
	_ = p.cmd.Process.Signal(syscall.SIGKILL)
	<-p.done
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
