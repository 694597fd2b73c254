package plugins_test

import (
	"context"
	"net/http"
	"sort"
	"testing"
	"time"

	"its/core/plugins/plugintest"
)

// BenchmarkPlugin reports plugin.install_to_live_ms (Install called → first 200 from the
// plugin's route), plugin.route_overhead_p50_us (median of a plugin route minus the median of
// an in-process route behind the same session and policy checks, both answering a small JSON)
// and plugin.restart_after_crash_ms (the process dies → its route answers 200 again).
func BenchmarkPlugin(b *testing.B) {
	s := start(b)
	bundle := plugintest.HelloBundle(b, nil)
	user := s.Client()
	user.Login("user@example.com")
	b.ResetTimer()
	for range b.N {
		began := time.Now()
		if _, err := s.inst.Install(context.Background(), bundle, ""); err != nil {
			b.Fatal(err)
		}
		eventually(b, "the plugin's route", func() bool { return user.Do("GET", "/api/hello/greeting", nil).Status == http.StatusOK })
		b.ReportMetric(float64(time.Since(began).Milliseconds()), "plugin.install_to_live_ms:ms")

		median := func(path string) time.Duration {
			const n = 400
			ds := make([]time.Duration, 0, n)
			for range n {
				t0 := time.Now()
				if r := user.Do("GET", path, nil); r.Status != http.StatusOK {
					b.Fatalf("%s: %d %s", path, r.Status, r.Raw)
				}
				ds = append(ds, time.Since(t0))
			}
			sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
			return ds[n/2]
		}
		median("/api/hello/items/x") // warm both paths
		inPlugin := median("/api/hello/items/x")
		inProcess := median("/api/config/version")
		b.ReportMetric(float64(max(inPlugin-inProcess, 0).Microseconds()), "plugin.route_overhead_p50_us:us")

		crashed := time.Now()
		user.Do("POST", "/api/hello/crash", nil)
		eventually(b, "the restarted plugin", func() bool { return user.Do("GET", "/api/hello/greeting", nil).Status == http.StatusOK })
		b.ReportMetric(float64(time.Since(crashed).Milliseconds()), "plugin.restart_after_crash_ms:ms")

		if err := s.inst.Remove(context.Background(), "hello"); err != nil {
			b.Fatal(err)
		}
		eventually(b, "the removed plugin's route to go", func() bool { return user.Do("GET", "/api/hello/greeting", nil).Status == http.StatusNotFound })
	}
}
