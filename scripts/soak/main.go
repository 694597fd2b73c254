// Command soak drives a real `its serve` over loopback and prints JSON lines on stdout (all
// other output goes to stderr), in the format of `make bench`:
//
//	http.requests_per_s_20_clients  mixed grid reads and writes from 20 concurrent clients for
//	                                -throughput (skipped when 0)
//	soak.*                          a mixed load of reads, grid writes, uploads and Excel exports
//	                                for -duration: the server's resident memory and goroutines
//	                                before and after, and the growth of memory scaled to 10 minutes
//
// The server starts on a fresh data dir with its private PostgreSQL and the demo data, and is
// stopped at the end. Every client runs one request at a time with a timeout, so the load is
// bounded whatever the server does. Any 5xx answer fails the run (exit status 1).
package main

import (
	"bufio"
	"bytes"
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"its/core/uploads"
)

func main() {
	bin := flag.String("bin", "bin/its", "the its binary to run")
	duration := flag.Duration("duration", envDuration("SOAK_DURATION", 10*time.Minute), "soak length (0: no soak)")
	throughput := flag.Duration("throughput", 0, "length of the 20-client throughput run (0: none)")
	clients := flag.Int("clients", 8, "concurrent clients of the soak")
	flag.Parse()
	log.SetFlags(0)
	log.SetPrefix("[soak] ")
	srv, err := startServer(*bin)
	if err != nil {
		log.Fatal(err)
	}
	code := run(srv, *duration, *throughput, *clients)
	srv.stop()
	os.Exit(code)
}

func run(srv *server, duration, throughput time.Duration, clients int) int {
	if throughput > 0 {
		l, err := newLoad(srv, 20, false)
		if err != nil {
			log.Print(err)
			return 1
		}
		n := l.run(throughput)
		emit("http.requests_per_s_20_clients", float64(n)/throughput.Seconds(), "req/s")
		if l.failed() {
			return 1
		}
	}
	if duration <= 0 {
		return 0
	}
	l, err := newLoad(srv, clients, true)
	if err != nil {
		log.Print(err)
		return 1
	}
	// Warm-up: caches, pools and the runtime's heap reach their working size first, so the
	// growth measured is what the load leaves behind, not what starting up takes.
	l.run(min(duration/10, time.Minute))
	before, err := srv.sample()
	if err != nil {
		log.Print(err)
		return 1
	}
	n := l.run(duration)
	after, err := srv.sample()
	if err != nil {
		log.Print(err)
		return 1
	}
	growth := (after.rss - before.rss) / (1 << 20)
	emit("soak.rss_start_mb", round(before.rss/(1<<20)), "MB")
	emit("soak.rss_end_mb", round(after.rss/(1<<20)), "MB")
	emit("soak.rss_growth_mb_10min", round(growth*float64(10*time.Minute)/float64(duration)), "MB")
	emit("soak.goroutines_start", before.goroutines, "goroutines")
	emit("soak.goroutines_end", after.goroutines, "goroutines")
	emit("soak.goroutine_growth", after.goroutines-before.goroutines, "goroutines")
	emit("soak.requests", float64(n), "requests")
	log.Printf("%s: %d requests, %d refused (4xx), %d server errors", duration, n, l.refused.Load(), l.serverErrors.Load())
	if l.failed() {
		return 1
	}
	return 0
}

func emit(name string, v float64, unit string) {
	b, _ := json.Marshal(map[string]any{"name": name, "value": v, "unit": unit})
	fmt.Println(string(b))
}

func round(v float64) float64 { return float64(int64(v*10+0.5*sign(v))) / 10 }

func sign(v float64) float64 {
	if v < 0 {
		return -1
	}
	return 1
}

func envDuration(key string, def time.Duration) time.Duration {
	if v := os.Getenv(key); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil {
			log.Fatalf("%s=%q: %v", key, v, err)
		}
		return d
	}
	return def
}

// ---- the server -----------------------------------------------------------------------------

type server struct {
	cmd     *exec.Cmd
	url     string
	metrics string
	dataDir string
}

func freeAddr() (string, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer l.Close()
	return l.Addr().String(), nil
}

func startServer(bin string) (*server, error) {
	// Not a nested temporary folder of 0700s: as root the cluster runs as the postgres user.
	dataDir, err := os.MkdirTemp("", "its-soak-")
	if err != nil {
		return nil, err
	}
	if err := os.Chmod(dataDir, 0o755); err != nil {
		return nil, err
	}
	addr, err := freeAddr()
	if err != nil {
		return nil, err
	}
	maddr, err := freeAddr()
	if err != nil {
		return nil, err
	}
	env := []string{}
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "ITS_") {
			env = append(env, kv)
		}
	}
	env = append(env, "ITS_ADDR="+addr, "ITS_METRICS_ADDR="+maddr, "ITS_DATA_DIR="+dataDir,
		"ITS_LOG_LEVEL=warn", "ITS_PUBLIC_URL=http://"+addr)
	cmd := exec.Command(bin, "serve")
	cmd.Env = env
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	s := &server{cmd: cmd, url: "http://" + addr, metrics: "http://" + maddr + "/metrics", dataDir: dataDir}
	log.Printf("started %s serve (pid %d) on %s; waiting for the demo data", bin, cmd.Process.Pid, s.url)
	deadline := time.Now().Add(5 * time.Minute)
	for {
		res, err := http.Get(s.url + "/api/ready")
		if err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return s, nil
			}
		}
		if time.Now().After(deadline) {
			s.stop()
			return nil, errors.New("the server did not become ready in 5 minutes")
		}
		if cmd.ProcessState != nil {
			return nil, errors.New("the server exited")
		}
		time.Sleep(500 * time.Millisecond)
	}
}

