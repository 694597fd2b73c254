// Package storagetest runs a real S3-compatible server for tests: Versity's S3 gateway
// (versitygw, a Go program) built once from the module proxy into the user cache, then started
// on loopback over a temporary folder for each test that asks for it.
package storagetest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/s3"

	"its/core/storage"
)

// VersityGW is the module and version of the S3 gateway the tests run.
const (
	versityModule  = "github.com/versity/versitygw/cmd/versitygw"
	versityVersion = "v1.8.0"
)

// S3Server is a running S3-compatible server with one empty bucket.
type S3Server struct {
	Endpoint  string
	AccessKey string
	SecretKey string
	Bucket    string
	Region    string
}

// Env is the ITS configuration that points the app's storage at the server.
func (s *S3Server) Env() []string {
	return []string{
		"ITS_STORAGE_DRIVER=s3",
		"ITS_STORAGE_BUCKET=" + s.Bucket,
		"ITS_STORAGE_ENDPOINT=" + s.Endpoint,
		"ITS_STORAGE_REGION=" + s.Region,
		"ITS_STORAGE_ACCESS_KEY_ID=" + s.AccessKey,
		"ITS_STORAGE_SECRET_ACCESS_KEY=" + s.SecretKey,
		"ITS_STORAGE_PATH_STYLE=true",
	}
}

// Store opens the ITS S3 store on the server's bucket.
func (s *S3Server) Store(t testing.TB) *storage.S3 {
	t.Helper()
	st, err := storage.NewS3(context.Background(), storage.S3Options{
		Bucket: s.Bucket, Endpoint: s.Endpoint, Region: s.Region, AccessKeyID: s.AccessKey, SecretKey: s.SecretKey, PathStyle: true,
	})
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// binary builds the gateway once per machine (the build takes a minute or two on a cold cache),
// under a file lock so parallel test binaries do not build it twice.
func binary(t testing.TB) string {
	t.Helper()
	cache, err := os.UserCacheDir()
	if err != nil {
		cache = os.TempDir()
	}
	dir := filepath.Join(cache, "its-test", "versitygw-"+versityVersion)
	bin := filepath.Join(dir, "versitygw")
	if _, err := os.Stat(bin); err == nil {
		return bin
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	lock, err := os.OpenFile(filepath.Join(dir, ".lock"), os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer lock.Close()
	if err := syscall.Flock(int(lock.Fd()), syscall.LOCK_EX); err != nil {
		t.Fatal(err)
	}
	defer syscall.Flock(int(lock.Fd()), syscall.LOCK_UN)
	if _, err := os.Stat(bin); err == nil {
		return bin
	}
	cmd := exec.Command("go", "install", versityModule+"@"+versityVersion)
	cmd.Env = append(os.Environ(), "GOBIN="+dir, "GOFLAGS=-buildvcs=false", "CGO_ENABLED=0")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building the S3 gateway (%s@%s): %v\n%s", versityModule, versityVersion, err, out)
	}
	return bin
}

func freeAddr(t testing.TB) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// StartS3 starts the gateway over a temporary folder with a fresh bucket; it stops with the test.
func StartS3(t testing.TB) *S3Server {
	t.Helper()
	bin := binary(t)
	root := t.TempDir()
	data, meta := filepath.Join(root, "data"), filepath.Join(root, "meta")
	for _, d := range []string{data, meta} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	raw := make([]byte, 12)
	_, _ = rand.Read(raw)
	srv := &S3Server{AccessKey: "its-test", SecretKey: hex.EncodeToString(raw), Bucket: "its-blobs", Region: "us-east-1"}
	var cmd *exec.Cmd
	var addr string
	for attempt := 0; ; attempt++ {
		addr = freeAddr(t)
		cmd = exec.Command(bin, "--port", addr, "--quiet", "posix", "--sidecar", meta, data)
		cmd.Env = append(os.Environ(), "ROOT_ACCESS_KEY="+srv.AccessKey, "ROOT_SECRET_KEY="+srv.SecretKey)
		var out strings.Builder
		cmd.Stdout, cmd.Stderr = &out, &out
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		if waitListening(addr, 10*time.Second) {
			break
		}
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		if attempt == 2 {
			t.Fatalf("S3 gateway did not start: %s", out.String())
		}
	}
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	})
	srv.Endpoint = "http://" + addr
	st := srv.Store(t)
	if _, err := st.Client().CreateBucket(context.Background(), &s3.CreateBucketInput{Bucket: &srv.Bucket}); err != nil {
		t.Fatalf("create bucket: %v", err)
	}
	return srv
}

func waitListening(addr string, within time.Duration) bool {
	deadline := time.Now().Add(within)
	for time.Now().Before(deadline) {
		c, err := net.DialTimeout("tcp", addr, 200*time.Millisecond)
		if err == nil {
			c.Close()
			return true
		}
		time.Sleep(50 * time.Millisecond)
	}
	return false
}

// Describe names the server for logs.
func (s *S3Server) Describe() string {
	return fmt.Sprintf("versitygw %s at %s bucket %s", versityVersion, s.Endpoint, s.Bucket)
}
