package modules_test

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"go.uber.org/fx"

	"its/core/app/apptest"
)

// viewers is how many open browsers of one assortment the fan-out figure holds on the server.
const viewers = 200

// cpuTicks is a process's user and system CPU time in clock ticks (/proc/<pid>/stat).
func cpuTicks(b *testing.B, pid int) int64 {
	raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		b.Skipf("no /proc: %v", err)
	}
	// The fields after the command name (which may hold spaces) start at state (field 3).
	f := strings.Fields(string(raw[strings.LastIndexByte(string(raw), ')')+2:]))
	utime, _ := strconv.ParseInt(f[11], 10, 64)
	stime, _ := strconv.ParseInt(f[12], 10, 64)
	return utime + stime
}

// BenchmarkLiveFanout: live.fanout_200_viewers_cpu_ms_per_change is the CPU time a server
// spends per change told to 200 streams of one assortment (its listener reading the event and
// every stream writing it), the server's idle CPU over the same time taken off. The viewers'
// server is a process of its own; the changes are batches saved on another server.
func BenchmarkLiveFanout(b *testing.B) {
	a := apptest.Start(b, fx.Options(serverModules))
	proc := apptest.StartProcess(b, "ITS_DATABASE_URL="+a.Config.DatabaseURL, "ITS_DATA_DIR="+a.Config.DataDir)
	srv := a.Via(proc.URL)
	editor := a.Client()
	editor.Login("editor@example.com")
	var pairs []map[string]any
	if err := a.DB.QueryRow(b.Context(), `SELECT json_agg(json_build_object('style', style, 'color', color))
		FROM (SELECT style, color FROM products ORDER BY id LIMIT 1) p`).Scan(&pairs); err != nil {
		b.Fatal(err)
	}
	r := editor.Do("POST", "/api/assortments", map[string]any{"title": "Fan-out", "products": pairs})
	id := r.Body["data"].(map[string]any)["_id"].(string)
	streams := make([]<-chan sseEvent, viewers)
	for i := range streams {
		status, events := openStream(b, editor.On(srv), srv.URL, "/api/live/assortment:"+id, "")
		if status != 200 {
			b.Fatalf("stream %d: %d", i, status)
		}
		nextEvent(b, events, "open", 10*time.Second)
		streams[i] = events
	}
	rowOf := func() (string, float64) {
		var rowID string
		var version float64
		if err := a.DB.QueryRow(b.Context(), `SELECT id::text, version FROM assortment_products WHERE assortment_id = $1`, id).Scan(&rowID, &version); err != nil {
			b.Fatal(err)
		}
		return rowID, version
	}
	const changes = 100
	idleFrom, idleStart := cpuTicks(b, proc.Pid()), time.Now()
	time.Sleep(2 * time.Second)
	idlePerSec := float64(cpuTicks(b, proc.Pid())-idleFrom) / time.Since(idleStart).Seconds()
	var total float64
	for n := 0; n < b.N; n++ {
		from, start := cpuTicks(b, proc.Pid()), time.Now()
		for i := range changes {
			rowID, version := rowOf()
			r := editor.Do("PATCH", "/api/assortments/batch/"+id, map[string]any{"updateProducts": []any{
				map[string]any{"id": rowID, "version": version, "changes": map[string]any{"colorNote": fmt.Sprint(n, i)}},
			}})
			if r.Status != 200 {
				b.Fatalf("batch: %d %s", r.Status, r.Raw)
			}
			for _, s := range streams {
				nextEvent(b, s, "rows", 10*time.Second)
			}
		}
		ticks := float64(cpuTicks(b, proc.Pid())-from) - idlePerSec*time.Since(start).Seconds()
		total += ticks * 10 / changes // a tick is 10 ms (USER_HZ 100)
	}
	b.ReportMetric(total/float64(b.N), "live.fanout_200_viewers_cpu_ms_per_change:ms")
}