func (s *server) stop() {
	_ = s.cmd.Process.Signal(syscall.SIGTERM)
	done := make(chan struct{})
	go func() { _ = s.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(45 * time.Second):
		_ = s.cmd.Process.Kill()
		<-done
	}
	_ = os.RemoveAll(s.dataDir)
}

type sample struct{ rss, goroutines float64 }

// sample reads the server's memory and goroutines from its metrics, after a second without
// load so requests in flight do not count.
func (s *server) sample() (sample, error) {
	time.Sleep(time.Second)
	res, err := http.Get(s.metrics)
	if err != nil {
		return sample{}, err
	}
	defer res.Body.Close()
	var out sample
	sc := bufio.NewScanner(res.Body)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		name, v, ok := strings.Cut(sc.Text(), " ")
		if !ok {
			continue
		}
		f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
		if err != nil {
			continue
		}
		switch name {
		case "process_resident_memory_bytes":
			out.rss = f
		case "go_goroutines":
			out.goroutines = f
		}
	}
	if out.rss == 0 || out.goroutines == 0 {
		return out, errors.New("the metrics lack process_resident_memory_bytes or go_goroutines")
	}
	return out, nil
}

// ---- the load -------------------------------------------------------------------------------

type load struct {
	srv          *server
	clients      []*client
	heavy        bool // uploads and exports too
	refused      atomic.Int64
	serverErrors atomic.Int64
}

type client struct {
	l       *load
	n       int
	http    *http.Client
	csrf    string
	rowID   string
	version float64
	iter    int
	// assortment is the client's own, for the logo uploads (the server checks attachTo).
	assortment string
}

func newLoad(srv *server, n int, heavy bool) (*load, error) {
	l := &load{srv: srv, heavy: heavy}
	for i := range n {
		jar, _ := cookiejar.New(nil)
		c := &client{l: l, n: i, http: &http.Client{Jar: jar, Timeout: time.Minute}}
		if err := c.login(); err != nil {
			return nil, err
		}
		if err := c.pickRow(); err != nil {
			return nil, err
		}
		if err := c.newAssortment(); err != nil {
			return nil, err
		}
		l.clients = append(l.clients, c)
	}
	return l, nil
}

// failed: the load is only valid requests, so a refusal is as much a defect as a 5xx.
func (l *load) failed() bool { return l.serverErrors.Load() > 0 || l.refused.Load() > 0 }

// run drives every client for d and answers the requests completed.
func (l *load) run(d time.Duration) int64 {
	var total atomic.Int64
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	var wg sync.WaitGroup
	for _, c := range l.clients {
		wg.Go(func() {
			for ctx.Err() == nil {
				if err := c.step(); err != nil && ctx.Err() == nil {
					log.Printf("client %d: %v", c.n, err)
				}
				total.Add(1)
			}
		})
	}
	wg.Wait()
	return total.Load()
}

// do sends one request and decodes a JSON answer into out (when not nil).
func (c *client) do(method, path string, body any, out any) (int, error) {
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, c.l.srv.url+path, rd)
	if err != nil {
		return 0, err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if c.csrf != "" {
		req.Header.Set("X-CSRF-Token", c.csrf)
	}
	res, err := c.http.Do(req)
	if err != nil {
		return 0, err
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(res.Body)
	if err != nil {
		return res.StatusCode, err
	}
	switch {
	case res.StatusCode >= 500:
		c.l.serverErrors.Add(1)
		return res.StatusCode, fmt.Errorf("%s %s: %d %.300s", method, path, res.StatusCode, raw)
	case res.StatusCode >= 400:
		c.l.refused.Add(1)
		return res.StatusCode, fmt.Errorf("%s %s: %d %.300s", method, path, res.StatusCode, raw)
	}
	if out != nil {
		return res.StatusCode, json.Unmarshal(raw, out)
	}
	return res.StatusCode, nil
}

func (c *client) login() error {
	var ans struct {
		Data struct {
			CSRFToken string `json:"csrfToken"`
		} `json:"data"`
	}
	_, err := c.do("POST", "/api/users/session", map[string]string{"email": "editor@example.com", "password": "its-demo"}, &ans)
	c.csrf = ans.Data.CSRFToken
	return err
}

// newAssortment makes the client an assortment of its own to attach its uploads to.
func (c *client) newAssortment() error {
	var ans struct {
		Data struct {
			ID string `json:"_id"`
		} `json:"data"`
	}
	if _, err := c.do("POST", "/api/assortments", map[string]any{"title": fmt.Sprintf("Soak %d", c.n), "channel": "Retail"}, &ans); err != nil {
		return err
	}
	c.assortment = ans.Data.ID
	return nil
}

// pickRow gives each client a sample of its own, so writes do not conflict with each other.
func (c *client) pickRow() error {
	var ans struct {
		Data struct {
			Rows []struct {
				ID      string  `json:"id"`
				Version float64 `json:"version"`
			} `json:"rows"`
		} `json:"data"`
	}
	if _, err := c.do("GET", "/api/sampleInventory/Production?limit=100&sort=style,color,size", nil, &ans); err != nil {
		return err
	}
	if c.n >= len(ans.Data.Rows) {
		return fmt.Errorf("only %d Production samples for %d clients", len(ans.Data.Rows), c.n+1)
	}
	c.rowID, c.version = ans.Data.Rows[c.n].ID, ans.Data.Rows[c.n].Version
	return nil
}

// step is one request of the mix: of every 20, the soak sends 12 reads, 5 grid writes, 2
// uploads (three requests each) and 1 Excel export; the throughput run 14 reads and 6 writes.
func (c *client) step() error {
	c.iter++
	slot := c.iter % 20
	switch {
	case c.l.heavy && slot == 0:
		return c.export()
	case c.l.heavy && (slot == 1 || slot == 11):
		return c.upload()
	case slot%4 == 2 || (!c.l.heavy && slot%10 == 5):
		return c.write()
	case slot%3 == 0:
		_, err := c.do("GET", "/api/modules", nil, nil)
		return err
	default:
		_, err := c.do("GET", "/api/sampleInventory/Production?limit=100&sort=-totalQty,style", nil, nil)
		return err
	}
}

func (c *client) write() error {
	var ans struct {
		Data struct {
			Updated []struct {
				Version float64 `json:"version"`
			} `json:"updated"`
		} `json:"data"`
	}
	body := map[string]any{"update": []any{map[string]any{"id": c.rowID, "version": c.version,
		"changes": map[string]any{"totalQty": 1 + c.iter%7, "bin": fmt.Sprintf("S-%02d-%02d", c.n%100, c.iter%100)}}}}
	status, err := c.do("PATCH", "/api/sampleInventory/Production/batch/many", body, &ans)
	if status == http.StatusConflict {
		return errors.Join(err, c.pickRow())
	}
	if err == nil && len(ans.Data.Updated) == 1 {
		c.version = ans.Data.Updated[0].Version
	}
	return err
}

func (c *client) export() error {
	_, err := c.do("POST", "/api/sampleInventory/export/xlsx/Production", map[string]any{
		"columns": []map[string]string{{"field": "bin"}, {"field": "style"}, {"field": "color"}, {"field": "totalQty"}},
		"filters": map[string]any{"division": "POP"},
		"sort":    []map[string]string{{"field": "bin"}},
	}, nil)
	return err
}

// upload sends a small PNG through the multipart protocol: create, one part, complete.
func (c *client) upload() error {
	body := make([]byte, 64<<10)
	_, _ = rand.Read(body)
	copy(body, "\x89PNG\r\n\x1a\n")
	var created struct {
		Data struct {
			Bucket   string   `json:"bucket"`
			Key      string   `json:"key"`
			UploadID string   `json:"uploadId"`
			URLs     []string `json:"urls"`
		} `json:"data"`
	}
	_, err := c.do("POST", "/api/upload/aws/s3/create", map[string]any{
		"filename": fmt.Sprintf("soak-%d-%d.png", c.n, c.iter), "fileSize": len(body), "chunkSize": uploads.ChunkSize,
		"usageType": "assortmentLogo", "attachTo": c.assortment,
	}, &created)
	if err != nil {
		return err
	}
	if len(created.Data.URLs) != 1 {
		return fmt.Errorf("upload create: %d part URLs, want 1", len(created.Data.URLs))
	}
	partURL := created.Data.URLs[0]
	if u, err := url.Parse(partURL); err == nil && !u.IsAbs() {
		partURL = c.l.srv.url + partURL
	}
	req, _ := http.NewRequest(http.MethodPut, partURL, bytes.NewReader(body))
	res, err := c.http.Do(req)
	if err != nil {
		return err
	}
	_, _ = io.Copy(io.Discard, res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		if res.StatusCode >= 500 {
			c.l.serverErrors.Add(1)
		}
		return fmt.Errorf("upload part: %d", res.StatusCode)
	}
	_, err = c.do("POST", "/api/upload/aws/s3/complete", map[string]any{"bucket": created.Data.Bucket, "key": created.Data.Key,
		"uploadId": created.Data.UploadID, "etags": []string{res.Header.Get("ETag")}}, nil)
	return err
}
